"""Storm (702.38 as printed, 702.40 today), bounded model checking over a turn's events.

The registered obligation is the unbounded one (storm_turn.py, on this system's events); this
bounded one is kept for its playable broken variant (whose counterexample is a scenario) and to
measure against (bench/proofs.py).

State: what an engine keeps: its count of spells cast this turn; the storm triggers waiting on
the stack (number of instances, the count they will use); and, for the statement, the history
of the turn's events. Events: a player casts a spell; a player casts a spell with storm (one or
two instances, each triggering separately); an effect copies a spell (the copy is put onto the
stack, not cast); an effect copies a card and lets a player cast the copy (it is cast); a storm
trigger resolves and puts its copies onto the stack; a new turn begins (only with an empty stack).
"""

from __future__ import annotations

import z3

from .obligation import obligation
from .scenario_shape import corpus_scenario
from .system import Field, System, ite_chain

EVENTS = {0: "a player casts a spell", 1: "a player casts a spell with storm", 2: "an effect copies a spell",
          3: "a player casts a copy of a card", 4: "a storm trigger resolves", 5: "a new turn begins", -1: "-"}
CAST, CAST_STORM, COPY, CAST_COPY, RESOLVE, NEW_TURN = range(6)
CAST_KINDS = (CAST, CAST_STORM, CAST_COPY)
TRIGGERS = 2


def times(instances, count):
    """``instances * count`` for one or two instances of storm, as linear arithmetic (a product
    of two unknowns sent Z3 to its nonlinear solver, whose work varied from run to run)."""
    return z3.If(instances == 2, 2 * count, count)


class Storm(System):
    rules = ("storm.a", "storm.b", "storm.q2", "storm.q3", "storm.q4", "storm.q5")

    def __init__(self, k: int = 8, broken: str | None = None, playable: bool = False, triggers: int = TRIGGERS):
        """``playable``: only the events a corpus scenario plays with the pool's cards (casting a
        spell, casting a spell with one instance of storm while no storm trigger waits, the
        trigger resolving), so that a counterexample renders as a scenario."""
        self.K, self.broken, self.name, self.playable, self.triggers = k, broken, f"storm-{k}", playable, triggers
        trig = []
        for p in range(self.triggers):
            trig += [Field(f"t{p}_active", "bool"), Field(f"t{p}_instances", "int", 1, 2), Field(f"t{p}_count", "int", 0), Field(f"t{p}_cast_at", "int", 0, k)]
        self.fields = [Field("step", "int", 0, k), Field("cast_this_turn", "int", 0), Field("turn_start", "int", 0, k), Field("copies", "int", -1),
                       *trig, *[Field(f"h{j}", "int", -1, 5, EVENTS) for j in range(k)]]
        self.event_fields = [Field("event", "int", 0, 5, EVENTS), Field("instances", "int", 1, 2), Field("trigger", "int", 0, self.triggers - 1)]

    def ev_wf(self, e):
        out = super().ev_wf(e)
        if self.playable:
            out += [z3.Or(e["event"] == CAST, e["event"] == CAST_STORM, e["event"] == RESOLVE), e["instances"] == 1, e["trigger"] == 0]
        return out

    def record(self, s, t, ev) -> list:
        """The event is the next of the turn's history (at most k events)."""
        k = self.K
        return [s["step"] < k, t["step"] == s["step"] + 1, *[t[f"h{j}"] == z3.If(s["step"] == j, ev, s[f"h{j}"]) for j in range(k)]]

    def casts_before(self, s, start, end):
        """The spells cast this turn before step ``end``, read from the history."""
        return z3.Sum(*[z3.If(z3.And(j >= start, j < end, z3.Or(*[s[f"h{j}"] == k for k in CAST_KINDS])), 1, 0) for j in range(self.K)])

    def init(self, s):
        return z3.And(s["step"] == 0, s["cast_this_turn"] == 0, s["turn_start"] == 0, s["copies"] == -1,
                      *[z3.Not(s[f"t{p}_active"]) for p in range(self.triggers)], *[s[f"h{j}"] == -1 for j in range(self.K)])

    def trans(self, s, t, e):
        ev = e["event"]
        out = self.record(s, t, ev)
        casts = z3.Or(*[ev == c for c in CAST_KINDS])
        out.append(t["cast_this_turn"] == z3.If(ev == NEW_TURN, 0, z3.If(casts, s["cast_this_turn"] + 1, s["cast_this_turn"])))
        out.append(t["turn_start"] == z3.If(ev == NEW_TURN, s["step"] + 1, s["turn_start"]))
        any_active = z3.Or(*[s[f"t{p}_active"] for p in range(self.triggers)])
        out.append(z3.Implies(ev == NEW_TURN, z3.Not(any_active)))
        q = e["trigger"]
        out.append(z3.Implies(ev == CAST_STORM, z3.Not(z3.Or(*[z3.And(q == p, s[f"t{p}_active"]) for p in range(self.triggers)]))))
        out.append(z3.Implies(ev == RESOLVE, z3.Or(*[z3.And(q == p, s[f"t{p}_active"]) for p in range(self.triggers)])))
        for p in range(self.triggers):
            mine = q == p
            new = z3.And(ev == CAST_STORM, mine)
            done = z3.And(ev == RESOLVE, mine)
            # "When you cast this spell": the trigger counts the spells cast before it, now
            out += [t[f"t{p}_active"] == z3.If(new, True, z3.If(done, False, s[f"t{p}_active"])),
                    t[f"t{p}_instances"] == z3.If(new, e["instances"], s[f"t{p}_instances"]),
                    t[f"t{p}_count"] == z3.If(new, s["cast_this_turn"], s[f"t{p}_count"]),
                    t[f"t{p}_cast_at"] == z3.If(new, s["step"], s[f"t{p}_cast_at"])]
        pick = lambda f: ite_chain(q, [s[f"t{p}_{f}"] for p in range(self.triggers)])  # noqa: E731
        if self.broken == "count-at-resolution":
            made = times(pick("instances"), s["cast_this_turn"] - 1)
        else:
            made = times(pick("instances"), pick("count"))
        out.append(t["copies"] == z3.If(ev == RESOLVE, made, -1))
        return z3.And(*out)

    def invariant(self, s):
        return [("storm.a: the spells cast this turn are counted (only cast spells)", s["cast_this_turn"] == self.casts_before(s, s["turn_start"], s["step"]))]

    def step_properties(self, s, t, e):
        q = e["trigger"]
        pick = lambda f: ite_chain(q, [s[f"t{p}_{f}"] for p in range(self.triggers)])  # noqa: E731
        resolving = e["event"] == RESOLVE
        return [
            ("storm.a/storm.b/storm.q5: each storm trigger puts one copy onto the stack for each other spell cast before the storm spell this turn",
             z3.Implies(resolving, t["copies"] == times(pick("instances"), self.casts_before(s, s["turn_start"], pick("cast_at"))))),
            ("storm.q2/storm.q4: storm copies and other copies put onto the stack are not cast",
             z3.Implies(z3.Or(resolving, e["event"] == COPY), t["cast_this_turn"] == s["cast_this_turn"])),
        ]

    def render_state(self, v):
        hist = [EVENTS.get(v[f"h{j}"]) for j in range(self.K) if v[f"h{j}"] != -1]
        trig = [f"storm trigger x{v[f't{p}_instances']} waiting, will count {v[f't{p}_count']}" for p in range(self.triggers) if v[f"t{p}_active"]]
        return {"events so far": hist, "spells cast this turn (engine's count)": v["cast_this_turn"], "storm triggers": trig,
                "copies made by the last event": v["copies"] if v["copies"] >= 0 else None}

    def render_event(self, v):
        out = {"event": EVENTS.get(v["event"])}
        if v["event"] == CAST_STORM:
            out["instances of storm"] = v["instances"]
        if v["event"] == RESOLVE:
            out["trigger"] = v["trigger"]
        return out


def storm_obligation(k: int = 8, broken: str | None = None, variants=(), playable: bool = False):
    system = Storm(k, broken, playable)
    return obligation(
        f"storm.copies[k={k}]" + ("[playable]" if playable else "") + (f"[broken:{broken}]" if broken else ""), system.rules,
        "When you cast a spell with storm, put a copy of it onto the stack for each other spell that was cast before it this "
        "turn (each instance separately); copies are put onto the stack, not cast, and don't count for storm; a copy of a "
        "card that a player casts does.",
        f"every sequence of up to {k} events from the start of a turn (bounded model checking, k={k})",
        "bmc", lambda: system.bmc_checks(k), tags=("storm",), size_bound=k, variants=variants,
        bound_reason="bounded model checking of the turn's history, one Z3 constant per event: kept to measure against the "
                     "unbounded storm.copies (storm_turn.py) and for its playable counterexamples")


def scenario_of(counterexample: dict) -> dict:
    """A playable counterexample as a corpus scenario: alice casts Shock (a spell) and Brain Freeze
    (a spell with storm, an instant, so it can be cast in response) at bob in the order of the
    events, the storm trigger resolving where the events say (the spells above it resolve
    first); the events after the first broken step are left out. The expectations are the rule's
    (storm.a): each Brain Freeze mills three, once for itself and once for each spell cast before
    it this turn; each Shock deals 2."""
    situation = counterexample["situation"]
    first = min(int(label.split(":")[0].split()[1]) for label in situation["broken"])
    events = [e["event"] for e in situation["events"][:first]]
    hand, steps, stack, cast, mills, shocks = [], [], [], 0, 0, 0
    for event in events:
        if event in (EVENTS[CAST], EVENTS[CAST_STORM]):
            card = "Shock" if event == EVENTS[CAST] else "Brain Freeze"
            name = f"{'s' if card == 'Shock' else 'bf'}{len(hand) + 1}"
            hand.append({"card": card, "as": name})
            steps.append({"cast": name, "by": "alice", "targets": ["bob"]})
            stack.append(name)
            if card == "Brain Freeze":
                mills += 1 + cast  # itself, and a copy for each spell cast before it (storm.a)
                stack.append("storm trigger")
            else:
                shocks += 1
            cast += 1
        elif event == EVENTS[RESOLVE]:
            while stack:
                steps.append({"resolve": "top"})
                if stack.pop() == "storm trigger":
                    break
    steps.append({"resolve": "all"})
    storms = sum(1 for h in hand if h["card"] == "Brain Freeze")
    library = 3 * mills + 3
    return corpus_scenario(
        "proof-storm-count-at-resolution", "Storm counts the spells cast before the storm spell, not those cast before its trigger resolves",
        Storm.rules, {"seed": "004_1ed1565688c40336.txt", "line": 94, "ruling": "storm.q5",
                      "quote": "Storm only counts spells that have been cast before yours; spells cast after it won't count."},
        ["pre-2013", "2026-08-07"], ["storm", "copy-spell", "triggered-ability"], {h["card"] for h in hand} | {"Island", "Mountain", "Forest"},
        "mtgrules.proofs.storm.scenario_of from Z3's counterexample to the broken variant count-at-resolution: the events " + "; ".join(events),
        {"alice": {"hand": hand, "battlefield": [f"Island x{2 * storms}", f"Mountain x{shocks + storms}"]}, "bob": {"life": 20, "library": [f"Forest x{library}"]}},
        steps, [{"player": "bob", "library_size": library - 3 * mills, "life": 20 - 2 * shocks}])
