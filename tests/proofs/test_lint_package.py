"""The shape of the checker package (proofs/lint/): one module per job, imports that run one way,
the Z3 analysis free of wording, and no module or class beyond the size limits."""

from __future__ import annotations

import ast
from pathlib import Path

import mtgrules.proofs.lint as lint

PACKAGE = Path(lint.__file__).parent
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
# the modules that put words on data: the analysis must import none of them
WORDING = {"words", "explain", "witnesses", "report", "references", "terms", "cli", "reviewed", "check"}


def _tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8"))


def _siblings(name: str) -> set[str]:
    """The modules of the package that ``name`` imports (``from .x import``, ``from . import x``)."""
    out = set()
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return out & set(MODULES)


def test_the_analysis_imports_no_wording():
    assert _siblings("analysis") & WORDING == set()


def test_imports_inside_the_package_have_no_circle():
    graph = {m: _siblings(m) for m in MODULES}

    def reach(start: str) -> set[str]:
        seen, todo = set(), list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo += graph[m]
        return seen

    circles = sorted(m for m in MODULES if m in reach(m))
    assert circles == [], f"modules on an import circle: {circles}"


def test_no_module_over_600_lines_no_class_over_300():
    too_long = [m for m in MODULES if len((PACKAGE / f"{m}.py").read_text(encoding="utf-8").splitlines()) > 600]
    big_classes = [(m, n.name) for m in MODULES for n in _tree(m).body if isinstance(n, ast.ClassDef) and n.end_lineno - n.lineno + 1 > 300]
    assert too_long == [] and big_classes == []


def test_the_names_other_parts_import_are_kept():
    for name in ("Finding", "Report", "KINDS", "TIMEOUT_MS", "RLIMIT", "analyse", "lint_file"):
        assert hasattr(lint, name), name
