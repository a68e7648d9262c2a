"""The custom-rules checker: contradictions, ambiguities, references and terms in a rule set.

Method (job 3 of DESIGN.md "Z3 has four jobs"):

1. **Situations.** Every clause's ``when`` is a condition on the situation variables; the
   well-formedness axioms and the rule set's ``scope`` restrict them. Z3 enumerates every distinct
   *cell*: which clauses apply, which questions are asked, and the values of the few situation
   variables that clause bodies test. One concrete situation of each cell is its witness.
2. **Precedence.** In a cell where clause X applies and the data says "X over Y" (optionally
   only ``on`` some outcomes), Y is dropped (or its constraints on those outcomes are renamed to
   private copies, so they constrain nothing shared). Intended overrides are never reported.
3. **Contradictions.** In each cell the applicable clause bodies are tracked assertions; every
   minimal unsatisfiable subset is enumerated (MARCO: grow to maximal satisfiable subsets, shrink
   to minimal unsatisfiable ones, block both in a map solver). Bodies mention no situation variable
   except those fixed by the cell, so a conflict in the witness holds for the whole cell.
4. **Ambiguities.** For each question (an outcome that must be decided) in each consistent cell,
   Z3 finds a model, then asks for a second model that differs on the outcome.
5. **References and terms.** Cited rule numbers are looked up in the spec and in the
   Comprehensive Rules texts (current, July 2016, January 2015); defined terms are checked against
   the set's scope; properties (tapped, permanent, ...) against where an object can have them;
   words against the vocabulary of the Comprehensive Rules (misspellings).

Every Z3 call has a timeout and an rlimit; an unknown result is a finding of kind ``unknown``.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import z3

from . import vocabulary as voc
from .rulesets import Clause, RuleSet

TIMEOUT_MS = 5_000
RLIMIT = 20_000_000
MAX_CELLS = 20_000

KINDS = ("contradiction", "ambiguity", "reference", "term", "unknown")


@dataclass
class Finding:
    kind: str  # contradiction | ambiguity | reference | term | unknown
    clauses: list[str]
    explanation: str
    witness: dict | None = None
    outcomes: dict | None = None  # ambiguity: {outcome: [value1, value2]}; contradiction: what each clause requires
    scenario: dict | None = None
    subkind: str = ""  # reference/term: dangling-cite | edition | scope | property | misspelling | renamed-term

    def as_json(self) -> dict:
        return {
            "kind": self.kind,
            "subkind": self.subkind,
            "clauses": self.clauses,
            "explanation": self.explanation,
            "witness": self.witness,
            "outcomes": self.outcomes,
            "scenario": self.scenario,
        }


@dataclass
class Report:
    ruleset: str
    file: str
    findings: list[Finding]
    seconds: float
    cells: int
    clauses: int
    skipped: list[str] = field(default_factory=list)
    overrides_used: list[dict] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(1 for f in self.findings if f.kind == kind)

    def as_json(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "file": self.file,
            "seconds": round(self.seconds, 3),
            "cells": self.cells,
            "clauses": self.clauses,
            "counts": {k: self.count(k) for k in KINDS},
            "skipped": self.skipped,
            "overrides_used": self.overrides_used,
            "findings": [f.as_json() for f in self.findings],
        }


# ====================================================================== the solver part
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


def _marco(bodies: dict[str, z3.BoolRef], axioms: list, limits: _Limits) -> tuple[list[frozenset], list[frozenset], list[str]]:
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
        return [], [], [f"all clauses together: {s.reason_unknown()}"]
    m = z3.Solver()
    mvars = {i: z3.Bool(f"map[{i}]") for i in ids}
    muses: list[frozenset] = []
    msses: list[frozenset] = []
    unknown: list[str] = []

    def check(subset: Iterable[str]):
        return s.check(*[lits[i] for i in subset])

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
                    unknown.append(f"{sorted(trial)}: {s.reason_unknown()}")
            muses.append(frozenset(mus))
            m.add(z3.Or(*[z3.Not(mvars[i]) for i in mus]))
        else:
            unknown.append(f"{sorted(seed)}: {s.reason_unknown()}")
            m.add(z3.Or(*[z3.Not(mvars[i]) for i in seed]))
    return muses, msses, unknown


def _situation_vars_in(expr: z3.ExprRef, v: voc.Vars) -> set[str]:
    names = set()
    todo = [expr]
    seen = set()
    situation = {str(v.consts[n]): n for n in voc.SITUATION}
    while todo:
        e = todo.pop()
        if e.get_id() in seen:
            continue
        seen.add(e.get_id())
        if z3.is_const(e) and str(e) in situation:
            names.add(situation[str(e)])
        todo.extend(e.children())
    return names


@dataclass
class _Prec:
    rule: str
    over: str
    on: tuple[str, ...]
    note: str


class Analysis:
    def __init__(self, custom: RuleSet, core: RuleSet | None, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT):
        self.custom, self.core = custom, core
        self.limits = _Limits(timeout_ms, rlimit)
        self.clauses: list[Clause] = list(custom.clauses) + (list(core.clauses) if core else [])
        self.by_id = {c.id: c for c in self.clauses}
        self.v = voc.Vars()
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
        for c in self.clauses:
            self.parts[c.id] = []
            for n, fragment in enumerate(_split_then(c.then)):
                pid = f"{c.id}#{n}"
                self.parts[c.id].append(pid)
                self.part_then[pid] = fragment
                self.part_body[pid] = voc.compile_outcome(self.v, fragment)
                self.mentions[pid] = voc.outcome_keys(fragment)
                self.part_vars[pid] = _outcome_vars(self.part_body[pid])
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
        self.clause_sit = {c.id: _situation_vars_in(self.bodies[c.id], self.v) for c in self.clauses}
        self.body_situation = sorted(set().union(*[_situation_vars_in(b, self.v) for b in self.bodies.values()]) if self.bodies else set())
        self.findings: list[Finding] = []
        self.unknowns: list[str] = []
        self.override_hits: dict[tuple[str, str], dict] = {}
        self.findings_amb: list[Finding] = []
        self.amb_cache: dict = {}
        self.cell_of: dict[int, list] = {}
        self._alive: list[dict] = []

    # ------------------------------------------------------------------ cells
    def cells(self) -> Iterable[tuple[frozenset, dict[str, str], tuple[bool, ...]]]:
        s = self.limits.solver()
        s.add(self.wf)
        s.add(self.scope)
        app = {cid: z3.Bool(f"applies[{cid}]") for cid in self.relevant}
        for cid, a in app.items():
            s.add(a == self.guards[cid])
        qs = [z3.Bool(f"asked[{n}]") for n in range(len(self.questions))]
        for q, question in zip(qs, self.questions):
            s.add(q == voc.compile_condition(self.v, question.get("when")))
        count = 0
        while True:
            r = s.check()
            if r == z3.unknown:
                self.unknowns.append(f"enumerating situations: {s.reason_unknown()}")
                return
            if r == z3.unsat:
                return
            model = s.model()
            applies = frozenset(cid for cid, a in app.items() if z3.is_true(model.eval(a, model_completion=True)))
            asked = tuple(z3.is_true(model.eval(q, model_completion=True)) for q in qs)
            situation = self.v.read(model, voc.SITUATION)
            # only the situation variables that the applicable clauses' outcomes test split a cell
            fixed = [self.v.eq(n, situation[n]) for n in self.sit_vars(applies)]
            block = [a if cid in applies else z3.Not(a) for cid, a in app.items()]
            block += [q if on else z3.Not(q) for q, on in zip(qs, asked)]
            s.add(z3.Not(z3.And(*(block + fixed))) if block or fixed else z3.BoolVal(False))
            self._alive.append(situation)
            self.cell_of[id(situation)] = (applies, situation)  # its constraints are built only for findings (_cell_constraints)
            yield applies, situation, asked
            count += 1
            if count >= MAX_CELLS:
                self.unknowns.append(f"more than {MAX_CELLS} situation cells; analysis stopped there")
                return

    def sit_vars(self, applies) -> list[str]:
        return sorted(set().union(*[self.clause_sit[c] for c in applies])) if applies else []

    def effective(self, applies: frozenset, situation: dict) -> dict[str, z3.BoolRef]:
        """The bodies of the applicable clauses after precedence, with the cell's situation fixed."""
        subst = [(self.v.consts[n], self.v.values[n][situation[n]]) for n in self.body_situation]
        out = {}
        shadows: dict[str, frozenset] = {}
        for cid in applies:
            drops = [p for p in self.prec if p.over == cid and p.rule in applies]
            if any(not p.on for p in drops):
                for p in drops:
                    self.override_hits.setdefault((p.rule, cid), {"rule": p.rule, "over": cid, "on": list(p.on), "note": p.note})
                continue
            for p in drops:
                if set(p.on) & self.mentions[cid]:
                    self.override_hits.setdefault((p.rule, cid), {"rule": p.rule, "over": cid, "on": sorted(set(p.on) & self.mentions[cid]), "note": p.note})
            for pid in self.parts[cid]:
                body = self.part_body[pid]
                for p in drops:
                    for name in p.on:
                        shadow = z3.Const(f"{name}~{cid}", self.v.sorts[name])
                        body = z3.substitute(body, (self.v.consts[name], shadow))
                out[pid] = z3.substitute(body, *subst) if subst else body
                shadows[pid] = frozenset(name for p in drops for name in p.on)
        return out, shadows

    def components(self, bodies: dict, shadows: dict) -> list[tuple[frozenset, frozenset]]:
        """The parts split into groups that share no outcome variable (the vocabulary axiom ties
        the characteristics variables together): a conflict lies within one group, and a
        question is decided within the group of its outcome. Returns (parts, outcome tokens)."""
        parent: dict = {}

        def find(x):
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for pid in bodies:
            toks = [("v", t) for t in self.part_vars[pid] - {_token(n) for n in shadows[pid]}]
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
        return out

    # ------------------------------------------------------------------ run
    def run(self) -> None:
        seen_mus: dict[frozenset, dict] = {}
        seen_amb: set = set()
        mus_cache: dict = {}
        self.n_cells = 0
        for applies, situation, asked in self.cells():
            self.n_cells += 1
            bodies, shadows = self.effective(applies, situation)
            bsit = tuple((n, situation[n]) for n in self.sit_vars(applies))
            undecided = list(asked)
            for parts, tokens in self.components(bodies, shadows):
                key = (frozenset((p, shadows[p]) for p in parts), bsit)
                if key not in mus_cache:
                    mus_cache[key] = _marco({p: bodies[p] for p in parts}, self.outcome_axioms, self.limits)
                muses, msses, unknown = mus_cache[key]
                self.unknowns += unknown
                for mus in muses:
                    clauses = frozenset(_cid(p) for p in mus)
                    if clauses not in seen_mus or _complexity(situation) < _complexity(seen_mus[clauses][0]):
                        seen_mus[clauses] = (situation, mus)
                here = tuple(on and _token(q["outcome"]) in tokens for q, on in zip(self.questions, asked))
                undecided = [u and not h for u, h in zip(undecided, here)]
                if any(here):
                    for mss in msses:
                        self._ambiguities(applies, situation, here, {k: bodies[k] for k in mss}, seen_amb, set(parts) - mss, (None, bsit))
            if any(undecided):  # questions whose outcome no applicable part mentions
                self._ambiguities(applies, situation, tuple(undecided), {}, seen_amb, set(), (None, bsit))
        for clauses, (situation, mus) in seen_mus.items():
            if any(other < clauses for other in seen_mus):
                continue  # not minimal at the level of clauses (a smaller set of the same clauses conflicts)
            self.findings.append(self._contradiction(clauses, situation, mus))
        best: dict = {}
        for f in self.findings_amb:
            k = (tuple(f.outcomes), tuple(f.clauses))
            if k not in best or _complexity(f.witness) < _complexity(best[k].witness):
                best[k] = f
        self.findings += list(best.values())
        for f in self.findings:
            if f.witness is not None:
                self._plain(f)

    def _plain(self, f: Finding) -> None:
        """Replace a finding's witness by the plainest situation of the same cell (face up, no
        event, a card ...), and re-derive its words and scenario."""
        cell = self._cell_constraints(f._cell) if hasattr(f, "_cell") else None
        if cell is None:
            return
        s = self.limits.solver()
        s.add(*self.wf, self.scope, *cell)
        keep: list = []
        for name, value in _PREFERRED:
            trial = keep + [self.v.eq(name, value)]
            if s.check(*trial) == z3.sat:
                keep = trial
        if s.check(*keep) != z3.sat:
            return
        plain = self.v.read(s.model(), voc.SITUATION)
        old = f.witness
        f.witness = plain
        f.explanation = f.explanation.replace(_situation_words(old), _situation_words(plain), 1)
        if f.scenario is not None:
            f.scenario.clear()
            f.scenario.update(_scenario(f._sid, f._title, f._rules, plain, f._expect, self._meta(f._rules)))

    def _cell_constraints(self, key: int) -> list | None:
        if key not in self.cell_of:
            return None
        applies, situation = self.cell_of[key]
        return [self.guards[c] if c in applies else z3.Not(self.guards[c]) for c in self.relevant] + [self.v.eq(n, situation[n]) for n in self.sit_vars(applies)]

    def _ambiguities(self, applies, situation, asked, bodies, seen, set_aside=frozenset(), cell_key=None) -> None:
        solver = None
        for question, on in zip(self.questions, asked):
            if not on:
                continue
            name = question["outcome"]
            if any(name in self.mentions[p] for p in set_aside):
                continue  # open only because a part deciding it was set aside: not an ambiguity of the text
            ckey = (frozenset(bodies), cell_key[1] if cell_key else (), name)
            if ckey not in self.amb_cache:
                self.amb_cache[ckey] = None
                if solver is None:
                    solver = self.limits.solver()
                    solver.add(self.outcome_axioms)
                    solver.add(list(bodies.values()))
                    r1 = solver.check()
                    if r1 != z3.sat:
                        if r1 == z3.unknown:
                            self.unknowns.append(f"questions at {_situation_words(situation)}: {solver.reason_unknown()}")
                        return
                    model1 = solver.model()
                v1 = self.v.read(model1, [name])[name]
                solver.push()
                solver.add(self.v.consts[name] != self.v.values[name][v1])
                r2 = solver.check()
                if r2 == z3.sat:
                    self.amb_cache[ckey] = (v1, self.v.read(solver.model(), [name])[name])
                elif r2 == z3.unknown:
                    self.unknowns.append(f"{name} at {_situation_words(situation)}: {solver.reason_unknown()}")
                solver.pop()
            values = self.amb_cache[ckey]
            if values is not None:
                self._record_ambiguity(name, question, situation, values, bodies, applies, set_aside, seen)

    def _record_ambiguity(self, name, question, situation, values, bodies, applies, set_aside, seen) -> None:
        v1, v2 = values
        deciding = sorted({_cid(p) for p in bodies if name in self.mentions[p]}, key=_order)
        key = (name, tuple(deciding), tuple(sorted(set_aside)), tuple(sorted(situation.items())))
        if key in seen:
            return
        seen.add(key)
        elsewhere = sorted((c.id for c in self.custom.clauses if name in self.mentions[c.id] and c.id not in deciding), key=_order)
        aside = [f"{_cid(p)} ({_then_words(self.part_then[p])})" for p in sorted(set_aside, key=_order)]
        self.findings_amb.append(self._ambiguity(name, question, situation, (v1, v2), deciding, elsewhere, sorted(applies), aside))

    # ------------------------------------------------------------------ wording
    def _contradiction(self, clauses: frozenset, situation: dict, mus: frozenset) -> Finding:
        ids = sorted(clauses, key=_order)
        wants = {cid: " and ".join(_then_words(self.part_then[p]) for p in sorted(mus) if _cid(p) == cid) for cid in ids}
        parts = "; ".join(f"{cid} ({_quote(self.by_id[cid].text)}) requires {wants[cid]}" for cid in ids)
        explanation = (
            f"For {_situation_words(situation)}, these clauses all apply and cannot all hold: {parts}. "
            "No precedence in the rule set or the core rules settles which one wins, so a player or an engine "
            "cannot follow all of them; either one clause must say it overrides the other, or the clauses must be narrowed."
        )
        rules = self._rules_of(ids)
        sid, title, expect = f"{self.custom.id}-contradiction-{'-'.join(_slug(i) for i in ids)}", f"Conflict between {', '.join(ids)}", [f"{cid} ({wants[cid]})" for cid in ids]
        scenario = _scenario(sid, title, rules, situation, expect, self._meta(rules))
        f = Finding("contradiction", ids, explanation, _witness(situation), {cid: wants[cid] for cid in ids}, scenario)
        f._cell, f._sid, f._title, f._rules, f._expect = id(situation), sid, title, rules, expect
        return f

    def _ambiguity(self, name, question, situation, values, deciding, elsewhere, applies, set_aside=()) -> Finding:
        if deciding:
            why = f"the applicable clauses ({', '.join(deciding)}) constrain {name} but allow both"
        else:
            why = f"no applicable clause decides {name}"
            if elsewhere:
                why += f" (it is decided only in other situations, by {', '.join(elsewhere)})"
        explanation = (
            f"For {_situation_words(situation)}, the rules leave {name.replace('-', ' ')} open: {why}. "
            f"Both “{values[0]}” and “{values[1]}” satisfy every applicable clause"
            + (f" ({question['note']})" if question.get("note") else "")
            + ". The designer should state which one holds."
            + (f" This holds once the contradiction in this situation is resolved by setting aside {'; '.join(set_aside)} (see the contradiction findings)." if set_aside else "")
        )
        aside_ids = sorted({a.split(" (")[0] for a in set_aside}, key=_order)
        ids = list(dict.fromkeys(aside_ids + (deciding or elsewhere))) or [c for c in applies if c in {x.id for x in self.custom.clauses}][:3]
        sid, title, rules = f"{self.custom.id}-ambiguity-{name}-{_slug('-'.join(situation[k] for k in ('zone', 'event')))}", f"Which {name.replace('-', ' ')}? ({', '.join(ids)})", self._rules_of(ids)
        expect = [f"{name}: {values[0]} or {values[1]}"]
        scenario = _scenario(sid, title, rules, situation, expect, self._meta(rules))
        f = Finding("ambiguity", ids, explanation, _witness(situation), {name: list(values)}, scenario)
        f._cell, f._sid, f._title, f._rules, f._expect = id(situation), sid, title, rules, expect
        return f

    def _meta(self, rules: list[str]) -> dict:
        """Edition and seed source of a scenario: the first cited spec item that comes from a seed."""
        meta: dict = {"edition": self.custom.edition if self.custom.edition in ("pre-2013", "2016-04-08", "2026-08-07", "dyn") else "2026-08-07"}
        try:
            from mtgrules.spec import load_spec

            spec = load_spec()
        except Exception:
            spec = None
        for rid in rules:
            item = spec[rid] if spec is not None and rid in spec else None
            if item is not None and item.source is not None and re.match(r"^[0-9]{3}_[0-9a-f]{16}\.txt$", item.source.file):
                meta["source"] = {"seed": item.source.file, "line": item.source.line, **({"ruling": rid} if item.kind in ("ruling", "example") else {})}
                break
        else:
            meta["no_seed"] = True
        return meta

    def _rules_of(self, ids) -> list[str]:
        out = []
        for cid in ids:
            c = self.by_id.get(cid)
            base = cid.split("/")[0]
            if c is not None and not c.is_core:
                out.append(base)
            if c is not None:
                out += list(c.rules)
        return sorted(set(out), key=_order)


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


def _order(cid: str):
    return (not cid.startswith(("dyn", "t.", "hb")), cid)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _quote(text: str, n: int = 90) -> str:
    text = " ".join(text.split())
    return "“" + (text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + " …") + "”"


def _then_words(then: Any) -> str:
    if isinstance(then, list):
        return " and ".join(_then_words(t) for t in then)
    if isinstance(then, dict) and "if" in then:
        return f"if {_cond_words(then['if'])} then {_then_words(then.get('then', {}))}"
    return _cond_words(then)


def _cond_words(cond: Any) -> str:
    if not cond:
        return "nothing"
    parts = []
    for k, val in cond.items():
        if k in ("any", "all"):
            parts.append(f"{k} of ({'; '.join(_cond_words(c) for c in val)})")
        elif k == "not":
            parts.append(f"not ({_cond_words(val)})")
        elif isinstance(val, dict) and "not" in val:
            parts.append(f"{k} not {val['not']}")
        elif isinstance(val, list):
            parts.append(f"{k} one of {', '.join(map(str, val))}")
        else:
            parts.append(f"{k} = {val}")
    return ", ".join(parts)


_PREFERRED = [("face", "up"), ("kind", "card"), ("keyword", "none"), ("merged", "no"), ("card", "any"), ("status", "normal"), ("tapped", "no"), ("event", "none"), ("via", "cast"), ("via", "none"), ("zone", "hand")]
_DEFAULTS = {"kind": "card", "card": "any", "face": "up", "status": "normal", "tapped": "no", "half": "none", "event": "none", "via": "none",
             "keyword": "none", "merged": "no"}


def _complexity(s: dict) -> int:
    plain = {"via": ("none", "cast")}
    return sum(1 for k, val in _DEFAULTS.items() if s.get(k) != val and s.get(k) not in plain.get(k, ())) + (s.get("zone") != "hand")


def _witness(situation: dict) -> dict:
    return dict(situation)


def _situation_words(s: dict) -> str:
    what = {"dynamic": "a dynamic card", "split": "a split card", "flip": "a flip card", "transforming-dfc": "a transforming double-faced card",
            "modal-dfc": "a modal double-faced card", "normal": "an ordinary card"}[s["layout"]]
    if s.get("card") == "ds-pb":
        what = "Divine Skywarden // Purewind Blessings (a dynamic card)"
    if s["kind"] == "token":
        what = "a token (" + what + ")"
    elif s["kind"] == "copy":
        what = "a copy of " + what + " created by an effect"
    bits = [what]
    bits.append(("face down " if s["face"] == "down" else "") + ("on the stack" if s["zone"] == "stack" else "on the battlefield" if s["zone"] == "battlefield" else f"in the {s['zone']}" if s["zone"] != "command" else "in the command zone"))
    if s["half"] != "none":
        bits.append(f"cast as its {s['half']} half" if s["half"] in ("permanent", "nonpermanent", "left", "right") else f"cast as its {s['half']} face")
    if s["status"] != "normal":
        bits.append(s["status"])
    if s["tapped"] == "yes":
        bits.append("tapped")
    event = {"casting": "being cast", "resolving": "resolving", "entering-battlefield": "entering the battlefield", "turning-face-up": "being turned face up",
             "transforming": "transforming", "turning-face-down": "being turned face down"}.get(s["event"])
    if event:
        bits.append(event)
    via = {"cast": "after being cast" if s["zone"] != "stack" else None, "flashback": "cast with flashback", "effect": "put there by an effect", "manifest": "manifested", "morph": "cast face down with morph"}.get(s["via"])
    if via:
        bits.append(via)
    return ", ".join(bits)


_POOL_LAYOUT = {"dynamic": "dynamic", "flip": "flip", "transforming-dfc": "transform", "modal-dfc": "modal_dfc", "split": "split", "normal": "normal"}
_FEATURES_VIA = {"morph": ["morph", "face-down"], "manifest": ["manifest", "face-down"], "flashback": ["flashback"], "madness": ["madness", "discard"],
                 "mutate": ["mutate", "merge"], "storm": ["storm", "copy-spell"], "copied": ["copy-spell"]}


@lru_cache(maxsize=1)
def _pool() -> tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], bool], ...]:
    """The card pool (cards/pool/*.yaml): (name, layout, keywords, face names, test card)."""
    from ruamel.yaml import YAML

    from mtgrules.cards import POOL_DIR as folder

    out = []
    yaml = YAML(typ="safe")
    for path in sorted(folder.glob("*.yaml")):
        try:
            doc = yaml.load(path.read_text(encoding="utf-8")) or {}
        except Exception:
            continue
        for name, faces in (doc.get("data", doc) or {}).items():
            if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
                continue
            first = faces[0]
            keywords = tuple(k.lower() for k in first.get("keywords") or ())
            test = bool((first.get("mtgrules") or {}).get("test_card"))
            out.append((name, first.get("layout", "normal"), keywords, tuple(f.get("faceName") for f in faces if f.get("faceName")), test))
    return tuple(out)


def _pick_card(layout: str, keyword: str = "none", kind: str = "card", card: str = "any") -> tuple[str | None, tuple[str, ...]]:
    """A card of the pool that fits (real cards before test cards), or None."""
    if card == "ds-pb":
        layout = "dynamic"
    if kind == "token":
        fits = [c for c in _pool() if c[1] == "token"]
    else:
        fits = [c for c in _pool() if c[1] == _POOL_LAYOUT.get(layout, layout) and (keyword == "none" or keyword in c[2])]
        if keyword == "none":
            fits.sort(key=lambda c: len(c[2]))  # plainest first
    fits.sort(key=lambda c: c[4])
    return (fits[0][0], fits[0][3]) if fits else (None, ())


def _other_card(other: str) -> str | None:
    return {"ordinary": _pick_card("normal")[0], "instant-or-sorcery": next((c[0] for c in _pool() if c[0] == "Shock"), None),
            "double-faced": _pick_card("transforming-dfc")[0], "flip": _pick_card("flip")[0]}.get(other)


def _scenario(sid: str, title: str, rules: list[str], s: dict, expect: list[str], meta: dict | None = None) -> dict:
    """The witness as a conformance scenario (conformance/scenario.schema.json, FORMAT.md).

    The setup and steps reproduce the witness situation with cards from the pool where one
    fits; the outcome is what the designer must decide, so it is stated in ``notes`` (the
    ``expect`` list is added once the reading is decided)."""
    meta = meta or {}
    name, faces = _pick_card(s["layout"], s.get("keyword", "none"), s["kind"], s.get("card", "any"))
    missing = name is None
    card = name or f"a {s['layout']} card"
    label = "W"
    zone = s["zone"]
    steps: list[dict] = []
    entry: dict = {"card": card, "as": label} if s["kind"] != "token" else {"token": card, "as": label}
    setup_zone = zone
    half_name = None
    if s["half"] in ("permanent", "left", "front") and faces:
        half_name = faces[0]
    elif s["half"] in ("nonpermanent", "right", "back") and len(faces) > 1:
        half_name = faces[1]
    via = s.get("via", "none")
    alt = via if via in ("flashback", "madness", "morph", "mutate") else None

    def cast_step() -> dict:
        step: dict = {"cast": label, "by": "alice"}
        if via == "flashback":
            step["from"] = "graveyard"
        elif via == "madness":
            step["from"] = "exile"
        if half_name and s["layout"] in ("split", "dynamic"):
            step["half"] = half_name
        if s["half"] in ("front", "back"):
            step["face"] = s["half"]
        if via == "morph":
            step["face_down"] = True
        if alt:
            step["alt_cost"] = alt
        if s["kind"] == "copy":
            step["note"] = "a copy of the card, cast as an effect allows (707.12)"
        return step

    event = s["event"]
    if s["kind"] == "spell-copy":
        setup_zone = "hand"
        steps += [cast_step(), {"check": "state", "note": f"an effect ({'storm' if via == 'storm' else 'e.g. Twincast'}) puts a copy of the spell onto the stack (707.10); observe the copy"}]
    elif zone == "stack":
        setup_zone = {"flashback": "graveyard", "madness": "exile"}.get(via, "hand")
        steps.append(cast_step())
        if event == "resolving":
            steps.append({"resolve": "top"})
    elif event == "entering-battlefield" and via in ("cast", "madness", "morph"):
        setup_zone = "exile" if via == "madness" else "hand"
        steps += [cast_step(), {"resolve": "top"}]
    elif event == "entering-battlefield" and via == "manifest":
        setup_zone = "library"
        steps.append({"check": "state", "note": f"an effect (e.g. Soul Summons) manifests the top card of alice's library ({card})"})
    elif event == "entering-battlefield":
        setup_zone = "graveyard"
        steps.append({"check": "state", "note": f"an effect puts {card} from alice's graveyard onto the battlefield"})
    elif event == "turning-face-up":
        steps.append({"turn_face_up": label, "by": "alice", "using": "dynamic" if (s["layout"] == "dynamic" and via == "manifest") else ("manifest" if via == "manifest" else "morph")})
    elif event == "discarding":
        steps.append({"discard": [label], "by": "alice", "note": "as an effect instructs alice to discard"})
    elif event == "merging":
        steps.append({"check": "state", "note": "a mutating creature spell alice controls resolves and merges with this permanent (702.140c)"})
    elif event in ("transforming", "turning-face-down", "changing-zones"):
        steps.append({"check": "state", "note": {"transforming": "an effect transforms it", "turning-face-down": "an effect turns it face down",
                                                  "changing-zones": f"it moves from the {zone} to another zone"}[event]})
    else:
        steps.append({"check": "state"})
    if setup_zone == "battlefield":
        if s["face"] == "down":
            entry["face_down"] = True
            entry["face_down_by"] = via if via in ("morph", "manifest") else "effect"
        if s["tapped"] == "yes":
            entry["tapped"] = True
        if s["status"] == "flipped":
            entry["flipped"] = True
        if s["status"] == "transformed":
            entry["face"] = "back"
        if s.get("merged") == "yes":
            other = _other_card(s.get("other-component", "ordinary")) or "Grizzly Bears"
            top = {k: v for k, v in entry.items() if k not in ("as", "tapped")}
            entry = {"merged": [top, {"card": other}], "as": label, **({"tapped": True} if s["tapped"] == "yes" else {})}
    elif setup_zone == "exile" and s["face"] == "down":
        entry["face_down"] = True
        entry["face_down_by"] = "effect"
    cards = [card] + ([c["card"] for c in entry.get("merged", [])[1:]])
    features = set()
    features |= {"dynamic": {"dynamic"}, "split": {"split"}, "flip": {"flip"}, "transforming-dfc": {"double-faced"}, "modal-dfc": {"double-faced"}}.get(s["layout"], set())
    features |= set(_FEATURES_VIA.get(via, ()))
    features |= {"copy": {"cast-copy"}, "spell-copy": {"copy-spell"}, "token": {"token"}}.get(s["kind"], set())
    if s["face"] == "down":
        features.add("face-down")
    if s.get("merged") == "yes":
        features.add("merge")
    if event == "discarding":
        features.add("discard")
    if event == "turning-face-up":
        features.add("special-action")
    if s.get("keyword") in ("affinity", "storm"):
        features.add(s["keyword"])
    notes = [f"Witness of the custom-rules checker: {_situation_words(s)}.", "The rules leave this to decide: " + "; ".join(expect) + ".",
             "Once decided, add the expected observations under `expect` (FORMAT.md)."]
    if missing:
        notes.append(f"No card of the pool cards/pool/ fits ({s['layout']}{', ' + s['keyword'] if s.get('keyword', 'none') != 'none' else ''}): choose one.")
    if meta.get("no_seed"):
        notes.append("The rule set does not come from a seed document: `source.seed` names none of them.")
    edition = meta.get("edition") or "2026-08-07"
    scenario = {
        "id": _slug(sid)[:120].strip("-"),
        "title": title if len(title) >= 5 else title + " (witness)",
        "rules": list(dict.fromkeys(r.split("/")[0] for r in rules)) or ["dyn"],
        "source": meta.get("source") or {"seed": "000_0000000000000000.txt"},
        "editions": [edition],
        "features": sorted(features),
        "cards": list(dict.fromkeys(cards)),
        "notes": " ".join(notes),
        "setup": {"players": {"alice": {"life": 20, setup_zone: [entry]}, "bob": {"life": 20}}, "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}},
        "steps": steps,
    }
    return scenario


# ====================================================================== references and terms
_CR_FILES = {"2026-08-07": "MagicCompRules_20260807.txt", "2016-07-22": "MagicCompRules_20160722.txt", "2015-01-23": "MagicCompRules_20150123.txt"}
_NUMBER = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$")
_CITE = re.compile(r"\b(?:rule |rules )?(\d{3}\.\d+[a-z]?)\b")
_INTERNAL = re.compile(r"\b([A-Z]{2,}\.\d+[a-z]?)\b")
_WORD = re.compile(r"[A-Za-z][a-z]+(?:-[a-z]+)?")


@lru_cache(maxsize=4)
def _cr_rules(path: str) -> dict[str, str]:
    rules = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = _NUMBER.match(line)
        if m:
            rules.setdefault(m.group(1), m.group(2))
    return rules


@lru_cache(maxsize=2)
def _cr_words(path: str) -> tuple[frozenset, str]:
    text = Path(path).read_text(encoding="utf-8").lower().replace("’", "'")
    return frozenset(re.findall(r"[a-z]+", text)), text


def _cr_texts() -> tuple[dict[str, dict[str, str]], Path | None]:
    from mtgrules.spec.loader import shared_dir

    shared = shared_dir()
    if shared is None:
        return {}, None
    out = {}
    for edition, name in _CR_FILES.items():
        p = shared / "data" / name
        if p.is_file():
            out[edition] = _cr_rules(str(p))
    return out, shared


def reference_findings(rs: RuleSet, skipped: list[str]) -> list[Finding]:
    findings = []
    crs, shared = _cr_texts()
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except Exception:
        spec = None
        skipped.append("spec not loadable: citations not resolved through the spec")
    if not crs:
        skipped.append("shared/ data not found: cited rule numbers were not checked against the Comprehensive Rules texts")
    elif len(crs) < len(_CR_FILES):
        skipped.append(f"shared/data has only the Comprehensive Rules of {', '.join(sorted(crs))}: cited rule numbers were checked against those only")
    internal_ids = {c.id.split("/")[0].lower() for c in rs.clauses}
    for c in rs.clauses:
        for m in _INTERNAL.finditer(c.text):
            ref = m.group(1).lower()
            if ref.split(".")[0] == c.id.split(".")[0] and ref not in internal_ids and (spec is None or ref not in spec):
                findings.append(Finding("reference", [c.id], f"{c.id} cites {m.group(1)}, which is not a clause of this rule set.", subkind="dangling-cite"))
        cites = {x["number"]: x.get("about", []) for x in c.cites}
        for m in _CITE.finditer(c.text):
            cites.setdefault(m.group(1), [])
        for number, about in cites.items():
            if not crs:
                continue
            current = crs.get("2026-08-07", {})
            text_now = current.get(number)
            older = {ed: r[number] for ed, r in crs.items() if ed != "2026-08-07" and number in r}
            match_now = text_now is not None and (not about or all(a.lower() in text_now.lower() for a in about))
            match_old = {ed: t for ed, t in older.items() if not about or all(a.lower() in t.lower() for a in about)}
            if match_now:
                continue
            resolved = ""
            if spec is not None and c.id.split("/")[0] in spec:
                for ref in spec[c.id.split("/")[0]].refs:
                    if ref.cites == number:
                        targets = [spec[t] for t in ref.to if t in spec]
                        resolved = "; the spec resolves it to " + ", ".join(f"{t.id} (today {t.current})" for t in targets)
            if text_now is None and not older:
                findings.append(Finding("reference", [c.id], f"{c.id} cites rule {number}, which exists in none of the Comprehensive Rules texts available (current, 2016, 2015){resolved}.", subkind="dangling-cite"))
            elif text_now is None:
                ed = ", ".join(sorted(match_old or older))
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number}, which does not exist in the current Comprehensive Rules"
                    f"{' (section ' + number.split('.')[0] + ' is now “' + current.get(number.split('.')[0], '?') + '”)' if number.split('.')[0] in current else ''}. "
                    f"It exists in the edition(s) {ed}: “{_short((match_old or older)[sorted(match_old or older)[0]])}”. "
                    f"The document appears to use that older numbering{resolved}; a reader of today's rules cannot follow the citation."), subkind="edition"))
            else:
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number} about {', '.join(about)}; in the current Comprehensive Rules {number} reads “{_short(text_now)}”"
                    + (f", while in {', '.join(sorted(match_old))} it read “{_short(next(iter(match_old.values())))}”" if match_old else "")
                    + f": the citation means something else today{resolved}."), subkind="edition"))
    # renamed terms
    if "2026-08-07" in crs:
        current_words, current_text = _cr_words(str(shared / "data" / _CR_FILES["2026-08-07"]))
        for c in rs.clauses:
            for term, (new, note) in voc.RENAMED_TERMS.items():
                if term in c.text.lower() and term not in _body_of_current(current_text, term):
                    findings.append(Finding("term", [c.id], f"{c.id} uses “{term}”, which was {note}. Today's readers and engines look for “{new}”.", subkind="renamed-term"))
    return findings


def _body_of_current(text: str, term: str) -> str:
    # the current CR mentions old terms only in its glossary ("Converted Mana Cost: see Mana Value"); a
    # use in a numbered rule counts as current
    for line in text.splitlines():
        if term in line and _NUMBER.match(line):
            return line
    return ""


def _short(text: str, n: int = 150) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + " …"


def misspelling_findings(rs: RuleSet, skipped: list[str]) -> list[Finding]:
    _, shared = _cr_texts()
    if shared is None or not all((shared / "data" / _CR_FILES[ed]).is_file() for ed in ("2026-08-07", "2016-07-22")):
        skipped.append("shared/ data not found: misspelling check skipped")
        return []
    words, text = _cr_words(str(shared / "data" / _CR_FILES["2026-08-07"]))
    words_old, text_old = _cr_words(str(shared / "data" / _CR_FILES["2016-07-22"]))
    known = words | words_old
    own = set()
    for t in rs.terms:
        own |= set(re.findall(r"[a-z]+", t["term"].lower()))
    vocab = sorted(w for w in known if len(w) >= 4)
    findings = []
    seen = set()
    for c in rs.clauses:
        for raw in re.findall(r"[A-Za-z]+", c.text):
            w = raw.lower()
            if len(w) < 5 or w in known or w in own or (w.startswith("non") and w[3:] in known) or raw[0].isupper() and raw[1:].islower() and c.text.find(raw) > 0 and not _sentence_start(c.text, raw):
                continue
            suggestion = None
            for i in range(2, len(w) - 1):
                if f" {w[:i]} {w[i:]} " in text or f" {w[:i]} {w[i:]}." in text:
                    suggestion = f"{w[:i]} {w[i:]}"
                    break
            if suggestion is None:
                close = difflib.get_close_matches(w, vocab, n=1, cutoff=0.85)
                suggestion = close[0] if close else None
            if suggestion and (c.id, w) not in seen:
                seen.add((c.id, w))
                findings.append(Finding("term", [c.id], f"{c.id} writes “{raw}”, which is not a word of the Comprehensive Rules; the defined term is “{suggestion}”. A search for the term (by a reader or a tool) will miss this clause.", subkind="misspelling"))
    return findings


def _sentence_start(text: str, word: str) -> bool:
    i = text.find(word)
    return i == 0 or text[:i].rstrip().endswith((".", ":", "(", "\n"))


def scope_and_property_findings(an: Analysis) -> list[Finding]:
    findings = []
    v = an.v
    custom_terms = {t["term"].lower(): t["means"] for t in an.custom.terms}
    terms = {**voc.TERMS, **custom_terms}
    for c in an.custom.clauses:
        s = an.limits.solver()
        s.add(*an.wf, an.scope, an.guards[c.id])
        r = s.check()
        if r == z3.unknown:
            an.unknowns.append(f"scope of {c.id}: {s.reason_unknown()}")
            continue
        if r == z3.unsat:
            culprits = []
            for term, means in terms.items():
                if re.search(r"\b" + re.escape(term) + r"s?\b", c.text, re.I):
                    t = an.limits.solver()
                    t.add(*an.wf, an.scope, voc.compile_condition(v, means))
                    if t.check() == z3.unsat:
                        culprits.append(term)
            if culprits:
                expl = (f"{c.id} speaks of “{culprits[0]}”, a term whose objects are outside this rule set's scope ({_cond_words(an.custom.scope)}), so as written "
                        f"the clause applies to no object the rule set is about. If “{culprits[0]}” is a slip for the set's own term, the clause must be corrected; "
                        "as written it changes the rules for those other objects instead.")
            else:
                expl = f"{c.id} applies in no situation within the rule set's scope ({_cond_words(an.custom.scope)}): its condition ({_cond_words(c.when)}) excludes them all."
            findings.append(Finding("term", [c.id], expl, subkind="scope"))
        for pattern, prop in voc.PROPERTY_WORDS.items():
            if not re.search(pattern, c.text, re.I):
                continue
            t = an.limits.solver()
            t.add(*an.wf, an.scope, an.guards[c.id], voc.compile_condition(v, voc.PROPERTY_DOMAINS[prop]))
            r = t.check()
            if r == z3.unsat:
                findings.append(Finding("term", [c.id], (
                    f"{c.id} applies “{prop}” to an object that cannot have it: the clause is about {_cond_words(c.when)}, and only an object with "
                    f"{_cond_words(voc.PROPERTY_DOMAINS[prop])} can be {voc.PROPERTY_PHRASES.get(prop, prop)}. That part of the clause can never matter as written."), subkind="property"))
            elif r == z3.unknown:
                an.unknowns.append(f"property {prop} of {c.id}: {t.reason_unknown()}")
    return findings


# ====================================================================== entry point
def analyse(custom: RuleSet, core: RuleSet | None, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    start = time.perf_counter()
    an = Analysis(custom, core, timeout_ms, rlimit)
    an.run()
    skipped: list[str] = []
    findings = list(an.findings)
    findings += scope_and_property_findings(an)
    findings += reference_findings(custom, skipped)
    findings += misspelling_findings(custom, skipped)
    for u in an.unknowns:
        findings.append(Finding("unknown", [], f"Z3 could not decide: {u}. This is not a clean result."))
    order = {k: n for n, k in enumerate(KINDS)}
    findings.sort(key=lambda f: (order[f.kind], len(f.clauses) if f.kind == "contradiction" else 0, [_order(c) for c in f.clauses]))
    return Report(custom.id, custom.file, findings, time.perf_counter() - start, an.n_cells, len(an.clauses), skipped, sorted(an.override_hits.values(), key=lambda d: (d["rule"], d["over"])))


def lint_file(path: str | Path, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    from .rulesets import load_with_core

    custom, core = load_with_core(path)
    return analyse(custom, core, timeout_ms, rlimit)
