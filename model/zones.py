"""Zones (400.1) and zone changes: every move makes a new object (400.7), with the exceptions
the seeds rely on (a transforming or merging permanent stays the same object: 711.12, 730.2c)."""

from __future__ import annotations

from dataclasses import replace

from mtgrules.spec import implements

from .actions import IllegalAction
from .commander import commander_destination
from .conditions import condition_holds
from .objects import ZONES, Component, GameObject
from .replacement import ZoneChange, apply_replacements
from .support import face_up_faces, refuse
from .targets import target_allowed


@implements("cr.current.zones")
def create_object(game, *, owner: str, controller: str, zone: str, components: list[Component], object_id: str | None = None, position: str = "top") -> GameObject:
    """400.1: put a new object into one of the zones: library, hand, graveyard, battlefield,
    stack, exile, command (library, hand and graveyard are each player's own)."""
    if zone not in ZONES:
        raise IllegalAction("cr.current.zones", f"no zone called {zone!r}")
    oid = object_id or game.new_id()
    if oid in game.state.objects:
        raise IllegalAction(None, f"object ID {oid!r} already used")
    if zone != "battlefield":
        controller = owner if zone != "stack" else controller
    obj = GameObject(id=oid, owner=owner, controller=controller, zone=zone, components=components, timestamp=game.tick())
    game.state.objects[oid] = obj
    where = game.zone_list(zone, owner)
    if zone in ("library", "graveyard") and position == "top":
        where.insert(0, oid)  # library and graveyard lists are top first
    else:
        where.append(oid)
    return obj


def remove_object(game, obj: GameObject) -> None:
    """Take ``obj`` out of its zone and out of the game's objects (it ceases to exist here)."""
    where = game.zone_list(obj.zone, obj.owner)
    if obj.id in where:
        where.remove(obj.id)
    game.state.objects.pop(obj.id, None)


def _reset(component: Component, to_zone: str, keep_face_down: bool) -> Component:
    """A card moving to a new zone: face up again (unless it stays face down), front face up
    (711.4a: outside the battlefield a DFC has its front face); a new object is unflipped."""
    return replace(
        component,
        face_down=component.face_down and keep_face_down,
        face_down_as=component.face_down_as if (component.face_down and keep_face_down) else None,
        face="a",
    )


@implements("cr.current.new-object", "merging.3", "merging.3a", "merging.3b", "merging.3c", "cr.current.face-down-leaves", "morph.q9", "morph.q13")
def move(game, obj: GameObject, to_zone: str, cause: str, *, position: str = "top", face_down: bool = False,
         controller: str | None = None, order: list[str] | None = None, replacement_order: list[str] | None = None,
         keep: dict | None = None) -> list[GameObject]:
    """Move ``obj`` to ``to_zone``, applying replacement effects first (614, 616), and return the
    new objects. 400.7: the moved object becomes a new object. 730.3: if a merged permanent
    leaves the battlefield, one permanent leaves and each component is put into the zone, each
    a new object (730.3c: an effect that finds the new object finds all of them); 730.3a/b: the
    player may choose their order (``order``: card names, first on top / earliest timestamp).
    708.9: a face-down permanent or spell leaving is revealed. ``keep`` carries the status kept
    by a stack-to-battlefield move (face, face-down) for a resolving permanent spell."""
    from_zone = obj.zone
    if from_zone == "battlefield" or from_zone == "stack" and obj.ability is None and to_zone == "graveyard":
        for face in face_up_faces(obj):  # leaves-the-battlefield abilities the model lacks (support.py)
            refuse(obj.card.name, face, ("leaves",))
    event = ZoneChange(obj_id=obj.id, from_zone=from_zone, to_zone=to_zone, cause=cause)
    apply_replacements(game, obj, event, replacement_order)
    position = event.position or position
    dying = from_zone == "battlefield" and event.to_zone == "graveyard" and game.characteristics(obj).is_type("Creature")
    leaving = leaves_triggers(game, obj, event.to_zone) if from_zone == "battlefield" else []
    def destination(component: Component) -> str:
        commander = commander_destination(game, obj, component, event.card_components_to if event.card_components_to and not component.token else event.to_zone)
        if commander:
            return commander  # 903.9b, 903.9c
        if event.card_components_to and not component.token:
            return event.card_components_to  # 730.3e
        return event.to_zone

    hidden = face_down and event.to_zone == "exile"
    revealed = None
    if from_zone in ("battlefield", "stack") and event.to_zone != "battlefield" and not hidden:
        revealed = [c.card.name for c in obj.components if c.face_down] or None
    components = list(obj.components)
    order = order or (game.choice("order") if obj.merged else None)
    if order:
        names = [c.card.name for c in components]
        if sorted(order) != sorted(names):
            raise IllegalAction("merging.3a", f"the order must list the components {names}")
        components = sorted(components, key=lambda c: order.index(c.card.name))
    remove_object(game, obj)
    new_objects = []
    owner_ctrl = controller or obj.controller
    if keep is not None and from_zone == "stack" and destination(components[0]) == "battlefield":
        comps = [replace(c, face_down=keep.get("face_down", c.face_down), face=keep.get("face", c.face)) for c in components]
        new_objects.append(create_object(game, owner=obj.owner, controller=owner_ctrl, zone="battlefield", components=comps))
    else:
        # The first component of ``order`` ends on top of a library or graveyard, and gets the
        # earliest timestamp elsewhere (730.3a, 730.3b).
        ordered = list(zip(components, map(destination, components)))
        for component, dest in ordered:
            if dest == "stack":
                raise IllegalAction(None, "objects are put on the stack by casting or copying")
        if position == "top":
            ordered = [(c, d) for c, d in reversed(ordered) if d in ("library", "graveyard")] + [(c, d) for c, d in ordered if d not in ("library", "graveyard")]
        created = {}
        for component, dest in ordered:
            comp = _reset(component, dest, keep_face_down=face_down and dest in ("exile", "battlefield"))
            if face_down and dest == "exile":
                comp = replace(comp, face_down=True, face_down_as="exile")
            created[id(component)] = create_object(game, owner=obj.owner, controller=owner_ctrl, zone=dest, components=[comp], position=position)
        new_objects = [created[id(c)] for c in components]
    game.log(
        "zone_change",
        object=obj.id,
        card=obj.card.name,
        new_objects=[n.id for n in new_objects],
        components=[{"card": n.card.name, "token": n.token, "to": n.zone, "new_object": n.id} for n in new_objects],
        **{"from": from_zone, "to": event.to_zone},
        cause=cause,
        replacements=list(event.applied),
        revealed=revealed,
        merged=obj.merged or None,
        copy=obj.copy or None,
    )
    if revealed:
        game.log("reveal", object=obj.id, cards=revealed, reason="a face-down object leaving is revealed (708.9)")
    for new in new_objects:
        new.copy = obj.copy  # a copy moved off the stack ceases to exist as a state-based action
    if dying:
        dies_triggers(game, obj)
    for trig in leaving:
        if trig.pop("self"):  # "return it": the card it became (400.7), found through the zone change
            trig["source"] = new_objects[0].id if new_objects else trig["source"]
            if any(e.get("target") == "self" for e in trig["effects"]):
                trig["targets"] = [trig["source"]]
        game.state.pending_triggers.append(trig)
    return new_objects


@implements("cr.current.look-back")
def leaves_triggers(game, obj: GameObject, to_zone: str) -> list[dict]:
    """Leaves-the-battlefield abilities (``{trigger: leaves, of: self | restriction, to: zone}``:
    "when this Aura is put into a graveyard from the battlefield", "whenever another creature you
    control leaves the battlefield"). 603.10a: they look back in time, so they are found before
    the object leaves, on every permanent then on the battlefield (the leaving one included),
    with the leaving object's characteristics as it last existed there."""
    out = []
    for oid in game.state.battlefield:
        permanent = game.state.objects[oid]
        if permanent.face_down:
            continue
        values = game.characteristics(permanent)
        for component in permanent.components:
            for face in component.card.faces:
                for ab in face.structured("trigger"):
                    if ab["trigger"] != "leaves" or ab.get("text", "") not in values.abilities or ab.get("to", to_zone) != to_zone:
                        continue
                    whose = ab.get("of", "self")
                    if whose == "self" and oid != obj.id or whose != "self" and not target_allowed(game, obj.id, whose, oid, permanent.controller):
                        continue
                    if not condition_holds(game, permanent.controller, ab.get("if"), source_id=oid):
                        continue  # 603.4, judged as it last existed (603.10a)
                    out.append({"source": oid, "controller": permanent.controller, "text": ab.get("text"), "effects": list(ab.get("effects", [])),
                                "self": whose == "self", **({"if": ab["if"]} if ab.get("if") else {})})
    return out


def dies_triggers(game, died: GameObject) -> None:
    """Abilities that trigger when another nontoken creature its controller controls dies
    (``{trigger: another_nontoken_creature_you_control_dies}``, Liliana, Heretical Healer); they
    look back at the creature as it last existed on the battlefield (603.10a). The abilities are
    found by the permanent's names, so a copy of such a permanent (a Clone) has them too, and on
    each component under the topmost of a mutated permanent (702.140e)."""
    if died.token:
        return
    for oid in list(game.state.battlefield):
        permanent = game.state.objects[oid]
        if permanent.controller != died.controller or permanent.face_down:
            continue
        values = game.characteristics(permanent)
        faces = []
        for name in values.names:
            try:
                faces += [face for face in game.card(name).faces if face.name == name]
            except KeyError:
                continue
        faces += [c.card.faces[1 if c.face == "b" and len(c.card.faces) > 1 else 0] for c in permanent.components[1:] if permanent.mutated]
        for face in faces:
            for ab in face.structured("trigger"):
                if ab["trigger"] == "another_nontoken_creature_you_control_dies" and ab.get("text", "") in values.abilities \
                        and condition_holds(game, permanent.controller, ab.get("if"), source_id=oid):
                    game.state.pending_triggers.append({"source": oid, "controller": permanent.controller, "text": ab.get("text"),
                                                        "effects": list(ab.get("effects", [])), "targets": [oid], **({"if": ab["if"]} if ab.get("if") else {})})
