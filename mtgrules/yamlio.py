"""YAML loading that remembers where each value came from, so errors can name a line.

ruamel.yaml keeps line numbers on the containers it builds; ``Located`` turns them into a
lookup from a JSON-pointer-like path (``("items", 3, "refs")``) to a 1-based line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from .problems import InputError, Problem


class Located:
    """A loaded YAML document: plain data plus the line of every value in it."""

    def __init__(self, path: Path, raw: Any):
        self.path = path
        self._raw = raw
        self.data = json.loads(json.dumps(raw, default=str))

    def line(self, path: Iterable[Any]) -> int | None:
        """The 1-based line of the value at ``path`` (or of its nearest located parent)."""
        node, line = self._raw, 1
        for key in path:
            lc = getattr(node, "lc", None)
            try:
                if lc is not None:
                    if isinstance(key, int):
                        line = lc.item(key)[0] + 1
                    else:
                        line = lc.key(key)[0] + 1
                node = node[key]
            except (KeyError, IndexError, TypeError, AttributeError):
                break
        return line

    def problem(self, path: Iterable[Any], message: str) -> Problem:
        path = list(path)
        return Problem(str(self.path), self.line(path), "/".join(str(p) for p in path), message)


def load(path: str | Path) -> Located:
    """Load one YAML file; a syntax error raises InputError naming the file and line."""
    path = Path(path)
    yaml = YAML(typ="rt")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError([Problem(str(path), None, "", f"cannot read: {exc.strerror}")]) from None
    except UnicodeDecodeError as exc:
        raise InputError([Problem(str(path), None, "", f"not UTF-8 text: {exc}")]) from None
    try:
        raw = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.context_mark or exc.problem_mark
        line = mark.line + 1 if mark else None
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        if exc.context_mark and exc.problem_mark and exc.problem_mark.line != exc.context_mark.line:
            message += f" (at line {exc.problem_mark.line + 1})"
        raise InputError([Problem(str(path), line, "", f"YAML syntax error: {message}")]) from None
    except Exception as exc:  # ruamel raises several unrelated types for duplicate keys etc.
        raise InputError([Problem(str(path), None, "", f"YAML error: {exc}")]) from None
    return Located(path, raw)
