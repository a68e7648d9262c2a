"""The spec's checks for ``mtgrules verify``: validation and coverage."""

from __future__ import annotations

from pathlib import Path

from mtgrules.verify import CheckResult

from .coverage import coverage
from .loader import read_spec, shared_dir

TESTS_DIR = Path(__file__).resolve().parent.parent / "tests"


def check_spec() -> CheckResult:
    spec, problems = read_spec()
    if problems or spec is None:
        return CheckResult("spec validation", False, f"{len(problems)} problem(s)", [str(p) for p in problems])
    seeds = "text checked verbatim against the seeds" if shared_dir() else "seeds not found: verbatim check skipped"
    return CheckResult("spec validation", True, f"{len(spec)} items in {len(spec.documents)} files valid; {seeds}")


def check_coverage() -> CheckResult:
    spec, problems = read_spec()
    if spec is None:
        return CheckResult("spec coverage", False, "spec is invalid")
    report = coverage(spec, TESTS_DIR)
    totals = report.totals()
    summary = (
        f"{totals['clauses']} clauses: {totals['implements']} implemented, {totals['proves']} proved, "
        f"{totals['tests']} tested by scenarios, {totals['checks']} checked by project tests, "
        f"{totals['not_observable']} not observable by an engine"
    )
    bad = report.problems()
    return CheckResult("spec coverage", not bad, summary if not bad else f"{len(bad)} unknown rule ID(s); " + summary, [str(p) for p in bad], totals)


def verify_checks():
    return [check_spec, check_coverage]
