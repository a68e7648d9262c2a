"""Costs: the mana value of a spell does not depend on the cost paid (flashback, madness,
morph rulings), and affinity reduces only generic mana (702.39 as printed, 702.41 today).

State: the card's zone, how it was cast, whether it is face down, the spell's converted mana
cost and the mana paid (generic and each color). The card's mana cost, flashback cost and
madness cost are fixed symbols (any amounts): the proof holds for every card.

Event: casting it (601.2b: announcing the alternative cost; 601.2e-f: the total cost is the
mana cost or the alternative cost, plus cost increases, minus reductions — each instance of
affinity reducing the generic part by the number of [text] its controller controls, to no less
than zero).
"""

from __future__ import annotations

import z3

from .obligation import Variant
from .scenario_shape import corpus_scenario
from .system import EXILE, GRAVEYARD, HAND, STACK, ZONES, Field, System, zone_field

COLORS = ("W", "U", "B", "R", "G")
MODES = {0: "its mana cost", 1: "flashback", 2: "madness", 3: "morph (face down, {3})"}
NORMAL, FLASHBACK, MADNESS, MORPH = range(4)
AFFINITY = 3  # instances of affinity on the spell


def cost_fields(prefix: str) -> list[Field]:
    return [Field(f"{prefix}_generic", "int", 0), *[Field(f"{prefix}_{c}", "int", 0) for c in COLORS]]


class Costs(System):
    name = "costs"
    rules = ("flashback.a", "flashback.q3", "flashback.q4", "madness.b", "madness.q4", "madness.q5", "morph.a", "morph.q2",
             "affinity.a", "affinity.b", "affinity.c", "affinity.q2")

    def __init__(self, broken: str | None = None, playable: bool = False):
        """``playable``: only the situation a corpus scenario plays (see :meth:`scope`)."""
        self.broken, self.playable = broken, playable
        self.fields = [zone_field("zone"), Field("mode", "int", 0, 3, MODES), Field("face_down", "bool"), Field("cmc", "int", 0),
                       *cost_fields("paid"), *cost_fields("card"), *cost_fields("flashback"), *cost_fields("madness")]
        self.event_fields = [Field("event", "int", 0, 0, {0: "cast it"}), Field("mode_chosen", "int", 0, 3, MODES), Field("increase", "int", 0),
                             *[Field(f"affinity{j}", "int", 0) for j in range(AFFINITY)], Field("instances", "int", 0, AFFINITY)]

    def scope(self, s, e):
        """Cast from the hand for its mana cost {4} (Frogmite, affinity for artifacts), no cost
        increase, with 1 to 4 artifacts (Ornithopters): one reduction of that many."""
        if not self.playable:
            return []
        return [s["zone"] == HAND, e["mode_chosen"] == NORMAL, s["card_generic"] == 4, *[s[f"card_{c}"] == 0 for c in COLORS], e["increase"] == 0,
                e["instances"] == 1, e["affinity0"] >= 1, e["affinity0"] <= 4]

    def printed_cmc(self, s):
        return s["card_generic"] + sum(s[f"card_{c}"] for c in COLORS)

    def init(self, s):
        return z3.And(s["zone"] != STACK, z3.Not(s["face_down"]), s["cmc"] == self.printed_cmc(s))

    def trans(self, s, t, e):
        m = e["mode_chosen"]
        card = [f"{p}_{x}" for p in ("card", "flashback", "madness") for x in ("generic", *COLORS)]
        keep = z3.And(*[t[n] == s[n] for n in card])
        # 601.2b: where it may be cast from with each cost
        where = z3.Or(z3.And(m == NORMAL, s["zone"] == HAND), z3.And(m == FLASHBACK, s["zone"] == GRAVEYARD),
                      z3.And(m == MADNESS, s["zone"] == EXILE), z3.And(m == MORPH, s["zone"] == HAND))
        base = {x: z3.If(m == FLASHBACK, s[f"flashback_{x}"], z3.If(m == MADNESS, s[f"madness_{x}"], z3.If(m == MORPH, 3 if x == "generic" else 0, s[f"card_{x}"])))
                for x in ("generic", *COLORS)}
        # 601.2f: increases, then each instance of affinity reduces the generic mana, never below zero
        generic = base["generic"] + e["increase"]
        for j in range(AFFINITY):
            reduced = z3.If(generic - e[f"affinity{j}"] > 0, generic - e[f"affinity{j}"], 0)
            generic = z3.If(j < e["instances"], reduced, generic)
        paid = z3.And(t["paid_generic"] == generic, *[t[f"paid_{c}"] == base[c] for c in COLORS])
        # the spell's characteristics: a face-down spell has no mana cost; otherwise its mana
        # cost is the card's, whatever was paid
        if self.broken == "mana-value-from-cost-paid":
            cmc = t["cmc"] == t["paid_generic"] + sum(t[f"paid_{c}"] for c in COLORS)
        else:
            cmc = t["cmc"] == z3.If(m == MORPH, 0, self.printed_cmc(s))
        return z3.And(keep, where, t["zone"] == STACK, t["mode"] == m, t["face_down"] == (m == MORPH), paid, cmc)

    def invariant(self, s):
        on_stack = s["zone"] == STACK
        return [
            ("flashback.q3/madness.q4/affinity.q2: a spell's converted mana cost is determined by its mana cost, not by what was paid",
             z3.Implies(z3.And(on_stack, z3.Not(s["face_down"])), s["cmc"] == self.printed_cmc(s))),
            ("morph.q2: a face-down spell has no mana cost, so its converted mana cost is 0", z3.Implies(z3.And(on_stack, s["face_down"]), s["cmc"] == 0)),
        ]

    def step_properties(self, s, t, e):
        m = e["mode_chosen"]
        base = lambda x: z3.If(m == FLASHBACK, s[f"flashback_{x}"], z3.If(m == MADNESS, s[f"madness_{x}"], z3.If(m == MORPH, 3 if x == "generic" else 0, s[f"card_{x}"])))
        total_reduction = sum(z3.If(j < e["instances"], e[f"affinity{j}"], 0) for j in range(AFFINITY))
        full = base("generic") + e["increase"]
        return [
            ("affinity.b: affinity reduces only the generic mana to pay, never the colored mana", z3.And(*[t[f"paid_{c}"] == base(c) for c in COLORS])),
            ("affinity.a/affinity.c: each instance applies: {1} less for each, down to no generic mana at all",
             t["paid_generic"] == z3.If(full - total_reduction > 0, full - total_reduction, 0)),
            ("flashback.q4/madness.q5: cost changes apply to the total cost, alternative costs included",
             z3.Implies(z3.And(e["increase"] == 0, e["instances"] == 0), t["paid_generic"] == base("generic"))),
        ]

    def render_state(self, v):
        cost = lambda p: "{" + str(v[f"{p}_generic"]) + "}" + "".join(c * v[f"{p}_{c}"] for c in COLORS)
        return {"zone": ZONES.get(v["zone"]), "cast with": MODES.get(v["mode"]), "face down": v["face_down"], "converted mana cost": v["cmc"],
                "paid": cost("paid"), "mana cost": cost("card"), "flashback cost": cost("flashback"), "madness cost": cost("madness")}

    def render_event(self, v):
        return {"event": f"cast it paying {MODES.get(v['mode_chosen'])}", "cost increase": v["increase"],
                "affinity reductions": [v[f"affinity{j}"] for j in range(v["instances"])]}


def costs_obligation(broken: str | None = None, playable: bool = False, **reach):
    return Costs(broken, playable).induction_obligation(
        "costs.mana-value-and-affinity" + ("[playable]" if playable else ""),
        "The mana cost (and converted mana cost) of a spell is determined by its card, not by what was paid to cast it "
        "(flashback, madness); a face-down spell has converted mana cost 0; affinity reduces only generic mana, each "
        "instance applying; cost changes apply to alternative costs.",
        f"every mana cost, flashback and madness cost (any amounts), any cost increase, up to {AFFINITY} instances of affinity "
        "for any numbers of permanents (induction over casts)",
        tags=("costs", "affinity", "flashback", "madness", "morph"), **reach)


def scenario_of(counterexample: dict) -> dict:
    """The playable counterexample (a {4} spell with affinity cast from the hand, reduced by the
    artifacts its controller controls) as a corpus scenario: Frogmite with that many
    Ornithopters. The expectation is the rule's (affinity.q2): mana cost {4}, mana value 4."""
    situation = counterexample["situation"]
    event = situation["events"][0]
    if situation["before"]["mana cost"] != "{4}" or event["event"] != "cast it paying its mana cost" or len(event["affinity reductions"]) != 1:
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    artifacts = event["affinity reductions"][0]
    lands = [f"Plains x{4 - artifacts}"] if artifacts < 4 else []
    return corpus_scenario(
        "proof-affinity-mana-value-from-mana-cost", "A spell cast for less with affinity keeps the mana value of its mana cost",
        ["affinity.a", "affinity.q2"],
        {"seed": "004_1ed1565688c40336.txt", "line": 102, "ruling": "affinity.q2",
         "quote": "the mana cost and converted mana cost of a spell is determined solely by what's in the top-right corner of the card. Nothing else matters."},
        ["pre-2013", "2026-08-07"], ["affinity", "cost-change"], ["Frogmite", "Ornithopter", *(["Plains"] if lands else [])],
        f"mtgrules.proofs.costs.scenario_of from Z3's counterexample to the broken variant mana-value-from-cost-paid: {artifacts} artifact(s), "
        f"paid {situation['after']['paid']}, converted mana cost {situation['after']['converted mana cost']}",
        {"alice": {"hand": ["Frogmite"], "battlefield": [f"Ornithopter x{artifacts}", *lands]}, "bob": {}},
        [{"cast": "Frogmite", "by": "alice", "then": [{"object": "Frogmite", "zone": "stack", "mana_cost": "{4}", "mana_value": 4}]}],
        [{"object": "Frogmite", "zone": "stack", "mana_value": 4}])


VARIANTS = (Variant("mana-value-from-cost-paid", "affinity.q2", "flashback.q3/madness.q4/affinity.q2", lambda: costs_obligation("mana-value-from-cost-paid")),
            Variant("mana-value-from-cost-paid (playable)", "affinity.q2", "flashback.q3/madness.q4/affinity.q2",
                    lambda: costs_obligation("mana-value-from-cost-paid", playable=True), "proof-affinity-mana-value-from-mana-cost", scenario_of))
OBLIGATIONS = [costs_obligation(variants=VARIANTS, size_bound=AFFINITY, bound_reason=(
    "one Z3 constant per instance of affinity; a card has at most a few (the pool's have one), and the reductions add up "
    "instance by instance, so more instances are the same sum; an induction over the instances is not done"))]
