"""The coverage matrix: per clause, what implements, proves and tests it, and each engine's results."""

from __future__ import annotations

from pathlib import Path

from mtgrules.spec.coverage import CLAUSE_KINDS
from mtgrules.spec.items import Spec

from . import trace
from .rst import lit, esc, heading
from .rule_pages import section_items
from .trace import BuildContext

def _mark(n: int) -> str:
    return f"\u2713 {n}" if n else "\u2014"

def coverage_inc(spec: Spec, context: BuildContext, names: dict[str, str]) -> str:
    totals = context.coverage.totals()
    out = []
    out.append(
        f"{totals['clauses']} clauses (rules, rulings, examples): {totals['implements']} implemented by the "
        f"model, {totals['proves']} cited by proof obligations, {totals['tests']} tested by scenarios, "
        f"{totals['checks']} checked by the project's own tests; {totals['not_observable']} not observable by "
        "an engine.\n"
    )
    missing = [trace.PARTS[p] for p, present in context.parts.items() if not present]
    if missing:
        out.append("Not built yet, so their columns are empty: " + ", ".join(missing) + ".\n")
    if context.verdicts_error:
        out.append(f".. error::\n\n   Running the proofs failed: {esc(' '.join(context.verdicts_error.split()))}\n")
    if context.verdicts_file == "run by this build":
        out.append(f"Proof verdicts: the {len(context.verdicts)} obligations were run by this build; the *proved* column counts proved / refuted / unknown verdicts.\n")
    elif context.verdicts_file:
        out.append(f"Proof verdicts from {lit(Path(context.verdicts_file).name)}; the *proved* column counts proved / refuted / unknown verdicts.\n")
    else:
        out.append("No proof verdicts in this build (``--no-run-proofs``, or no proofs yet): the *proved* column counts the obligations that cite a rule.\n")
    if context.unknown_citations():
        out.append(".. warning::\n\n   Citations of unknown rule IDs: " + ", ".join(f"{lit(c.rule_id)} by {lit(c.by)}" for c in context.unknown_citations()) + "\n")
    in_section, _ = section_items(spec)
    engines = [r.engine for r in context.reports]
    for section in spec.sections():
        clauses = [i for i in in_section[section.id] if i.kind in CLAUSE_KINDS]
        if not clauses:
            continue
        title = f"{section.printed} {section.title}" if section.printed else section.title or section.id
        out.append(heading(esc(title), "-"))
        out.append(f"Page: :doc:`/_generated/rules/{names[section.id]}`.\n")
        header = ["rule", "number", "current", "kind", "implemented", "proved", "tested", "tests", *engines]
        out.append(".. list-table::\n   :header-rows: 1\n   :class: coverage-matrix\n")
        out.append("   * - " + "\n     - ".join(esc(h) for h in header) + "\n")
        for item in clauses:
            entry = context.coverage.items[item.id]
            verdicts = context.verdicts_for(item.id)
            if verdicts:
                counts: dict[str, int] = {}
                for v in verdicts:
                    counts[v["status"]] = counts.get(v["status"], 0) + 1
                proved = ", ".join(f"{s} {n}" for s, n in counts.items())
            else:
                proved = _mark(len(entry.by_role["proves"]))
            cells = [
                f":rule:`{item.id}`",
                f"{esc(item.printed)} [{esc(item.edition)}]" if item.printed else "\u2014",
                esc(item.current) if item.current else "\u2014",
                item.kind + (" (not observable)" if item.not_observable else ""),
                _mark(len(entry.by_role["implements"])),
                proved,
                _mark(len(entry.by_role["tests"])),
                _mark(len(entry.by_role["checks"])),
            ]
            scenarios = context.scenarios_for(item.id)
            for report in context.reports:
                results = report.for_rule(item.id, scenarios)
                passed = sum(1 for r in results if r.outcome in ("passed", "xfailed"))
                cells.append(f"{passed}/{len(results)} passed" if results else "\u2014")
            out.append("   * - " + "\n     - ".join(cells) + "\n")
    return "\n".join(out)
