"""Renumbering between imported editions, the way a rules manager checks it by hand.

A section is found again by its title (or, renamed, by the words of its rules); a titled rule
("702.33 Flashback") by its title; any other rule by the words of its text, first among the
rules under its parent's new number, then anywhere. Each answer carries a confidence: 1.0 for a
title found again, the text similarity (Jaccard of the fingerprints) otherwise.

A spec item is first found in the ``from`` edition: its printed number if it is of that
edition, its current number if that is the current one, else by its own text or title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .editions import ImportedEdition, fingerprint, similarity
from .items import Item, Spec

# below this, a match among the parent's new rules is not trusted and every rule is searched
_LOCAL_ENOUGH = 0.5
# a confident answer, for spec validation: disagreeing with it is reported
CONFIDENT = 0.8
# below this, the best match is no counterpart at all (the rule was removed or is new)
_NOTHING = 0.35


@dataclass(frozen=True)
class Match:
    """Where a number (or an item) stands in an edition, how sure that is, and how it was found."""

    number: str | None
    confidence: float
    how: str


def _parent(number: str) -> str | None:
    if re.fullmatch(r"\d{3}", number):
        return None
    if re.fullmatch(r"\d{3}\.\d+", number):
        return number.split(".")[0]
    return number[:-1]


def _norm(title: str) -> str:
    return " ".join(title.lower().split())


def _section_words(edition: ImportedEdition, section: str) -> frozenset[int]:
    return frozenset().union(*(f for n, f in edition.rules.items() if n.split(".")[0] == section))


def _nearest(candidates: list[str], hint: str | None) -> str:
    """Of equally good candidates, the one whose number is the hint, else the first."""
    return hint if hint in candidates else candidates[0]


def _best(fp: frozenset[int], candidates, edition: ImportedEdition, hint: str | None) -> Match:
    scored = [(similarity(fp, edition.rules[n]), n) for n in candidates]
    if not scored:
        return Match(None, 0.0, "no candidate")
    top = max(s for s, _ in scored)
    best = _nearest([n for s, n in scored if s == top], hint)
    if top < _NOTHING:
        return Match(None, round(top, 2), f"no counterpart (closest: {best}, similarity {top:.2f})")
    return Match(best, round(top, 2), "text")


class Renumbering:
    """The map of rule numbers from one imported edition to another (computed on demand, cached)."""

    def __init__(self, old: ImportedEdition, new: ImportedEdition):
        self.old, self.new = old, new
        self._cache: dict[str, Match] = {}

    def __getitem__(self, number: str) -> Match:
        if number not in self._cache:
            self._cache[number] = self._map(number)
        return self._cache[number]

    def _map(self, number: str) -> Match:
        if number not in self.old:
            return Match(None, 0.0, f"not a rule of {self.old.name}")
        if "." not in number:
            return self._section(number)
        title = self.old.titles.get(number)
        parent = self[_parent(number)]
        if title:
            same = [n for n, t in self.new.titles.items() if _norm(t) == _norm(title)]
            if same:
                scope = [n for n in same if parent.number and n.split(".")[0] == parent.number] or same
                return Match(_nearest(scope, number), 1.0, "title")
        fp = self.old.rules[number]
        local = _best(fp, self.new.children(parent.number), self.new, number) if parent.number else Match(None, 0.0, "")
        if local.confidence >= _LOCAL_ENOUGH:
            return local
        anywhere = _best(fp, self.new.rules, self.new, number)
        return anywhere if anywhere.confidence > local.confidence else local

    def _section(self, number: str) -> Match:
        title = _norm(self.old.sections[number])
        same = [n for n, t in self.new.sections.items() if _norm(t) == title]
        if same:
            return Match(_nearest(same, number), 1.0, "title")
        words = _section_words(self.old, number)
        scored = sorted(((similarity(words, _section_words(self.new, n)), n) for n in self.new.sections), reverse=True)
        top, best = scored[0]
        return Match(best, round(top, 2), "text of the section's rules")


def locate(item: Item, edition: ImportedEdition, hint: str | None = None) -> Match:
    """Where an item's rule stands in ``edition``, by its title (sections, titled rules, cited
    rules) or its text; ``hint`` (a number it is likely to have) breaks ties."""
    hint = hint or item.current or item.printed
    if item.kind == "section" or (item.text is None and item.title):
        if item.title and (item.kind == "section" or "," not in item.title):
            titles = {**edition.sections, **edition.titles}
            same = [n for n, t in titles.items() if _norm(t) == _norm(item.title)]
            if same:
                return Match(_nearest(same, hint), 1.0, "title")
        if item.text is None:
            return Match(None, 0.0, "no text and no title of this edition")
    fp = fingerprint(item.text or "")
    sections = {n.split(".")[0] for n in (item.printed, item.current) if n and re.match(r"\d{3}", n)}
    local = _best(fp, [n for n in edition.rules if n.split(".")[0] in sections], edition, hint)
    if local.confidence >= _LOCAL_ENOUGH:
        return local
    anywhere = _best(fp, edition.rules, edition, hint)
    return anywhere if anywhere.confidence > local.confidence else local


def numbered_items(spec: Spec) -> list[Item]:
    """The items that have a Comprehensive Rules number (custom rules and rulings have none)."""
    return [i for i in spec if i.kind in ("section", "rule", "reference") and (i.current or (i.printed and re.match(r"\d{3}", i.printed)))]


def item_in(item: Item, spec: Spec, edition: ImportedEdition, current: Renumbering | None) -> Match:
    """The item's number in ``edition``; ``current`` maps the current edition to ``edition``
    for items that can only be found through their current number."""
    if item.edition == edition.name and item.printed:
        return Match(item.printed, 1.0, "printed")
    if spec.current_edition == edition.name and item.current:
        return Match(item.current, 1.0, "current")
    if item.kind != "section" and item.text is None and current is not None and item.current:
        via = current[item.current]
        return Match(via.number, via.confidence, f"{via.how}, from the current number {item.current}")
    return locate(item, edition)


@dataclass(frozen=True)
class Row:
    item: str
    old: Match
    new: Match
    current: str | None

    def as_json(self) -> dict:
        return {
            "id": self.item,
            "from": self.old.number,
            "from_how": self.old.how,
            "from_confidence": self.old.confidence,
            "to": self.new.number,
            "to_how": self.new.how,
            "confidence": min(self.old.confidence, self.new.confidence),
            "current": self.current,
        }


def renumber_items(spec, old: ImportedEdition, new: ImportedEdition, current: ImportedEdition | None) -> list[Row]:
    """One row per numbered item of ``spec`` (a :class:`mtgrules.spec.items.Spec`): its number in
    ``old`` and in ``new``."""
    forward = Renumbering(old, new)
    back = Renumbering(current, old) if current is not None and current.name != old.name else None
    rows = []
    for item in numbered_items(spec):
        where = item_in(item, spec, old, back)
        target = forward[where.number] if where.number else Match(None, 0.0, "not found in the old edition")
        rows.append(Row(item.id, where, target, item.current))
    return rows
