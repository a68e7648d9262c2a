"""Rules-language wording shared by the checker's findings: conditions, outcomes, situations,
quotations and slugs. Pure text, no solver: the analysis returns data and these words are put
on it afterwards."""

from __future__ import annotations

import re
from typing import Any


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def short(text: str, n: int = 150) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + " …"


def quote(text: str, n: int = 90) -> str:
    return "“" + short(text, n) + "”"


def then_words(then: Any) -> str:
    if isinstance(then, list):
        return " and ".join(then_words(t) for t in then)
    if isinstance(then, dict) and "if" in then:
        return f"if {cond_words(then['if'])} then {then_words(then.get('then', {}))}"
    return cond_words(then)


def cond_words(cond: Any) -> str:
    if not cond:
        return "nothing"
    parts = []
    for k, val in cond.items():
        if k in ("any", "all"):
            parts.append(f"{k} of ({'; '.join(cond_words(c) for c in val)})")
        elif k == "not":
            parts.append(f"not ({cond_words(val)})")
        elif isinstance(val, dict) and "not" in val:
            parts.append(f"{k} not {val['not']}")
        elif isinstance(val, list):
            parts.append(f"{k} one of {', '.join(map(str, val))}")
        else:
            parts.append(f"{k} = {val}")
    return ", ".join(parts)


def situation_words(s: dict) -> str:
    """A situation in words; a variable missing from ``s`` (dropped as unconstrained) is not said."""
    what = {"dynamic": "a dynamic card", "split": "a split card", "flip": "a flip card", "transforming-dfc": "a transforming double-faced card",
            "modal-dfc": "a modal double-faced card", "normal": "an ordinary card"}.get(s.get("layout"), "an object")
    if s.get("card") == "ds-pb":
        what = "Divine Skywarden // Purewind Blessings (a dynamic card)"
    if s.get("kind") == "token":
        what = "a token (" + what + ")"
    elif s.get("kind") == "copy":
        what = "a copy of " + what + " created by an effect"
    elif s.get("kind") == "spell-copy":
        what = "a copy of a spell (" + what + ")"
    if s.get("merged") == "yes":
        what = "a merged permanent whose topmost component is " + what + ({"none": ""}.get(s.get("other-component", "none"), f", with {s.get('other-component')} component"))
    bits = [what]
    zone = s.get("zone")
    where = {"stack": "on the stack", "battlefield": "on the battlefield", "command": "in the command zone", None: ""}.get(zone, f"in the {zone}")
    if s.get("face") == "down" or where:
        bits.append(("face down " if s.get("face") == "down" else "") + (where or "anywhere"))
    if s.get("half", "none") != "none":
        bits.append(f"cast as its {s['half']} half" if s["half"] in ("permanent", "nonpermanent", "left", "right") else f"cast as its {s['half']} face")
    if s.get("status", "normal") != "normal":
        bits.append(s["status"])
    if s.get("tapped") == "yes":
        bits.append("tapped")
    event = {"casting": "being cast", "resolving": "resolving", "entering-battlefield": "entering the battlefield", "turning-face-up": "being turned face up",
             "transforming": "transforming", "turning-face-down": "being turned face down", "countered": "being countered",
             "fizzling": "not resolving because all its targets are illegal", "discarding": "being discarded", "merging": "as an object merges with it",
             "changing-zones": f"moving to the {s.get('to-zone', 'another zone')}" if s.get("to-zone", "none") != "none" else "moving to another zone"}.get(s.get("event"))
    if event:
        bits.append(event)
    via = {"cast": "after being cast" if zone != "stack" else None, "flashback": "cast with flashback", "effect": "put there by an effect", "manifest": "manifested",
           "morph": "cast face down with morph", "madness": "cast with madness", "mutate": "cast with mutate", "copied": "put onto the stack as a copy", "storm": "a storm copy"}.get(s.get("via"))
    if via:
        bits.append(via)
    if s.get("keyword", "none") != "none" and s.get("via") != s.get("keyword"):
        bits.append(f"with {s['keyword']}")
    if s.get("supertype", "none") != "none":
        bits.append(f"with the {s['supertype']} supertype")
    if s.get("from-zone", "none") not in ("none", "hand" if zone == "stack" else ""):
        bits.append(("cast from the " if zone == "stack" else "from the ") + s["from-zone"])
    return ", ".join(bits + timing_words(s))


def timing_words(s: dict) -> list[str]:
    """The moment of the game, where the situation says it (step, turn, stack, priority)."""
    bits = []
    if s.get("step") not in (None, "precombat-main") or s.get("turn") == "opponents":
        bits.append(f"in the {s.get('step', 'precombat-main').replace('-', ' ')} {'phase' if s.get('step', '').endswith('main') else 'step'}"
                    f" of {'an opponent' if s.get('turn') == 'opponents' else 'its controller'}'s turn")
    if s.get("stack") == "nonempty":
        bits.append("with another object on the stack")
    if s.get("priority") == "no":
        bits.append("without priority")
    return bits
