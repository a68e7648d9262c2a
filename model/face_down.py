"""Face-down spells and permanents (morph, manifest; 707 of 2016 / current 708, 701.40)."""

from __future__ import annotations

from mtgrules.spec import implements

from .objects import Characteristics

FACE_DOWN = Characteristics(
    names=(),
    mana_cost=None,
    mana_value=0,
    colors=(),
    types=("Creature",),
    subtypes=(),
    supertypes=(),
    abilities=(),
    keywords=(),
    power=2,
    toughness=2,
)


@implements("cr.current.face-down", "cr.2016.face-down", "cr.pre-2013.face-down", "dfc-2016.9", "morph.q2")
def face_down_characteristics() -> Characteristics:
    """708.2a / 702.37a / 701.40a: a face-down spell or permanent is a 2/2 creature with no text,
    no name, no subtypes, and no mana cost (colorless, mana value 0). 711.9: a face-down
    double-faced card has these characteristics, those given by the rule that made it face down.
    morph.q2: no mana cost (so converted mana cost 0), 2/2, no creature type, no name."""
    return FACE_DOWN
