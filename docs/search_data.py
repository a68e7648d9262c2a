"""The rule lookup for the search page (``_static/rules-lookup.js``, written at build time).

Sphinx's search finds a rule's page but shows no snippet of the rule (its anchors hold a dot,
which its snippet code cannot select). ``_static/rules-search.js`` reads this table: a query
that is a rule's ID, its printed number (alone, with ``@edition`` or followed by the edition),
its current number, or its number in an imported edition with that edition (``702.33a 2015-01-23``,
where the match is exact or confident) lists that rule first, with its text as the snippet.
"""

from __future__ import annotations

import json

from mtgrules.spec.items import Spec
from mtgrules.spec.renumber import CONFIDENT

from .domain import anchor


def lookup_keys(item, in_editions: list[dict] = ()) -> list[str]:
    """The queries (lower case, single spaces) that name the item; ``in_editions``: its numbers in
    the imported editions (:func:`mtgrules.docs.edition_numbers.compute`)."""
    keys = [item.id]
    if item.printed:
        keys += [item.printed, f"{item.printed}@{item.edition}", f"{item.printed} {item.edition}"]
    if item.current:
        keys.append(item.current)
    for entry in in_editions:
        if entry["number"] and entry["confidence"] >= CONFIDENT:
            keys += [f"{entry['number']}@{entry['edition']}", f"{entry['number']} {entry['edition']}"]
    return list(dict.fromkeys(k.lower() for k in keys))


def lookup_js(spec: Spec, page_of: dict[str, str], in_editions: dict[str, list[dict]] | None = None) -> str:
    """``window.MTGRULES_LOOKUP = {items: [...], keys: {query: [item indices]}}``; ``page_of`` maps
    an item's ID to the page (docname) that shows it; ``in_editions`` each item's numbers in the
    imported editions."""
    items, keys = [], {}
    for item in spec:
        if item.id not in page_of:
            continue
        numbers = f"{item.printed} ({item.edition})" if item.printed else item.id
        if item.current and item.current != item.printed:
            numbers += f", now {item.current}"
        items.append({
            "url": f"{page_of[item.id]}.html#{anchor(item.id)}",
            "label": f"{numbers}: {item.id}" + (f" ({item.title})" if item.title else ""),
            "text": " ".join((item.text or item.text_absent or "").split()),
        })
        for key in lookup_keys(item, (in_editions or {}).get(item.id, [])):
            keys.setdefault(key, []).append(len(items) - 1)
    return "window.MTGRULES_LOOKUP = " + json.dumps({"items": items, "keys": keys}, ensure_ascii=False) + ";\n"
