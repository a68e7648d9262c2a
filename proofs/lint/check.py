"""The whole check of a rule set: the Z3 analysis, its results in words, the scope, property,
citation and term checks, in the report's order."""

from __future__ import annotations

import time
from pathlib import Path

from ..rulesets import RuleSet, load_with_core
from . import explain
from .analysis import RLIMIT, TIMEOUT_MS, Analysis, clause_order
from .references import reference_findings
from .report import KINDS, Report
from .terms import misspelling_findings, scope_and_property_findings


def analyse(custom: RuleSet, core: RuleSet | None, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    start = time.perf_counter()
    an = Analysis(custom, core, timeout_ms, rlimit)
    an.run()
    skipped: list[str] = []
    findings = [explain.contradiction(an, c) for c in an.conflicts] + [explain.ambiguity(an, q) for q in an.open_questions]
    findings += scope_and_property_findings(an)
    findings += reference_findings(custom, skipped)
    findings += misspelling_findings(custom, skipped)
    findings += [explain.unknown(u) for u in an.unknowns]
    order = {k: n for n, k in enumerate(KINDS)}
    findings.sort(key=lambda f: (order[f.kind], len(f.clauses) if f.kind == "contradiction" else 0, [clause_order(c) for c in f.clauses]))
    return Report(custom.id, custom.file, findings, time.perf_counter() - start, an.n_cells, len(an.clauses), skipped, sorted(an.override_hits.values(), key=lambda d: (d["rule"], d["over"])))


def lint_file(path: str | Path, timeout_ms: int = TIMEOUT_MS, rlimit: int = RLIMIT) -> Report:
    custom, core = load_with_core(path)
    return analyse(custom, core, timeout_ms, rlimit)
