"""Taking one phase.rs action: apply it, record its events, and turn phase.rs's refusal into ours.

The layer every driving part (prompts, steps, setup) goes through, so that no action escapes the event log."""

from __future__ import annotations

import json

from mtgrules.conformance.engine import Unsupported

from .events import EventRecorder
from .session import Refused, Session

#: Passes or prompts one step may take before the adapter calls phase.rs hung.
MAX_PASSES = 200


class Actions:
    """phase.rs actions on the session's game, each recorded."""

    def __init__(self, session: Session, recorder: EventRecorder):
        self.s = session
        self.recorder = recorder

    def apply(self, seat: int, action) -> dict:
        """Apply an action (phase.rs raises ValueError when it rejects it); record its events."""
        result = self.s.game.apply(seat, action).to_dict()
        self.recorder.record(result.get("events") or [])
        self.recorder.new_triggers()
        return result

    def try_(self, seat: int, action) -> dict:
        """Apply an action a step asked for: phase.rs's rejection is the step's refusal."""
        try:
            return self.apply(seat, action)
        except ValueError as exc:
            raise Refused(None, f"phase.rs rejected {getattr(action, 'kind', action)}: {exc}") from None

    def hand_built(self, action: dict):
        """An action phase.rs did not list, built from its dict (the step's result notes it)."""
        import phase

        self.s.step_notes.append(f"action built by hand (phase.rs did not list it): {action['type']}")
        return phase.GameAction.from_dict(action)

    def debug(self, seat: int, action: dict) -> None:
        """A phase.rs debug action (setup only: attach, add mana); its refusal makes the setup unsupported."""
        try:
            self.s.game.apply(seat, {"type": "Debug", "data": action})
        except ValueError as exc:
            raise Unsupported(f"debug action {action['type']}: {exc}") from None


def is_yes(data) -> bool:
    """Whether a listed optional-effect decision is the 'yes'."""
    if isinstance(data, dict):
        choice = data.get("choice")
        if isinstance(choice, dict):  # {"choice": {"type": "Accept" | "Decline"}}
            return choice.get("type") == "Accept"
        for key in ("accept", "choice", "decision", "perform", "yes"):
            if key in data:
                return bool(data[key])
    return bool(data)


def same_pairs(a, b) -> bool:
    """Whether two lists of attack, block or damage pairs are the same, in any order."""
    try:
        return sorted(json.dumps(x, sort_keys=True) for x in a or []) == sorted(json.dumps(x, sort_keys=True) for x in b or [])
    except TypeError:
        return False
