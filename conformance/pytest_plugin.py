"""The conformance corpus as pytest items: ``pytest --mtg-engine=ENGINE``.

The corpus is loaded once per process that collects items (the process of a serial run, or each
xdist worker; not the xdist controller, which never collects); the validated corpus is remembered
by content in one file of the cache folder (conformance/corpus_cache.py), so a worker reads what
an earlier process validated. Registered as a ``pytest11`` entry point, so any project with mtgrules installed gets it. It is
inert unless ``--mtg-engine`` is given. With it, every scenario becomes a test item named after
its ID (``conformance/<section>/<id>``), with the scenario's section, rules and features as
keywords, so ``-k``, ``-n`` (pytest-xdist: each worker starts its own engine once), ``--junitxml``
and CI integrations work as for any test. Options:

* ``--mtg-engine ENGINE``: as ``mtgrules conform --engine`` (reference, reference-process,
  ``process:COMMAND``, ``module:Class``);
* ``--mtg-scenarios DIR``: another scenario folder (default: the corpus);
* ``--mtg-baseline FILE``: known failures are marked xfail (non-strict);
* ``--mtg-timeout SECONDS``, ``--mtg-validate-messages``.

A skipped scenario (feature not supported) is a pytest skip with the reason; an engine failure
is an error-like failure with its context (the engine is restarted for the next item). A failure
reads as in ``mtgrules conform`` (conformance/failures.py): the same first failures, in words.
A scenario file that does not validate is never dropped: it becomes a failing item
(``mtgrules-conformance/invalid/<file>``) whose failure lists its problems as ``file:line: field:
message``, so the run fails while every valid scenario still runs. A run that selects no scenario
ends with pytest's own exit code 5 (no tests collected).
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("mtgrules", "mtgrules conformance corpus")
    group.addoption("--mtg-engine", default=None, help="run the conformance corpus on ENGINE (reference, reference-process, process:COMMAND, module:Class)")
    group.addoption("--mtg-scenarios", default=None, help="scenario folder (default: the mtgrules corpus)")
    group.addoption("--mtg-baseline", default=None, help="known failures: marked xfail")
    group.addoption("--mtg-timeout", type=float, default=10.0, help="seconds per scenario")
    group.addoption("--mtg-validate-messages", action="store_true", default=False, help="validate every protocol message")


class ScenarioFailure(Exception):
    pass


class _EngineHolder:
    """One engine per pytest process (each xdist worker has its own)."""

    def __init__(self, config):
        self.config = config
        self.run = None

    def get(self):
        if self.run is None:
            from .engine import load_engine
            from .runner import Run

            spec = self.config.getoption("--mtg-engine")
            timeout = self.config.getoption("--mtg-timeout")
            validate = self.config.getoption("--mtg-validate-messages")
            self.run = Run(lambda: load_engine(spec, validate_messages=validate, timeout=timeout), [], self.config._mtg_pool, timeout=timeout)
        return self.run

    def close(self):
        if self.run is not None and self.run.engine is not None:
            try:
                self.run.engine.stop()
            except Exception:  # noqa: BLE001
                pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario
        for word in (scenario.section, *scenario.rules, *scenario.features):
            self.keywords[word] = True
            self.extra_keyword_matches.add(word)
        self.user_properties.append(("rules", " ".join(scenario.rules)))

    def runtest(self):
        result = self.config._mtg_engines.get().run_one(self.scenario)
        self.user_properties.append(("outcome", result["outcome"]))
        if result["outcome"] == "skipped":
            pytest.skip(result["detail"])
        if result["outcome"] == "unverified":
            pytest.skip(f"unverified: {result['detail']}")
        if result["outcome"] in ("failed", "error"):
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            from .failures import failure_lines, headline

            r = excinfo.value.args[0]
            lines = [headline(r), *failure_lines(r), f"rules: {', '.join(r.get('rules') or [])}"]
            if r.get("context"):
                lines.append(r["context"])
            lines += [f"  note: {n}" for n in r.get("notes") or []]
            return "\n".join(lines)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.scenario.id}"


class InvalidScenarioFile(Exception):
    pass


class InvalidScenarioItem(pytest.Item):
    """A scenario file that does not validate: a failure listing its located problems."""

    def __init__(self, *, problems, **kwargs):
        super().__init__(**kwargs)
        self.problems = problems
        self.keywords["invalid"] = True

    def runtest(self):
        raise InvalidScenarioFile("\n".join(str(p) for p in self.problems))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, InvalidScenarioFile):
            return f"invalid scenario file ({len(self.problems)} problem(s)):\n{excinfo.value}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"invalid scenario file {self.path.name}"


class ScenarioFile(pytest.File):
    def collect(self):
        baseline = self.config._mtg_baseline
        for scenario in self.config._mtg_by_file.get(self.path, ()):
            item = ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)
            if baseline is not None and scenario.id in baseline:
                item.add_marker(pytest.mark.xfail(reason="known failure (baseline)", strict=False))
            yield item


def pytest_configure(config):
    if not config.getoption("--mtg-engine", default=None):
        return
    from mtgrules.problems import InputError

    from .results_file import load_baseline

    baseline = config.getoption("--mtg-baseline")
    try:
        config._mtg_baseline = load_baseline(baseline) if baseline else None
    except InputError as exc:
        raise pytest.UsageError(f"--mtg-baseline: {exc}") from None
    config._mtg_engines = _EngineHolder(config)


def _load(config) -> None:
    """Load the corpus into ``config``: where items are collected (serially, or in each xdist
    worker; the xdist controller never collects, so it never loads it)."""
    from .scenarios import load_corpus

    folder = config.getoption("--mtg-scenarios")
    corpus = load_corpus(Path(folder)) if folder else load_corpus()
    scenarios, pool = corpus.scenarios, corpus.pool
    config._mtg_invalid = {}
    for problem in corpus.problems:
        config._mtg_invalid.setdefault(Path(problem.file).resolve(), []).append(problem)
    config._mtg_scenarios = scenarios
    config._mtg_by_file = {}  # each scenario's file resolved once: collecting is linear in the corpus
    for scenario in scenarios:
        config._mtg_by_file.setdefault(Path(scenario.file).resolve(), []).append(scenario)
    config._mtg_pool = pool
    gc.freeze()  # the corpus lives as long as the session: the collector need not walk it again at every full collection


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    """Add the scenario items (before -k / -m deselection, which runs after this hook)."""
    if not config.getoption("--mtg-engine", default=None):
        return
    _load(config)
    files = sorted({(found[0].section, path) for path, found in config._mtg_by_file.items()})
    for section, path in files:
        node = ScenarioFile.from_parent(session, path=path, nodeid=f"mtgrules-conformance/{section}/{path.name}")
        items.extend(node.collect())
    for path, problems in sorted(config._mtg_invalid.items()):
        node = ScenarioFile.from_parent(session, path=path, nodeid=f"mtgrules-conformance/invalid/{path.name}")
        items.append(InvalidScenarioItem.from_parent(node, name=path.name, problems=problems))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """Spare a run that never used Hypothesis the import of it (0.1 s) that Hypothesis's pytest plugin
    makes in its terminal summary, here before the summary, in each process (serial, each xdist
    worker, then the controller). The plugin is set aside only where its summary has nothing to
    show: Hypothesis not imported here (no observations written), no ``--hypothesis-show-statistics``,
    and no report carrying its statistics or failing examples (an xdist worker's, in the controller)."""
    config = session.config
    hypothesis = config.pluginmanager.get_plugin("hypothesispytest")
    if hypothesis is None or not config.getoption("--mtg-engine", default=None) or "hypothesis" in sys.modules:
        return
    if config.getoption("--hypothesis-show-statistics", default=False):
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    reports = [report for found in (reporter.stats.values() if reporter is not None else ()) for report in found]
    if any(key.startswith("_hypothesis") for report in reports for key in getattr(report, "__dict__", ())):
        return
    config.pluginmanager.unregister(hypothesis)


def pytest_unconfigure(config):
    holder = getattr(config, "_mtg_engines", None)
    if holder is not None:
        holder.close()
