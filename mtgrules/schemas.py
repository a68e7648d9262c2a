"""JSON Schema validation of loaded YAML, with each violation located at its line."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import jsonschema

from . import yamlio
from .problems import InputError, Problem
from .yamlio import Located


def _strict_integer(checker, instance) -> bool:
    """An integer is an int, never a float such as ``3.0`` (which JSON Schema would accept and a
    line number or a count cannot be)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=None)
def validator(schema_path: str) -> jsonschema.protocols.Validator:
    schema = json.loads(Path(schema_path).read_text(encoding="utf-8"))
    base = jsonschema.validators.validator_for(schema)
    base.check_schema(schema)
    cls = jsonschema.validators.extend(base, type_checker=base.TYPE_CHECKER.redefine("integer", _strict_integer))
    return cls(schema, format_checker=base.FORMAT_CHECKER)


def schema_problems(doc: Located, schema_path: str | Path) -> list[Problem]:
    """Every schema violation in ``doc``, most specific first, each with its file and line."""
    problems = []
    for error in validator(str(schema_path)).iter_errors(doc.data):
        leaves = _leaves(error)
        for leaf in leaves:
            problems.append(doc.problem(leaf.absolute_path, leaf.message))
    return sorted(set(problems))


def _leaves(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """For anyOf/oneOf/if-then failures, the most relevant sub-error rather than the summary."""
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
