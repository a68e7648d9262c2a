"""The card pool: every card the model, the corpus and the adapters use, loaded once.

The pool is ``cards/pool/*.yaml``, each file shaped like MTGJSON v5 ``AtomicCards.json``'s
``data`` (full card name -> its face records, Card (Atomic) fields) plus the extension key
``mtgrules`` (schema: ``card.schema.json``): ``mtgrules.abilities`` is the structured form the
reference model executes, ``mtgrules.test_card`` marks a card invented for tests and
``mtgrules.custom`` a card of a custom rule set (DYN) that MTGJSON cannot hold.

Users bring more cards: a ``cards/`` folder beside their scenarios, or an MTGJSON
``AtomicCards.json`` file (``{"meta": ..., "data": {...}}``, loaded by ``load_atomic_cards``).
Problems are collected as ``file:line: field: message``, never raised half-way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules.problems import Problem
from mtgrules.schemas import load_valid as load_valid_yaml

HERE = Path(__file__).resolve().parent
POOL_DIR = HERE / "pool"
CARD_SCHEMA = HERE / "card.schema.json"


@dataclass
class Card:
    """One card: its full name and its faces (MTGJSON Card (Atomic) records), and where it is defined."""

    name: str
    faces: list[dict]
    file: str
    line: int | None

    @property
    def layout(self) -> str:
        return self.faces[0].get("layout", "normal")

    @property
    def face_names(self) -> list[str]:
        return [f["faceName"] for f in self.faces if f.get("faceName")]

    @property
    def is_token(self) -> bool:
        return self.layout in ("token", "double_faced_token")

    def _extension(self, key: str):
        return next((f["mtgrules"][key] for f in self.faces if (f.get("mtgrules") or {}).get(key)), None)

    @property
    def test_card(self) -> bool:
        return bool(self._extension("test_card"))

    @property
    def custom(self) -> str | None:
        """Why the card is not a real card (a custom rule set's card), or None."""
        return self._extension("custom")

    @property
    def structured(self) -> bool:
        """Whether any face carries the structured abilities the reference model executes."""
        return any("abilities" in (f.get("mtgrules") or {}) for f in self.faces)


@dataclass
class CardPool:
    """Cards by full name, with face names as aliases; ``problems`` found while loading them."""

    cards: dict[str, Card] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # face name -> full name
    problems: list[Problem] = field(default_factory=list)

    def get(self, name: str) -> Card | None:
        full = name if name in self.cards else self.aliases.get(name)
        return self.cards.get(full) if full else None

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def __len__(self) -> int:
        return len(self.cards)

    def as_json(self) -> dict:
        """The pool as JSON (kept in the cache folder: :func:`remembered_pool`, the corpus cache)."""
        return {"cards": [[c.name, c.faces, c.file, c.line] for c in self.cards.values()], "aliases": self.aliases,
                "problems": [p.as_json() for p in self.problems]}

    @classmethod
    def from_json(cls, data: dict) -> "CardPool":
        """The pool :meth:`as_json` wrote."""
        return cls({name: Card(name, faces, file, line) for name, faces, file, line in data["cards"]}, dict(data["aliases"]),
                   [Problem.from_json(p) for p in data["problems"]])

    def add(self, card: Card, problem) -> None:
        """Add ``card``; a name already taken is reported through ``problem(message)``."""
        if card.name in self.cards:
            self.problems.append(problem(f"card {card.name!r} is already defined in {self.cards[card.name].file}"))
            return
        if any(face.get("name") != card.name for face in card.faces):
            self.problems.append(problem("each face's `name` must be the card's full name (MTGJSON atomic shape)"))
        self.cards[card.name] = card
        for face in card.faces:
            alias = face.get("faceName")
            if alias and alias != card.name:
                if alias in self.aliases and self.aliases[alias] != card.name:
                    self.problems.append(problem(f"face name {alias!r} is also a face of {self.aliases[alias]!r}"))
                self.aliases[alias] = card.name

    def merged(self, other: "CardPool") -> "CardPool":
        """A new pool with this pool's cards and ``other``'s; a card defined in both is a problem."""
        out = CardPool(dict(self.cards), dict(self.aliases), self.problems + other.problems)
        for card in other.cards.values():
            out.add(card, lambda message, c=card: Problem(c.file, c.line, c.name, message))
        return out


def load_pool(directory: Path = POOL_DIR) -> CardPool:
    """Every card of the YAML files in ``directory`` (default: the project's pool); problems
    (YAML, schema, duplicate names) are collected, not raised."""
    pool = CardPool()
    for path in sorted(Path(directory).glob("*.yaml")):
        doc, found = load_valid_yaml(path, CARD_SCHEMA)
        pool.problems += found
        if doc is None or not isinstance(doc.data, dict):
            continue
        for name, faces in doc.data.items():
            pool.add(Card(name, list(faces), str(path), doc.line([name])), lambda message, n=name: doc.problem([n], message))
    return pool


def remembered_pool(directory: Path = POOL_DIR) -> CardPool:
    """The pool of ``directory`` (:func:`load_pool`; the project's by default), kept as JSON in the cache folder by the names and bytes of
    its files, its schema and the code that loads it: a process that needs the cards again (the reference
    model's pool, in every command and pytest worker) reads them without parsing and validating the YAML.
    A missing, torn or unwritable cache only costs the time. Within a process the pool read last is
    returned again while its files' bytes are the same (the corpus and the reference model both read
    the project's pool: it is parsed once); treat it as read-only."""
    from mtgrules import schemas
    from mtgrules.paths import cache_dir, write_whole
    from mtgrules.remember import files_digest

    inputs = [*Path(directory).glob("*.yaml"), CARD_SCHEMA, Path(__file__), Path(schemas.__file__)]
    target = cache_dir() / "cards" / f"pool-{files_digest(inputs)[:32]}.json"
    if target in _READ:
        return _READ[target]
    try:
        pool = CardPool.from_json(json.loads(target.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, KeyError):
        pool = load_pool(directory)
        try:
            write_whole(target, json.dumps(pool.as_json()))
        except OSError:
            pass
    _READ.clear()
    _READ[target] = pool
    return pool


#: The pool :func:`remembered_pool` read last, by its cache file (named by its inputs' digest).
_READ: dict[Path, CardPool] = {}


def load_atomic_cards(path: Path) -> CardPool:
    """The cards of an MTGJSON ``AtomicCards.json`` file, ``{"meta": {...}, "data": {name: [faces]}}``
    as MTGJSON publishes it. Only the shape the model and the corpus read is checked (each face a
    record with ``name``, ``layout`` and a ``types`` list); MTGJSON's other fields are kept."""
    pool = CardPool()
    where = str(path)
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        pool.problems.append(Problem(where, None, "", f"cannot read the file: {exc.strerror or exc}"))
        return pool
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", None)
        pool.problems.append(Problem(where, line, "", f"not JSON: {getattr(exc, 'msg', exc)}"))
        return pool
    data = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(data, dict):
        pool.problems.append(Problem(where, None, "data", 'not an MTGJSON AtomicCards file: expected {"meta": ..., "data": {card name: [faces]}}'))
        return pool
    for name, faces in data.items():
        message = _atomic_shape_problem(faces)
        if message:
            pool.problems.append(Problem(where, None, f"data.{name}", message))
            continue
        pool.add(Card(name, list(faces), where, None), lambda m, n=name: Problem(where, None, f"data.{n}", m))
    return pool


def _atomic_shape_problem(faces) -> str | None:
    if not isinstance(faces, list) or not faces:
        return "expected a non-empty list of face records"
    for i, face in enumerate(faces):
        if not isinstance(face, dict):
            return f"face {i}: expected a record"
        for key, kind in (("name", str), ("layout", str), ("types", list)):
            if not isinstance(face.get(key), kind):
                return f"face {i}: `{key}` missing or not a {'string' if kind is str else 'list'}"
    return None
