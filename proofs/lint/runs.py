"""Witness scenarios run on the reference model (``lint-rules --run``): each finding's scenario is
played, and each of its readings (one per clause or value in conflict: the `one_of` alternatives,
or what the engine offers, which `expect` checks only outside `one_of`) is checked alone, so the report says which reading the model takes."""

from __future__ import annotations

import tempfile
from pathlib import Path

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import play
from mtgrules.conformance.scenarios import load_corpus

from .report import Finding
from .witnesses import write_scenarios


def run_on_reference(findings: list[Finding]) -> list[str]:
    """Set ``model`` on each finding with a scenario; returns the problems of scenarios that do not
    validate (none expected: each is a witness the checker wrote)."""
    with_scenario = [f for f in findings if f.scenario]
    if not with_scenario:
        return []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        variants = []
        for f in with_scenario:
            for n, who in enumerate(f.readings):
                alt = dict(f.scenario, id=f"{f.scenario['id']}--reading-{n}", expect=[e for e in f.scenario["expect"] if "one_of" not in e] + f.alternatives[n])
                variants.append(Finding(f.kind, f.clauses, "", scenario=alt))
        write_scenarios(with_scenario + variants, folder)
        corpus = load_corpus(folder)
        by_id = {s.id: s for s in corpus.scenarios}
        engine = load_engine("reference")
        hello = engine.start()
        try:
            for f in with_scenario:
                sid = f.scenario["id"]
                if sid not in by_id:
                    f.model = {"outcome": "invalid", "detail": "the scenario does not validate", "takes": []}
                    continue
                result = play(engine, hello, by_id[sid], corpus.pool)
                takes = [who for n, who in enumerate(f.readings) if play(engine, hello, by_id[f"{sid}--reading-{n}"], corpus.pool)["outcome"] == "passed"]
                f.model = {"outcome": result["outcome"], "detail": result.get("detail", ""), "takes": takes}
        finally:
            getattr(engine, "stop", lambda: None)()
        return [str(p) for p in corpus.problems]
