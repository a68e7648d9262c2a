"""Storm (702.38 as printed, 702.40 today) for turns of any length: an inductive invariant on the
storm count instead of bounded model checking.

The events and the engine's state are those of :class:`~.storm.Storm`; the turn's history is an
array (any number of events). The statement reads the history through a recursive count of the
spells cast in a range of it (:mod:`.prefix_count`); the invariant adds what makes it inductive:
the turn began at or before now, and each waiting storm trigger counted the spells cast this turn
before its storm spell. Consecution uses the count's frame lemma (writing the new event at the end
of the history doesn't change the counts before it), proved by induction by checks of its own.
"""

from __future__ import annotations

import z3

from .obligation import Variant, obligation
from .prefix_count import PrefixCount
from .storm import CAST_KINDS, TRIGGERS, Storm, scenario_of, storm_obligation
from .system import Field

CASTS = PrefixCount("spells_cast", lambda ev: z3.Or(*[ev == k for k in CAST_KINDS]))


class StormTurn(Storm):
    def __init__(self, broken: str | None = None, triggers: int = TRIGGERS):
        super().__init__(1, broken, triggers=triggers)
        self.name = "storm-turn"
        trig = []
        for p in range(self.triggers):
            trig += [Field(f"t{p}_active", "bool"), Field(f"t{p}_instances", "int", 1, 2), Field(f"t{p}_count", "int", 0), Field(f"t{p}_cast_at", "int", 0)]
        self.fields = [Field("step", "int", 0), Field("cast_this_turn", "int", 0), Field("turn_start", "int", 0), Field("copies", "int", -1),
                       *trig, Field("history", "int-array")]

    def record(self, s, t, ev) -> list:
        return [t["step"] == s["step"] + 1, t["history"] == z3.Store(s["history"], s["step"], ev)]

    def casts_before(self, s, start, end):
        return CASTS(s["history"], start, end)

    def init(self, s):
        return z3.And(s["step"] == 0, s["cast_this_turn"] == 0, s["turn_start"] == 0, s["copies"] == -1, *[z3.Not(s[f"t{p}_active"]) for p in range(self.triggers)])

    def invariant(self, s):
        out = super().invariant(s) + [("the turn began at or before now", s["turn_start"] <= s["step"])]
        for p in range(self.triggers):
            at = s[f"t{p}_cast_at"]
            out.append((f"storm.a: a waiting storm trigger ({p}) counted the spells cast this turn before its spell",
                        z3.Implies(s[f"t{p}_active"], z3.And(s["turn_start"] <= at, at < s["step"], s[f"t{p}_count"] == self.casts_before(s, s["turn_start"], at)))))
        return out

    def lemmas(self, s, t, e):
        ends = [s["step"], *[s[f"t{p}_cast_at"] for p in range(self.triggers)]]
        return [CASTS.unfold(t["history"], s["turn_start"], s["step"]), CASTS.unfold(t["history"], t["turn_start"], s["step"]),
                *[CASTS.frame(s["history"], s["step"], e["event"], s["turn_start"], end) for end in ends]]

    def induction_checks(self):
        return [*CASTS.frame_checks(), *super().induction_checks()]

    def render_state(self, v):
        trig = [f"storm trigger x{v[f't{p}_instances']} waiting, will count {v[f't{p}_count']}" for p in range(self.triggers) if v[f"t{p}_active"]]
        return {"events this turn": v["step"] - v["turn_start"], "spells cast this turn (engine's count)": v["cast_this_turn"], "storm triggers": trig,
                "copies made by the last event": v["copies"] if v["copies"] >= 0 else None}


def storm_turn_obligation(broken: str | None = None, variants=(), triggers: int = TRIGGERS):
    system = StormTurn(broken, triggers)
    return obligation(
        "storm.copies" + (f"[triggers={triggers}]" if triggers != TRIGGERS else "") + (f"[broken:{broken}]" if broken else ""), system.rules,
        "When you cast a spell with storm, put a copy of it onto the stack for each other spell that was cast before it this "
        "turn (each instance separately); copies are put onto the stack, not cast, and don't count for storm; a copy of a "
        "card that a player casts does.",
        f"every sequence of events of any length, turns of any length (induction on the storm count, with the count's frame "
        f"lemma by induction); up to {triggers} storm triggers waiting at once",
        "induction", system.induction_checks, tags=("storm",), size_bound=triggers, variants=variants,
        bound_reason=f"the storm triggers waiting at once are {triggers} sets of constants. Each trigger is written once, as its "
                     "spell is cast, and read once, as it resolves; its invariant clause reads only its own constants and the "
                     "turn's history, and the others enter a check only through 'a new turn begins with no trigger waiting': "
                     "2 is the least number where triggers interleave (a storm spell cast in response to another's trigger); "
                     "the number of events and of spells cast is unbounded. An array of triggers (any number) is not done; "
                     "the work grows about linearly with the bound (bench/proofs.py prints it for 1 to 5 triggers)")


VARIANTS = (Variant("count-at-resolution", "storm.q5", "storm.a/storm.b/storm.q5", lambda: storm_turn_obligation("count-at-resolution")),
            Variant("count-at-resolution (playable, bounded)", "storm.q5", "storm.a/storm.b/storm.q5",
                    lambda: storm_obligation(5, "count-at-resolution", playable=True), "proof-storm-count-at-resolution", scenario_of),)
OBLIGATIONS = [storm_turn_obligation(variants=VARIANTS)]
