"""Each rule's number in each imported edition of the Comprehensive Rules, for its page.

The spec gives a rule's number as printed (in the edition its source cites) and its current
number; the imported editions (``spec/editions/*.json``, ``mtgrules spec import-cr``) give the
rest, found as ``mtgrules spec renumber`` finds them (:func:`mtgrules.spec.renumber.item_in`):
exactly where the edition is the printed or the current one, else by title or by the words of
the text, with that match's confidence. A rule with no counterpart in an edition says so.
"""

from __future__ import annotations

from docutils import nodes

from mtgrules.spec import editions, renumber
from mtgrules.spec.items import Spec

#: How a number was found that is no guess: the spec itself gives it.
EXACT = ("printed", "current")


def compute(spec: Spec) -> dict[str, list[dict]]:
    """For every numbered item, one entry per imported edition (oldest first): ``edition``,
    ``number`` (None: no counterpart), ``confidence`` (1.0 for an exact match or a title) and
    ``how`` (printed, current, title, text, or why there is none)."""
    imported = [editions.load(name) for name in editions.available()]
    current = next((e for e in imported if e.name == spec.current_edition), None)
    found: dict[str, list[dict]] = {}
    for edition in imported:
        back = renumber.Renumbering(current, edition) if current is not None and current.name != edition.name else None
        for item in renumber.numbered_items(spec):
            match = renumber.item_in(item, spec, edition, back)
            found.setdefault(item.id, []).append(
                {"edition": edition.name, "number": match.number, "confidence": match.confidence, "how": match.how})
    return found


def _how(entry: dict) -> str:
    how = entry["how"]
    if how in EXACT:
        return f"{how}, exact"
    if how.startswith("title"):
        return "same title"
    return f"{how.split(',')[0]} match, confidence {entry['confidence']:.2f}"


def paragraph(entries: list[dict]) -> list[nodes.Node]:
    """One line: ``In the imported editions: 2015-01-23 702.33a (text match, confidence 0.96) · ...``."""
    if not entries:
        return []
    para = nodes.paragraph("", "", nodes.strong("In the imported editions: ", "In the imported editions: "), classes=["rule-editions"])
    for n, entry in enumerate(entries):
        if n:
            para += nodes.Text(" \u00b7 ")
        para += nodes.Text(f"{entry['edition']} ")
        if entry["number"]:
            para += nodes.literal(entry["number"], entry["number"])
            para += nodes.Text(f" ({_how(entry)})")
        else:
            para += nodes.emphasis("no counterpart", "no counterpart")
            detail = entry["how"].removeprefix("no counterpart").strip(" ()")
            para += nodes.Text(f" ({detail})" if detail else "")
    return [para]
