"""Equipment (301.5): the equip ability and the triggered abilities of an Equipment that watch
the equipped creature. Attaching, the effects given and 704.5n are in
:mod:`mtgrules.model.attachments`.

Structured abilities: equip is an activated ability ``{activated: [{effect: attach, target:
creature_you_control}], cost: "{N}", keyword: equip, sorcery: true, text: "Equip {N}"}``;
``{trigger: equipped_deals_combat_damage_to_player, effects: [...]}`` is "Whenever equipped
creature deals combat damage to a player, ..." (Sword of Fire and Ice).
"""

from __future__ import annotations

from .actions import IllegalAction, effect
from .attaching import attach, can_be_attached
from .attachments import _face_abilities, attachments_of
from .triggers import add_trigger


@effect("attach")
def _attach(game, source, eff, target):
    """"Attach this to target creature" (equip, 702.6a). If the Equipment has left the battlefield
    or can't be attached to that creature now, nothing happens (701.3b: an Equipment can't be
    attached to an object it can't equip)."""
    equipment = game.state.objects.get(source.ability.get("source") if source.ability else source.id)
    if equipment is None or equipment.zone != "battlefield" or target is None:
        return
    if target not in game.state.objects or not can_be_attached(game, equipment, target):
        return
    if game.state.objects[target].controller != equipment.controller:
        return
    attach(game, equipment, target)


def equipped_combat_damage_triggers(game, creature, players: list[str]) -> None:
    """Abilities of the Equipment attached to ``creature`` that trigger when it deals combat
    damage to a player (each combat damage step is a separate event: double-strike.q3). Targets
    of the triggered ability come from ``choices.targets``."""
    for att in attachments_of(game, creature.id):
        for ab in _face_abilities(att):
            if ab.get("trigger") != "equipped_deals_combat_damage_to_player":
                continue
            targets = list(game.choice("targets") or []) if any(e.get("target") for e in ab.get("effects", [])) else []
            add_trigger(game, att, {**ab, "text": ab.get("text", "whenever equipped creature deals combat damage to a player")}, targets=targets)


def check_sorcery_timing(game, player: str, ability: dict) -> None:
    """602.5d / 702.6a: an ability that says "activate only as a sorcery" (equip) can be activated
    only in its controller's main phase while the stack is empty."""
    s = game.state
    if ability.get("sorcery") and (s.active != player or s.step not in ("precombat-main", "postcombat-main") or s.stack):
        raise IllegalAction("cr.current.casting-spells", f"{ability.get('text', 'this ability')}: activate only as a sorcery")
