"""YAML loading that remembers where each value came from, so errors can name a line.

``Located`` is the data plus a lookup from a JSON-pointer-like path (``("items", 3, "refs")``)
to a 1-based line. Two parsers, one result: libyaml (C, through PyYAML) reads ordinary files,
about 20 times faster; ruamel.yaml (round-trip, YAML 1.2) reads every file the fast path leaves
to it: a syntax error, anything a limit or normalisation rejects, and anything unusual (tags,
merge keys, non-text keys, duplicate keys, numbers in any but the plain decimal forms (and the exponents JSON writes, ``6e-05``), times,
YAML 1.1 line breaks). So the values, the lines and every error message are ruamel's
(tests/fuzz/test_yamlio_fast.py compares the two), and ruamel's document is not kept. What the
fast path read is remembered by the text's hash in the cache folder (``$MTGRULES_CACHE_DIR``) as
JSON, so the next process reads it without parsing.

Every loader of the project reads YAML here, so untrusted input is bounded and normalised in
one place. Limits (each rejected with a clear ``file:line: field: message``, quickly):
``MAX_BYTES`` per file, ``MAX_DEPTH`` levels of nesting, ``MAX_NODES`` values after aliases are
expanded (a 300-byte alias bomb would expand to billions). Values become plain JSON data:
dates and times their ISO text, tagged values their plain value, keys text (``1:`` is ``"1"``);
NaN and infinities are rejected (JSON has none); a duplicate key is a YAML error.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

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
    """A loaded YAML document: plain data plus the line of every value in it.

    The lines are a tree beside the data (``_lines``: for a mapping, key -> (line, subtree); for
    a list, one (line, subtree) per item; None for a scalar), so no parser document is kept."""

    def __init__(self, path: Path, lines: Any, data: Any):
        self.path = path
        self._lines = lines
        self.data = data

    def line(self, path: Iterable[Any]) -> int | None:
        """The 1-based line of the value at ``path`` (or of its nearest located parent)."""
        node, line = self._lines, 1
        for key in path:
            try:
                line, node = node[key]
            except (KeyError, IndexError, TypeError):
                break
        return line

    def problem(self, path: Iterable[Any], message: str) -> Problem:
        path = list(path)
        return Problem(str(self.path), self.line(path), "/".join(str(p) for p in path), message)


def _raw_lines(raw: Any) -> Any:
    """The line tree of ruamel's round-trip data (the lines it keeps on each container), for a
    document ``plain`` accepted (so within the depth and size limits)."""
    lc = getattr(raw, "lc", None)
    if lc is None or lc.data is None or not isinstance(raw, (dict, list)):
        return None
    pairs = raw.items() if isinstance(raw, dict) else enumerate(raw)
    return {k: (lc.data[k][0] + 1, _raw_lines(v)) for k, v in pairs if k in lc.data}


def _raw_line(raw: Any, path: list) -> int:
    """The line of ``path`` in ruamel's round-trip data, read without building the tree (for a
    rejected document, which may be an alias bomb)."""
    line = 1
    for key in path:
        lc = getattr(raw, "lc", None)
        try:
            if lc is not None:
                line = lc.data[key][0] + 1
            raw = raw[key]
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return line


#: Plain scalars the fast path reads: YAML 1.2's null, booleans, decimal integers and floats,
#: dates (as their ISO text, as ``plain`` makes them).
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
#: Decimal fractions and the exponent forms JSON writes (``6e-05``: a float to ruamel, text to YAML 1.1).
_FLOAT = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+(?:[eE][-+]?[0-9]+)?|[eE][-+]?[0-9]+)")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
#: Every other plain scalar that ruamel (YAML 1.2) does not read as text: other forms of numbers
#: (underscores, octal, hex, binary, exponents, infinities, NaN), timestamps, ``<<`` and ``=``.
_UNUSUAL = re.compile(r"""(?x)
    [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)? | [-+]?[0-9][0-9_]*[eE][-+]?[0-9]+
  | [-+]?\.[0-9_]+(?:[eE][-+][0-9]+)? | [-+]?\.(?:inf|Inf|INF) | \.(?:nan|NaN|NAN)
  | [-+]?0b[01_]+ | [-+]?0o?[0-7_]+ | [-+]?[0-9_]+ | [-+]?0x[0-9a-fA-F_]+
  | [0-9]{4}-[0-9]{2}-[0-9]{2}
  | [0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?
  | << | =""")
#: Characters libyaml (YAML 1.1) takes as line breaks and ruamel (1.2) does not: lines would differ.
_YAML11_BREAKS = ("\x85", "\u2028", "\u2029")
_PLAIN, _QUOTED, _COLLECTION = "!plain", "!quoted", "!collection"


class _Unusual(Exception):
    """What the fast path leaves to ruamel."""


@lru_cache(maxsize=1)
def composer():
    """libyaml's parser (through PyYAML) as the fast path uses it, or None without libyaml (every
    file then takes ruamel's path). Imported when a text is first parsed: a process that finds
    every file it reads in the caches never imports PyYAML."""
    try:
        from yaml._yaml import CParser
    except ImportError:
        return None

    class _Composer(CParser):
        """libyaml's node graph, with the tags left to :func:`_fast` (plain, quoted or collection;
        an explicit tag stays as written, which sends the file to ruamel)."""

        def resolve(self, kind, value, implicit):
            if kind.id == "scalar":
                return _PLAIN if implicit[0] else _QUOTED
            return _COLLECTION if implicit else "!"

        def descend_resolver(self, parent, index):
            pass

        def ascend_resolver(self):
            pass

    return _Composer


def _scalar(text: str) -> Any:
    """A plain scalar's value; :class:`_Unusual` if it is not one of the forms the fast path reads."""
    if text in _NULL:
        return None
    if text in _BOOL:
        return _BOOL[text]
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        value = float(text)
        if math.isfinite(value):
            return value
        raise _Unusual(text)
    if _DATE.fullmatch(text):
        return datetime.date.fromisoformat(text).isoformat()  # an impossible date raises: ruamel words it
    if _UNUSUAL.fullmatch(text):
        raise _Unusual(text)
    return text


def _expanded_size(node: Any, depth: int, sizes: dict) -> int:
    """How many values ``node`` holds with aliases expanded, each node counted once (so an alias
    bomb costs its written size); more than MAX_NODES past the depth limit (a recursive alias)."""
    if node is None or depth > MAX_DEPTH:
        return MAX_NODES + 1 if node is not None else 0
    if id(node) not in sizes:
        if node.id == "mapping":
            sizes[id(node)] = 1 + sum(_expanded_size(value, depth + 1, sizes) for _, value in node.value)
        elif node.id == "scalar":
            sizes[id(node)] = 1
        else:
            sizes[id(node)] = 1 + sum(_expanded_size(item, depth + 1, sizes) for item in node.value)
    return sizes[id(node)]


def _special(text: str) -> bool:
    """Whether a plain scalar is read as anything but text."""
    return text in _NULL or text in _BOOL or _UNUSUAL.fullmatch(text) is not None


def _fast(text: str) -> tuple[Any, Any]:
    """(data, line tree) of ``text`` read by libyaml; raises if ruamel must read it instead."""
    if any(brk in text for brk in _YAML11_BREAKS):
        raise _Unusual("a line break only YAML 1.1 has")
    parser = composer()(text)
    try:
        root = parser.get_single_node()
    finally:
        parser.dispose()
    if "*" in text and _expanded_size(root, 0, {}) > MAX_NODES:
        raise _Unusual("a possible alias bomb")  # found before expanding it
    budget = [MAX_NODES]

    def walk(node: Any, depth: int) -> tuple[Any, Any]:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            raise _Unusual("a limit")
        tag = node.tag
        if tag == _PLAIN:
            return _scalar(node.value), None
        if tag == _QUOTED:
            return node.value, None
        if tag != _COLLECTION:
            raise _Unusual(tag)
        if node.id == "mapping":
            data, lines = {}, {}
            for key_node, value_node in node.value:
                key = key_node.value
                if key_node.tag not in (_PLAIN, _QUOTED) or key in data or (key_node.tag == _PLAIN and _special(key)):
                    raise _Unusual("key")  # not text, or a duplicate
                data[key], sub = walk(value_node, depth + 1)
                lines[key] = (key_node.start_mark.line + 1, sub)
            return data, lines
        items = [walk(item, depth + 1) for item in node.value]
        return [value for value, _ in items], [(item.start_mark.line + 1, sub) for item, (_, sub) in zip(node.value, items)]

    return walk(root, 0) if root is not None else (None, None)


def load(path: str | Path) -> Located:
    """Load one YAML file; a syntax error raises InputError naming the file and line."""
    path = Path(path)
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
    cached = _parsed_before(text)  # what the fast path read before (equal to what ruamel reads)
    if cached is not None:
        return Located(path, *cached[::-1])
    if composer() is not None:
        try:
            data, lines = _fast(text)
        except Exception:  # any failure of the fast path (syntax, limits, unusual values): ruamel decides and words it
            return _roundtrip(path, text)
        _remember(text, data, lines)
        return Located(path, lines, data)
    return _roundtrip(path, text)


#: Bump when what the fast path makes of a text changes.
PARSE_VERSION = 1


def _cache_file(text: str) -> Path:
    from .paths import cache_dir

    tag = f"{PARSE_VERSION} {MAX_DEPTH} {MAX_NODES}\0{text}".encode("utf-8", "surrogatepass")
    digest = hashlib.sha256(tag).hexdigest()
    return cache_dir() / "yaml" / digest[:2] / f"{digest[2:]}.json"


def _parsed_before(text: str) -> tuple[Any, Any] | None:
    """(data, lines) of a text the fast path read before (in any process), from the cache folder:
    JSON, so reading it is a few times faster than parsing and never runs code."""
    try:
        data, lines = json.loads(_cache_file(text).read_text(encoding="utf-8"))
        return data, lines
    except (OSError, ValueError, TypeError):  # none yet, or torn: parse
        return None


def _remember(text: str, data: Any, lines: Any) -> None:
    """Keep what the fast path read (only what it read: a file with problems is always parsed)."""
    from .paths import write_whole

    target = _cache_file(text)
    try:
        write_whole(target, json.dumps([data, lines], ensure_ascii=True, allow_nan=False))
    except (OSError, ValueError):  # a read-only cache folder: parsed again next time
        pass


def _roundtrip(path: Path, text: str) -> Located:
    """``text`` read by ruamel.yaml's round-trip loader, every problem located at its line."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError

    try:
        raw = YAML(typ="rt").load(text)
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
        data = plain(raw)  # first: it bounds the document _raw_lines then walks
    except _Rejected as exc:
        where = "/".join(str(p) for p in exc.path)
        raise InputError([Problem(str(path), _raw_line(raw, exc.path), where, exc.message)]) from None
    except RecursionError:
        raise InputError([Problem(str(path), None, "", f"nested more than {MAX_DEPTH} levels deep")]) from None
    return Located(path, _raw_lines(raw), data)
