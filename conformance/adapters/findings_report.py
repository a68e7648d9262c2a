"""What every third-party adapter's report does alike, given the adapter's declarations: the features of the
scenario schema (the base of each ``capabilities.FEATURES``), the classification of an examined failure, the
annotation of a ``conform --json`` report with the findings and the baseline it writes, the per-section and
per-feature tables of the report page, and the ``python -m ... annotate`` command. Each adapter's report.py
keeps its own page text (conformance/adapters/README.md, "The report and the baseline")."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

_SCHEMA = Path(__file__).resolve().parent.parent / "scenario.schema.json"

#: Every scenario feature of the schema (scenario.schema.json ``$defs/feature``), in its order.
ALL_FEATURES = tuple(json.loads(_SCHEMA.read_text(encoding="utf-8"))["$defs"]["feature"]["enum"])


@dataclass
class Findings:
    """An adapter's examined failures (its findings.py data)."""

    deviations: dict  # key -> {rules, engine, rule, reproduction, scenarios}
    not_deviations: dict  # kind -> {scenario: reason}
    reason: Callable[[str, str], str] = field(default=lambda kind, value: value)  # a not-deviation's reason text

    def classify(self, scenario: str) -> dict | None:
        """The examined reason a scenario fails: ``{"kind", "deviation"/"reason"}``, or None (not examined)."""
        for key, dev in self.deviations.items():
            if scenario in dev["scenarios"] or scenario == dev["reproduction"]:
                return {"kind": "deviation", "deviation": key, "rules": dev["rules"]}
        for kind, table in self.not_deviations.items():
            if scenario in table:
                return {"kind": kind, "reason": self.reason(kind, table[scenario])}
        return None


@dataclass
class Declarations:
    """What an adapter's report states besides its findings."""

    engine: str  # the --engine name
    distribution: str  # the engine's PyPI distribution (its version goes into the baseline)
    label: str  # the engine's name in prose
    unsupported: dict  # {"features": {...}, "setup": {...}}
    derived: dict  # the adapter's DERIVED table
    write_page: Callable[[dict, str], None]  # the adapter's report page


def deviation_lines(deviations: dict, label: str, folder: str, notes: dict | None = None) -> list[str]:
    """The page's section of confirmed deviations: one heading per deviation (D1, D2, ...) with its rule IDs, what
    the engine did, what the rule says, its reproduction in ``folder`` and the corpus scenarios that show it;
    ``notes`` adds a note to a deviation by its number ("D3")."""
    out = []
    for i, (key, dev) in enumerate(deviations.items(), 1):
        out += [f"### D{i}. {key}\n", f"- **Rules**: {', '.join('`' + r + '`' for r in dev['rules'])}",
                f"- **What {label} did**: {dev['engine']}", f"- **What the rule says**: {dev['rule']}",
                f"- **Minimal reproduction**: `conformance/scenarios/{folder}/{dev['reproduction']}.yaml`",
                f"- **Corpus scenarios showing it**: {', '.join(dev['scenarios']) or 'none besides the reproduction'}"]
        if notes and f"D{i}" in notes:
            out.append(f"- **Note**: {notes[f'D{i}']}")
        out.append("")
    return out


def annotate(findings: Findings, declared: Declarations, report_path: str, baseline_path: str | None = None,
             page_path: str | None = None) -> list[str]:
    """Add the findings to a ``mtgrules conform --json`` report (``deviations``, and a ``classification`` on each
    failed or errored result); write the page and the baseline (the failed and errored results, and the unverified
    ones for the record: a baseline run takes only the failing ones as known failures). Returns the
    failed or errored scenarios that were not examined (to look at)."""
    path = Path(report_path)
    report = json.loads(path.read_text(encoding="utf-8"))
    unexamined = []
    root = Path(__file__).resolve().parents[2]
    for r in report["results"]:
        if r.get("file") and Path(r["file"]).is_absolute() and Path(r["file"]).resolve().is_relative_to(root):
            r["file"] = Path(r["file"]).resolve().relative_to(root).as_posix()  # kept reports name files in the checkout
        if r["outcome"] in ("failed", "error"):
            r["classification"] = findings.classify(r["scenario"])
            if r["classification"] is None:
                unexamined.append(r["scenario"])
    report["deviations"] = [{"id": key, **dev} for key, dev in findings.deviations.items()]
    report["not_deviations"] = findings.not_deviations
    report["adapter_unsupported"] = declared.unsupported
    report["adapter_derived"] = declared.derived
    path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if page_path:
        declared.write_page(report, page_path)
    if baseline_path:
        from importlib.metadata import version as dist_version

        known = [{"scenario": r["scenario"], "outcome": r["outcome"], "classification": r.get("classification"),
                  "detail": r["detail"][:300]} for r in report["results"] if r["outcome"] in ("failed", "error", "unverified")]
        Path(baseline_path).write_text(json.dumps({
            "engine": declared.engine, "version": dist_version(declared.distribution),
            "note": f"Known failures of {declared.label} through conformance/adapters/{declared.engine}/, each "
                    f"examined by hand (classification; see conformance/reports/{declared.engine}.md). Regenerate with the "
                    f"commands in conformance/adapters/{declared.engine}/findings.py.",
            "results": known}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return unexamined


def summary_tables(report: dict) -> list[str]:
    """The report page's tables: results per rule section and per feature (Markdown lines)."""
    out = []
    for title, key in (("rule section", "sections"), ("feature", "features")):
        out += [f"| {title} | passed | unverified | failed | errored | skipped |", "|---|---|---|---|---|---|"]
        out += [f"| {k} | {v.get('passed', 0)} | {v.get('unverified', 0)} | {v.get('failed', 0)} | {v.get('error', 0)} | "
                f"{v.get('skipped', 0)} |" for k, v in sorted(report["summary"][key].items())]
        out.append("")
    checks = report["summary"].get("checks") or {}
    if checks.get("total"):
        out += [f"Checks verified on engine-reported data: {checks['verified']} of {checks['total']} (the others rest on "
                "fields the adapter derives; a scenario whose checks all do is `unverified`).", ""]
    return out


def annotate_main(engine: str, annotate_fn: Callable[..., list[str]], argv: list[str]) -> None:
    """``python -m mtgrules.conformance.adapters.ENGINE annotate REPORT.json [BASELINE.json [PAGE.md]]``.
    Exit status: 0 when every failure is examined, 1 naming those that are not, 2 for bad input."""
    usage = f"usage: python -m mtgrules.conformance.adapters.{engine} annotate REPORT.json [BASELINE.json [PAGE.md]]"
    if len(argv) < 3 or len(argv) > 5 or argv[1] != "annotate":
        print(usage, file=sys.stderr)
        sys.exit(2)
    try:
        left = annotate_fn(*argv[2:5])
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        print(f"error: {argv[2]}: not a readable `mtgrules conform --json` report ({type(exc).__name__}: {exc})", file=sys.stderr)
        sys.exit(2)
    if left:
        sys.exit(f"not examined yet: {', '.join(left)}")
