"""Game objects and their characteristics (109.3).

An object is represented by one or more components (a card or a token each); only a merged
permanent (730) has more than one. Characteristics are computed, never stored: see
:mod:`mtgrules.model.continuous` for the layers and the pure functions of each layout module.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from mtgrules.spec import implements

from .cards import PERMANENT_TYPES, CardDef, Face
from .journal import SHARED, Tracked
from .mana import colors_of_cost, mana_value

ZONES = ("library", "hand", "graveyard", "battlefield", "stack", "exile", "command")
PLAYER_ZONES = ("library", "hand", "graveyard")
SHARED_ZONES = ("battlefield", "stack", "exile", "command")


@implements("cr.current.characteristics")
@dataclass(frozen=True)
class Characteristics:
    """109.3: name(s), mana cost, colors, card types, subtypes, supertypes, abilities (rules text),
    power and toughness. ``names`` has two names for a card whose halves are combined (DYN.4a)
    and none for a face-down object. ``mana_value`` is kept explicitly because some rules give a
    mana value that is not that of the mana cost (711.4b: a back face uses the front face's)."""

    names: tuple[str, ...] = ()
    mana_cost: str | None = None
    mana_value: int = 0
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    text: str | None = None  # rules text (None: no text, as a face-down object has)
    loyalty: int | None = None  # printed loyalty (209.1)

    @property
    def name(self) -> str | None:
        return " // ".join(self.names) if self.names else None

    def has_name(self, name: str) -> bool:
        """DYN.4a / 709.4a: an object has a chosen name if one of its names is that name."""
        return name in self.names

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    def with_(self, **changes) -> "Characteristics":
        return replace(self, **changes)

    def as_json(self) -> dict:
        return {
            "name": self.name,
            "names": list(self.names),
            "mana_cost": self.mana_cost,
            "mana_value": self.mana_value,
            "colors": list(self.colors),
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "supertypes": list(self.supertypes),
            "abilities": list(self.abilities),
            "keywords": list(self.keywords),
            "power": self.power,
            "toughness": self.toughness,
            "text": self.text,
            "loyalty": self.loyalty,
        }


SHARED.add(Characteristics)  # immutable: a game's state shares them (model/journal.py)


def _abilities_of(face: Face) -> tuple[str, ...]:
    return tuple(line for line in face.text.split("\n") if line.strip())


def once_per(memo: dict, thing, compute):
    """``compute(thing)`` for an immutable ``thing`` (a card, a face), computed once and kept by identity
    with ``thing`` itself, so that its id is not reused (hashing a card or face costs more than the
    computation it would save, and faces compare equal whatever their abilities). At most 4096 are
    kept (the fuzz campaigns make cards without end)."""
    known = memo.get(id(thing))
    if known is None:
        if len(memo) >= 4096:
            memo.clear()
        known = memo[id(thing)] = (thing, compute(thing))
    return known[1]


@lru_cache(maxsize=4096)
def face_characteristics(face: Face) -> Characteristics:
    """The characteristics printed on one face (or half) of a card. Colors: those MTGJSON lists
    for the face (its mana cost's colors, or its color indicator, 105.2 / 204). Computed once per
    face: a face and the characteristics are both immutable."""
    colors = tuple(face.colors) if face.colors else colors_of_cost(face.mana_cost)
    return Characteristics(
        names=(face.name,),
        mana_cost=face.mana_cost,
        mana_value=mana_value(face.mana_cost),
        colors=colors,
        types=face.types,
        subtypes=face.subtypes,
        supertypes=face.supertypes,
        abilities=_abilities_of(face),
        keywords=face.keywords,
        power=face.power,
        toughness=face.toughness,
        text=face.text,
        loyalty=face.loyalty,
    )


@dataclass
class Component(Tracked):
    """A card or token that represents (part of) an object, with its own status.

    ``face`` is the side up of a double-faced card ("a" front, "b" back); ``face_down_as`` says
    what made it face down (morph, manifest, effect). Flipped is a status of the permanent, not
    of a component (110.5; 730.2h: "if the merged permanent is flipped")."""

    card: CardDef
    token: bool = False
    face_down: bool = False
    face_down_as: str | None = None
    face: str = "a"

    def as_json(self, flipped: bool = False) -> dict:
        return {
            "card": self.card.name,
            "token": self.token,
            "face_down": self.face_down,
            "face": self.face if self.card.is_double_faced else None,
            "flipped": flipped if self.card.is_flip else None,
        }


@dataclass
class SpellInfo(Tracked):
    """How a spell on the stack came to be there: the choices of 601.2 and whether it was cast."""

    cast: bool = True
    from_zone: str | None = None
    half: str | None = None  # chosen half of a dynamic or split card (side letter)
    alternative_cost: str | None = None
    targets: list = field(default_factory=list)
    x: int = 0
    copy: bool = False  # a copy of a spell or of a card (707.10, 707.12)
    copy_of: str | None = None
    mutate_onto: str | None = None
    mutate_position: str = "top"
    paid: dict = field(default_factory=dict)
    without_paying: bool = False
    kicked: bool = False  # 702.33d: cast with its kicker cost paid
    buyback: bool = False  # 702.27a: cast with its buyback cost paid

    def as_json(self) -> dict:
        return {
            "cast": self.cast,
            "from_zone": self.from_zone,
            "half": self.half,
            "alternative_cost": self.alternative_cost,
            "targets": list(self.targets),
            "x": self.x,
            "copy": self.copy,
            "copy_of": self.copy_of,
            "mutate_onto": self.mutate_onto,
            "paid": dict(self.paid),
        }


@dataclass
class GameObject(Tracked):
    """An object in a zone: a card, token, copy, merged permanent, or ability on the stack."""

    id: str
    owner: str
    controller: str
    zone: str
    components: list[Component]  # topmost first
    timestamp: int = 0
    tapped: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    spell: SpellInfo | None = None
    ability: dict | None = None  # a triggered ability on the stack: {"source", "effects", "text"}
    copy: bool = False  # a copy of a spell or card, not a card (707.10, 707.12)
    mutated: bool = False
    flipped: bool = False  # status of a permanent with a flip card (710, 730.2h)
    merged_at: int = 0  # timestamp of the latest merge (730.2a: a copiable effect)
    chosen: dict = field(default_factory=dict)  # choices made as it entered (Meddling Mage's name)
    linked: list = field(default_factory=list)  # cards exiled with it (607.2a linked abilities: Eye of the Storm)
    attached_to: str | None = None  # Aura / Equipment: the object ID or player it is attached to (attachments.py)

    @property
    def top(self) -> Component:
        return self.components[0]

    @property
    def card(self) -> CardDef:
        return self.top.card

    @property
    def face_down(self) -> bool:
        """730.2e: a merged permanent's face-down status is that of its topmost component."""
        return bool(self.components) and self.top.face_down

    @property
    def token(self) -> bool:
        """730.2d: a merged permanent is a token only if its topmost component is a token."""
        return bool(self.components) and self.top.token

    @property
    def merged(self) -> bool:
        return len(self.components) > 1
