"""Triggered abilities: storm's, which triggers as its spell is cast; a triggered ability waiting to
be put on the stack (with its intervening "if" clause, 603.4), and putting waiting triggered
abilities on the stack (603.3). Where the abilities of permanents trigger: trigger_events.py,
zones.py (leaving), entering.py."""

from __future__ import annotations

from copy import deepcopy

from mtgrules.spec import implements

from .actions import IllegalAction
from .conditions import condition_holds
from .objects import Component
from .targets import is_targeted, target_allowed
from .zones import create_object


@implements("storm.a", "storm.b", "storm.q1", "storm.q5", "storm.q6")
def storm_triggers(game, spell) -> None:
    """Storm (seed 004 storm.a): "When you cast this spell, put a copy of it onto the stack for
    each other spell that was cast before it this turn." Each instance triggers separately
    (storm.b). The count is fixed as the spell is cast: spells cast later, in response, don't
    add copies (storm.q5). The trigger remembers the spell as it was (last known information),
    so the copies are made even if the spell has left the stack when the trigger resolves."""
    count = game.state.spells_cast_this_turn - 1
    for ability in spell.card.faces[0].abilities:
        if ability.get("keyword") == "storm":
            game.state.pending_triggers.append({"source": spell.id, "controller": spell.controller, "text": "Storm",
                                                "effects": [{"effect": "storm_copies"}], "storm_count": count, "spell": deepcopy(spell)})


@implements("cr.current.intervening-if")
def add_trigger(game, source, ab: dict, **extra) -> bool:
    """``source``'s triggered ability ``ab`` triggers: it waits to be put on the stack (117.5)
    with ``extra`` (its targets, the triggering amount ...). 603.4: an ability with an
    intervening "if" clause (``if``: conditions.py) triggers only if the condition holds as the
    trigger event occurs, and is checked again as it resolves (resolution.py). False if it
    didn't trigger."""
    if not condition_holds(game, source.controller, ab.get("if"), source_id=source.id):
        return False
    trig = {"source": source.id, "controller": source.controller, "text": ab.get("text"), "effects": list(ab.get("effects", [])), **extra}
    if ab.get("if"):
        trig["if"] = ab["if"]
    game.state.pending_triggers.append(trig)
    return True


@implements("cr.current.trigger-no-legal-target", "cr.current.targets")
def choose_trigger_targets(game, trig: dict) -> bool:
    """Targets of a triggered ability that chose none as it triggered, chosen as it is put on the
    stack (``choices.targets``, each checked against its restriction, 601.2c via 603.3d). 603.3d:
    with no legal target for one of its targets it is removed from the stack instead (False)."""
    wanted = [e["target"] for e in trig.get("effects", []) if is_targeted(e)]
    trig["targets"] = [trig["source"] for e in trig.get("effects", []) if e.get("target") == "self"]
    if not wanted:
        return True
    candidates = list(game.state.players) + list(game.state.objects)
    for restriction in wanted:
        if not any(target_allowed(game, c, restriction, trig["source"], trig["controller"]) for c in candidates):
            game.log("trigger_removed", source=trig["source"], text=trig.get("text"), controller=trig["controller"],
                     reason="no legal target", rule="cr.current.trigger-no-legal-target")
            return False
    chosen = list(game.choice("targets") or [])
    if len(chosen) < len(wanted) or not all(target_allowed(game, t, r, trig["source"], trig["controller"]) for t, r in zip(chosen, wanted)):
        raise IllegalAction("cr.current.targets", f"choose legal targets for {trig.get('text') or 'a triggered ability'} (choices.targets)")
    chosen = chosen[:len(wanted)]
    trig["targets"] = [trig["source"] if e.get("target") == "self" else chosen.pop(0)
                       for e in trig.get("effects", []) if e.get("target") not in (None, "that")]
    return True


def put_triggers_on_stack(game) -> None:
    """117.5 / 603.3: waiting triggered abilities are put on the stack (APNAP order; within one
    player's, in the order they triggered)."""
    s = game.state
    pending, s.pending_triggers = s.pending_triggers, []
    order = {p: i for i, p in enumerate(s.order[s.order.index(s.active):] + s.order[: s.order.index(s.active)])}
    for trig in sorted(pending, key=lambda t: order.get(t["controller"], 0)):
        if "targets" not in trig and not choose_trigger_targets(game, trig):
            continue
        source = s.objects.get(trig["source"])
        card = source.card if source else None
        ab = create_object(game, owner=trig["controller"], controller=trig["controller"], zone="stack",
                           components=[Component(card=card)] if card else [])
        ab.ability = {"effects": [], "targets": [], **{k: v for k, v in trig.items() if k != "controller"}}
        game.log("trigger", object=ab.id, source=trig["source"], text=trig.get("text"), controller=trig["controller"])
