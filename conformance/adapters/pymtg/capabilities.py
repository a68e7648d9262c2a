"""What the python-mtg adapter can drive, as data: the features it claims in its handshake, the features it
cannot drive (their scenarios are skipped with the reason, never passed), the rules edition it plays, and the
setup details it cannot represent (the scenario errors as ``unsupported``).

python-mtg 0.1.1 is a referee for its own move space: the active player casts (each spell resolves at once:
python-mtg has no stack a player can respond to), plays lands, declares attackers; the defending player
declares blockers. Its README (``Game.__init__``, ``instant_speed``): "Reactive windows on the OPPONENT's turn
need priority passing, not yet modeled"; the opponent never gets priority on the active player's turn. The
adapter claims the features whose scenarios need only that move space: combat and its keywords."""

from __future__ import annotations

from ..findings_report import ALL_FEATURES

#: The limitation python-mtg's README states, the reason of every feature that needs it.
NO_OPPONENT_PRIORITY = ("python-mtg gives the non-active player no priority on the active player's turn (its README: "
                        "reactive windows need priority passing, not yet modeled), and each spell resolves as it is cast")

_NOT_DRIVEN = "not driven by the adapter: python-mtg 0.1.1 exposes no move or state for it that the adapter could map"

#: Scenario features (scenario.schema.json $defs/feature) the adapter cannot drive on python-mtg, with the
#: reason. A scenario needing one of them is skipped with that reason, never passed.
UNSUPPORTED_FEATURES = {
    "dynamic": "Dynamic cards (seed 000, layout 'dynamic') are not real cards: python-mtg knows cards by oracle name only",
    "counter-spell": NO_OPPONENT_PRIORITY,
    "flash": NO_OPPONENT_PRIORITY,
    "copy-spell": NO_OPPONENT_PRIORITY,
    "cast-copy": NO_OPPONENT_PRIORITY,
    "storm": NO_OPPONENT_PRIORITY,
    "madness": NO_OPPONENT_PRIORITY,
    "triggered-ability": "python-mtg puts no triggered ability on a stack the adapter can observe or order: " + NO_OPPONENT_PRIORITY,
    "merge": "merged permanents (730) are not part of python-mtg's state",
    "mutate": "merged permanents (730) are not part of python-mtg's state",
    "merged-abilities": "merged permanents (730) are not part of python-mtg's state",
    "split": _NOT_DRIVEN, "flip": _NOT_DRIVEN, "double-faced": _NOT_DRIVEN, "double-faced-token-copy": _NOT_DRIVEN,
    "cast-transformed": _NOT_DRIVEN, "transform": _NOT_DRIVEN, "face-down": _NOT_DRIVEN, "morph": _NOT_DRIVEN,
    "manifest": _NOT_DRIVEN, "flashback": _NOT_DRIVEN, "amplify": _NOT_DRIVEN, "provoke": _NOT_DRIVEN,
    "affinity": _NOT_DRIVEN, "copy": _NOT_DRIVEN, "token": _NOT_DRIVEN, "text-change": _NOT_DRIVEN,
    "name-choice": _NOT_DRIVEN, "replacement-choice": _NOT_DRIVEN, "buyback": _NOT_DRIVEN, "replicate": _NOT_DRIVEN,
    "imprint": _NOT_DRIVEN, "equipment": _NOT_DRIVEN, "aura": _NOT_DRIVEN, "cost-change": _NOT_DRIVEN,
    "activated-ability": _NOT_DRIVEN, "special-action": _NOT_DRIVEN, "discard": _NOT_DRIVEN, "counters": _NOT_DRIVEN,
    "library-order": _NOT_DRIVEN, "static-ability": _NOT_DRIVEN, "scry": _NOT_DRIVEN,
    "hidden-information": "the adapter does not map python-mtg's observation() views onto hidden_from",
    "commander": "the corpus's commander scenario needs a commander setup the adapter does not build",
    "phasing": "not used by the corpus",
}

#: Every feature of the schema; the adapter claims those not listed above.
FEATURES = tuple(f for f in ALL_FEATURES if f not in UNSUPPORTED_FEATURES)

#: python-mtg plays the current rules (its rule references are today's numbers).
EDITIONS = ("2026-08-07",)

#: Setup details the adapter cannot represent on python-mtg, with the reason (the scenario errors).
UNSUPPORTED_STATE = {
    "token": "python-mtg builds games from decks of real cards; a token cannot be put in a zone",
    "merged": "merged permanents", "face_down": "face-down objects", "face_down_by": "face-down objects",
    "face": "double-faced cards' faces", "flipped": "flip cards flipped", "copy_of": "copy effects",
    "counters": "counters on permanents", "attached_to": "attachments", "chosen": "choices made as it entered",
    "exiled_with": "links between objects", "imprinted": "links between objects",
    "damage": "marked damage: python-mtg keeps no damage outside combat",
    "owner": "an object controlled by a player other than its owner",
    "mana_pool": "floating mana: python-mtg stocks its own pool from untapped lands when a main phase begins",
    "spells_cast_this_turn": "spell counts", "spells_cast_last_turn": "spell counts",
    "step": "a turn step other than a main phase: python-mtg stops only at the active player's decisions",
    "priority": NO_OPPONENT_PRIORITY,
    "players": "python-mtg's seats are two players named alice and bob",
}
