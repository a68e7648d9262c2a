"""``mtgrules verify`` checks of the reference model."""

from __future__ import annotations

from mtgrules.verify import CheckResult


def model_self_check() -> CheckResult:
    """The model's schemas are valid, its card pool loads, and each seed's example card plays."""
    import json

    import jsonschema

    from .cards import card_pool
    from .game import Game
    from .schemas import NAMES, PATHS

    details = []
    for name in NAMES:
        schema = json.loads(PATHS[name].read_text(encoding="utf-8"))
        jsonschema.validators.validator_for(schema).check_schema(schema)
    pool = card_pool()
    game = Game.from_setup({"players": {"alice": {"mana_pool": {"W": 2, "U": 2, "C": 4}}, "bob": {}},
                            "zones": {"alice": {"hand": ["Divine Skywarden // Purewind Blessings"], "battlefield": ["Village Ironsmith // Ironfang", "Grizzly Bears"]}}})
    for action in ({"action": "cast", "player": "alice", "card": "Divine Skywarden // Purewind Blessings", "half": "Divine Skywarden"},
                   {"action": "resolve", "all": True},
                   {"action": "transform", "object": "Village Ironsmith // Ironfang"},
                   {"action": "merge", "object": "Divine Skywarden // Purewind Blessings", "onto": "Grizzly Bears"}):
        result = game.apply(action)
        if not result.ok:
            details.append(f"{action['action']} refused: [{result.rule}] {result.reason}")
    ok = not details
    return CheckResult("model", ok, f"{len(NAMES)} schemas valid, {len({c.name for c in pool.values()})} cards, seed examples play" if ok else "the model failed its self-check", details)


def verify_checks():
    return [model_self_check]
