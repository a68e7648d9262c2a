"""The corpus can catch wrong engines (issue 5): for a sample of scenarios across the sections,
a deliberate fault is switched on in the reference model for the rule the scenario checks, and
the scenario, which passes on the faithful model, must then fail.

Each mutant names the scenario, the rules it breaks and the fault (a monkeypatch of one model
function). ``test_mutation_score`` reports the share of mutants caught (all of them, or the
test fails); the per-mutant tests say which one escaped."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.runner import load_scenarios, play


@pytest.fixture(scope="module")
def corpus():
    scenarios, pool = load_scenarios()
    return {s.id: s for s in scenarios}, pool


def run(corpus, scenario_id: str) -> dict:
    scenarios, pool = corpus
    engine = ReferenceEngine()
    return play(engine, engine.start(), scenarios[scenario_id], pool)


# ------------------------------------------------------------------ the faults


def merged_shows_bottom(mp):
    """730.2a broken: the merged permanent has the characteristics of its bottom component."""
    import mtgrules.model.continuous as continuous

    original = continuous.merged_characteristics
    mp.setattr(continuous, "merged_characteristics", lambda comps, mutated=False: original(list(reversed(comps)), mutated))


def flashback_not_exiled(mp):
    """702.34a broken: the flashback replacement ("exile it instead") is never created."""
    from mtgrules.model.actions import ALTERNATIVE_COSTS

    mp.setitem(ALTERNATIVE_COSTS, "flashback", replace(ALTERNATIVE_COSTS["flashback"], on_cast=None))


def storm_counts_copies(mp):
    """storm.q2 broken: a copy put on the stack counts as a spell cast this turn."""
    import mtgrules.model.copies as copies

    original = copies.copy_spell

    def counted(game, *args, **kwargs):
        copy = original(game, *args, **kwargs)
        game.state.spells_cast_this_turn += 1
        return copy

    mp.setattr(copies, "copy_spell", counted)


def dynamic_not_combined(mp):
    """DYN.4 broken: outside the stack and battlefield a dynamic card has only its permanent half."""
    import mtgrules.model.continuous as continuous

    original = continuous.dynamic_characteristics
    mp.setattr(continuous, "dynamic_characteristics", lambda card, zone, half=None: original(card, zone if zone == "stack" else "battlefield", half))


def back_face_copy_keeps_mana_value(mp):
    """711.4b broken: a permanent copying a double-faced card's back face keeps the front face's
    converted mana cost instead of 0."""
    import mtgrules.model.continuous as continuous

    mp.setattr(continuous, "copy_of_back_face", lambda values: values)


def both_names_allowed(mp):
    """711.13 broken: a player may name both faces of a double-faced card."""
    import mtgrules.model.choosing as choosing

    mp.setattr(choosing, "legal_card_names", lambda card: (card.name,))


def face_down_is_1_1(mp):
    """708.2a broken: a face-down permanent is a 1/1 instead of a 2/2."""
    import mtgrules.model.continuous as continuous

    original = continuous.face_down_characteristics
    mp.setattr(continuous, "face_down_characteristics", lambda: original().with_(power=1, toughness=1))


def madness_not_exiled(mp):
    """702.35a broken: a discarded card with madness goes to the graveyard."""
    import mtgrules.model.madness as madness

    mp.setattr(madness, "has_madness", lambda obj: False)


def affinity_ignored(mp):
    """702.40a broken: affinity doesn't reduce the cost."""
    import mtgrules.model.affinity as affinity

    mp.setattr(affinity, "spell_cost_modifiers", lambda game, player, values: [])


def no_first_strike_step(mp):
    """702.4b broken: double strike gets no first-strike combat damage step."""
    import mtgrules.model.combat as combat

    mp.setattr(combat, "_strikes_first", lambda values: False)


def werewolves_ignore_last_turn(mp):
    """603.4 broken: the werewolf's intervening "if no spells were cast last turn" is not checked."""
    import mtgrules.model.turns as turns

    original = turns.beginning_of_step_triggers

    def forgetful(game, step):
        game.state.spells_cast_last_turn = {}
        original(game, step)

    mp.setattr(turns, "beginning_of_step_triggers", forgetful)


#: (scenario, rules it checks, fault)
MUTANTS = [
    ("merge-mutate-top", "merging.2a", merged_shows_bottom),
    ("flashback-countered-exiled", "flashback.a", flashback_not_exiled),
    ("storm-copies-not-cast", "storm.q2", storm_counts_copies),
    ("dyn-bounced-to-hand-combined", "dyn.4", dynamic_not_combined),
    ("dfc2016-copy-of-back-face-mana-value-zero", "dfc-2016.4b", back_face_copy_keeps_mana_value),
    ("dfc2016-name-both-faces-illegal", "dfc-2016.13", both_names_allowed),
    ("morph-face-down-characteristics", "morph.b", face_down_is_1_1),
    ("madness-current-always-exiled", "madness.a", madness_not_exiled),
    ("affinity-partial-reduction", "affinity.a", affinity_ignored),
    ("ds-unblocked-deals-damage-twice", "double-strike.b", no_first_strike_step),
    ("dfc2016-werewolf-transforms-back", "dfc-2016.12", werewolves_ignore_last_turn),
]


def caught(corpus, scenario_id, fault) -> tuple[bool, dict, dict]:
    clean = run(corpus, scenario_id)
    with pytest.MonkeyPatch.context() as mp:
        fault(mp)
        faulty = run(corpus, scenario_id)
    return faulty["outcome"] != "passed", clean, faulty


@pytest.mark.parametrize("scenario_id, rule, fault", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_scenario_catches_the_fault(corpus, scenario_id, rule, fault):
    hit, clean, faulty = caught(corpus, scenario_id, fault)
    assert clean["outcome"] == "passed", clean  # the faithful model passes
    assert hit, f"{fault.__name__} ({rule}) escaped {scenario_id}: {faulty}"


def test_mutation_score(corpus):
    """Every mutant is caught; the sample covers the sections of the corpus."""
    results = {m[0]: caught(corpus, m[0], m[2])[0] for m in MUTANTS}
    sections = {corpus[0][sid].section for sid in results}
    score = sum(results.values()) / len(results)
    print(f"mutation score: {sum(results.values())}/{len(results)} mutants caught ({score:.0%}) across {len(sections)} sections")
    assert len(MUTANTS) >= 8 and len(sections) >= 8
    assert score == 1.0, {sid: hit for sid, hit in results.items() if not hit}
