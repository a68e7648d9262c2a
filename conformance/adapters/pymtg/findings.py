"""The findings of examining, by hand, every scenario python-mtg fails or errors on: python-mtg's state after
each step read against the rule the scenario cites. Data: confirmed deviations of python-mtg from the rules
(each with a minimal reproduction in conformance/scenarios/pymtg-deviations/), and the failures that are not
deviations, with the reason. report.annotate writes them into the JSON report, the baseline and the page:

    mtgrules conform --engine pymtg --json conformance/reports/pymtg.json
    python -m mtgrules.conformance.adapters.pymtg annotate conformance/reports/pymtg.json \
        conformance/baselines/pymtg.json conformance/reports/pymtg.md
"""

from __future__ import annotations

from ..findings_report import Findings

#: Confirmed deviations of python-mtg from the rules: key -> rule IDs, what python-mtg did, what the rule says, the
#: minimal reproduction (conformance/scenarios/pymtg-deviations/) and the corpus scenarios that show it.
DEVIATIONS = {
    "fear-not-evasion": {
        "rules": ["fear.q2"],
        "engine": "python-mtg lists Grizzly Bears (green, not an artifact) blocking Severed Legion (fear) and accepts it. "
                  "Its view of Severed Legion has fear among the printed keywords but not among the keywords it derives.",
        "rule": "702.36b: a creature with fear can't be blocked except by artifact creatures and/or black creatures.",
        "reproduction": "pymtg-dev-fear-nonblack-blocker",
        "scenarios": ["fear-artifact-creature-can-block"],
    },
    "protection-blocking": {
        "rules": ["cr.current.protection", "morph.q10"],
        "engine": "python-mtg lists Severed Legion (black) blocking Paladin en-Vec (protection from black and from red) "
                  "and accepts it.",
        "rule": "702.16f: attacking creatures with protection can't be blocked by creatures that have the stated quality.",
        "reproduction": "pymtg-dev-protection-blocker",
        "scenarios": [],
    },
    "first-strike-damage-at-once": {
        "rules": ["cr.current.first-strike", "double-strike.q6"],
        "engine": "Youthful Knight (2/1, first strike) blocked by Grizzly Bears (2/2): python-mtg puts both in the "
                  "graveyard; the Bears deal their damage although the first-strike damage destroyed them first.",
        "rule": "702.7b: with a first striker in combat there are two combat damage steps; only first and double "
                "strikers assign damage in the first, and the second is for the remaining attackers and blockers "
                "(a creature destroyed in the first step, 704.5g, deals none).",
        "reproduction": "pymtg-dev-first-strike-kills-first",
        "scenarios": [],
    },
    "double-strike-once": {
        "rules": ["double-strike.q1", "double-strike.q2"],
        "engine": "Boros Swiftblade (1/2, double strike) attacks unblocked: python-mtg deals 1 damage to bob once "
                  "(bob at 19).",
        "rule": "702.4b: a double striker assigns combat damage in both combat damage steps: 1 and then another 1.",
        "reproduction": "pymtg-dev-double-strike-unblocked-once",
        "scenarios": ["proof-double-strike-alone-gets-first-step"],
    },
    "trample-no-excess": {
        "rules": ["cr.current.trample", "double-strike.q5"],
        "engine": "Akroma, Angel of Fury (6/6, flying, trample) blocked by Ornithopter (0/2): Ornithopter dies, bob takes "
                  "no damage (python-mtg asks no damage assignment and assigns all 6 to the blocker).",
        "rule": "702.19b: once lethal damage is assigned to the blockers, the excess may be assigned to the player the "
                "trampler attacks (here 4 of 6).",
        "reproduction": "pymtg-dev-trample-excess-to-player",
        "scenarios": [],
    },
    "attacker-not-tapped": {
        "rules": ["cr.current.declare-attackers"],
        "engine": "Grizzly Bears (no vigilance) attacks: at bob's blocking decision python-mtg's own view of it says "
                  "tapped False (its declare_attackers records the attack and taps nothing). Found by `mtgrules fuzz "
                  "--engine pymtg` on every generated attack.",
        "rule": "508.1f: the active player taps the chosen attacking creatures; only vigilance (702.20) spares them.",
        "reproduction": "fuzz-pymtg-attacker-not-tapped",
        "scenarios": [],
    },
    "lifelink-no-life": {
        "rules": ["cr.current.lifelink", "cr.current.combat-damage"],
        "engine": "Child of Night (2/1, lifelink) attacks unblocked: python-mtg deals the 2 damage (bob at 18) and "
                  "alice stays at 20. Found by `mtgrules fuzz --engine pymtg`.",
        "rule": "702.15b: damage dealt by a source with lifelink causes that source's controller to gain that much "
                "life (here alice to 22).",
        "reproduction": "fuzz-pymtg-lifelink-no-life",
        "scenarios": [],
    },
}

#: Failed or errored scenarios that are not deviations: kind -> {scenario: reason}.
NOT_DEVIATIONS = {
    "engine-has-no-such-step": {s: "python-mtg's combat has one combat damage step: the adapter cannot stop in "
                                   "first-strike-damage (unsupported); the outcomes of first and double strike are "
                                   "deviations D3 and D4"
                                for s in ("ds-attacker-vs-first-strike-blocker", "ds-blocked-blocker-survives-first-blow",
                                          "ds-blocked-stays-blocked", "ds-double-striker-vs-double-striker",
                                          "ds-first-strike-only-first-step", "ds-gaining-double-strike-after-first-strike",
                                          "ds-gaining-double-strike-in-first-step-no-extra-hit",
                                          "ds-unblocked-deals-damage-twice", "phase-dev-first-strike-step-priority")},
    "cast-without-target-choice": {s: f"python-mtg's cast move of {card} carries no target: it picks the target itself, "
                                      "so the step's target cannot be given (unsupported)"
                                   for s, card in (("ds-first-strike-redundant", "Temur Battle Rage"),
                                                   ("ds-multiple-instances-redundant", "Temur Battle Rage"),
                                                   ("fear-blocker-changed-after-block", "Cerulean Wisps"))},
    "no-priority-passing": {s: "the check is of who gets priority in a combat step: python-mtg stops only at the active "
                               "player's decisions and has no single priority pass (unsupported by the adapter)"
                            for s in ("fuzz-phase-declare-attackers-step-priority", "fuzz-phase-declare-blockers-step-priority")},
    "no-event-log": {"ds-first-strike-without-double-strike-once": "the check is of damage events: python-mtg keeps no "
                                                                   "event log (the adapter reports none); bob's life is right"},
    "not-observable": {"ds-blocked-blocker-dies-first": "the check is of marked damage: python-mtg keeps no damage "
                                                        "outside its combat resolution (the adapter reports no damage field)"},
}


#: The findings as the shared report code takes them; ``classify(scenario)``: the examined reason a scenario fails
#: on python-mtg (``{"kind", "deviation"/"reason"}``), or None (not examined).
FINDINGS = Findings(DEVIATIONS, NOT_DEVIATIONS)
classify = FINDINGS.classify
