"""Rule 730.3 for merged permanents of any number of components, owned by any number of players
(an induction with arrays).

The same leaving as :class:`~.merging.MergedLeaves`, with the components in arrays indexed by
their place (0 the bottom, ``n - 1`` the topmost) and ``n`` any positive number. Each zone of
each player (a *place*, ``4 * owner + zone``) holds ``count[place]`` new objects so far, and
``at[place][p]`` says which component is the ``p``-th of them. "Nothing lost or duplicated, one
object for each component put" is then a statement without a cardinality: the components put and
the new objects of each place are in one-to-one correspondence (each component put is the object
at its position; each object of a place is a component put there, at that position). The
bounded encoding needed a sum over the slots for the count, which arrays lack.
"""

from __future__ import annotations

import z3

from .merging import LEAVE_VARIANTS, REPLACEMENTS, ZONES4, leave_statement
from .obligation import obligation
from .system import Field, System

ZONE_COUNT = len(ZONES4)


class MergedLeavesAny(System):
    """730.3, 730.3a, 730.3d, 730.3e as :class:`~.merging.MergedLeaves` says, for any ``n``."""

    name = "merging-leave-any"
    rules = ("merging.3", "merging.3a", "merging.3d", "merging.3e")

    def __init__(self, broken: str | None = None):
        self.broken = broken
        self.fields = [Field("n", "int", 1), Field("token", "bool"), Field("dest", "int", 0, 3, ZONES4), Field("rep", "int", 0, 2, REPLACEMENTS),
                       Field("rep_from", "int", 0, 3, ZONES4), Field("rep_to", "int", 0, 3, ZONES4),
                       Field("tok", "bool-array"), Field("owner", "int-array"), Field("put", "bool-array"), Field("zone", "int-array"),
                       Field("pos", "int-array"), Field("count", "int-array"), Field("at", "int-matrix")]
        self.event_fields = [Field("put_component", "int", 0)]

    def appropriate_zone(self, s, i):
        applies = z3.And(s["rep"] != 0, s["rep_from"] == s["dest"])
        if self.broken == "card-replacement-ignores-tokens":
            moved = z3.And(applies, z3.Or(s["rep"] == 1, z3.Not(s["tok"][i])))
        else:  # 730.3d: on the object, every component; 730.3e: on cards, every one unless the permanent is a token
            moved = z3.And(applies, z3.Or(s["rep"] == 1, z3.Not(s["token"]), z3.Not(s["tok"][i])))
        return z3.If(moved, s["rep_to"], s["dest"])

    def place(self, s, i):
        return ZONE_COUNT * s["owner"][i] + s["zone"][i]

    def component(self, s, i):
        return z3.And(i >= 0, i < s["n"])

    def well_formed(self, s):
        i = z3.Int("i")
        return [z3.ForAll([i], z3.Implies(self.component(s, i), s["owner"][i] >= 0))]

    def init(self, s):
        i = z3.Int("i")
        return z3.And(z3.ForAll([i], z3.Not(s["put"][i])), s["count"] == z3.K(z3.IntSort(), z3.IntVal(0)))

    def trans(self, s, t, e):
        k = e["put_component"]
        zone = self.appropriate_zone(s, k)
        place = ZONE_COUNT * s["owner"][k] + zone
        p = s["count"][place]
        fixed = ("n", "token", "dest", "rep", "rep_from", "rep_to", "tok", "owner")
        # 730.3a: the owner puts any component not yet put; it lands after the objects already there
        return z3.And(k < s["n"], z3.Not(s["put"][k]), *[t[f] == s[f] for f in fixed],
                      t["put"] == z3.Store(s["put"], k, True), t["zone"] == z3.Store(s["zone"], k, zone), t["pos"] == z3.Store(s["pos"], k, p),
                      t["count"] == z3.Store(s["count"], place, p + 1), t["at"] == z3.Store(s["at"], place, p, k))

    def invariant(self, s):
        i, j, q, p = z3.Ints("i j q p")
        put = lambda x: z3.And(self.component(s, x), s["put"][x])  # noqa: E731
        arrived = z3.And(q >= 0, p >= 0, p < s["count"][q])
        return [
            ("730.3: no zone has fewer than none of the new objects (a count)", z3.ForAll([q], s["count"][q] >= 0)),
            ("730.3: each component put is in the appropriate zone (the event's, or its replacement effect's)",
             z3.ForAll([i], z3.Implies(put(i), s["zone"][i] == self.appropriate_zone(s, i)))),
            ("730.3: nothing is lost: each component put is the new object at its position in its owner's zone",
             z3.ForAll([i], z3.Implies(put(i), z3.And(s["pos"][i] >= 0, s["pos"][i] < s["count"][self.place(s, i)], s["at"][self.place(s, i), s["pos"][i]] == i)))),
            ("730.3: one object arrives for each component put: each new object of a zone is a component put there, at its position",
             z3.ForAll([q, p], z3.Implies(arrived, z3.And(put(s["at"][q, p]), self.place(s, s["at"][q, p]) == q, s["pos"][s["at"][q, p]] == p)))),
            ("730.3: nothing is duplicated: no two components share a place in a zone",
             z3.ForAll([i, j], z3.Implies(z3.And(put(i), put(j), i != j, self.place(s, i) == self.place(s, j)), s["pos"][i] != s["pos"][j]))),
            ("730.3d/730.3e: every component of a merged permanent that is not a token goes to the same zone",
             z3.ForAll([i, j], z3.Implies(z3.And(put(i), put(j), z3.Not(s["token"])), s["zone"][i] == s["zone"][j]))),
            ("730.3e: a token merged permanent's token components go where it goes, despite a replacement effect on cards",
             z3.ForAll([i], z3.Implies(z3.And(put(i), s["token"], s["tok"][i], s["rep"] == 2), s["zone"][i] == s["dest"]))),
        ]

    def render_event(self, v):
        return {"event": f"put component {v['put_component']} into its zone"}


def leave_any_obligation(broken: str | None = None, variants=()):
    return obligation(
        "merging.leave" + (f"[broken:{broken}]" if broken else ""), MergedLeavesAny.rules, leave_statement(),
        "any merged permanent of any number of components owned by any number of players, any destination, at most one "
        "replacement effect; the components put one at a time in any order (induction over the steps, components in arrays)",
        "induction", MergedLeavesAny(broken).induction_checks, tags=("merging", "730"), variants=variants)


# the broken variant card-replacement-ignores-tokens is refuted on the bounded encoding (merging.py): on the arrays Z3
# finds no model of the quantified invariant within the limits (unknown, never refuted), even for 2 components
OBLIGATIONS = [leave_any_obligation(variants=LEAVE_VARIANTS)]
