"""Amplify (702.36 as printed, 702.38 today) as a transition system.

State: the creature (on the stack or on the battlefield), its creature types, its +1/+1 counters,
up to H cards in hand (their creature types, whether they are entering the battlefield at the
same time) and, per instance of amplify, which cards were revealed for it. Events: it enters the
battlefield, each instance of amplify revealing any legal set of cards (702.36a-b), the counters
being put on it one card at a time as it enters; an effect changes its creature types later.

The registered obligation is the one for any number of cards in hand (amplify_any.py); this
bounded encoding is kept for its playable broken variant (whose counterexample is a scenario) and
to measure against (bench/proofs.py).
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import Field, System

H, TYPES, INSTANCES = 5, 3, 2
EVENTS = {0: "it enters the battlefield", 1: "its creature types change"}


class Amplify(System):
    name = "amplify"
    rules = ("amplify.a", "amplify.b", "amplify.q1", "amplify.q2", "amplify.q3", "amplify.q4", "amplify.q6")

    def __init__(self, broken: str | None = None, playable: bool = False, hand: int = H):
        """``playable``: only creatures a corpus scenario plays with the pool's cards (Feral
        Throwback: one instance of amplify 2, one creature type, Beast; no card in hand entering at
        the same time) as it enters, so that a counterexample renders as a scenario."""
        self.broken, self.playable, self.H = broken, playable, hand
        hand = []
        for h in range(self.H):
            hand += [Field(f"card{h}_type{y}", "bool") for y in range(TYPES)] + [Field(f"card{h}_entering", "bool")]
        revealed = [Field(f"revealed{j}_{h}", "bool") for j in range(INSTANCES) for h in range(self.H)]
        self.fields = [Field("on_battlefield", "bool"), Field("counters", "int", 0), *[Field(f"type{y}", "bool") for y in range(TYPES)],
                       *[Field(f"amplify{j}", "int", 0) for j in range(INSTANCES)], Field("instances", "int", 1, INSTANCES), *hand, *revealed]
        self.event_fields = [Field("event", "int", 0, 1, EVENTS), *[Field(f"reveal{j}_{h}", "bool") for j in range(INSTANCES) for h in range(self.H)],
                             *[Field(f"new_type{y}", "bool") for y in range(TYPES)]]

    def scope(self, s, e):
        if not self.playable:
            return []
        return [e["event"] == 0, s["instances"] == 1, s["amplify0"] == 2, s["type0"], *[z3.Not(s[f"type{y}"]) for y in range(1, TYPES)],
                *[z3.Not(s[f"card{h}_entering"]) for h in range(self.H)]]

    def init(self, s):
        return z3.And(z3.Not(s["on_battlefield"]), s["counters"] == 0, *[z3.Not(s[f"revealed{j}_{h}"]) for j in range(INSTANCES) for h in range(self.H)])

    def shares(self, s, h):
        return z3.Or(*[z3.And(s[f"type{y}"], s[f"card{h}_type{y}"]) for y in range(TYPES)])

    def trans(self, s, t, e):
        keep = lambda names: [t[n] == s[n] for n in names]
        card = [f.name for f in self.fields if f.name.startswith(("card", "amplify")) or f.name == "instances"]
        legal = [z3.Implies(e[f"reveal{j}_{h}"], z3.And(j < s["instances"], self.shares(s, h), z3.Not(s[f"card{h}_entering"])))
                 for j in range(INSTANCES) for h in range(self.H)]
        # as it enters, for each instance, N counters for each card revealed, one card at a time
        counters = z3.IntVal(0)
        for j in range(INSTANCES):
            for h in range(self.H):
                add = s[f"amplify{j}"] if self.broken != "one-counter-per-card" else z3.IntVal(1)
                counters = counters + z3.If(e[f"reveal{j}_{h}"], add, 0)
        enter = z3.And(z3.Not(s["on_battlefield"]), *legal, t["on_battlefield"], t["counters"] == counters,
                       *[t[f"revealed{j}_{h}"] == e[f"reveal{j}_{h}"] for j in range(INSTANCES) for h in range(self.H)], *keep([f"type{y}" for y in range(TYPES)]))
        retype = z3.And(s["on_battlefield"], *keep(["on_battlefield", "counters"]), *[t[f"type{y}"] == e[f"new_type{y}"] for y in range(TYPES)],
                        *[t[f"revealed{j}_{h}"] == s[f"revealed{j}_{h}"] for j in range(INSTANCES) for h in range(self.H)])
        return z3.And(*keep(card), z3.Or(z3.And(e["event"] == 0, enter), z3.And(e["event"] == 1, retype)))

    def invariant(self, s):
        # N for each card revealed, summed card by card: linear arithmetic, so the proof is
        # decided the same way on every run (a product N * cards sent Z3 to its nonlinear solver,
        # whose work varied 5.7M-14.7M over identical runs)
        per_instance = sum(z3.If(s[f"revealed{j}_{h}"], s[f"amplify{j}"], 0) for j in range(INSTANCES) for h in range(self.H))
        return [("amplify.a/amplify.b/amplify.q3: on the battlefield it has N +1/+1 counters for each card revealed, for each instance separately",
                 z3.Implies(s["on_battlefield"], s["counters"] == per_instance)),
                ("amplify.a: it is never on the battlefield with counters other than those it entered with (amplify.q4)",
                 z3.Implies(z3.Not(s["on_battlefield"]), s["counters"] == 0))]

    def step_properties(self, s, t, e):
        return [("amplify.a/amplify.q2: only cards that share a creature type with it and aren't entering at the same time are revealed",
                 z3.Implies(e["event"] == 0, z3.And(*[z3.Implies(t[f"revealed{j}_{h}"], z3.And(self.shares(s, h), z3.Not(s[f"card{h}_entering"])))
                                                      for j in range(INSTANCES) for h in range(self.H)]))),
                ("amplify.q6: changing its creature types later doesn't change its counters",
                 z3.Implies(e["event"] == 1, t["counters"] == s["counters"]))]

    def render_state(self, v):
        return {"on the battlefield": v["on_battlefield"], "counters": v["counters"], "amplify": [v[f"amplify{j}"] for j in range(v["instances"])],
                "revealed": [[h for h in range(self.H) if v[f"revealed{j}_{h}"]] for j in range(v["instances"])]}


def amplify_obligation(broken: str | None = None, playable: bool = False, hand: int = H, **reach):
    return Amplify(broken, playable, hand).induction_obligation(
        "amplify.counters" + ("[playable]" if playable else ""),
        "As it enters the battlefield, reveal any number of cards from your hand that share a creature type with it; it enters "
        "with N +1/+1 counters for each card revealed; multiple instances each work separately.",
        f"any creature with up to {INSTANCES} instances of amplify N (any N), {TYPES} creature types, up to {hand} cards in hand "
        "(induction over events)",
        tags=("amplify",), **reach)


def scenario_of(counterexample: dict) -> dict:
    """A playable counterexample as a corpus scenario: alice casts Feral Throwback (a Beast with
    amplify 2) with a Beast card (Enormous Baloth) in hand for each card the event reveals, and
    reveals them. The expectation is the rule's (amplify.a): N = 2 counters for each card revealed."""
    situation = counterexample["situation"]
    revealed = situation["after"]["revealed"][0]
    beasts = [{"card": "Enormous Baloth", "as": f"b{h}"} for h in revealed]
    return corpus_scenario(
        "proof-amplify-counters-per-card", "Amplify 2 gives two +1/+1 counters for each card revealed, not one", Amplify.rules,
        {"seed": "004_1ed1565688c40336.txt", "line": 60, "ruling": "amplify.q3",
         "quote": "If you reveal two cards for a creature with amplify 2, it gets four +1/+1 counters; two for each card revealed."},
        ["pre-2013", "2026-08-07"], ["amplify"], ["Enormous Baloth", "Feral Throwback", "Forest"],
        f"mtgrules.proofs.amplify.scenario_of from Z3's counterexample to the broken variant one-counter-per-card: {len(revealed)} card(s) revealed",
        {"alice": {"hand": [{"card": "Feral Throwback", "as": "ft"}, *beasts], "battlefield": ["Forest x6"]}, "bob": {}},
        [{"cast": "ft", "by": "alice"}, {"resolve": "all", "choices": {"reveal": [b["as"] for b in beasts]}}],
        [{"object": "ft", "counters": {"+1/+1": 2 * len(revealed)}, "power": 3 + 2 * len(revealed), "toughness": 3 + 2 * len(revealed)}])


VARIANTS = (Variant("one-counter-per-card (playable, bounded)", "amplify.q3", "amplify.a/amplify.b/amplify.q3", lambda: amplify_obligation("one-counter-per-card", playable=True),
                    "proof-amplify-counters-per-card", scenario_of),)
OBLIGATIONS: list = []  # for any number of cards in hand: amplify_any.py; this bounded encoding is kept for its playable variant
