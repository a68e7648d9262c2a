"""The rollback journal (model/journal.py): a refused or failing action leaves the state exactly as
it was, judged against a reference deep copy taken before it, on the corpus's mechanics (the fuzz
kits' generated games) and on the journal's own cases (nesting, values stored during an action)."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.conformance.adapters.reference.capabilities import FEATURES
from mtgrules.conformance.fuzz.candidates import Table
from mtgrules.conformance.fuzz.kits import pool as card_pool
from mtgrules.conformance.fuzz.kits import usable_kits
from mtgrules.conformance.fuzz.strategies import request, setup_cards, setups
from mtgrules.conformance.runner import _engine_step
from mtgrules.model import actions as model_actions
from mtgrules.model.game import Game
from mtgrules.model.journal import SHARED, TDict, TList, journal_of
from mtgrules.model.objects import GameObject
from mtgrules.model.offers import legal_actions

from model_testkit import new_game

KITS = usable_kits(list(FEATURES))


def _same(game, before_state, before_snapshot, events: int) -> None:
    assert game.state == before_state  # every field of every object (dataclass equality, deep)
    assert game.snapshot() == before_snapshot
    assert len(game.events) == events


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_a_refused_action_leaves_the_state_as_a_deep_copy_taken_before_it(data):
    """Random games of the fuzz kits (the corpus's mechanics): before each candidate step, a deep copy of
    the state; a step the model refuses must leave the state equal to it, and so must listing the legal
    actions (every try rolled back, accepted or not). Accepted steps are played on."""
    setup, _, labels, _ = data.draw(setups(KITS))
    table = Table(request(setup, setup_cards(setup), card_pool()), card_pool(), sorted({f for k in KITS for f in k.features}), list(labels))
    game = table.game
    refused = 0
    for _ in range(data.draw(st.integers(3, 10))):
        options = table.candidates()
        if not options:
            break
        step = data.draw(st.sampled_from(options))
        before, snap, events = copy.deepcopy(game.state), game.snapshot(), len(game.events)
        if len(table.engine.driver.translate(_engine_step(step))) > 1:
            continue  # a step of several actions: the adapter restores those itself
        if table.apply(step) != "ok":
            refused += 1
            _same(game, before, snap, events)
        if game.state.priority is not None:
            before, snap, events = copy.deepcopy(game.state), game.snapshot(), len(game.events)
            legal_actions(game, game.state.priority)
            _same(game, before, snap, events)


def _untracked(value, journal, where: str, seen: set) -> list[str]:
    """Where the state holds a value its journal would not see change: a plain list or dict, or an object
    not attached to ``journal`` (the invariant after every action that lets a commit skip its take-over)."""
    kind = type(value)
    if kind in SHARED or id(value) in seen:
        return []
    seen.add(id(value))
    if kind in (list, dict) or kind in (TList, TDict) and value._j is not journal:
        return [where]
    if kind in (TList, tuple, frozenset):
        return [w for i, v in enumerate(value) for w in _untracked(v, journal, f"{where}[{i}]", seen)]
    if kind is TDict:
        return [w for k, v in value.items() for w in _untracked(v, journal, f"{where}[{k!r}]", seen)]
    fields = getattr(value, "__dict__", None)
    if fields is None:
        return []
    if fields.get("_j") is not journal:
        return [where]
    return [w for name, v in fields.items() if name[0] != "_" and name not in kind._untracked
            for w in _untracked(v, journal, f"{where}.{name}", seen)]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_after_every_action_the_whole_state_is_tracked(data):
    """Random games of the fuzz kits: after each step the model accepts, every value of the state is tracked
    by its journal (so a commit with nothing ``loose`` has nothing to take over, model/journal.py)."""
    setup, _, labels, _ = data.draw(setups(KITS))
    table = Table(request(setup, setup_cards(setup), card_pool()), card_pool(), sorted({f for k in KITS for f in k.features}), list(labels))
    game = table.game
    for _ in range(data.draw(st.integers(3, 10))):
        options = table.candidates()
        if not options:
            break
        if table.apply(data.draw(st.sampled_from(options))) == "ok":
            journal = journal_of(game.state)
            assert not journal.loose and _untracked(game.state, journal, "state", set()) == []


def _fresh_characteristics_agree(game) -> None:
    """The game's cached characteristics of every object, and its snapshot, are those a new facade over the
    same state (no cache from before) computes."""
    fresh = Game(game.state)
    for obj in list(game.state.objects.values()):
        assert game.characteristics(obj) == fresh.characteristics(obj), obj.id
    assert game.snapshot() == fresh.snapshot()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.data())
def test_cached_characteristics_are_never_stale(data):
    """Random games of the fuzz kits: after every step (accepted, refused and rolled back) and after listing the
    legal actions (every try rolled back), the characteristics the game has cached for its state's version
    (model/game.py: kept from the action's last look for state-based actions, or from an earlier reading) are
    the ones computed afresh."""
    setup, _, labels, _ = data.draw(setups(KITS))
    table = Table(request(setup, setup_cards(setup), card_pool()), card_pool(), sorted({f for k in KITS for f in k.features}), list(labels))
    game = table.game
    _fresh_characteristics_agree(game)
    for _ in range(data.draw(st.integers(3, 10))):
        options = table.candidates()
        if not options:
            break
        table.apply(data.draw(st.sampled_from(options)))
        _fresh_characteristics_agree(game)
        if game.state.priority is not None:
            legal_actions(game, game.state.priority)
            _fresh_characteristics_agree(game)


def test_characteristics_of_an_action_that_stored_plain_values_follow_later_changes(monkeypatch):
    """An action that stores a plain effect (read by its last look for state-based actions while not tracked)
    leaves those characteristics cached for the state after it; a later change, a refused action's rollback,
    each gives new ones."""
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})

    def pump_plain(game, action):
        bears = game.obj("Grizzly Bears")
        game.state.effects.append({"kind": "pump", "object": bears.id, "power": 2, "toughness": 2, "timestamp": game.tick(), "until": None})

    def refused(game, action):
        game.obj("Grizzly Bears").counters["+1/+1"] = 3
        raise model_actions.IllegalAction(None, "no")

    monkeypatch.setitem(model_actions.ACTIONS, "pump_plain", pump_plain)
    monkeypatch.setitem(model_actions.ACTIONS, "refused", refused)
    assert g.apply({"action": "pump_plain"}, validate=False).ok
    bears = g.obj("Grizzly Bears")
    assert g.characteristics(bears).power == 4
    _fresh_characteristics_agree(g)
    g.state.effects[-1]["power"] = 5  # tracked now: a new version
    assert g.characteristics(bears).power == 7
    assert not g.apply({"action": "refused"}, validate=False).ok
    assert g.characteristics(bears).power == 7
    _fresh_characteristics_agree(g)


def test_a_change_after_the_last_look_for_state_based_actions_is_not_hidden_by_it(monkeypatch):
    """The characteristics of an action's last look are kept only for the state version they were computed in:
    a (tracked) change after that look, here put there by a patched ``after_action``, gives new ones."""
    from mtgrules.model import game as game_module

    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})

    def pump_plain(game, action):  # a plain value stored: the look reads while values are loose
        game.state.effects.append({"kind": "pump", "object": game.obj("Grizzly Bears").id, "power": 2, "toughness": 2,
                                   "timestamp": game.tick(), "until": None})

    def then_a_counter(game, action):
        original(game, action)
        game.obj("Grizzly Bears").counters["+1/+1"] = 1

    original = game_module.after_action
    monkeypatch.setitem(model_actions.ACTIONS, "pump_plain", pump_plain)
    monkeypatch.setattr(game_module, "after_action", then_a_counter)
    assert g.apply({"action": "pump_plain"}, validate=False).ok
    assert g.characteristics(g.obj("Grizzly Bears")).power == 5
    _fresh_characteristics_agree(g)


def test_a_failing_action_is_rolled_back_too(monkeypatch):
    """A defect of the model (an exception other than a refusal) leaves the state as it was, then is raised."""
    g = new_game({"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Grizzly Bears"]}})
    before, snap, events = copy.deepcopy(g.state), g.snapshot(), len(g.events)

    def broken(game, action):
        bears = game.obj("Grizzly Bears")
        bears.tapped = True
        bears.counters["+1/+1"] = 2
        game.state.stack.append(bears.id)
        game.state.effects.append({"kind": "new", "list": [1]})
        game.log("note")
        raise RuntimeError("a defect")

    monkeypatch.setitem(model_actions.ACTIONS, "broken", broken)
    with pytest.raises(RuntimeError):
        g.apply({"action": "broken"}, validate=False)
    _same(g, before, snap, events)


def test_nested_transactions_roll_back_to_their_own_beginning():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    journal = journal_of(g.state)
    bears = g.obj("Grizzly Bears")
    outer = journal.begin()
    bears.damage = 1
    inner = journal.begin()
    bears.damage = 2
    bears.counters["x"] = 1
    g.state.exile.append("z")
    journal.rollback(inner)
    assert (bears.damage, dict(bears.counters), list(g.state.exile)) == (1, {}, [])
    inner = journal.begin()
    bears.tapped = True
    journal.commit(inner)
    assert bears.tapped
    journal.rollback(outer)
    assert (bears.damage, bears.tapped) == (0, False)


def test_setdefault_of_a_key_present_is_a_read():
    """``combat(game)`` asks ``setdefault`` of keys that are there on every call: no new version of the state
    (which would drop the cached characteristics), nothing saved, nothing loose; a key that is missing is
    stored and rolled back like any other write."""
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    journal = journal_of(g.state)
    combat = g.state.combat
    dict.__setitem__(combat, "order", TDict())
    combat["order"]._j, combat["order"]._g = journal, 0
    depth = journal.begin()
    version = journal.version
    assert combat.setdefault("order", {}) is combat["order"]
    assert (journal.version, journal.saved, journal.loose) == (version, [], False)
    combat.setdefault("blocked", [])
    assert journal.version == version + 1 and journal.loose
    journal.rollback(depth)
    assert "blocked" not in combat and "order" in combat


def test_values_stored_during_an_action_are_tracked_after_it():
    """A plain dict an action stores and then changes keeps the change; after the action it is tracked, so
    a later refused action that changes it is rolled back."""
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    journal = journal_of(g.state)
    depth = journal.begin()
    effect = {"kind": "note", "objects": []}
    g.state.effects.append(effect)
    effect["objects"].append("o1")  # after storing it: a plain value the journal does not see yet
    obj = GameObject(id="new", owner="alice", controller="alice", zone="exile", components=[])
    g.state.objects["new"] = obj
    journal.commit(depth)
    stored = g.state.effects[-1]
    assert type(stored) is TDict and type(stored["objects"]) is TList and stored == {"kind": "note", "objects": ["o1"]}
    assert type(g.state.objects["new"].counters) is TDict and g.state.objects["new"] is obj  # attached in place
    depth = journal.begin()
    stored["objects"].append("o2")
    obj.linked.append("o3")
    journal.rollback(depth)
    assert stored["objects"] == ["o1"] and obj.linked == []


def test_a_deep_copy_is_plain_and_a_state_of_unknown_values_is_refused():
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    journal_of(g.state)
    copied = copy.deepcopy(g.state)
    assert type(copied.battlefield) is list and copied == g.state and "_j" not in copied.__dict__
    g.state.combat["odd"] = {1, 2}  # a set: the journal could not put it back
    with pytest.raises(TypeError, match="set"):
        g.apply({"action": "pass"}, validate=False)


def test_characteristics_between_actions_follow_every_change_of_the_state():
    """Cached per version of the state between actions: a change (tracked, or a plain value stored outside an
    action) gives the new characteristics, the same as computing them afresh."""
    from mtgrules.model.continuous import characteristics

    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    g.apply({"action": "pass"}, validate=False)
    bears = g.obj("Grizzly Bears")
    assert g.characteristics(bears) is g.characteristics(bears)  # cached: nothing changed
    bears.counters["+1/+1"] = 1
    assert g.characteristics(bears).power == characteristics(g, bears).power == 3
    effect = {"kind": "pump", "object": bears.id, "power": 0, "toughness": 0, "timestamp": g.tick(), "until": None}
    g.state.effects.append(effect)
    first = g.characteristics(bears)
    effect["power"] = 5  # a plain dict stored outside an action, changed in place: not cached
    assert g.characteristics(bears) == characteristics(g, bears) and first is not g.characteristics(bears)


def test_characteristics_inside_an_action_follow_a_value_stored_and_changed_in_it(monkeypatch):
    """Inside an action the cache holds while every value is tracked; a plain value stored there (changed in
    place afterwards, unseen by the journal) turns it off until the action ends."""
    g = new_game({"alice": {"battlefield": ["Grizzly Bears"]}})
    seen = []

    def pump_late(game, action):
        bears = game.obj("Grizzly Bears")
        seen.append(game.characteristics(bears) is game.characteristics(bears))  # cached: nothing changed
        effect = {"kind": "pump", "object": bears.id, "power": 0, "toughness": 0, "timestamp": game.tick(), "until": None}
        game.state.effects.append(effect)
        seen.append(game.characteristics(bears).power)
        effect["power"] = 3
        seen.append(game.characteristics(bears).power)

    monkeypatch.setitem(model_actions.ACTIONS, "pump_late", pump_late)
    assert g.apply({"action": "pump_late"}, validate=False).ok
    assert seen == [True, 2, 5]
    assert g.characteristics(g.obj("Grizzly Bears")).power == 5
