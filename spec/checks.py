"""The spec's checks for ``mtgrules verify``: validation and coverage."""

from __future__ import annotations

from pathlib import Path

from mtgrules.verify import CheckResult, costs

from .coverage import coverage
from . import editions
from .loader import project_spec

TESTS_DIR = Path(__file__).resolve().parent.parent / "tests"


def check_spec() -> CheckResult:
    spec, problems = project_spec()
    if problems or spec is None:
        return CheckResult("spec validation", False, f"{len(problems)} problem(s)", [str(p) for p in problems])
    newest = editions.available()[-1] if editions.available() else None
    numbers = f"numbers checked against the edition {newest}" if newest else "no imported edition: numbers not checked"
    return CheckResult("spec validation", True, f"{len(spec)} items in {len(spec.documents)} files valid; text verbatim in the sources; {numbers}")


@costs(2)  # the citations of every part: the whole corpus loaded
def check_coverage() -> CheckResult:
    spec, problems = project_spec()
    if spec is None:
        return CheckResult("spec coverage", False, "spec is invalid")
    report = coverage(spec, TESTS_DIR)
    summary = report.summary()
    bad = report.problems()
    return CheckResult("spec coverage", not bad, summary if not bad else f"{len(bad)} unknown rule ID(s); " + summary, [str(p) for p in bad], report.totals())


def verify_checks():
    return [check_spec, check_coverage]
