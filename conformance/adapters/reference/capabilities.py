"""What the reference model can play, as data: the scenario features it implements (a scenario needing
another is skipped with the reason), the editions it plays, and the steps and setup details it has no
counterpart for (answered ``unsupported`` with the reason)."""

from __future__ import annotations

#: Scenario features the reference model implements today (scenario.schema.json $defs/feature).
#: Features not listed here make the runner skip the scenario with the reason.
FEATURES = (
    "dynamic", "split", "flip", "double-faced", "double-faced-token-copy", "cast-transformed", "transform",
    "face-down", "morph", "manifest", "mutate", "merge", "flashback", "storm",
    "copy", "cast-copy", "copy-spell", "token", "counter-spell", "name-choice", "replacement-choice",
    "cost-change", "triggered-ability", "special-action", "discard", "counters", "library-order",
    "static-ability", "scry",
    # model II (issue 4): combat and the seed-004 keywords
    "combat", "first-strike", "double-strike", "trample", "flying", "fear", "protection", "provoke", "madness", "amplify",
    "affinity", "activated-ability", "text-change",
    "aura", "equipment",  # Auras and Equipment: enchant, equip, attaching, 704.5m / 704.5n (model/attachments.py)
    "imprint",  # cards exiled with a permanent, linked abilities (model/imprint.py)
    "lifelink",  # model/lifelink.py
    "kicker", "buyback",  # 702.33, 702.27: additional_costs {kicker: true}, {buyback: true} (model/casting.py)
    "replicate",  # 702.56: additional_costs {replicate: N}, copies not cast (model/replicate.py)
    "commander",  # 903.9b / 903.9c: a commander may go to the command zone instead (model/commander.py)
    "flash",  # a spell with flash is cast any time its caster has priority (casting.check_timing)
    "hidden-information",  # the snapshot's hidden_from (model/hidden.py); the observation itself shows everything
    "merged-abilities",  # 702.140e: a merged permanent has the abilities of every component (model/merging.py)
)

#: Scenario features the model does not implement yet, with the reason (the handshake's ``unsupported``).
UNSUPPORTED_FEATURES: dict[str, str] = {}

#: Scenario editions -> the model's edition (model/game.py EDITIONS: the model distinguishes
#: editions where the double-faced card rules changed and where seed 004's keyword rules differ,
#: madness's optional exile; its pre-2013 plays the 2016 rules otherwise, DYN the current rules).
EDITIONS = {"2016-04-08": "2016-04-08", "2026-08-07": "2026-08-07", "dyn": "2026-08-07", "pre-2013": "pre-2013"}

#: Step verbs the model has no counterpart for, with the reason.
UNSUPPORTED_STEPS = {
    "choose": "the model asks no pending decisions: answers are given with the action (choices)",
}

#: Setup state keys the model has no counterpart for, with the reason (none today).
UNSUPPORTED_STATE = {
}
