"""The Z3 part of the custom-rules checker: situation cells, precedence, contradictions (MARCO)
and ambiguities. It returns data (``Conflict`` and ``OpenQuestion`` records, with the witness
situations); the words are put on them by ``explain``.

Method (job 3 of DESIGN.md "Z3 has four jobs"):

1. **Situations.** Every clause's ``when`` is a condition on the situation variables; the
   well-formedness axioms and the rule set's ``scope`` restrict them. Z3 enumerates every distinct
   *cell*: which clauses apply, which questions are asked, and the values of the few situation
   variables that clause bodies test. A finding's witness is the plainest situation of the
   cells where it holds (``plainest``), never a model met while enumerating.
   Clauses that share no outcome variable (and no precedence) cannot conflict or decide the
   same question, so each such group is enumerated alone (``groups``): the cells of the groups
   add up instead of multiplying. The vocabulary's own clauses (``voc.MEANINGS``: what the
   timing words mean) join the group of the clauses that speak of timing, as axioms.
2. **Precedence.** In a cell where clause X applies and the data says "X over Y" (optionally
   only ``on`` some outcomes), Y is dropped (or its constraints on those outcomes are renamed to
   private copies, so they constrain nothing shared). Intended overrides are never reported.
3. **Contradictions.** In each cell the applicable clause bodies are tracked assertions; every
   minimal unsatisfiable subset is enumerated (MARCO: grow to maximal satisfiable subsets, shrink
   to minimal unsatisfiable ones, block both in a map solver). Bodies mention no situation variable
   except those fixed by the cell, so a conflict in the witness holds for the whole cell.
4. **Ambiguities.** For each question (an outcome that must be decided) in each consistent cell,
   Z3 finds a model, then asks for a second model that differs on the outcome.

Every Z3 call has a timeout and an rlimit; an unknown result is noted in ``Analysis.unknowns``.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from functools import partial
from typing import Any, Iterable

import z3

from .. import vocabulary as voc
from ..rulesets import Clause, RuleSet
from . import plainest

TIMEOUT_MS = 5_000
RLIMIT = 20_000_000
MAX_CELLS = 20_000


@dataclass
class Unknown:
    """Something Z3 could not decide (timeout, rlimit), or a limit of the checker that was reached."""

    about: str  # what was asked
    reason: str | None = None  # Z3's reason_unknown; None for a limit of the checker
    situation: dict | None = None  # the situation it was asked in, if any


class _Limits:
    def __init__(self, timeout_ms: int, rlimit: int):
        self.timeout_ms, self.rlimit = timeout_ms, rlimit

    def solver(self) -> z3.Solver:
        # every variable ranges over a finite enumeration: the finite-domain solver bit-blasts
        # them to SAT, several times faster than the general solver on these small problems
        s = z3.SolverFor("QF_FD")
        s.set("timeout", self.timeout_ms)
        s.set("rlimit", self.rlimit)
        return s


def _marco(bodies: dict[str, z3.BoolRef], axioms: list, limits: _Limits) -> tuple[list[frozenset], list[frozenset], list[Unknown]]:
    """Every minimal unsatisfiable subset of ``bodies`` (under ``axioms``), every maximal
    satisfiable subset, and notes on unknown results."""
    ids = sorted(bodies)
    s = limits.solver()
    s.add(axioms)
    lits = {i: z3.Bool(f"use[{i}]") for i in ids}
    for i in ids:
        s.add(z3.Implies(lits[i], bodies[i]))
    first = s.check(*lits.values())
    if first == z3.sat:
        return [], [frozenset(ids)], []
    if first == z3.unknown:
        return [], [], [Unknown("all clauses together", s.reason_unknown())]
    m = z3.Solver()
    mvars = {i: z3.Bool(f"map[{i}]") for i in ids}
    muses: list[frozenset] = []
    msses: list[frozenset] = []
    unknown: list[Unknown] = []

    def check(subset: Iterable[str]):
        # sorted: assumptions in a fixed order (a set's order varies with PYTHONHASHSEED, and Z3's
        # search, so the core and the witness, depend on it)
        return s.check(*[lits[i] for i in sorted(subset)])

    while m.check() == z3.sat:
        model = m.model()
        seed = {i for i in ids if not z3.is_false(model.eval(mvars[i], model_completion=False))}
        # model_completion=False leaves unconstrained vars symbolic: count them in (start big)
        r = check(seed)
        if r == z3.sat:
            model = s.model()
            for i in ids:  # grow to a maximal satisfiable subset (parts the last model satisfies come free)
                if i in seed:
                    continue
                if z3.is_true(model.eval(bodies[i], model_completion=True)):
                    seed.add(i)
                elif check(seed | {i}) == z3.sat:
                    seed.add(i)
                    model = s.model()
            msses.append(frozenset(seed))
            m.add(z3.Or(*[mvars[i] for i in ids if i not in seed]) if len(seed) < len(ids) else z3.BoolVal(False))
        elif r == z3.unsat:
            core = {str(c).removeprefix("use[").removesuffix("]") for c in s.unsat_core()}
            mus = set(core)
            for i in sorted(core):  # shrink to a minimal unsatisfiable subset
                trial = mus - {i}
                res = check(trial)
                if res == z3.unsat:
                    mus = {str(c).removeprefix("use[").removesuffix("]") for c in s.unsat_core()} & trial
                elif res == z3.unknown:
                    unknown.append(Unknown(str(sorted(trial)), s.reason_unknown()))
            muses.append(frozenset(mus))
            m.add(z3.Or(*[z3.Not(mvars[i]) for i in mus]))
        else:
            unknown.append(Unknown(str(sorted(seed)), s.reason_unknown()))
            m.add(z3.Or(*[z3.Not(mvars[i]) for i in seed]))
    return muses, msses, unknown


def _situation_vars_in(expr: z3.ExprRef, v: voc.Vars) -> set[str]:
    names = set()
    todo = [expr]
    seen = set()
    situation = v.situation_names
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().name() in situation:
            names.add(situation[e.decl().name()])
        todo.extend(e.children())
    return names


@dataclass
class _Prec:
    rule: str
    over: str
    on: tuple[str, ...]
    note: str


@dataclass
class Conflict:
    """Clauses that all apply in one cell and cannot all hold there, precedence applied."""

    clauses: list[str]  # in clause_order
    requires: dict[str, list]  # clause -> the `then` fragments of its parts in the conflict (in the witness's cell)
    situation: dict  # a situation met while enumerating (the witness only where Z3 finds no plainest one)
    cell: frozenset  # the clauses that apply in the witness's cell
    plain: dict | None = None  # the plainest situation of all the cells where they conflict (None: Z3 found none)
    shown: dict | None = None  # the plainest situation without the variables nothing constrains


@dataclass
class OpenQuestion:
    """A question (an outcome to decide) that two models of the applicable clauses answer differently."""

    outcome: str
    question: dict
    situation: dict  # a situation met while enumerating (the witness only where Z3 finds no plainest one)
    values: tuple[str, str]
    clauses: list[str]  # the clauses the finding names
    deciding: list[str]  # the applicable clauses that constrain the outcome
    elsewhere: list[str]  # custom clauses that decide it in other situations
    set_aside: list[tuple[str, Any]]  # (clause, `then` fragment) of the parts a contradiction set aside
    cell: frozenset
    plain: dict | None = None
    shown: dict | None = None
    where: tuple = ()  # the cell: (the clauses that apply, the values of the variables their bodies test, the group)
    bodies: tuple = ()  # the applicable parts' bodies in the cell (Z3), which leave the outcome open


class Analysis:
    """One rule set (with the core rules, if any) compiled to Z3; ``run`` fills ``conflicts``,
    ``open_questions``, ``unknowns``, ``override_hits`` and ``n_cells``."""

    def __init__(self, custom: RuleSet, core: RuleSet | None, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT):
        self.custom, self.core = custom, core
        self.limits = _Limits(timeout_ms, rlimit)
        self.clauses: list[Clause] = list(custom.clauses) + (list(core.clauses) if core else [])
        self.by_id = {c.id: c for c in self.clauses}
        declared = {k: tuple(dict.fromkeys(custom.declared.get(k, ()) + (core.declared.get(k, ()) if core else ()))) for k in sorted({*custom.declared, *(core.declared if core else ())})}
        self.v = voc.Vars(declared=declared)
        wf = self.v.well_formed()
        self.outcome_axioms = [wf.pop()]  # the last axiom is about outcomes (vocabulary meaning)
        self.wf = wf
        self.scope = voc.compile_condition(self.v, custom.scope)
        self.guards = {c.id: voc.compile_condition(self.v, c.when) for c in self.clauses}
        self.bodies = {c.id: voc.compile_outcome(self.v, c.then) for c in self.clauses}
        self.mentions = {c.id: voc.outcome_keys(c.then) for c in self.clauses}
        # each clause's `then` split into parts, so that a conflict names the part and setting a
        # part aside keeps the rest of the clause
        self.parts: dict[str, list[str]] = {}
        self.part_then: dict[str, Any] = {}
        self.part_body: dict[str, z3.BoolRef] = {}
        self.part_vars: dict[str, set[str]] = {}
        self.part_sit: dict[str, list[str]] = {}  # the situation variables a part's `if` tests
        self._effective_cache: dict = {}
        for c in self.clauses:
            self.parts[c.id] = []
            for n, fragment in enumerate(_split_then(c.then)):
                pid = f"{c.id}#{n}"
                self.parts[c.id].append(pid)
                self.part_then[pid] = fragment
                self.part_body[pid] = voc.compile_outcome(self.v, fragment)
                self.mentions[pid] = voc.outcome_keys(fragment)
                self.part_vars[pid] = _outcome_vars(self.part_body[pid])
                self.part_sit[pid] = sorted(_situation_vars_in(self.part_body[pid], self.v))
        self.prec: list[_Prec] = []
        for rs in (core, custom):
            if rs is None:
                continue
            for p in rs.precedence:
                for pattern in p["over"]:
                    for c in self.clauses:
                        if fnmatch.fnmatchcase(c.id, pattern) and c.id != p["rule"]:
                            self.prec.append(_Prec(p["rule"], c.id, tuple(p.get("on", ())), p.get("note", "")))
        self.questions = list(custom.questions)
        # clauses that constrain no outcome (`then: {}`) can neither conflict nor decide a
        # question: they do not split the situations into cells
        self.relevant = [c.id for c in self.clauses if self.parts[c.id]]
        self.clause_sit = {c.id: set().union(*[set(self.part_sit[p]) for p in self.parts[c.id]]) for c in self.clauses}
        self.axiom_parts = _add_meanings(self)
        self.conflicts: list[Conflict] = []
        self.open_questions: list[OpenQuestion] = []
        self.unknowns: list[Unknown] = []
        self.override_hits: dict[tuple[str, str], dict] = {}
        self.n_cells = 0
        self._questions_found: list[OpenQuestion] = []
        self._universe: list[str] = []  # the group being analysed
        self.plainest_cache: dict = {}  # plainest.plainest_of's answers
        self.cell_formulas: dict = {}  # plainest's formula of each cell
        self._amb_cache: dict = {}

    # ------------------------------------------------------------------ cells
    def cells(self, universe: list[str] | None = None, questions: list[int] | None = None) -> Iterable[tuple[frozenset, dict[str, str], tuple[bool, ...]]]:
        """Every cell of the clauses ``universe`` (default: all relevant ones) and the questions
        of the indexes ``questions`` (default: all); ``asked`` has a flag per question of the
        rule set (False for those not enumerated here)."""
        universe = self.relevant if universe is None else universe
        questions = list(range(len(self.questions))) if questions is None else questions
        s = self.limits.solver()
        s.add(self.wf)
        s.add(self.scope)
        app = {cid: z3.Bool(f"applies[{cid}]") for cid in universe}
        for cid, a in app.items():
            s.add(a == self.guards[cid])
        qs = [z3.Bool(f"asked[{n}]") for n in questions]
        for q, n in zip(qs, questions):
            s.add(q == voc.compile_condition(self.v, self.questions[n].get("when")))
        # the model's answer for every clause and question in one evaluation (a bit each), and
        # the blocking clause built from literals made once: per-literal calls through the z3
        # wrapper cost more than the solver on these small problems
        flags = list(app.values()) + qs
        bits = _bits(flags)
        negs = [z3.Not(f) for f in flags]
        ids = list(app)
        count = 0
        while True:
            r = s.check()
            if r == z3.unknown:
                self.unknowns.append(Unknown("enumerating situations", s.reason_unknown()))
                return
            if r == z3.unsat:
                return
            model = s.model()
            word = model.eval(bits, model_completion=True).as_long() if flags else 0
            on = [bool(word >> (len(flags) - 1 - n) & 1) for n in range(len(flags))]
            applies = frozenset(cid for cid, x in zip(ids, on) if x)
            flagged = dict(zip(questions, on[len(ids):]))
            asked = tuple(flagged.get(n, False) for n in range(len(self.questions)))
            situation = self.v.read(model, voc.SITUATION)
            # only the situation variables that the applicable clauses' outcomes test split a cell
            other = [self.v.eq(n, situation[n]) for n in self.sit_vars(applies)]
            # block this cell: some flag differs, or some fixed situation variable does
            lits = [neg if x else f for f, neg, x in zip(flags, negs, on)] + [z3.Not(e) for e in other]
            s.add(_or(lits) if lits else z3.BoolVal(False))
            yield applies, situation, asked
            count += 1
            if count >= MAX_CELLS:
                self.unknowns.append(Unknown(f"more than {MAX_CELLS} situation cells; analysis stopped there"))
                return

    def sit_vars(self, applies) -> list[str]:
        return sorted(set().union(*[self.clause_sit[c] for c in applies])) if applies else []

    def effective(self, applies: frozenset, situation: dict) -> dict[str, z3.BoolRef]:
        """The bodies of the applicable clauses after precedence, with the cell's situation fixed."""
        out = {}
        shadows: dict[str, frozenset] = {}
        for cid in sorted(applies):  # sorted: the same input gives the same solver calls whatever PYTHONHASHSEED
            cache = self._effective_cache
            drops = [p for p in self.prec if p.over == cid and p.rule in applies]
            if any(not p.on for p in drops):
                for p in drops:
                    self.override_hits.setdefault((p.rule, cid), {"rule": p.rule, "over": cid, "on": list(p.on), "note": p.note})
                continue
            for p in drops:
                if set(p.on) & self.mentions[cid]:
                    self.override_hits.setdefault((p.rule, cid), {"rule": p.rule, "over": cid, "on": sorted(set(p.on) & self.mentions[cid]), "note": p.note})
            renamed = tuple(sorted({name for p in drops for name in p.on}))
            for pid in self.parts[cid]:
                # the same part with the same overrides and the same values of the situation
                # variables it tests is the same formula: substitute once
                key = (pid, renamed, tuple(situation[n] for n in self.part_sit[pid]))
                if key not in cache:
                    body = self.part_body[pid]
                    if renamed:
                        body = z3.substitute(body, *[(self.v.consts[name], z3.Const(f"{name}~{cid}", self.v.sorts[name])) for name in renamed])
                    here = [(self.v.consts[n], self.v.values[n][situation[n]]) for n in self.part_sit[pid]]
                    cache[key] = z3.substitute(body, *here) if here else body
                out[pid] = cache[key]
                shadows[pid] = frozenset(renamed)
        return out, shadows

    def components(self, bodies: dict, shadows: dict) -> list[tuple[frozenset, frozenset]]:
        """The parts split into groups that share no outcome variable (the vocabulary axiom ties
        the characteristics variables together): a conflict lies within one group, and a
        question is decided within the group of its outcome. Returns (parts, outcome tokens)."""
        parent: dict = {}
        find = partial(_find, parent)

        for pid in bodies:
            toks = [("v", t) for t in sorted(self.part_vars[pid] - {_token(n) for n in shadows[pid]})]
            find(("p", pid))
            for t in toks:
                parent[find(t)] = find(("p", pid))
        groups: dict = {}
        for x in list(parent):
            groups.setdefault(find(x), []).append(x)
        out = []
        for members in groups.values():
            parts = frozenset(m[1] for m in members if m[0] == "p")
            if parts:
                out.append((parts, frozenset(m[1] for m in members if m[0] == "v")))
        return sorted(out, key=lambda g: sorted(g[0]))

    # ------------------------------------------------------------------ run
    def run(self) -> None:
        seen_mus: dict[frozenset, list] = {}
        seen_amb: set = set()
        mus_cache: dict = {}
        self.n_cells = 0
        for universe, questions in _groups(self):
            self._universe = universe
            self._run_group(universe, questions, seen_mus, seen_amb, mus_cache)
        self._finish(seen_mus)

    def _run_group(self, universe, questions, seen_mus, seen_amb, mus_cache) -> None:
        for applies, situation, asked in self.cells(universe, questions):
            self.n_cells += 1
            bodies, shadows = self.effective(applies, situation)
            bsit = tuple((n, situation[n]) for n in self.sit_vars(applies))
            undecided = list(asked)
            for group, tokens in self.components(bodies, shadows):
                axioms = sorted(group & self.axiom_parts)  # what the words mean: never blamed
                parts = group - self.axiom_parts
                key = (frozenset((p, shadows[p]) for p in group), bsit)
                if key not in mus_cache:
                    mus_cache[key] = _marco({p: bodies[p] for p in parts}, self.outcome_axioms + [bodies[p] for p in axioms], self.limits)
                muses, msses, unknown = mus_cache[key]
                self.unknowns += unknown
                for mus in muses:  # every cell where they conflict: the witness is chosen among them all
                    seen_mus.setdefault(frozenset(_cid(p) for p in mus), []).append(((applies, bsit, tuple(universe)), mus, situation))
                here = tuple(on and _token(q["outcome"]) in tokens for q, on in zip(self.questions, asked))
                undecided = [u and not h for u, h in zip(undecided, here)]
                if any(here):
                    for mss in sorted(msses, key=sorted):
                        self._ambiguities(applies, situation, here, {k: bodies[k] for k in [*sorted(mss), *axioms]}, seen_amb, set(parts) - mss, bsit)
            if any(undecided):  # questions whose outcome no applicable part mentions
                self._ambiguities(applies, situation, tuple(undecided), {}, seen_amb, set(), bsit)

    def _finish(self, seen_mus: dict) -> None:
        """The minimal conflicts and the open questions, each with its witness: the plainest
        situation of all the cells where it holds (``plainest.witness``), so that the witness is
        a function of the input, not of the models Z3 returned while enumerating."""
        for clauses, found in sorted(seen_mus.items(), key=lambda kv: sorted(kv[0], key=clause_order)):
            if any(other < clauses for other in seen_mus):
                continue  # not minimal at the level of clauses (a smaller set of the same clauses conflicts)
            ids = sorted(clauses, key=clause_order)
            found = sorted(found, key=lambda f: (sorted(f[1]), _cell_key(f[0])))  # a fixed order (the first one holding the witness is taken)
            n, plain, shown = plainest.witness(self, [f[0] for f in found], ids)
            (applies, _, _), mus, met = found[n]
            requires = {cid: [self.part_then[p] for p in sorted(mus) if _cid(p) == cid] for cid in ids}
            self.conflicts.append(Conflict(ids, requires, met, applies, plain, shown))
        same: dict = {}
        for q in self._questions_found:
            same.setdefault((q.outcome, tuple(q.clauses)), []).append(q)
        for _, found in sorted(same.items(), key=lambda kv: (kv[0][0], [clause_order(c) for c in kv[0][1]])):
            found.sort(key=lambda q: ([c for c, _ in q.set_aside], [repr(t) for _, t in q.set_aside], _cell_key(q.where)))
            n, plain, shown = plainest.witness(self, [q.where for q in found], found[0].clauses, found[0].question.get("when"))
            q = found[n]
            values, reason = plainest.two_values(self, q.outcome, q.bodies)
            if reason is not None:
                self.unknowns.append(Unknown(q.outcome, reason, plain))
            q.plain, q.shown, q.values = plain, shown, values or q.values
            self.open_questions.append(q)

    def _ambiguities(self, applies, situation, asked, bodies, seen, set_aside, bsit) -> None:
        solver = None
        for question, on in zip(self.questions, asked):
            if not on:
                continue
            name = question["outcome"]
            if any(name in self.mentions[p] for p in set_aside):
                continue  # open only because a part deciding it was set aside: not an ambiguity of the text
            ckey = (frozenset(bodies), bsit, name)
            if ckey not in self._amb_cache:
                self._amb_cache[ckey] = None
                if solver is None:
                    solver = self.limits.solver()
                    solver.add(self.outcome_axioms)
                    solver.add(list(bodies.values()))
                    r1 = solver.check()
                    if r1 != z3.sat:
                        if r1 == z3.unknown:
                            self.unknowns.append(Unknown("questions", solver.reason_unknown(), situation))
                        return
                    model1 = solver.model()
                v1 = self.v.read(model1, [name])[name]
                solver.push()
                solver.add(self.v.consts[name] != self.v.values[name][v1])
                r2 = solver.check()
                if r2 == z3.sat:
                    self._amb_cache[ckey] = (v1, self.v.read(solver.model(), [name])[name])
                elif r2 == z3.unknown:
                    self.unknowns.append(Unknown(name, solver.reason_unknown(), situation))
                solver.pop()
            values = self._amb_cache[ckey]
            if values is not None:
                self._record_ambiguity(name, question, situation, values, bodies, applies, set_aside, seen, bsit)

    def _record_ambiguity(self, name, question, situation, values, bodies, applies, set_aside, seen, bsit) -> None:
        deciding = sorted({_cid(p) for p in bodies if name in self.mentions[p] and p not in self.axiom_parts}, key=clause_order)
        where = (applies, bsit, tuple(self._universe))
        key = (name, tuple(deciding), tuple(sorted(set_aside)), where)
        if key in seen:
            return
        seen.add(key)
        elsewhere = sorted((c.id for c in self.custom.clauses if name in self.mentions[c.id] and c.id not in deciding), key=clause_order)
        aside = sorted(set_aside, key=clause_order)
        aside_ids = sorted({_cid(p) for p in aside}, key=clause_order)
        custom_ids = {x.id for x in self.custom.clauses}
        ids = list(dict.fromkeys(aside_ids + (deciding or elsewhere))) or [c for c in sorted(applies) if c in custom_ids][:3]
        self._questions_found.append(OpenQuestion(name, question, situation, values, ids, deciding, elsewhere,
                                                  [(_cid(p), self.part_then[p]) for p in aside], applies, where=where, bodies=tuple(bodies.values())))


def _groups(an: "Analysis") -> list[tuple[list[str], list[int]]]:
    """The relevant clauses (and the questions) split into groups that share no outcome
    variable, and are tied by no precedence: no conflict, no deciding clause and no
    override crosses two groups, so each group's situations are enumerated alone (the
    cells of the whole are the product of the groups' cells; analysed alone, their sum).
    Returns (clause IDs, question indexes) per group, in a fixed order."""
    parent: dict = {}
    find = partial(_find, parent)

    for cid in an.relevant:
        find(("c", cid))
        for pid in an.parts[cid]:
            for tok in sorted(an.part_vars[pid]):
                parent[find(("v", tok))] = find(("c", cid))
    for p in an.prec:  # the overriding clause's situations decide the overridden one's body
        if p.rule in an.parts and an.parts.get(p.over) and (not p.on or {_token(n) for n in p.on} & set().union(*[an.part_vars[x] for x in an.parts[p.over]])):
            parent[find(("c", p.rule))] = find(("c", p.over))
    for n, q in enumerate(an.questions):
        parent[find(("q", n))] = find(("v", _token(q["outcome"])))
    members: dict = {}
    for x in sorted(parent, key=str):
        members.setdefault(find(x), []).append(x)
    out = []
    for group in members.values():
        ids = [x[1] for x in group if x[0] == "c" and x[1] in an.guards and an.parts[x[1]]]
        qs = sorted(x[1] for x in group if x[0] == "q")
        if ids or qs:
            out.append((sorted(ids, key=an.relevant.index), qs))
    return sorted(out, key=lambda g: (g[0][:1] and an.relevant.index(g[0][0]), g[1]))


def _add_meanings(an: "Analysis") -> set[str]:
    """The vocabulary's own clauses (``voc.MEANINGS``: what the timing words mean) that speak
    of an outcome some clause of the analysis speaks of: they split the situations like any
    clause, and in a cell where they apply their parts are axioms, never blamed. Returns
    their parts."""
    parts = set()
    for m in voc.MEANINGS:
        body = voc.compile_outcome(an.v, m["then"])
        spoken = _outcome_vars(body)
        # only where a clause speaking of these outcomes applies (elsewhere it would split
        # every cell for nothing)
        speakers = [c.id for c in an.clauses if any(an.part_vars[p] & spoken for p in an.parts[c.id])]
        if not speakers:
            continue
        mid = m["id"]
        an.guards[mid] = z3.And(voc.compile_condition(an.v, m["when"]), z3.Or(*[an.guards[c] for c in speakers]))
        an.parts[mid] = [f"{mid}#0"]
        an.part_then[f"{mid}#0"], an.part_body[f"{mid}#0"] = m["then"], body
        an.mentions[mid] = an.mentions[f"{mid}#0"] = voc.outcome_keys(m["then"])
        an.part_vars[f"{mid}#0"] = _outcome_vars(body)
        an.part_sit[f"{mid}#0"] = sorted(_situation_vars_in(body, an.v))
        an.clause_sit[mid] = set(an.part_sit[f"{mid}#0"])
        an.relevant.append(mid)
        parts.add(f"{mid}#0")
    return parts


def _find(parent: dict, x):
    """Union-find: the representative of ``x`` (path halving); ``parent[a] = b`` joins."""
    while parent.setdefault(x, x) != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _bits(flags: list) -> z3.BitVecRef | None:
    """The Boolean ``flags`` as one bit-vector (the first the highest bit): one model evaluation
    reads them all."""
    if not flags:
        return None
    one, zero = z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)
    bits = [z3.If(f, one, zero) for f in flags]
    return z3.Concat(*bits) if len(bits) > 1 else bits[0]


def _or(lits: list) -> z3.BoolRef:
    """``z3.Or`` of many literals without the wrapper's per-argument coercion."""
    if len(lits) == 1:
        return lits[0]
    ctx = lits[0].ctx
    args = (z3.Ast * len(lits))(*[x.as_ast() for x in lits])
    return z3.BoolRef(z3.Z3_mk_or(ctx.ref(), len(lits), args), ctx)


_CHARACTERISTICS_GROUP = {"characteristics", "normal-characteristics", "has-only-normal-characteristics"}


def _token(name: str) -> str:
    """Outcome variables tied by a vocabulary axiom count as one for splitting into groups."""
    return "characteristics" if name in _CHARACTERISTICS_GROUP else name


def _outcome_vars(expr: z3.ExprRef) -> set[str]:
    names, todo, seen = set(), [expr], set()
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and e.decl().name() in voc.OUTCOMES:
            names.add(_token(e.decl().name()))
        todo.extend(e.children())
    return names


def _cid(part: str) -> str:
    return part.split("#")[0]


def _split_then(then: Any) -> list:
    """A clause's ``then`` as independent parts (each key of a plain mapping, each list item)."""
    if isinstance(then, list):
        return [p for t in then for p in _split_then(t)]
    if isinstance(then, dict) and "if" in then:
        return [then]
    if isinstance(then, dict):
        return [{k: v} for k, v in then.items()]
    return []


def clause_order(cid: str):
    """Sort key of clause IDs: the custom rule set's clauses (dyn, t., hb) before the core rules."""
    return (not cid.startswith(("dyn", "t.", "hb")), cid)


def _cell_key(cell: tuple) -> tuple:
    """Sort key of a cell (applies, the values of the variables their bodies test, universe)."""
    applies, bsit, universe = cell
    return (sorted(applies), bsit, universe)
