"""Provoke (seed 004: 702.37 pre-2013, today 702.39) and other abilities that trigger when a
creature attacks."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, effect
from .characteristic_effects import abilities_with
from .combat_state import combat
from .triggers import add_trigger


def _legal_target(game, oid, defender: str) -> bool:
    obj = game.state.objects.get(oid)
    return obj is not None and obj.zone == "battlefield" and obj.controller == defender and game.characteristics(obj).is_type("Creature")


@implements("provoke.a", "provoke.b", "provoke.q2")
def attack_triggers(game, attacker, defender: str) -> None:
    """508.2 / 603.2: abilities of an attacking creature that trigger "whenever this creature
    attacks". Provoke: "Whenever this creature attacks, you may choose to have target creature
    defending player controls block this creature this combat if able. If you do, untap that
    creature." Each instance triggers separately (provoke.b); the trigger uses the stack, so
    players can respond (provoke.q2). Its target is chosen as it is put on the stack (the
    action's ``choices.targets``, one per instance; by default the only legal one, if there is
    just one)."""
    wanted = list(game.choice("targets") or [])
    legal = [oid for oid in game.state.battlefield if _legal_target(game, oid, defender)]
    for ab in abilities_with(game, attacker, "keyword", "provoke"):
        if wanted:
            target = game.obj(wanted.pop(0), zone="battlefield").id
        elif len(legal) == 1:
            target = legal[0]
        else:
            target = None
        if target is not None and not _legal_target(game, target, defender):
            raise IllegalAction("provoke.a", f"{target} isn't a creature the defending player controls")
        if target is None:
            game.log("no_effect", object=attacker.id, rule="provoke.a", reason="provoke has no legal target: it is removed from the stack")
            continue
        game.state.pending_triggers.append({"source": attacker.id, "controller": attacker.controller, "text": "Provoke",
                                            "effects": [{"effect": "provoke", "target": "creature", "attacker": attacker.id, "defender": defender}],
                                            "targets": [target]})
    for ab in abilities_with(game, attacker, "trigger", "attacks"):
        add_trigger(game, attacker, {**ab, "text": ab.get("text", "attacks")})


@effect("provoke")
@implements("provoke.a", "provoke.q1", "provoke.q3")
def _provoke(game, source, eff, target):
    """As provoke resolves: if the player chooses to (``choices.may``, yes by default) and the
    target is still a creature the defending player controls, untap it; it must block the
    provoking creature this combat if able (a requirement checked as blockers are declared, so
    a creature tapped again before then can't block and doesn't: provoke.q3)."""
    target = target if isinstance(target, str) else None
    if game.choice("may", True) is False or target is None or not _legal_target(game, target, eff["defender"]):
        game.log("no_effect", object=source.id, rule="provoke.a", reason="provoke declined or its target is illegal")
        return
    obj = game.state.objects[target]
    obj.tapped = False
    combat(game)["requirements"].append({"creature": target, "attacker": eff["attacker"], "rule": "provoke.a"})
    game.log("provoked", object=target, attacker=eff["attacker"], untapped=True)
