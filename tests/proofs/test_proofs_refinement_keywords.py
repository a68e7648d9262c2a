"""Refinement for seed 004's keywords: Hypothesis draws concrete situations, the reference model
plays them through its public interface (Game.from_setup, apply, snapshot, events), and Z3
evaluates the formalization's invariant and step properties (storm, costs, double strike,
amplify, madness) under the model's outcome. A disagreement is a bug in the model or in the
formalization; the assertion message gives the situation. Each refinement has a test with a
deliberately wrong model (monkeypatched) showing that it is not vacuous."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mtgrules.proofs import amplify, costs, madness, storm
from mtgrules.proofs.refinement import (amplify_event, amplify_values, broken_clauses, costs_event, costs_values, double_strike_broken,
                                        double_strike_same, madness_values, storm_values)

game_mod = pytest.importorskip("mtgrules.model.game")
Game = game_mod.Game

#: more examples for a longer hunt: MTGRULES_REFINEMENT_EXAMPLES=500 python -m pytest tests/proofs/test_proofs_refinement_keywords.py
SETTINGS = settings(max_examples=int(os.environ.get("MTGRULES_REFINEMENT_EXAMPLES", 25)), deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = {"W": 20, "U": 20, "B": 20, "R": 20, "G": 20, "C": 20}


def new_game(zones: dict, **setup) -> Game:
    setup.setdefault("players", {"alice": {"mana_pool": dict(MANY)}, "bob": {"mana_pool": dict(MANY)}})
    return Game.from_setup({"zones": zones, **setup})


def act(game, history, action: str, **fields):
    result = game.apply({"action": action, **fields})
    history.append({"action": action, **fields, "ok": result.ok, **({} if result.ok else {"refused": f"{result.rule}: {result.reason}"})})
    return result


def situation(history, **more) -> str:
    return json.dumps({"actions": history, **more}, indent=1, default=str)


# ============================================================================ storm
STORM_CARDS = {"Grapeshot": 1, "Conformance Twin-Storm Bolt": 2}


def _storm_hand():
    return [*["Lightning Bolt"] * 3, "Shock", "Shock", "Grapeshot", "Grapeshot", "Conformance Twin-Storm Bolt"]


def cast_count(snapshot) -> int:
    """The engine's count of spells cast this turn (all players': storm counts every spell)."""
    return sum(p.get("spells_cast_this_turn", 0) for p in snapshot["players"].values())


def play_storm(actions: list[str]):
    """Play ``actions`` and decode each into at most one of :class:`storm.Storm`'s events; yields
    (history, pre values, post values, event or None) for the refinement check."""
    game = new_game({"alice": {"hand": _storm_hand(), "graveyard": ["Lightning Bolt", "Grapeshot"]},
                     "bob": {"hand": _storm_hand(), "graveyard": ["Lightning Bolt", "Grapeshot"]}})
    system = storm.Storm(k=len(actions) + 1)
    formal: list[int] = []  # the formal events so far
    turn_start = 0
    cast_at: dict[str, int] = {}  # spell object -> its index in the formal history
    trigger_of: dict[str, str] = {}  # storm trigger object -> spell
    history: list = []
    for name in actions:
        snap = game.snapshot()
        actor = snap["turn"]["priority"] or snap["turn"]["active"]
        other = "bob" if actor == "alice" else "alice"
        pre_count = cast_count(snap)
        if name in ("Lightning Bolt", "Shock", "Grapeshot", "Conformance Twin-Storm Bolt"):
            hand = [o for o in snap["players"][actor]["hand"] if snap["objects"][o]["card"] == name]
            if not hand:
                continue
            result = act(game, history, "cast", player=actor, object=hand[0], targets=[other])
        elif name == "copy":
            spells = [o for o in snap["stack"] if snap["objects"][o]["ability"] is None]
            if not spells:
                continue
            result = act(game, history, "copy_spell", object=spells[-1], player=actor)
        elif name.startswith("cast_copy"):
            card = "Grapeshot" if name.endswith("storm") else "Lightning Bolt"
            grave = [o for o in snap["players"][actor]["graveyard"] if snap["objects"][o]["card"] == card]
            if not grave:
                continue
            result = act(game, history, "cast_copy", player=actor, object=grave[0], targets=[other])
        elif name == "resolve":
            if not snap["stack"]:
                continue
            result = act(game, history, "resolve")
        elif name == "pass":  # the other player gets priority and may cast spells too (storm.q1)
            result = act(game, history, "pass_priority", player=actor)
        else:  # end_turn, only with an empty stack (the formalization's new turn)
            if snap["stack"]:
                continue
            result = act(game, history, "end_turn")
        if not result.ok:
            continue
        post_snap = game.snapshot()
        pre_history, pre_start = list(formal), turn_start
        event, trigger, copies = None, None, -1
        for e in result.events:
            kind = e["type"]
            if kind == "cast":
                cast_at[e["object"]] = len(formal)
                event = storm.CAST_STORM if e["card"] in STORM_CARDS else (storm.CAST_COPY if e.get("copy") else storm.CAST)
                formal.append(event)
                if event == storm.CAST_STORM:
                    # the formal event "casts a spell with storm" puts its instances' trigger on the stack (storm.b)
                    made = [x for x in result.events if x["type"] == "trigger" and x.get("text") == "Storm" and x.get("source") == e["object"]]
                    assert len(made) == STORM_CARDS[e["card"]], situation(history, note="storm didn't trigger once per instance", triggers=made)
            elif kind == "copied" and not e.get("cast") and e.get("cause") != "storm":
                event = storm.COPY
                formal.append(event)
            elif kind == "trigger" and e.get("text") == "Storm":
                trigger_of[e["object"]] = e["source"]
            elif kind == "resolve" and e["object"] in trigger_of:
                spell = trigger_of[e["object"]]
                copies = sum(1 for x in result.events if x["type"] == "copied" and x.get("cause") == "storm" and x["of"] == spell)
                # storm.b: each instance triggers separately: one model trigger is one instance
                trigger = {"instances": 1, "count": 0, "cast_at": cast_at[spell]}
                event = storm.RESOLVE
                formal.append(event)
            elif kind == "end_turn":
                event = storm.NEW_TURN
                formal.append(event)
                turn_start = len(formal)
        decoded = [x for x in formal[len(pre_history):]]
        assert len(decoded) <= 1, situation(history, decoded=decoded)
        pre = storm_values(system, pre_history, pre_count, pre_start, trigger)
        post = storm_values(system, formal, cast_count(post_snap), turn_start, None, copies)
        yield system, history, pre, post, ({"event": event, "instances": 1, "trigger": 0} if event is not None else None)


STORM_ACTIONS = st.lists(st.sampled_from(["Lightning Bolt", "Shock", "Grapeshot", "Conformance Twin-Storm Bolt", "copy", "cast_copy",
                                          "cast_copy_storm", "resolve", "resolve", "pass", "end_turn"]), min_size=1, max_size=9)


def check_storm(actions):
    for system, history, pre, post, event in play_storm(actions):
        broken = broken_clauses(system, pre, post, event) if event is not None else broken_clauses(system, post)
        assert not broken, situation(history, broken=broken, pre=pre, post=post, event=event)


@pytest.mark.rules("storm.a", "storm.b", "storm.q2", "storm.q3", "storm.q4", "storm.q5")
@SETTINGS
@given(STORM_ACTIONS)
@example(["Lightning Bolt", "resolve", "Shock", "resolve", "Conformance Twin-Storm Bolt", "resolve", "resolve", "resolve"])
@example(["cast_copy", "resolve", "Grapeshot", "copy", "resolve", "resolve", "end_turn", "Shock", "Grapeshot", "resolve"])
def test_model_storm_satisfies_the_storm_formalization(actions):
    check_storm(actions)


@pytest.mark.rules("storm.q2")
def test_storm_refinement_catches_a_model_that_counts_copies_as_cast(monkeypatch):
    import mtgrules.model.copies as copies

    original = copies.copy_spell

    def counted(game, spell, *args, **kwargs):
        copy = original(game, spell, *args, **kwargs)
        game.state.spells_cast_this_turn += 1  # wrong: a copy put onto the stack isn't cast
        game.player(copy.controller).spells_cast_this_turn += 1
        return copy

    monkeypatch.setattr(copies, "copy_spell", counted)
    with pytest.raises(AssertionError, match="storm.q2/storm.q4"):
        check_storm(["Lightning Bolt", "resolve", "Grapeshot", "resolve"])


# ============================================================================ costs
#: card -> (zone it is cast from, mode, action fields)
COST_CASES = {
    "Grizzly Bears": ("hand", costs.NORMAL, {}), "Lightning Bolt": ("hand", costs.NORMAL, {"targets": ["bob"]}),
    "Frogmite": ("hand", costs.NORMAL, {}), "Myr Enforcer": ("hand", costs.NORMAL, {}), "Thoughtcast": ("hand", costs.NORMAL, {}),
    "Conformance Double-Affinity Golem": ("hand", costs.NORMAL, {}),
    "Firebolt": ("graveyard", costs.FLASHBACK, {"alternative_cost": "flashback", "targets": ["bob"]}),
    "Think Twice": ("graveyard", costs.FLASHBACK, {"alternative_cost": "flashback"}),
    "Arrogant Wurm": ("hand", costs.MADNESS, {}), "Fiery Temper": ("hand", costs.MADNESS, {"targets": ["bob"]}),
    "Basking Rootwalla": ("hand", costs.MADNESS, {}),
    "Exalted Angel": ("hand", costs.MORPH, {"face_down": True, "alternative_cost": "morph"}),
    "Grinning Demon": ("hand", costs.MORPH, {"face_down": True, "alternative_cost": "morph"}),
}


def cast_for_costs(card_name: str, artifacts: int, increase: int, normally: bool):
    zone, mode, fields = COST_CASES[card_name]
    if normally and mode != costs.MADNESS:
        zone, mode, fields = "hand", costs.NORMAL, {k: v for k, v in fields.items() if k == "targets"}
    setup = {"effects": [{"kind": "cost_modifier", "generic": increase}]} if increase else {}
    game = new_game({"alice": {zone: [{"card": card_name, "id": "c"}], "battlefield": ["Ornithopter"] * artifacts}}, **setup)
    card = game.card(card_name)
    history: list = [{"card": card_name, "zone": zone, "artifacts": artifacts, "increase": increase}]
    obj = game.snapshot()["objects"]["c"]
    pre = costs_values(card, zone, costs.NORMAL, False, obj["characteristics"]["mana_value"], None)
    if mode == costs.MADNESS:
        assert act(game, history, "discard", player="alice", object="c").ok, situation(history)
        result = act(game, history, "resolve", choices={"cast": {"card": card_name, **fields}})
        pre["zone"] = 4  # exile, where madness put it
    else:
        result = act(game, history, "cast", player="alice", object="c", **fields)
    assert result.ok, situation(history)
    cast = [e for e in game.events if e["type"] == "cast"][-1]
    spell = game.snapshot()["objects"][cast["object"]]
    post = costs_values(card, spell["zone"], mode, bool(spell.get("face_down")), spell["characteristics"]["mana_value"] or 0, cast["cost"])
    instances = 0 if mode == costs.MORPH else sum(1 for ab in card.faces[0].abilities if ab.get("keyword") == "affinity")
    event = costs_event(mode, increase, [artifacts] * instances)
    return history, pre, post, event


@pytest.mark.rules("flashback.q3", "flashback.q4", "madness.q4", "madness.q5", "morph.q2", "affinity.a", "affinity.b", "affinity.c", "affinity.q2")
@SETTINGS
@given(st.sampled_from(sorted(COST_CASES)), st.integers(min_value=0, max_value=8), st.integers(min_value=0, max_value=2), st.booleans())
def test_model_costs_satisfy_the_costs_formalization(card_name, artifacts, increase, normally):
    history, pre, post, event = cast_for_costs(card_name, artifacts, increase, normally)
    broken = broken_clauses(costs.Costs(), pre, post, event)
    assert not broken, situation(history, broken=broken, pre=pre, post=post, event=event)


@pytest.mark.rules("affinity.b")
def test_costs_refinement_catches_a_model_whose_affinity_reduces_colored_mana(monkeypatch):
    import mtgrules.model.affinity as affinity

    original = affinity.spell_cost_modifiers
    monkeypatch.setattr(affinity, "spell_cost_modifiers", lambda game, player, values: [2 * r for r in original(game, player, values)])
    history, pre, post, event = cast_for_costs("Frogmite", 1, 0, True)
    assert "affinity.a/affinity.c" in " ".join(broken_clauses(costs.Costs(), pre, post, event))


# ============================================================================ double strike
FS, REG = "first-strike-damage", "combat-damage"
ATTACKERS = ["Boros Swiftblade", "Paladin en-Vec", "Grizzly Bears", "Savannah Lions", "Elite Vanguard"]
BLOCKERS = ["Walking Corpse", "Savannah Lions", "Llanowar Elves", "Grizzly Bears"]
KEYWORDS = {"none": [], "fs": ["First strike"], "ds": ["Double strike"], "both": ["First strike", "Double strike"]}


@st.composite
def combats(draw):
    attackers = draw(st.lists(st.tuples(st.sampled_from(ATTACKERS), st.sampled_from(sorted(KEYWORDS))), min_size=1, max_size=3))
    blockers = draw(st.lists(st.tuples(st.sampled_from(BLOCKERS), st.sampled_from(sorted(KEYWORDS)), st.integers(0, len(attackers) - 1)), max_size=2))
    between = draw(st.lists(st.sampled_from(["none", "gain", "lose", "gain_fs"]), min_size=len(attackers) + len(blockers), max_size=len(attackers) + len(blockers)))
    return attackers, blockers, between


def keywords_of(obj) -> set:
    return set((obj.get("characteristics") or {}).get("keywords") or ())


def play_combat(attackers, blockers, between, extra_first_strike: int | None = None):
    """Play one combat; returns (rows for :func:`double_strike_broken`, history)."""
    zones = {"alice": {"battlefield": [{"card": c, "id": f"a{i}"} for i, (c, _) in enumerate(attackers)]},
             "bob": {"battlefield": [{"card": c, "id": f"b{i}"} for i, (c, _, _) in enumerate(blockers)]}}
    game = new_game(zones)
    history: list = [{"attackers": attackers, "blockers": blockers, "between": between}]
    ids = [f"a{i}" for i in range(len(attackers))] + [f"b{i}" for i in range(len(blockers))]
    grants = [k for _, k in attackers] + [k for _, k, _ in blockers]
    for oid, k in zip(ids, grants):
        more = ["First strike"] if extra_first_strike is not None and oid == ids[extra_first_strike] else []
        if KEYWORDS[k] + more:
            assert act(game, history, "add_effect", effect={"kind": "abilities", "object": oid, "add_keywords": KEYWORDS[k] + more}).ok
    assert act(game, history, "declare_attackers", player="alice", attackers={f"a{i}": "bob" for i in range(len(attackers))}).ok, situation(history)
    blocks = {f"b{i}": f"a{target}" for i, (_, _, target) in enumerate(blockers)}
    if not act(game, history, "declare_blockers", player="bob", blockers=blocks).ok:
        blocks = {}
        assert act(game, history, "declare_blockers", player="bob", blockers={}).ok, situation(history)
    in_combat = [f"a{i}" for i in range(len(attackers))] + list(blocks)
    snap = game.snapshot()
    before = {oid: snap["objects"][oid] for oid in in_combat}
    first_step = any(keywords_of(o) & {"First strike", "Double strike"} for o in before.values())
    start = len(game.events)
    if first_step:
        assert act(game, history, "advance_to", step=FS).ok, situation(history)
        for oid, change in zip(ids, between):
            if oid in in_combat and change != "none" and oid in game.snapshot()["objects"] and game.snapshot()["objects"][oid]["zone"] == "battlefield":
                key = "remove_keywords" if change == "lose" else "add_keywords"
                keyword = "First strike" if change == "gain_fs" else "Double strike"
                assert act(game, history, "add_effect", effect={"kind": "abilities", "object": oid, key: [keyword]}).ok, situation(history)
        mid = game.snapshot()["objects"]
    assert act(game, history, "advance_to", step="end-of-combat").ok, situation(history)
    steps = {e["step"]: set(e["dealing"]) for e in game.events[start:] if e["type"] == "combat_damage_step"}
    rows = []
    for oid in in_combat:
        kw = keywords_of(before[oid])
        alive = first_step and oid in mid and mid[oid]["zone"] == "battlefield"
        rows.append({"id": oid, "fs": "First strike" in kw, "ds": "Double strike" in kw,
                     "ds_later": ("Double strike" in keywords_of(mid[oid])) if alive else "Double strike" in kw,
                     "survives": alive if first_step else True, "power": before[oid]["characteristics"]["power"],
                     "blocked": oid.startswith("b") or any(a == oid for a in blocks.values()),
                     "deals1": oid in steps.get(FS, set()), "deals2": oid in steps.get(REG, set()),
                     "to_player": sum(e["amount"] for e in game.events[start:] if e["type"] == "damage" and e.get("combat") and e.get("source") == oid
                                      and e.get("target") == "bob")})
    return rows, history


@pytest.mark.rules("double-strike.a", "double-strike.b", "double-strike.c", "double-strike.d", "double-strike.q1", "double-strike.q2",
                   "double-strike.q6")
@SETTINGS
@given(combats())
def test_model_combats_satisfy_the_double_strike_formalization(drawn):
    attackers, blockers, between = drawn
    rows, history = play_combat(attackers, blockers, between)
    broken = double_strike_broken(rows)
    assert not broken, situation(history, broken=broken, rows=rows)
    # double-strike.q6: giving a double striker first strike as well changes nothing
    doubles = [i for i, r in enumerate(rows) if r["ds"] and not r["fs"]]
    if doubles:
        with_fs, history2 = play_combat(attackers, blockers, between, extra_first_strike=doubles[0])
        assert double_strike_same(rows, with_fs), situation(history2, without=rows, with_first_strike=with_fs)


@pytest.mark.rules("double-strike.c")
def test_double_strike_refinement_catches_a_model_that_ignores_losing_double_strike(monkeypatch):
    import mtgrules.model.combat as combat

    original = combat.combat_damage

    def wrong(game, step, dealing):
        if step == REG:  # wrong: every creature that struck first strikes again
            dealing = list(dict.fromkeys(list(dealing) + list(combat.combat(game)["first_strike"] or [])))
        return original(game, step, dealing)

    monkeypatch.setattr(combat, "combat_damage", wrong)
    rows, _ = play_combat([("Boros Swiftblade", "none")], [], ["lose"])
    assert any(b.startswith("double-strike.c") for b in double_strike_broken(rows))


# ============================================================================ amplify
AMPLIFIERS = ["Glowering Rogon", "Feral Throwback", "Aven Warhawk", "Conformance Twin-Amplify Beast"]
HAND = ["Enormous Baloth", "Grizzly Bears", "Suntail Hawk", "Elite Vanguard", "Glowering Rogon", "Savannah Lions"]


def amplify_of(card) -> list[int]:
    return [int(ab.get("amount", 1)) for ab in card.faces[0].abilities if ab.get("keyword") == "amplify"]


def play_amplify(creature: str, hand: list[str], reveal: list[bool], retype: bool):
    game = new_game({"alice": {"hand": [{"card": creature, "id": "amp"}] + [{"card": c, "id": f"h{i}"} for i, c in enumerate(hand)]}})
    card = game.card(creature)
    types = list(card.faces[0].subtypes)
    amounts = amplify_of(card)
    hand_types = [list(game.card(c).faces[0].subtypes) for c in hand]
    history: list = [{"creature": creature, "hand": hand, "reveal": reveal}]
    system = amplify.Amplify()
    assert act(game, history, "cast", player="alice", object="amp").ok, situation(history)
    pre, names = amplify_values(False, 0, types, amounts, hand_types, [])
    shown = [f"h{i}" for i, r in enumerate(reveal) if r]
    result = act(game, history, "resolve", choices={"reveal": shown})
    per_instance = [reveal] * len(amounts)
    event = amplify_event(0, per_instance)
    if not result.ok:
        # the model refused the reveal: the formalization must say it isn't a legal one
        post, _ = amplify_values(True, 0, types, amounts, hand_types, per_instance)
        assert broken_clauses(system, pre, post, event), situation(history, note="refused a reveal the formalization allows")
        return
    perm = [o for o in game.snapshot()["objects"].values() if o["card"] == creature and o["zone"] == "battlefield"][0]
    counters = perm.get("counters", {}).get("+1/+1", 0)
    post, _ = amplify_values(True, counters, types, amounts, hand_types, per_instance)
    broken = broken_clauses(system, pre, post, event)
    assert not broken, situation(history, broken=broken, counters=counters, amounts=amounts, types=names)
    if retype:
        assert act(game, history, "add_effect", effect={"kind": "text_change", "object": perm["id"], "text_from": types[0], "text_to": "Leviathan",
                                                        "until": None}).ok, situation(history)
        after = game.snapshot()["objects"][perm["id"]]
        now = after["characteristics"]["subtypes"]
        new_types = [(names[y] in now) if y < len(types) else any(t not in types for t in now) for y in range(amplify.TYPES)]
        post2 = dict(post, counters=after.get("counters", {}).get("+1/+1", 0), **{f"type{y}": new_types[y] for y in range(amplify.TYPES)})
        broken = broken_clauses(system, post, post2, amplify_event(1, None, new_types))
        assert not broken, situation(history, broken=broken, after=after)


@pytest.mark.rules("amplify.a", "amplify.b", "amplify.q1", "amplify.q2", "amplify.q3", "amplify.q6")
@SETTINGS
@given(st.sampled_from(AMPLIFIERS), st.lists(st.sampled_from(HAND), max_size=4).flatmap(
    lambda hand: st.tuples(st.just(hand), st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))), st.booleans())
def test_model_amplify_satisfies_the_amplify_formalization(creature, hand_and_reveal, retype):
    hand, reveal = hand_and_reveal
    play_amplify(creature, hand, reveal, retype)


@pytest.mark.rules("amplify.b")
def test_amplify_refinement_catches_a_model_that_applies_only_one_instance(monkeypatch):
    import mtgrules.model.amplify as model_amplify

    original = model_amplify.abilities_with
    monkeypatch.setattr(model_amplify, "abilities_with", lambda game, obj, kind, name: original(game, obj, kind, name)[:1])
    with pytest.raises(AssertionError, match="amplify.b"):
        play_amplify("Conformance Twin-Amplify Beast", ["Enormous Baloth"], [True], False)


# ============================================================================ madness
MADNESS_CARDS = {"Arrogant Wurm": {}, "Fiery Temper": {"targets": ["bob"]}, "Basking Rootwalla": {}}
MADNESS_ACTIONS = ["discard", "resolve_cast", "resolve_decline", "move_graveyard", "move_exile", "move_hand", "cast", "cast_madness"]


def card_object(snap, name):
    found = [o for o in snap["objects"].values() if o["card"] == name and o["ability"] is None and o["zone"] != "none"]
    assert len(found) == 1, found
    return found[0]


def madness_state(snap, name) -> dict:
    obj = card_object(snap, name)
    waiting = obj["zone"] == "exile" and any(snap["objects"][s]["ability"] and snap["objects"][s]["ability"].get("text") == "Madness"
                                             and snap["objects"][s]["ability"].get("source") == obj["id"] for s in snap["stack"])
    cast_with = obj["zone"] == "stack" and (obj.get("spell") or {}).get("alternative_cost") == "madness"
    return madness_values(obj["zone"], waiting, cast_with)


def play_madness(name: str, actions: list[str]):
    game = new_game({"alice": {"hand": [name]}})
    system = madness.Madness()
    fields = MADNESS_CARDS[name]
    history: list = [{"card": name}]
    for what in actions:
        snap = game.snapshot()
        obj = card_object(snap, name)
        pre = madness_state(snap, name)
        top = snap["objects"][snap["stack"][-1]] if snap["stack"] else None
        event = None
        if what == "discard":
            if obj["zone"] != "hand":
                continue
            result = act(game, history, "discard", player="alice", object=obj["id"])
            event = {"event": madness.DISCARD_MADNESS, "to": 4}
        elif what.startswith("resolve"):
            if top is None:
                continue
            cast = what == "resolve_cast"
            result = act(game, history, "resolve", **({"choices": {"cast": {"card": name, **fields}}} if cast else {}))
            if top["id"] == obj["id"]:
                event = {"event": madness.LEAVE_STACK}
            elif pre["trigger_waiting"] and (top["ability"] or {}).get("source") == obj["id"]:
                event = {"event": madness.TRIGGER_CAST if cast else madness.TRIGGER_DECLINE, "to": 0}
        elif what.startswith("move"):
            to = what.split("_")[1]
            if obj["zone"] in ("stack", to):
                continue
            result = act(game, history, "move", object=obj["id"], to=to)
            event = {"event": madness.MOVE, "to": {"graveyard": 2, "exile": 4, "hand": 1}[to]}
        elif what == "cast":
            result = act(game, history, "cast", player="alice", object=obj["id"], **fields)
            event = {"event": madness.CAST, "to": 3}
        else:
            result = act(game, history, "cast", player="alice", object=obj["id"], alternative_cost="madness", **fields)
            event = {"event": madness.TRIGGER_CAST, "to": 3}
        post = madness_state(game.snapshot(), name)
        if not result.ok:
            assert post == pre, situation(history, pre=pre, post=post)
            continue
        if event is not None and event["event"] == madness.LEAVE_STACK:
            event["to"] = post["zone"]
        broken = broken_clauses(system, pre, post, dict({"to": 0}, **event)) if event is not None else broken_clauses(system, post)
        assert not broken, situation(history, broken=broken, pre=pre, post=post, event=event)


@pytest.mark.rules("madness.a", "madness.q1", "madness.q3", "madness.q6", "madness.q8")
@SETTINGS
@given(st.sampled_from(sorted(MADNESS_CARDS)), st.lists(st.sampled_from(MADNESS_ACTIONS), min_size=1, max_size=7))
@example("Arrogant Wurm", ["discard", "resolve_decline", "cast_madness"])
@example("Fiery Temper", ["discard", "cast_madness", "resolve_cast", "resolve_cast"])
@example("Basking Rootwalla", ["discard", "move_graveyard", "resolve_cast", "move_hand", "discard", "resolve_cast", "resolve_decline"])
def test_model_madness_satisfies_the_madness_formalization(name, actions):
    play_madness(name, actions)


@pytest.mark.rules("madness.q8")
def test_madness_refinement_catches_a_model_that_puts_the_discarded_card_into_the_graveyard(monkeypatch):
    import mtgrules.model.madness as model_madness

    monkeypatch.setattr(model_madness, "has_madness", lambda obj: False)
    with pytest.raises(AssertionError, match="madness.q8"):
        play_madness("Arrogant Wurm", ["discard"])
