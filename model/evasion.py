"""Evasion and protection: which creatures can block an attacker (flying, fear, protection), and
protection's prevention of damage. Checked only as blockers are declared (509.1b): a blocker
that later stops qualifying keeps blocking (fear.q2, morph.q10)."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import TARGETING_FORBIDDEN
from .attachments import forbids, granted_protection
from .characteristic_effects import abilities_with, has_keyword
from .targets import target_allowed


def protections(game, obj, values=None) -> set[str]:
    """The colors ``obj`` has protection from (structured ``{keyword: protection, from: [..]}``)."""
    out: set[str] = set()
    for ab in abilities_with(game, obj, "keyword", "protection", values):
        out.update(ab.get("from") or ())
    for ab in granted_protection(game, obj):  # "equipped creature has protection from ..."
        out.update(ab["from"])
    return out


@implements("cr.current.protection")
def protection_forbids_targeting(game, obj, source_colors) -> str | None:
    """702.16b: a permanent with protection from a color can't be the target of spells or
    abilities from a source of that color."""
    if obj.zone != "battlefield" or not source_colors:
        return None
    shared = protections(game, obj) & set(source_colors)
    return f"protection from {', '.join(sorted(shared))}" if shared else None


TARGETING_FORBIDDEN.append(protection_forbids_targeting)


@implements("cr.current.flying", "cr.current.protection", "fear.q2", "morph.q10", "provoke.q4")
def block_restriction(game, blocker, attacker) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (a rule ID and reason), or None if it can.
    702.9b: a creature with flying can't be blocked except by creatures with flying or reach.
    Fear (current 702.36b): can't be blocked except by artifact creatures and/or black
    creatures. 702.16b: a creature with protection from a color can't be blocked by creatures
    of that color (a face-down creature is colorless, so it can block one: morph.q10)."""
    a = game.characteristics(attacker)
    b = game.characteristics(blocker)
    if forbids(game, blocker, "block"):
        return "cr.current.declare-blockers: an Aura says this creature can't block"
    if has_keyword(a, "Flying") and not (has_keyword(b, "Flying") or has_keyword(b, "Reach")):
        return "cr.current.flying: a creature with flying can be blocked only by creatures with flying or reach"
    if has_keyword(a, "Fear") and not (b.is_type("Artifact") or "B" in b.colors):
        return "fear: a creature with fear can be blocked only by artifact and/or black creatures"
    shielded = protections(game, attacker, a) & set(b.colors)
    if shielded:
        return f"cr.current.protection: the attacker has protection from {', '.join(sorted(shielded))}"
    return None


@implements("cr.current.protection")
def combat_damage_prevented(game, source_id: str) -> bool:
    """Whether a prevention effect (card_effects' prevent_combat_damage, Moonmist) prevents the
    combat damage the source would deal now."""
    return any(e["kind"] == "prevent_combat_damage" and not (e.get("unless") and target_allowed(game, source_id, e["unless"], None, e["controller"]))
               for e in game.state.effects)


def damage_prevented(game, source_values, target) -> bool:
    """702.16e: damage that would be dealt by a source of a color to a permanent with protection
    from that color is prevented."""
    if not isinstance(target, str) or target in game.state.players:
        return False
    obj = game.state.objects.get(target)
    if obj is None:
        return False
    return bool(protections(game, obj) & set(source_values.colors))
