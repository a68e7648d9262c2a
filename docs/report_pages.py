"""Pages from reports: the custom-rules checker's findings and the engines' conformance reports."""

from __future__ import annotations

import json

import importlib.util
from pathlib import Path

from mtgrules.spec.items import Spec

from . import trace
from .fuzz_page import campaigns_rst
from .rst import code_block, copy_file, esc, heading, lit, rule_or_literal
from .trace import ROOT, BuildContext

def custom_report_rst(report: dict, source: str | None, spec: Spec) -> str:
    """The custom-rules checker's findings, grouped by kind, each with its clauses and situation."""
    out = []
    counts = report.get("counts") or {}
    findings = report.get("findings", [])
    summary = ", ".join(f"{n} {k}" for k, n in counts.items()) if counts else f"{len(findings)} findings"
    out.append(
        f"Report of the custom-rules checker on {lit(str(report.get('ruleset', 'DYN')))}"
        + (f" ({lit(source)})" if source else "")
        + f": {summary}"
        + (f"; {report['clauses']} clauses, {report['cells']} situations examined" if "clauses" in report and "cells" in report else "")
        + ".\n"
    )
    if report.get("skipped"):
        out.append("Skipped: " + "; ".join(esc(str(s)) for s in report["skipped"]) + "\n")
    kinds = list(dict.fromkeys(f.get("kind", "unknown") for f in findings))
    for kind in kinds:
        group = [f for f in findings if f.get("kind") == kind]
        out.append(heading(f"{kind.capitalize()} ({len(group)})", "-"))
        for n, finding in enumerate(group, 1):
            clauses = ", ".join(rule_or_literal(str(c), spec) for c in finding.get("clauses", [])) or "no clause"
            sub = f" ({esc(finding['subkind'])})" if finding.get("subkind") else ""
            out.append(f".. _{trace.finding_label(kind, n)}:\n")
            out.append(heading(f"{kind.capitalize()} {n}{sub}", "~"))
            out.append(f"Clauses: {clauses}.\n")
            explanation = str(finding.get("explanation") or "")
            for paragraph in explanation.split("\n\n"):
                if paragraph.strip():
                    out.append(esc(" ".join(paragraph.split())) + "\n")
            for key, title in (("witness", "Situation"), ("outcomes", "Outcomes"), ("scenario", "As a scenario")):
                if finding.get(key):
                    out.append(f".. rubric:: {title}\n")
                    out.append(code_block(finding[key]))
    return "\n".join(out)

def custom_rules_inc(spec: Spec, context: BuildContext) -> str:
    out = []
    if context.custom_report is not None:
        out.append(custom_report_rst(context.custom_report, context.custom_report_source, spec))
    elif context.custom_report_error:
        out.append(".. error::\n\n   The custom-rules checker failed on "
                   f"{lit(context.custom_report_source)}: {esc(' '.join(context.custom_report_error.split()))}\n")
    else:
        out.append(
            ".. note::\n\n   The custom-rules checker (issue 8) is not built yet, so this page has no report of "
            "contradictions, ambiguities or dangling references yet.\n"
        )
    dyn = [i for i in spec if i.document == "dyn"]
    readings = [i for i in dyn if i.readings]
    typos = [i for i in dyn if i.typos]
    out.append(heading("Readings taken by the spec", "-"))
    out.append(
        "The questions the spec records about the DYN text, with the reading the reference model takes "
        "(from ``spec/dynamic.yaml``; each rule's page shows them in full).\n"
    )
    for item in readings:
        out.append(f"* :rule:`{item.id}`: {len(item.readings)} reading(s)")
    out.append("")
    if typos:
        out.append(heading("Typos kept verbatim", "-"))
        for item in typos:
            for typo in item.typos:
                out.append(f"* :rule:`{item.id}`: {lit(typo.verbatim)} read as {lit(typo.reading)}")
        out.append("")
    refs = [(i, r) for i in dyn for r in i.refs]
    if refs:
        out.append(heading("Cross-references in DYN", "-"))
        for item, ref in refs:
            targets = ", ".join(f":rule:`{t}`" for t in ref.to)
            out.append(f"* :rule:`{item.id}` cites {lit(ref.cites)}: {targets}")
        out.append("")
    return "\n".join(out)

def engines_inc(context: BuildContext, files: Path) -> str:
    """The engines page: each engine report given to the build (by default the kept ones), then how
    to add an engine: the guides, a scenario of the corpus, the Python interface, the report shape."""
    out = [heading("Reports", "-")]
    if context.reports:
        out.append(
            "The conformance reports given to this build (``mtgrules docs`` takes the ones kept in "
            "``conformance/reports/`` unless ``--report FILE`` names others). Each rule's page shows the "
            "engine's results on the scenarios that test it.\n"
        )
        out.append(".. list-table::\n   :header-rows: 1\n   :class: engine-reports\n")
        out.append("   * - engine\n     - report\n     - " + "\n     - ".join(trace.OUTCOMES) + "\n")
        for report in context.reports:
            counts = report.counts()
            cells = [f"**{esc(report.engine)}**", lit(Path(report.file).name), *(str(counts.get(o, 0)) for o in trace.OUTCOMES)]
            out.append("   * - " + "\n     - ".join(cells) + "\n")
        out.append(matrix_rst(context.reports))
        for report in context.reports:
            out.append(deviations_rst(report))
        out.append(campaigns_rst())
    else:
        out.append(".. note::\n\n   No conformance report was given to this build.\n")
    out.append(heading("Running the corpus on your engine", "-"))
    out.append(
        "The guides :doc:`/_generated/guides/format` (what a scenario says) and :doc:`/_generated/guides/protocol` (how an engine "
        "in any language talks to the runner) are the reference; :doc:`/scenarios` lists every scenario.\n"
    )
    out.append(heading("A scenario from the corpus", "~"))
    example = _example_scenario(context)
    if example is not None:
        path, rules = example
        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
        out.append(f"{lit(str(where))} tests " + ", ".join(f":rule:`{r}`" for r in rules) + ":\n")
        out.append(f".. literalinclude:: {copy_file(path, files)}\n   :language: yaml\n")
    else:
        out.append(".. note::\n\n   The conformance corpus has no scenario yet.\n")
    if importlib.util.find_spec("mtgrules.conformance.engine") is not None:
        out.append(heading("The engine interface (Python)", "~"))
        out.append(".. automodule:: mtgrules.conformance.engine\n   :members:\n   :show-inheritance:\n")
    out.append(heading("Conformance reports in the documentation", "~"))
    out.append(
        "``mtgrules docs --report FILE`` (repeatable, one file per engine) shows each engine's results on the "
        "rule pages and in the coverage matrix. The build reads this minimal shape (JSON; the comments are "
        "explanations, not part of the format); a result without ``rules`` counts for the rules its "
        "scenario cites:\n"
    )
    out.append(".. code-block:: text\n\n" + "\n".join("   " + line for line in trace.REPORT_SHAPE.splitlines()) + "\n")
    return "\n".join(out)


def _example_scenario(context: BuildContext) -> tuple[Path, list[str]] | None:
    by_file: dict[str, list[str]] = {}
    for entry in context.coverage.items.values():
        for citation in entry.by_role["tests"]:
            if citation.file and Path(citation.file).is_file():
                by_file.setdefault(citation.file, []).append(entry.item_id)
    if not by_file:
        return None
    preferred = [f for f, rules in by_file.items() if "flashback.a" in rules]
    chosen = sorted(preferred or by_file)[0]
    return Path(chosen), sorted(set(by_file[chosen]))

def deviations_rst(report) -> str:
    """The confirmed deviations of one engine from the rules, each with its rules and reproduction."""
    out = [heading(f"Deviations of {report.engine} from the rules", "~")]
    if not report.deviations:
        out.append("The report lists no confirmed deviation.\n")
        return "\n".join(out)
    for deviation in report.deviations:
        rules = ", ".join(f":rule:`{r}`" for r in deviation.get("rules") or [])
        out.append(f"**{esc(deviation['id'])}**" + (f" ({rules})" if rules else ""))
        out.append("")
        out.append(f"* What the engine did: {esc(deviation['engine'])}")
        out.append(f"* What the rules say: {esc(deviation['rule'])}")
        if deviation.get("reproduction"):
            out.append(f"* Smallest scenario: {lit(deviation['reproduction'])}")
        if deviation.get("scenarios"):
            out.append("* Corpus scenarios it explains: " + ", ".join(lit(s) for s in deviation["scenarios"]))
        out.append("")
    return "\n".join(out)


def matrix_rst(reports) -> str:
    """The engine-by-rule matrix of the reports (``mtgrules report``, conformance/matrix.py) as two tables:
    per rule section and per rule, each engine's passed/failed/errored/skipped/unverified counts, with
    the failing scenarios of each rule named. The reports are the ones this build has read (the docs'
    minimal report shape, trace.read_report), so a report without sections counts under "?"."""
    from mtgrules.conformance import matrix

    m = matrix.matrix([json.loads(Path(r.file).read_text(encoding="utf-8")) for r in reports])
    names = [e["name"] for e in m["engines"]]
    out = [heading("Engine by rule", "~"),
           "Per rule section and per rule, each engine's results as " + esc("/".join(matrix.COLUMNS.values())) +
           " (``mtgrules report`` builds the same comparison, with badges).\n"]
    out += [f"* {esc(e['summary'])}" for e in m["engines"]] + [""]
    for title in ("sections", "rules"):
        out.append(f".. list-table::\n   :header-rows: 1\n   :class: engine-matrix\n")
        head = [title[:-1], *(esc(n) for n in names)] + (["failing scenarios"] if title == "rules" else [])
        out.append("   * - " + "\n     - ".join(head) + "\n")
        for key, row in m[title].items():
            cells = [f":rule:`{key}`" if title == "rules" else esc(key), *(esc(c) for c in matrix.cells(row, m["engines"]))]
            if title == "rules":
                cells.append(esc(", ".join(f"{e}: {f['scenario']}" for e, fs in row["failing"].items() for f in fs)) or "-")
            out.append("   * - " + "\n     - ".join(c or "-" for c in cells) + "\n")
    return "\n".join(out)
