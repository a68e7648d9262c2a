"""Replacement effects on zone changes (614, 616), and their application to merged permanents
(730.3d, 730.3e)."""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgrules.spec import implements

from .actions import IllegalAction
from .objects import ZONES
from .journal import Tracked
from .prohibitions import static_abilities


@dataclass
class ZoneChange:
    """The event of an object moving, as the replacement effects see and modify it."""

    obj_id: str
    from_zone: str
    to_zone: str
    cause: str
    card_components_to: str | None = None  # 730.3e: card components of a token merged permanent
    applied: list[str] = field(default_factory=list)
    position: str | None = None  # where in a library the replacement puts it ("bottom": Wheel of Sun and Moon)


@dataclass
class Replacement(Tracked):
    """"If [an object] would be put into [to] (from [from_zone]), put it into [instead] instead."

    ``objects``: "card" (cards only, not tokens: 730.3e), or "any". ``object_id``: only that
    object (flashback's replacement for its spell). ``except_to``: zones for which the effect
    does not apply because the object is already going there (flashback.q6)."""

    name: str
    instead: str
    timestamp: int
    to: tuple[str, ...] | None = None
    from_zone: str | None = None
    objects: str = "any"
    owner: str | None = None
    object_id: str | None = None
    except_to: tuple[str, ...] = ()
    rule: str = "cr.current.replacement-effects"
    position: str | None = None

    def watches(self, game, obj, event: ZoneChange) -> bool:
        if self.object_id is not None and self.object_id != event.obj_id:
            return False
        if self.from_zone is not None and self.from_zone != event.from_zone:
            return False
        if self.to is not None and event.to_zone not in self.to:
            return False
        if event.to_zone in self.except_to or event.to_zone == self.instead:
            return False
        if self.owner is not None and self.owner != obj.owner:
            return False
        return True


def add_replacement(game, data: dict) -> Replacement:
    """A replacement effect from a setup or a test action (``kind: replacement``)."""
    rep = replacement_from_json(data, game.tick())
    game.state.replacements.append(rep)
    return rep


def replacement_from_json(data: dict, timestamp: int) -> Replacement:
    instead = data["instead"]
    if instead not in ZONES:
        raise ValueError(f"unknown zone {instead!r}")
    to = data.get("to")
    return Replacement(
        name=data.get("name", f"put into {instead} instead"),
        instead=instead,
        timestamp=timestamp,
        to=tuple([to] if isinstance(to, str) else to) if to else None,
        from_zone=data.get("from"),
        objects=data.get("objects", "any"),
        owner=data.get("owner"),
        position=data.get("position"),
    )


@implements("cr.current.replacement-effects", "cr.current.replacement-order", "merging.3d", "merging.3e")
def apply_replacements(game, obj, event: ZoneChange, order: list[str] | None = None) -> None:
    """614.1 / 616.1: each replacement effect that would apply to the event modifies it, once;
    if several apply, the affected object's controller chooses one (``order``, names; by default
    the earliest timestamp), then the others are checked again against the modified event.
    730.3d: applying one to a merged permanent applies it to all of its components. 730.3e: a
    replacement for a "card" (not tokens) applies to all components of a merged permanent that
    isn't a token, tokens included; if the merged permanent is a token, the card components are
    moved by the replacement and the token and its token components go where they were going."""
    order = list(order or game.choice("replacement") or [])
    while True:
        candidates = [r for r in game.state.replacements + static_replacements(game) if r.name not in event.applied and r.watches(game, obj, event)]
        usable = []
        for rep in candidates:
            if rep.objects == "card" and obj.token:
                if any(not c.token for c in obj.components) and event.card_components_to is None:
                    usable.append(rep)
                continue
            usable.append(rep)
        if not usable:
            return
        chosen = None
        for name in order:
            chosen = next((r for r in usable if r.name == name), None)
            if chosen:
                break
        if order and chosen is None and any(n not in event.applied for n in order if n in [r.name for r in usable]):
            raise IllegalAction("cr.current.replacement-order", "unknown replacement effect in replacement_order")
        if chosen is None:
            chosen = min(usable, key=lambda r: r.timestamp)
        if chosen.objects == "card" and obj.token:
            event.card_components_to = chosen.instead
        else:
            event.to_zone = chosen.instead
            event.position = chosen.position
        event.applied.append(chosen.name)


@implements("cr.current.replacement-effects")
def static_replacements(game) -> list[Replacement]:
    """Replacement effects generated by static abilities of permanents on the battlefield
    (``{static: replacement, replacement: {to, instead, objects, owner}}``; ``owner: opponent``:
    cards owned by an opponent of the permanent's controller, Leyline of the Void). They apply
    while the permanent is on the battlefield, with its timestamp."""
    out = []
    for permanent, ab in static_abilities(game, "replacement"):
        data = dict(ab["replacement"])
        owners = [p for p in game.state.order if p != permanent.controller] if data.get("owner") == "opponent" else [data.get("owner")]
        if data.get("owner") == "enchanted":  # "enchanted player's graveyard" (Wheel of Sun and Moon)
            owners = [permanent.attached_to] if permanent.attached_to in game.state.players else []
        for owner in owners:
            rep = replacement_from_json({**data, "owner": owner, "name": permanent.card.name}, permanent.timestamp)
            out.append(rep)
    return out


def remove_replacements_for(game, object_id: str) -> None:
    game.state.replacements = [r for r in game.state.replacements if r.object_id != object_id]
