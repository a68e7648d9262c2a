"""Merging game actions (730.2) and mutate (702.140): casting a mutating creature spell, its
resolution, and a test action that merges an object with a permanent."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import AlternativeCost, IllegalAction, action, alternative_cost
from .triggers import add_trigger
from .zones import remove_object


def _mutate_cost(game, obj, a) -> str:
    cost = obj.card.alternative_cost("mutate")
    if cost is None:
        raise IllegalAction("cr.current.mutate", f"{obj.card.name} doesn't have mutate")
    return cost


@implements("cr.current.mutate")
def _mutate_prepare(game, obj, a, info, values) -> None:
    """702.140a: paying the mutate cost makes it a mutating creature spell that targets a
    non-Human creature with the same owner as this spell."""
    _mutate_cost(game, obj, a)
    target_ref = a.get("mutate_onto")
    if target_ref is None:
        raise IllegalAction("cr.current.mutate", "a mutating creature spell targets a non-Human creature with the same owner")
    target = game.obj(target_ref, zone="battlefield")
    if not mutate_target_legal(game, target, obj.owner):
        raise IllegalAction("cr.current.mutate", f"{target.id} isn't a non-Human creature owned by {obj.owner}")
    info.mutate_onto = target.id
    info.mutate_position = a.get("position", "top")


def mutate_target_legal(game, target, owner: str) -> bool:
    if target.zone != "battlefield" or target.owner != owner:
        return False
    values = game.characteristics(target)
    return values.is_type("Creature") and "Human" not in values.subtypes


MUTATE = alternative_cost(AlternativeCost(name="mutate", zones=("hand",), rule="cr.current.mutate", cost=_mutate_cost, prepare=_mutate_prepare))


@implements("cr.current.mutate", "merging.1", "merging.2", "merging.2b", "merging.2c")
def resolve_mutating(game, spell) -> bool:
    """702.140b: if the target is illegal as it resolves, it resolves as a creature spell (returns
    False). 702.140c: otherwise it merges with the target (on top or under, its controller's
    choice) and doesn't enter the battlefield (730.2b)."""
    target = game.state.objects.get(spell.spell.mutate_onto)
    if target is None or not mutate_target_legal(game, target, spell.owner):
        game.log("mutate_target_illegal", object=spell.id)
        return False
    merge(game, spell, target, game.choice("merge", spell.spell.mutate_position), mutate=True, cause="mutate")
    mutates_triggers(game, target)
    return True


@implements("cr.current.mutate")
def mutates_triggers(game, permanent) -> None:
    """702.140d: "whenever this creature mutates" abilities trigger when a spell merges with it;
    702.140e: the merged permanent has the abilities of each of its components."""
    values = game.characteristics(permanent)
    if permanent.face_down:
        return
    for component in permanent.components:
        for face in component.card.faces:
            for ab in face.structured("trigger"):
                if ab["trigger"] == "mutates" and ab.get("text", "") in values.abilities:
                    add_trigger(game, permanent, ab)


@implements("merging.2", "merging.2a", "merging.2b", "merging.2c", "merging.2d", "merging.2e")
def merge(game, obj, permanent, position: str, *, mutate: bool, cause: str) -> None:
    """730.2: place the object on top of or under the permanent; the permanent becomes a merged
    permanent represented by that card in addition to its other components. 730.2b: the object
    leaves its zone and becomes part of an object on the battlefield, which isn't considered to
    have just entered. 730.2c: it is the same object as before: same controller, continuous
    effects still apply. 730.2e: if a face-down permanent becomes face up because a face-up
    object merged on top, it isn't "turned face up" (no such event is logged)."""
    if position not in ("top", "bottom"):
        raise IllegalAction("merging.2", "an object merges on top of or under a permanent")
    was_face_down = permanent.face_down
    components = list(obj.components)
    from_zone = obj.zone
    remove_object(game, obj)
    if position == "top":
        permanent.components = components + permanent.components
    else:
        permanent.components = permanent.components + components
    permanent.mutated = permanent.mutated or mutate
    permanent.merged_at = game.tick()
    game.log("zone_change", object=obj.id, card=obj.card.name, new_objects=[permanent.id],
             components=[{"card": c.card.name, "token": c.token, "to": "battlefield", "new_object": permanent.id} for c in components],
             **{"from": from_zone, "to": "battlefield"}, cause=cause, replacements=[], merged_into=permanent.id)
    game.log("merged", object=permanent.id, card=obj.card.name, spell=obj.id, position=position, mutate=mutate or None,
             face_down=permanent.face_down, was_face_down=was_face_down or None,
             components=[c.card.name for c in permanent.components])


@action("merge")
def merge_action(game, a):
    """Test effect: an effect merges an object (a card in any zone, or a spell) with a permanent."""
    obj = game.obj(a["object"])
    permanent = game.obj(a["onto"], zone="battlefield")
    if obj.id == permanent.id:
        raise IllegalAction("merging.2", "a permanent can't merge with itself")
    merge(game, obj, permanent, a.get("position", "top"), mutate=bool(a.get("mutate", True)), cause="merge")
