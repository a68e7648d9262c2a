"""Face-down game actions: casting with morph, turning face up (a special action) and face down.
Characteristics are in face_down.py, manifesting in manifest.py."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import AlternativeCost, IllegalAction, action, alternative_cost
from .characteristic_effects import abilities_with
from .dynamic import combined_characteristics
from .mana import parse_cost
from .payment import pay
from .triggers import add_trigger


def _morph_cost(game, obj, a) -> str:
    return "{3}"


def _morph_prepare(game, obj, a, info, values) -> None:
    """702.35c (morph.c): a card can't be cast face down if it doesn't have morph."""
    if obj.card.alternative_cost("morph", info.half) is None and not any(f.structured("alternative_cost") and obj.card.alternative_cost("morph") for f in obj.card.faces):
        raise IllegalAction("morph.c", f"{obj.card.name} doesn't have morph: it can't be cast face down")


MORPH = alternative_cost(AlternativeCost(
    name="morph", zones=("hand",), rule="morph.a", cost=_morph_cost, prepare=_morph_prepare, face_down=True))
implements("morph.a", "morph.b", "morph.c", "dfc-2016.9")(_morph_prepare)


def turn_up_cost(game, obj, how: str) -> str | None:
    """The cost to turn a face-down permanent face up: its morph cost (702.35d), or, for a
    manifested permanent, the mana cost of a creature card (701.40b). DYN.5c: a manifested
    dynamic card is turned up by paying the mana cost of the dynamic card, its halves' combined
    mana cost (DYN.4b)."""
    card = obj.top.card
    if how == "morph":
        return card.alternative_cost("morph")
    if how == "manifest":
        if obj.top.face_down_as != "manifest":
            return None
        if card.layout == "dynamic":
            return combined_characteristics(card).mana_cost
        front = card.faces[0]
        if "Creature" not in front.types:
            return None
        return front.mana_cost
    return None


@action("turn_face_up", player_action=True)
@implements("morph.d", "morph.q1", "morph.q4", "morph.q5", "morph.q6", "morph.q11", "morph.q14", "cr.pre-2013.special-actions", "cr.current.special-actions", "cr.current.manifest",
            "dyn.5b", "dyn.5c", "dfc-2016.9a", "merging.2f", "merging.2g")
def turn_face_up(game, a):
    """116.2b / 702.35d (morph.d): a player with priority may turn a face-down permanent they
    control face up by showing and paying its morph cost; it doesn't use the stack, and the
    permanent doesn't enter the battlefield again (morph.q5). 701.40b: a manifested creature card
    for its mana cost. DYN.5b: a dynamic card turned face up becomes the permanent half; DYN.5c:
    a manifested one is paid for with the dynamic card's combined mana cost. 711.9a: a face-down
    double-faced card turns face up with its front face up. 730.2f: turning a face-down merged
    permanent face up turns each face-down component face up; 730.2g: if it contains an instant
    or sorcery card it is revealed and stays face down. It doesn't use the stack, so nothing can
    respond to it (morph.q4); it works only on a face-down permanent on the battlefield (morph.q14),
    never turns one face down (morph.q6); an effect that turns it face up needs no cost
    (``using: effect``, morph.q11)."""
    player = a["player"]
    if a.get("using") == "effect":  # an effect turns it face up: no cost, no priority needed
        obj = game.obj(a["object"], zone="battlefield")
        if obj.face_down:
            turn_up(game, obj, cause="effect")
        return
    if game.state.priority != player:
        raise IllegalAction("cr.current.special-actions", f"{player} doesn't have priority: special actions need it")
    obj = game.obj(a["object"], zone="battlefield")
    if obj.controller != player:
        raise IllegalAction("morph.d", f"{player} doesn't control that permanent")
    if not obj.face_down:
        raise IllegalAction("morph.d", "that permanent isn't face down")
    how = a.get("using") or ("manifest" if obj.top.face_down_as == "manifest" else "morph")
    cost = turn_up_cost(game, obj, how)
    if cost is None:
        rule = "morph.d" if how == "morph" else "cr.current.manifest"
        raise IllegalAction(rule, f"this permanent can't be turned face up using {how}")
    if pay(game, player, parse_cost(cost)) is None:
        raise IllegalAction("cr.pre-2013.pay", f"{player} can't pay {cost}")
    turn_up(game, obj, cause=how, cost=cost)
    game.state.passes = 0


@implements("merging.2f", "merging.2g", "dfc-2016.9a", "dyn.5b", "morph.q3", "morph.q7")
def turn_up(game, obj, cause: str, cost: str | None = None) -> bool:
    """Turn a face-down permanent face up (each face-down component, 730.2f); a merged permanent
    with an instant or sorcery card is revealed and left face down instead (730.2g). It stays the
    same object, with its counters and the effects on it (morph.q3)."""
    blocked = [c.card.name for c in obj.components if c.face_down and c.card.faces[0].is_instant_or_sorcery]
    if blocked:
        rule = "merging.2g" if obj.merged else "cr.current.manifest"
        game.log("reveal", object=obj.id, cards=blocked, reason="an instant or sorcery card can't be turned face up: it stays face down", rule=rule)
        return False
    for c in obj.components:
        if c.face_down:
            c.face_down = False
            c.face_down_as = None
            c.face = "a"
    game.log("turned_face_up", object=obj.id, card=obj.card.name, cause=cause, cost=cost)
    for ab in abilities_with(game, obj, "trigger", "turned_face_up"):  # morph.q4: these use the stack
        add_trigger(game, obj, ab, targets=list(game.choice("targets") or []))
    return True


@action("turn_face_down")
@implements("dfc-2016.10", "merging.2f", "merging.2j", "cr.current.face-down")
def turn_face_down(game, a):
    """Test effect: turn a permanent face down; it becomes a 2/2 face-down creature (708.2a).
    711.10: a double-faced permanent can't be turned face down: nothing happens. 730.2j: nor can
    a face-up merged permanent with a double-faced component. 730.2f: turning a merged permanent
    face down turns each face-up component face down. 708.2b: already face down: nothing."""
    obj = game.obj(a["object"], zone="battlefield")
    if obj.face_down:
        game.log("no_effect", object=obj.id, rule="cr.current.face-down", reason="a face-down permanent can't be turned face down")
        return
    if any(c.card.is_double_faced for c in obj.components):
        rule = "merging.2j" if obj.merged else "dfc-2016.10"
        game.log("no_effect", object=obj.id, rule=rule, reason="a double-faced permanent can't be turned face down")
        return
    for c in obj.components:
        if not c.face_down:
            c.face_down = True
            c.face_down_as = "effect"
    game.log("turned_face_down", object=obj.id)
