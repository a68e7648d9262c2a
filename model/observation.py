"""Observations: the JSON snapshot of a game (snapshot.schema.json). The event log is
``Game.events`` (events.schema.json)."""

from __future__ import annotations

from mtgrules.spec import implements

from .continuous import effects_on
from .hidden import hidden_from
from .objects import GameObject


@implements("dyn.6", "dfc-2016.2")
def object_json(game, obj: GameObject) -> dict:
    """One object as observed: its current characteristics and status. DYN.6: a dynamic card on
    the stack shows which half it represents (``half``). The card name behind a face-down object
    is given as ``card`` (the model sees everything; a player-facing view would hide it).
    711.2: the card's faces are listed (``card_faces``) since players may look at both."""
    values = game.characteristics(obj)
    out = {
        "id": obj.id,
        "card": obj.card.name if obj.components else None,
        "card_faces": [f.name for f in obj.card.faces] if obj.components else [],
        "zone": obj.zone,
        "owner": obj.owner,
        "controller": obj.controller,
        "face_down": obj.face_down,
        "face": (("back" if obj.top.face == "b" else "front") if obj.components and obj.card.is_double_faced else None),
        "half": None,
        "token": obj.token,
        "copy": obj.copy,
        "copy_of": _copy_of(game, obj),
        "tapped": obj.tapped,
        "damage": obj.damage,
        "counters": dict(obj.counters),
        "timestamp": obj.timestamp,
        "attached_to": obj.attached_to,
        "hidden_from": hidden_from(game, obj),  # who a player-facing view would hide its face from
        "merged": obj.merged,
        "mutated": obj.mutated,
        **combat_status(game, obj),
        "flipped": obj.flipped if any(c.card.is_flip for c in obj.components) else None,
        "components": [c.as_json(obj.flipped) for c in obj.components],
        "characteristics": values.as_json() if obj.ability is None else None,
        "spell": None,
        "ability": None,
    }
    if obj.spell is not None:
        out["spell"] = obj.spell.as_json()
        if obj.spell.half:
            out["half"] = obj.card.face(obj.spell.half).name
    if obj.ability is not None:
        out["ability"] = {"source": obj.ability.get("source"), "text": obj.ability.get("text")}
    return out


def _copy_of(game, obj: GameObject) -> str | None:
    """The object a permanent copies (its latest copy effect still applying, 707.2), if any."""
    found = [e for e in effects_on(game, obj, "copy") if e["timestamp"] >= obj.merged_at]
    return found[-1].get("of") if found else None


def combat_status(game, obj: GameObject) -> dict:
    """A permanent's combat status (506.4): attacking, blocking, and, for an attacker, blocked."""
    if obj.zone != "battlefield":
        return {}
    view = combat_view(game)
    return {"attacking": obj.id in view["attackers"], "blocking": obj.id in view["blockers"],
            "blocked": obj.id in view["blocked"] if obj.id in view["attackers"] else None}


def combat_view(game) -> dict:
    """Attacking and blocking creatures (those that left the battlefield are no longer in
    combat, 506.4) and the attackers that became blocked."""
    c = game.state.combat
    alive = game.state.battlefield
    return {"attackers": {a: p for a, p in c.get("attackers", {}).items() if a in alive},
            "blockers": {b: a for b, a in c.get("blockers", {}).items() if b in alive},
            "blocked": [a for a in c.get("blocked", []) if a in alive]}


def snapshot(game) -> dict:
    s = game.state
    return {
        "edition": s.edition,
        "turn": {"number": s.turn, "active": s.active, "step": s.step, "priority": s.priority},
        "players": {
            name: {
                "life": p.life,
                "lost": p.lost,
                "mana_pool": p.pool.as_json(),
                "spells_cast_this_turn": p.spells_cast_this_turn,
                "library": list(p.library),
                "hand": list(p.hand),
                "graveyard": list(p.graveyard),
            }
            for name, p in s.players.items()
        },
        "battlefield": list(s.battlefield),
        "stack": list(s.stack),
        "exile": list(s.exile),
        "command": list(s.command),
        "objects": {oid: object_json(game, obj) for oid, obj in s.objects.items()},
        "combat": combat_view(game),
    }
