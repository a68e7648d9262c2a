"""A permanent entering the battlefield: what happens as it enters (a copy, Ixidron, amplify),
then its "when ... enters" abilities trigger."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .amplify import as_enters
from .choosing import as_enters_choices
from .continuous import add_effect
from .face_down_actions import turn_face_down
from .characteristic_effects import abilities_with
from .objects import GameObject
from .support import face_up_faces, refuse
from .targets import target_allowed
from .triggers import add_trigger


@implements("morph.q5", "cr.current.face-down")
def entered(game, permanent: GameObject) -> None:
    """A permanent entered the battlefield: log it, and its "when ... enters" abilities trigger
    (708.3: not if it entered face down, since it then has no abilities). What happens "as it
    enters" (amplify) is done first, so nothing sees it on the battlefield without it."""
    if not permanent.face_down:
        for face in face_up_faces(permanent):
            refuse(permanent.card.name, face, ("self_enters",))
    enters_as_copy(game, permanent)
    as_enters_choices(game, permanent)
    turn_others_face_down(game, permanent)
    as_enters(game, permanent)
    game.state.combat.setdefault("entered", []).append(permanent.id)  # 302.6 summoning sickness
    game.log("enters_battlefield", object=permanent.id, card=permanent.card.name, face_down=permanent.face_down or None,
             face=("back" if permanent.top.face == "b" else "front") if permanent.card.is_double_faced else None,
             controller=permanent.controller)
    others_enter_triggers(game, permanent)
    if permanent.face_down:
        return
    for ability in enters_abilities(game, permanent):  # its targets are chosen as it is put on the stack (triggers.py)
        add_trigger(game, permanent, {**ability, "text": ability.get("text", "enters trigger")})


@implements("cr.current.copying-objects")
def enters_as_copy(game, permanent: GameObject) -> None:
    """Clone: "You may have Clone enter as a copy of any creature on the battlefield." A
    replacement effect (614.1c): the permanent enters already a copy (707.2, copiable values) of
    the creature the player chooses (``choices.copy``; ``choices.may: false`` declines)."""
    if permanent.face_down or game.choice("may") is False or not game.choice("copy"):
        return
    if not any(a.get("as_enters") == "copy" for a in permanent.top.card.faces[0].abilities):
        return
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
                if ability["trigger"] == "enters" and ability.get("of", "self") == "self" and ability.get("text", "") in values.abilities:
                    out.append(ability)
    return out


@implements("cr.current.targets")
def others_enter_triggers(game, permanent: GameObject) -> None:
    """"Whenever another creature [you control] enters" (``{trigger: enters, of: restriction}``,
    Soul Warden, Lunarch Veteran): each permanent on the battlefield whose ability's restriction
    allows the entering one, judged for that permanent's controller."""
    for oid in list(game.state.battlefield):
        other = game.state.objects[oid]
        if other.face_down:
            continue
        for ab in abilities_with(game, other, "trigger", "enters"):
            whose = ab.get("of", "self")
            if whose != "self" and target_allowed(game, permanent.id, whose, oid, other.controller):
                add_trigger(game, other, ab)
