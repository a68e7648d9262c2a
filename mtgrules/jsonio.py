"""JSON and JSON-lines files given on the command line (reports, baselines, results files), read
with the same care as YAML (yamlio.py): unreadable, not UTF-8, too large, malformed or nested
too deeply is an :class:`InputError` naming the file and line, never a traceback.

``MAX_BYTES`` is larger than yamlio's: a full ``conform --json`` report of the corpus is a few
MiB. Values are JSON's own (``NaN`` and ``Infinity``, which Python's reader accepts, are refused).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .problems import InputError, Problem

#: Largest JSON file read (bytes).
MAX_BYTES = 64 << 20


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def read_text(path: Path) -> str:
    """The text of ``path`` (UTF-8, at most ``MAX_BYTES``)."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError([Problem(str(path), None, "", f"{size} bytes: larger than the {MAX_BYTES} a JSON file may have")])
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError([Problem(str(path), None, "", f"cannot read: {exc.strerror or exc}")]) from None
    except UnicodeDecodeError as exc:
        raise InputError([Problem(str(path), None, "", f"not UTF-8 text: {exc}")]) from None


def parse(text: str, path: str, line: int | None = None) -> Any:
    """One JSON value from ``text`` (``line``: where it starts in ``path``, for JSON lines)."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError as exc:
        at = (line or 1) + getattr(exc, "lineno", 1) - 1 if line or getattr(exc, "lineno", None) else None
        raise InputError([Problem(path, at, "", f"not JSON: {getattr(exc, 'msg', exc)}")]) from None
    except RecursionError:
        raise InputError([Problem(path, line, "", "not JSON this reader accepts: nested too deeply")]) from None


def load(path: str | Path) -> Any:
    """The JSON value of a file."""
    path = Path(path)
    return parse(read_text(path), str(path))


def load_lines(path: str | Path, *, torn_last: bool = False) -> list[tuple[int, Any]]:
    """``(line number, value)`` of each non-blank line of a JSON-lines file. With ``torn_last``,
    a last line without its newline (a killed writer's) is dropped instead of reported."""
    path = Path(path)
    text = read_text(path)
    lines = text.splitlines(keepends=True)
    out = []
    for number, line in enumerate(lines, 1):
        if torn_last and number == len(lines) and not line.endswith("\n"):
            break
        if line.strip():
            out.append((number, parse(line.rstrip("\r\n"), str(path), number)))
    return out
