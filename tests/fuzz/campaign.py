"""The input fuzz campaign (issue 23): malformed inputs of each format fed to its loader in-process.

Each format has seed files (real inputs of the project) and a loader. Inputs come from two
generators:

- ``mutation``: a seed's text edited blindly (bytes flipped, truncated, lines dropped or doubled,
  a value replaced by one YAML can hold and the schemas do not expect: NaN, dates, tags, huge
  numbers, long text, aliases, deep nesting);
- ``hypothesis``: a seed parsed, its tree edited by Hypothesis strategies (a value replaced by
  arbitrary data of another type, by a value from elsewhere in the seed, removed, duplicated, an
  unknown key added), then written back in the format's syntax: well-formed files that are
  wrong in their structure, which blind edits rarely reach.

An outcome is ``accepted``, a ``clean`` error (the format's error types: located problems) or a
``traceback`` (any other exception: a defect). :func:`run` returns the figures.
"""

from __future__ import annotations

import datetime
import io
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]

#: Values YAML can hold that a loader must refuse cleanly (or accept as plain data).
CONFUSING = [".nan", "-.inf", "2020-01-01", "2020-01-01 10:00:00", "!!binary aGVsbG8=", "!custom x", "~", "[]", "{}",
             "123456789012345678901234567890", "-1", "3.0", "1e400", "yes", '"' + "w" * 5000 + '"', "*nowhere",
             "&a [*a]", "[" * 80 + "]" * 80, "{a: 1, a: 2}", "'\\u0000'", "\"\\ud800\"", "../../../../etc/passwd",
             "\"" + "x" * 300 + "\"", "? [a, b]", "0x1F", "true"]


def mutate(text: str, rng: random.Random) -> str:
    """One malformed variant of ``text`` (a few random edits)."""
    for _ in range(rng.randint(1, 3)):
        lines = text.splitlines(keepends=True) or [""]
        kind = rng.randrange(6)
        i = rng.randrange(len(lines))
        if kind == 0 and text:  # a byte flipped
            j = rng.randrange(len(text))
            text = text[:j] + chr(rng.randrange(32, 0x2FF)) + text[j + 1:]
        elif kind == 1:  # truncated
            text = text[:rng.randrange(len(text) + 1)]
        elif kind == 2:  # a line dropped
            text = "".join(lines[:i] + lines[i + 1:])
        elif kind == 3:  # a line doubled (duplicate keys, repeated items)
            text = "".join(lines[:i + 1] + lines[i:])
        else:  # a value replaced by a confusing one
            line = lines[i]
            if ":" in line:
                key = line.split(":", 1)[0]
                lines[i] = f"{key}: {rng.choice(CONFUSING)}\n"
            else:
                lines[i] = line.rstrip("\n") + " " + rng.choice(CONFUSING) + "\n"
            text = "".join(lines)
    return text


# ---------------------------------------------------------------------------- syntaxes


def _yaml():
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.allow_unicode = True
    return yaml


def _yaml_parse(text: str) -> Any:
    return _yaml().load(text)


def _yaml_dump(data: Any) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


def _json_dump(data: Any) -> str:
    return json.dumps(data, default=str, ensure_ascii=False, indent=1)


def _jsonl_parse(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _jsonl_dump(data: Any) -> str:
    rows = data if isinstance(data, list) else [data]
    return "".join(json.dumps(row, default=str, ensure_ascii=False) + "\n" for row in rows)


def _text_parse(text: str) -> list:
    return text.splitlines()


def _text_dump(data: Any) -> str:
    rows = data if isinstance(data, list) else [data]
    return "".join(f"{row}\n" for row in rows)


#: a seed's suffix -> (parse its text into a tree, write a tree back as text)
SYNTAXES: dict[str, tuple[Callable[[str], Any], Callable[[Any], str]]] = {
    ".yaml": (_yaml_parse, _yaml_dump), ".json": (json.loads, _json_dump), ".jsonl": (_jsonl_parse, _jsonl_dump),
    ".txt": (_text_parse, _text_dump)}


@dataclass
class Format:
    name: str
    seeds: list[Path]
    load: Callable[[Path], object]
    clean: tuple[type[BaseException], ...]


@dataclass
class Figures:
    format: str
    generator: str
    tried: int = 0
    accepted: int = 0
    clean_errors: int = 0
    tracebacks: list[tuple[str, str]] = field(default_factory=list)  # (error, input)
    slowest: tuple[float, str] = (0.0, "")  # wall-clock seconds, input
    slowest_cpu: tuple[float, str] = (0.0, "")  # CPU seconds of this process, input: what a loaded machine does not inflate

    def line(self) -> str:
        return (f"{self.format} ({self.generator}): {self.tried} inputs tried, {self.accepted} accepted, "
                f"{self.clean_errors} clean errors, {len(self.tracebacks)} tracebacks, slowest {self.slowest[0]:.3f} s "
                f"(CPU {self.slowest_cpu[0]:.3f} s)")

    def add(self, other: "Figures") -> "Figures":
        """The figures of both runs of one format."""
        return Figures(self.format, f"{self.generator} + {other.generator}", self.tried + other.tried,
                       self.accepted + other.accepted, self.clean_errors + other.clean_errors,
                       self.tracebacks + other.tracebacks, max(self.slowest, other.slowest, key=lambda s: s[0]),
                       max(self.slowest_cpu, other.slowest_cpu, key=lambda s: s[0]))


def _warm(fmt: Format) -> None:
    """Load one seed first: the loader's caches (card pool, spec, schemas) are not an input's cost."""
    try:
        fmt.load(fmt.seeds[0])
    except fmt.clean:
        pass


#: Print the figures so far every this many inputs (long runs: a run cut short still shows what it did).
PROGRESS_EVERY = 500


def _feed(fmt: Format, figures: Figures, seed_path: Path, text: str, folder: Path) -> None:
    path = folder / seed_path.name  # the seed's name: a scenario's ID must match its file
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    begun, begun_cpu = time.perf_counter(), time.process_time()
    try:
        fmt.load(path)
        figures.accepted += 1
    except fmt.clean:
        figures.clean_errors += 1
    except Exception as exc:  # noqa: BLE001 - what the campaign counts
        figures.tracebacks.append((f"{type(exc).__name__}: {exc}"[:300], text[:2000]))
    elapsed, cpu = time.perf_counter() - begun, time.process_time() - begun_cpu
    figures.tried += 1
    if elapsed > figures.slowest[0]:
        figures.slowest = (elapsed, text[:300])
    if cpu > figures.slowest_cpu[0]:
        figures.slowest_cpu = (cpu, text[:300])
    if figures.tried % PROGRESS_EVERY == 0:
        print(f"  ... {figures.line()}", flush=True)


def run(fmt: Format, count: int, folder: Path, seed: int = 23) -> Figures:
    """``count`` mutated inputs of ``fmt``, each loaded from a file in ``folder``."""
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in fmt.seeds]
    figures = Figures(fmt.name, "mutation")
    _warm(fmt)
    for _ in range(count):
        chosen = rng.randrange(len(texts))
        _feed(fmt, figures, fmt.seeds[chosen], mutate(texts[chosen], rng), folder)
    return figures


# ---------------------------------------------------------------------------- Hypothesis


def _paths(tree: Any, path: tuple = ()) -> list[tuple]:
    """Every path into ``tree`` (keys and indexes), the root's ``()`` first."""
    out = [path]
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += _paths(value, (*path, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            out += _paths(value, (*path, i))
    return out


def _at(tree: Any, path: tuple) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def _hostile():
    """Arbitrary data of every type a YAML or JSON file can hold, odd values favoured."""
    from hypothesis import strategies as st

    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(min_value=-(1 << 80), max_value=1 << 80),
        st.floats(), st.sampled_from([float("nan"), float("inf"), -float("inf"), 3.0, -0.0, 1e300]),
        st.text(max_size=20), st.builds(lambda t, n: t * n, st.text(min_size=1, max_size=8), st.integers(30, 400)),  # long text, cheaply drawn
        st.sampled_from(["", " ", "../../../../etc/passwd", "x" * 300, "<script>alert(1)</script>", "\u202e", "\n.. raw:: html\n",
                         "702.34a", "DYN.5c", "nowhere.1", "Lightning Bolt", "Conformance Nonexistent", "alice", "bob",
                         "battlefield", "stack", "2026-08-07", "pre-2013", "passed", "error", "{W}{U}", "X", "1/1"]),
        st.dates(), st.datetimes(min_value=datetime.datetime(1900, 1, 1)))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.one_of(st.text(max_size=8), st.integers(), st.booleans()), inner, max_size=4)),
        max_leaves=12)


def _copy(tree: Any) -> Any:
    """A copy of plain data (much faster than ``copy.deepcopy``)."""
    if isinstance(tree, dict):
        return {k: _copy(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_copy(v) for v in tree]
    return tree


def _edit(draw, tree: Any, hostile, paths: list[tuple]) -> Any:
    """``tree`` (a private copy: edited in place) with one structural edit drawn by Hypothesis;
    ``paths`` are the tree's (:func:`_paths`)."""
    from hypothesis import strategies as st

    path = draw(st.sampled_from(paths))
    kind = draw(st.sampled_from(["replace", "swap", "remove", "duplicate", "add_key", "wrap", "deepen"]))
    if kind == "replace" or not path:
        value = draw(hostile)
    elif kind == "swap":  # a value of the seed where another is expected: right vocabulary, wrong place
        value = _copy(_at(tree, draw(st.sampled_from(paths))))
    elif kind == "wrap":
        value = draw(st.sampled_from([lambda v: [v], lambda v: {"value": v}, lambda v: str(v), lambda v: [v, v]]))(_at(tree, path))
    elif kind == "deepen":
        value = _at(tree, path)
        for _ in range(draw(st.integers(min_value=10, max_value=200))):
            value = [value]
    else:
        value = None
    if not path:
        return value
    parent, last = _at(tree, path[:-1]), path[-1]
    if kind == "remove":
        del parent[last]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(last, _copy(parent[last]))
    elif kind == "add_key" and isinstance(_at(tree, path), dict):
        _at(tree, path)[draw(st.one_of(st.text(max_size=12), st.sampled_from(["id", "type", "then", "expect", "x-unknown"])))] = draw(hostile)
    elif kind in ("duplicate", "add_key"):
        parent[last] = draw(hostile)
    else:
        parent[last] = value
    return tree


def run_hypothesis(fmt: Format, count: int, folder: Path, seed: int = 0) -> Figures:
    """``count`` inputs of ``fmt`` drawn by Hypothesis: a seed's tree with 1-3 structural edits,
    written back in the format's syntax (Hypothesis seeded with ``seed``: the same inputs every run)."""
    from hypothesis import HealthCheck, Phase, given, reject, settings
    from hypothesis import seed as seeded
    from hypothesis import strategies as st

    trees = [(p, tree, _paths(tree)) for p in fmt.seeds for tree in [SYNTAXES[p.suffix][0](p.read_text(encoding="utf-8"))]]
    hostile = _hostile()
    figures = Figures(fmt.name, "hypothesis")
    _warm(fmt)

    @st.composite
    def inputs(draw):
        seed_path, tree, paths = draw(st.sampled_from(trees))
        tree = _copy(tree)
        for i in range(draw(st.integers(min_value=1, max_value=3))):
            tree = _edit(draw, tree, hostile, paths if i == 0 else _paths(tree))
        return seed_path, tree

    @seeded(seed)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(inputs())
    def feed(drawn):
        seed_path, tree = drawn
        try:
            text = SYNTAXES[seed_path.suffix][1](tree)
        except Exception:  # noqa: BLE001 - a tree the syntax cannot write (not an input)
            reject()
        _feed(fmt, figures, seed_path, text, folder)

    feed()
    return figures
