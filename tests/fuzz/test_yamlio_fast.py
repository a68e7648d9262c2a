"""The fast YAML path (libyaml) gives exactly what ruamel's round-trip path gives (issue 15): the
same data, the same line for every value, the same error for a file with problems. Checked on
every YAML file of the project and on mutations of them (the fuzz campaign's, plus the values YAML
1.1 and 1.2 read differently)."""

import random
from pathlib import Path

import pytest

from mtgrules import yamlio
from mtgrules.problems import InputError

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(p for part in ("spec", "cards", "conformance", "proofs", "tests/fuzz/seeds") for p in (ROOT / part).rglob("*.yaml"))
#: JSON files read through yamlio: the kept conformance reports (their durations are written ``6e-05``).
REPORTS = sorted((ROOT / "conformance" / "reports").glob("*.json"))
#: Plain scalars whose type depends on the YAML version or on the form of a number.
TRICKY = ["yes", "no", "on", "off", "y", "n", "Yes", "NULL", "Null", "~", "TRUE", "tRUE", "017", "0o17", "0x1F", "0b101",
          "1_000", "1:20", "1:20.5", "-0", "+5", "1.", ".5", "1e3", "1E+3", "1.5e400", "6e-05", "-2E+07", "01e5", "0e0", "1e", "1.e5", ".inf", "-.Inf", ".NaN", "=", "<<",
          "2020-1-1 10:00:00", "2020-01-01", "2020-01-01T10:00:00Z", "702.34a", "3/3", "*/*", "- x", "'q'", "\"q\\u0041\"",
          "! 5", "!!str 5", "!!int '7'", "&a x", "123456789012345678901234567890", "1" * 5000, "0.1", "-1.25", "a\x85b", "a\u2028b"]


def _outcome(load, path: Path):
    """What a loader makes of ``path``: the data and every value's line, or the problems."""
    try:
        doc = load(path)
    except InputError as exc:
        return "error", [str(p) for p in exc.problems]
    lines = {}

    def walk(value, where):
        lines[tuple(where)] = doc.line(where)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, [*where, key])
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, [*where, i])

    walk(doc.data, [])
    return doc.data, lines


def _both(path: Path):
    fast = _outcome(yamlio.load, path)
    slow = _outcome(lambda p: yamlio._roundtrip(p, p.read_text(encoding="utf-8")), path)
    return fast, slow


def test_the_fast_path_is_available_and_taken(tmp_path, monkeypatch):
    assert yamlio.composer() is not None, "PyYAML with libyaml is a dependency (pyproject.toml)"
    path = tmp_path / "f.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setattr(yamlio, "_roundtrip", None)  # any use of the slow path would fail
    assert yamlio.load(path).data == {"a": 1}


@pytest.mark.parametrize("path", FILES + REPORTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_project_files_read_the_same(path):
    fast, slow = _both(path)
    assert fast == slow


@pytest.mark.parametrize("path", REPORTS, ids=lambda p: p.name)
def test_reports_take_the_fast_path(path):
    """A report of 300 results costs ruamel about 1 s; libyaml reads it (and ``mtgrules docs`` reads them all)."""
    yamlio._fast(path.read_text(encoding="utf-8"))  # raises _Unusual where ruamel would have to read it


@pytest.mark.parametrize("seed", range(40))
def test_mutated_files_read_the_same(seed, tmp_path):
    from campaign import mutate

    rng = random.Random(seed)
    source = rng.choice(FILES).read_text(encoding="utf-8")
    for n in range(10):
        path = tmp_path / f"{n}.yaml"
        path.write_text(mutate(source, rng), encoding="utf-8")
        fast, slow = _both(path)
        assert fast == slow, path.read_text(encoding="utf-8")[:2000]


@pytest.mark.parametrize("value", TRICKY)
def test_tricky_values_read_the_same(value, tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text(f"a: {value}\nb:\n  - {value}\n  -\n    c: {value}\n{value}: 1\n", encoding="utf-8")
    fast, slow = _both(path)
    assert fast == slow
