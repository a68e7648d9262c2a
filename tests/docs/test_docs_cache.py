"""The docs build keeps proof verdicts, the checker's report and the citations by the hash of their inputs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mtgrules.docs import context_cache, trace
from mtgrules.spec import load_spec


@pytest.fixture
def inputs(tmp_path, monkeypatch):
    """A cache folder of its own, and each part's folder a copy the test can change."""
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    parts = {}
    for part in {p for kinds in trace.CACHED_INPUTS.values() for p in kinds}:
        folder = tmp_path / "parts" / (part or "mtgrules")
        folder.mkdir(parents=True)
        (folder / "module.py").write_text(f"# {part}\n", encoding="utf-8")
        parts[part] = folder
    monkeypatch.setattr(trace, "part_folder", lambda part: parts[part])
    runs = tmp_path / "runs"
    monkeypatch.setenv("DOCS_TEST_RUNS", str(runs))
    monkeypatch.setattr(trace, "run_proofs", fake_proofs)
    return {"parts": parts, "runs": runs}


def fake_proofs():
    """The proofs' stand-in; it runs in a forked process, so it counts its runs in a file."""
    with Path(os.environ["DOCS_TEST_RUNS"]).open("a") as out:
        out.write("proofs\n")
    return {"fake": {"obligation": "fake", "status": "proved", "rules": ["flashback.a"]}}, None


def failing_proofs():
    return {}, "RuntimeError: the solver crashed"


def _context():
    return trace.build_context(load_spec(), None, None, [], run_proofs_now=True, citations=False)


def _runs(inputs) -> int:
    return inputs["runs"].read_text().count("proofs") if inputs["runs"].exists() else 0


def test_a_second_build_takes_the_verdicts_from_the_cache(inputs):
    first = _context()
    assert _runs(inputs) == 1 and "proofs" not in first.from_cache
    second = _context()
    assert _runs(inputs) == 1, "the proofs ran again with unchanged inputs"
    assert "proofs" in second.from_cache
    assert second.verdicts == first.verdicts and second.verdicts["fake"]["status"] == "proved"


def test_a_change_in_the_proofs_inputs_runs_them_again(inputs):
    _context()
    (inputs["parts"]["proofs"] / "module.py").write_text("# proofs, changed\n", encoding="utf-8")
    assert "proofs" not in _context().from_cache
    assert _runs(inputs) == 2
    (inputs["parts"]["model"] / "new.py").write_text("# a module the proofs may import\n", encoding="utf-8")
    _context()
    assert _runs(inputs) == 3


def test_a_change_outside_the_proofs_inputs_keeps_the_cache(inputs):
    _context()
    (inputs["parts"]["conformance"] / "module.py").write_text("# not an input of the proofs\n", encoding="utf-8")
    assert "proofs" in _context().from_cache
    assert _runs(inputs) == 1


def test_a_failed_run_is_not_kept(inputs, monkeypatch):
    monkeypatch.setattr(trace, "run_proofs", failing_proofs)
    assert _context().verdicts_error == "RuntimeError: the solver crashed"
    assert list(context_cache.folder().glob("proofs-*.json")) == []


def test_a_damaged_entry_is_computed_again(inputs):
    _context()
    [entry] = context_cache.folder().glob("proofs-*.json")
    entry.write_text("{not json", encoding="utf-8")
    assert "proofs" not in _context().from_cache
    assert _runs(inputs) == 2


def test_the_cache_folder_is_the_one_conform_uses(tmp_path, monkeypatch):
    from mtgrules.conformance.runner_cli import cache_dir

    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path))
    assert context_cache.folder() == cache_dir() / "docs" == tmp_path / "docs"
