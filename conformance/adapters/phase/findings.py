"""The findings of examining, by hand, every scenario phase.rs fails or errors on: the engine's events and
state read against the rule the scenario cites. Data: confirmed deviations of phase.rs from the rules (each
with a minimal reproduction in conformance/scenarios/phase-deviations/), and the failures that are not
deviations, with the reason. report.annotate writes them into the JSON report, the baseline and the page:

    mtgrules conform --engine phase --json conformance/reports/phase.json
    python -m mtgrules.conformance.adapters.phase annotate conformance/reports/phase.json \
        conformance/baselines/phase.json conformance/reports/phase.md
"""

from __future__ import annotations

from ..findings_report import Findings

#: Confirmed deviations of phase.rs from the rules: key -> rule IDs, what phase.rs did, what the rule says, the
#: minimal reproduction (conformance/scenarios/phase-deviations/) and the corpus scenarios that show it.
DEVIATIONS = {
    "first-strike-step-priority": {
        "rules": ["double-strike.b", "cr.pre-2013.combat-damage-step", "cr.current.first-strike"],
        "engine": "With first strike or double strike in combat and an empty stack after the first-strike combat damage, "
                  "phase.rs deals the first-strike and the regular combat damage in one go: no player receives priority in "
                  "the first combat damage step (even with an instant or flash card castable), so nothing can be done "
                  "between the two steps.",
        "rule": "702.4b (double-strike.b): the phase gets a second combat damage step after the first; 510 (510.3): each "
                "combat damage step ends with the active player receiving priority. Double-strike.c/d (removing or "
                "giving double strike during the first combat damage step) depend on that priority.",
        "reproduction": "phase-dev-first-strike-step-priority",
        "scenarios": ["ds-blocked-blocker-survives-first-blow", "ds-double-striker-vs-double-striker",
                      "ds-first-strike-only-first-step", "ds-gaining-double-strike-in-first-step-no-extra-hit",
                      "ds-losing-double-strike-first-step", "ds-unblocked-deals-damage-twice", "ds-with-trample"],
    },
    "cost-reduction-affordability": {
        "rules": ["madness.q5", "cr.pre-2013.total-cost", "cr.current.total-cost"],
        "engine": "phase.rs offers only to decline a madness cast unless the player could pay the madness cost before "
                  "reductions (Arrogant Wurm's madness needs {2}{G} with Helm of Awakening). (The affinity cases once "
                  "listed here were the card pool's error: Seat of the Synod's mana ability was written as reminder text; "
                  "with its oracle text phase.rs casts Myr Enforcer for the reduced cost.)",
        "rule": "601.2f: the total cost is the mana cost or alternative cost plus increases minus reductions (Helm of "
                "Awakening); 601.2g-h: the player then activates mana abilities and pays that total cost.",
        "reproduction": "phase-dev-madness-reduced-cost-payable",
        "scenarios": ["madness-cost-reduction-applies"],
    },
    "cranial-extraction-no-target": {
        "rules": ["dfc-2016.13", "cr.current.casting-spells"],
        "engine": "phase.rs parses Cranial Extraction's oracle text (\"Search target player's graveyard, hand, and library "
                  "for all cards with that name\") as ChangeZoneAll over cards with the same name as a parent target, "
                  "without a player target, and refuses the cast: 'No legal targets available'.",
        "rule": "601.2c: the player announces the targets the spell requires; the spell targets a player, and a player "
                "is there to target.",
        "reproduction": "phase-dev-cranial-extraction-target-player",
        "scenarios": ["dfc2016-name-delver-of-secrets", "dfc2016-name-both-faces-illegal", "dfc2016-name-back-face-graveyard",
                      "dfc2016-name-insectile-aberration"],
    },
    "amplify-does-nothing": {
        "rules": ["amplify.a", "amplify.q1"],
        "engine": "phase.rs parses amplify as 'enters with N +1/+1 counters for each card in your hand that shares a "
                  "creature type', but asks for no reveal and puts no counter on the creature (0 counters with matching "
                  "cards in hand, in every amplify scenario).",
        "rule": "702.36a (amplify.a; current 702.38a): as the object enters, reveal any number of cards from your hand that share a creature "
                "type with it; it enters with N +1/+1 counters for each card revealed.",
        "reproduction": "phase-dev-amplify-no-counters",
        "scenarios": ["amplify-2-two-counters-per-card", "amplify-enters-with-counters", "amplify-multiple-creature-types",
                      "amplify-multiple-instances", "amplify-reveal-counters", "amplify-must-share-type",
                      "amplify-clone-cant-reveal-shapeshifter", "proof-amplify-counters-per-card"],
    },
    "transform-into-sorcery-face": {
        "rules": ["dfc-2016.6"],
        "engine": "phase.rs transforms a permanent whose back face is a sorcery face: it becomes a Sorcery permanent "
                  "(Conformance Rite) on the battlefield, with a Transformed event.",
        "rule": "711.6 (dfc-2016.6; current 712.10): if the face a permanent would transform into is an instant or sorcery face, "
                "nothing happens.",
        "reproduction": "phase-dev-transform-into-sorcery-face",
        "scenarios": ["dfc2016-cant-transform-into-sorcery-face", "dfc2016-behaviour-no-transform-into-sorcery-stays-artifact"],
    },
    "flashback-exile-undone": {
        "rules": ["flashback.a", "flashback.q6"],
        "engine": "Hinder counters a flashed-back Firebolt: phase.rs exiles it (Stack -> Exile), then applies the rest of "
                  "Hinder's text and moves it Exile -> Graveyard; it ends in the graveyard.",
        "rule": "702.32a (flashback.a; current 702.34a): if the flashback cost was paid, exile the card instead of putting it anywhere else "
                "any time it would leave the stack; flashback.q6: it gets exiled whatever tries to move it.",
        "reproduction": "phase-dev-flashback-hinder",
        "scenarios": ["flashback-hinder-exiled-instead-of-library"],
    },
    "color-change-not-applied": {
        "rules": ["cr.current.layers"],
        "engine": "Wild Mongrel's 'becomes the color of your choice until end of turn': phase.rs asks for the colour and "
                  "applies the +1/+1, but the Mongrel stays green.",
        "rule": "613.1e: colour-changing effects apply in layer 5; the chosen colour replaces the Mongrel's colour until "
                "end of turn.",
        "reproduction": "phase-dev-wild-mongrel-color",
        "scenarios": ["madness-not-cast-goes-to-graveyard"],
    },
    "back-face-mana-value": {
        "rules": ["dfc-2016.4b", "cr.current.dfc-characteristics"],
        "engine": "phase.rs gives a permanent with its back face up mana value 0 (the back face has no mana cost): it "
                  "lists Wildblood Pack (front face Instigator Gang, {3}{R}) as a legal target of Eliminate (\"mana value "
                  "3 or less\") and accepts the cast. Found by the behavioural check once the adapter stopped filling "
                  "the mana value in from the front face (issue 17); the field checks show the same 0.",
        "rule": "711.4b of 2016 (dfc-2016.4b) and current 712.8e: while a double-faced permanent's back face is up, its "
                "mana value is calculated using the mana cost of its front face.",
        "reproduction": "phase-dev-back-face-mana-value",
        "scenarios": ["dfc2016-eliminate-back-face-mana-value", "dfc2016-back-face-characteristics",
                      "dfc2016-back-face-werewolf-mana-value", "dfc2016-enters-transformed",
                      "dfc2016-werewolf-transforms-at-upkeep", "dfc2016-behaviour-offering-back-face-mana-value"],
    },
    "disturb-mana-value": {
        "rules": ["cr.current.dfc-characteristics", "cr.current.double-faced-cards"],
        "engine": "Lunarch Veteran cast with disturb (back face Luminous Phantom up): phase.rs's SpellCast gives the spell's "
                  "mana value as 0.",
        "rule": "712.8 (712.8e in the current numbering): a transforming double-faced card with its back face up has the mana value of its front face "
                "(Lunarch Veteran {W}: 1).",
        "reproduction": "phase-dev-disturb-mana-value",
        "scenarios": ["dfc-current-cast-transformed"],
    },
    "non-dfc-returned-transformed": {
        "rules": ["dfc-2016.8a"],
        "engine": "A Clone copying Liliana, Heretical Healer (not a double-faced card) is exiled by the copied trigger and "
                  "phase.rs returns it to the battlefield 'transformed' (Transformed event) and creates the Zombie token.",
        "rule": "711.8a (dfc-2016.8a; current 712.14a): a card that isn't a double-faced card, instructed to be put onto the "
                "battlefield transformed, stays in its current zone; so the 'if you do' Zombie is not created.",
        "reproduction": "phase-dev-non-dfc-returned-transformed",
        "scenarios": ["dfc2016-non-dfc-put-transformed-stays"],
    },
    "non-dfc-transform-event": {
        "rules": ["dfc-2016.5"],
        "engine": "Moonmist with a Clone copying Delver of Secrets: phase.rs keeps the Clone's characteristics but marks it "
                  "transformed and reports a Transformed event for it (so 'whenever this transforms' would trigger).",
        "rule": "711.5 (dfc-2016.5; current 701.27 and 712): only double-faced permanents transform; if a spell or ability "
                "instructs a player to transform a permanent that isn't double-faced, nothing happens.",
        "reproduction": "phase-dev-clone-no-transform-event",
        "scenarios": [],
    },
    "face-down-dfc-transforms": {
        "rules": ["dfc-2016.9a"],
        "engine": "A manifested (face-down) Delver of Secrets targeted by 'Transform target permanent.': phase.rs transforms "
                  "it (Transformed event); still face down, it shows Delver of Secrets' name and is 1/1.",
        "rule": "711.9a (dfc-2016.9a; current 712.15a): while face down, a double-faced permanent can't transform.",
        "reproduction": "phase-dev-face-down-dfc-transforms",
        "scenarios": ["dfc2016-face-down-cant-transform"],
    },
    "turned-up-dfc-loses-back-face": {
        "rules": ["dfc-2016.9a", "dfc-2016.5"],
        "engine": "A manifested Delver of Secrets turned face up (for its mana cost, or by an effect) has its front face "
                  "up but phase.rs drops its back face: the permanent is no longer double-faced and 'Transform target "
                  "permanent.' does nothing to it.",
        "rule": "711.9a (dfc-2016.9a; current 712.15a): turned face up, it has its front face up (it is still a "
                "double-faced card); 711.5 (dfc-2016.5): double-faced permanents transform.",
        "reproduction": "phase-dev-turned-up-dfc-keeps-back-face",
        "scenarios": ["dfc2016-face-down-turned-up-front-face", "dfc2016-face-down-turned-up-by-effect-front-face"],
    },
    "token-copy-of-dfc-single-faced": {
        "rules": ["cr.current.copying-objects", "cr.current.double-faced-cards", "cr.current.transform"],
        "engine": "Cackling Counterpart copying Delver of Secrets: phase.rs creates a single-faced token (no back face); "
                  "Moonmist transforms Delver but not the token, and a copy of Insectile Aberration is not back face up.",
        "rule": "707.8a: a copy of a double-faced permanent is double-faced (both faces' copiable values); 712.9: such a "
                "token can transform.",
        "reproduction": "phase-dev-token-copy-of-dfc",
        "scenarios": ["dfc-current-token-copy-transforms", "dfc-current-token-copy-of-back-face-is-back-face-up"],
    },
    "transform-face-down-non-dfc": {
        "rules": ["dfc-2016.5", "morph.b", "cr.current.transform", "cr.current.face-down"],
        "engine": "Told to transform a face-down Exalted Angel (a single-faced card cast face down with morph), phase.rs "
                  "logs a transform and shows the permanent as 4/5 while it stays face down. Found by `mtgrules fuzz "
                  "--engine phase` (generated, shrunk to two steps).",
        "rule": "711.5 of 2016 (dfc-2016.5), current 712.9: if a spell or ability instructs a player to transform a "
                "permanent that isn't represented by a double-faced card, nothing happens; a face-down permanent is a "
                "2/2 with no name (708.2, morph.b).",
        "reproduction": "fuzz-phase-transform-face-down-non-dfc",
        "scenarios": [],
    },
    "hinder-countered-to-graveyard": {
        "rules": ["cr.current.counter", "cr.current.replacement-effects"],
        "engine": "Hinder counters Shock (or Thoughtcast, Enormous Baloth, Moonmist): phase.rs moves the countered card from the "
                  "stack to its owner's graveyard, then from the graveyard to the graveyard, and never asks top or bottom; it "
                  "ends in the graveyard. Found by `mtgrules fuzz --engine phase` (generated, shrunk to four steps).",
        "rule": "701.6a and 614.1a: Hinder's \"put that card on ... its owner's library instead of into that player's graveyard\" "
                "replaces the countered card's move to the graveyard; it goes from the stack to the library.",
        "reproduction": "fuzz-phase-hinder-countered-spell-to-graveyard",
        "scenarios": [],
    },
    "special-action-breaks-pass-succession": {
        "rules": ["cr.current.all-pass", "cr.current.special-action-priority", "morph.d"],
        "engine": "bob casts Lightning Bolt and passes; alice turns a morph face up and passes: phase.rs resolves the Bolt, "
                  "counting bob's pass from before the special action. Found by `mtgrules fuzz --engine phase` (generated, "
                  "shrunk to six steps).",
        "rule": "117.4: the top of the stack resolves when all players pass in succession, without taking any actions in "
                "between; turning a permanent face up is a special action (morph.d, 116.2b) after which its player "
                "receives priority (117.3c), so bob must pass again.",
        "reproduction": "fuzz-phase-special-action-breaks-pass-succession",
        "scenarios": [],
    },
    "granted-flashback-not-listed": {
        "rules": ["flashback.a", "cr.current.layers"],
        "engine": "Snapcaster Mage gives Burst Lightning flashback: phase.rs lets alice cast it from the graveyard with "
                  "flashback (and kicker: 4 damage, exiled), but lists only Kicker among the card's keywords and abilities. "
                  "(The same scenario's cast event shows cost {R}, not the total {4}{R} phase.rs made alice pay: the adapter "
                  "reads the cost of phase.rs's pending cast, announced before the kicker is decided.)",
        "rule": "702.34a and 613.1f: \"gains flashback\" adds the keyword ability flashback to the card (layer 6) until "
                "end of turn.",
        "reproduction": "phase-dev-granted-flashback-not-listed",
        "scenarios": ["vocab-flashback-spell-cast-with-kicker"],
    },
    "declare-attackers-step-skipped": {
        "rules": ["cr.current.declare-attackers", "cr.current.priority"],
        "engine": "When no creature attacks (none can, or none is declared), phase.rs goes from the beginning of combat "
                  "step straight to the end of combat step: nobody gets priority in the declare attackers step. Found "
                  "by `mtgrules fuzz --engine phase` (a sorcery-speed cast after six passes from the main phase, which "
                  "phase.rs accepted in its postcombat main phase; reduced by hand).",
        "rule": "508.1-508.2: the declare attackers step begins with the active player declaring attackers (possibly "
                "none), then the active player gets priority; 508.8: with no attackers only the declare blockers and "
                "combat damage steps are skipped.",
        "reproduction": "fuzz-phase-declare-attackers-step-priority",
        "scenarios": [],
    },
    "declare-blockers-step-skipped": {
        "rules": ["cr.current.declare-blockers", "cr.current.declare-attackers", "cr.current.priority"],
        "engine": "When the creatures declared as attackers have all left combat before blocks (Grizzly Bears returned to "
                  "hand by Unsummon in the declare attackers step), phase.rs goes from the declare attackers step to the "
                  "end of combat step: no declare blockers step, nobody gets priority in it. Found by `mtgrules fuzz "
                  "--engine phase` (a declare_blockers step refused: 'phase.rs did not ask to declare blockers').",
        "rule": "508.8: only if no creatures are declared as attackers (or put onto the battlefield attacking) are the "
                "declare blockers and combat damage steps skipped; otherwise the declare blockers step happens (509.1: "
                "the defending player declares blockers, here none) and the active player gets priority in it.",
        "reproduction": "fuzz-phase-declare-blockers-step-priority",
        "scenarios": [],
    },
}

#: Failing or errored scenarios that are not engine deviations: why (checked by hand).
NOT_DEVIATIONS = {
    "scenario-believed-wrong": {
        "ds-first-strike-redundant": "Paladin en-Vec has protection from red: Temur Battle Rage (red) can't target it "
                                     "(702.16); phase.rs rightly finds no legal target. The scenario says the cast is legal.",
        "ds-gaining-double-strike-after-first-strike": "same: Temur Battle Rage (red) can't target Paladin en-Vec "
                                                       "(protection from red).",
        "flashback-spelljack-exiles": "bob has no library and his draw step comes (advance_to next turn): he loses (704.5b) "
                                      "and phase.rs ends the game; the setup needs a library for bob.",
        "storm-counts-opponents-spells": "the setup starts in alice's upkeep with an empty library; advancing to her main "
                                         "phase passes her draw step, so she loses (704.5b); the setup needs a library.",
    },
    "engine-cannot-parse-card": {s: c for c, ss in {
        "Ixidron": ["dfc2016-cant-be-turned-face-down", "morph-turned-down-by-effect-turn-up-for-morph",
                    "morph-turned-down-without-morph-stays-down"],
        "Cytoshape": ["dfc2016-copy-by-dfc-of-back-face-mana-value-zero", "dfc2016-copy-effect-on-dfc-transforms"],
        "Backslide": ["morph-backslide-needs-morph", "morph-no-turn-face-down-without-effect", "morph-turning-face-up-keeps-tapped"],
        "Eye of the Storm": ["flashback-eye-of-the-storm-exiles", "proof-flashback-already-exiled"]}.items() for s in ss},
    "setup-not-representable": {
    },
}


def _reason(kind: str, value: str) -> str:
    return f"phase.rs parses {value}'s needed ability as Unimplemented" if kind == "engine-cannot-parse-card" else value


#: The findings as the shared report code takes them; ``classify(scenario)``: the examined reason a scenario fails
#: on phase.rs (``{"kind", "deviation"/"reason"}``), or None (not examined).
FINDINGS = Findings(DEVIATIONS, NOT_DEVIATIONS, reason=_reason)
classify = FINDINGS.classify
