"""The checker's findings on DYN and on the core rules as reviewed against the text, and the
``mtgrules verify`` checks that compare each run with them."""

from __future__ import annotations

from pathlib import Path

from mtgrules.paths import shown_path
from mtgrules.problems import InputError
from mtgrules.verify import costs, labelled, remembered

from ..rulesets import CORE, DYN
from .check import lint_file
from .report import Finding

# The DYN findings as reviewed against the text (proofs/custom-rules.md, "The report on DYN").
# `mtgrules verify` fails when the analysis finds anything else (new, changed or missing
# findings must be reviewed again) or when Z3 could not decide something.
REVIEWED_DYN: frozenset[tuple[str, tuple[str, ...]]] = frozenset(
    {
        ("contradiction", ("dyn.1", "flip.710.1ab")),
        ("contradiction", ("dyn.1", "dyn.3a", "flip.710.2-off-battlefield")),
        ("contradiction", ("dyn.1", "dyn.3b", "flip.710.2-off-battlefield")),
        ("contradiction", ("dyn.1", "dyn.5/2", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5a", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5b", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.5c", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.example.r2", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.1", "dyn.example.r4", "flip.710.2-unflipped")),
        ("contradiction", ("dyn.5a", "manifest.701.40a")),
        ("contradiction", ("dyn.example.r4", "manifest.701.40a")),
        # 730.2g (a face-down merged permanent containing an instant or sorcery card can't be
        # turned face up) against DYN.5c's permission; DYN.5c overrides 701.40g, but nothing says
        # whether it also overrides 730.2g (by 101.2 “can't” would win): a gap of DYN
        ("contradiction", ("dyn.5c", "merging.2g")),
        ("contradiction", ("dyn.4c", "dyn.5c", "merging.2g/topmost")),
        ("ambiguity", ("dyn.1", "dyn.3a", "dyn.3b", "dyn.4", "dyn.5/2", "dyn.5a", "dyn.5b", "dyn.5c", "dyn.example.r1", "dyn.example.r2", "dyn.example.r4")),
        ("reference", ("dyn.3c",)),
        ("term", ("dyn.4",)),
        ("term", ("dyn.4b",)),
        ("term", ("dyn.5/1",)),
        ("term", ("dyn.5a",)),
        ("term", ("dyn.5b",)),
        ("term", ("dyn.5c",)),
        ("term", ("dyn.6",)),
        ("term", ("dyn.example",)),
    }
)
# The core rules analysed alone: no finding at all. (“Converted mana cost” in the 2016 rule
# 711.4b and the pre-2013 rulings is right for their editions and quoted verbatim: not a finding.)
REVIEWED_CORE: frozenset[tuple[str, tuple[str, ...]]] = frozenset()


def _key(f: Finding) -> tuple[str, tuple[str, ...]]:
    return (f.kind, tuple(f.clauses))


def _check(name: str, path: Path, reviewed: frozenset) -> "object":
    from mtgrules.verify import CheckResult

    try:
        report = lint_file(path)
    except InputError as exc:
        return CheckResult(name, False, f"{path.name} does not load", [str(p) for p in exc.problems])
    found = {_key(f) for f in report.findings}
    new, gone = found - reviewed, reviewed - found
    unknown = report.count("unknown")
    ok = not new and not gone and not unknown
    counts = report.counts_text() or "no findings"
    summary = f"{counts} in {report.seconds:.1f} s" + ("" if ok else f"; {len(new)} not reviewed, {len(gone)} reviewed but no longer found")
    details = [f"NOT REVIEWED: {k[0]} {', '.join(k[1])}" for k in sorted(new)] + [f"NO LONGER FOUND: {k[0]} {', '.join(k[1])}" for k in sorted(gone)]
    details += [f"{f.kind}: {', '.join(f.clauses)}: {f.explanation}" for f in report.findings]
    details += [f"skipped: {s}" for s in report.skipped]
    return CheckResult(name, ok, summary, details, report.as_json(), command=f"mtgrules lint-rules {shown_path(path)}")


#: The parts the checker may read: its own, those it may import (ARCHITECTURE.md) and the model
#: (which the conformance adapters it may run import).
LINT_INPUTS = ("proofs", "spec", "cards", "conformance", "model", "")


@labelled("custom rules: DYN")
@costs(2)
@remembered(*LINT_INPUTS)
def check_dyn_custom_rules():
    """The custom-rules checker on DYN: the findings must be the reviewed ones."""
    return _check("custom rules: DYN (lint-rules proofs/custom/dyn.yaml)", DYN, REVIEWED_DYN)


@labelled("custom rules: core rules alone")
@remembered(*LINT_INPUTS)
def check_core_rules_alone():
    """The core rules analysed alone: no contradiction, no open question."""
    return _check("custom rules: core rules alone (lint-rules proofs/core_rules.yaml)", CORE, REVIEWED_CORE)


def verify_checks():
    return [check_dyn_custom_rules, check_core_rules_alone]
