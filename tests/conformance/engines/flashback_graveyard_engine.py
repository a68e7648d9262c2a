"""A Python engine (``--engine flashback_graveyard_engine:FlashbackToGraveyard``) for the fuzz tests:
the reference model with one rule wrong, flashback.q5: a spell cast with flashback that is countered
goes to its owner's graveyard instead of exile. The model is not edited: while this engine applies a
step, the model's ``counter_target_spell`` effect (``model/actions.py: EFFECTS``) is replaced by one
that first drops the countered spell's flashback replacement; the registry is restored after the step."""

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.model.actions import EFFECTS


def _counter_into_graveyard(original):
    def counter(game, source, eff, target):
        game.state.replacements = [r for r in game.state.replacements
                                   if not (r.name == "flashback" and r.object_id == target)]
        return original(game, source, eff, target)

    return counter


class FlashbackToGraveyard(ReferenceEngine):
    def apply(self, step):
        original = EFFECTS["counter_target_spell"]
        EFFECTS["counter_target_spell"] = _counter_into_graveyard(original)
        try:
            return super().apply(step)
        finally:
            EFFECTS["counter_target_spell"] = original
