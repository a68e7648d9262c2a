"""Choosing a card name (DYN.4a, 711.13: one name of a card with two, not both), and Cranial
Extraction, which exiles the cards with the chosen name."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .choosing import check_card_name
from .zones import move


@action("choose_name")
@implements("dyn.4a", "dfc-2016.13", "dyn.example.r1")
def choose_name(game, a):
    """An effect tells a player to choose (name) a card name. DYN.4a: for a dynamic card, one of
    its names, not both; 711.13: either face of a double-faced card but not both. An object has
    the chosen name if one of its names is the chosen name. Returns the objects that have it."""
    name = a["name"]
    check_card_name(game, name)
    having = [o.id for o in game.state.objects.values() if o.ability is None and game.characteristics(o).has_name(name)]
    game.log("name_chosen", player=a["player"], name=name, objects=having)
    return having


@effect("exile_named_cards")
@implements("dyn.4a", "dfc-2016.13", "cr.current.search")
def _cranial_extraction(game, source, eff, target):
    """Cranial Extraction: choose a card name (``choices.name``; one name of a dynamic or
    double-faced card, not both: DYN.4a, 711.13), search target player's graveyard, hand and
    library for all cards with that name and exile them (``choices.cards``: by default all of them;
    a search of the hidden hand and library may miss some, 701.23b, of the graveyard not). An
    object has the chosen name if one of its names is that name. ``nonland``:
    the name must not be a land's; ``shuffle``: then that player shuffles (logged; the model's
    shuffle leaves the order as it is, one possible outcome, so a scenario can't rely on any)."""
    name = game.choice("name")
    if not name:
        raise IllegalAction("dyn.4a", "choose a card name (choices.name)")
    if eff.get("nonland") and any(face.name == name and "Land" in face.types for o in game.state.objects.values() for face in o.card.faces):
        raise IllegalAction(None, f"choose a nonland card name ({name} is a land)")
    having = choose_name(game, {"player": source.controller, "name": name})
    player = target if target in game.state.players else source.controller
    found = [oid for oid in having if game.state.objects[oid].zone in ("graveyard", "hand", "library") and game.state.objects[oid].owner == player]
    wanted = game.choice("cards")
    if wanted is not None:
        chosen = [game.obj(ref, player=player).id for ref in wanted]
        if any(oid not in found for oid in chosen):
            raise IllegalAction("dyn.4a", f"only cards named {name} can be exiled")
        left = [oid for oid in found if oid not in chosen and game.state.objects[oid].zone == "graveyard"]
        if left:  # "all cards with that name": only a search of a hidden zone may miss some (701.23b)
            raise IllegalAction("cr.current.search", f"every card named {name} in the graveyard is exiled: a public zone's search finds them all")
        found = chosen
    for oid in found:
        move(game, game.state.objects[oid], "exile", "exile")
    if eff.get("shuffle"):  # "Then that player shuffles": any order is a shuffle's possible outcome; the model keeps it
        game.log("shuffle", player=player)
