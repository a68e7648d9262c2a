"""Madness across the model's editions. Seed 004 prints madness.a (702.33a, edition pre-2013) as
"that player discards it, but may exile it instead of putting it into his or her graveyard": the
exile is optional. The Comprehensive Rules of 23 January 2015 still say "may exile it"; those of
22 July 2016 and the current 702.35a say "exiles it", so in the model's editions 2016-04-08 and
2026-08-07 the card is always exiled (the spec's reading of madness.a)."""

import pytest

from keyword_testkit import card_zone
from model_testkit import act, events, new_game, one, refuse, top_of_stack

CAST_WURM = {"cast": {"card": "Arrogant Wurm", "alt_cost": "madness"}}


def wurm_game(edition: str):
    return new_game({"alice": {"hand": ["Arrogant Wurm"], "battlefield": ["Wild Mongrel"]}}, edition=edition)


def discard_to_mongrel(g, **choices):
    act(g, "activate", player="alice", object="Wild Mongrel", discard="Arrogant Wurm", **({"choices": choices} if choices else {}))


def wurm_moves(g, card_id):
    return [(e["from"], e["to"]) for e in events(g, "zone_change") if e["object"] == card_id]


@pytest.mark.rules("madness.a", "madness.q3")
def test_pre2013_a_player_may_discard_a_madness_card_into_the_graveyard():
    g = wurm_game("pre-2013")
    card = one(g, "Arrogant Wurm")["id"]
    discard_to_mongrel(g, madness="graveyard")
    assert card_zone(g, "Arrogant Wurm") == "graveyard"
    assert wurm_moves(g, card) == [("hand", "graveyard")]
    assert not [e for e in events(g, "trigger") if e.get("source") == card]
    assert events(g, "discard")[-1]["player"] == "alice"  # it is still discarded
    act(g, "resolve", all=True, choices={"color": "G"})
    assert refuse(g, "cast", player="alice", card="Arrogant Wurm", alternative_cost="madness")["rule"] == "madness.b"


@pytest.mark.rules("madness.a", "madness.b", "madness.q1")
def test_pre2013_a_player_who_chooses_to_exile_may_cast_the_card_for_its_madness_cost():
    g = wurm_game("pre-2013")
    discard_to_mongrel(g, madness="exile")
    assert card_zone(g, "Arrogant Wurm") == "exile"
    assert top_of_stack(g)["ability"]["text"] == "Madness"
    act(g, "resolve", choices=CAST_WURM)
    act(g, "resolve", all=True, choices={"color": "G"})
    assert card_zone(g, "Arrogant Wurm") == "battlefield"


@pytest.mark.rules("madness.a")
def test_pre2013_the_exile_is_an_option_taken_only_when_chosen():
    g = wurm_game("pre-2013")
    discard_to_mongrel(g)
    assert card_zone(g, "Arrogant Wurm") == "graveyard"


@pytest.mark.parametrize("edition", ["2016-04-08", "2026-08-07"])
@pytest.mark.rules("madness.a")
def test_later_editions_always_exile_the_discarded_card(edition):
    g = wurm_game(edition)
    card = one(g, "Arrogant Wurm")["id"]
    discard_to_mongrel(g, madness="graveyard")  # not asked: 702.35a has no option
    assert card_zone(g, "Arrogant Wurm") == "exile"
    assert wurm_moves(g, card) == [("hand", "exile")]
    assert top_of_stack(g)["ability"]["text"] == "Madness"


@pytest.mark.rules("madness.a", "dfc-2016.7")
def test_pre2013_plays_the_2016_rules_elsewhere():
    g = new_game({"alice": {"hand": ["Delver of Secrets"]}}, edition="pre-2013")
    assert g.snapshot()["edition"] == "pre-2013"
    # 711.7 of April 2016: a double-faced card is cast with its front face up (the current rules cite 712)
    assert refuse(g, "cast", player="alice", card="Delver of Secrets", transformed=True)["rule"] == "dfc-2016.7"


def test_the_setup_accepts_the_model_editions_only():
    from mtgrules.model.game import SetupError

    for edition in ("pre-2013", "2016-04-08", "2026-08-07"):
        assert new_game({}, edition=edition).snapshot()["edition"] == edition
    with pytest.raises(SetupError):
        new_game({}, edition="2013")
