"""Docstrings rendered by autodoc: Markdown-style lists made valid reStructuredText."""

from __future__ import annotations

import re

_BULLET = re.compile(r"^(?P<indent> *)(?:[*+-]|\d+[.)]) +\S")

def separate_lists(lines: list[str]) -> list[str]:
    """Put a blank line before a list that directly follows a paragraph line.

    Docstrings written the Markdown way (``Text:`` then ``* item`` on the next line) are not valid
    reStructuredText; with the blank line they are, and nothing else of the docstring changes.
    """
    out: list[str] = []
    list_indent: int | None = None
    for line in lines:
        match = _BULLET.match(line)
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip():
            out.append(line)
            continue
        if match:
            bullet_indent = len(match["indent"])
            if list_indent is None and out and out[-1].strip():
                out.append("")
            list_indent = bullet_indent
        elif list_indent is not None and indent <= list_indent:
            list_indent = None
        out.append(line)
    return out

def on_process_docstring(app, what, name, obj, options, lines: list[str]) -> None:
    fixed = separate_lists(lines)
    if fixed != lines:
        lines[:] = fixed
