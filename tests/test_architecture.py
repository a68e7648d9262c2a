"""The import rules of ARCHITECTURE.md hold: every import of the package, module-level and
function-local, read with ``ast``, goes to its own part or to a folder its row allows (issue 13).

The rule table is parsed out of ARCHITECTURE.md itself, so the document and the test are one list.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "ARCHITECTURE.md"
PARTS = ("cards", "spec", "model", "proofs", "conformance", "docs")  # mapped onto mtgrules.<part>
ANYTHING = "anything"


def parse_rules(text: str) -> dict[str, list[str] | str]:
    """``{folder: [allowed target paths] | "anything"}`` from the table between the import-rules
    markers; a malformed table is an error naming the line."""
    match = re.search(r"<!-- import-rules -->\n(.*?)<!-- /import-rules -->", text, re.S)
    if not match:
        raise ValueError("ARCHITECTURE.md: no <!-- import-rules --> table")
    rules: dict = {}
    start = text[: match.start(1)].count("\n") + 1
    for n, line in enumerate(match.group(1).splitlines(), start):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3:
            raise ValueError(f"ARCHITECTURE.md:{n}: a row needs 3 cells (folder, what, may import): {line!r}")
        folder, _, allowed = cells
        if folder in ("folder", "") or set(folder) <= set("-"):
            continue
        folder = folder.strip("`")
        if allowed == ANYTHING:
            rules[folder] = ANYTHING
        elif allowed == "nothing":
            rules[folder] = []
        else:
            targets = re.findall(r"`([^`]+)`", allowed)
            if not targets:
                raise ValueError(f"ARCHITECTURE.md:{n}: {folder}: 'may import' lists no `folder/`: {allowed!r}")
            rules[folder] = targets
    return rules


def module_path(module: str) -> str | None:
    """An import name as a path in the checkout (``mtgrules.proofs.traces`` -> ``proofs/traces``);
    None for anything outside the package."""
    parts = module.split(".")
    if parts[0] != "mtgrules":
        return None
    if len(parts) > 1 and parts[1] in PARTS:
        return "/".join(parts[1:])
    return "/".join(parts)


def package_of(file: Path) -> list[str]:
    """The package a checkout file belongs to, as import-name parts."""
    rel = file.relative_to(ROOT).parent.parts
    return list(rel) if rel and rel[0] == "mtgrules" else ["mtgrules", *rel]


def imports(file: Path):
    """(line, imported path in the checkout) for every import of the package in a file."""
    tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = package_of(file)
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([node.module] if node.module else [])])
            names = [f"{base}.{a.name}" if a.name != "*" else base for a in node.names]
        else:
            continue
        for name in names:
            path = module_path(name)
            if path is not None:
                yield node.lineno, path


def _within(path: str, target: str) -> bool:
    target = target.rstrip("/")
    target = target[:-3] if target.endswith(".py") else target
    return path == target or path.startswith(target + "/")


def row_for(rel: str, rules: dict) -> str | None:
    """The most specific row of a checkout file (``proofs/lint.py`` is under ``proofs/lint/``)."""
    stem = rel[:-3] if rel.endswith(".py") else rel
    rows = [f for f in rules if _within(stem, f)]
    return max(rows, key=len) if rows else None


def violations(rules: dict, files) -> list[str]:
    out = []
    for file in files:
        rel = file.relative_to(ROOT).as_posix()
        row = row_for(rel, rules)
        if row is None:
            out.append(f"{rel}: its folder has no row in ARCHITECTURE.md")
            continue
        if rules[row] == ANYTHING:
            continue
        own = rel.split("/")[0]
        for line, path in imports(file):
            if _within(path, own) or any(_within(path, t) for t in rules[row]):
                continue
            out.append(f"{rel}:{line}: imports {path.replace('/', '.')} ({row} may import: {', '.join(rules[row]) or 'nothing'})")
    return out


def package_files() -> list[Path]:
    return sorted(f for part in ("mtgrules", *PARTS) for f in (ROOT / part).rglob("*.py"))


RULES = parse_rules(DOCUMENT.read_text(encoding="utf-8"))


def test_every_part_has_a_row():
    assert set(("mtgrules/", *(f"{p}/" for p in PARTS))) <= set(RULES)


def test_no_part_imports_one_it_may_not():
    found = violations(RULES, package_files())
    assert not found, "imports that ARCHITECTURE.md does not allow:\n  " + "\n  ".join(found)


def test_a_forbidden_import_is_named(tmp_path, monkeypatch):
    """The check bites: a function-local import of the model from spec, and a relative import out
    of the adapters into the model from conformance/runner, are both named with file and line."""
    spec_file = ROOT / "spec" / "_probe_architecture.py"
    runner = ROOT / "conformance" / "_probe_architecture.py"
    spec_file_text = "def f():\n    from mtgrules.model import Game\n"
    runner_text = "from . import runner\nfrom ..model import game\n"
    monkeypatch.setattr(Path, "read_text", _fake_read({spec_file: spec_file_text, runner: runner_text}))
    found = violations(RULES, [spec_file, runner])
    assert found == ["spec/_probe_architecture.py:2: imports model.Game (spec/ may import: mtgrules/)",
                     "conformance/_probe_architecture.py:2: imports model.game "
                     "(conformance/ may import: spec/, cards/, proofs/traces.py, mtgrules/)"]


def test_malformed_table_is_an_error():
    with pytest.raises(ValueError, match="lists no"):
        parse_rules("<!-- import-rules -->\n| `x/` | what | spec |\n<!-- /import-rules -->")
    with pytest.raises(ValueError, match="no <!-- import-rules -->"):
        parse_rules("no table")


def _fake_read(texts: dict):
    real = Path.read_text

    def read_text(self, *args, **kwargs):
        return texts[self] if self in texts else real(self, *args, **kwargs)
    return read_text
