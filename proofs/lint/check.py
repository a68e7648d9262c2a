"""The whole check of a rule set: the Z3 analysis, its results in words, the scope, property,
citation and term checks, in the report's order."""

from __future__ import annotations

import time
from pathlib import Path

from mtgrules.paths import shown_path
from mtgrules.problems import InputError

from ..rulesets import RuleSet, load_with_core
from . import explain
from .analysis import RLIMIT, TIMEOUT_MS, Analysis, clause_order
from .references import reference_findings
from .report import KINDS, Report
from .terms import misspelling_findings, scope_and_property_findings, undeclared_findings


def analyse(custom: RuleSet, core: RuleSet | None, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    start = time.perf_counter()
    an = Analysis(custom, core, timeout_ms, rlimit)
    an.run()
    skipped: list[str] = []
    findings = [explain.contradiction(an, c) for c in an.conflicts] + [explain.ambiguity(an, q) for q in an.open_questions]
    findings += scope_and_property_findings(an)
    findings += reference_findings(custom, skipped)
    findings += misspelling_findings(custom, skipped)
    findings += undeclared_findings(custom)
    findings += [explain.unknown(u) for u in an.unknowns]
    for f in findings:
        f.locations = locations(an, f.clauses)
    order = {k: n for n, k in enumerate(KINDS)}
    findings.sort(key=lambda f: (order[f.kind], len(f.clauses) if f.kind == "contradiction" else 0, [clause_order(c) for c in f.clauses]))
    return Report(custom.id, custom.file, findings, time.perf_counter() - start, an.n_cells, len(an.clauses), skipped, sorted(an.override_hits.values(), key=lambda d: (d["rule"], d["over"])))


def locations(an: Analysis, ids: list[str]) -> list[dict]:
    """File and line of each clause a finding names; for a core clause also the spec items it
    formalizes, with their numbers in the current Comprehensive Rules."""
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except InputError:
        spec = None
    out = []
    for cid in ids:
        c = an.by_id.get(cid)
        if c is None:
            continue
        loc: dict = {"clause": cid, "file": shown_path(Path(c.file)), "line": c.line}
        if c.is_core:
            loc["core"] = True
            loc["rules"] = [{"id": r, "current": spec[r].current if spec is not None and r in spec else None} for r in (c.rules or (cid.split("/")[0],))]
        out.append(loc)
    return out


def lint_file(path: str | Path, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    custom, core = load_with_core(path)
    return analyse(custom, core, timeout_ms, rlimit)
