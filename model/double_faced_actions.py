"""Transforming permanents (701.25 of 2016 / 701.27) and flipping flip cards."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import AlternativeCost, IllegalAction, action, alternative_cost
from .double_faced import can_transform, transforms_into_instant_or_sorcery


@action("transform")
@implements("dfc-2016.1", "dfc-2016.5", "dfc-2016.6", "dfc-2016.9a", "dfc-2016.12", "dfc-2016.12.ex1", "dfc-2016.5.ex1", "dfc-2016.5.ex2",
            "merging.2i", "cr.2016.transform", "cr.current.transform")
def transform(game, a):
    """Test effect: transform a permanent: turn it over so that its other face is up. 711.5: only
    permanents represented by double-faced cards transform; for any other, nothing happens.
    711.6: nor if the face it would transform into is an instant or sorcery face. 711.9a: a
    face-down permanent can't transform. 711.12: it stays the same object and effects on it
    continue. 730.2i: transforming a merged permanent turns each double-faced component."""
    obj = game.obj(a["object"], zone="battlefield")
    edition = game.state.rules_edition
    if obj.face_down:
        game.log("no_effect", object=obj.id, rule="dfc-2016.9a", reason="a face-down permanent can't transform")
        return
    if not can_transform([(c.card, c.token) for c in obj.components], edition):
        game.log("no_effect", object=obj.id, rule="dfc-2016.5", reason="only permanents represented by double-faced cards can transform")
        return
    turned = []
    for c in obj.components:
        if c.card.is_double_faced and not c.face_down and (not c.token or edition != "2016-04-08"):
            if transforms_into_instant_or_sorcery(c.card, c.face):
                if not obj.merged:
                    game.log("no_effect", object=obj.id, rule="dfc-2016.6", reason="its other face is an instant or sorcery face")
                    return
                continue
            c.face = "b" if c.face == "a" else "a"
            turned.append({"card": c.card.name, "face": "back" if c.face == "b" else "front"})
    game.log("transformed", object=obj.id, components=turned)


@action("flip")
@implements("merging.2h", "cr.current.flip-cards")
def flip(game, a):
    """Test effect: flip a flip card (710); a merged permanent with a flip component uses that
    component's alternative characteristics when the merged permanent is flipped (730.2h)."""
    obj = game.obj(a["object"], zone="battlefield")
    flip_cards = [c.card.name for c in obj.components if c.card.is_flip]
    if not flip_cards or obj.flipped:
        game.log("no_effect", object=obj.id, rule="cr.current.flip-cards", reason="only an unflipped permanent with a flip card can flip")
        return
    obj.flipped = True
    game.log("flipped", object=obj.id, components=flip_cards)


def _disturb_cost(game, obj, a) -> str:
    cost = obj.card.alternative_cost("disturb")
    if cost is None:
        raise IllegalAction("cr.current.double-faced-cards", f"{obj.card.name} doesn't have disturb")
    return cost


def _disturb_prepare(game, obj, a, info, values) -> None:
    _disturb_cost(game, obj, a)
    if game.state.rules_edition == "2016-04-08":
        raise IllegalAction("dfc-2016.7", "a double-faced card is cast with its front face up")


@implements("cr.current.double-faced-cards", "cr.current.dfc-characteristics")
def _disturb_on_cast(game, spell) -> None:
    """Disturb (702.146): cast the card transformed from its owner's graveyard by paying the
    disturb cost; it is put on the stack with its back face up (712.11a), its mana value that of
    its front face (712.8c), and resolves into a permanent with that face up."""
    spell.top.face = "b"


def _register_disturb():
    return alternative_cost(AlternativeCost(name="disturb", zones=("graveyard",), rule="cr.current.double-faced-cards",
                                            cost=_disturb_cost, prepare=_disturb_prepare, on_cast=_disturb_on_cast))


DISTURB = _register_disturb()
