"""The spec's data types: rule items, their sources and references, and the whole spec."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Source:
    """Where an item's text stands: a seed file and its line (or lines)."""

    file: str
    line: int
    end_line: int | None = None

    @property
    def lines(self) -> range:
        return range(self.line, (self.end_line or self.line) + 1)


@dataclass(frozen=True)
class Ref:
    """A cross-reference as written in a text (``cites``) and the items it resolves to."""

    cites: str
    to: tuple[str, ...]


@dataclass(frozen=True)
class Typo:
    verbatim: str
    reading: str
    note: str | None = None


@dataclass(frozen=True)
class Reading:
    """An ambiguity in the text and the reading the reference model takes."""

    question: str
    reading: str


@dataclass
class Item:
    """One rule clause, ruling, example, section or cited rule."""

    id: str
    kind: str
    edition: str
    document: str
    spec_file: str
    spec_line: int | None
    printed: str | None = None
    numbered_by: str | None = None
    current: str | None = None
    current_note: str | None = None
    title: str | None = None
    text: str | None = None
    text_absent: str | None = None
    source: Source | None = None
    parent: str | None = None
    explains: tuple[str, ...] = ()
    refs: tuple[Ref, ...] = ()
    typos: tuple[Typo, ...] = ()
    readings: tuple[Reading, ...] = ()
    not_observable: str | None = None
    notes: str | None = None
    rulings: list[str] = field(default_factory=list)
    children: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """A short human name: the printed number with its edition, or the ID."""
        if self.printed:
            return f"{self.printed} ({self.edition})"
        return self.id

    @property
    def summary(self) -> str:
        """The title, or the start of the text."""
        if self.title:
            return self.title
        text = (self.text or self.text_absent or "").replace("\n", " ")
        return text if len(text) <= 90 else text[:87] + "..."

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "printed_number": self.printed,
            "edition": self.edition,
            "current_number": self.current,
            "current_note": self.current_note,
            "title": self.title,
            "text": self.text,
            "text_absent": self.text_absent,
            "document": self.document,
            "source": (
                {"file": self.source.file, "line": self.source.line, "end_line": self.source.end_line or self.source.line}
                if self.source
                else None
            ),
            "parent": self.parent,
            "refs": [{"cites": r.cites, "to": list(r.to)} for r in self.refs],
            "explains": list(self.explains),
            "rulings": list(self.rulings),
            "typos": [{"verbatim": t.verbatim, "reading": t.reading, "note": t.note} for t in self.typos],
            "readings": [{"question": r.question, "reading": r.reading} for r in self.readings],
            "not_observable": self.not_observable,
            "numbered_by": self.numbered_by,
            "notes": self.notes,
        }


@dataclass(frozen=True)
class Edition:
    key: str
    title: str
    description: str
    current: bool = False


@dataclass(frozen=True)
class Document:
    id: str
    title: str
    edition: str
    file: str | None
    spec_file: str
    noise: tuple[dict, ...] = ()


_NUMBER_AT = re.compile(r"^(?P<number>[^@\s]+)@(?P<edition>\S+)$")


class Spec:
    """Every item of every spec file, with lookups by ID, printed number and current number."""

    def __init__(self, items: list[Item], documents: list[Document], editions: dict[str, Edition]):
        self.items: dict[str, Item] = {item.id: item for item in items}
        self.documents = {doc.id: doc for doc in documents}
        self.editions = editions
        for item in items:
            if item.kind == "ruling":
                for target in item.explains:
                    if target in self.items:
                        self.items[target].rulings.append(item.id)
            if item.parent in self.items:
                self.items[item.parent].children.append(item.id)

    def __contains__(self, item_id: str) -> bool:
        return item_id in self.items

    def __getitem__(self, item_id: str) -> Item:
        return self.items[item_id]

    def __iter__(self):
        return iter(self.items.values())

    def __len__(self) -> int:
        return len(self.items)

    @property
    def current_edition(self) -> str:
        return next(key for key, ed in self.editions.items() if ed.current)

    def by_printed(self, number: str, edition: str) -> list[Item]:
        """Items printed as ``number`` in ``edition`` (a number is unique within an edition)."""
        return [i for i in self if i.printed == number and i.edition == edition]

    def by_current(self, number: str) -> list[Item]:
        """Items whose current number is ``number`` (several editions may map to one rule)."""
        return [i for i in self if i.current == number]

    def lookup(self, query: str) -> list[Item]:
        """Resolve an ID, ``NUMBER@EDITION``, or a current number to the matching items."""
        if query in self.items:
            return [self.items[query]]
        match = _NUMBER_AT.match(query)
        if match:
            return self.by_printed(match["number"], match["edition"])
        found = self.by_current(query)
        if found:
            return found
        folded = query.casefold()  # IDs are lower case, DYN's printed numbers are not ("DYN.5c")
        if folded in self.items:
            return [self.items[folded]]
        return [i for i in self if i.printed and i.printed.casefold() == folded]

    def sections(self) -> list[Item]:
        return [i for i in self if i.kind == "section"]

    def section_of(self, item_id: str) -> Item | None:
        """The section an item belongs to, following parents (rulings through what they explain)."""
        item = self.items.get(item_id)
        seen = set()
        while item is not None and item.id not in seen:
            seen.add(item.id)
            if item.kind == "section":
                return item
            nxt = item.parent or (item.explains[0] if item.explains else None)
            item = self.items.get(nxt) if nxt else None
        return None
