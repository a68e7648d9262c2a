"""`mtgrules verify` remembers a slow check's passing result by the hash of its inputs (issue 15,
mtgrules/verify.py ``remembered``): shown again while its parts are unchanged, run again when a
file of them changes, never kept when it fails, and always run with ``--fresh``."""

import pytest

from mtgrules import verify


@pytest.fixture
def part(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "part"
    folder.mkdir()
    (folder / "module.py").write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(verify, "part_folder", lambda name: folder)
    return folder


def _check(runs: list, ok: bool = True):
    @verify.remembered("spec", tools=())
    def check_slow():
        runs.append(1)
        return verify.CheckResult("slow", ok, f"ran {len(runs)} time(s)", ["a finding"], {"n": len(runs)})
    return check_slow


def test_a_passing_result_is_remembered_until_an_input_changes(part):
    runs = []
    check = _check(runs)
    first = verify.run_check(check)
    again = verify.run_check(check)
    assert len(runs) == 1 and not first.remembered and again.remembered
    assert (again.name, again.ok, again.summary, again.details, again.data) == (first.name, first.ok, first.summary, first.details, first.data)
    (part / "module.py").write_text("x = 2\n", encoding="utf-8")
    changed = verify.run_check(check)
    assert len(runs) == 2 and not changed.remembered and changed.summary == "ran 2 time(s)"
    assert verify.run_check(check, fresh=True).remembered is False and len(runs) == 3


def test_a_failure_is_never_remembered(part):
    runs = []
    check = _check(runs, ok=False)
    assert not verify.run_check(check).ok and not verify.run_check(check).remembered
    assert len(runs) == 2


def test_a_check_without_inputs_always_runs(part):
    runs = []

    def check_plain():
        runs.append(1)
        return verify.CheckResult("plain", True, "ok")

    verify.run_check(check_plain)
    assert not verify.run_check(check_plain).remembered and len(runs) == 2
