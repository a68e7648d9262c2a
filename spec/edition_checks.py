"""Spec items against the newest imported edition: current numbers exist, and none has moved.

When the newest imported edition is the current one, an item of an older edition is found in it
by its text; a confident match elsewhere than its ``current`` number is reported. When a newer
edition has been imported, every current number is mapped to it (``mtgrules spec renumber``) and
each one that moved or vanished is reported, so that the spec can be brought up to date.
"""

from __future__ import annotations

from pathlib import Path

from mtgrules.problems import InputError, Problem

from . import editions
from .editions import fingerprint, similarity
from .items import Spec
from .renumber import CONFIDENT, Renumbering, locate, numbered_items

# how much better than the stated number a text match must be to call the number wrong
_MARGIN = 0.2


def edition_problems(spec: Spec, where: dict, directory: Path) -> list[Problem]:
    try:
        newest = editions.newest(directory)
        if newest is None:
            return []
        current_name = spec.current_edition
        moved = None
        if current_name != newest.name and current_name in editions.available(directory):
            moved = Renumbering(editions.load(current_name, directory), newest)
    except InputError as exc:
        return exc.problems
    problems = []
    for item in numbered_items(spec):
        if not item.current:
            continue
        located, index = where[item.id]

        def report(message: str) -> None:
            problems.append(located.problem(["items", index, "current"], message))

        if moved is not None:
            to = moved[item.current]
            if to.number != item.current and to.confidence >= CONFIDENT:
                report(f"{item.current} ({current_name}) is {to.number} in the newest imported edition {newest.name} "
                       f"(by {to.how}, confidence {to.confidence:.2f}): see `mtgrules spec renumber --from {current_name} --to {newest.name}`")
                continue
        if item.current not in newest:
            report(f"{item.current} is not a rule number of the newest imported edition {newest.name}")
            continue
        if moved is None and item.text is not None and item.edition != current_name:
            found = locate(item, newest)
            stated = similarity(fingerprint(item.text), newest.rules.get(item.current, frozenset()))
            if found.number not in (None, item.current) and found.confidence >= CONFIDENT and stated < found.confidence - _MARGIN:
                report(f"the item's text is {found.number} in {newest.name} (similarity {found.confidence:.2f}), "
                       f"not {item.current} (similarity {stated:.2f})")
    return problems
