"""The actions a player may take now: ``legal_actions(game, player)``, in the model's action vocabulary.

Each candidate action is tried on the game and the game is put back as it was (a transaction of the state's
rollback journal around ``Game.apply``'s own, rolled back whether the action was accepted or refused), so the
list is exactly what the model accepts: no second set of legality rules to drift from the one the actions
enforce. Candidates:

- casts (601.2) of each card the player owns in a hand, graveyard, exile or command zone: as printed, face
  down with morph (702.36a / morph.a), with each alternative cost its card has (flashback from a graveyard,
  mutate onto each creature, disturb, ...), and with madness as its madness trigger resolves (the cast the
  trigger offers, madness.a);
- special actions (116.2b): turning each face-down permanent the player controls face up (morph, manifest);
- activations (602.2) of each activated ability of each permanent the player controls, the abilities of every
  component of a merged permanent included (702.140e: it has the abilities of each of them);
- as the declare blockers step begins, each creature of the defending player blocking each attacker (509.1a).

A spell or ability that needs targets is listed once per way of casting it when some single target makes it
legal (the first found), with that target: the list says what can be done, ``can_target`` checks say with what.
"""

from __future__ import annotations

from .characteristic_effects import structured_abilities
from .combat_state import combat
from .journal import journal_of

_CAST_ZONES = ("hand", "graveyard", "exile", "command")


def _outcome(game, action: dict) -> list[dict] | None:
    """The events ``action`` would log now (None: the model refuses it). The game is left exactly as it was."""
    events = game.state.events
    start = len(events)
    journal = journal_of(game.state)
    depth = journal.begin()  # the try's own transaction, rolled back even when the action is accepted
    try:
        return [dict(e) for e in events[start:]] if game.apply(action, validate=False).ok else None
    finally:
        journal.rollback(depth)
        del events[start:]


def _accepted(game, action: dict) -> bool:
    return _outcome(game, action) is not None


def _target_candidates(game) -> list[str]:
    s = game.state
    return [*s.players, *s.battlefield, *s.stack, *(i for p in s.players.values() for i in p.graveyard)]


def _with_targets(game, action: dict) -> dict | None:
    """``action`` as the model accepts it: without targets, or with the first single target that works."""
    if _accepted(game, action):
        return action
    for target in _target_candidates(game):
        tried = {**action, "targets": [target]}
        if _accepted(game, tried):
            return tried
    return None


def _sacrificing(game, player: str, action: dict, needed: bool) -> list[dict]:
    """``action``, or when a cost sacrifices a permanent of the player's choice (costs.py), one
    variant per permanent the player controls (the first accepted is offered)."""
    if not needed:
        return [action]
    return [{**action, "sacrifice": i} for i in game.state.battlefield if game.state.objects[i].controller == player]


def _first(game, variants: list[dict]) -> dict | None:
    return next((found for found in map(lambda v: _with_targets(game, v), variants) if found is not None), None)


def _cast_variants(game, obj, player: str) -> list[dict]:
    sacrifices = any("sacrifice" in a["additional_cost"] for f in obj.card.faces for a in f.structured("additional_cost"))
    base = {"action": "cast", "player": player, "card": obj.id}
    if sacrifices:  # "As an additional cost to cast this spell, sacrifice a creature"
        return [_sacrificing(game, player, base, True)]
    out = [base, {**base, "face_down": True, "alternative_cost": "morph"}]
    granted = set()
    if any(e.get("object") == obj.id for e in game.state.effects):  # an effect gave it one (Snapcaster Mage: flashback)
        granted = {a["alternative_cost"] for a in structured_abilities(game, obj) if "alternative_cost" in a}
    for name in ("flashback", "disturb", "madness"):
        if obj.card.alternative_cost(name) is not None or name in granted:
            out.append({**base, "alternative_cost": name})
    if obj.card.alternative_cost("mutate") is not None:
        out += [{**base, "alternative_cost": "mutate", "mutate_onto": i} for i in game.state.battlefield]
    return [[action] for action in out]


def _casts(game, player: str) -> list[dict]:
    s = game.state
    out = []
    for obj in list(s.objects.values()):
        if obj.owner != player or obj.zone not in _CAST_ZONES:
            continue
        for variants in _cast_variants(game, obj, player):
            found = _first(game, variants)
            if found is not None:
                out.append(found)
    return out


def _madness_casts(game, player: str) -> list[dict]:
    """The cast a resolving madness trigger offers (madness.a): offered when the top of the stack is the trigger
    of a card of this player's, tried as the resolution with the cast chosen."""
    s = game.state
    if not s.stack:
        return []
    top = s.objects.get(s.stack[-1])
    ability = getattr(top, "ability", None) or {}
    source = s.objects.get(ability.get("source")) if isinstance(ability, dict) else None
    if source is None or source.owner != player or source.card.alternative_cost("madness") is None:
        return []
    logged = _outcome(game, {"action": "resolve", "choices": {"cast": {"card": source.id, "alt_cost": "madness"}}})
    cast = any(e.get("type") == "cast" and e.get("alternative_cost") == "madness" for e in logged or [])
    return [{"action": "cast", "player": player, "card": source.id, "alternative_cost": "madness", "from": "exile"}] if cast else []


def _special_actions(game, player: str) -> list[dict]:
    out = []
    for i in list(game.state.battlefield):
        obj = game.state.objects[i]
        if obj.controller != player or not obj.face_down:
            continue
        for using in ("morph", "manifest"):
            action = {"action": "turn_face_up", "player": player, "object": i, "using": using}
            if _accepted(game, action):
                out.append(action)
    return out


def _activations(game, player: str) -> list[dict]:
    out = []
    for i in list(game.state.battlefield):
        obj = game.state.objects[i]
        if obj.controller != player:
            continue
        abilities = [a for a in structured_abilities(game, obj) if "activated" in a]
        for n, ab in enumerate(abilities, 1):
            action = {"action": "activate", "player": player, "object": i, "ability": n}
            found = _first(game, _sacrificing(game, player, action, isinstance(ab.get("sacrifice"), dict)))
            if found is not None:
                out.append(found)
    return out


def _blocks(game, player: str) -> list[dict]:
    s = game.state
    if s.step != "declare-attackers" or player == s.active:
        return []
    attackers = sorted(combat(game).get("attackers") or [])
    out = []
    for i in list(s.battlefield):
        if s.objects[i].controller != player:
            continue
        for attacker in attackers:
            action = {"action": "declare_blockers", "player": player, "blockers": {i: attacker}}
            if _accepted(game, action):
                out.append(action)
    return out


def legal_actions(game, player: str) -> list[dict]:
    """Every action ``player`` may take now (see the module docstring), in the model's action vocabulary."""
    if player not in game.state.players:
        raise ValueError(f"no player {player!r}")
    return _casts(game, player) + _madness_casts(game, player) + _special_actions(game, player) + \
        _activations(game, player) + _blocks(game, player)
