"""Flashback (702.32a as printed, 702.34a today) as a transition system.

State: the card's zone, and whether the object on the stack was cast with flashback (its
flashback cost was paid). Events: casting it with flashback from the graveyard; casting it from
the hand; it leaving the stack to any zone (resolving, being countered, Remand, Hinder, buyback,
Eye of the Storm ...); any other zone change. Every zone change goes through the replacement
effects that apply to it (616.1: the affected player applies them one at a time in any order;
after each, the others are checked again; each applies at most once), including flashback's own
("exile this card instead of putting it anywhere else any time it would leave the stack").
"""

from __future__ import annotations

import z3

from .obligation import Variant, obligation
from .replacement_order import ReplacementRounds
from .scenario_shape import corpus_scenario
from .system import EXILE, GRAVEYARD, HAND, STACK, ZONES, Field, System, zone_field

EVENTS = {0: "cast it from the graveyard with flashback", 1: "cast it from the hand", 2: "it leaves the stack", 3: "it moves between two other zones"}
CAST_FB, CAST_HAND, LEAVE_STACK, MOVE = range(4)
STOP = -1


class Flashback(System):
    rules = ("flashback.a", "flashback.q5", "flashback.q6")

    def __init__(self, others: int | None = None, exile_redirects: bool = False, broken: str | None = None):
        """``others``: how many other replacement effects (any zones, any order) are in play;
        None: any number, the zone change's outcome being what :class:`ReplacementRounds` proves
        of it (its checks come first in the obligation). ``exile_redirects``: also allow effects
        that replace going to exile (outside the stated bound: see the tests)."""
        self.K, self.exile_redirects, self.broken = others, exile_redirects, broken
        self.name = f"flashback-{'any' if others is None else others}"
        self.fields = [zone_field("zone"), Field("flashback_paid", "bool")]
        if others is None:
            self.rounds = ReplacementRounds(broken, exile_redirects)
            self.event_fields = [Field("event", "int", 0, 3, EVENTS), zone_field("to"), zone_field("final"), Field("flashback_applied", "bool")]
            return
        reps = []
        for j in range(others):
            reps += [Field(f"r{j}_active", "bool"), zone_field(f"r{j}_from"), zone_field(f"r{j}_to")]
        choices = [Field(f"choice{s}", "int", STOP, others) for s in range(others + 1)]
        self.event_fields = [Field("event", "int", 0, 3, EVENTS), zone_field("to"), *reps, *choices, Field("flashback_applied", "bool")]

    def ev_wf(self, e):
        out = super().ev_wf(e)
        for j in range(self.K or 0):
            out += [e[f"r{j}_from"] != STACK, e[f"r{j}_to"] != STACK]
            if not self.exile_redirects:
                out.append(e[f"r{j}_from"] != EXILE)
        return out

    def init(self, s):
        return z3.And(s["zone"] != STACK, z3.Not(s["flashback_paid"]))

    def replacements(self, leaving_stack, paid, e):
        """616.1: returns (constraints, final zone, whether flashback's replacement was applied)."""
        if self.K is None:
            final, applied = e["final"], e["flashback_applied"]
            return self.rounds.outcome(e["to"], leaving_stack, paid, final, applied), final, applied
        K = self.K
        dest = e["to"]
        applied = [z3.BoolVal(False)] * (K + 1)  # index K is flashback's own effect
        cons = []
        for stage in range(K + 1):
            c = e[f"choice{stage}"]
            fb_ok = z3.And(leaving_stack, paid, z3.Not(applied[K]), dest != EXILE if self.broken != "flashback-always-applies" else z3.BoolVal(True))
            ok = [z3.And(e[f"r{j}_active"], z3.Not(applied[j]), dest == e[f"r{j}_from"]) for j in range(K)] + [fb_ok]
            any_ok = z3.Or(*ok)
            # the player must apply one applicable effect while any applies, and may pick any
            cons.append(z3.If(any_ok, z3.Or(*[z3.And(c == j, ok[j]) for j in range(K + 1)]), c == STOP))
            targets = [e[f"r{j}_to"] for j in range(K)] + [z3.IntVal(EXILE)]
            new_dest = dest
            for j in range(K + 1):
                new_dest = z3.If(c == j, targets[j], new_dest)
            applied = [z3.Or(applied[j], c == j) for j in range(K + 1)]
            dest = new_dest
        return z3.And(*cons), dest, applied[K]

    def trans(self, s, t, e):
        ev = e["event"]
        leaving = z3.And(ev == LEAVE_STACK, s["zone"] == STACK)
        cons, final, fb_applied = self.replacements(leaving, s["flashback_paid"], e)
        cast_fb = z3.And(s["zone"] == GRAVEYARD, t["zone"] == STACK, t["flashback_paid"], z3.Not(e["flashback_applied"]))
        cast_hand = z3.And(s["zone"] == HAND, t["zone"] == STACK, z3.Not(t["flashback_paid"]), z3.Not(e["flashback_applied"]))
        # 400.7: once it leaves the stack it is a new object: the flashback cost was not paid for it
        leave = z3.And(s["zone"] == STACK, e["to"] != STACK, cons, t["zone"] == final, z3.Not(t["flashback_paid"]), e["flashback_applied"] == fb_applied)
        move = z3.And(s["zone"] != STACK, e["to"] != STACK, e["to"] != s["zone"], cons, t["zone"] == final, z3.Not(t["flashback_paid"]), e["flashback_applied"] == fb_applied)
        return z3.Or(z3.And(ev == CAST_FB, cast_fb), z3.And(ev == CAST_HAND, cast_hand), z3.And(ev == LEAVE_STACK, leave), z3.And(ev == MOVE, move))

    def invariant(self, s):
        return [("400.7: only the spell on the stack can have been cast with flashback (a card that changes zones is a new object)",
                 z3.Implies(s["flashback_paid"], s["zone"] == STACK))]

    def step_properties(self, s, t, e):
        from_stack = z3.And(s["zone"] == STACK, s["flashback_paid"], t["zone"] != STACK)
        return [
            ("702.32a: if the flashback cost was paid, the card is exiled instead of put anywhere else any time it would leave the stack",
             z3.Implies(from_stack, t["zone"] == EXILE)),
            ("flashback.q6: flashback's exile effect only kicks in if the card isn't going to be exiled anyway",
             z3.Implies(z3.And(from_stack, e["to"] == EXILE), z3.Not(e["flashback_applied"]))),
        ]

    def render_state(self, v):
        return {"zone": ZONES.get(v["zone"]), "cast with flashback": v["flashback_paid"]}

    def render_event(self, v):
        out = {"event": EVENTS.get(v["event"], v["event"])}
        if v["event"] in (LEAVE_STACK, MOVE) and self.K is None:
            out.update({"to": ZONES.get(v["to"]), "after the replacement effects": ZONES.get(v["final"]), "flashback applied": v["flashback_applied"]})
        elif v["event"] in (LEAVE_STACK, MOVE):
            out["to"] = ZONES.get(v["to"])
            out["replacement effects in play"] = [f"instead of {ZONES.get(v[f'r{j}_from'])}, put it into {ZONES.get(v[f'r{j}_to'])}" for j in range(self.K) if v[f"r{j}_active"]]
            names = [f"effect {j}" for j in range(self.K)] + ["flashback"]
            out["applied, in order"] = [names[v[f"choice{s}"]] for s in range(self.K + 1) if v[f"choice{s}"] != STOP]
        return out


def flashback_obligation(others: int | None = None, exile_redirects: bool = False, broken: str | None = None, variants=()):
    """``others`` None: any number of other replacement effects (unbounded); a number: the
    bounded encoding (one round per effect), kept to measure against."""
    system = Flashback(others, exile_redirects, broken)
    suffix = ("" if others is None else f"[R={others}]") + ("[exile-redirects]" if exile_redirects else "") + (f"[broken:{broken}]" if broken else "")
    if others is None:
        return obligation(
            f"flashback.exiled{suffix}", system.rules, STATEMENT,
            "every sequence of events of any length (induction over events); each zone change with flashback's effect and any "
            "number of other replacement effects from any zone other than exile to any zone, applied in any order (616.1, "
            "induction over the rounds of replacement: the invariant of the stopped process is what the events use)",
            "induction", lambda: [*_prefixed("616.1 rounds", system.rounds.induction_checks()), *_prefixed("events", system.induction_checks())],
            tags=("flashback", "702.32", "702.34"), variants=variants)
    return obligation(
        f"flashback.exiled{suffix}", system.rules,
        STATEMENT,
        f"every sequence of events of any length (induction); each zone change with flashback's effect and up to {others} other "
        "replacement effects from any zone other than exile to any zone, applied in any order (616.1)",
        "induction", system.induction_checks, tags=("flashback", "702.32", "702.34"), size_bound=others, variants=variants,
        bound_reason="the bounded encoding (one choice per round of replacement, one round per effect), kept to measure "
                     "against the unbounded proof (bench/proofs.py prints its growth)")


STATEMENT = ("If the flashback cost was paid, exile this card instead of putting it anywhere else any time it would leave the "
             "stack; flashback's own exile effect only applies if the card isn't going to be exiled anyway.")


def _prefixed(prefix: str, checks):
    for check in checks:
        check.name = f"{prefix}: {check.name}"
    return checks


def scenario_of(counterexample: dict) -> dict:
    """A counterexample with no other replacement effect (R=0) as a corpus scenario: the event
    sends the spell cast with flashback from the stack to exile, as Eye of the Storm does (its
    trigger exiles the cast card). The expectation is the rule's (flashback.q6): the card is
    exiled, and flashback's own replacement did not apply to that zone change."""
    situation = counterexample["situation"]
    if situation["before"]["going to"] != "exile" or situation["events"][0]["event"] != "apply flashback's replacement":
        raise ValueError(f"not a counterexample this scenario plays: {situation}")
    return corpus_scenario(
        "proof-flashback-already-exiled", "A spell cast with flashback that an effect exiles anyway is exiled without flashback's replacement",
        ["flashback.a", "flashback.q6"], {"seed": "004_1ed1565688c40336.txt", "line": 9, "ruling": "flashback.q6",
                                          "quote": "things that exile the card directly (such as Eye of the Storm and Spelljack ) will work just fine."},
        ["pre-2013", "2026-08-07"], ["flashback", "triggered-ability", "cast-copy", "copy"], ["Eye of the Storm", "Firebolt", "Mountain"],
        "mtgrules.proofs.flashback.scenario_of from Z3's counterexample to the broken variant flashback-always-applies "
        "(replacement_order.py): going to exile, flashback's effect applied",
        {"alice": {"graveyard": ["Firebolt"], "battlefield": ["Mountain x5"]}, "bob": {"life": 20, "battlefield": ["Eye of the Storm"]}},
        [{"cast": "Firebolt", "by": "alice", "from": "graveyard", "alt_cost": "flashback", "targets": ["bob"]},
                  {"resolve": "top", "choices": {"may": True, "cast": {"card": "Firebolt", "copy": True, "targets": ["bob"], "free": True}}},
                  {"resolve": "all"}],
        [{"object": "Firebolt", "zone": "exile"},
                   {"event": {"kind": "zone_change", "object": "Firebolt", "from": "stack", "to": "exile", "source": "Eye of the Storm"}},
                   {"no_event": {"kind": "zone_change", "object": "Firebolt", "from": "stack", "replaced_by": "flashback"}}])


VARIANTS = (Variant("flashback-always-applies", "flashback.q6", "flashback.q6", lambda: flashback_obligation(broken="flashback-always-applies"),
                    "proof-flashback-already-exiled", scenario_of),)
OBLIGATIONS = [flashback_obligation(variants=VARIANTS)]
