"""Amplify for any number of cards in hand (an induction with arrays, a card revealed at a time).

The creature and its instances of amplify are those of :class:`~.amplify.Amplify`; the hand is
arrays indexed by any integer (each card's creature types, whether it is entering the
battlefield at the same time). As the creature enters, its controller reveals cards one at a
time, each for one instance (702.36a: any number; each instance works separately, 702.36b);
then it enters with the counters. "N counters for each card revealed" is stated without a
cardinality: for each instance, the cards revealed for it and the numbers ``0 .. count - 1`` are
in one-to-one correspondence (``order[r]`` the r-th card revealed, ``rank[h]`` the place of card
h), and the counters it will get are N times that count, summed over the instances.
"""

from __future__ import annotations

import z3

from .amplify import INSTANCES, TYPES
from .amplify import VARIANTS as BOUNDED_VARIANTS
from .obligation import Variant
from .system import Field, System

EVENTS = {0: "a card from the hand is revealed for an instance", 1: "it enters the battlefield", 2: "its creature types change"}
REVEAL, ENTER, RETYPE = range(3)


class AmplifyAny(System):
    name = "amplify-any"
    event_names = EVENTS
    rules = ("amplify.a", "amplify.b", "amplify.q1", "amplify.q2", "amplify.q3", "amplify.q4", "amplify.q6")

    def __init__(self, broken: str | None = None):
        self.broken = broken
        per_instance = []
        for j in range(INSTANCES):
            per_instance += [Field(f"amplify{j}", "int", 0), Field(f"revealed{j}", "bool-array"), Field(f"count{j}", "int", 0),
                             Field(f"order{j}", "int-array"), Field(f"rank{j}", "int-array"), Field(f"tally{j}", "int", 0)]
        self.fields = [Field("on_battlefield", "bool"), Field("counters", "int", 0), Field("instances", "int", 1, INSTANCES),
                       *[Field(f"type{y}", "bool") for y in range(TYPES)], *[Field(f"card_type{y}", "bool-array") for y in range(TYPES)],
                       Field("card_entering", "bool-array"), *per_instance]
        self.event_fields = [Field("event", "int", 0, 2, EVENTS), Field("instance", "int", 0, INSTANCES - 1), Field("card", "int", 0),
                             *[Field(f"new_type{y}", "bool") for y in range(TYPES)]]

    def shares(self, s, h):
        return z3.Or(*[z3.And(s[f"type{y}"], s[f"card_type{y}"][h]) for y in range(TYPES)])

    def init(self, s):
        h = z3.Int("h")
        return z3.And(z3.Not(s["on_battlefield"]), s["counters"] == 0,
                      *[z3.And(s[f"count{j}"] == 0, s[f"tally{j}"] == 0, z3.ForAll([h], z3.Not(s[f"revealed{j}"][h]))) for j in range(INSTANCES)])

    def trans(self, s, t, e):
        j_ev, h = e["instance"], e["card"]
        hand = [f"card_type{y}" for y in range(TYPES)] + ["card_entering", "instances", *[f"amplify{j}" for j in range(INSTANCES)]]
        per = lambda j: [f"revealed{j}", f"count{j}", f"order{j}", f"rank{j}", f"tally{j}"]  # noqa: E731
        keep = lambda names: [t[n] == s[n] for n in names]  # noqa: E731
        types = [f"type{y}" for y in range(TYPES)]
        # 702.36a: a card in the hand that shares a creature type with it and isn't entering at the same time, not yet revealed for this instance
        legal = z3.And(z3.Not(s["on_battlefield"]), j_ev < s["instances"], self.shares(s, h), z3.Not(s["card_entering"][h]))
        reveal = [legal, *keep(["on_battlefield", "counters", *types])]
        for j in range(INSTANCES):
            mine = j_ev == j
            add = z3.IntVal(1) if self.broken == "one-counter-per-card" else s[f"amplify{j}"]
            fresh = z3.Not(s[f"revealed{j}"][h])
            reveal.append(z3.If(mine, z3.And(fresh, t[f"revealed{j}"] == z3.Store(s[f"revealed{j}"], h, True), t[f"count{j}"] == s[f"count{j}"] + 1,
                                             t[f"order{j}"] == z3.Store(s[f"order{j}"], s[f"count{j}"], h), t[f"rank{j}"] == z3.Store(s[f"rank{j}"], h, s[f"count{j}"]),
                                             t[f"tally{j}"] == s[f"tally{j}"] + add),
                                z3.And(*keep(per(j)))))
        # it enters with the counters, for each instance separately (702.36b)
        enter = [z3.Not(s["on_battlefield"]), t["on_battlefield"], t["counters"] == sum(s[f"tally{j}"] for j in range(INSTANCES)), *keep(types),
                 *[c for j in range(INSTANCES) for c in keep(per(j))]]
        retype = [s["on_battlefield"], *keep(["on_battlefield", "counters"]), *[t[f"type{y}"] == e[f"new_type{y}"] for y in range(TYPES)],
                  *[c for j in range(INSTANCES) for c in keep(per(j))]]
        return z3.And(*keep(hand), z3.Or(z3.And(e["event"] == REVEAL, *reveal), z3.And(e["event"] == ENTER, *enter), z3.And(e["event"] == RETYPE, *retype)))

    def invariant(self, s):
        h, r = z3.Ints("h r")
        out = []
        for j in range(INSTANCES):
            rev, order, rank, count = s[f"revealed{j}"], s[f"order{j}"], s[f"rank{j}"], s[f"count{j}"]
            out.append((f"amplify.a: the cards revealed for instance {j} are counted, one each (revealed cards and 0..count-1 in one-to-one correspondence)",
                        z3.And(z3.ForAll([h], z3.Implies(rev[h], z3.And(rank[h] >= 0, rank[h] < count, order[rank[h]] == h))),
                               z3.ForAll([r], z3.Implies(z3.And(r >= 0, r < count), z3.And(rev[order[r]], rank[order[r]] == r))))))
            out.append((f"amplify.a/amplify.b: instance {j} puts N counters for each card revealed for it", s[f"tally{j}"] == s[f"amplify{j}"] * count))
        return out + [
            ("amplify.a/amplify.b/amplify.q3: on the battlefield it has N +1/+1 counters for each card revealed, for each instance separately",
             z3.Implies(s["on_battlefield"], s["counters"] == sum(s[f"amplify{j}"] * s[f"count{j}"] for j in range(INSTANCES)))),
            ("amplify.a: it is never on the battlefield with counters other than those it entered with (amplify.q4)",
             z3.Implies(z3.Not(s["on_battlefield"]), s["counters"] == 0))]

    def step_properties(self, s, t, e):
        h = e["card"]
        return [("amplify.a/amplify.q2: only cards that share a creature type with it and aren't entering at the same time are revealed",
                 z3.Implies(z3.And(e["event"] == REVEAL, *[z3.Implies(e["instance"] == j, t[f"revealed{j}"][h] != s[f"revealed{j}"][h]) for j in range(INSTANCES)]),
                            z3.And(self.shares(s, h), z3.Not(s["card_entering"][h])))),
                ("amplify.q6: changing its creature types later doesn't change its counters", z3.Implies(e["event"] == RETYPE, t["counters"] == s["counters"]))]

    def render_state(self, v):
        return {"on the battlefield": v["on_battlefield"], "counters": v["counters"], "amplify": [v[f"amplify{j}"] for j in range(v["instances"])],
                "cards revealed": [v[f"count{j}"] for j in range(v["instances"])], "counters to put": [v[f"tally{j}"] for j in range(v["instances"])]}


def amplify_any_obligation(broken: str | None = None, variants=()):
    return AmplifyAny(broken).induction_obligation(
        "amplify.counters",
        "As it enters the battlefield, reveal any number of cards from your hand that share a creature type with it; it enters "
        "with N +1/+1 counters for each card revealed; multiple instances each work separately.",
        f"any creature with up to {INSTANCES} instances of amplify N (any N), {TYPES} creature types, any number of cards in hand, "
        "revealed one at a time (induction over events, the hand in arrays)",
        tags=("amplify",), variants=variants)


VARIANTS = (Variant("one-counter-per-card", "amplify.q3", "amplify.a/amplify.b", lambda: amplify_any_obligation("one-counter-per-card")), *BOUNDED_VARIANTS)
OBLIGATIONS = [amplify_any_obligation(variants=VARIANTS)]
