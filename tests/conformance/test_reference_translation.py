"""The reference adapter builds the model's setups and actions from checked scenarios and tells the
model not to check them again (``validate=False``): here every setup and action the whole corpus
makes is checked against model/setup.schema.json and model/action.schema.json, so a translation
that goes wrong fails this test instead of reaching the model unchecked."""

from __future__ import annotations

import pytest

from mtgrules.conformance.engine import load_engine
from mtgrules.conformance.runner import Run, load_scenarios
from mtgrules.model import game as game_module
from mtgrules.model.schemas import first_problem


@pytest.fixture(scope="module")
def translations():
    """Every (setup, actions) pair the reference adapter gives the model over the corpus."""
    setups, actions = [], []
    real_setup, real_apply = game_module.Game.from_setup.__func__, game_module.Game.apply

    def from_setup(cls, setup, *, validate=True):
        setups.append(setup)
        return real_setup(cls, setup, validate=validate)

    def apply(self, action, *, validate=True):
        actions.append(action)
        return real_apply(self, action, validate=validate)

    scenarios, pool = load_scenarios()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game_module.Game, "from_setup", classmethod(from_setup))
        patch.setattr(game_module.Game, "apply", apply)
        results = Run(lambda: load_engine("reference"), scenarios, pool).run()
    return results, setups, actions


def test_the_corpus_gives_the_model_setups_and_actions(translations):
    results, setups, actions = translations
    played = [r for r in results if r["outcome"] != "skipped"]
    assert len(setups) >= len(played) > 100
    assert len(actions) > len(played)


def test_every_setup_the_adapter_builds_is_valid(translations):
    _, setups, _ = translations
    problems = [(s, first_problem(s, "setup")) for s in setups]
    assert [p for p in problems if p[1]] == []


def test_every_action_the_adapter_builds_is_valid(translations):
    _, _, actions = translations
    problems = [(a, first_problem(a, "action")) for a in actions]
    assert [p for p in problems if p[1]] == []


def test_the_model_still_checks_input_by_default():
    game = game_module.Game.from_setup({"players": {"alice": {}, "bob": {}}})
    refused = game.apply({"action": "cast", "player": "alice", "card": "Grizzly Bears", "half": 3})
    assert not refused.ok and refused.reason.startswith("malformed action")
    assert game.apply({"action": "cast", "player": "alice", "card": "Grizzly Bears", "half": 3}, validate=False).reason \
        != refused.reason
