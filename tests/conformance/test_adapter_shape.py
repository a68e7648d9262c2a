"""Every engine adapter shipped in conformance/adapters/ has the shape of its README: a registered package
with small modules and classes, declarations as data (features of the scenario schema, derived fields of
the observation vocabulary), and an Engine subclass. Nothing here needs the engines themselves."""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

from mtgrules.conformance import adapters
from mtgrules.conformance.adapters import ENGINES
from mtgrules.conformance.engine import Engine

ROOT = Path(adapters.__file__).resolve().parent
PACKAGES = sorted(p.parent.name for p in ROOT.glob("*/__init__.py"))
CONFORMANCE = ROOT.parent
MAX_MODULE_LINES, MAX_CLASS_LINES = 600, 300


def _schema_enum(path: Path, *keys: str) -> set[str]:
    node = json.loads(path.read_text(encoding="utf-8"))
    for key in keys:
        node = node[key]
    return set(node["enum"])


def test_every_adapter_package_is_registered_by_name():
    registered = {target.partition(":")[0] for target, _ in ENGINES.values()}
    assert {f"mtgrules.conformance.adapters.{p}" for p in PACKAGES} == registered
    assert set(PACKAGES) == set(ENGINES)  # the --engine name is the package's name
    from mtgrules.conformance.engine import shipped_engines

    assert set(ENGINES) <= set(shipped_engines())  # conform --help describes every shipped adapter


@pytest.mark.parametrize("package", PACKAGES)
def test_modules_and_classes_are_small(package):
    too_big = []
    for path in sorted((ROOT / package).glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_MODULE_LINES:
            too_big.append(f"{path.name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES:
                too_big.append(f"{path.name}: class {node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not too_big


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_registered_engine_declares_its_capabilities_and_derived_fields(name):
    module, _, cls = ENGINES[name][0].partition(":")
    assert issubclass(getattr(importlib.import_module(module), cls), Engine)
    capabilities = importlib.import_module(f"{module}.capabilities")
    observe = importlib.import_module(f"{module}.observe")
    features = _schema_enum(CONFORMANCE / "scenario.schema.json", "$defs", "feature")
    assert capabilities.FEATURES and set(capabilities.FEATURES) <= features
    unsupported = getattr(capabilities, "UNSUPPORTED_FEATURES", {})
    assert set(unsupported) <= features and not set(unsupported) & set(capabilities.FEATURES)
    assert all(isinstance(why, str) and why for why in unsupported.values())
    # each derived field names a snapshot object or player field, or an event type of the observation vocabulary,
    # or the whole event log (conformance/derivation.py)
    event_types = _schema_enum(CONFORMANCE.parent / "model" / "events.schema.json", "items", "properties", "type")
    assert observe.DERIVED
    for field, how in observe.DERIVED.items():
        assert isinstance(how, str) and how, field
        head = field.split(".")[0].split(" ")[0]
        assert head in ("object", "player") or head in event_types or field == "event log", f"{field}: neither object.FIELD, player.FIELD nor an event type"
