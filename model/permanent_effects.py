"""Effects that change permanents without moving them: transform (701.27), turn face up or face
down, manifest (701.40), +N/+N, become a copy (707.2); and the test actions that begin a
continuous or replacement effect (``pump``, ``become_copy``, ``add_effect``)."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .continuous import add_effect
from .double_faced_actions import flip, transform
from .face_down_actions import turn_face_down, turn_up
from .manifest import manifest
from .replacement import add_replacement
from .targets import describe, target_allowed, target_permanent


@effect("transform")
def _transform(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None:
        transform(game, {"object": obj.id})


@effect("turn_face_up")
def _turn_face_up(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None and obj.face_down:
        turn_up(game, obj, cause="effect")


@effect("turn_face_down")
def _turn_face_down(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None:
        turn_face_down(game, {"object": obj.id})


@effect("pump")
def _pump(game, source, eff, target):
    obj = target_permanent(game, target)
    if obj is not None:
        add_effect(game, {"kind": "pump", "object": obj.id, "power": eff.get("power", 0), "toughness": eff.get("toughness", 0)})


@effect("become_copy")
def _become_copy(game, source, eff, target):
    """Target permanent becomes a copy of the permanent the player chooses (``choices.copy``)."""
    obj = target_permanent(game, target)
    chosen = game.choice("copy")
    if obj is not None and chosen:
        original = game.obj(chosen, zone="battlefield")
        if "copy_of" in eff and not target_allowed(game, original.id, eff["copy_of"], source.id, source.controller):
            raise IllegalAction(None, f"{original.card.name} can't be chosen ({describe(eff['copy_of'])})")  # Cytoshape: nonlegendary
        add_effect(game, {"kind": "copy", "object": obj.id, "of": original.id, "until": eff.get("until", "end_of_turn")})


@effect("manifest")
def _manifest(game, source, eff, target):
    if game.player(source.controller).library:
        manifest(game, {"player": source.controller})


@effect("transform_all")
@implements("cr.current.transform")
def _transform_all(game, source, eff, target):
    """"Transform all Humans" (Moonmist): each permanent with the subtype transforms; 711.5 /
    701.27c: one that isn't a double-faced card doesn't (the transform action refuses it)."""
    for oid in list(game.state.battlefield):
        obj = game.state.objects[oid]
        if eff.get("subtype") in game.characteristics(obj).subtypes:
            try:
                transform(game, {"object": oid})
            except IllegalAction:
                pass


@effect("reveal_top_transform")
def _delver(game, source, eff, target):
    """Delver of Secrets' upkeep trigger: look at the top card of your library; you may reveal it
    (``choices.may``; by default not); if an instant or sorcery card is revealed this way,
    transform the permanent whose ability this is."""
    library = game.player(source.controller).library
    if not library or not game.choice("may"):
        return
    top = game.state.objects[library[0]]
    game.log("reveal", player=source.controller, object=top.id, card=top.card.name)
    permanent = game.state.objects.get((source.ability or {}).get("source"))
    values = game.characteristics(top)
    if (values.is_type("Instant") or values.is_type("Sorcery")) and permanent is not None and permanent.zone == "battlefield":
        transform(game, {"object": permanent.id})


@action("pump")
def pump(game, a):
    """Test effect: target creature gets +P/+T (until end of turn unless ``until`` says otherwise)."""
    effect = add_effect(game, {"kind": "pump", "object": a["object"], "power": a.get("power", 0), "toughness": a.get("toughness", 0), "until": a.get("until", "end_of_turn")})
    game.log("effect_created", kind="pump", object=effect["object"], power=effect["power"], toughness=effect["toughness"], until=effect["until"])


@action("become_copy")
def become_copy(game, a):
    """Test effect: a permanent becomes a copy of another object (707.2; until end of turn by default)."""
    effect = add_effect(game, {"kind": "copy", "object": a["object"], "of": a["of"], "until": a.get("until", "end_of_turn")})
    game.log("effect_created", kind="copy", object=effect["object"], of=effect["of"], until=effect["until"])


@action("add_effect")
def add_effect_action(game, a):
    """Test effect: a replacement effect (``kind: replacement``) or a continuous effect
    (``kind: cost_modifier``, ``pump``, ``copy``) begins to apply."""
    data = a["effect"]
    if data.get("kind") == "replacement":
        rep = add_replacement(game, data)
        game.log("effect_created", kind="replacement", name=rep.name)
    else:
        eff = add_effect(game, data)
        game.log("effect_created", kind=eff["kind"], name=eff.get("name"))


@effect("flip")
def _flip(game, source, eff, target):
    """Flip it (710: a flip card's permanent, Akki Lavarunner); nothing if it has left or flipped."""
    obj = target_permanent(game, target)
    if obj is not None and not obj.flipped:
        flip(game, {"object": obj.id})
