"""Card definitions in MTGJSON's atomic card shape, plus the structured abilities the model runs.

A card is the list of its face records, exactly as MTGJSON's ``AtomicCards.json`` holds it
(``{"Fire // Ice": [{...side a...}, {...side b...}]}``). Each record has MTGJSON's fields
(name, faceName, side, layout, manaCost, manaValue, colors, types, subtypes, supertypes, text,
power, toughness, keywords). Two extensions, declared in ``card.schema.json``:

* ``layout: dynamic`` for the cards of the Dynamic Comp Rules (DYN), which MTGJSON cannot hold:
  side ``a`` is the permanent half (top), side ``b`` the nonpermanent half (bottom);
* ``mtgrules.abilities`` (the extension key of the card pool, ``mtgrules.cards``; a game file's
  own cards may give ``abilities`` at the top level): the abilities the model executes, in a
  small structured form beside the oracle ``text`` (the model never parses English). Other
  MTGJSON fields are allowed and ignored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from .journal import SHARED
from .mana import CostError, parse_cost
from .support import coverage

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
DFC_LAYOUTS = ("transform", "modal_dfc")
HALVES_LAYOUTS = ("dynamic", "split")


class CardError(ValueError):
    """A card definition that cannot be read; ``where`` names the file and card."""


@dataclass(frozen=True)
class Face:
    """One face (or half) of a card, with its printed characteristics."""

    name: str
    side: str
    mana_cost: str | None
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    text: str
    power: int | None
    toughness: int | None
    keywords: tuple[str, ...]
    abilities: tuple = field(default=(), compare=False, hash=False)
    loyalty: int | None = None
    #: the abilities of the oracle text the model does not execute: ``{ability, kind, reason}``
    #: (support.py; kind ``uncovered`` when the card neither structures nor declares them)
    unsupported: tuple = field(default=(), compare=False, hash=False)

    def __deepcopy__(self, memo):  # immutable: a game's rollback copy shares it
        return self

    @property
    def is_permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def is_instant_or_sorcery(self) -> bool:
        return "Instant" in self.types or "Sorcery" in self.types

    def structured(self, key: str) -> list[dict]:
        return [a for a in self.abilities if key in a]


@dataclass(frozen=True)
class CardDef:
    """A card: its full name, layout and faces (side a first)."""

    name: str
    layout: str
    faces: tuple[Face, ...]

    def __deepcopy__(self, memo):  # immutable: a game's rollback copy shares it
        return self

    @property
    def is_double_faced(self) -> bool:
        return self.layout in DFC_LAYOUTS and len(self.faces) == 2

    @property
    def has_halves(self) -> bool:
        return self.layout in HALVES_LAYOUTS

    @property
    def is_flip(self) -> bool:
        return self.layout == "flip"

    def face(self, key: str | None) -> Face:
        """The face named ``key`` (its face name or its side letter); side a when ``key`` is None."""
        if key is None:
            return self.faces[0]
        for face in self.faces:
            if key in (face.side, face.name):
                return face
        raise KeyError(key)

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    def alternative_cost(self, name: str, side: str | None = None) -> str | None:
        """The cost of the alternative cost ``name`` (morph, flashback, mutate) printed on a face."""
        faces = [self.face(side)] if side else self.faces
        for face in faces:
            for ability in face.structured("alternative_cost"):
                if ability["alternative_cost"] == name:
                    return ability.get("cost")
        return None


SHARED.update({Face, CardDef})  # immutable: a game's state shares them (model/journal.py)


def _number(value) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0  # "*" and the like: 0 outside the game's characteristic-defining abilities


#: Keywords whose MTGJSON ``keywords`` entry, with the cost printed after the keyword, is enough
#: to give the structured ability (so that card pools without ``abilities`` still play them).
COST_KEYWORDS = {"Morph": "morph", "Flashback": "flashback", "Mutate": "mutate", "Madness": "madness"}
_KEYWORD_COST = re.compile(r"^(Morph|Flashback|Mutate|Madness) ((?:\{[^}]+\})+)")


def keyword_abilities(record: dict) -> list[dict]:
    """Structured abilities implied by MTGJSON's ``keywords`` field: an alternative cost for
    morph, flashback, mutate and madness (its cost is read from the keyword line, "Morph {4}{R}"),
    and storm. Only keywords are read, never rules text in general."""
    keywords = set(record.get("keywords") or ())
    out = []
    for line in (record.get("text") or "").split("\n"):
        m = _KEYWORD_COST.match(line.strip())
        if m and m.group(1) in keywords:
            out.append({"alternative_cost": COST_KEYWORDS[m.group(1)], "cost": m.group(2)})
    if "Storm" in keywords:  # one ability per "Storm" keyword line (storm.b: each instance triggers)
        lines = [line.strip() for line in (record.get("text") or "").split("\n")]
        out += [{"keyword": "storm"}] * max(1, lines.count("Storm"))
    return out


#: Keywords the model executes from MTGJSON's ``keywords`` alone (evasion, combat, timing), and
#: those ``keyword_abilities`` turns into structured abilities.
EXECUTED_KEYWORDS = frozenset({"Defender", "Double strike", "Fear", "First strike", "Flash", "Flying", "Haste", "Lifelink",
                               "Reach", "Trample", "Vigilance", *COST_KEYWORDS, "Storm"})


def unstructured_lines(record: dict) -> list[str]:
    """The lines of a face's rules text the model has neither a structured form for nor a
    declared refusal (support.coverage). A card with such lines is unsupported on the reference
    model as the game is set up, never a silent no-op."""
    return coverage(record, EXECUTED_KEYWORDS)[1]


def _unsupported(record: dict) -> tuple:
    declared, uncovered = coverage(record, EXECUTED_KEYWORDS)
    return tuple(_freeze(u) for u in declared) + tuple(
        _FrozenDict(ability=line, kind="uncovered", reason="no structured form (mtgrules.abilities) and no declared refusal")
        for line in uncovered)


def _abilities(record: dict) -> tuple:
    given = list(record.get("abilities", (record.get("mtgrules") or {}).get("abilities", ())))
    explicit = list(given)
    for implied in keyword_abilities(record):
        key = "alternative_cost" if "alternative_cost" in implied else "keyword"
        if not any(a.get(key) == implied[key] for a in explicit):
            given.append(implied)
    return tuple(_freeze(a) for a in given)


def face_from_json(record: dict, default_side: str) -> Face:
    return Face(
        name=face_name(record),
        side=record.get("side") or default_side,
        mana_cost=record.get("manaCost") or None,
        colors=tuple(record.get("colors", ())),
        types=tuple(record.get("types", ())),
        subtypes=tuple(record.get("subtypes", ())),
        supertypes=tuple(record.get("supertypes", ())),
        text=record.get("text", ""),
        power=_number(record.get("power")),
        toughness=_number(record.get("toughness")),
        keywords=tuple(record.get("keywords", ())),
        abilities=_abilities(record),
        unsupported=_unsupported(record),
        loyalty=_number(record.get("loyalty")),
    )


class _FrozenDict(dict):
    def __hash__(self):  # abilities are compared by identity of content only when needed
        return hash(json.dumps(self, sort_keys=True, default=str))


SHARED.add(_FrozenDict)  # card data, never changed: a game's state shares it (model/journal.py)


def _freeze(value):
    if isinstance(value, dict):
        return _FrozenDict({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def card_from_json(name: str, records: list[dict] | dict) -> CardDef:
    """A card from its MTGJSON atomic records (one per face)."""
    if isinstance(records, dict):
        records = [records]
    if not records:
        raise CardError(f"{name}: no face records")
    layout = records[0].get("layout", "normal")
    faces = tuple(face_from_json(r, "abcdefgh"[i]) for i, r in enumerate(records))
    for face in faces:
        try:
            parse_cost(face.mana_cost)
        except CostError as exc:
            raise CardError(f"{name}: {face.name}: {exc}") from None
    return CardDef(name=name, layout=layout, faces=faces)


class _Pool(Mapping):
    """The pool's cards by full name and by each face name; a card becomes a :class:`CardDef` the first
    time it is asked for (a run that plays a few scenarios converts the few cards they use)."""

    def __init__(self, loaded):
        self._loaded = loaded  # mtgrules.cards.CardPool
        self._names = {name: name for name in loaded.cards}
        for card in loaded.cards.values():
            for record in card.faces:
                self._names.setdefault(face_name(record), card.name)  # a full name wins over a face name
        self._made: dict[str, CardDef] = {}

    def __getitem__(self, name: str) -> CardDef:
        full = self._names[name]
        made = self._made.get(full)
        if made is None:
            made = self._made[full] = card_from_json(full, self._loaded.cards[full].faces)
        return made

    def __contains__(self, name) -> bool:
        return name in self._names

    def __iter__(self):
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def face_name(record: dict) -> str:
    """The name of the face an MTGJSON record describes (a face's own name, else the card's)."""
    return record.get("faceName") or record["name"]


@lru_cache(maxsize=1)
def card_pool() -> Mapping[str, CardDef]:
    """Every card of the project's pool (``mtgrules.cards``, cards/pool/), by full name and by each
    face name; a pool with problems raises CardError listing them."""
    from mtgrules.cards import remembered_pool

    loaded = remembered_pool()
    if loaded.problems:
        raise CardError("\n".join(str(p) for p in loaded.problems))
    return _Pool(loaded)


def find_card(name: str, extra: dict[str, CardDef] | None = None) -> CardDef:
    """The card called ``name`` (full name or a face's name) in ``extra`` or the pool."""
    for source in (extra or {}), card_pool():
        if name in source:
            return source[name]
        for card in source.values():
            if name in card.names():
                return card
    raise KeyError(name)
