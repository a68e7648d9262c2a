"""The validated corpus remembered in one cache file (issue 15, conformance/corpus_cache.py): a
second load validates nothing and finds the same corpus; an edited file, and only it, is validated
again; a changed context (a card of the folder's own pool) validates every file again."""

import pytest

from mtgrules.conformance import scenarios as corpus
from test_runner_engines import _sample_dir

SAMPLE = ["flashback-cast-normally-goes-to-graveyard", "flashback-countered-exiled", "merge-counters-stay"]


@pytest.fixture
def sample_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    return _sample_dir(tmp_path / "corpus", SAMPLE)


@pytest.fixture
def checked(monkeypatch):
    """The files ``check_file`` validates (by name), through the real function."""
    seen = []
    real = corpus.check_file

    def spy(path, *args):
        seen.append(path.name)
        return real(path, *args)

    monkeypatch.setattr(corpus, "check_file", spy)
    return seen


def _load(directory, selection=None):
    return corpus._load_corpus(directory, None, None, None, selection)  # past the in-process cache


def _shape(loaded):
    return ([(s.id, s.file, s.section, s.steps, s.expect, s.rule_lines()) for s in loaded.scenarios], loaded.problems,
            loaded.files, sorted(loaded.pool.cards))


def test_a_second_load_validates_nothing_and_finds_the_same_corpus(sample_dir, checked):
    first = _load(sample_dir)
    assert sorted(checked) == sorted(f"{sid}.yaml" for sid in SAMPLE)
    checked.clear()
    again = _load(sample_dir)
    assert checked == [] and _shape(again) == _shape(first)
    assert [s.id for s in again.scenarios] == [s.id for s in first.scenarios] and len(first.scenarios) == len(SAMPLE)


def test_an_edited_file_is_validated_again_and_its_problem_reported(sample_dir, checked):
    _load(sample_dir)
    checked.clear()
    edited = sample_dir / "merging" / "merge-counters-stay.yaml"
    edited.write_text(edited.read_text().replace("id: merge-counters-stay", "id: merge-counters-stay\nbogus: 7"))
    loaded = _load(sample_dir)
    assert checked == ["merge-counters-stay.yaml"]
    assert [p.field for p in loaded.problems if p.file == str(edited)] and "merge-counters-stay" not in [s.id for s in loaded.scenarios]
    checked.clear()
    assert _shape(_load(sample_dir)) == _shape(loaded) and checked == []  # the problem is remembered too


def test_a_selection_reads_its_words_from_the_cache_and_validates_new_files_only_when_kept(sample_dir, checked):
    from mtgrules.conformance.keywords import keyword_matcher

    _load(sample_dir)
    checked.clear()
    chosen = _load(sample_dir, corpus.Selection(keyword_matcher("flashback")))
    assert checked == [] and {s.id for s in chosen.scenarios} == set(SAMPLE[:2])
    copy = sample_dir / "merging" / "merge-copy.yaml"
    copy.write_text((sample_dir / "merging" / "merge-counters-stay.yaml").read_text().replace("id: merge-counters-stay", "id: merge-copy"))
    _load(sample_dir, corpus.Selection(keyword_matcher("flashback")))
    assert checked == []  # not kept: not validated
    _load(sample_dir)
    assert checked == ["merge-copy.yaml"]


def test_a_changed_context_validates_every_file_again(sample_dir, checked):
    _load(sample_dir)
    checked.clear()
    cards = sample_dir / "cards"
    cards.mkdir()
    (cards / "local.yaml").write_text("")  # a cards/ folder appears beside the scenarios: another context
    _load(sample_dir)
    assert sorted(checked) == sorted(f"{sid}.yaml" for sid in SAMPLE)


def test_the_digests_a_load_kept_give_the_corpus_fingerprint_of_the_files_read_again(sample_dir):
    """The results file's corpus fingerprint reuses the digests the load computed (``Corpus.digests``):
    the same fingerprint as reading every file again, and an edited file changes both."""
    from mtgrules.conformance.results_file import corpus_fingerprint

    def fingerprints():
        loaded, files = _load(sample_dir), corpus.scenario_files(sample_dir)
        records = [type("R", (), {"id": p.stem, "file": str(p)})() for p in files]
        assert set(loaded.digests) == {str(p) for p in files}
        return corpus_fingerprint(records, loaded.digests), corpus_fingerprint(records)

    kept, read = fingerprints()
    assert kept == read
    edited = sample_dir / "merging" / "merge-counters-stay.yaml"
    edited.write_text(edited.read_text() + "\n# edited\n")
    assert fingerprints()[0] == fingerprints()[1] != kept


def test_a_file_a_selection_leaves_out_is_read_once_for_its_words(sample_dir, checked, monkeypatch):
    """A new file that -k leaves out is parsed once for its words (remembered without validation),
    not at every later -k run; a run that keeps it validates it then."""
    from mtgrules.conformance.keywords import keyword_matcher

    _load(sample_dir)
    checked.clear()
    copy = sample_dir / "merging" / "merge-copy.yaml"
    copy.write_text((sample_dir / "merging" / "merge-counters-stay.yaml").read_text().replace("id: merge-counters-stay", "id: merge-copy"))
    parsed = []
    real = corpus._words_of
    monkeypatch.setattr(corpus, "_words_of", lambda path, root: parsed.append(path.name) or real(path, root))
    flashback = corpus.Selection(keyword_matcher("flashback"))
    _load(sample_dir, flashback)
    assert parsed == ["merge-copy.yaml"] and checked == []
    again = _load(sample_dir, flashback)
    assert parsed == ["merge-copy.yaml"] and checked == [] and {s.id for s in again.scenarios} == set(SAMPLE[:2])
    kept = _load(sample_dir, corpus.Selection(keyword_matcher("merge")))
    assert checked == ["merge-copy.yaml"] and "merge-copy" in {s.id for s in kept.scenarios}


def _cache_file(sample_dir):
    from mtgrules.conformance import corpus_cache

    return corpus_cache.CorpusCache(sample_dir, "").file


def test_a_damaged_or_torn_scenario_in_the_cache_is_validated_again_not_trusted(sample_dir, checked):
    """Each scenario's data sits in the cache file at an offset, with its length and CRC-32: a
    changed byte or a cut-off file makes that scenario's file validated again, the others not."""
    first = _load(sample_dir)
    file = _cache_file(sample_dir)
    held = file.read_bytes()
    index_end = held.index(b"\n") + 1
    damaged = bytearray(held)
    damaged[held.index(b"flashback", index_end)] ^= 0x20  # "Flashback": still JSON, in the first scenario's data
    file.write_bytes(bytes(damaged))
    checked.clear()
    assert _shape(_load(sample_dir)) == _shape(first)
    assert checked == ["flashback-cast-normally-goes-to-graveyard.yaml"]
    checked.clear()
    assert _shape(_load(sample_dir)) == _shape(first) and checked == []  # validated again, remembered again
    file.write_bytes(file.read_bytes()[:-10])  # torn: the last scenario's data cut short
    assert _shape(_load(sample_dir)) == _shape(first) and checked == ["merge-counters-stay.yaml"]


def test_a_selection_parses_only_the_scenarios_it_keeps(sample_dir, monkeypatch):
    """A -k run reads the index and the selected scenarios' data, not the others'; the corpus
    still lists every file (``Corpus.paths``: the results file's fingerprint)."""
    import json

    from mtgrules.conformance.keywords import keyword_matcher

    _load(sample_dir)
    parsed = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda text, *a, **k: parsed.append(len(text)) or real(text, *a, **k))
    chosen = _load(sample_dir, corpus.Selection(keyword_matcher("merge")))
    assert [s.id for s in chosen.scenarios] == ["merge-counters-stay"]
    assert len(parsed) == 2  # the index, then the one scenario kept
    assert chosen.paths == corpus.scenario_files(sample_dir) and len(chosen.paths) == len(SAMPLE)


@pytest.fixture
def reads(monkeypatch):
    """The names of the files whose bytes are read (``Path.read_bytes``), in order."""
    from pathlib import Path

    read = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self.name) or real(self))
    return read


@pytest.fixture
def settled(monkeypatch, reads):
    """Every file counts as settled (not changed within the last two seconds), as files are
    between two runs of a user's; the files read, by name."""
    from mtgrules.conformance import corpus_cache

    monkeypatch.setattr(corpus_cache, "SETTLED_NS", 0)
    return reads


def _same_size_edit(path, old, new):
    """Replace ``old`` by ``new`` (as long) and set the modification time back: only the change
    time (which no program can set back) tells the file changed."""
    import os

    st = os.stat(path)
    assert len(old) == len(new)
    path.write_text(path.read_text().replace(old, new))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size


def test_a_settled_unchanged_file_is_known_by_its_status_and_not_read_again(sample_dir, checked, settled, monkeypatch):
    from mtgrules.conformance import corpus_cache

    first = _load(sample_dir)
    settled.clear()
    checked.clear()
    hashed = []
    real = corpus_cache.context_digest
    monkeypatch.setattr(corpus_cache, "context_digest", lambda files: hashed.append(1) or real(files))
    again = _load(sample_dir)
    assert checked == [] and _shape(again) == _shape(first)
    assert not [name for name in settled if name[:-len(".yaml")] in SAMPLE] and hashed == []  # neither the scenarios nor the context
    assert again.digests == first.digests  # the results file's fingerprint is the same


def test_a_file_edited_with_its_modification_time_set_back_is_validated_again(sample_dir, checked, settled):
    _load(sample_dir)
    checked.clear()
    edited = sample_dir / "merging" / "merge-counters-stay.yaml"
    _same_size_edit(edited, "title: Counters on", "title: Counters at")
    loaded = _load(sample_dir)
    assert checked == ["merge-counters-stay.yaml"]
    assert [s.title for s in loaded.scenarios if s.id == "merge-counters-stay"] == ["Counters at a permanent stay on it when something merges with it"]


def test_a_context_file_edited_with_its_modification_time_set_back_validates_every_file_again(sample_dir, checked, settled):
    cards = sample_dir / "cards"
    cards.mkdir()
    (cards / "local.yaml").write_text("# no card yet\n")
    _load(sample_dir)
    checked.clear()
    _load(sample_dir)
    assert checked == []
    _same_size_edit(cards / "local.yaml", "no card yet", "no card_yet")
    _load(sample_dir)
    assert sorted(checked) == sorted(f"{sid}.yaml" for sid in SAMPLE)


def test_a_file_changed_within_the_last_two_seconds_is_read_every_time(sample_dir, checked, reads):
    """A young file could change again within the same clock tick and keep its status: its bytes
    are read at every load (the sample files were just written)."""
    _load(sample_dir)
    reads.clear()
    checked.clear()
    _load(sample_dir)
    assert checked == [] and sorted(n for n in reads if n.endswith(".yaml") and n[:-5] in SAMPLE) == sorted(f"{sid}.yaml" for sid in SAMPLE)
