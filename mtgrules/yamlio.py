"""YAML loading that remembers where each value came from, so errors can name a line.

ruamel.yaml keeps line numbers on the containers it builds; ``Located`` turns them into a
lookup from a JSON-pointer-like path (``("items", 3, "refs")``) to a 1-based line.

Every loader of the project reads YAML here, so untrusted input is bounded and normalised in
one place. Limits (each rejected with a clear ``file:line: field: message``, quickly):
``MAX_BYTES`` per file, ``MAX_DEPTH`` levels of nesting, ``MAX_NODES`` values after aliases are
expanded (a 300-byte alias bomb would expand to billions). Values become plain JSON data:
dates and times their ISO text, tagged values their plain value, keys text (``1:`` is ``"1"``);
NaN and infinities are rejected (JSON has none); a duplicate key is a YAML error.
"""

from __future__ import annotations

import datetime
import math
import re
from pathlib import Path
from typing import Any, Iterable

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError

from .problems import InputError, Problem

#: Largest YAML file read (bytes): the biggest file of the project is about 60 kB.
MAX_BYTES = 4 << 20
#: Deepest nesting of mappings and lists.
MAX_DEPTH = 64
#: Most values in one document, counted with aliases expanded.
MAX_NODES = 100_000


class _Rejected(Exception):
    """A value the loader does not accept: where (a path) and why."""

    def __init__(self, path: list, message: str):
        super().__init__(message)
        self.path = path
        self.message = message


def plain(raw: Any) -> Any:
    """``raw`` (ruamel's round-trip data) as plain JSON data, within the limits; raises
    :class:`_Rejected` naming the path of the first value it cannot accept."""
    budget = [MAX_NODES]

    def walk(node: Any, path: list) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise _Rejected(path, f"more than {MAX_NODES} values (aliases expanded): rejected as a possible alias bomb")
        if len(path) > MAX_DEPTH:
            raise _Rejected(path, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, dict):
            return {_key(k, path): walk(v, [*path, k]) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return [walk(v, [*path, i]) for i, v in enumerate(node)]
        if isinstance(node, bool) or node is None:
            return node
        if isinstance(node, int):
            return int(node)
        if isinstance(node, float):
            if not math.isfinite(node):
                raise _Rejected(path, f"{node} is not a number JSON can hold (NaN and infinities are not allowed)")
            return float(node)
        if isinstance(node, (datetime.date, datetime.time)):
            return node.isoformat()
        if hasattr(node, "value") and hasattr(node, "tag"):  # a tagged scalar: its plain value
            return walk(node.value, path)
        return str(node)

    return walk(raw, [])


def _too_deep(text: str) -> bool:
    """A quick look at the text before parsing, since the parser slows down on nesting thousands
    deep: flow brackets, indentation or a line of ``- - -`` far beyond ``MAX_DEPTH``."""
    far = 4 * MAX_DEPTH
    if text.count("[") + text.count("{") > far:
        depth = 0
        for m in re.finditer(r"[\[\]{}]", text):
            depth += 1 if m.group() in "[{" else -1
            if depth > far:
                return True
    return bool(re.search(rf"^[ \t]{{{far},}}\S", text, re.M) or re.search(rf"(?:-[ \t]+){{{far},}}", text))


def _key(key: Any, path: list) -> str:
    if isinstance(key, str):
        return str(key)
    if isinstance(key, bool) or key is None:
        return {True: "true", False: "false", None: "null"}[key]  # as JSON writes them
    if isinstance(key, (int, float)):
        return str(key)
    if isinstance(key, datetime.date):
        return key.isoformat()
    raise _Rejected(path, f"a mapping key must be text, not {type(key).__name__}")


class Located:
    """A loaded YAML document: plain data plus the line of every value in it."""

    def __init__(self, path: Path, raw: Any, data: Any):
        self.path = path
        self._raw = raw
        self.data = data  # plain(raw)

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
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError([Problem(str(path), None, "", f"{size} bytes: larger than the {MAX_BYTES} a YAML file may have")])
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError([Problem(str(path), None, "", f"cannot read: {exc.strerror}")]) from None
    except UnicodeDecodeError as exc:
        raise InputError([Problem(str(path), None, "", f"not UTF-8 text: {exc}")]) from None
    if _too_deep(text):
        raise InputError([Problem(str(path), None, "", f"nested far more than {MAX_DEPTH} levels deep")])
    try:
        raw = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.context_mark or exc.problem_mark
        line = mark.line + 1 if mark else None
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        if exc.context_mark and exc.problem_mark and exc.problem_mark.line != exc.context_mark.line:
            message += f" (at line {exc.problem_mark.line + 1})"
        raise InputError([Problem(str(path), line, "", f"YAML syntax error: {message}")]) from None
    except RecursionError:
        raise InputError([Problem(str(path), None, "", f"YAML error: nested more than {MAX_DEPTH} levels deep")]) from None
    except Exception as exc:  # ruamel raises several unrelated types for duplicate keys etc.
        raise InputError([Problem(str(path), None, "", f"YAML error: {exc}")]) from None
    try:
        return Located(path, raw, plain(raw))
    except _Rejected as exc:
        raise InputError([Located(path, raw, None).problem(exc.path, exc.message)]) from None
    except RecursionError:
        raise InputError([Problem(str(path), None, "", f"nested more than {MAX_DEPTH} levels deep")]) from None
