"""Copies of spells and cards: copying a spell puts a copy on the stack that isn't cast (707.10,
storm); "cast a copy" of a card follows the casting rules and the copy is cast (707.12, DYN.3c)."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .casting import become_cast, check_targets, choose_half, determine_and_pay, effects_of, put_on_stack
from .continuous import component_characteristics
from .objects import SpellInfo


@implements("cr.current.copy-of-spell", "cr.pre-2013.copying-objects", "storm.q2", "storm.q4")
def copy_spell(game, spell, controller: str | None = None, targets: list | None = None, on_stack: bool = True, cause: str | None = None):
    """707.10: to copy a spell means to put a copy of it onto the stack; a copy of a spell isn't
    cast. It copies the characteristics and all decisions made for it (half, face, face-down,
    alternative costs, X), and is owned and controlled by the player who put it there. Not being
    cast, a copy doesn't count for storm and doesn't trigger its own storm (storm.q2, storm.q4)."""
    if on_stack and (spell.zone != "stack" or spell.ability is not None):
        raise IllegalAction("cr.current.copy-of-spell", "only a spell on the stack can be copied this way")
    controller = controller or spell.controller
    info = replace(deepcopy(spell.spell), cast=False, copy=True, copy_of=spell.id)
    if targets is not None:
        info.targets = list(targets)
    components = [replace(c) for c in spell.components]
    copy = put_on_stack(game, None, components, info, controller=controller, owner=controller)
    game.log("copied", object=copy.id, of=spell.id, card=spell.card.name, controller=controller, cast=False, cause=cause)
    return copy


@action("copy_spell")
def copy_spell_action(game, a):
    """Test effect: copy a spell ``count`` times (as storm or Fork would)."""
    spell = game.obj(a["object"], zone="stack")
    return [copy_spell(game, spell, a.get("player"), a.get("targets")).id for _ in range(int(a.get("count", 1)))]


def _copy_remembered_spell(game, ability_obj, count: int, cause: str) -> None:
    """Copy the spell a storm or replicate trigger remembers ``count`` times (from last known
    information if it has left the stack); ``choices.new_targets`` gives new targets to the
    copies, one per copy in order (the others keep the original's)."""
    data = ability_obj.ability
    spell = game.state.objects.get(data["spell"].id) or data["spell"]
    new_targets = list(game.choice("new_targets") or [])
    for _ in range(count):
        targets = [new_targets.pop(0)] if new_targets and spell.spell.targets else None
        copy_spell(game, spell, ability_obj.controller, targets, on_stack=spell.zone == "stack" and spell.id in game.state.objects, cause=cause)


@effect("storm_copies")
def storm_copies(game, ability_obj, effect, target) -> None:
    """The storm trigger resolves: one copy of the spell for each spell counted (model/triggers.py)."""
    _copy_remembered_spell(game, ability_obj, max(0, ability_obj.ability["storm_count"]), "storm")


@action("cast_copy")
@implements("dyn.3c", "cr.dyn.cast-copy", "cr.current.cast-copy", "storm.q3")
def cast_copy(game, a):
    """707.12: an effect instructs a player to cast a copy of a card: the copy is created in the
    zone the card is in and cast (601.2a-h; usually without paying its mana cost); once cast it is
    a spell like any other. DYN.3c: a copy of a dynamic card keeps the characteristics of the two
    halves separated into the same two halves, so the caster chooses a half as for the card."""
    player = a["player"]
    card_obj = game.obj(a["object"])
    if card_obj.zone in ("stack", "battlefield"):
        raise IllegalAction("cr.current.cast-copy", "this test effect copies a card that is not on the stack or battlefield")
    half = choose_half(card_obj.card, a.get("half"))
    component = replace(card_obj.top, face="a", face_down=False)
    info = SpellInfo(cast=True, from_zone=card_obj.zone, half=half, targets=list(a.get("targets") or []), copy=True, copy_of=card_obj.id,
                     without_paying=bool(a.get("without_paying", True)))
    values = component_characteristics(component, "stack", half, game.state.rules_edition)
    check_targets(game, player, effects_of(card_obj.card, half, component), info.targets)
    cost = determine_and_pay(game, player, card_obj, info, values, {"without_paying": info.without_paying})
    spell = put_on_stack(game, None, [component], info, controller=player, owner=player)
    game.log("copied", object=spell.id, of=card_obj.id, card=card_obj.card.name, controller=player, cast=True)
    become_cast(game, player, spell, None, card_obj.card.name, cost)
    return spell.id


def cast_copy_of(game, player: str, card, answer: dict) -> None:
    """``player`` casts a copy of ``card`` without paying its mana cost, as ``answer`` (see
    :func:`~mtgrules.model.casting.cast_answer`) says: its half and targets."""
    targets = [game.obj(t).id if t not in game.state.players else t for t in answer.get("targets") or []]
    cast_copy(game, {"player": player, "object": card.id, "half": answer.get("half"), "targets": targets, "without_paying": True})


@effect("replicate_copies")
@implements("storm.q4", "cr.current.copy-of-spell")
def _replicate_copies(game, ability_obj, eff, target) -> None:
    """The replicate trigger resolves: copy the spell once per replicate payment (model/replicate.py)."""
    _copy_remembered_spell(game, ability_obj, ability_obj.ability["count"], "replicate")
