"""Merged permanents (730) and mutate (702.140): pure characteristic rules here; the game
operations (merging, leaving the battlefield) are further down."""

from __future__ import annotations

from mtgrules.spec import implements

from .objects import Characteristics


@implements("merging.2", "merging.2a", "cr.current.layer-1", "cr.current.mutate")
def merged_characteristics(components: list[Characteristics], mutated: bool = False) -> Characteristics:
    """730.2a: a merged permanent has only the characteristics of its topmost component, unless
    the effect that merged them says otherwise. Mutate says otherwise for abilities (702.140e):
    a mutated permanent has all abilities of each card and token that represents it; its other
    characteristics are derived from the topmost one. ``components`` is topmost first, each
    already evaluated (face, flip and face-down status applied)."""
    if not components:
        raise ValueError("a merged permanent has at least one component")
    top = components[0]
    if not mutated or len(components) == 1:
        return top
    abilities, keywords = list(top.abilities), list(top.keywords)
    for other in components[1:]:
        abilities += [a for a in other.abilities if a not in abilities]
        keywords += [k for k in other.keywords if k not in keywords]
    return top.with_(abilities=tuple(abilities), keywords=tuple(keywords))


@implements("cr.current.mutate")
def ability_faces(obj) -> list:
    """The faces whose printed abilities the permanent ``obj`` has: its topmost component's
    current face (730.2a), every component's if it is mutated (702.140e); none face down (708.2)."""
    if obj.face_down:
        return []
    components = obj.components if obj.mutated else obj.components[:1]
    return [c.card.faces[1 if c.face == "b" and len(c.card.faces) > 1 else 0] for c in components]
