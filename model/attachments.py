"""Auras and Equipment: what they are attached to and the effects they give the object they are
attached to (layers 6 and 7c). Attaching, what they may be attached to and the state-based
actions for illegal attachments are in :mod:`mtgrules.model.attaching`, above the characteristics.

Structured abilities (``mtgrules: {abilities: [...]}`` of a card face):

``{enchant: creature | player}``
    "Enchant creature" / "Enchant player" (303.4a): the Aura spell targets such an object or
    player, and the Aura can be attached only to one (303.4d).
``{static: attached, power, toughness, add_keywords, protection, cant_attack, cant_block}``
    "Enchanted / equipped creature gets +N/+M, has [keywords] (protection from [colors]) and
    can't attack or block" (Rancor, Pacifism, Bonesplitter, Sword of Fire and Ice).

Equip (702.6a) is an activated ability, see :mod:`mtgrules.model.equipment`.

A permanent's ``attached_to`` is an object ID or, for an Aura with enchant player, a player name.
A permanent that leaves the battlefield becomes a new object (400.7), so whatever was attached
to it is then attached to nothing.
"""

from __future__ import annotations

from .actions import IllegalAction


def _face_abilities(obj) -> list[dict]:
    """The structured abilities printed on the face ``obj`` shows (none while face down, 708.2)."""
    if obj.face_down or not obj.components:
        return []
    top = obj.top
    face = top.card.faces[1 if top.face == "b" and len(top.card.faces) > 1 else 0]
    return list(face.abilities)


def enchant_kind(obj) -> str | None:
    """What an Aura's enchant ability lets it enchant ("creature", "player"), or None."""
    return next((a["enchant"] for a in _face_abilities(obj) if "enchant" in a), None)


def aura_spell_targets(face) -> list[dict]:
    """303.4a: an Aura spell requires a target, restricted by its enchant ability. Given as a
    targeted pseudo-effect so that casting and resolution check it like any other target."""
    return [{"effect": "attach", "target": a["enchant"]} for a in face.abilities if "enchant" in a]


def attachments_of(game, target_id: str) -> list:
    """The permanents attached to ``target_id`` (an object ID or a player name)."""
    return [game.state.objects[oid] for oid in game.state.battlefield if game.state.objects[oid].attached_to == target_id]


def granted(game, obj) -> list[dict]:
    """The ``{static: attached}`` abilities of the Auras and Equipment attached to ``obj``, in
    timestamp order (613.7e: an attachment's timestamp is that of its attaching)."""
    out = []
    for att in sorted(attachments_of(game, obj.id), key=lambda a: a.timestamp):
        out += [a for a in _face_abilities(att) if a.get("static") == "attached"]
    return out


def granted_keywords(values, abilities: list[dict]):
    """Layer 6 (613.1f): keywords the attachments' ``abilities`` (:func:`granted`) give an object with ``values``."""
    if not abilities:
        return values
    keywords = list(values.keywords)
    for ab in abilities:
        keywords += [k for k in ab.get("add_keywords") or [] if k.lower() not in {x.lower() for x in keywords}]
        if ab.get("protection") and "Protection" not in keywords:
            keywords.append("Protection")
    return values.with_(keywords=tuple(keywords)) if len(keywords) != len(values.keywords) else values


def granted_power_toughness(abilities: list[dict]) -> tuple[int, int]:
    """Layer 7c (613.4c): the +N/+M the attachments' ``abilities`` (:func:`granted`) give."""
    return sum(a.get("power", 0) for a in abilities), sum(a.get("toughness", 0) for a in abilities)


def granted_protection(game, obj) -> list[dict]:
    """The protection abilities the attachments give ``obj`` (structured, as evasion reads them)."""
    return [{"keyword": "protection", "from": list(a["protection"])} for a in granted(game, obj) if a.get("protection")]


def forbids(game, obj, what: str) -> bool:
    """Whether an attachment says the creature can't ``what`` ("attack" / "block"): Pacifism."""
    return any(a.get(f"cant_{what}") for a in granted(game, obj))


def check_setup_attachments(game) -> None:
    """A setup's ``attached_to`` must name an object or player of the setup."""
    for obj in game.state.objects.values():
        if obj.attached_to is not None and obj.attached_to not in game.state.objects and obj.attached_to not in game.state.players:
            raise IllegalAction(None, f"{obj.id} is attached to {obj.attached_to!r}, which is not an object or player of the setup")
