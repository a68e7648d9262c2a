"""Our cards (MTGJSON atomic records, as a scenario carries them) -> the reference model's card pool.

The model's own definition of a card (with its structured abilities) wins; a scenario card the model has
no definition of is passed as records (``setup.cards``), and the model executes only what it can
structure: ``lacking`` names the cards whose rules text it cannot execute."""

from __future__ import annotations

import re

from mtgrules.conformance.engine import Unsupported
from mtgrules.model.cards import find_card, unstructured_lines


def card_names(cards: dict):
    """``names(name)`` -> ``(full name, face names)`` for a scenario's cards, as
    conformance.engine.setup_references wants it (a face name finds its card)."""

    def names(name):
        records = cards.get(name)
        if records is None:
            for full, recs in cards.items():
                if any(r.get("faceName") == name for r in recs):
                    name, records = full, recs
                    break
        return name, [r.get("faceName") for r in records or [] if r.get("faceName")]

    return names


def extra_cards(cards: dict) -> dict:
    """The scenario's cards the model has no definition of (passed to it as records)."""
    extra = {}
    for name, records in cards.items():
        try:
            find_card(name)  # the model's own definition (with its structured abilities) wins
        except KeyError:  # a card the user brought (a scenario folder's cards/, --cards FILE)
            lines = [line for record in records for line in unstructured_lines(record)]
            if lines:
                raise Unsupported(f"card {name!r} has no structured abilities (mtgrules.abilities) for {lines[0]!r}: "
                                  "the reference model does not execute rules text") from None
            extra[name] = records
    return extra


def lacking(game) -> list[str]:
    """The cards of a game whose rules text the model cannot execute (no structured abilities)."""
    out = []
    seen = set()
    for obj in game.state.objects.values():
        for comp in obj.components:
            card = comp.card
            if card.name in seen:
                continue
            seen.add(card.name)
            texts = [f.text for f in card.faces if f.text and not _keywords_only(f)]
            if texts and not any(f.abilities for f in card.faces):
                out.append(card.name)
    return out


def _keywords_only(face) -> bool:
    """A face whose text is only keywords the model knows as characteristics (Flying, ...)."""
    text = re.sub(r"\([^)]*\)", "", face.text)  # reminder text, e.g. a basic land's "({T}: Add {R}.)"
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    words = {k.lower() for k in face.keywords}
    return all(part.strip().lower() in words for ln in lines for part in ln.split(","))
