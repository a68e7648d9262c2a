"""The conformance runner: play the corpus on an engine and report per scenario, rule, feature.

    run = Run(engine_factory, scenarios, pool, results_path=..., resume=False, timeout=10)
    results = run.run(progress=callback)       # one dict per scenario, in corpus order

A scenario's outcome is ``passed``; ``unverified`` (its checks hold, but every one rests on observation
fields the engine's adapter derives itself instead of the engine reporting them: conformance/derivation.py);
``failed`` (an expectation or a trace property does not
hold: expected vs observed); ``skipped`` (the engine lacks a feature or edition); or ``error``
(the engine crashed, hung past the timeout, replied garbage or out of order, refused an action the
scenario says is legal, or cannot perform a step at all). With a baseline, a known failure that
still fails is ``xfailed`` and one that now passes is ``xpassed``.

Results are appended to a JSON-lines file as each scenario finishes (flushed, so a killed run keeps
what it finished; fsynced at most every ``SYNC_SECONDS`` and at the end, so a machine that goes
down loses at most that much: an fsync per scenario cost more wall time than a short run's scenarios); ``resume=True`` skips the scenarios already in that file
(conformance/results_file.py).
After an engine failure the engine is restarted and the run goes on; an engine that cannot be
(re)started leaves every remaining scenario ``error``, and the run still ends with its report.
An exception in the runner's own code is reported as the runner's (``error_kind: runner``).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Callable

from .engine import Engine, EngineError, Unsupported, normalise_handshake
from .derivation import Derivation, Tally
from .expectations import Observation, References
from .probes import TARGETING, check_at, check_targeting, offers_unsupported, uses_offers
from .results_file import FAILING, ResumeMismatch, _rewrite, read_header, read_results
from .worker import Worker, cancel

#: The observation vocabulary's schemas (model/snapshot.schema.json, model/events.schema.json): read as files,
#: the runner does not import the model.
_MODEL = Path(__file__).resolve().parent.parent / "model"
#: Longest time between two fsyncs of the results file (seconds).
SYNC_SECONDS = 1.0
STEP_VERBS = ("cast", "play_land", "activate", "turn_face_up", "pass", "resolve", "advance_to",
              "declare_attackers", "declare_blockers", "discard", "choose", "check")


# ---------------------------------------------------------------------------- the corpus


def load_scenarios(directory: str | Path | None = None):
    """(valid scenarios, card pool) of the corpus (or of another scenario folder)."""
    from . import scenarios as corpus_mod

    corpus = corpus_mod.load_corpus(Path(directory)) if directory else corpus_mod.load_corpus()
    return corpus.scenarios, corpus.pool


def card_names(pool, name: str) -> tuple[str, list[str]]:
    card = pool.get(name)
    if card is None:
        return name, []
    return card.name, card.face_names


def scenario_request(scenario, edition: str, pool) -> dict:
    """The setup request sent to an engine for one scenario (engine.py, PROTOCOL.md)."""
    from .engine import setup_references

    cards = {}
    for name in scenario.cards:
        card = pool.get(name)
        if card is not None:
            cards[card.name] = card.faces
    refs = setup_references(scenario.setup, lambda n: card_names(pool, n))
    return {"scenario": scenario.id, "edition": edition, "features": list(scenario.features), "setup": scenario.setup,
            "cards": cards, "references": {r: {"card": v["card"]} for r, v in refs.items()}}


def choose_edition(scenario, editions: list[str]) -> str | None:
    for ed in scenario.editions:
        if ed in editions:
            return ed
    return None


# ---------------------------------------------------------------------------- one scenario


def _result(scenario, outcome: str, detail: str = "", **extra) -> dict:
    out = {"scenario": scenario.id, "outcome": outcome, "rules": list(scenario.rules), "section": scenario.section,
           "features": list(scenario.features), "file": scenario.file, "detail": detail}
    out.update(extra)
    return out


def _step_label(i: int, step: dict) -> str:
    verb = next((k for k in step if k in STEP_VERBS), "?")
    value = step.get(verb)
    return f"step {i + 1} ({verb}: {value})" if not isinstance(value, (dict, list)) else f"step {i + 1} ({verb})"


def _engine_step(step: dict) -> dict:
    return {k: v for k, v in step.items() if k not in ("then", "expect", "note")}


def _traceback_tail(exc: BaseException) -> str:
    """The last frames of an exception's traceback: a report's context for it."""
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-6:])


class EngineRaised(EngineError):
    """An exception raised inside an engine's own method (not the runner's): the engine's defect."""


class _Guarded:
    """An engine seen through the runner: an exception from one of its methods becomes
    :class:`EngineRaised` (so a crash in the runner's own code is never blamed on the engine),
    and a snapshot or event log of the wrong shape is a protocol error, caught before the
    runner's checks read it."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self.seen: dict[str, object] = {}  # the last setup reply, snapshot and event log: see shape_problem

    def shape_problem(self) -> str | None:
        """Why what the engine last replied is not of the observation vocabulary's shape (the
        setup reply an object of object IDs, model/snapshot.schema.json, model/events.schema.json),
        or None. Asked only once the runner's checks raised: valid replies make that a runner defect."""
        from mtgrules.schemas import validator

        initial = self.seen.get("setup")
        if initial is not None and not all(isinstance(v, (str, type(None))) for v in initial.values()):
            return "the setup reply's object IDs are not all text (or null)"
        for what, schema in (("snapshot", "snapshot"), ("events", "events")):
            if what in self.seen:
                error = next(iter(validator(str(_MODEL / f"{schema}.schema.json")).iter_errors(self.seen[what])), None)
                if error is not None:
                    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
                    return f"the {what} is not valid against model/{schema}.schema.json: {where}: {error.message[:200]}"
        return None

    def _call(self, name: str, *args):
        try:
            return getattr(self.engine, name)(*args)
        except (EngineError, Unsupported):
            raise
        except Exception as exc:  # noqa: BLE001 - the engine's defect, reported with its traceback
            raise EngineRaised(f"engine raised {type(exc).__name__} in {name}(): {exc}", _traceback_tail(exc), kind="crash") from None

    def setup(self, request: dict):
        initial = self._call("setup", request)
        if isinstance(initial, dict):
            self.seen["setup"] = initial
        return initial

    def apply(self, step: dict):
        return self._call("apply", step)

    def legal_actions(self, player: str) -> list[dict]:
        actions = self._call("legal_actions", player)
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise EngineError("wrong shape: the legal actions are not a list of JSON objects", repr(actions)[:300], kind="protocol")
        return actions

    def observe(self) -> dict:
        snapshot = self._call("observe")
        if not isinstance(snapshot, dict):
            raise EngineError("wrong shape: the snapshot is not a JSON object", repr(snapshot)[:300], kind="protocol")
        self.seen["snapshot"] = snapshot
        return snapshot

    def events(self) -> list[dict]:
        events = self._call("events")
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise EngineError("wrong shape: the event log is not a list of JSON objects", repr(events)[:300], kind="protocol")
        self.seen["events"] = events
        return events


def play(engine: Engine, hello: dict, scenario, pool) -> dict:
    """Play one scenario on a started engine; engine failures propagate as :class:`EngineError`
    (:class:`EngineRaised` for an exception inside the engine; ``protocol`` when the runner's checks
    raised on replies of the wrong shape), the runner's own as any other exception."""
    guarded = _Guarded(engine)
    try:
        return _play(guarded, hello, scenario, pool)
    except (EngineError, Unsupported):
        raise
    except Exception as exc:
        problem = guarded.shape_problem()
        if problem is None:
            raise
        raise EngineError(f"wrong shape: {problem}", f"the runner's checks raised {type(exc).__name__}: {exc}"[:500],
                          kind="protocol") from None


def _play(engine: _Guarded, hello: dict, scenario, pool) -> dict:
    missing = [f for f in scenario.features if f not in hello["features"]]
    if missing:
        return _result(scenario, "skipped", f"engine lacks feature(s): {', '.join(missing)}", missing_features=missing)
    edition = choose_edition(scenario, hello["editions"])
    if edition is None:
        return _result(scenario, "skipped", f"engine plays none of the scenario's editions {scenario.editions}")
    no_offers = offers_unsupported(hello) if uses_offers(scenario) else None
    if no_offers:
        return _result(scenario, "skipped", no_offers)
    request = scenario_request(scenario, edition, pool)
    try:
        initial = engine.setup(request)
    except Unsupported as exc:
        return _result(scenario, "error", f"setup: engine cannot represent it: {exc}", edition=edition, error_kind="unsupported")
    if not isinstance(initial, dict):
        raise EngineError("setup reply is not a mapping of references to object IDs", repr(initial)[:300], kind="garbage")
    players = list((scenario.setup.get("players") or {}))
    missing_refs = [r for r in request["references"] if r not in initial]
    refs = References({r: initial.get(r) for r in request["references"]}, {r: v["card"] for r, v in request["references"].items()}, players)
    failures: list[str] = []
    notes: list[str] = []
    tally = Tally(Derivation(hello))
    probes: list[dict] = []  # the final can_target / cannot_target checks (conformance/probes.py)

    def observe() -> Observation:
        events = engine.events()
        refs.follow(events)
        return Observation(engine.observe(), events, refs)

    for i, step in enumerate(scenario.steps):
        where = _step_label(i, step)
        illegal = step.get("expect") == "illegal"
        before = engine.observe() if illegal else None
        reply = engine.apply(_engine_step(step))
        if not isinstance(reply, dict) or reply.get("status") not in ("ok", "refused", "unsupported"):
            raise EngineError(f"{where}: reply has no valid status", repr(reply)[:300], kind="garbage")
        if reply.get("note"):
            notes.append(f"{where}: {reply['note']}")
        status = reply["status"]
        if status == "unsupported":
            return _result(scenario, "error", f"{where}: engine cannot perform it: {reply.get('reason')}", edition=edition,
                           error_kind="unsupported", failures=failures, notes=notes)
        if illegal:
            if status == "ok":
                failures.append(f"{where}: expected the engine to refuse this action (illegal), observed it accepted")
                failures += [f"{where}: then: {f}" for f in check_at(engine, step.get("then") or [], observe(), tally, f"{where}: then")]
                break  # the game went somewhere the scenario does not describe
            after = engine.observe()
            if after != before:
                failures.append(f"{where}: refused (rule {reply.get('rule')}), but the state changed")
            tally.engine_check()
        elif status == "refused":
            return _result(scenario, "error", f"{where}: engine refused an action the scenario says is legal: rule {reply.get('rule')}: {reply.get('reason')}",
                           edition=edition, error_kind="refused", failures=failures, notes=notes)
        if step.get("then"):
            failures += [f"{where}: then: {f}" for f in check_at(engine, step["then"], observe(), tally, f"{where}: then")]
    else:
        failures += [f"expect: {f}" for f in check_at(engine, scenario.expect, observe(), tally, "expect")]
        probes = [e for e in scenario.expect if any(k in e for k in TARGETING)]
    trace = []
    try:
        from mtgrules.proofs.traces import check_log, scenario_context

        events = engine.events()
        trace = [v.as_json() | {"text": str(v)} for v in check_log(events, scenario_context(scenario, pool))]
    except ImportError:  # the proofs part is optional
        pass
    failures += [f"trace property: {t['text']}" for t in trace]
    if probes:  # after the trace properties: they read the scenario's own events, not the tries'
        def replay() -> None:  # the scenario again, for the next can_target / cannot_target check
            engine.setup(request)
            for again in scenario.steps:
                engine.apply(_engine_step(again))

        found, unable = check_targeting(engine, probes, replay)
        if unable:
            return _result(scenario, "error", f"expect: {unable}", edition=edition, error_kind="unsupported", failures=failures, notes=notes)
        failures += [f"expect: {f}" for f in found]
        for _ in probes:
            tally.engine_check()
    if missing_refs and failures:
        notes.append(f"engine reported no object for reference(s): {', '.join(missing_refs)}")
    outcome = "failed" if failures else ("unverified" if tally.total and not tally.verified else "passed")
    detail = "; ".join(failures[:3]) + (f"; ... {len(failures) - 3} more" if len(failures) > 3 else "")
    if outcome == "unverified":
        detail = "every check rests on fields the adapter derives, not on engine-reported data: " + "; ".join(tally.derived[:3])
    return _result(scenario, outcome, detail, edition=edition, failures=failures, trace=trace, notes=notes,
                   checks=tally.as_json())


# ---------------------------------------------------------------------------- the run


class Run:
    """One run of a list of scenarios on one engine."""

    def __init__(self, engine_factory: Callable[[], Engine], scenarios, pool, *, results_path: str | Path | None = None,
                 resume: bool = False, timeout: float | None = None, baseline: set[str] | None = None,
                 identity: dict | None = None):
        self.factory = engine_factory
        self.scenarios = list(scenarios)
        self.pool = pool
        self.results_path = Path(results_path) if results_path else None
        self.resume = resume
        self.timeout = timeout
        self.baseline = baseline
        self.identity = identity  # {"engine": ..., "corpus": fingerprint}: the results file's header
        self.engine: Engine | None = None
        self.hello: dict | None = None
        self.restarts = 0
        self._worker: Worker | None = None
        self.dead: str | None = None  # why the engine cannot be run any more (a failed start or restart)

    # -------------------------------------------------------------- engine lifecycle
    def _start(self, fresh: bool = False) -> None:
        if fresh or self.engine is None:
            if self.engine is not None:
                self._stop_engine()
            self.engine = self.factory()
            if self.timeout is not None:
                self.engine.timeout = self.timeout
        self.hello = normalise_handshake(self._bounded(self.engine.start, "start"))

    def _stop_engine(self) -> None:
        try:
            self._bounded(self.engine.stop, "stop")
        except Exception:  # noqa: BLE001 - a broken engine may fail to stop: it is replaced anyway
            pass

    def _restart(self) -> None:
        self.restarts += 1
        self._start(fresh=True)

    def _play(self, scenario) -> dict:
        engine = self.engine
        return self._bounded(lambda: play(engine, self.hello, scenario, self.pool), "scenario")

    def _bounded(self, job: Callable[[], object], what: str):
        """``job()`` (an engine call: start, stop or a scenario's play) within the timeout. A process
        engine bounds its own exchanges (``handles_deadline``); an in-process one runs on the worker
        thread, and a hung job is cancelled there: :class:`EngineError` ``timeout``."""
        engine = self.engine
        timeout = self.timeout if self.timeout is not None else engine.timeout
        if getattr(engine, "handles_deadline", False):
            engine.deadline = time.monotonic() + timeout
            return job()
        if self._worker is None:
            self._worker = Worker()
        box = self._worker.call(job, timeout)
        if box is None:
            ended = cancel(self._worker)
            self._worker = None  # the next job gets a new worker
            raise EngineError(f"hung: no {what} result within {timeout:g} s", "the engine's thread was cancelled" if ended else
                              "the engine's thread could not be cancelled (blocked outside Python code) and is left behind", kind="timeout")
        if "error" in box:
            raise box["error"]
        return box["result"]

    def run_one(self, scenario) -> dict:
        if self.dead is not None:
            return self._with_baseline(_result(scenario, "error", f"not run: {self.dead}", error_kind="start", duration=0.0))
        start = time.perf_counter()
        if self.engine is None or self.hello is None:
            try:
                self._start()
            except Exception as exc:  # noqa: BLE001 - an engine that does not start: every scenario errors
                self.dead = f"the engine could not be started: {type(exc).__name__}: {exc}"
                self.engine, self.hello = None, None
                result = _result(scenario, "error", self.dead, error_kind="start", duration=round(time.perf_counter() - start, 6))
                return self._with_baseline(result)
        try:
            result = self._play(scenario)
        except EngineError as exc:
            result = _result(scenario, "error", f"engine {exc.kind}: {exc.message}", context=exc.context, error_kind=exc.kind)
            self._safe_restart(result)
        except Exception as exc:  # noqa: BLE001 - the runner's own code raised (e.g. on an observation it misread)
            result = _result(scenario, "error", f"runner raised {type(exc).__name__}: {exc} (a defect of mtgrules, "
                             "not of the engine; the engine's replies may have a shape the checks do not expect)",
                             context=_traceback_tail(exc), error_kind="runner")
        if result["outcome"] in FAILING and self.engine is not None:
            try:
                hints = self.engine.diagnostics()
            except Exception:  # noqa: BLE001 - hints are optional
                hints = []
            if hints:
                result.setdefault("notes", []).extend(hints)
        result["duration"] = round(time.perf_counter() - start, 6)
        return self._with_baseline(result)

    def _safe_restart(self, result: dict) -> None:
        try:
            self._restart()
            result["restarted"] = True
        except Exception as exc:  # noqa: BLE001 - the remaining scenarios are reported as not run
            result["restart_error"] = f"{type(exc).__name__}: {exc}"
            self.dead = f"the engine could not be restarted after an earlier failure: {type(exc).__name__}: {exc}"
            self.engine, self.hello = None, None

    def _with_baseline(self, result: dict) -> dict:
        if self.baseline is not None and result["scenario"] in self.baseline:
            if result["outcome"] in FAILING:
                result["baseline_outcome"], result["outcome"] = result["outcome"], "xfailed"
            elif result["outcome"] == "passed":
                result["outcome"] = "xpassed"
        return result

    def _check_identity(self, kept: list[dict]) -> None:
        """Refuse to resume a results file written for another engine or corpus."""
        if self.identity is None or not kept:
            return
        header = read_header(self.results_path)
        if header is None:
            raise ResumeMismatch(f"{self.results_path}: records no engine or corpus (written by an older mtgrules): "
                                 "run without --resume to start afresh")
        for key in sorted(self.identity):
            if header.get(key) != self.identity[key]:
                raise ResumeMismatch(f"{self.results_path}: written for {key} {header.get(key)!r}, this run is for "
                                     f"{self.identity[key]!r}: resume with the same {key}, or run without --resume "
                                     "(or with another --results file)")

    # -------------------------------------------------------------- the loop
    def run(self, progress: Callable[[dict], None] | None = None) -> list[dict]:
        done: dict[str, dict] = {}
        if self.results_path is not None:
            if self.resume:
                kept = read_results(self.results_path)
                self._check_identity(kept)
                wanted = {s.id for s in self.scenarios}
                done = {r["scenario"]: r for r in kept if r["scenario"] in wanted}
                _rewrite(self.results_path, kept, self.identity)  # drops a torn last line before appending
            else:
                self.results_path.parent.mkdir(parents=True, exist_ok=True)
                _rewrite(self.results_path, [], self.identity)
        handle = self.results_path.open("a", encoding="utf-8") if self.results_path else None
        results, synced = [], time.monotonic()
        try:
            for scenario in self.scenarios:
                if scenario.id in done:
                    result = done[scenario.id]
                    results.append(result)
                    if progress:
                        progress(result)
                    continue
                result = self.run_one(scenario)
                results.append(result)
                if handle:
                    handle.write(json.dumps(result, sort_keys=True) + "\n")
                    handle.flush()
                    if time.monotonic() - synced >= SYNC_SECONDS:
                        os.fsync(handle.fileno())
                        synced = time.monotonic()
                if progress:
                    progress(result)
        finally:
            if handle:
                handle.flush()
                os.fsync(handle.fileno())
                handle.close()
            if self.engine is not None:
                self._stop_engine()
            if self._worker is not None:
                self._worker.close()
                self._worker = None
        return results


# ---------------------------------------------------------------------------- reports


def baseline_changes(results: list[dict]) -> dict:
    """Changes against the baseline: newly failing (not a known failure, fails now) and newly
    passing (a known failure that passes now)."""
    return {"newly_failing": [r["scenario"] for r in results if r["outcome"] in FAILING],
            "newly_passing": [r["scenario"] for r in results if r["outcome"] == "xpassed"]}


def summary(results: list[dict]) -> dict:
    """Counts overall, per section, per feature and per rule; ``checks``: the expectations checked and how
    many of them rest on engine-reported data only (``verified``, conformance/derivation.py)."""
    def table(key_of):
        out: dict[str, Counter] = {}
        for r in results:
            for key in key_of(r):
                out.setdefault(key, Counter())[r["outcome"]] += 1
        return {k: dict(v) for k, v in sorted(out.items())}

    return {"total": dict(Counter(r["outcome"] for r in results)),
            "checks": {"total": sum((r.get("checks") or {}).get("total", 0) for r in results),
                       "verified": sum((r.get("checks") or {}).get("verified", 0) for r in results)},
            "sections": table(lambda r: [r.get("section", "?")]),
            "features": table(lambda r: r.get("features") or ["(none)"]),
            "rules": table(lambda r: r.get("rules") or [])}


def report(results: list[dict], hello: dict | None, engine: str, baseline: bool = False) -> dict:
    """The JSON report (the docs helper's shape, a superset): engine, results, summary."""
    out = {"engine": (hello or {}).get("name") or engine, "engine_spec": engine, "handshake": hello,
           "results": results, "summary": summary(results)}
    if baseline:
        out["baseline"] = baseline_changes(results)
    return out


def write_junit(results: list[dict], path: str | Path, engine: str) -> None:
    """A JUnit XML file: one testsuite per section, one testcase per scenario."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name=f"mtgrules conform {engine}")
    by_section: dict[str, list[dict]] = {}
    for r in results:
        by_section.setdefault(r.get("section", "?"), []).append(r)
    for section, rs in sorted(by_section.items()):
        counts = Counter(r["outcome"] for r in rs)
        suite = ET.SubElement(root, "testsuite", name=section, tests=str(len(rs)),
                              failures=str(counts["failed"]), errors=str(counts["error"]),
                              skipped=str(counts["skipped"] + counts["unverified"] + counts["xfailed"]),
                              time=f"{sum(r.get('duration', 0) for r in rs):.3f}")
        for r in rs:
            case = ET.SubElement(suite, "testcase", classname=f"conformance.{section}", name=r["scenario"],
                                 time=f"{r.get('duration', 0):.4f}")
            body = "\n".join(r.get("failures") or []) + (("\n" + r["context"]) if r.get("context") else "")
            if r["outcome"] == "failed":
                ET.SubElement(case, "failure", message=r.get("detail", "")[:500]).text = body
            elif r["outcome"] == "error":
                ET.SubElement(case, "error", message=r.get("detail", "")[:500]).text = body
            elif r["outcome"] in ("skipped", "unverified", "xfailed"):
                prefix = {"xfailed": "known failure: ", "unverified": "unverified: "}.get(r["outcome"], "")
                ET.SubElement(case, "skipped", message=(prefix + r.get("detail", ""))[:500])
            props = ET.SubElement(case, "properties")
            ET.SubElement(props, "property", name="rules", value=" ".join(r.get("rules") or []))
            ET.SubElement(props, "property", name="outcome", value=r["outcome"])
    ET.ElementTree(root).write(str(path), encoding="utf-8", xml_declaration=True)
