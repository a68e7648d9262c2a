"""Effects that forbid casting spells: the smallest faithful stand-in for Meddling Mage ("Spells
with the chosen name can't be cast"), which morph.q12 needs."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .merging import ability_faces


@implements("morph.q12", "morph.b")
def check_cast_prohibitions(game, player: str, values) -> None:
    """Refuse a spell that an effect forbids: spells with a chosen name can't be cast. The check
    looks at the spell as it would be on the stack (702.35b / morph.b: effects apply to casting
    a face-down card by its face-down characteristics), so a face-down spell, with no name, can
    be cast (morph.q12)."""
    for eff in game.state.effects:
        if eff["kind"] == "cant_cast" and eff.get("player") in (None, player) and values.has_name(eff["name"]):
            raise IllegalAction("morph.q12", f"spells named {eff['name']} can't be cast")
    for permanent, _ in static_abilities(game, "cant_cast_chosen_name"):
        name = permanent.chosen.get("name")
        if name and values.has_name(name):
            raise IllegalAction("morph.q12", f"spells named {name} can't be cast ({permanent.card.name})")


def static_abilities(game, kind: str) -> list:
    """The structured static abilities ``{static: kind}`` of permanents on the battlefield, as
    (permanent, ability) pairs: a face-down permanent has none (708.2), a double-faced card those
    of the face up."""
    out = []
    for oid in game.state.battlefield:
        obj = game.state.objects[oid]
        for face in ability_faces(obj):  # 702.140e: each component's of a mutated permanent
            out += [(obj, a) for a in face.structured("static") if a["static"] == kind]
    return out
