"""What Z3 could not decide reads as one sentence per question, with the situation in words when
it was asked in one (the analysis returns the data, ``explain`` words it)."""

from __future__ import annotations

from mtgrules.proofs.lint.analysis import Unknown
from mtgrules.proofs.lint.explain import unknown

HAND = {"layout": "dynamic", "card": "any", "kind": "card", "face": "up", "zone": "hand", "half": "none", "status": "normal",
        "tapped": "no", "event": "none", "via": "none"}


def test_an_unknown_names_the_question_the_situation_and_z3s_reason():
    f = unknown(Unknown("questions", "canceled", HAND))
    assert (f.kind, f.clauses) == ("unknown", [])
    assert f.explanation == "Z3 could not decide: questions at a dynamic card, in the hand: canceled. This is not a clean result."


def test_an_unknown_without_situation_or_reason():
    assert unknown(Unknown("scope of t.1", "timeout")).explanation == "Z3 could not decide: scope of t.1: timeout. This is not a clean result."
    limit = unknown(Unknown("more than 20000 situation cells; analysis stopped there"))
    assert limit.explanation == "Z3 could not decide: more than 20000 situation cells; analysis stopped there. This is not a clean result."
