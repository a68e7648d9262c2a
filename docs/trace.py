"""What the documentation build knows besides the spec: traceability, proof verdicts, engine reports.

A :class:`BuildContext` is made once per build (``builder-inited``) from the Sphinx config values
``mtgrules_spec_dir``, ``mtgrules_tests_dir``, ``mtgrules_proofs`` and ``mtgrules_reports``:

* citations of every part that exists, through :func:`mtgrules.spec.coverage.coverage` (model
  ``@implements``, proof obligations, conformance scenarios, the project's ``@pytest.mark.rules``);
* proof verdicts from a file written by ``mtgrules prove --json`` (``--proofs FILE``);
* conformance reports, one per engine (``--report FILE``, repeatable), in the shape
  :data:`REPORT_SHAPE` documents.

Nothing is invented: a part that does not exist yet is shown as not built, a verdict that was
not given to the build is shown as not run.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from sphinx import addnodes

from mtgrules import yamlio
from mtgrules.problems import InputError, Problem
from mtgrules.spec.coverage import Coverage, coverage
from mtgrules.spec.items import Spec

#: The repository root when running from a checkout (docs/ is mtgrules.docs).
ROOT = Path(__file__).resolve().parent.parent

#: The parts whose citations appear on rule pages, and what each is.
PARTS = {
    "model": "the reference model",
    "proofs": "the Z3 proofs",
    "conformance": "the conformance corpus",
}

#: Outcomes a conformance report may give a scenario.
OUTCOMES = ("passed", "failed", "skipped", "xfailed", "xpassed", "error")

REPORT_SHAPE = """\
{
  "engine": "my-engine 1.2",             // required: the engine's name (and version)
  "results": [                           // required: one entry per scenario run
    {
      "scenario": "flashback-countered-exiled",   // required: the scenario's ID
      "outcome": "passed",               // required: passed | failed | skipped | xfailed | xpassed | error
      "rules": ["flashback.a"],          // optional: rule IDs; default: the rules the scenario cites
      "detail": "why it failed or was skipped"     // optional
    }
  ]
}"""

VERDICT_STATUSES = ("proved", "refuted", "unknown")


@dataclass
class ScenarioResult:
    scenario: str
    outcome: str
    rules: tuple[str, ...]
    detail: str | None = None


@dataclass
class EngineReport:
    engine: str
    file: str
    results: list[ScenarioResult]
    #: Confirmed deviations of the engine from the rules (optional in a report): each has an
    #: ``id``, ``rules`` (IDs), ``rule`` (what the rule says), ``engine`` (what the engine did),
    #: ``reproduction`` (the smallest scenario) and ``scenarios`` (those it explains).
    deviations: list[dict] = field(default_factory=list)

    def for_rule(self, rule_id: str, scenarios: set[str]) -> list[ScenarioResult]:
        return [r for r in self.results if rule_id in r.rules or (not r.rules and r.scenario in scenarios)]


@dataclass
class BuildContext:
    spec: Spec
    coverage: Coverage
    parts: dict[str, bool]
    verdicts: dict[str, dict] = field(default_factory=dict)
    verdicts_file: str | None = None
    reports: list[EngineReport] = field(default_factory=list)
    verdicts_error: str | None = None
    has_citations: bool = True
    custom_report: dict | None = None
    custom_report_source: str | None = None
    custom_report_error: str | None = None

    def citations(self, rule_id: str, role: str) -> list:
        entry = self.coverage.items.get(rule_id)
        return list(entry.by_role[role]) if entry else []

    def unknown_citations(self) -> list:
        return list(self.coverage.unknown)

    def scenarios_for(self, rule_id: str) -> set[str]:
        return {c.by for c in self.citations(rule_id, "tests")}

    def verdicts_for(self, rule_id: str) -> list[dict]:
        """Verdicts of obligations that cite the rule, in the file, or that the proofs part cites."""
        names = {obligation_name(c.by) for c in self.citations(rule_id, "proves")}
        return [v for name, v in self.verdicts.items() if rule_id in v.get("rules", ()) or name in names]


def scenario_label(scenario_id: str) -> str:
    """The label of a scenario's entry on the scenarios page."""
    return "scenario-" + scenario_id.lower()


def finding_label(kind: str, n: int) -> str:
    """The label of the n-th finding (from 1) of a kind on the custom-rules page."""
    return f"custom-finding-{kind}-{n}"


def obligation_name(by: str) -> str:
    """The obligation's name in a citation's ``by`` (the proofs part writes ``proof NAME``)."""
    return by.removeprefix("proof ")


def run_proofs() -> tuple[dict[str, dict], str | None]:
    """Every proof obligation's verdict, through the proofs API, when it exists: (verdicts, error)."""
    if importlib.util.find_spec("mtgrules.proofs.registry") is None or importlib.util.find_spec("mtgrules.proofs.obligation") is None:
        return {}, None
    import importlib as _importlib

    registry = _importlib.import_module("mtgrules.proofs.registry")
    obligation = _importlib.import_module("mtgrules.proofs.obligation")
    if not hasattr(registry, "obligations") or not hasattr(obligation, "prove"):
        return {}, None
    try:
        verdicts = [obligation.prove(ob).as_json() for ob in registry.obligations()]
    except Exception as exc:  # a failing proof run is shown on the pages, never taken as proved
        return {}, f"{type(exc).__name__}: {exc}"
    return {v["obligation"]: v for v in verdicts}, None


def parts_present() -> dict[str, bool]:
    return {part: importlib.util.find_spec(f"mtgrules.{part}.traceability") is not None for part in PARTS}


def read_verdicts(path: Path) -> dict[str, dict]:
    """Verdicts from ``mtgrules prove --json``: a list of verdicts, or an object holding one.

    Each verdict needs ``obligation`` (name), ``status`` (proved | refuted | unknown) and
    ``rules`` (IDs); ``bound``, ``method``, ``statement``, ``reason`` are shown when present.
    """
    doc = yamlio.load(path)
    data = doc.data
    where: list = []
    if isinstance(data, dict):
        for key in ("verdicts", "results", "obligations"):
            if isinstance(data.get(key), list):
                where, data = [key], data[key]
                break
    if not isinstance(data, list):
        raise InputError([doc.problem([], "expected a list of verdicts, or an object with a list under 'verdicts'")])
    problems: list[Problem] = []
    verdicts: dict[str, dict] = {}
    for n, verdict in enumerate(data):
        at = [*where, n]
        if not isinstance(verdict, dict):
            problems.append(doc.problem(at, "a verdict must be an object"))
            continue
        name = verdict.get("obligation") or verdict.get("name")
        if not isinstance(name, str):
            problems.append(doc.problem(at, "missing 'obligation' (the obligation's name)"))
            continue
        if verdict.get("status") not in VERDICT_STATUSES:
            problems.append(doc.problem([*at, "status"], f"status must be one of {', '.join(VERDICT_STATUSES)}"))
            continue
        rules = verdict.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            problems.append(doc.problem([*at, "rules"], "rules must be a list of rule IDs"))
            continue
        verdicts[name] = verdict
    if problems:
        raise InputError(problems)
    return verdicts


def read_report(path: Path, spec: Spec, scenario_rules: dict[str, set[str]]) -> EngineReport:
    """A conformance report (see :data:`REPORT_SHAPE`); problems name file, line and field."""
    doc = yamlio.load(path)
    data = doc.data
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise InputError([doc.problem([], "a report must be an object with 'engine' and 'results'")])
    engine = data.get("engine")
    if not isinstance(engine, str) or not engine:
        problems.append(doc.problem(["engine"], "missing 'engine' (the engine's name)"))
    results_data = data.get("results")
    if not isinstance(results_data, list):
        problems.append(doc.problem(["results"], "missing 'results' (a list, one entry per scenario)"))
        results_data = []
    results = []
    for n, entry in enumerate(results_data):
        at = ["results", n]
        if not isinstance(entry, dict):
            problems.append(doc.problem(at, "a result must be an object"))
            continue
        scenario, outcome = entry.get("scenario"), entry.get("outcome")
        if not isinstance(scenario, str) or not scenario:
            problems.append(doc.problem([*at, "scenario"], "missing 'scenario' (the scenario's ID)"))
            continue
        if outcome not in OUTCOMES:
            problems.append(doc.problem([*at, "outcome"], f"outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}"))
            continue
        rules = entry.get("rules")
        if rules is None:
            rules = sorted(scenario_rules.get(scenario, ()))
        elif not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            problems.append(doc.problem([*at, "rules"], "rules must be a list of rule IDs"))
            continue
        for m, rule in enumerate(rules):
            if rule not in spec:
                problems.append(doc.problem([*at, "rules", m], f"unknown rule ID {rule!r}"))
        detail = entry.get("detail")
        results.append(ScenarioResult(scenario, outcome, tuple(rules), detail if isinstance(detail, str) else None))
    deviations = data.get("deviations") or []
    if not isinstance(deviations, list):
        problems.append(doc.problem(["deviations"], "deviations must be a list"))
        deviations = []
    for n, deviation in enumerate(deviations):
        if not isinstance(deviation, dict) or not all(isinstance(deviation.get(k), str) for k in ("id", "rule", "engine")):
            problems.append(doc.problem(["deviations", n], "a deviation needs 'id', 'rule' (what the rule says) and 'engine' (what the engine did)"))
            continue
        for m, rule in enumerate(deviation.get("rules") or []):
            if rule not in spec:
                problems.append(doc.problem(["deviations", n, "rules", m], f"unknown rule ID {rule!r}"))
    if problems:
        raise InputError(problems)
    return EngineReport(engine, str(path), results, deviations)


def read_custom_report(path: Path) -> dict:
    """A report of the custom-rules checker, as its ``as_json()`` writes it (``findings`` list)."""
    doc = yamlio.load(path)
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("findings"), list):
        raise InputError([doc.problem([], "expected the custom-rules checker's JSON report (an object with 'findings')")])
    problems = []
    for n, finding in enumerate(data["findings"]):
        if not isinstance(finding, dict) or not isinstance(finding.get("kind"), str):
            problems.append(doc.problem(["findings", n], "a finding must be an object with 'kind'"))
        elif not isinstance(finding.get("clauses", []), list):
            problems.append(doc.problem(["findings", n, "clauses"], "clauses must be a list of IDs"))
    if problems:
        raise InputError(problems)
    return data


def run_custom_rules_checker() -> tuple[dict | None, str | None, str | None]:
    """Run the custom-rules checker on DYN when it exists: (report, source, error)."""
    if importlib.util.find_spec("mtgrules.proofs.lint") is None or importlib.util.find_spec("mtgrules.proofs.rulesets") is None:
        return None, None, None
    import importlib as _importlib

    lint = _importlib.import_module("mtgrules.proofs.lint")
    rulesets = _importlib.import_module("mtgrules.proofs.rulesets")
    dyn = getattr(rulesets, "DYN", None)
    if not hasattr(lint, "lint_file") or dyn is None or not Path(dyn).is_file():
        return None, None, None
    source = str(Path(dyn).resolve().relative_to(ROOT)) if Path(dyn).resolve().is_relative_to(ROOT) else str(dyn)
    try:
        return lint.lint_file(dyn).as_json(), source, None
    except InputError as exc:
        return None, source, str(exc)
    except Exception as exc:  # the checker's own failure is shown, not hidden
        return None, source, f"{type(exc).__name__}: {exc}"


def check_inputs(spec: Spec, proofs_file: str | None, report_files: list[str], custom_rules_file: str | None = None) -> None:
    """Read every input file given to the build; raise InputError listing all their problems."""
    problems: list[Problem] = []
    readers = [(read_verdicts, proofs_file), (read_custom_report, custom_rules_file)]
    readers += [(lambda path: read_report(path, spec, {}), report) for report in report_files]
    for reader, path in readers:
        if path:
            try:
                reader(Path(path))
            except InputError as exc:
                problems += exc.problems
    if problems:
        raise InputError(problems)


def build_context(spec: Spec, tests_dir: Path | None, proofs_file: str | None, report_files: list[str],
                  custom_rules_file: str | None = None, run_custom_rules: bool = False, run_proofs_now: bool = False,
                  citations: bool = True) -> BuildContext:
    """Gather everything the rule pages show. Raises InputError for a bad proofs file or report.

    ``citations=False`` leaves out every part's citations (a small project that only uses the domain).
    """
    cov = coverage(spec, tests_dir) if citations else coverage(spec, citations=[])
    context = BuildContext(spec=spec, coverage=cov, parts=parts_present(), has_citations=citations)
    if custom_rules_file:
        context.custom_report = read_custom_report(Path(custom_rules_file))
        context.custom_report_source = custom_rules_file
    elif run_custom_rules:
        context.custom_report, context.custom_report_source, context.custom_report_error = run_custom_rules_checker()
    if proofs_file:
        context.verdicts = read_verdicts(Path(proofs_file))
        context.verdicts_file = proofs_file
    elif run_proofs_now:
        context.verdicts, context.verdicts_error = run_proofs()
        context.verdicts_file = "run by this build" if context.verdicts else None
    scenario_rules: dict[str, set[str]] = {}
    for entry in cov.items.values():
        for citation in entry.by_role["tests"]:
            scenario_rules.setdefault(citation.by, set()).add(entry.item_id)
    problems: list[Problem] = []
    for report in report_files:
        try:
            context.reports.append(read_report(Path(report), spec, scenario_rules))
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    return context


_CONTEXTS: dict[str, BuildContext] = {}


def set_context(env, context: BuildContext) -> None:
    _CONTEXTS[str(env.srcdir)] = context


def context_for(env) -> BuildContext:
    try:
        return _CONTEXTS[str(env.srcdir)]
    except KeyError:
        raise RuntimeError("the mtgrules.docs.generate extension must be loaded for rules:item") from None


# ---------------------------------------------------------------------------------------------
# The traceability block of a rule item


def relative(path: str | None) -> str | None:
    if not path:
        return None
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return path


def _where(citation) -> str:
    file = relative(citation.file)
    if not file:
        return ""
    return f"{file}:{citation.line}" if citation.line else file


def _viewcode_uri(fullname: str, docname: str) -> str | None:
    """The page sphinx.ext.viewcode writes for the object's module (``_modules/...#qualname``).

    Only for the model's modules, which the API page documents (so viewcode has their pages).
    """
    if not fullname.startswith("mtgrules.model."):
        return None
    import importlib as _importlib

    parts = fullname.split(".")
    for cut in range(len(parts) - 1, 1, -1):
        module = ".".join(parts[:cut])
        try:
            _importlib.import_module(module)
        except ImportError:
            continue
        up = "../" * docname.count("/")
        return f"{up}_modules/{module.replace('.', '/')}.html#{'.'.join(parts[cut:])}"
    return None


def _field(name: str, body: list[nodes.Node]) -> nodes.field:
    return nodes.field("", nodes.field_name(name, name), nodes.field_body("", *body))


def _missing(text: str) -> list[nodes.Node]:
    return [nodes.paragraph("", "", nodes.emphasis(text, text))]


def _status(text: str) -> nodes.inline:
    return nodes.inline(text, text, classes=["trace-status", f"status-{text}"])


def trace_block(item, context: BuildContext, env) -> list[nodes.Node]:
    """Model code, proofs and verdicts, scenarios, project tests and engine results for one item."""
    if not context.has_citations:
        return []
    fields = nodes.field_list(classes=["rule-trace"])

    def citation_list(cites, link: bool = False, joiner: str = " in ", label=None) -> list[nodes.Node]:
        lst = nodes.bullet_list()
        for c in cites:
            name: nodes.Node = nodes.literal(c.by, c.by)
            if link:  # to the object's API entry (with its [source] link), when autodoc documents it
                ref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=c.by, refexplicit=False, refwarn=False,
                                            refdoc=env.docname)
                ref += name
                name = ref
            elif label is not None:
                ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label(c), refexplicit=True, refwarn=True,
                                            refdoc=env.docname)
                ref += name
                name = ref
            para = nodes.paragraph("", "", name)
            source = _viewcode_uri(c.by, env.docname) if link else None
            if source:
                para += nodes.Text(" ")
                para += nodes.reference("[source]", "[source]", refuri=source, classes=["viewcode-link"])
            if c.detail and not link:
                para += nodes.Text(f": {c.detail}")
            where = _where(c)
            if where:
                para += nodes.Text(joiner)
                para += nodes.literal(where, where)
            lst += nodes.list_item("", para)
        return [lst]

    # implemented by
    cites = context.citations(item.id, "implements")
    if cites:
        body: list[nodes.Node] = citation_list(cites, link=True, joiner=" at ")
    else:
        body = _missing("not implemented yet" if context.parts["model"] else "the reference model is not built yet")
    fields += _field("Implemented by", body)

    # proved by
    cited = context.citations(item.id, "proves")
    verdicts = {v.get("obligation") or v.get("name"): v for v in context.verdicts_for(item.id)}
    names = list(dict.fromkeys([obligation_name(c.by) for c in cited] + list(verdicts)))
    if names:
        lst = nodes.bullet_list()
        for name in names:
            para = nodes.paragraph("", "", nodes.literal(name, name), nodes.Text(": "))
            verdict = verdicts.get(name)
            if verdict:
                para += _status(verdict["status"])
                extra = [f"{k} {verdict[k]}" for k in ("method", "bound") if verdict.get(k)]
                if verdict.get("reason"):
                    extra.append(f"reason: {verdict['reason']}")
                if extra:
                    para += nodes.Text(" (" + "; ".join(extra) + ")")
            else:
                para += _status("not-run")
                para += nodes.Text(" (no verdict in this build)")
            citation = next((c for c in cited if obligation_name(c.by) == name), None)
            where = _where(citation) if citation else ""
            if where:
                para += nodes.Text(" at ")
                para += nodes.literal(where, where)
            lst += nodes.list_item("", para)
        body = [lst]
    else:
        body = _missing("no proof obligation yet" if context.parts["proofs"] else "the proofs are not built yet")
    fields += _field("Proved by", body)

    # tested by (conformance scenarios), each linked to its entry on the scenarios page
    cites = context.citations(item.id, "tests")
    if cites:
        body = citation_list(cites, label=lambda c: scenario_label(c.by))
    else:
        body = _missing("no scenario yet" if context.parts["conformance"] else "the conformance corpus is not built yet")
    fields += _field("Tested by scenarios", body)

    # the project's own tests
    cites = context.citations(item.id, "checks")
    if cites:
        fields += _field("Checked by tests", citation_list(cites))

    # findings of the custom-rules checker that involve the clause
    if context.custom_report is not None:
        found = []
        numbers: dict[str, int] = {}
        for finding in context.custom_report.get("findings", []):
            kind = finding.get("kind", "unknown")
            numbers[kind] = numbers.get(kind, 0) + 1
            if item.id in finding.get("clauses", []):
                found.append((kind, numbers[kind]))
        if found:
            para = nodes.paragraph()
            for n, (kind, number) in enumerate(found):
                if n:
                    para += nodes.Text(", ")
                ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=finding_label(kind, number),
                                            refexplicit=True, refwarn=True, refdoc=env.docname)
                ref += nodes.inline(f"{kind} {number}", f"{kind} {number}")
                para += ref
            fields += _field("Custom-rules findings", [para])

    # engines
    if context.reports:
        lst = nodes.bullet_list()
        scenarios = context.scenarios_for(item.id)
        for report in context.reports:
            results = report.for_rule(item.id, scenarios)
            para = nodes.paragraph("", "", nodes.strong(report.engine, report.engine), nodes.Text(": "))
            if not results:
                para += nodes.emphasis("no scenario run", "no scenario run")
            else:
                counts: dict[str, int] = {}
                for r in results:
                    counts[r.outcome] = counts.get(r.outcome, 0) + 1
                for n, outcome in enumerate(o for o in OUTCOMES if o in counts):
                    if n:
                        para += nodes.Text(", ")
                    para += _status(outcome)
                    para += nodes.Text(f" {counts[outcome]}")
                bad = [r for r in results if r.outcome in ("failed", "error", "xpassed")]
                if bad:
                    para += nodes.Text(" (" + "; ".join(f"{r.scenario}: {r.outcome}" + (f", {r.detail}" if r.detail else "") for r in bad) + ")")
            lst += nodes.list_item("", para)
        fields += _field("Engines", [lst])

    container = nodes.container(classes=["traceability"])
    container += nodes.rubric("Traceability", "Traceability")
    container += fields
    return [container]
