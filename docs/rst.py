"""Helpers for writing reStructuredText: escaping embedded text, headings, code blocks, files.

Every text the generated pages embed from the spec, the scenarios and the reports goes through
:func:`esc` (inline markup) or :func:`code_block` (literal), so a ``*`` or a backquote in a rule
or a report never turns into markup.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from mtgrules.spec.items import Spec

from .trace import ROOT

GENERATED = "_generated"

def esc(text: str) -> str:
    """Escape inline reStructuredText markup in plain text, on one line: texts come from scenarios,
    specs, rule sets and reports (untrusted), and a newline could start a directive (``.. raw::``)."""
    return re.sub(r"([\\`*_|\[\]<>:@])", r"\\\1", " ".join(str(text).split()))

def heading(text: str, char: str) -> str:
    return f"{text}\n{char * max(len(text), 3)}\n"

def rule_or_literal(rule_id: str, spec: Spec) -> str:
    return f":rule:`{rule_id}`" if rule_id in spec else f"``{rule_id}``"

def code_block(data, language: str = "json") -> str:
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return f".. code-block:: {language}\n\n" + "\n".join("   " + line for line in text.splitlines()) + "\n"

def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")

def copy_file(path: Path, files: Path) -> str:
    """Copy a file the pages show into the source tree; return its path for literalinclude."""
    relative = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else Path(path.name)
    target = files / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)
    return "/" + str(Path(GENERATED) / "files" / relative).replace("\\", "/")


def lit(value) -> str:
    """An inline literal of embedded text; text an inline literal cannot hold is escaped instead."""
    text = " ".join(str(value).split())
    if not text or "``" in text or text.startswith(("`", " ")) or text.endswith(("`", "\\")):
        return esc(text)
    return f"``{text}``"
