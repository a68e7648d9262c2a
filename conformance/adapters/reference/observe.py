"""The reference model's snapshot and events -> the corpus vocabulary, and the table of observation fields
the adapter derives itself instead of taking them from the model (``DERIVED``)."""

from __future__ import annotations

import re

#: Observation fields the adapter derives itself -> how, and why the model does not report them so.
DERIVED = {
    "object.characteristics.keywords": "each instance of a keyword line spelled out (\"Protection from white\"): the "
                                       "model lists MTGJSON keywords (\"Protection\") and keeps the printed line as one ability",
}


def snapshot(game) -> dict:
    """The model's snapshot with each object's keywords spelled out (DERIVED)."""
    snap = game.snapshot()
    for obj in (snap.get("objects") or {}).values():
        chars = obj.get("characteristics")
        if chars:
            chars["keywords"] = _keyword_instances(chars)
    return snap


def events(game) -> list[dict]:
    """The model's event log in the corpus vocabulary: a new list, with a changed copy of each event
    the vocabulary words differently (the model's own log is left as it is)."""
    log = game.events
    copied = {e["object"]: e.get("of") for e in log if e.get("type") == "copied" and e.get("cast")}
    out = []
    for event in log:
        if event.get("type") == "cast" and event.get("object") in copied:
            # corpus vocabulary: the cast copy of a card names the card, as a copy event does
            event = {**event, "copy_object": event["object"], "object": copied[event["object"]]}
        if event.get("type") == "merged" and event.get("spell"):
            # corpus vocabulary: the merging object merged with the target permanent
            event = {**event, "target": event["object"], "object": event["spell"]}
        out.append(event)
    return out


def _keyword_instances(chars: dict) -> list[str]:
    """The object's keywords, with each instance of a keyword line spelled out: the model lists
    MTGJSON keywords ("Protection") and keeps the printed line ("Flying, trample, protection from
    white and from blue") as one ability, while the corpus asks for "Protection from white"."""
    keywords = list(chars.get("keywords") or [])
    known = [k.lower() for k in keywords]
    for line in chars.get("abilities") or []:
        parts = [p.strip() for p in re.sub(r"\([^)]*\)", "", line).split(",") if p.strip()]
        if not parts or not all(p.lower() in known or p.lower().startswith("protection from") for p in parts):
            continue  # not a line of keywords
        for part in parts:
            m = re.match(r"(?i)protection from (.+)$", part)
            spelled = [f"Protection from {q.strip()}" for q in re.split(r"\s+and from\s+|,\s*from\s+", m.group(1))] if m else [part[:1].upper() + part[1:]]
            keywords += [k for k in spelled if k not in keywords]
    return keywords
