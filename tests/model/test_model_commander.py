"""The commander replacement (model/commander.py): 903.9b, and 903.9c for a merged commander."""

import pytest

from model_testkit import act, new_game, one


def _game(**choices):
    return new_game({"alice": {"battlefield": [{"card": "Gemrazer", "id": "m", "components": ["Grizzly Bears"], "mutated": True}]}},
                    players={"alice": {"commanders": ["Gemrazer"]}, "bob": {}})


@pytest.mark.rules("cr.current.commander-replacement", "cr.current.commander-merged", "merging.3d")
def test_merged_commander_bounced_goes_to_the_command_zone_and_the_other_card_to_the_hand():
    g = _game()
    act(g, "move", object="m", to="hand", choices={"may": True})
    assert one(g, "Gemrazer")["zone"] == "command"
    assert one(g, "Grizzly Bears")["zone"] == "hand"


@pytest.mark.rules("cr.current.commander-replacement")
def test_owner_may_decline_and_the_replacement_is_only_for_hand_or_library():
    g = _game()
    act(g, "move", object="m", to="hand", choices={"may": False})
    assert one(g, "Gemrazer")["zone"] == "hand"
    g = _game()
    act(g, "move", object="m", to="graveyard")
    assert one(g, "Gemrazer")["zone"] == "graveyard"  # 903.9b covers hand and library only
