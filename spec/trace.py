"""Traceability: which code implements, which proofs prove and which scenarios test each rule.

Model code declares the rules it implements with :func:`implements`; proofs and scenarios cite
rule IDs in their own data. Each part of mtgrules that cites rules has a module
``mtgrules.<part>.traceability`` whose ``citations()`` lists its :class:`Citation` objects;
the project's own tests cite rules with the ``pytest.mark.rules(...)`` marker.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, TypeVar

ROLES = ("implements", "proves", "tests", "checks")
PARTS = ("model", "proofs", "conformance")

T = TypeVar("T")


@dataclass(frozen=True)
class Citation:
    """``by`` (a function, obligation or scenario) relates to rule ``rule_id`` in ``role``.

    ``role`` is one of implements (model code), proves (a proof obligation), tests (a
    conformance scenario) or checks (a test of the project's own suite).
    """

    rule_id: str
    role: str
    by: str
    file: str | None = None
    line: int | None = None
    detail: str | None = None

    def as_json(self) -> dict:
        return {"rule": self.rule_id, "role": self.role, "by": self.by, "file": self.file, "line": self.line, "detail": self.detail}


#: (rule ID, qualified name, object) of every @implements: where each object is written is read
#: only when the citations are asked for (reading source at import cost every command half a second).
_IMPLEMENTATIONS: list[tuple[str, str, object]] = []


def _where(obj) -> tuple[str | None, int | None]:
    """The object's file and first line (its first decorator's), as ``inspect.getsourcelines`` gives
    it; for a function from its code object, without tokenizing its source (30 times faster)."""
    try:
        code = getattr(inspect.unwrap(obj), "__code__", None)
        return inspect.getsourcefile(obj), code.co_firstlineno if code is not None else inspect.getsourcelines(obj)[1]
    except (OSError, TypeError):
        return None, None


def implements(*rule_ids: str) -> Callable[[T], T]:
    """Declare that the decorated function or class implements the given rule items.

    The IDs are checked against the spec by ``mtgrules spec validate``; an unknown ID is an error.
    """
    if not rule_ids or not all(isinstance(r, str) for r in rule_ids):
        raise TypeError("implements() takes one or more rule IDs as strings")

    def mark(obj: T) -> T:
        name = f"{obj.__module__}.{obj.__qualname__}"
        for rule_id in rule_ids:
            _IMPLEMENTATIONS.append((rule_id, name, obj))
        existing = getattr(obj, "__rules__", ())
        try:
            obj.__rules__ = tuple(existing) + rule_ids
        except (AttributeError, TypeError):
            pass
        return obj

    return mark


def implementations(package: str) -> list[Citation]:
    """Import every module of ``package`` and return the @implements declarations made there."""
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
        importlib.import_module(info.name)
    return [Citation(rule_id, "implements", name, *_where(obj)) for rule_id, name, obj in _IMPLEMENTATIONS
            if name.startswith(f"{package}.")]


def citations_in_tests(tests_dir: Path) -> list[Citation]:
    """``@pytest.mark.rules("id", ...)`` markers in the project's tests, found by reading them."""
    found = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                targets = [(node.name, d) for d in node.decorator_list]
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
                targets = [("<module>", v) for v in values]
            for name, deco in targets:
                if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute) and deco.func.attr == "rules":
                    for arg in deco.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.append(Citation(arg.value, "checks", f"{path.stem}::{name}", str(path), deco.lineno))
    return found


def all_citations(tests_dir: Path | None = None) -> list[Citation]:
    """Every citation of every part that exists, plus the project's tests when given."""
    citations: list[Citation] = []
    for part in PARTS:
        name = f"mtgrules.{part}.traceability"
        if importlib.util.find_spec(name) is not None:
            citations += importlib.import_module(name).citations()
    if tests_dir is not None and tests_dir.is_dir():
        citations += citations_in_tests(tests_dir)
    return citations


def unknown(citations: Iterable[Citation], known: Iterable[str]) -> list[Citation]:
    known = set(known)
    return [c for c in citations if c.rule_id not in known]
