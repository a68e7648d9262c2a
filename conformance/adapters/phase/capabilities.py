"""What the phase.rs adapter can drive, as data: the features it claims in its handshake, the features it
cannot drive (their scenarios are skipped with the reason, never passed), the rules editions it plays, and
the setup details it cannot represent (the scenario errors as ``unsupported``)."""

from __future__ import annotations

from ..findings_report import ALL_FEATURES

#: Scenario features (scenario.schema.json $defs/feature) the adapter cannot drive on phase.rs, with
#: the reason. A scenario needing one of them is skipped with that reason, never passed.
UNSUPPORTED_FEATURES = {
    "dynamic": "Dynamic cards (seed 000, layout 'dynamic') are not an MTGJSON layout: phase.rs cannot build them",
    "merge": "a merged permanent (730) cannot be set up: phase.rs's merged components are engine-internal state",
    "mutate": "mutate needs merged permanents, which the adapter cannot set up or observe component by component",
    "text-change": "phase.rs does not parse text-changing effects (Mind Bend, Artificial Evolution: Unimplemented)",
    "hidden-information": "phase.rs's state export does not say which player can see an object",
    "commander": "the corpus's commander scenario needs a commander setup the adapter does not build",
    "phasing": "not used by the corpus",
    "merged-abilities": "merged permanents (702.140e: the abilities of every component) cannot be set up",
}

#: Every feature of the schema; the adapter claims those not listed above.
FEATURES = tuple(f for f in ALL_FEATURES if f not in UNSUPPORTED_FEATURES)

#: phase.rs plays the current rules; older editions' scenarios are played under them only where the
#: scenario also holds under the current rules (the runner picks the first edition both know).
EDITIONS = ("2026-08-07",)

#: Setup state keys the adapter cannot set up on phase.rs, with the reason (the scenario errors).
UNSUPPORTED_STATE = {
    "exiled_with": "links between objects",
    "flipped": "flip cards flipped", "merged": "merged permanents",
}
