"""JSON Schema validation of loaded YAML, with each violation located at its line.

Validating the corpus, the spec and the card pool costs seconds in every process, and the answer
for data already seen valid is known: ``valid_before`` keeps, per schema, the hashes of the data
found valid (one file per schema in the cache folder, keyed by the schema's text and the
validator's version), so only new or changed data is validated. Data with problems is never
remembered: its problems are always found again, worded and located as usual.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from functools import lru_cache
from pathlib import Path

from . import yamlio
from .paths import cache_dir
from .problems import InputError, Problem
from .yamlio import Located

#: Bump when what counts as valid changes in this module (the integer rule below).
VALIDATION_VERSION = 1
#: A cache file past this size is started afresh (stale hashes of edited files pile up).
MAX_CACHE_BYTES = 4 << 20


class _ValidBefore:
    """The hashes of data found valid against one schema, read once per process."""

    def __init__(self, schema_path: str):
        text = Path(schema_path).read_bytes()
        tag = f"{VALIDATION_VERSION} {installed_version('jsonschema')} ".encode() + text
        self.file = cache_dir() / "valid" / f"{Path(schema_path).stem}-{hashlib.sha256(tag).hexdigest()[:20]}.txt"
        try:
            self.known = {line for line in self.file.read_text(encoding="ascii").split() if len(line) == 64}
        except (OSError, UnicodeDecodeError):
            self.known = set()

    def remember(self, digest: str) -> None:
        self.known.add(digest)
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            fresh = not self.file.exists() or self.file.stat().st_size > MAX_CACHE_BYTES
            with self.file.open("w" if fresh else "a", encoding="ascii") as out:  # one short append: safe beside other processes
                out.write(digest + "\n")
        except OSError:  # a read-only or missing cache folder: validated again next time
            pass


@lru_cache(maxsize=None)
def installed_version(dist: str) -> str:
    """The installed version of ``dist`` (a package of the same name), as the name of its
    ``NAME-VERSION.dist-info`` folder beside the package says; importlib.metadata only when there
    is none (importing it costs more than loading the card pool from the caches)."""
    spec = importlib.util.find_spec(dist)
    if spec is not None and spec.origin:
        site = Path(spec.origin).parent.parent
        found = sorted(p.name for p in site.glob(f"{dist}-*.dist-info"))
        if len(found) == 1:
            return found[0][len(dist) + 1:-len(".dist-info")]
    from importlib.metadata import version

    return version(dist)


@lru_cache(maxsize=None)
def valid_before(schema_path: str) -> _ValidBefore:
    return _ValidBefore(schema_path)


def _digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def _strict_integer(checker, instance) -> bool:
    """An integer is an int, never a float such as ``3.0`` (which JSON Schema would accept and a
    line number or a count cannot be)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=None)
def validator(schema_path: str):
    """The compiled validator of a schema file (checked against its meta-schema), once per process."""
    import jsonschema

    schema = json.loads(Path(schema_path).read_text(encoding="utf-8"))
    base = jsonschema.validators.validator_for(schema)
    base.check_schema(schema)
    cls = jsonschema.validators.extend(base, type_checker=base.TYPE_CHECKER.redefine("integer", _strict_integer))
    return cls(schema, format_checker=base.FORMAT_CHECKER)


def schema_problems(doc: Located, schema_path: str | Path) -> list[Problem]:
    """Every schema violation in ``doc``, most specific first, each with its file and line."""
    cache, digest = valid_before(str(schema_path)), _digest(doc.data)
    if digest in cache.known:
        return []
    problems = []
    for error in validator(str(schema_path)).iter_errors(doc.data):
        leaves = _leaves(error)
        for leaf in leaves:
            problems.append(doc.problem(leaf.absolute_path, leaf.message))
    if not problems:
        cache.remember(digest)
    return sorted(set(problems))


def _leaves(error):
    """For anyOf/oneOf/if-then failures, the most relevant sub-error rather than the summary."""
    import jsonschema

    if error.context:
        best = jsonschema.exceptions.best_match(error.context)
        return [best] if best is not None else [error]
    return [error]


def load_valid(path: str | Path, schema_path: str | Path) -> tuple[Located | None, list[Problem]]:
    """Load a YAML file and check it against a schema: the document (None if it could not be
    loaded or violates the schema) and every problem found, each located at its line."""
    try:
        doc = yamlio.load(path)
    except InputError as exc:
        return None, exc.problems
    problems = schema_problems(doc, schema_path)
    return (None if problems else doc), problems
