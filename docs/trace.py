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

import hashlib
import importlib.util
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from mtgrules import yamlio
from mtgrules.problems import InputError, Problem
from mtgrules.remember import part_folder
from mtgrules.spec.coverage import Coverage, coverage
from mtgrules.spec.trace import Citation, all_citations
from mtgrules.spec.items import Spec

from . import context_cache, edition_numbers

#: The repository root when running from a checkout (docs/ is mtgrules.docs).
ROOT = Path(__file__).resolve().parent.parent

#: The parts whose citations appear on rule pages, and what each is.
PARTS = {
    "model": "the reference model",
    "proofs": "the Z3 proofs",
    "conformance": "the conformance corpus",
}

#: Outcomes a conformance report may give a scenario.
OUTCOMES = ("passed", "failed", "skipped", "unverified", "xfailed", "xpassed", "error")

REPORT_SHAPE = """\
{
  "engine": "my-engine 1.2",             // required: the engine's name (and version)
  "results": [                           // required: one entry per scenario run
    {
      "scenario": "flashback-countered-exiled",   // required: the scenario's ID
      "outcome": "passed",               // required: passed | failed | skipped | unverified | xfailed | xpassed | error
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

    def counts(self, results: list[ScenarioResult] | None = None) -> dict[str, int]:
        """How many of ``results`` (default: all) have each outcome, in the order of OUTCOMES."""
        results = self.results if results is None else results
        return {o: n for o in OUTCOMES if (n := sum(1 for r in results if r.outcome == o))}


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
    #: Each numbered rule's number in each imported edition (:mod:`mtgrules.docs.edition_numbers`).
    edition_numbers: dict[str, list[dict]] = field(default_factory=dict)
    #: Which slow results came from the cache folder ("citations", "custom-rules", "proofs").
    from_cache: list[str] = field(default_factory=list)

    def digest(self) -> str:
        """A hash of everything the pages show besides their own text: the spec, the traceability,
        and the code of this package that renders them (an incremental build reads every page
        again when it changes)."""
        code = [p.read_bytes().hex() for p in sorted(Path(__file__).resolve().parent.glob("*.py"))]
        shown = [code, [item.as_json() for item in self.spec], sorted(self.parts.items()), _untimed(self.verdicts), self.verdicts_error,
                 _untimed(self.custom_report), self.custom_report_error,
                 [(r.engine, r.file, [repr(x) for x in r.results], r.deviations) for r in self.reports],
                 [(i, sorted((role, [repr(c) for c in cs]) for role, cs in e.by_role.items())) for i, e in sorted(self.coverage.items.items())],
                 [repr(c) for c in self.coverage.unknown], self.edition_numbers]
        return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()

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


def _untimed(data):
    """``data`` without its ``seconds`` entries: how long a run took differs each run, so it is no reason to rebuild (the pages show the time of the run they were built from)."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


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
    """Every proof obligation's verdict, through the proofs API: (verdicts, error)."""
    from mtgrules.proofs import obligation, registry

    try:
        verdicts = [obligation.prove(ob).as_json() for ob in registry.obligations()]
    except Exception as exc:  # a failing proof run is shown on the pages, never taken as proved
        return {}, f"{type(exc).__name__}: {exc}"
    return {v["obligation"]: v for v in verdicts}, None


def parts_present() -> dict[str, bool]:
    return {part: importlib.util.find_spec(f"mtgrules.{part}.traceability") is not None for part in PARTS}


_LOADED: dict[tuple, yamlio.Located] = {}


def _load(path: Path) -> yamlio.Located:
    """``yamlio.load``, once per file and version in a process: ``mtgrules docs`` checks its input
    files before the build, and the build reads them again."""
    try:
        stat = path.stat()
    except OSError:
        return yamlio.load(path)  # which names the file and why it cannot be read
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    if key not in _LOADED:
        _LOADED[key] = yamlio.load(path)
    return _LOADED[key]


def read_verdicts(path: Path) -> dict[str, dict]:
    """Verdicts from ``mtgrules prove --json``: a list of verdicts, or an object holding one.

    Each verdict needs ``obligation`` (name), ``status`` (proved | refuted | unknown) and
    ``rules`` (IDs); ``bound``, ``method``, ``statement``, ``reason`` are shown when present.
    """
    doc = _load(path)
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
    doc = _load(path)
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
    doc = _load(path)
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
    """Run the custom-rules checker on DYN: (report, source, error)."""
    from mtgrules.proofs import lint, rulesets

    dyn = Path(rulesets.DYN)
    source = str(dyn.resolve().relative_to(ROOT)) if dyn.resolve().is_relative_to(ROOT) else str(dyn)
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


class _Jobs:
    """Functions run in forked processes, started at once; ``result(n)`` waits for the n-th."""

    def __init__(self, functions: list) -> None:
        wanted = [f for f in functions if f is not None]
        self.pool = None
        self.processes: list = []
        if wanted and "fork" in multiprocessing.get_all_start_methods():
            before = set(multiprocessing.active_children())
            self.pool = ProcessPoolExecutor(max_workers=len(wanted), mp_context=multiprocessing.get_context("fork"))
        self.futures = [None if f is None else (self.pool.submit(f) if self.pool else f) for f in functions]
        if self.pool is not None:
            self.processes = [p for p in multiprocessing.active_children() if p not in before]

    def __enter__(self) -> "_Jobs":
        return self

    def result(self, n: int):
        future = self.futures[n]
        return future() if callable(future) else future.result()

    def stop(self) -> None:
        """End the jobs now, finished or not."""
        for process in self.processes:
            process.kill()
        self.__exit__()

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


#: The parts each cached result is computed from: its own and those it may import (ARCHITECTURE.md);
#: "" is the shared ``mtgrules/``. The project's tests are an input of the citations too.
CACHED_INPUTS = {
    "proofs": ("proofs", "spec", "cards", "model", ""),
    "custom-rules": ("proofs", "spec", "cards", "conformance", ""),
    "citations": ("spec", "cards", "model", "proofs", "conformance", ""),
    "editions": ("spec", ""),
}


def input_digest(kind: str, tests_dir: Path | None = None, seen: dict[Path, str] | None = None) -> str:
    """The hash of the inputs of a cached result (:data:`CACHED_INPUTS`); ``seen`` keeps the
    digests of the folders already hashed in this build."""
    seen = {} if seen is None else seen
    folders = [part_folder(part) for part in CACHED_INPUTS[kind]]
    if kind == "citations" and tests_dir is not None:
        folders.append(Path(tests_dir))
    for folder in folders:
        if folder not in seen:
            seen[folder] = context_cache.folder_digest(folder)
    return context_cache.inputs_digest(kind, [seen[f] for f in folders], [str(ROOT)])


def _computed(kind: str, compute, seen: dict[Path, str], tests_dir: Path | None = None):
    """``(value, hit)``: a result computed here (JSON data), from the cache when its inputs are unchanged."""
    digest = input_digest(kind, tests_dir, seen)
    stored, hit = context_cache.lookup(kind, digest)
    if hit:
        return stored, True
    value = compute()
    context_cache.store(kind, digest, value)
    return value, False


def _start_slow(run_custom_rules: bool, run_proofs_now: bool) -> tuple[dict[Path, str], dict[str, str], dict[str, tuple], _Jobs]:
    """The wanted slow results, the checker's report and the proofs' verdicts, each taken from the
    cache folder or started in a forked process: (folder digests, input digests, cache lookups, jobs)."""
    runs = {"custom-rules": (run_custom_rules, run_custom_rules_checker), "proofs": (run_proofs_now, run_proofs)}
    seen: dict[Path, str] = {}
    digests = {kind: input_digest(kind, seen=seen) for kind, (wanted, _run) in runs.items() if wanted}
    stored = {kind: context_cache.lookup(kind, digest) for kind, digest in digests.items()}
    return seen, digests, stored, _Jobs([run if kind in digests and not stored[kind][1] else None for kind, (_wanted, run) in runs.items()])


#: The slow results started ahead of this process's build (:func:`start_ahead`), by what is wanted.
_AHEAD: dict[tuple[bool, bool], tuple] = {}


def start_ahead(run_custom_rules: bool, run_proofs_now: bool) -> None:
    """Start the slow results now, for the next build in this process to take over. ``mtgrules docs``
    calls it first: the proofs and the checker then use the second core while the command checks
    its input files and starts Sphinx (0.7 s)."""
    _AHEAD[(run_custom_rules, run_proofs_now)] = _start_slow(run_custom_rules, run_proofs_now)


def stop_ahead() -> None:
    """End what :func:`start_ahead` started and no build took over (the command stops on bad input)."""
    for *_, jobs in _AHEAD.values():
        jobs.stop()
    _AHEAD.clear()


def build_context(spec: Spec, tests_dir: Path | None, proofs_file: str | None, report_files: list[str],
                  custom_rules_file: str | None = None, run_custom_rules: bool = False, run_proofs_now: bool = False,
                  citations: bool = True, spec_is_packaged: bool = True) -> BuildContext:
    """Gather everything the rule pages show. Raises InputError for a bad proofs file or report.

    ``citations=False`` leaves out every part's citations (a small project that only uses the domain);
    ``spec_is_packaged=False`` says ``spec`` was read from another folder than ``spec/``.
    The proofs' verdicts, the checker's report and the citations come from the cache folder when
    their inputs are unchanged (:mod:`mtgrules.docs.context_cache`); what is computed runs meanwhile,
    the proofs and the checker in processes of their own.
    """
    wanted = (run_custom_rules and not custom_rules_file, run_proofs_now and not proofs_file)
    seen, digests, stored, jobs = _AHEAD.pop(wanted, None) or _start_slow(*wanted)
    hits = [kind for kind, (_value, hit) in stored.items() if hit]

    def result(n: int, kind: str) -> tuple:
        if kind in hits:
            return tuple(stored[kind][0])
        value = running.result(n)
        if value[-1] is None:  # no error: kept for the next build
            context_cache.store(kind, digests[kind], list(value))
        return value

    with jobs as running:
        found: list = []
        if citations:
            found, hit = _computed("citations", lambda: [asdict(c) for c in all_citations(tests_dir)], seen, tests_dir)
            hits += ["citations"] if hit else []
        cov = coverage(spec, citations=[Citation(**c) for c in found])
        context = BuildContext(spec=spec, coverage=cov, parts=parts_present(), has_citations=citations)
        if spec_is_packaged:
            context.edition_numbers, hit = _computed("editions", lambda: edition_numbers.compute(spec), seen)
            hits += ["editions"] if hit else []
        else:  # another spec folder: its numbers are not the packaged spec's
            context.edition_numbers = edition_numbers.compute(spec)
        if custom_rules_file:
            context.custom_report = read_custom_report(Path(custom_rules_file))
            context.custom_report_source = custom_rules_file
        elif run_custom_rules:
            context.custom_report, context.custom_report_source, context.custom_report_error = result(0, "custom-rules")
        if proofs_file:
            context.verdicts = read_verdicts(Path(proofs_file))
            context.verdicts_file = proofs_file
        elif run_proofs_now:
            context.verdicts, context.verdicts_error = result(1, "proofs")
            context.verdicts_file = "run by this build" if context.verdicts else None
    context.from_cache = sorted(hits)
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


def relative(path: str | None) -> str | None:
    if not path:
        return None
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return path
