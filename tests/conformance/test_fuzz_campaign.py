"""mtgrules fuzz (issue 19): generated scenarios, the three oracles, shrinking, results streamed and
resumed, the same findings on Dask as locally, and no false alarm on the reference model."""

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.conformance.fuzz.driver import Options, run
from mtgrules.conformance.results_file import read_results
from mtgrules.conformance.scenarios import load_corpus

ENGINES = Path(__file__).parent / "engines"
BROKEN = "flashback_graveyard_engine:FlashbackToGraveyard"
FLASHBACK = "flashback.a,flashback.q5,flashback.q6"


@pytest.fixture
def engines_on_path(monkeypatch):
    monkeypatch.syspath_prepend(str(ENGINES))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ENGINES), os.environ.get("PYTHONPATH", "")]))


def _campaign(tmp_path, engine, budget, name="c", **kw):
    return run(Options(engine=engine, budget=budget, results=tmp_path / f"{name}.jsonl", findings=tmp_path / f"{name}-findings", **kw))


def _flashback_findings(outcome):
    return [f for f in outcome.distinct if ",".join(sorted(f["rules"])) == FLASHBACK]


def test_a_broken_engine_is_caught_with_a_minimal_reproduction(tmp_path, engines_on_path):
    """Aimed at flashback and counterspells, the engine whose countered flashback spells go to the
    graveyard is caught by the observation and trace oracles; each finding is shrunk to at most 4
    steps, a scenario file that validates, passes on the reference model and fails on the engine."""
    outcome = _campaign(tmp_path, BROKEN, 25, seed=25, features=["flashback", "counter-spell"])
    found = _flashback_findings(outcome)
    assert {f["oracle"] for f in found} >= {"observation", "trace"}
    for f in found:
        assert f["minimal"]["steps"] <= 4 and f["minimal"]["reference"] == "passed" and f["minimal"]["engine_fails"]
    folder = tmp_path / "c-findings"
    assert load_corpus(folder).problems == [] and len(load_corpus(folder).scenarios) == len(outcome.written)
    result = CliRunner().invoke(main, ["scenarios", "validate", "--dir", str(folder)])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_a_broken_engine_is_caught_within_500_unaimed_scenarios(tmp_path, engines_on_path):
    """Issue 19's budget: unaimed, the engine is caught within 500 generated scenarios (seeds 1-10 first
    at scenarios 142, 374, 187, 116, 55, 269, 51, 10, 155, 188), shrunk to at most 4 steps. What it
    takes: a generated game resolves what it left on the stack (a counterspell cast last counters), a
    resolve carries Hinder's choice, with a spell on the stack answering it is as likely as letting it
    resolve, and the shrinker drops both players' passes as a pair."""
    outcome = _campaign(tmp_path, BROKEN, 500, seed=1)
    found = _flashback_findings(outcome)
    assert found and all(f["minimal"]["steps"] <= 4 for f in found)


def test_the_reference_model_behind_the_protocol_finds_nothing(tmp_path):
    """The false-alarm check, short: generated scenarios on reference-process give no finding."""
    outcome = _campaign(tmp_path, "reference-process", 25, seed=3)
    assert len(outcome.results) == 25
    assert outcome.distinct == [] and {r["status"] for r in outcome.results} == {"clean"}


@pytest.mark.slow
def test_the_reference_model_behind_the_protocol_finds_nothing_in_2000(tmp_path):
    outcome = _campaign(tmp_path, "reference-process", 2000, seed=0, workers=2)
    assert len(outcome.results) == 2000 and outcome.distinct == []


def test_resume_loses_no_finished_result_and_plays_nothing_twice(tmp_path):
    full = _campaign(tmp_path, "reference", 12, "full", seed=5, shard_size=4)
    path = tmp_path / "part.jsonl"
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:6]) + lines[6][:20])  # header, five results, a torn line: a killed campaign
    resumed = run(Options(engine="reference", budget=12, seed=5, shard_size=4, results=path, findings=None, resume=True))
    keys = [r["key"] for r in read_results(path)]
    assert len(keys) == len(set(keys)) == 12
    assert sorted(keys) == sorted(r["key"] for r in full.results) == sorted(r["key"] for r in resumed.results)
    assert [json.loads(ln)["key"] for ln in lines[1:6]] == keys[:5]  # the finished ones kept as they were


@pytest.mark.slow  # a minute on a loaded machine: two Dask worker processes start and import the model
def test_dask_finds_what_the_local_run_finds(tmp_path, engines_on_path):
    distributed = pytest.importorskip("dask.distributed")
    opts = {"seed": 25, "features": ["flashback", "counter-spell"], "shard_size": 25}
    local = _campaign(tmp_path, BROKEN, 50, "local", **opts)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        remote = _campaign(tmp_path, BROKEN, 50, "dask", dask=cluster, **opts)
    assert remote.cluster["workers"] == 2
    assert {r["key"]: r["status"] for r in remote.results} == {r["key"]: r["status"] for r in local.results}
    assert [f["signature"] for f in remote.distinct] == [f["signature"] for f in local.distinct]
    assert _flashback_findings(local)


def test_bad_options_exit_2(tmp_path):
    runner = CliRunner()
    both = runner.invoke(main, ["fuzz", "--budget", "5", "--time", "5"])
    assert both.exit_code == 2 and "--budget and --time" in both.output
    unknown = runner.invoke(main, ["fuzz", "--engine", "nonsense", "--budget", "1"])
    assert unknown.exit_code == 2 and "unknown engine" in unknown.output
    other = tmp_path / "r.jsonl"
    assert runner.invoke(main, ["fuzz", "--engine", "reference", "--budget", "2", "-j", "1", "--results", str(other),
                                "--findings", str(tmp_path / "f")]).exit_code == 0
    mismatch = runner.invoke(main, ["fuzz", "--engine", "reference", "--seed", "9", "--budget", "2", "-j", "1",
                                    "--results", str(other), "--resume"])
    assert mismatch.exit_code == 2 and "seed" in mismatch.output


def test_generated_scenarios_are_valid_and_pass_on_the_reference_model(tmp_path):
    """Valid by construction: every generated scenario, with the expectations read from the model,
    validates as a corpus file, and the corpus runner passes it on the reference model."""
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from mtgrules.conformance.adapters.reference.capabilities import FEATURES
    from mtgrules.conformance.fuzz.expected import model_expectations
    from mtgrules.conformance.fuzz.kits import usable_kits
    from mtgrules.conformance.fuzz.oracles import document
    from mtgrules.conformance.fuzz.shrink import labels_of
    from mtgrules.conformance.fuzz.store import yaml_text
    from mtgrules.conformance.fuzz.strategies import scenarios
    from mtgrules.conformance.runner import Run

    made = []

    @settings(max_examples=15, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @seed(7)
    @given(scenarios(usable_kits(list(FEATURES))))
    def generate(gen):
        assert gen.model_error is None
        doc = document(f"gen-{len(made)}", gen.setup, gen.steps, model_expectations(gen.table, labels_of(gen.setup)),
                       kits=gen.kits, features=gen.features, cards=gen.cards)
        (tmp_path / f"{doc['id']}.yaml").write_text(yaml_text(doc), encoding="utf-8")
        made.append(doc)

    generate()
    corpus = load_corpus(tmp_path)
    assert corpus.problems == [] and len(corpus.scenarios) == len(made) == 15
    from mtgrules.conformance.engine import load_engine

    results = Run(lambda: load_engine("reference"), corpus.scenarios, corpus.pool).run()
    assert {r["outcome"] for r in results} == {"passed"}, [r["detail"] for r in results if r["outcome"] != "passed"]
    assert any(len(d["steps"]) >= 3 for d in made) and len({k for d in made for k in d["rules"]}) > 3


def test_the_campaign_report_renders_for_people_and_the_docs(tmp_path):
    import docutils.core

    from mtgrules.conformance.fuzz import report
    from mtgrules.docs.fuzz_page import campaigns_rst

    opts = Options(engine="reference", budget=3, seed=2, results=tmp_path / "r.jsonl", findings=None)
    data = report.build(run(opts), opts)
    report.write(data, tmp_path / "fuzz-reference.json", tmp_path / "fuzz-reference.md")
    assert data["generated"] == 3 and data["model_failures"] == [] and data["findings"] == []
    assert "## The reference model's own failures" in (tmp_path / "fuzz-reference.md").read_text()
    text = campaigns_rst(tmp_path)
    assert "Generated campaigns" in text and "3 generated scenarios" in text
    docutils.core.publish_doctree(text, settings_overrides={"halt_level": 2, "report_level": 5})


def test_kits_hold_only_cards_the_model_executes_line_by_line():
    """A card with a line the model does not execute (declared unsupported, e.g. Gaea's Cradle: its mana ability
    adds a mana per creature, the model's a fixed amount) would be refused or played as a no-op: no kit offers it."""
    from mtgrules.conformance.adapters.reference.capabilities import FEATURES
    from mtgrules.conformance.fuzz.kits import model_executes, pool, usable_kits
    from mtgrules.model.cards import unstructured_lines

    cards = {n for k in usable_kits(list(FEATURES)) for n in k.cards()}
    assert "Firebolt" in cards and "Llanowar Elves" in cards  # a creature's mana ability: executed (payment.py)
    assert not model_executes("Gaea's Cradle") and model_executes("Sol Ring")
    assert not [n for n in cards if any(unstructured_lines(f) for f in pool().get(n).faces)]


def test_steps_left_out_are_never_generated(tmp_path):
    """--without-steps (an engine's move space lacks a step: python-mtg has no single priority pass): no
    generated scenario has one, by verb or by verb:value; an unknown verb is a bad option."""
    from mtgrules.conformance.fuzz.strategies import left_out

    assert left_out({"pass": "alice"}, ("pass",)) and left_out({"advance_to": "end"}, ("advance_to:end",))
    assert not left_out({"advance_to": "end-of-combat"}, ("advance_to:end",))
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from mtgrules.conformance.adapters.reference.capabilities import FEATURES
    from mtgrules.conformance.fuzz.kits import usable_kits
    from mtgrules.conformance.fuzz.strategies import scenarios

    steps = []

    @settings(max_examples=12, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @seed(4)
    @given(scenarios(usable_kits(list(FEATURES), ["combat"]), without=("pass", "advance_to:end")))
    def generate(gen):
        steps.extend(gen.steps)

    generate()
    assert steps and not [s for s in steps if "pass" in s or s.get("advance_to") == "end"]
    assert any("declare_attackers" in s for s in steps)
    runner = CliRunner()
    ok = runner.invoke(main, ["fuzz", "--engine", "reference", "--budget", "2", "-j", "1", "--without-steps", "pass",
                              "--results", str(tmp_path / "r.jsonl"), "--findings", str(tmp_path / "f")])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(main, ["fuzz", "--engine", "reference", "--budget", "1", "--without-steps", "jump"])
    assert bad.exit_code == 2 and "no such step verb: jump" in bad.output


def test_a_scenario_generated_again_is_not_played_again():
    """The engine is a function of setup and steps: a worker plays a scenario it met before only once and
    reuses the result (marked ``same_as``); the findings are read from it again."""
    from types import SimpleNamespace

    from mtgrules.conformance.fuzz.campaign import evaluate
    from mtgrules.conformance.fuzz.candidates import Table
    from mtgrules.conformance.fuzz.kits import pool
    from mtgrules.conformance.fuzz.strategies import request

    setup = {"players": {"alice": {"battlefield": [{"card": "Grizzly Bears", "as": "bears"}]}, "bob": {}},
             "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}}

    def gen():
        table = Table(request(setup, ["Grizzly Bears"], pool()), pool(), [], ["bears"])
        return SimpleNamespace(setup=setup, steps=[], kits=["removal"], features=[], cards=["Grizzly Bears"],
                               table=table, model_error=None, kit_of={})

    played: list = []

    class Engine:
        def run_one(self, scenario):
            played.append(scenario.id)
            return {"outcome": "failed", "failures": ["expect: player bob: expected life 20, observed 19"]}

    cache: dict = {}
    first = evaluate(gen(), "s-1", Engine(), pool(), {"observation||life"}, cache)
    again = evaluate(gen(), "s-2", Engine(), pool(), {"observation||life"}, cache)
    assert played == ["s-1"] and again["same_as"] == "s-1" and "same_as" not in first
    assert [f["signature"] for f in again["findings"]] == ["observation||life"] == [f["signature"] for f in first["findings"]]


def test_a_pass_probe_is_kept_only_when_refused_for_priority():
    """The model refuses a pass whose next step would break a requirement (a provoked creature that must
    block): that refuses the declaration the pass implies, not the pass, and is no probe for an engine."""
    from mtgrules.conformance.fuzz.candidates import Table

    assert Table.probe_worthy({"status": "refused", "rule": "cr.current.priority", "reason": "bob doesn't have priority"}, {"pass": "bob"})
    assert not Table.probe_worthy({"status": "refused", "rule": "provoke.a", "reason": "e2 must block e1 if able"}, {"pass": "bob"})
    assert not Table.probe_worthy({"status": "refused", "rule": None, "reason": "alice can't pay {2}{B}{B}"}, {"cast": "x"})


def test_an_engine_start_is_bounded_by_the_start_timeout_not_the_scenario_timeout(monkeypatch):
    """python-mtg compiles its rules as it starts (15-20 s on a loaded machine, more than a scenario's
    --timeout): the start gets START_TIMEOUT, the scenarios keep the campaign's bound."""
    import time

    from mtgrules.conformance.adapters.reference import ReferenceEngine
    from mtgrules.conformance.fuzz import campaign

    class Slow(ReferenceEngine):
        def start(self):
            time.sleep(0.3)
            return {**super().start(), "name": "slow"}

    monkeypatch.setattr(campaign, "START_TIMEOUT", 5.0)
    run = campaign._CampaignRun(Slow, [], None, timeout=0.1)
    run._start()
    assert run.hello["name"] == "slow" and run.timeout == 0.1 and run.engine.timeout == 0.1


def test_a_verdict_shows_beside_its_finding(tmp_path, monkeypatch):
    import docutils.core

    from mtgrules.conformance.fuzz import report
    from mtgrules.docs.fuzz_page import campaigns_rst

    finding = {"signature": "observation||life", "oracle": "observation", "field": "life", "rules": [], "detail": "d",
               "count": 2, "scenario": "0-0-1"}
    outcome = type("Outcome", (), {})()
    outcome.results, outcome.distinct, outcome.written, outcome.seconds, outcome.cluster = [], [finding], [], 1.0, None
    monkeypatch.setattr(report, "verdicts", lambda engine: {"observation||life": {"verdict": "deviation", "text": "why",
                                                                                  "deviation": "lifelink-no-life"}})
    data = report.build(outcome, Options(engine="pymtg", results=tmp_path / "r.jsonl", findings=None))
    assert data["findings"][0]["verdict"]["deviation"] == "lifelink-no-life"
    assert "**Verdict: deviation** (deviation `lifelink-no-life`): why" in report.markdown(data)
    report.write(data, tmp_path / "fuzz-pymtg.json", None)
    text = campaigns_rst(tmp_path)
    assert "*Verdict: deviation*" in text
    docutils.core.publish_doctree(text, settings_overrides={"halt_level": 2, "report_level": 5})


def test_every_verdict_is_one_of_the_kinds_and_names_a_known_deviation():
    """verdicts.yaml is data the reports show: a deviation verdict names an entry of the engine's findings
    module (with its reproduction), every verdict is one of the documented kinds and says why."""
    import importlib

    from mtgrules.conformance.fuzz.report import VERDICTS_FILE, verdicts
    from mtgrules import yamlio

    kinds = {"deviation", "adapter", "generator", "choice", "not-a-deviation", "model", "unconfirmed"}
    for engine in yamlio.load(VERDICTS_FILE).data["verdicts"]:
        deviations = importlib.import_module(f"mtgrules.conformance.adapters.{engine}.findings").DEVIATIONS
        for sig, v in verdicts(engine).items():
            assert v["verdict"] in kinds and v["text"] and sig.count("|") == 2, (engine, sig)
            assert (v["verdict"] == "deviation") == ("deviation" in v), (engine, sig)
            if "deviation" in v:
                assert v["deviation"] in deviations, (engine, sig, v["deviation"])


def test_a_timeout_is_replayed_once_before_it_is_a_finding():
    """On a loaded machine a slow engine is not a hung one: a scenario that times out is played again with
    a longer bound, and only a second timeout is the result (then the oracles' engine-error finding)."""
    from mtgrules.conformance.fuzz.campaign import REPLAY_FACTOR, _played

    class Run:
        def __init__(self, slow_times):
            self.timeout, self.engine, self.bounds, self.slow = 2.0, None, [], slow_times

        def run_one(self, _scenario):
            self.bounds.append(self.timeout)
            if len(self.bounds) <= self.slow:
                return {"outcome": "error", "error_kind": "timeout", "detail": "engine timeout: hung"}
            return {"outcome": "passed"}

    doc = {"id": "g", "title": "t", "rules": [], "source": {}, "editions": [], "features": [], "cards": [], "setup": {},
           "steps": [], "expect": []}
    load = Run(slow_times=1)
    assert _played(load, doc)["outcome"] == "passed" and "replayed" in _played(Run(1), doc)
    assert load.bounds == [2.0, 2.0 * REPLAY_FACTOR] and load.timeout == 2.0
    hung = Run(slow_times=2)
    assert _played(hung, doc)["error_kind"] == "timeout" and hung.bounds == [2.0, 2.0 * REPLAY_FACTOR]


def test_shrinking_keeps_the_failure_it_started_from():
    """A shrunk scenario must show the failure that was found, not another with the same signature: a
    Hinder that leaves Thoughtcast in the graveyard (zone library expected) is not Thoughtcast exiled
    once the shrinker took away the library it draws from (phase.rs's campaign, seed 19)."""
    from mtgrules.conformance.fuzz.oracles import same_failure, signature

    def found(detail, field):
        f = {"oracle": "observation", "field": field, "rules": ["affinity.a"], "detail": detail}
        return {**f, "signature": signature(f)}

    first = found("expect: object thoughtcast: expected zone library, observed graveyard", "zone")
    assert same_failure(first, found("expect: object thoughtcast: expected zone library, observed graveyard", "zone"))
    assert not same_failure(first, found("expect: object thoughtcast: expected zone graveyard, observed exile", "zone"))
    assert not same_failure(first, found("expect: object ornithopter: expected zone library, observed graveyard", "zone"))
    short = found("expect: player alice: expected library_size 5, observed 4", "library_size")
    assert same_failure(short, found("expect: player alice: expected library_size 1, observed 0", "library_size"))
    assert not same_failure(short, found("expect: player alice: expected library_size 1, observed 2", "library_size"))


def test_a_game_that_ended_expects_only_the_life_totals():
    """104.2a: once bob has lost (704.5b) the game is over; where his cards go then is not the rules' to say."""
    from mtgrules.conformance.fuzz.expected import expectations

    snapshot = {"objects": {"o1": {"zone": "hand"}},
                "players": {"alice": {"life": 20, "hand": [], "library": ["x"]}, "bob": {"life": 20, "lost": True, "hand": ["o1"]}}}
    assert expectations(snapshot, {"unsummon": "o1"}, ["unsummon"]) == [{"player": "alice", "life": 20}, {"player": "bob", "life": 20}]
    snapshot["players"]["bob"]["lost"] = False
    assert {"object": "unsummon", "zone": "hand"} in expectations(snapshot, {"unsummon": "o1"}, ["unsummon"])
