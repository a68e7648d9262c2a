"""The model's JSON Schemas (setup, action, snapshot, events, card), with their cross-references
resolved locally (no network). jsonschema is imported when a validator is first built: a caller
that never validates (the reference adapter: the corpus loader checked each scenario) does not
pay for importing it."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

HERE = Path(__file__).parent
NAMES = ("card", "setup", "action", "snapshot", "events")
PATHS = {name: HERE / f"{name}.schema.json" for name in NAMES}


@lru_cache(maxsize=1)
def registry():
    from referencing import Registry, Resource

    resources = []
    for path in PATHS.values():
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator(name: str):
    import jsonschema

    schema = json.loads(PATHS[name].read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=registry())


@lru_cache(maxsize=None)
def action_validator(action: str):
    """A validator for one action's branch of action.schema.json (much faster than the whole)."""
    import jsonschema

    schema = json.loads(PATHS["action"].read_text(encoding="utf-8"))
    for branch in schema["allOf"]:
        if branch["if"]["properties"]["action"]["const"] == action:
            sub = {"$schema": schema["$schema"], "$id": schema["$id"], "$defs": schema.get("$defs", {}), **branch["then"], "type": "object"}
            return jsonschema.validators.validator_for(sub)(sub, registry=registry())
    return None


def first_problem(data, name: str) -> str | None:
    """The most relevant violation of schema ``name`` by ``data``, as 'path: message', or None."""
    import jsonschema

    chosen = validator(name)
    if name == "action" and isinstance(data, dict) and isinstance(data.get("action"), str):
        chosen = action_validator(data["action"]) or chosen
    errors = list(chosen.iter_errors(data))
    if not errors:
        return None
    best = jsonschema.exceptions.best_match(errors)
    where = ".".join(str(p) for p in best.absolute_path) or "(top)"
    return f"{where}: {best.message}"
