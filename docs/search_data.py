"""The rule lookup for the search page (``_static/rules-lookup.js``, written at build time).

Sphinx's search finds a rule's page but shows no snippet of the rule (its anchors hold a dot,
which its snippet code cannot select). ``_static/rules-search.js`` reads this table: a query
that is a rule's ID, its printed number (alone, with ``@edition`` or followed by the edition),
or its current number lists that rule first, with its text as the snippet.
"""

from __future__ import annotations

import json

from mtgrules.spec.items import Spec

from .domain import anchor


def lookup_keys(item) -> list[str]:
    """The queries (lower case, single spaces) that name the item."""
    keys = [item.id]
    if item.printed:
        keys += [item.printed, f"{item.printed}@{item.edition}", f"{item.printed} {item.edition}"]
    if item.current:
        keys.append(item.current)
    return list(dict.fromkeys(k.lower() for k in keys))


def lookup_js(spec: Spec, page_of: dict[str, str]) -> str:
    """``window.MTGRULES_LOOKUP = {items: [...], keys: {query: [item indices]}}``; ``page_of`` maps
    an item's ID to the page (docname) that shows it."""
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
        for key in lookup_keys(item):
            keys.setdefault(key, []).append(len(items) - 1)
    return "window.MTGRULES_LOOKUP = " + json.dumps({"items": items, "keys": keys}, ensure_ascii=False) + ";\n"
