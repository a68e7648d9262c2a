"""Characteristics of objects in play: copiable values (layer 1) and continuous effects with
timestamps (613). Only what the seeds need: copy effects, face-down status, and power/toughness
changes "until end of turn" (layer 7) that follow the object, not the face (711.12)."""

from __future__ import annotations

from mtgrules.spec import implements

from .attachments import granted, granted_keywords, granted_power_toughness
from .characteristic_effects import apply_characteristic_effects, effect_fields
from .control import control_effects_end
from .double_faced import copy_of_back_face, dfc_characteristics
from .dynamic import dynamic_characteristics, split_characteristics
from .face_down import face_down_characteristics
from .imprinted import imprinted_characteristics
from .merging import ability_faces, merged_characteristics
from .objects import Characteristics, Component, GameObject, face_characteristics, once_per

NO_CHARACTERISTICS = Characteristics()


@implements("merging.2h", "cr.current.flip-cards")
def component_characteristics(component: Component, zone: str, half: str | None, edition: str, flipped: bool = False) -> Characteristics:
    """The characteristics one card or token contributes in ``zone``: a face-down component has
    the face-down characteristics; a dynamic card those of DYN; a double-faced card those of the
    face up (711.4); a flip card its alternative characteristics if the permanent is flipped
    (710, and 730.2h: a merged permanent that is flipped)."""
    card = component.card
    if component.face_down:
        return face_down_characteristics()
    if card.layout == "dynamic":
        return dynamic_characteristics(card, zone, half)
    if card.layout == "split":
        return split_characteristics(card, zone, half)
    if card.is_double_faced:
        return dfc_characteristics(card, component.face, zone, edition)
    if card.is_flip and flipped and zone == "battlefield":
        flipped = face_characteristics(card.faces[1])
        return flipped.with_(mana_cost=card.faces[0].mana_cost)
    return face_characteristics(card.faces[0])


@implements("cr.current.layer-1", "merging.2a", "merging.2e")
def copiable_values(game, obj: GameObject) -> Characteristics:
    """Layer 1 (613.2): the merged permanent's topmost component's values (730.2a; all abilities
    if mutated, 702.140e), then copy effects in timestamp order; a face-down object keeps the
    face-down characteristics whatever it copies (708.10). The merge is a copiable effect with
    the timestamp of the merge, so copy effects older than it no longer show (730.2a)."""
    half = obj.spell.half if obj.spell else None
    edition = game.state.rules_edition
    components = obj.components
    if len(components) == 1:  # not merged: the one card's values
        values = component_characteristics(components[0], obj.zone, half, edition, obj.flipped)
    else:
        values = merged_characteristics([component_characteristics(c, obj.zone, half, edition, obj.flipped) for c in components], obj.mutated)
    if not game.state.effects or obj.face_down:
        return values
    for effect in effects_on(game, obj, "copy"):
        if effect["timestamp"] < obj.merged_at:
            continue  # 730.2a: the merge is a later copiable effect
        if effect["values"] is None:
            continue  # a double-faced token copy: its own faces give the values (707.8a)
        values = Characteristics(**effect["values"]) if isinstance(effect["values"], dict) else effect["values"]
    return values


def effects_on(game, obj: GameObject, kind: str) -> list[dict]:
    if not game.state.effects:
        return []
    return sorted((e for e in game.state.effects if e["kind"] == kind and e.get("object") == obj.id), key=lambda e: e["timestamp"])


@implements("cr.current.layers", "cr.current.timestamps", "dfc-2016.12", "merging.2c")
def characteristics(game, obj: GameObject) -> Characteristics:
    """613.1: start from the copiable values, then apply continuous effects in layers; within
    layer 7, effects in timestamp order (613.7), then counters. Effects follow the object: a
    permanent that transforms (711.12) or merges (730.2c) is the same object, so an "until end
    of turn" +2/+2 keeps applying."""
    if obj.ability is not None:
        return NO_CHARACTERISTICS
    attached = granted(game, obj)  # the Auras' and Equipment's abilities (layers 6 and 7c)
    values = granted_keywords(apply_characteristic_effects(game, obj, copiable_values(game, obj)), attached)
    values = imprinted_characteristics(game, obj, values)  # Duplicant (layers 4, 7b)
    if values.power is None or not values.is_type("Creature"):
        return values
    power, toughness = values.power, values.toughness
    if obj.zone == "battlefield" and any(_counts_face_down(face) for face in ability_faces(obj)):
        # Ixidron (604.3, layer 7a): power and toughness each equal the number of face-down creatures
        power = toughness = sum(1 for oid in game.state.battlefield if game.state.objects[oid].face_down)
    for effect in effects_on(game, obj, "pump"):
        power += effect.get("power", 0)
        toughness += effect.get("toughness", 0)
    if attached:  # Auras, Equipment
        more_power, more_toughness = granted_power_toughness(attached)
        power, toughness = power + more_power, toughness + more_toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0) if obj.counters else 0
    if power + plus == values.power and toughness + plus == values.toughness:
        return values  # nothing changed them: no new copy
    return values.with_(power=power + plus, toughness=toughness + plus)


_COUNTS_FACE_DOWN: dict[int, tuple[object, bool]] = {}


def _counts_face_down(face) -> bool:
    """Whether the face has Ixidron's characteristic-defining ability (asked once per face)."""
    return once_per(_COUNTS_FACE_DOWN, face, lambda f: any(a.get("cda") == "face_down_creatures" for a in f.abilities))


def add_effect(game, data: dict) -> dict:
    """A continuous effect from a setup or test action: ``pump`` (+N/+N, until end of turn by
    default), ``copy`` (becomes a copy of another object), or ``cost_modifier``."""
    kind = data.get("kind")
    effect = {"kind": kind, "timestamp": game.tick(), "until": data.get("until", "end_of_turn")}
    if kind == "pump":
        effect.update(object=game.obj(data["object"]).id, power=int(data.get("power", 0)), toughness=int(data.get("toughness", 0)))
    elif kind == "copy":
        target = game.obj(data["object"])
        source = game.obj(data["of"])
        effect.update(object=target.id, values=copy_values_of(game, source), of=source.id)
    elif kind == "cost_modifier":
        effect.update(player=data.get("player"), generic=int(data["generic"]), name=data.get("name", "cost modifier"), until=data.get("until"))
    else:
        effect.update(effect_fields(game, data))  # layers 3, 5, 6 and prohibitions (or unknown: refused)
    game.state.effects.append(effect)
    return effect


@implements("cr.current.copying-objects", "dfc-2016.4b", "dfc-2016.5.ex1")
def copy_values_of(game, source: GameObject) -> Characteristics:
    """707.2: a copy acquires the copiable values of the original. 711.4b: a permanent copying
    the back face of a double-faced card has converted mana cost 0."""
    values = copiable_values(game, source)
    if source.zone == "battlefield" and not source.face_down and source.top.card.is_double_faced and source.top.face == "b" and not source.merged:
        values = copy_of_back_face(values)
    return values


def end_of_turn_effects(game) -> None:
    """514.2: "until end of turn" effects end in the cleanup step (a control-changing effect's
    permanent returns to the controller the remaining effects give it)."""
    ended = [e for e in game.state.effects if e.get("until") == "end_of_turn"]
    game.state.effects = [e for e in game.state.effects if e.get("until") != "end_of_turn"]
    control_effects_end(game, ended)
