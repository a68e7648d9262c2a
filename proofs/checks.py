"""The proofs' check for ``mtgrules verify``: every obligation proved (unknown is a failure)."""

from __future__ import annotations

from mtgrules.verify import CheckResult, costs, remembered

from .lint import reviewed as lint_reviewed
from .obligation import prove
from .registry import obligations


@costs(3)
@remembered("proofs", "spec", "cards", "model", "")
def check_proofs() -> CheckResult:
    verdicts = [prove(ob) for ob in obligations()]
    bad = [v for v in verdicts if not v.proved]
    seconds = sum(v.seconds for v in verdicts)
    details = [f"{v.status}: {v.obligation} ({', '.join(v.rules)})" + (f": {v.reason}" if v.reason else "")
               + (f"; counterexample breaks: {'; '.join(v.counterexample['situation'].get('broken', []))}" if v.counterexample and isinstance(v.counterexample.get("situation"), dict) else "")
               for v in bad]
    weak = [v.obligation for v in verdicts if v.weak_reason]
    summary = f"{len(verdicts) - len(bad)} of {len(verdicts)} obligations proved in {seconds:.1f} s" + (f"; weak: {', '.join(weak)}" if weak else "")
    return CheckResult("proofs", not bad, summary, details, {"verdicts": [v.as_json() for v in verdicts]})


def check_trace_properties() -> CheckResult:
    """The trace-property checkers, run on the reference model's event logs of the corpus."""
    from .traces import check_reference_model
    return check_reference_model()


def verify_checks():
    return [check_proofs, check_trace_properties, *lint_reviewed.verify_checks()]
