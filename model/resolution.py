"""Resolving spells and abilities (608), countering (701.6), and triggered abilities."""

from __future__ import annotations

from dataclasses import replace

from mtgrules.spec import implements

from .actions import IllegalAction
from .attachments import attach_resolving_aura
from .casting import effects_of, target_is_legal
from .objects import Component, GameObject
from .zones import create_object, move, remove_object


@implements("cr.current.resolving-spells", "cr.current.permanent-spell-resolves", "dyn.5", "dyn.example.r2", "dyn.example.r3",
            "dfc-2016.8", "cr.current.copy-of-spell")
def resolve_top(game) -> None:
    """608.2: an instant or sorcery spell follows its instructions, then is put into its owner's
    graveyard. 608.3: a permanent spell becomes a permanent on the battlefield under its
    controller's control. DYN.5: a dynamic card cast as its permanent half is put onto the
    battlefield; the nonpermanent half's characteristics don't exist there (DYN.example.r2); cast
    as its nonpermanent half it goes to the graveyard after resolving (DYN.example.r3). 711.8: a
    double-faced card enters with the face up it had on the stack (front face). A copy of a
    permanent spell becomes a token (707.10f)."""
    s = game.state
    obj = s.objects[s.stack[-1]]
    if obj.ability is not None:
        game.log("resolve", object=obj.id, ability=obj.ability.get("text"))
        run_effects(game, obj, obj.ability.get("effects", []), obj.ability.get("targets", []))
        remove_object(game, obj)
        return
    values = game.characteristics(obj)
    info = obj.spell
    effects = effects_of(obj.card, info.half, obj.top)
    targeted = [e for e in effects if e.get("target")]
    if targeted and info.targets and not any(target_is_legal(game, e["target"], t, obj.id, obj.controller) for e, t in zip(targeted, info.targets)):
        game.log("resolve", object=obj.id, card=obj.card.name, outcome="countered on resolution: every target is illegal")
        move(game, obj, "graveyard", "countered on resolution")
        return
    game.log("resolve", object=obj.id, card=obj.card.name, half=obj.card.face(info.half).name if info.half else None)
    if values.is_permanent:
        if info.mutate_onto is not None:
            from .merging_actions import resolve_mutating

            if resolve_mutating(game, obj):
                return
        entering_token = obj.copy
        new = move(game, obj, "battlefield", "resolve", controller=obj.controller, keep={"face_down": obj.face_down, "face": obj.top.face})
        for permanent in new:
            if entering_token:
                permanent.components = [replace(c, token=True) for c in permanent.components]
                permanent.copy = False
                if info.copy_of in s.objects:  # the token is a copy of that card: observed as copy_of (its own values stand)
                    from .continuous import add_effect

                    add_effect(game, {"kind": "copy", "object": permanent.id, "of": info.copy_of, "until": None})["values"] = None
            attach_resolving_aura(game, permanent, info.targets)
            entered(game, permanent)
        return
    run_effects(game, obj, effects, info.targets)
    if obj.id in s.objects and obj.zone == "stack":
        move(game, obj, "graveyard", "resolve")


@implements("cr.current.counter")
def counter(game, spell: GameObject, to_zone: str = "graveyard", cause: str = "countered") -> list[GameObject]:
    """701.6a: to counter a spell is to cancel it, removing it from the stack; it is put into its
    owner's graveyard (or where the countering effect says)."""
    if spell.zone != "stack":
        raise IllegalAction("cr.current.counter", "only a spell or ability on the stack can be countered")
    game.log("countered", object=spell.id, card=spell.card.name if spell.ability is None else None)
    if spell.ability is not None:
        remove_object(game, spell)
        return []
    return move(game, spell, to_zone, cause)


@implements("morph.q5", "cr.current.face-down")
def entered(game, permanent: GameObject) -> None:
    """A permanent entered the battlefield: log it, and its "when ... enters" abilities trigger
    (708.3: not if it entered face down, since it then has no abilities). What happens "as it
    enters" (amplify) is done first, so nothing sees it on the battlefield without it."""
    from .amplify import as_enters

    enters_as_copy(game, permanent)
    turn_others_face_down(game, permanent)
    as_enters(game, permanent)
    game.state.combat.setdefault("entered", []).append(permanent.id)  # 302.6 summoning sickness
    game.log("enters_battlefield", object=permanent.id, card=permanent.card.name, face_down=permanent.face_down or None,
             face=("back" if permanent.top.face == "b" else "front") if permanent.card.is_double_faced else None,
             controller=permanent.controller)
    if permanent.face_down:
        return
    for ability in enters_abilities(game, permanent):
        targeted = any(e.get("target") not in (None, "self") for e in ability.get("effects", []))
        game.state.pending_triggers.append({"source": permanent.id, "controller": permanent.controller, "effects": list(ability.get("effects", [])), "text": ability.get("text", "enters trigger"),
                                            "targets": list(game.choice("targets") or []) if targeted else []})


@implements("cr.current.copying-objects")
def enters_as_copy(game, permanent: GameObject) -> None:
    """Clone: "You may have Clone enter as a copy of any creature on the battlefield." A
    replacement effect (614.1c): the permanent enters already a copy (707.2, copiable values) of
    the creature the player chooses (``choices.copy``; ``choices.may: false`` declines)."""
    if permanent.face_down or game.choice("may") is False or not game.choice("copy"):
        return
    if not any(a.get("as_enters") == "copy" for a in permanent.top.card.faces[0].abilities):
        return
    from .continuous import add_effect

    original = game.obj(game.choice("copy"), zone="battlefield")
    if original.id == permanent.id or not game.characteristics(original).is_type("Creature"):
        raise IllegalAction("cr.current.copying-objects", f"{original.card.name} is not another creature on the battlefield")
    add_effect(game, {"kind": "copy", "object": permanent.id, "of": original.id, "until": None})


@implements("cr.current.face-down")
def turn_others_face_down(game, permanent: GameObject) -> None:
    """Ixidron: "As Ixidron enters, turn all other nontoken creatures face down." Each becomes a
    2/2 face-down creature (708.2); one that can't be turned face down (a double-faced
    permanent, 711.10) stays face up."""
    if permanent.face_down or not any(a.get("as_enters") == "turn_others_face_down" for a in permanent.top.card.faces[0].abilities):
        return
    from .face_down_actions import turn_face_down

    for oid in list(game.state.battlefield):
        other = game.state.objects[oid]
        if oid != permanent.id and not other.token and game.characteristics(other).is_type("Creature"):
            turn_face_down(game, {"object": oid})


def enters_abilities(game, permanent: GameObject) -> list[dict]:
    """The structured "when this enters" abilities the permanent has now (its current face)."""
    values = game.characteristics(permanent)
    out = []
    for component in permanent.components:
        if component.face_down:
            continue
        for face in component.card.faces:
            for ability in face.structured("trigger"):
                if ability["trigger"] == "enters" and ability.get("text", "") in values.abilities:
                    out.append(ability)
    return out


def put_triggers_on_stack(game) -> None:
    """117.5 / 603.3: waiting triggered abilities are put on the stack (APNAP order; within one
    player's, in the order they triggered)."""
    s = game.state
    pending, s.pending_triggers = s.pending_triggers, []
    order = {p: i for i, p in enumerate(s.order[s.order.index(s.active):] + s.order[: s.order.index(s.active)])}
    for trig in sorted(pending, key=lambda t: order.get(t["controller"], 0)):
        source = s.objects.get(trig["source"])
        card = source.card if source else None
        ab = create_object(game, owner=trig["controller"], controller=trig["controller"], zone="stack",
                           components=[Component(card=card)] if card else [])
        ab.ability = {"effects": [], "targets": [], **{k: v for k, v in trig.items() if k != "controller"}}
        game.log("trigger", object=ab.id, source=trig["source"], text=trig.get("text"), controller=trig["controller"])


def run_effects(game, source: GameObject, effects: list[dict], targets: list) -> None:
    """Carry out a spell's or ability's structured effects in order (608.2c)."""
    from .effects import EFFECTS

    remaining = list(targets)
    for effect in effects:
        target = remaining.pop(0) if effect.get("target") and remaining else None
        EFFECTS[effect["effect"]](game, source, effect, target)
