"""Every proof bites, end to end: each broken variant's counterexample, rendered as a corpus
scenario, is the kept file (conformance/scenarios/proof-counterexamples/), validates, passes on
the reference model and fails on a reference model broken the way the variant is.

The broken models patch these model functions (by their public names):
``mtgrules.model.actions.EFFECTS["storm_copies"]`` (storm counted as its trigger resolves),
``mtgrules.model.amplify.abilities_with`` (amplify N read as amplify 1),
``mtgrules.model.replacement.Replacement.watches`` (flashback's replacement applies to a card going to exile anyway),
``mtgrules.model.continuous.merged_characteristics`` (as tests/conformance/test_corpus_mutants.py does),
``mtgrules.model.actions.ALTERNATIVE_COSTS["madness"]`` (its ``prepare`` check, as the corpus mutants patch flashback's),
``mtgrules.model.combat._strikes_first`` (only first strike makes a first-strike damage step),
``mtgrules.model.permanent_effects.transform`` (effects on a transformed permanent end, as on a new object),
``mtgrules.model.resolution.move`` (a dynamic card's nonpermanent half resolves onto the battlefield),
``mtgrules.model.face_down_actions.turn_up`` (a creature turned face up loses its counters, as a new object),
``mtgrules.model.game.characteristics`` (a spell's mana value is what was paid),
``mtgrules.model.combat.block_restriction`` (a block provoke requires ignores restrictions),
``mtgrules.model.zones.apply_replacements`` (a replacement on cards skips a nontoken merged permanent's token components)."""

from __future__ import annotations

import pytest

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.runner import load_scenarios, play
from mtgrules.proofs import counterexamples

VARIANTS = {v.scenario: v for v in counterexamples.rendered_variants()}


def storm_counted_at_resolution(mp):
    """storm.q5 broken as the variant count-at-resolution is: the trigger counts the spells cast
    this turn when it resolves (all but the storm spell), not when the storm spell was cast."""
    from mtgrules.model.actions import EFFECTS

    original = EFFECTS["storm_copies"]

    def late(game, ability_obj, effect, target):
        ability_obj.ability["storm_count"] = game.state.spells_cast_this_turn - 1
        return original(game, ability_obj, effect, target)

    mp.setitem(EFFECTS, "storm_copies", late)


def amplify_one_counter_per_card(mp):
    """amplify.q3 broken as the variant one-counter-per-card is: one counter for each card revealed, whatever N."""
    import mtgrules.model.amplify as amplify

    original = amplify.abilities_with

    def amplify_1(game, obj, key, value=None, values=None):
        found = original(game, obj, key, value, values)
        return [dict(ab, amount=1) for ab in found] if value == "amplify" else found

    mp.setattr(amplify, "abilities_with", amplify_1)


def flashback_applies_to_exile(mp):
    """flashback.q6 broken as the variant flashback-always-applies is: flashback's replacement
    applies even when the card is going to exile anyway."""
    from mtgrules.model.replacement import Replacement

    original = Replacement.watches

    def watches(self, game, obj, event):
        if self.name == "flashback" and event.to_zone == "exile" and event.obj_id == self.object_id and event.from_zone == "stack":
            return True
        return original(self, game, obj, event)

    mp.setattr(Replacement, "watches", watches)


def merged_takes_the_bottom(mp):
    """730.2a broken as the variant merge-under-changes-characteristics is: the object merged
    under gives the merged permanent its characteristics (those of the bottom component)."""
    import mtgrules.model.continuous as continuous

    original = continuous.merged_characteristics
    mp.setattr(continuous, "merged_characteristics", lambda comps, mutated=False: original(list(reversed(comps)), mutated))


def madness_cast_from_exile_any_time(mp):
    """madness.q3 broken as the variant cast-from-exile-any-time is: a madness card in exile can be
    cast for its madness cost whenever, not only as its madness trigger resolves."""
    from dataclasses import replace

    from mtgrules.model.actions import ALTERNATIVE_COSTS

    madness = ALTERNATIVE_COSTS["madness"]
    mp.setitem(ALTERNATIVE_COSTS, "madness", replace(madness, prepare=lambda game, obj, a, info, values: madness.cost(game, obj, a)))


def first_step_only_for_first_strike(mp):
    """702.4b broken as the variant first-strike-step-only-for-first-strike is: double strike
    alone does not make a first-strike combat damage step."""
    import mtgrules.model.combat as combat

    mp.setattr(combat, "_strikes_first", lambda values: combat.has_keyword(values, "First strike"))


def transform_makes_a_new_object(mp):
    """711.12 broken as the variant transform-is-a-new-object is: a permanent that transforms is a
    new object, so the effects that applied to it stop applying."""
    import mtgrules.model.permanent_effects as permanent_effects

    original = permanent_effects.transform

    def transform(game, a):
        original(game, a)
        game.state.effects = [e for e in game.state.effects if e.get("object") != a["object"]]

    mp.setattr(permanent_effects, "transform", transform)


def nonpermanent_half_enters(mp):
    """dyn.example.r3 broken as the variant nonpermanent-half-enters is: a dynamic card cast as its
    nonpermanent half is put onto the battlefield as it resolves."""
    import mtgrules.model.resolution as resolution
    from mtgrules.model.dynamic import is_dynamic

    original = resolution.move

    def move(game, obj, to_zone, cause, **kw):
        if cause == "resolve" and to_zone == "graveyard" and obj.card is not None and is_dynamic(obj.card):
            to_zone = "battlefield"
        return original(game, obj, to_zone, cause, **kw)

    mp.setattr(resolution, "move", move)


def turning_face_up_makes_a_new_object(mp):
    """morph.q3 broken as the variant turning-face-up-makes-a-new-object is: a creature turned face
    up is a new object, without the counters it had."""
    import mtgrules.model.face_down_actions as face_down_actions

    original = face_down_actions.turn_up

    def turn_up(game, obj, cause, cost=None):
        turned = original(game, obj, cause, cost)
        if turned:
            obj.counters.clear()
        return turned

    mp.setattr(face_down_actions, "turn_up", turn_up)


def mana_value_from_cost_paid(mp):
    """affinity.q2 broken as the variant mana-value-from-cost-paid is: a cast spell's mana value is
    the mana paid for it."""
    import mtgrules.model.game as game_module

    original = game_module.characteristics

    def characteristics(game, obj):
        values = original(game, obj)
        if obj.zone == "stack" and obj.spell is not None and obj.spell.cast and obj.ability is None:
            return values.with_(mana_value=sum(obj.spell.paid.values()))
        return values

    mp.setattr(game_module, "characteristics", characteristics)


def requirements_over_restrictions(mp):
    """provoke.q4 broken as the variant requirements-over-restrictions is: a creature required to
    block an attacker may block it whatever the restrictions (flying)."""
    import mtgrules.model.combat as combat
    from mtgrules.model.combat_state import combat as combat_of

    original = combat.block_restriction

    def block_restriction(game, blocker, attacker):
        if any(r["creature"] == blocker.id and r["attacker"] == attacker.id for r in combat_of(game)["requirements"]):
            return None
        return original(game, blocker, attacker)

    mp.setattr(combat, "block_restriction", block_restriction)


def card_replacement_ignores_tokens(mp):
    """730.3e broken as the variant card-replacement-ignores-tokens is: a replacement effect on
    cards moves only the card components of a nontoken merged permanent (as for a token one)."""
    import mtgrules.model.zones as zones

    original = zones.apply_replacements

    class AsToken:
        def __init__(self, obj):
            self._obj = obj

        token = True

        def __getattr__(self, name):
            return getattr(self._obj, name)

    def apply_replacements(game, obj, event, order=None):
        if obj.merged and not obj.token and any(c.token for c in obj.components):
            return original(game, AsToken(obj), event, order)
        return original(game, obj, event, order)

    mp.setattr(zones, "apply_replacements", apply_replacements)


BROKEN_MODELS = {"proof-dfc-transform-same-object": transform_makes_a_new_object, "proof-dyn-nonpermanent-half-to-graveyard": nonpermanent_half_enters,
                 "proof-morph-face-up-same-object": turning_face_up_makes_a_new_object, "proof-affinity-mana-value-from-mana-cost": mana_value_from_cost_paid,
                 "proof-provoke-not-over-flying": requirements_over_restrictions, "proof-merging-card-replacement-moves-token": card_replacement_ignores_tokens,
                 "proof-double-strike-alone-gets-first-step": first_step_only_for_first_strike, "proof-madness-not-from-exile-later": madness_cast_from_exile_any_time, "proof-merging-under-keeps-characteristics": merged_takes_the_bottom, "proof-flashback-already-exiled": flashback_applies_to_exile, "proof-storm-count-at-resolution": storm_counted_at_resolution, "proof-amplify-counters-per-card": amplify_one_counter_per_card}


@pytest.fixture(scope="module")
def corpus():
    scenarios, pool = load_scenarios(counterexamples.DIRECTORY)
    return {s.id: s for s in scenarios}, pool


def run(corpus, scenario_id: str) -> dict:
    scenarios, pool = corpus
    engine = ReferenceEngine()
    return play(engine, engine.start(), scenarios[scenario_id], pool)


def test_every_rendered_variant_has_a_broken_model():
    assert VARIANTS and set(VARIANTS) == set(BROKEN_MODELS)


@pytest.mark.parametrize("scenario_id", sorted(VARIANTS))
def test_the_kept_scenario_is_the_rendered_counterexample(scenario_id):
    variant = VARIANTS[scenario_id]
    kept = counterexamples.path_of(variant).read_text(encoding="utf-8")
    assert kept == counterexamples.dump(counterexamples.render(variant)), "rerun: python -m mtgrules.proofs.counterexamples"


@pytest.mark.parametrize("scenario_id", sorted(VARIANTS))
def test_the_scenario_validates_passes_on_the_model_and_fails_on_the_broken_model(corpus, scenario_id, monkeypatch):
    assert scenario_id in corpus[0], "the kept scenario does not validate (mtgrules scenarios validate says why)"
    passed = run(corpus, scenario_id)
    assert passed["outcome"] == "passed", passed
    BROKEN_MODELS[scenario_id](monkeypatch)
    failed = run(corpus, scenario_id)
    assert failed["outcome"] == "failed", failed
