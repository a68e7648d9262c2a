"""Selecting scenarios before loading them (issues 15 and 19): `conform --shard I/N` splits the
corpus deterministically and exactly, and -k and --shard leave the other files unvalidated."""

import json
import shutil

import pytest
from click.testing import CliRunner

from mtgrules.conformance.runner_cli import conform
from mtgrules.conformance.scenarios import SCENARIO_DIR, Selection, load_corpus, scenario_files, shard_of
from test_runner_engines import _sample_dir

SAMPLE = ["flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "dyn-cast-nonpermanent-half-stack",
          "dfc2016-back-face-characteristics", "merge-counters-stay", "ds-unblocked-deals-damage-twice"]


@pytest.fixture
def sample_dir(tmp_path):
    return _sample_dir(tmp_path / "corpus", SAMPLE)


def _ids(args, tmp_path):
    report = tmp_path / "report.json"
    result = CliRunner().invoke(conform, [*args, "--json", str(report), "--results", str(tmp_path / "r.jsonl"), "-q"])
    return result, ({r["scenario"] for r in json.loads(report.read_text())["results"]} if report.exists() else set())


def test_shards_cover_the_corpus_exactly_once():
    ids = [path.stem for path in scenario_files(SCENARIO_DIR)]
    for n in (1, 2, 3, 7):
        shards = [{i for i in ids if shard_of(i, n) == k} for k in range(1, n + 1)]
        assert sum(map(len, shards)) == len(ids) and set().union(*shards) == set(ids)
        assert all(shards) or n > len(ids)
    assert shard_of("flashback-countered-exiled", 4) == shard_of("flashback-countered-exiled", 4)


def test_conform_shard_runs_its_part(sample_dir, tmp_path):
    seen = set()
    for k in (1, 2):
        result, ids = _ids(["--scenarios", str(sample_dir), "--shard", f"{k}/2"], tmp_path)
        assert result.exit_code in (0, 5), result.output
        assert ids == {s for s in SAMPLE if shard_of(s, 2) == k}
        seen |= ids
    assert seen == set(SAMPLE)


@pytest.mark.parametrize("bad", ["0/2", "3/2", "1", "a/b", "1/0"])
def test_a_bad_shard_is_a_usage_error(bad, tmp_path):
    result, _ = _ids(["--shard", bad], tmp_path)
    assert result.exit_code == 2 and "--shard" in result.output


def test_k_leaves_other_files_unread_but_reports_unreadable_ones(sample_dir, tmp_path):
    broken = sample_dir / "merging" / "merge-broken.yaml"
    shutil.copy(sample_dir / "merging" / "merge-counters-stay.yaml", broken)
    broken.write_text(broken.read_text().replace("id: merge-counters-stay", "id: merge-broken\nbogus: 7"))
    assert _ids(["--scenarios", str(sample_dir)], tmp_path)[0].exit_code == 2  # invalid: reported when selected
    result, ids = _ids(["--scenarios", str(sample_dir), "-k", "flashback"], tmp_path)
    assert result.exit_code == 0, result.output
    assert ids == {"flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled"}
    (sample_dir / "flashback" / "unreadable.yaml").write_text("id: [unclosed\n")
    result, _ = _ids(["--scenarios", str(sample_dir), "-k", "flashback"], tmp_path)
    assert result.exit_code == 2 and "unreadable.yaml:" in result.output


def test_selection_before_loading_keeps_what_select_keeps():
    from mtgrules.conformance.keywords import keyword_matcher, select

    whole = load_corpus()
    for pattern in ("flashback", "not merging and 702", "dyn or combat"):
        chosen = load_corpus(selection=Selection(keyword_matcher(pattern)))
        assert [s.id for s in chosen.scenarios] == [s.id for s in select(whole.scenarios, pattern)]
        assert not chosen.problems
