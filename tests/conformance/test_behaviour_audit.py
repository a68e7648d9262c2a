"""The behaviour audit (issue 17): every seed rule that a scenario checks by field (an object's mana value,
colors or card types read from the engine's snapshot) also has a scenario that checks it through what players
can do: a target the engine accepts or refuses, an action it offers, a step it refuses, or an effect whose result
depends on the characteristic (life gained equal to a mana value, a card put onto the battlefield, a trigger's
outcome). An adapter can fill a field in for its engine; it cannot make the engine accept a target.

The table below is the audit (conformance/FORMAT.md "Characteristics checked by behaviour"); the tests check it
against the corpus, so that it fails when a behavioural scenario disappears, stops citing its rule or stops checking
by behaviour, and when a scenario starts checking a new seed rule by field without a behavioural scenario for it."""

from __future__ import annotations

import pytest

from mtgrules.conformance import scenarios as corpus
from mtgrules.conformance.probes import KINDS
from mtgrules.spec import load_spec

#: The characteristics the audit covers, as object expectation fields.
FIELDS = ("mana_value", "colors", "types")

#: Seed rule -> (the characteristic a scenario reads by field, the scenarios that check it by behaviour).
BEHAVIOUR = {
    "affinity.q2": ("mana value of a spell whose cost affinity reduced",
                    ["affinity-stroke-counters-reduced-spell", "affinity-divine-offering-gains-mana-value"]),
    "dfc-2016.4": ("a double-faced card's characteristics in each zone",
                   ["dfc2016-behaviour-front-face-in-graveyard", "dfc2016-behaviour-front-face-in-exile",
                    "dfc2016-behaviour-front-face-in-hand", "dfc2016-behaviour-front-face-in-library",
                    "dfc2016-behaviour-front-face-mana-value-in-graveyard"]),
    "dfc-2016.4a": ("front face only outside the battlefield and on the stack: card types, mana value",
                    ["dfc2016-behaviour-front-face-in-graveyard", "dfc2016-behaviour-front-face-in-exile",
                     "dfc2016-behaviour-front-face-in-hand", "dfc2016-behaviour-front-face-in-library",
                     "dfc2016-behaviour-front-face-mana-value-in-graveyard", "dfc2016-behaviour-front-face-spell"]),
    "dfc-2016.4b": ("back face up: its card types, and the front face's mana value",
                    ["dfc2016-eliminate-back-face-mana-value", "dfc2016-behaviour-offering-back-face-mana-value",
                     "dfc2016-behaviour-back-face-types"]),
    "dfc-2016.5": ("mana value 0 of a copy of a back face (no double-faced card)",
                   ["dfc2016-behaviour-offering-copy-of-back-face"]),
    "dfc-2016.5.ex1": ("a Clone of a back face", ["dfc2016-behaviour-offering-copy-of-back-face"]),
    "dfc-2016.6": ("card types after a transformation into a sorcery face did nothing",
                   ["dfc2016-behaviour-no-transform-into-sorcery-stays-artifact"]),
    "dfc-2016.7": ("a double-faced spell's card types (front face up)", ["dfc2016-behaviour-front-face-spell"]),
    "dfc-2016.8": ("the face a double-faced card enters with",
                   ["dfc2016-behaviour-back-face-types", "dfc2016-behaviour-front-face-in-hand"]),
    "dfc-2016.9": ("colors of a face-down double-faced card", ["dfc2016-behaviour-manifested-dfc-colorless"]),
    "dyn.1": ("both halves make up a dynamic card's characteristics", ["dyn-behaviour-combined-types-in-graveyard"]),
    "dyn.3": ("the half chosen as the card is cast",
              ["dyn-behaviour-nonpermanent-half-spell-types", "dyn-behaviour-permanent-half-spell-types"]),
    "dyn.3a": ("mana value of the half on the stack", ["dyn-stroke-half-mana-value"]),
    "dyn.3b": ("only the cast half's card types on the stack",
               ["dyn-behaviour-nonpermanent-half-spell-types", "dyn-behaviour-permanent-half-spell-types"]),
    "dyn.4": ("combined characteristics in every zone but the stack and the battlefield",
              ["dyn-behaviour-combined-types-in-graveyard", "dyn-behaviour-combined-types-in-exile",
               "dyn-creature-card-in-graveyard", "dyn-behaviour-nonpermanent-half-resolved-combined-in-graveyard"]),
    "dyn.4a": ("a dynamic card's two names", ["dyn-meddling-mage-stops-named-half", "dyn-choose-both-names-illegal"]),
    "dyn.4b": ("combined mana cost and mana value", ["dyn-isochron-combined-mana-value", "dyn-purewind-reveals-dynamic-card"]),
    "dyn.4c": ("each half's card types", ["dyn-isochron-combined-mana-value", "dyn-creature-card-in-graveyard",
                                          "dyn-behaviour-combined-types-in-graveyard", "dyn-behaviour-combined-types-in-exile"]),
    "dyn.5": ("only the permanent half on the battlefield; combined again after",
              ["dyn-behaviour-resolved-permanent-half-mana-value",
               "dyn-behaviour-nonpermanent-half-resolved-combined-in-graveyard"]),
    "dyn.5a": ("put onto the battlefield as the permanent half", ["dyn-behaviour-put-onto-battlefield-mana-value"]),
    "dyn.5b": ("turned face up as the permanent half", ["dyn-behaviour-turned-face-up-mana-value"]),
    "dyn.5c": ("turned face up for the combined mana cost",
               ["dyn-behaviour-turned-face-up-mana-value", "dyn-manifested-half-cost-not-enough",
                "dyn-offers-turn-manifested-face-up"]),
    "dyn.example.r1": ("all properties of both sides outside the stack and the battlefield",
                       ["dyn-behaviour-combined-types-in-graveyard", "dyn-behaviour-combined-types-in-exile"]),
    "dyn.example.r2": ("the Divine Skywarden side only on the battlefield", ["dyn-behaviour-resolved-permanent-half-mana-value"]),
    "dyn.example.r3": ("Purewind Blessings resolved goes to the graveyard",
                       ["dyn-behaviour-nonpermanent-half-resolved-combined-in-graveyard"]),
    "dyn.example.r4": ("put onto the battlefield as the Divine Skywarden side", ["dyn-behaviour-put-onto-battlefield-mana-value"]),
    "fear.q2": ("colors and card types of a blocker", ["fear-offers-blockers", "fear-face-down-creature-cant-block"]),
    "flashback.a": ("mana value of a spell cast with flashback", ["flashback-behaviour-stroke-counters-flashback-spell"]),
    "flashback.q3": ("mana value of a flashed-back spell", ["flashback-behaviour-stroke-counters-flashback-spell"]),
    "madness.q4": ("mana value of a spell cast with madness", ["madness-stroke-counters-madness-spell"]),
    "morph.a": ("a face-down spell is a creature spell",
                ["morph-face-down-spell-is-a-creature-spell", "morph-behaviour-face-down-spell-colorless"]),
    "morph.b": ("face-down characteristics: colorless, no mana cost, copiable",
                ["morph-eliminate-face-down-mana-value", "morph-behaviour-face-down-spell-colorless",
                 "morph-behaviour-offering-face-down-mana-value", "morph-behaviour-offering-copy-of-face-down",
                 "fear-face-down-creature-cant-block"]),
    "morph.d": ("normal characteristics again once turned face up", ["morph-behaviour-offering-turned-up-mana-value"]),
    "morph.q1": ("colorless typeless 2/2, then its normal characteristics",
                 ["morph-behaviour-face-down-spell-colorless", "morph-behaviour-offering-turned-up-mana-value"]),
    "morph.q2": ("a face-down creature's mana value 0",
                 ["morph-eliminate-face-down-mana-value", "morph-behaviour-offering-face-down-mana-value"]),
    "morph.q3": ("card types once turned face up (a land: the Equipment falls off)", ["morph-zoetic-cavern-equipment-falls-off"]),
    "morph.q10": ("a face-down red creature's color while blocking", ["morph-face-down-blocks-protection-from-red"]),
}

#: Seed rules a scenario cites beside a field check of a characteristic that another rule gives: why, and that rule.
NOT_CHARACTERISTIC = {
    "affinity.a": ("affinity reduces the cost; the mana value proof-affinity-mana-value-from-mana-cost reads is "
                   "affinity.q2's", "affinity.q2"),
    "dfc-2016.12": ("a transforming permanent stays the same object; the mana value read after the werewolf "
                    "transforms is the back face's, dfc-2016.4b's", "dfc-2016.4b"),
    "madness.a": ("madness's exile and trigger; the color madness-not-cast-goes-to-graveyard reads is Wild Mongrel's "
                  "color change (a layer effect, a cited core rule, not a seed rule)", None),
    "madness.b": ("paying the madness cost; the mana value madness-mana-value-unchanged reads is madness.q4's",
                  "madness.q4"),
}

#: Expectation kinds whose check an adapter cannot answer from a characteristic field it fills in.
BEHAVIOURAL_KINDS = KINDS + ("player", "zone_of", "event", "no_event", "stack")
#: Object expectation keys that observe an outcome rather than a characteristic.
OUTCOME_KEYS = ("zone", "attached_to", "blocking", "blocked", "attacking", "face")


@pytest.fixture(scope="module")
def loaded():
    c = corpus.load_corpus()
    return {s.id: s for s in c.scenarios}


def _expectations(scenario) -> list[dict]:
    return list(scenario.expect) + [e for step in scenario.steps for e in step.get("then") or []]


def _checks_by_field(scenario) -> bool:
    return any("object" in e and any(k in e for k in FIELDS) for e in _expectations(scenario))


def _behavioural(scenario) -> bool:
    if any(step.get("expect") == "illegal" for step in scenario.steps):
        return True
    return any(any(k in e for k in BEHAVIOURAL_KINDS) or ("object" in e and any(k in e for k in OUTCOME_KEYS))
               for e in _expectations(scenario))


def _seed_rules_checked_by_field(scenarios) -> dict[str, list[str]]:
    spec = load_spec()
    out: dict[str, list[str]] = {}
    for s in scenarios.values():
        if _checks_by_field(s):
            for rule in s.rules:
                if rule in spec and spec[rule].kind != "reference":  # a cited core rule is not a seed rule
                    out.setdefault(rule, []).append(s.id)
    return out


def test_every_seed_rule_checked_by_field_is_audited(loaded):
    checked = _seed_rules_checked_by_field(loaded)
    audited = set(BEHAVIOUR) | set(NOT_CHARACTERISTIC)
    assert not set(checked) - audited, {r: checked[r] for r in sorted(set(checked) - audited)}
    assert not audited - set(checked), sorted(audited - set(checked))  # no stale row


def test_each_audited_rule_has_behavioural_scenarios_that_cite_it(loaded):
    bad = {}
    for rule, (_, ids) in BEHAVIOUR.items():
        for sid in ids:
            s = loaded.get(sid)
            if s is None:
                bad[(rule, sid)] = "no such scenario"
            elif rule not in s.rules:
                bad[(rule, sid)] = f"does not cite {rule} (cites {s.rules})"
            elif not _behavioural(s):
                bad[(rule, sid)] = "checks nothing by behaviour"
    assert not bad, bad


def test_rules_left_out_point_to_an_audited_rule():
    for rule, (why, instead) in NOT_CHARACTERISTIC.items():
        assert why and (instead is None or instead in BEHAVIOUR), rule


def test_a_field_check_alone_is_not_behaviour(loaded):
    """The audit's own judgement: the characteristics a scenario reads by field are no behaviour; a probe, a
    refused step or an outcome is."""
    only_fields = loaded["dfc2016-front-face-only-in-graveyard"]
    read = [{k: v for k, v in e.items() if k == "object" or k in FIELDS} for e in _expectations(only_fields)]
    reduced = type("Reduced", (), {"steps": [{"check": "state"}], "expect": [e for e in read if len(e) > 1]})()
    assert reduced.expect and _checks_by_field(reduced) and not _behavioural(reduced)
    probe = loaded["dfc2016-behaviour-front-face-in-graveyard"]
    assert _behavioural(probe) and not _checks_by_field(probe)
