"""Every proof obligation of mtgrules, one module per rule section."""

from __future__ import annotations

import re

from . import amplify_any, blocking, costs, double_faced, double_strike, dynamic, face_down, flashback, madness, merging_any, merging_leave_any, storm_turn
from .obligation import Obligation

MODULES = (merging_any, merging_leave_any, flashback, double_faced, dynamic, face_down, costs, madness, storm_turn, double_strike, amplify_any, blocking)


def obligations(pattern: str | None = None) -> list[Obligation]:
    """All obligations, or those selected by a pytest-like ``-k`` expression: words (a substring
    or glob of the name, a rule ID or a tag) combined with ``and``, ``or``, ``not`` and
    parentheses; words side by side must all match. A malformed expression is a ValueError."""
    found = [ob for module in MODULES for ob in module.OBLIGATIONS]
    if not pattern:
        return found
    return [ob for ob in found if select(ob, pattern)]


def select(ob: Obligation, pattern: str) -> bool:
    tokens = re.findall(r"\(|\)|[^\s()]+", pattern)
    out: list[str] = []
    for tok in tokens:
        if tok in ("and", "or", "not", "(", ")"):
            if tok == "not" and out and out[-1] not in ("and", "or", "not", "("):
                out.append("and")
            out.append(tok)
        else:
            if out and out[-1] not in ("and", "or", "not", "("):
                out.append("and")  # "a b" means "a and b"
            out.append(str(ob.matches(tok)))
    try:
        return bool(eval(" ".join(out) or "True", {"__builtins__": {}}, {}))  # only True/False/and/or/not/() reach eval
    except SyntaxError:
        raise ValueError(f"malformed -k expression: {pattern!r}") from None
