"""Honest refusal (model/support.py): every pool card structures each ability of its oracle text
or declares it unsupported with the reason; the model refuses an unsupported ability, as an
``Unsupported`` error naming card and ability, where it would matter, never a silent no-op; a
card whose structured form is broken (an ability removed) is refused as the game is set up."""

import copy
import json

import pytest
from click.testing import CliRunner

from keyword_testkit import attack
from model_testkit import act, new_game, one
from mtgrules.cards import load_pool
from mtgrules.cli import main
from mtgrules.model.actions import Unsupported
from mtgrules.model.cards import EXECUTED_KEYWORDS
from mtgrules.model.support import KINDS, coverage, declared_problems


def _faces():
    for card in load_pool().cards.values():
        for face in card.faces:
            yield card.name, face


def test_every_pool_card_structures_or_declares_each_ability():
    uncovered = [(name, line) for name, face in _faces() for line in coverage(face, EXECUTED_KEYWORDS)[1]]
    assert uncovered == []
    problems = [(name, p) for name, face in _faces() for p in declared_problems(face)]
    assert problems == []
    kinds = {u["kind"] for _, face in _faces() for u in (face.get("mtgrules") or {}).get("unsupported", ())}
    assert kinds <= set(KINDS)


def test_model_cards_json_shows_which_cards_are_unsupported_and_none_partial():
    result = CliRunner().invoke(main, ["model", "cards", "--json"])
    rows = {r["name"]: r for r in json.loads(result.stdout)}
    assert {r["status"] for r in rows.values()} == {"structured", "unsupported"}
    assert rows["Hinder"]["status"] == rows["Eliminate"]["status"] == "structured"
    assert rows["Llanowar Elves"]["status"] == "structured"  # a creature's mana ability (payment.mana_sources)
    assert rows["Sol Ring"]["status"] == "structured"  # a mana ability adding two mana
    cradle = rows["Gaea's Cradle"]
    assert cradle["status"] == "unsupported" and cradle["unsupported"][0]["ability"] == "{T}: Add {G} for each creature you control." and cradle["unsupported"][0]["reason"]


def _refuses(g, action: dict, card: str, ability: str) -> None:
    """``action`` raises Unsupported naming ``card`` and ``ability``; the state is as it was."""
    before = json.dumps(g.snapshot(), sort_keys=True)
    with pytest.raises(Unsupported) as raised:
        g.apply(action)
    assert raised.value.card.startswith(card) and ability in raised.value.ability and raised.value.reason
    assert json.dumps(g.snapshot(), sort_keys=True) == before


@pytest.mark.parametrize("kind", ["spell", "alternative_cost", "activated", "mana", "attacking", "blocking", "upkeep",
                                  "self_enters", "leaves", "damage"])
def test_each_kind_of_unsupported_ability_is_refused_where_it_matters(kind):
    if kind == "spell":
        g = new_game({"alice": {"hand": ["Fire // Ice"]}})
        _refuses(g, {"action": "cast", "player": "alice", "card": "Fire // Ice", "half": "Fire", "targets": ["bob"]}, "Fire // Ice", "divided")
    elif kind == "alternative_cost":
        g = new_game({"alice": {"hand": ["Mizzix's Mastery"]}})
        _refuses(g, {"action": "cast", "player": "alice", "card": "Mizzix's Mastery", "alternative_cost": "overload"}, "Mizzix's Mastery", "Overload")
    elif kind == "activated":
        g = new_game({"alice": {"battlefield": ["Basking Rootwalla"]}})
        _refuses(g, {"action": "activate", "player": "alice", "object": one(g, "Basking Rootwalla")["id"]}, "Basking Rootwalla", "Activate only once")
    elif kind == "mana":
        g = new_game({"alice": {"battlefield": ["Gaea's Cradle"], "hand": ["Grizzly Bears"]}}, players={"alice": {}, "bob": {}})
        _refuses(g, {"action": "cast", "player": "alice", "card": "Grizzly Bears"}, "Gaea's Cradle", "Add")
    elif kind == "attacking":
        g = new_game({"alice": {"battlefield": ["Instigator Gang // Wildblood Pack"]}})
        _refuses(g, {"action": "declare_attackers", "player": "alice", "attackers": {"Instigator Gang": "bob"}}, "Instigator Gang", "Attacking creatures")
    elif kind == "blocking":
        g = new_game({"alice": {"battlefield": [{"card": "Kruin Outlaw // Terror of Kruin Pass", "transformed": True}]},
                      "bob": {"battlefield": ["Grizzly Bears"]}})
        attack(g, {"Terror of Kruin Pass": "bob"})
        _refuses(g, {"action": "declare_blockers", "player": "bob", "blockers": {"Grizzly Bears": "Terror of Kruin Pass"}}, "Kruin Outlaw", "menace")
    elif kind == "upkeep":
        g = new_game({"alice": {"battlefield": [{"card": "Nezumi Shortfang // Stabwhisker the Odious", "flipped": True}]}},
                     turn={"active": "bob", "step": "untap", "priority": "bob"})
        _refuses(g, {"action": "advance_to", "step": "draw"}, "Nezumi Shortfang", "each opponent's upkeep")
    elif kind == "self_enters":
        g = new_game({"alice": {"hand": ["Triskelion"]}})
        act(g, "cast", player="alice", card="Triskelion")
        _refuses(g, {"action": "resolve"}, "Triskelion", "enters with three +1/+1 counters")
    elif kind == "leaves":
        g = new_game({"alice": {"battlefield": [{"card": "Lunarch Veteran // Luminous Phantom", "transformed": True}]}})
        _refuses(g, {"action": "move", "object": one(g, "Luminous Phantom")["id"], "to": "graveyard"}, "Lunarch Veteran", "exile it instead")
    elif kind == "damage":
        g = new_game({"alice": {"battlefield": [{"card": "Akki Lavarunner // Tok-Tok, Volcano Born", "flipped": True}]}})
        _refuses(g, {"action": "damage", "target": "bob", "amount": 2}, "Akki Lavarunner", "a red source would deal damage")


def _without(card: str, key: str, face: int = 0) -> dict:
    """``card``'s pool records with the structured abilities having ``key`` removed from a face."""
    records = copy.deepcopy(load_pool().get(card).faces)
    ext = records[face]["mtgrules"]
    ext["abilities"] = [a for a in ext["abilities"] if key not in a]
    return {card: records}


@pytest.mark.parametrize("card, key, zone, line", [
    ("Lightning Bolt", "spell", "hand", "deals 3 damage"),
    ("Prodigal Sorcerer", "activated", "battlefield", "{T}: This creature deals 1 damage"),
    ("Conformance Herald", "trigger", "hand", "you gain 3 life"),
    ("Sphere of Resistance", "static", "battlefield", "Spells cost {1} more"),
    ("Gigadrowse", "keyword", "hand", "Replicate"),
    ("Seat of the Synod", "mana", "battlefield", "Add {U}"),
    ("Pacifism", "enchant", "hand", "Enchant creature"),
    ("Clone", "as_enters", "hand", "enter as a copy"),
    ("Ixidron", "cda", "hand", "power and toughness are each equal"),
    ("Sword of Fire and Ice", "activated", "battlefield", "Equip {2}"),
])
def test_a_broken_structured_form_is_refused_as_the_game_is_set_up(card, key, zone, line):
    """A temporary pool: the card with one kind of structured ability removed, given as the game's
    own card (it wins over the pool's); the game can't be set up, the error names card and line."""
    with pytest.raises(Unsupported, match="no structured form") as raised:
        new_game({"alice": {zone: [card]}}, cards=_without(card, key))
    assert raised.value.card == card and line in raised.value.ability


def test_a_scenario_with_a_broken_card_ends_unsupported(tmp_path):
    """End to end: the reference engine reports a scenario using a card whose structured form lacks
    one of its abilities as an error naming the card and the ability, not a pass."""
    bolt = copy.deepcopy(load_pool().get("Grapeshot").faces)
    for face in bolt:
        face["name"] = "Conformance Broken Grapeshot"
        face["text"] = face["text"].replace("Grapeshot", "Conformance Broken Grapeshot")
        face["mtgrules"] = {"test_card": True, "abilities": [{"keyword": "storm"}]}  # its spell removed
    (tmp_path / "AtomicCards.json").write_text(json.dumps({"meta": {}, "data": {"Conformance Broken Grapeshot": bolt}}))
    folder = tmp_path / "scenarios" / "broken"
    folder.mkdir(parents=True)
    (folder / "broken-card-unsupported.yaml").write_text(
        "id: broken-card-unsupported\ntitle: A card with a removed structured ability\nrules: [storm.a]\n"
        "source: {seed: 004_1ed1565688c40336.txt, line: 1}\neditions: [2026-08-07]\nfeatures: [storm]\n"
        "cards: [Conformance Broken Grapeshot, Mountain]\n"
        "setup:\n  players:\n    alice: {hand: [Conformance Broken Grapeshot], battlefield: [Mountain]}\n    bob: {}\n"
        "  turn: {active: alice, step: precombat-main, priority: alice}\n"
        "steps:\n  - {cast: Conformance Broken Grapeshot, by: alice, targets: [bob]}\n  - {resolve: all}\n"
        "expect:\n  - {player: bob, life: 19}\n")
    result = CliRunner().invoke(main, ["conform", "--engine", "reference", "--scenarios", str(tmp_path / "scenarios"),
                                       "--cards", str(tmp_path / "AtomicCards.json"), "--json", str(tmp_path / "r.json"),
                                       "--results", str(tmp_path / "r.jsonl"), "-q"])
    assert (tmp_path / "r.json").exists(), result.output
    outcome = json.loads((tmp_path / "r.json").read_text())["results"][0]
    assert outcome["outcome"] == "error", (result.output, outcome)
    assert "Conformance Broken Grapeshot" in outcome["detail"] and "deals 1 damage to any target" in outcome["detail"]


@pytest.mark.parametrize("kind", ["static", "triggered"])
def test_an_unsupported_static_or_triggered_ability_is_refused_after_any_action_on_the_battlefield(kind):
    """A game's own card declaring such an ability (no pool card needs these kinds today)."""
    card = {"Conformance Anthem": [{"name": "Conformance Anthem", "layout": "normal", "manaCost": "{2}", "types": ["Artifact"],
                                    "text": "Creatures you control get +1/+1.",
                                    "mtgrules": {"test_card": True, "unsupported": [{"ability": "Creatures you control get +1/+1.", "kind": kind, "reason": "no anthem effects"}]}}]}
    g = new_game({"alice": {"battlefield": ["Conformance Anthem"], "hand": ["Conformance Anthem"]}}, cards=card)
    _refuses(g, {"action": "pass_priority", "player": "alice"}, "Conformance Anthem", "+1/+1")
    g = new_game({"alice": {"hand": ["Conformance Anthem"]}}, cards=card)
    act(g, "pass_priority", player="alice")  # in a hand it does nothing: no refusal


def test_an_ability_that_never_matters_is_never_refused():
    g = new_game({"alice": {"battlefield": ["Leyline of the Void"]}, "bob": {"hand": ["Grizzly Bears"]}})
    act(g, "pass_priority", player="alice")
    act(g, "move", object=one(g, "Grizzly Bears")["id"], to="graveyard")
    assert one(g, "Grizzly Bears")["zone"] == "exile"  # its other ability works


def test_damage_to_a_planeswalker_is_refused_not_marked_as_on_a_creature():
    """120.3c: damage to a planeswalker removes loyalty counters; the model has none, so it says so."""
    liliana = {"card": "Liliana, Heretical Healer // Liliana, Defiant Necromancer", "transformed": True}
    g = new_game({"alice": {"hand": ["Lava Axe"]}, "bob": {"battlefield": [liliana]}})
    act(g, "cast", player="alice", card="Lava Axe", targets=[one(g, "Liliana, Defiant Necromancer")["id"]])
    _refuses(g, {"action": "resolve"}, "Lava Axe", "planeswalker")


def test_a_player_who_drew_from_an_empty_library_loses():
    """121.4, 704.5b: Deep Analysis makes bob draw two from his empty library; he loses at the next check."""
    g = new_game({"alice": {"hand": ["Deep Analysis"], "battlefield": ["Island", "Island", "Island", "Island"]}, "bob": {}})
    act(g, "cast", player="alice", card="Deep Analysis", targets=["bob"])
    act(g, "resolve")
    assert g.player("bob").lost and not g.player("alice").lost
    assert any(e["type"] == "player_lost" and e.get("rule") == "704.5b" for e in g.state.events)
