"""Rule 730 for merged permanents of any number of components (an induction with arrays).

The same permanent, events and invariant as :class:`~.merging.Merging`, with the components held
in arrays indexed by their place (0 the bottom, ``n - 1`` the topmost) and ``n`` any positive
number: merging on top writes at ``n``; merging under shifts every component up one place;
turning face down or up, and transforming, change every component at once. The invariant is
proved by induction over the events for every ``n``, so no bound on the components is needed.
"""

from __future__ import annotations

import z3

from .merging import CHARACTERISTICS_STATEMENT, COPY, DFC, FACE_DOWN_EV, FACE_UP_EV, FLIP_EV, INSTANT, KINDS, MERGE_TOP, MERGE_UNDER, TRANSFORM, Merging, describe_chars, merge_under_scenario
from .merging import characteristics_obligation as bounded_characteristics
from .obligation import Variant, obligation
from .system import Field, System

SLOTS = ("card", "kind", "tok", "fd", "back")
PERMANENT = ("src_card", "src_kind", "src_back", "token", "face_down", "flipped", "copy")


class MergingAny(Merging):
    def __init__(self, broken: str | None = None):
        super().__init__(1, broken)
        self.name = "merging-any"
        arrays = [Field(f, "bool-array" if f in ("tok", "fd", "back") else "int-array") for f in SLOTS]
        self.fields = [Field("n", "int", 1), *arrays, *[f for f in self.fields if f.name in PERMANENT]]

    def slot(self, s, f, i):
        return s[f][i]

    def top(self, s, f):
        return s[f][s["n"] - 1]

    def contains(self, s, kind):
        i = z3.Int("i")
        return z3.Exists([i], z3.And(i >= 0, i < s["n"], s["kind"][i] == kind))

    def well_formed(self, s):
        i = z3.Int("i")
        return [z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < s["n"]), z3.And(s["card"][i] >= 1, s["kind"][i] >= 0, s["kind"][i] <= 3,
                                                                           z3.Implies(s["back"][i], s["kind"][i] == DFC)))),
                z3.Implies(s["src_back"], s["src_kind"] == DFC)]

    def init(self, s):
        return z3.And(s["n"] == 1, s["src_card"] == s["card"][0], s["src_kind"] == s["kind"][0], s["src_back"] == s["back"][0],
                      s["token"] == s["tok"][0], s["face_down"] == s["fd"][0], z3.Not(s["flipped"]), s["copy"] == -1)

    def trans(self, s, t, e):
        ev, n = e["event"], s["n"]
        x = {"card": e["x_card"], "kind": e["x_kind"], "tok": e["x_token"], "fd": e["x_face_down"], "back": e["x_back"]}
        i = z3.Int("i")
        same = lambda names: [t[k] == s[k] for k in names]  # noqa: E731
        keep_slots = same(SLOTS)
        x_ok = z3.Implies(e["x_back"], e["x_kind"] == DFC)
        # 730.2 + 730.2a/d/e: placed on top; the permanent gets that object's characteristics and status
        top = z3.And(x_ok, t["n"] == n + 1, *[t[f] == z3.Store(s[f], n, x[f]) for f in SLOTS],
                     t["src_card"] == x["card"], t["src_kind"] == x["kind"], t["src_back"] == x["back"], t["token"] == x["tok"], t["face_down"] == x["fd"],
                     *same(("flipped", "copy")))
        # 730.2: placed under, every component moves up one place; nothing else changes (730.2c)
        if self.broken == "merge-under-changes-characteristics":
            under_perm = [t["src_card"] == x["card"], t["src_kind"] == x["kind"], t["src_back"] == x["back"], *same(("token", "face_down", "flipped", "copy"))]
        else:
            under_perm = same(PERMANENT)
        under = z3.And(x_ok, t["n"] == n + 1, *[t[f] == z3.Lambda([i], z3.If(i == 0, x[f], s[f][i - 1])) for f in SLOTS], *under_perm)
        # 730.2f: face down, every component; 730.2j: not a face-up one with a double-faced component
        blocked_down = z3.BoolVal(False) if self.broken == "turn-face-down-ignores-730.2j" else z3.And(z3.Not(s["face_down"]), self.contains(s, DFC))
        rest = ("src_card", "src_kind", "src_back", "token", "flipped", "copy")
        down = z3.And(t["n"] == n, z3.If(blocked_down, z3.And(*keep_slots, *same(PERMANENT)),
                                         z3.And(*same(("card", "kind", "tok", "back")), t["fd"] == z3.K(z3.IntSort(), z3.BoolVal(True)), t["face_down"], *same(rest))))
        # 730.2f: face up, every component; 730.2g: not if it contains an instant or sorcery card
        can_up = z3.And(s["face_down"], z3.Not(self.contains(s, INSTANT)))
        up = z3.And(t["n"] == n, z3.If(can_up, z3.And(*same(("card", "kind", "tok", "back")), t["fd"] == z3.K(z3.IntSort(), z3.BoolVal(False)), z3.Not(t["face_down"]), *same(rest)),
                                       z3.And(*keep_slots, *same(PERMANENT))))
        # 730.2i: every double-faced component turns over, and the object the copiable values come from
        transform = z3.And(t["n"] == n, *same(("card", "kind", "tok", "fd")),
                           t["back"] == z3.Lambda([i], z3.If(s["kind"][i] == DFC, z3.Not(s["back"][i]), s["back"][i])),
                           t["src_back"] == z3.If(s["src_kind"] == DFC, z3.Not(s["src_back"]), s["src_back"]),
                           *same(("src_card", "src_kind", "token", "face_down", "flipped", "copy")))
        flip = z3.And(t["n"] == n, *keep_slots, t["flipped"], *same(("src_card", "src_kind", "src_back", "token", "face_down", "copy")))
        copy = z3.And(t["n"] == n, *keep_slots, t["copy"] == self.permanent_chars(s), *same(("src_card", "src_kind", "src_back", "token", "face_down", "flipped")))
        return z3.Or(z3.And(ev == MERGE_TOP, top), z3.And(ev == MERGE_UNDER, under), z3.And(ev == FACE_DOWN_EV, down),
                     z3.And(ev == FACE_UP_EV, up), z3.And(ev == TRANSFORM, transform), z3.And(ev == FLIP_EV, flip), z3.And(ev == COPY, copy))

    def render_state(self, v):
        code = 0 if v["face_down"] else 3 * v["src_card"] + (1 if v["src_kind"] == DFC and v["src_back"] else 2 if v["src_kind"] == 2 and v["flipped"] else 0)
        return {"components": v["n"], "characteristics": describe_chars(code), "copiable values from": f"card {v['src_card']}: {KINDS.get(v['src_kind'])}",
                "token": v["token"], "face down": v["face_down"], "flipped": v["flipped"], "a copy of it has": describe_chars(v["copy"])}

    def scenario(self, states, events, broken):
        """The generic export: the components are arrays, not the slots Merging's export reads."""
        return System.scenario(self, states, events, broken)


def characteristics_obligation(broken: str | None = None, variants=()):
    system = MergingAny(broken)
    return obligation(
        "merging.characteristics" + (f"[broken:{broken}]" if broken else ""), system.rules, CHARACTERISTICS_STATEMENT,
        "any merged permanent of any number of components in any order with any mix of tokens, face-down, double-faced, "
        "flip and instant/sorcery components; every sequence of events of any length (induction, components in arrays)",
        "induction", system.induction_checks, tags=("merging", "730"), variants=variants)


# merge-under, broken, on the arrays: Z3 answers unknown (no model with the shifted arrays within the limits), so that
# variant is refuted on the bounded encoding, over the situation a scenario plays; turning face down on the arrays
VARIANTS = (Variant("merge-under-changes-characteristics", "merging.2a", "730.2a",
                    lambda: bounded_characteristics(2, "merge-under-changes-characteristics", playable="merge under"),
                    "proof-merging-under-keeps-characteristics", merge_under_scenario),
            Variant("turn-face-down-ignores-730.2j", "merging.2j", "730.2j", lambda: characteristics_obligation("turn-face-down-ignores-730.2j")))
OBLIGATIONS = [characteristics_obligation(variants=VARIANTS)]
