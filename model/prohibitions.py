"""Effects that forbid casting spells: the smallest faithful stand-in for Meddling Mage ("Spells
with the chosen name can't be cast"), which morph.q12 needs."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction


@implements("morph.q12", "morph.b")
def check_cast_prohibitions(game, player: str, values) -> None:
    """Refuse a spell that an effect forbids: spells with a chosen name can't be cast. The check
    looks at the spell as it would be on the stack (702.35b / morph.b: effects apply to casting
    a face-down card by its face-down characteristics), so a face-down spell, with no name, can
    be cast (morph.q12)."""
    for eff in game.state.effects:
        if eff["kind"] == "cant_cast" and eff.get("player") in (None, player) and values.has_name(eff["name"]):
            raise IllegalAction("morph.q12", f"spells named {eff['name']} can't be cast")
