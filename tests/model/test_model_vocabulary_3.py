"""The third part of the effect vocabulary (model/card.schema.json), one test per element, each on
real cards of cards/pool/vocabulary-3.yaml: mana abilities of nonland permanents, end-step and
discard triggers, intervening-if conditions (603.4), sacrifice and life costs, search, gain
control, counters, choices, and the triggered abilities of every component of a merged
permanent (702.140e)."""

import pytest

from model_testkit import act, chars, events, new_game, one, refuse

NO_MANA = {"alice": {}, "bob": {}}


@pytest.mark.rules("cr.current.mana-abilities")
def test_a_creatures_mana_ability_pays_a_cost():
    g = new_game({"alice": {"battlefield": ["Llanowar Elves", "Forest"], "hand": ["Grizzly Bears"]}}, players=NO_MANA)
    act(g, "cast", player="alice", card="Grizzly Bears")
    tapped = {e["object"]: e["mana"] for e in events(g, "mana_ability")}
    assert tapped == {one(g, "Llanowar Elves")["id"]: "G", one(g, "Forest")["id"]: "G"}


@pytest.mark.rules("cr.current.mana-abilities")
def test_lands_are_tapped_before_creatures_and_any_color_pays_a_colored_symbol():
    g = new_game({"alice": {"battlefield": ["Birds of Paradise", "Llanowar Elves", "Forest"], "hand": ["Counsel of the Soratami"]}}, players=NO_MANA)
    act(g, "cast", player="alice", card="Counsel of the Soratami")  # {2}{U}: the Birds for {U}, then the Forest, then one Elf
    used = [e["object"] for e in events(g, "mana_ability")]
    assert used[:2] == [one(g, "Birds of Paradise")["id"], one(g, "Forest")["id"]] and len(used) == 3
    assert events(g, "mana_ability")[0]["mana"] == "U"


@pytest.mark.rules("cr.current.summoning-sickness")
def test_a_creature_that_came_under_control_this_turn_cant_tap_for_mana():
    g = new_game({"alice": {"battlefield": [{"card": "Llanowar Elves", "sick": True}], "hand": ["Giant Growth"]}}, players=NO_MANA)
    assert refuse(g, "cast", player="alice", card="Giant Growth", targets=[one(g, "Llanowar Elves")["id"]])["rule"] == "cr.pre-2013.pay"


@pytest.mark.rules("cr.current.mana-abilities")
def test_a_mana_ability_adding_two_mana_pays_two_generic_and_the_rest_stays_in_the_pool():
    g = new_game({"alice": {"battlefield": ["Sol Ring", "Forest"], "hand": ["Grizzly Bears", "Giant Growth"]}}, players=NO_MANA)
    act(g, "cast", player="alice", card="Grizzly Bears")  # {1}{G}: the Forest's {G} and one of Sol Ring's {C}{C}
    assert {e["object"]: e["mana"] for e in events(g, "mana_ability")} == {one(g, "Forest")["id"]: "G", one(g, "Sol Ring")["id"]: "CC"}
    assert g.player("alice").pool.amounts.get("C") == 1


@pytest.mark.rules("cr.current.summoning-sickness", "cr.current.basic-land-types")
@pytest.mark.parametrize("sick", [True, False])
def test_a_land_creature_that_came_under_control_this_turn_cant_tap_for_mana(sick):
    """302.6 applies to every {T} cost of a creature, the mana ability of its basic land type too."""
    g = new_game({"alice": {"battlefield": [{"card": "Dryad Arbor", "sick": sick}], "hand": ["Giant Growth"]}}, players=NO_MANA)
    arbor = one(g, "Dryad Arbor")["id"]
    if sick:
        assert refuse(g, "cast", player="alice", card="Giant Growth", targets=[arbor])["rule"] == "cr.pre-2013.pay"
    else:
        act(g, "cast", player="alice", card="Giant Growth", targets=[arbor])
        assert [e["object"] for e in events(g, "mana_ability")] == [arbor]


@pytest.mark.rules("cr.current.end-step", "cr.current.intervening-if")
@pytest.mark.parametrize("tapped, life", [(2, 22), (1, 20)])
def test_end_step_trigger_with_an_intervening_if(tapped, life):
    bears = [{"card": "Grizzly Bears", "tapped": i < tapped} for i in range(2)]
    g = new_game({"alice": {"battlefield": ["Flight-Deck Coordinator", *bears]}}, turn={"active": "alice", "step": "postcombat-main", "priority": "alice"})
    act(g, "advance_to", step="end")
    assert len(g.snapshot()["stack"]) == (1 if tapped == 2 else 0)  # 603.4: no trigger without the condition
    if tapped == 2:
        act(g, "resolve")
    assert g.player("alice").life == life


@pytest.mark.rules("cr.current.intervening-if")
def test_the_intervening_if_is_checked_again_as_the_ability_resolves():
    bears = [{"card": "Grizzly Bears", "tapped": True}] * 2
    g = new_game({"alice": {"battlefield": ["Flight-Deck Coordinator", *bears]}}, turn={"active": "alice", "step": "postcombat-main", "priority": "alice"})
    act(g, "advance_to", step="end")
    act(g, "tap", object=g.snapshot()["battlefield"][1], untap=True)
    act(g, "resolve")
    assert g.player("alice").life == 20 and events(g, "resolve")[-1]["rule"] == "cr.current.intervening-if"


@pytest.mark.rules("cr.current.intervening-if")
@pytest.mark.parametrize("life, gained", [(10, 1), (11, 0)])
def test_upkeep_trigger_if_you_have_10_or_less_life(life, gained):
    g = new_game({"alice": {"battlefield": ["Convalescence"]}}, turn={"active": "alice", "step": "untap", "priority": "alice"},
                 players={"alice": {"life": life}, "bob": {}})
    act(g, "advance_to", step="draw")
    assert g.player("alice").life == life + gained


@pytest.mark.rules("cr.current.discard")
def test_whenever_an_opponent_discards_that_player_loses_life():
    g = new_game({"alice": {"hand": ["Mind Rot"], "battlefield": ["Liliana's Caress"]}, "bob": {"hand": ["Island", "Island", "Island"]}})
    act(g, "cast", player="alice", card="Mind Rot", targets=["bob"])
    act(g, "resolve")
    assert len(g.snapshot()["stack"]) == 2  # one trigger per card discarded, "that player" not targeted
    act(g, "resolve", all=True)
    assert g.player("bob").life == 16 and g.player("alice").life == 20


@pytest.mark.rules("cr.current.sacrifice", "cr.current.total-cost")
def test_sacrifice_a_creature_as_an_additional_cost():
    g = new_game({"alice": {"hand": ["Bone Splinters"], "battlefield": ["Savannah Lions"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    bears, lions = one(g, "Grizzly Bears")["id"], one(g, "Savannah Lions")["id"]
    assert refuse(g, "cast", player="alice", card="Bone Splinters", targets=[bears])["rule"] == "cr.current.sacrifice"
    assert refuse(g, "cast", player="alice", card="Bone Splinters", targets=[bears], sacrifice=bears)["rule"] == "cr.current.sacrifice"
    act(g, "cast", player="alice", card="Bone Splinters", targets=[bears], sacrifice=lions)
    assert one(g, "Savannah Lions")["zone"] == "graveyard" and events(g, "zone_change")[-2]["cause"] == "sacrifice"
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.pay-life")
@pytest.mark.parametrize("life, ok", [(3, True), (2, False)])
def test_pay_life_as_an_additional_cost(life, ok):
    g = new_game({"alice": {"hand": ["Grizzly Bears"]}, "bob": {"hand": ["Withering Boon"]}}, players={"alice": {"mana_pool": {"G": 2}}, "bob": {"life": life, "mana_pool": {"B": 2}}})
    spell = act(g, "cast", player="alice", card="Grizzly Bears")["value"]
    act(g, "pass_priority", player="alice")
    if not ok:
        assert refuse(g, "cast", player="bob", card="Withering Boon", targets=[spell])["rule"] == "cr.current.pay-life"
        return
    act(g, "cast", player="bob", card="Withering Boon", targets=[spell])
    act(g, "resolve", all=True)
    assert g.player("bob").life == 0 and one(g, "Grizzly Bears")["zone"] == "graveyard"


@pytest.mark.rules("cr.current.sacrifice", "cr.current.pay-life")
def test_activated_abilities_with_sacrifice_and_life_costs():
    g = new_game({"alice": {"battlefield": ["Mogg Fanatic", "Nantuko Husk", "Grizzly Bears", "Greed"], "library": ["Island"]}})
    act(g, "activate", player="alice", object=one(g, "Mogg Fanatic")["id"], targets=["bob"])
    assert one(g, "Mogg Fanatic", "graveyard")  # the cost is paid as it is activated
    act(g, "resolve")
    assert g.player("bob").life == 19
    husk = one(g, "Nantuko Husk")["id"]
    assert refuse(g, "activate", player="alice", object=husk)["rule"] == "cr.current.sacrifice"
    act(g, "activate", player="alice", object=husk, sacrifice=one(g, "Grizzly Bears")["id"])
    act(g, "resolve")
    assert chars(g, "Nantuko Husk", "battlefield")["power"] == 4  # a 2/2 that got +2/+2
    act(g, "activate", player="alice", object=one(g, "Greed")["id"])
    act(g, "resolve")
    assert g.player("alice").life == 18 and one(g, "Island")["zone"] == "hand"


@pytest.mark.rules("cr.current.search", "cr.current.shuffle")
def test_search_for_a_basic_land_onto_the_battlefield_tapped():
    g = new_game({"alice": {"hand": ["Rampant Growth"], "library": ["Grizzly Bears", "Seat of the Synod", "Forest"]}})
    act(g, "cast", player="alice", card="Rampant Growth")
    assert refuse(g, "resolve", choices={"search": ["Seat of the Synod"]})["rule"] == "cr.current.search"  # not basic
    act(g, "resolve")  # by default the first basic land card from the top
    forest = one(g, "Forest")
    assert forest["zone"] == "battlefield" and forest["tapped"] and events(g, "shuffle")


@pytest.mark.rules("cr.current.search")
def test_a_search_may_find_nothing_and_a_tutor_puts_the_card_into_the_hand():
    g = new_game({"alice": {"hand": ["Demonic Tutor", "Lay of the Land"], "library": ["Grizzly Bears", "Forest"]}})
    act(g, "cast", player="alice", card="Lay of the Land")
    act(g, "resolve", choices={"search": []})  # 701.23b
    assert one(g, "Forest")["zone"] == "library"
    act(g, "cast", player="alice", card="Demonic Tutor")
    act(g, "resolve", choices={"search": ["Forest"]})
    assert one(g, "Forest")["zone"] == "hand" and one(g, "Grizzly Bears")["zone"] == "library"


@pytest.mark.rules("cr.current.control-changing", "cr.current.summoning-sickness")
def test_gain_control_until_end_of_turn_then_it_returns():
    g = new_game({"alice": {"hand": ["Act of Treason"]}, "bob": {"battlefield": [{"card": "Grizzly Bears", "tapped": True}]}})
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "cast", player="alice", card="Act of Treason", targets=[bears])
    act(g, "resolve")
    o = one(g, "Grizzly Bears")
    assert (o["controller"], o["tapped"], "Haste" in o["characteristics"]["keywords"]) == ("alice", False, True)
    act(g, "declare_attackers", player="alice", attackers={bears: "bob"})  # haste: it may attack this turn
    act(g, "end_turn")
    assert one(g, "Grizzly Bears")["controller"] == "bob"


@pytest.mark.rules("cr.current.control-changing", "cr.current.targets")
def test_gain_control_without_duration_with_a_restricted_target():
    g = new_game({"alice": {"hand": ["Ritual of the Machine"], "battlefield": ["Savannah Lions"]}, "bob": {"battlefield": ["Grizzly Bears", "Grinning Demon"]}})
    lions = one(g, "Savannah Lions")["id"]
    assert refuse(g, "cast", player="alice", card="Ritual of the Machine", targets=[one(g, "Grinning Demon")["id"]], sacrifice=lions)["rule"]
    act(g, "cast", player="alice", card="Ritual of the Machine", targets=[one(g, "Grizzly Bears")["id"]], sacrifice=lions)
    act(g, "resolve")
    act(g, "end_turn")
    assert one(g, "Grizzly Bears")["controller"] == "alice"


@pytest.mark.rules("cr.current.counters", "cr.current.counter-pairs")
def test_counters_and_their_annihilation():
    g = new_game({"alice": {"hand": ["Battlegrowth", "Skinrender"], "battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Centaur Courser"]}})
    bears = one(g, "Grizzly Bears")["id"]
    act(g, "cast", player="alice", card="Battlegrowth", targets=[bears])
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["counters"] == {"+1/+1": 1} and chars(g, "Grizzly Bears")["power"] == 3
    act(g, "cast", player="alice", card="Skinrender")
    act(g, "resolve", choices={"targets": [one(g, "Centaur Courser")["id"]]})
    act(g, "resolve")
    assert one(g, "Centaur Courser")["zone"] == "graveyard"  # three -1/-1 counters on a 3/3


@pytest.mark.rules("cr.current.counter-pairs")
def test_plus_and_minus_counters_annihilate():
    g = new_game({"alice": {"hand": ["Battlegrowth"], "battlefield": [{"card": "Grizzly Bears", "counters": {"-1/-1": 1}}]}})
    act(g, "cast", player="alice", card="Battlegrowth", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert one(g, "Grizzly Bears")["counters"] == {} and chars(g, "Grizzly Bears")["power"] == 2
    assert events(g, "counters")[-1]["rule"] == "cr.current.counter-pairs"


@pytest.mark.rules("cr.current.choose-creature-type")
def test_choose_a_creature_type_and_the_effects_that_use_it():
    g = new_game({"alice": {"hand": ["Crippling Fear", "Kindred Dominance"], "battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Enormous Baloth", "Savannah Lions"]}})
    act(g, "cast", player="alice", card="Crippling Fear")
    assert refuse(g, "resolve")["rule"] == "cr.current.choose-creature-type"
    for not_a_type in ("Forest", "Bears", "Kindred"):  # a land type, a misspelling, a card type: not in 205.3m's list
        assert "not a creature type" in refuse(g, "resolve", choices={"creature_type": not_a_type})["reason"]
    act(g, "resolve", choices={"creature_type": "Bear"})
    assert one(g, "Grizzly Bears")["zone"] == "battlefield" and one(g, "Savannah Lions")["zone"] == "graveyard"
    assert chars(g, "Enormous Baloth")["power"] == 4 and chars(g, "Grizzly Bears")["power"] == 2
    act(g, "cast", player="alice", card="Kindred Dominance")
    act(g, "resolve", choices={"creature_type": "Beast"})
    assert one(g, "Grizzly Bears")["zone"] == "graveyard" and one(g, "Enormous Baloth")["zone"] == "battlefield"


@pytest.mark.rules("cr.current.choose-color")
def test_choose_a_color_persecute():
    g = new_game({"alice": {"hand": ["Persecute"]}, "bob": {"hand": ["Lightning Bolt", "Giant Growth", "Shock"]}})
    act(g, "cast", player="alice", card="Persecute", targets=["bob"])
    assert refuse(g, "resolve")["rule"] == "cr.current.choose-color"
    act(g, "resolve", choices={"color": "R"})
    assert [o["card"] for o in g.snapshot()["objects"].values() if o["zone"] == "hand"] == ["Giant Growth"]


@pytest.mark.rules("cr.current.choose-card-name", "cr.current.as-enters", "morph.q12")
def test_meddling_mage_chooses_a_name_as_it_enters():
    g = new_game({"alice": {"hand": ["Meddling Mage"]}, "bob": {"hand": ["Lightning Bolt"]}})
    act(g, "cast", player="alice", card="Meddling Mage")
    assert refuse(g, "resolve")["rule"] == "cr.current.choose-card-name"
    assert refuse(g, "resolve", choices={"name": "Forest"})["rule"] == "cr.current.choose-card-name"  # nonland
    act(g, "resolve", choices={"name": "Lightning Bolt"})
    act(g, "pass_priority", player="alice")
    assert refuse(g, "cast", player="bob", card="Lightning Bolt", targets=["alice"])["rule"] == "morph.q12"


@pytest.mark.rules("cr.current.mutate")
def test_a_non_topmost_components_dies_trigger_triggers():
    """702.140e: Liliana, under Gemrazer, still has "Whenever another nontoken creature you
    control dies, exile Liliana ...": it triggers when the Bears die."""
    merged = {"card": "Gemrazer", "components": ["Liliana, Heretical Healer // Liliana, Defiant Necromancer"], "mutated": True}
    g = new_game({"alice": {"battlefield": [merged, "Grizzly Bears"]}, "bob": {"hand": ["Lightning Bolt"]}},
                 turn={"active": "bob", "step": "precombat-main", "priority": "bob"})
    act(g, "cast", player="bob", card="Lightning Bolt", targets=[one(g, "Grizzly Bears")["id"]])
    act(g, "resolve")
    assert [e["text"] for e in events(g, "trigger")][-1].startswith("Whenever another nontoken creature you control dies")


@pytest.mark.rules("cr.current.mutate")
def test_a_non_topmost_components_upkeep_trigger_triggers():
    merged = {"card": "Gemrazer", "components": ["Grinning Demon"], "mutated": True}
    g = new_game({"alice": {"battlefield": [merged]}}, turn={"active": "alice", "step": "untap", "priority": "alice"})
    act(g, "advance_to", step="draw")
    assert g.player("alice").life == 18  # Grinning Demon's upkeep trigger, under Gemrazer


@pytest.mark.rules("cr.current.sacrifice")
def test_legal_actions_offer_a_sacrifice_a_creature_cost_with_a_permanent_to_sacrifice():
    from mtgrules.model.offers import legal_actions

    g = new_game({"alice": {"hand": ["Altar's Reap"], "battlefield": ["Nantuko Husk", "Grizzly Bears"], "library": ["Island", "Island"]}})
    offered = legal_actions(g, "alice")
    assert any(a["action"] == "cast" and a["card"] == one(g, "Altar's Reap")["id"] and a.get("sacrifice") for a in offered)
    assert any(a["action"] == "activate" and a["object"] == one(g, "Nantuko Husk")["id"] and a.get("sacrifice") for a in offered)


@pytest.mark.rules("cr.current.total-cost", "cr.current.generic-reduction")
def test_increases_are_added_before_reductions_are_taken_off():
    """601.2f: a +1 increase and a -1 reduction on Lightning Bolt ({R}): added first, {1}{R} less 1 is
    {R}; the other way round the reduction would find no generic mana and the total be {1}{R}."""
    effects = [{"kind": "cost_modifier", "generic": -1, "player": "alice"}, {"kind": "cost_modifier", "generic": 1}]
    g = new_game({"alice": {"hand": ["Lightning Bolt"]}}, effects=effects)
    act(g, "cast", player="alice", card="Lightning Bolt", targets=["bob"])
    assert events(g, "cast")[-1]["cost"] == "{R}"


def _snapcaster(targets):
    g = new_game({"alice": {"hand": ["Snapcaster Mage"], "graveyard": ["Burst Lightning", "Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Snapcaster Mage")
    act(g, "resolve", choices={"targets": targets(g)})
    return g


@pytest.mark.rules("flashback.a", "cr.current.kicker", "cr.current.total-cost")
def test_a_card_given_flashback_is_cast_from_the_graveyard_with_kicker_and_exiled():
    """Snapcaster Mage gives Burst Lightning flashback ({R}, its mana cost); cast with flashback and
    kicker, the total cost is {4}{R} (601.2f), it deals 4 damage, and it is exiled (702.34a)."""
    g = _snapcaster(lambda g: [one(g, "Burst Lightning")["id"]])
    act(g, "resolve")  # the enters trigger
    assert "Flashback" in chars(g, "Burst Lightning")["keywords"]
    act(g, "cast", player="alice", card="Burst Lightning", alternative_cost="flashback", kicked=True, targets=["bob"])
    assert events(g, "cast")[-1]["cost"] == "{4}{R}"
    act(g, "resolve")
    assert g.player("bob").life == 16 and one(g, "Burst Lightning")["zone"] == "exile"


@pytest.mark.rules("flashback.a", "cr.current.targets")
def test_gained_flashback_targets_only_an_instant_or_sorcery_card_and_ends_with_the_turn():
    g = new_game({"alice": {"hand": ["Snapcaster Mage"], "graveyard": ["Burst Lightning", "Grizzly Bears"]}})
    act(g, "cast", player="alice", card="Snapcaster Mage")
    assert refuse(g, "resolve", choices={"targets": [one(g, "Grizzly Bears")["id"]]})["rule"] == "cr.current.targets"
    g = _snapcaster(lambda g: [one(g, "Burst Lightning")["id"]])
    act(g, "resolve")
    act(g, "advance_to", step="upkeep", next_turn=True)  # bob's turn: the effect ended in the cleanup step (514.2)
    act(g, "pass_priority", player="bob")
    assert "Flashback" not in chars(g, "Burst Lightning")["keywords"]
    assert refuse(g, "cast", player="alice", card="Burst Lightning", alternative_cost="flashback", targets=["bob"])["rule"] == "flashback.a"


@pytest.mark.rules("flashback.a")
def test_legal_actions_offer_casting_a_card_with_gained_flashback():
    from mtgrules.model.offers import legal_actions

    g = _snapcaster(lambda g: [one(g, "Burst Lightning")["id"]])
    bolt = one(g, "Burst Lightning")["id"]
    assert not any(a.get("card") == bolt for a in legal_actions(g, "alice"))  # not yet: the trigger is on the stack
    act(g, "resolve")
    assert any(a["action"] == "cast" and a["card"] == bolt and a.get("alternative_cost") == "flashback" for a in legal_actions(g, "alice"))
