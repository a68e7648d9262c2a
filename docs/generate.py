"""Pages generated from the spec at build time (a ``builder-inited`` hook), never committed.

Everything goes to ``<srcdir>/_generated/`` (git-ignored):

* ``rules/index.rst`` and one page per rule section (``rules/flashback.rst``, ``rules/dyn.rst`` ...),
  each clause a ``.. rules:item::``; rules that belong to no section (the cited Comprehensive
  Rules) on one page per document;
* ``coverage.inc`` (the coverage matrix), ``custom-rules.inc``, ``engines.inc``, ``schemas.inc``,
  ``cli.inc`` (the help of every ``mtgrules`` command) and ``api.inc`` (autodoc of
  ``mtgrules.spec`` and, when it exists, every module of ``mtgrules.model``); the hand-written
  pages include them;
* ``files/``: copies of files that pages show (scenario format, schemas, a scenario), since
  Sphinx includes files only from inside the source tree.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import shutil
from pathlib import Path

import click
from sphinx.errors import ExtensionError

from mtgrules.problems import InputError
from mtgrules.spec.coverage import CLAUSE_KINDS
from mtgrules.spec.items import Item, Spec
from mtgrules.spec.loader import SPEC_DIR, load_spec, read_spec

from . import trace
from .trace import ROOT, BuildContext

GENERATED = "_generated"
#: Folders of the parts whose JSON Schemas the schema page shows.
SCHEMA_DIRS = ("spec", "model", "proofs", "conformance", "mtgrules")


def esc(text: str) -> str:
    """Escape inline reStructuredText markup in plain text, on one line: texts come from scenarios,
    specs, rule sets and reports (untrusted), and a newline could start a directive (``.. raw::``)."""
    return re.sub(r"([\\`*_|\[\]<>:])", r"\\\1", " ".join(str(text).split()))


def lit(text: str) -> str:
    """Inline literal text (````text````), or escaped plain text when it holds a backquote or a
    line break that would end the literal."""
    text = str(text)
    return f"``{text}``" if text.strip() and "`" not in text and text == " ".join(text.split()) else esc(text)


def heading(text: str, char: str) -> str:
    return f"{text}\n{char * max(len(text), 3)}\n"


def page_names(spec: Spec) -> dict[str, str]:
    """Page name of each section: the document's ID when it has one section, else the section's."""
    by_doc: dict[str, list[Item]] = {}
    for section in spec.sections():
        by_doc.setdefault(section.document, []).append(section)
    names = {}
    for doc, sections in by_doc.items():
        for section in sections:
            names[section.id] = doc if len(sections) == 1 else section.id
    return names


def section_items(spec: Spec) -> tuple[dict[str, list[Item]], dict[str, list[Item]]]:
    """Items of each section (in spec order) and, per document, the items of no section."""
    in_section: dict[str, list[Item]] = {s.id: [] for s in spec.sections()}
    loose: dict[str, list[Item]] = {}
    for item in spec:
        section = spec.section_of(item.id)
        if section is None:
            loose.setdefault(item.document, []).append(item)
        else:
            in_section[section.id].append(item)
    return in_section, loose


def _counts(items: list[Item], context: BuildContext) -> str:
    clauses = [i for i in items if i.kind in CLAUSE_KINDS]
    entries = [context.coverage.items[i.id] for i in clauses if i.id in context.coverage.items]
    parts = [f"{len(clauses)} clauses"]
    for role, word in (("implements", "implemented"), ("proves", "with proof obligations"), ("tests", "tested by scenarios")):
        parts.append(f"{sum(1 for e in entries if e.by_role[role])} {word}")
    return ", ".join(parts)


def section_page(section: Item, items: list[Item], spec: Spec, context: BuildContext) -> str:
    document = spec.documents[section.document]
    title = f"{section.printed} {section.title}" if section.printed and section.title else (section.title or section.id)
    edition = spec.editions.get(section.edition)
    out = [f".. _rules-section-{section.id}:\n", heading(esc(title), "=")]
    out.append(
        f"From *{esc(document.title)}*"
        + (f" (seed ``{document.file}``)" if document.file else "")
        + f", numbered as in edition ``{section.edition}``"
        + (f": {esc(edition.title)}" if edition else "")
        + ".\n"
    )
    out.append(f"Coverage: {_counts(items, context)}. See :doc:`/coverage` for the whole matrix.\n")
    clauses = [i for i in items if i.kind != "ruling"]
    rulings = [i for i in items if i.kind == "ruling"]
    for item in clauses:
        out.append(f".. rules:item:: {item.id}\n")
    if rulings:
        out.append(heading("Rulings", "-"))
        for item in rulings:
            out.append(f".. rules:item:: {item.id}\n")
    return "\n".join(out)


def loose_page(document_id: str, items: list[Item], spec: Spec) -> str:
    document = spec.documents[document_id]
    out = [heading(esc(document.title), "=")]
    if document_id == "cr":
        out.append(
            "Rules of the Comprehensive Rules that the source documents cite, or that the model, the proofs "
            "and the scenarios rest on. They have no text here: each is numbered as the citing document "
            "numbers it (its edition) and mapped to the current rules.\n"
        )
    by_edition: dict[str, list[Item]] = {}
    for item in items:
        by_edition.setdefault(item.edition, []).append(item)
    for edition, group in by_edition.items():
        info = spec.editions.get(edition)
        out.append(heading(esc(f"Edition {edition}" + (f": {info.title}" if info else "")), "-"))
        for item in group:
            out.append(f".. rules:item:: {item.id}\n")
    return "\n".join(out)


def rules_index(spec: Spec, names: dict[str, str], loose_names: dict[str, str]) -> str:
    out = [heading("Rules", "=")]
    out.append(
        "One page per rule section, generated from the spec (``spec/*.yaml``) at build time. Each clause shows "
        "its verbatim text, its printed number and edition, its current number, its cross-references and "
        "rulings as links, and what implements, proves and tests it. Cite a rule anywhere with "
        "``:rule:`flashback.a```, ``:rule:`702.32a@pre-2013``` or ``:rule:`702.34a```; the "
        ":ref:`rules-index` lists every item by number.\n"
    )
    out.append(heading("Editions", "-"))
    out.append(".. list-table::\n   :header-rows: 1\n\n   * - edition\n     - numbering\n")
    for key, edition in spec.editions.items():
        out.append(f"   * - ``{key}``{' (current)' if edition.current else ''}\n     - {esc(edition.title)}\n")
    for document in spec.documents.values():
        sections = [s for s in spec.sections() if s.document == document.id]
        pages = [names[s.id] for s in sections]
        if document.id in loose_names:
            pages.append(loose_names[document.id])
        if not pages:
            continue
        out.append(heading(esc(document.title), "-"))
        if document.file:
            out.append(f"Seed {lit(document.file)}, edition {lit(document.edition)}.\n")
        out.append(".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {p}\n" for p in pages))
    return "\n".join(out)


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
    missing = [PARTS_TEXT[p] for p, present in context.parts.items() if not present]
    if missing:
        out.append("Not built yet, so their columns are empty: " + ", ".join(missing) + ".\n")
    if context.verdicts_error:
        out.append(f".. error::\n\n   Running the proofs failed: {esc(context.verdicts_error)}\n")
    if context.verdicts_file == "run by this build":
        out.append(f"Proof verdicts: the {len(context.verdicts)} obligations were run by this build; the *proved* column counts proved / refuted / unknown verdicts.\n")
    elif context.verdicts_file:
        out.append(f"Proof verdicts from ``{Path(context.verdicts_file).name}``; the *proved* column counts proved / refuted / unknown verdicts.\n")
    else:
        out.append("No proof verdicts in this build (``--no-run-proofs``, or no proofs yet): the *proved* column counts the obligations that cite a rule.\n")
    if context.unknown_citations():
        out.append(".. warning::\n\n   Citations of unknown rule IDs: " + ", ".join(f"``{c.rule_id}`` by ``{c.by}``" for c in context.unknown_citations()) + "\n")
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


PARTS_TEXT = trace.PARTS


def _rule_or_literal(rule_id: str, spec: Spec) -> str:
    return f":rule:`{rule_id}`" if rule_id in spec else f"``{rule_id}``"


def _code(data, language: str = "json") -> str:
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return f".. code-block:: {language}\n\n" + "\n".join("   " + line for line in text.splitlines()) + "\n"


def custom_report_rst(report: dict, source: str | None, spec: Spec) -> str:
    """The custom-rules checker's findings, grouped by kind, each with its clauses and situation."""
    out = []
    counts = report.get("counts") or {}
    findings = report.get("findings", [])
    summary = ", ".join(f"{n} {k}" for k, n in counts.items()) if counts else f"{len(findings)} findings"
    out.append(
        f"Report of the custom-rules checker on ``{esc(str(report.get('ruleset', 'DYN')))}``"
        + (f" (``{source}``)" if source else "")
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
            clauses = ", ".join(_rule_or_literal(str(c), spec) for c in finding.get("clauses", [])) or "no clause"
            sub = f" ({esc(finding['subkind'])})" if finding.get("subkind") else ""
            out.append(f".. _{trace.finding_label(kind, n)}:\n")
            out.append(heading(f"{kind.capitalize()} {n}{sub}", "~"))
            out.append(f"Clauses: {clauses}.\n")
            explanation = str(finding.get("explanation") or "")
            for paragraph in explanation.split("\n\n"):
                if paragraph.strip():
                    out.append(esc(paragraph) + "\n")
            for key, title in (("witness", "Situation"), ("outcomes", "Outcomes"), ("scenario", "As a scenario")):
                if finding.get(key):
                    out.append(f".. rubric:: {title}\n")
                    out.append(_code(finding[key]))
    return "\n".join(out)


def custom_rules_inc(spec: Spec, context: BuildContext) -> str:
    out = []
    if context.custom_report is not None:
        out.append(custom_report_rst(context.custom_report, context.custom_report_source, spec))
    elif context.custom_report_error:
        out.append(".. error::\n\n   The custom-rules checker failed on "
                   f"``{context.custom_report_source}``: {esc(context.custom_report_error)}\n")
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
                out.append(f"* :rule:`{item.id}`: ``{typo.verbatim}`` read as ``{typo.reading}``")
        out.append("")
    refs = [(i, r) for i in dyn for r in i.refs]
    if refs:
        out.append(heading("Cross-references in DYN", "-"))
        for item, ref in refs:
            targets = ", ".join(f":rule:`{t}`" for t in ref.to)
            out.append(f"* :rule:`{item.id}` cites ``{ref.cites}``: {targets}")
        out.append("")
    return "\n".join(out)


def _copy(path: Path, files: Path) -> str:
    """Copy a file the pages show into the source tree; return its path for literalinclude."""
    relative = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else Path(path.name)
    target = files / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, target)
    return "/" + str(Path(GENERATED) / "files" / relative).replace("\\", "/")


def schemas(context: BuildContext) -> list[Path]:
    found = []
    for folder in SCHEMA_DIRS:
        base = ROOT / folder
        if base.is_dir():
            found += sorted(p for p in base.rglob("*.schema.json") if "_build" not in p.parts and GENERATED not in p.parts)
    return found


def schemas_inc(context: BuildContext, files: Path) -> str:
    out = []
    found = schemas(context)
    observation = [p for p in found if p.name.split(".")[0] in ("observation", "snapshot", "events")]
    scenario = [p for p in found if p.name == "scenario.schema.json"]
    if not observation:
        out.append(".. note::\n\n   The observation schema (snapshots and event logs) is not built yet.\n")
    else:
        out.append("The observation vocabulary that the model, the adapters and the proofs share: "
                   + ", ".join(f"``{p.relative_to(ROOT)}``" for p in observation) + " (snapshots and the event log).\n")
    if not scenario:
        out.append(".. note::\n\n   The scenario schema (``conformance/scenario.schema.json``) is not built yet.\n")
    order = observation + scenario + [p for p in found if p not in observation and p not in scenario]
    for path in order:
        rel = path.relative_to(ROOT)
        out.append(heading(f"{rel}", "-"))
        out.append(f".. literalinclude:: {_copy(path, files)}\n   :language: json\n")
    return "\n".join(out)


def engines_inc(context: BuildContext, files: Path) -> str:
    out = [heading("The scenario format", "-")]
    fmt = ROOT / "conformance" / "FORMAT.md"
    if fmt.is_file():
        out.append("From ``conformance/FORMAT.md``:\n")
        out.append(f".. literalinclude:: {_copy(fmt, files)}\n   :language: markdown\n")
    else:
        out.append(".. note::\n\n   The scenario format (``conformance/FORMAT.md``) is not written yet.\n")
    out.append(heading("Worked example: a scenario from the corpus", "-"))
    example = _example_scenario(context)
    if example is not None:
        path, rules = example
        out.append(
            f"``{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name}`` tests "
            + ", ".join(f":rule:`{r}`" for r in rules)
            + ":\n"
        )
        out.append(f".. literalinclude:: {_copy(path, files)}\n   :language: yaml\n")
    else:
        out.append(".. note::\n\n   The conformance corpus has no scenario yet.\n")
    out.append(heading("The engine protocol", "-"))
    protocol = ROOT / "conformance" / "PROTOCOL.md"
    if protocol.is_file():
        out.append("From ``conformance/PROTOCOL.md``:\n")
        out.append(f".. literalinclude:: {_copy(protocol, files)}\n   :language: markdown\n")
    else:
        out.append(
            ".. note::\n\n   The engine protocol (issue 6: the runner, adapters, the JSON-lines subprocess protocol "
            "``conformance/PROTOCOL.md``) is not finished yet. This section shows it, with its worked example, when it lands.\n"
        )
    if importlib.util.find_spec("mtgrules.conformance.engine") is not None:
        out.append(heading("The engine interface (Python)", "~"))
        out.append(".. automodule:: mtgrules.conformance.engine\n   :members:\n   :show-inheritance:\n")
    out.append(heading("Conformance reports in the documentation", "-"))
    out.append(
        "``mtgrules docs --report FILE`` (repeatable, one file per engine) shows each engine's results on the "
        "rule pages and in the coverage matrix. The build reads this minimal shape (JSON; the comments are "
        "explanations, not part of the format); a result without ``rules`` counts for the rules its "
        "scenario cites:\n"
    )
    out.append(".. code-block:: text\n\n" + "\n".join("   " + line for line in trace.REPORT_SHAPE.splitlines()) + "\n")
    if context.reports:
        out.append("Reports given to this build:\n")
        for report in context.reports:
            counts: dict[str, int] = {}
            for r in report.results:
                counts[r.outcome] = counts.get(r.outcome, 0) + 1
            summary = ", ".join(f"{n} {o}" for o, n in counts.items()) or "no results"
            out.append(f"* **{esc(report.engine)}** ({lit(Path(report.file).name)}): {summary}")
        out.append("")
        for report in context.reports:
            out.append(deviations_rst(report))
    return "\n".join(out)


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
            out.append(f"* Smallest scenario: ``{esc(deviation['reproduction'])}``")
        if deviation.get("scenarios"):
            out.append("* Corpus scenarios it explains: " + ", ".join(f"``{esc(s)}``" for s in deviation["scenarios"]))
        out.append("")
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


def scenarios_inc(context: BuildContext) -> str:
    """Every scenario of the corpus: ID, title, the rules it tests, its file."""
    scenarios: dict[str, dict] = {}
    for entry in context.coverage.items.values():
        for citation in entry.by_role["tests"]:
            found = scenarios.setdefault(citation.by, {"title": citation.detail, "file": citation.file, "rules": []})
            found["rules"].append(entry.item_id)
    if not scenarios:
        if context.parts["conformance"]:
            return ".. note::\n\n   The conformance corpus has no scenario yet.\n"
        return ".. note::\n\n   The conformance corpus is not built yet.\n"
    out = [f"{len(scenarios)} scenarios; each rule's page lists the scenarios that test it.\n"]
    for scenario_id in sorted(scenarios):
        data = scenarios[scenario_id]
        out.append(f".. _{trace.scenario_label(scenario_id)}:\n")
        rules = ", ".join(f":rule:`{r}`" for r in dict.fromkeys(data["rules"]))
        where = trace.relative(data["file"])
        out.append(f"``{scenario_id}``" + (f": {esc(data['title'])}" if data["title"] else "") + "\n"
                   + f"   Tests {rules}" + (f" (``{where}``)" if where else "") + ".\n")
    return "\n".join(out)


def cli_inc() -> str:
    from mtgrules.cli import main

    out = []

    def walk(command: click.Command, parent: click.Context | None, name: str) -> None:
        ctx = click.Context(command, info_name=name, parent=parent, terminal_width=100, max_content_width=100)
        path = ctx.command_path
        out.append(heading(path, "-"))
        help_text = command.get_help(ctx)
        out.append("::\n\n" + "\n".join(("   " + line).rstrip() for line in help_text.splitlines()) + "\n")
        if isinstance(command, click.Group):
            for sub in sorted(command.list_commands(ctx)):
                walk(command.get_command(ctx, sub), ctx, sub)

    walk(main, None, "mtgrules")
    return "\n".join(out)


def api_modules() -> list[str]:
    """``mtgrules.spec`` and its modules; every module of ``mtgrules.model`` when it exists."""
    names = []
    for package in ("mtgrules.spec", "mtgrules.model"):
        if importlib.util.find_spec(package) is None:
            continue
        root = importlib.import_module(package)
        names.append(package)
        for info in sorted(pkgutil.walk_packages(root.__path__, prefix=f"{package}."), key=lambda i: i.name):
            if info.name.rsplit(".", 1)[-1] in ("cli", "checks") or "__main__" in info.name:
                continue
            names.append(info.name)
    return names


def api_inc() -> str:
    out = []
    if importlib.util.find_spec("mtgrules.model") is None:
        out.append(".. note::\n\n   The reference model (``mtgrules.model``) is not built yet.\n")
    for name in api_modules():
        out.append(heading(f"``{name}``", "-"))
        # the model's private functions too: rule pages link the code that implements each rule
        private = "   :private-members:\n" if name.startswith("mtgrules.model") else ""
        out.append(f".. automodule:: {name}\n   :members:\n   :undoc-members:\n{private}   :show-inheritance:\n")
    return "\n".join(out)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def generate(srcdir: Path, context: BuildContext) -> list[Path]:
    """Write every generated page into ``srcdir/_generated``; return the files written."""
    spec = context.spec
    out = Path(srcdir) / GENERATED
    if out.exists():
        shutil.rmtree(out)
    files = out / "files"
    names = page_names(spec)
    in_section, loose = section_items(spec)
    loose_names = {doc: (doc if doc not in names.values() else f"{doc}-other") for doc in loose}
    written = []

    def put(name: str, text: str) -> None:
        path = out / name
        write(path, text)
        written.append(path)

    for section in spec.sections():
        put(f"rules/{names[section.id]}.rst", section_page(section, in_section[section.id], spec, context))
    for doc, items in loose.items():
        put(f"rules/{loose_names[doc]}.rst", loose_page(doc, items, spec))
    put("rules/index.rst", rules_index(spec, names, loose_names))
    put("coverage.inc", coverage_inc(spec, context, names))
    put("custom-rules.inc", custom_rules_inc(spec, context))
    put("schemas.inc", schemas_inc(context, files))
    put("engines.inc", engines_inc(context, files))
    put("cli.inc", cli_inc())
    put("scenarios.inc", scenarios_inc(context))
    put("api.inc", api_inc())
    return written


_BULLET = re.compile(r"^(?P<indent> *)(?:[*+-]|\d+[.)]) +\S")


def separate_lists(lines: list[str]) -> list[str]:
    """Put a blank line before a list that directly follows a paragraph line.

    Docstrings written the Markdown way (``Text:`` then ``* item`` on the next line) are not valid
    reStructuredText; with the blank line they are, and nothing else of the docstring changes.
    """
    out: list[str] = []
    list_indent: int | None = None
    for line in lines:
        match = _BULLET.match(line)
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip():
            out.append(line)
            continue
        if match:
            bullet_indent = len(match["indent"])
            if list_indent is None and out and out[-1].strip():
                out.append("")
            list_indent = bullet_indent
        elif list_indent is not None and indent <= list_indent:
            list_indent = None
        out.append(line)
    return out


def on_process_docstring(app, what, name, obj, options, lines: list[str]) -> None:
    fixed = separate_lists(lines)
    if fixed != lines:
        lines[:] = fixed


def _load_spec(spec_dir: str) -> Spec:
    if not spec_dir or Path(spec_dir).resolve() == SPEC_DIR:
        return load_spec()
    spec, problems = read_spec(Path(spec_dir))
    if problems or spec is None:
        raise InputError(problems)
    return spec


def _as_list(value) -> list[str]:
    if not value:
        return []
    if isinstance(value, str):
        return [v for v in value.split(",") if v]
    return [str(v) for v in value]


def on_builder_inited(app) -> None:
    config = app.config
    tests_dir = Path(config.mtgrules_tests_dir) if config.mtgrules_tests_dir else ROOT / "tests"
    try:
        spec = _load_spec(config.mtgrules_spec_dir)
        context = trace.build_context(
            spec, tests_dir if tests_dir.is_dir() else None, config.mtgrules_proofs or None, _as_list(config.mtgrules_reports),
            custom_rules_file=config.mtgrules_custom_rules or None, run_custom_rules=config.mtgrules_run_custom_rules and config.mtgrules_generate,
            run_proofs_now=config.mtgrules_run_proofs and config.mtgrules_generate, citations=config.mtgrules_generate,
        )
    except InputError as exc:
        raise ExtensionError("mtgrules docs: bad input\n" + str(exc)) from None
    trace.set_context(app.env, context)
    if config.mtgrules_generate:
        generate(Path(app.srcdir), context)


def setup(app) -> dict:
    app.setup_extension("sphinx.ext.autodoc")
    app.setup_extension("mtgrules.docs.domain")
    app.add_config_value("mtgrules_spec_dir", "", "env", types=[str])
    app.add_config_value("mtgrules_tests_dir", "", "env", types=[str])
    app.add_config_value("mtgrules_proofs", "", "env", types=[str])
    app.add_config_value("mtgrules_reports", [], "env", types=[list, str])
    app.add_config_value("mtgrules_generate", True, "env", types=[bool])
    app.add_config_value("mtgrules_custom_rules", "", "env", types=[str])
    app.add_config_value("mtgrules_run_custom_rules", True, "env", types=[bool])
    app.add_config_value("mtgrules_run_proofs", True, "env", types=[bool])
    app.connect("builder-inited", on_builder_inited)
    app.connect("autodoc-process-docstring", on_process_docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
