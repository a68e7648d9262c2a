"""The game of the current scenario and the adapter's bookkeeping about it, shared by every part.

phase.rs keeps an object's ID across zone changes; the adapter gives the object a new ID at each zone change
(rule 400.7: ``p12``, then ``p12.1``, ...) so that references follow cards as the runner expects. The
references of a scenario's steps (labels, unique names) are followed through the adapter's own
``zone_change`` events, as the runner follows them."""

from __future__ import annotations

import copy

from mtgrules.conformance.engine import Unsupported

from .vocabulary import OBJECT_ID

#: The bookkeeping a refused step restores along with the game.
STEP_STATE = ("inc", "cast_info", "copies", "stack_seen", "became_targets", "full_of", "targets_of", "copy_of", "trigger_may")


class Refused(Exception):
    """The rules (as phase.rs applies them) forbid a step: reported as ``refused`` and the step undone."""

    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


class Session:
    """One engine's game and bookkeeping; ``reset`` starts a scenario. A few answers given in one step (the
    step's ``new_targets``) stay until the next step sets them, across scenarios too."""

    def __init__(self):
        self.engine = None  # phase.Engine with the scenario's card data
        self.game = None
        self.cards: dict = {}  # the scenario's cards: full name -> MTGJSON records
        self.players: list[str] = []  # player names by seat
        self.seat: dict[str, int] = {}  # player name -> seat
        self.new_targets = None  # the step's choices.new_targets (a copy's new targets), or None
        self.tracker = None

    def reset(self, cards: dict, face_to_full: dict) -> None:
        """Forget the previous scenario."""
        self.game = None
        self.log: list[dict] = []
        self.inc: dict[int, int] = {}  # phase.rs object ID -> zone changes seen
        self.cast_info: dict[int, dict] = {}  # spell -> {from, variant, cost, spent, mv}
        self.copies: dict[int, int] = {}  # copy of a spell -> the original
        self.stack_seen: set = set()
        self.targets_from, self.step_choices = 0, {}
        self.became_targets: list = []
        self.targets_of: dict = {}
        self.trigger_may: dict = {}
        self.copy_of: dict = {}  # token -> the object it copies
        self.cards = cards
        self.face_to_full = face_to_full
        self.full_of: dict[int, str] = {}  # phase.rs object ID -> our card's full name
        self.step_notes: list[str] = []
        self.tracker = None

    # ------------------------------------------------------------------ IDs
    def id(self, oid: int) -> str:
        """Our ID of phase.rs object ``oid`` now."""
        n = self.inc.get(oid, 0)
        return f"p{oid}" if n == 0 else f"p{oid}.{n}"

    def player_name(self, seat) -> str | None:
        return self.players[seat] if isinstance(seat, int) and 0 <= seat < len(self.players) else None

    def target(self, target):
        """A phase.rs target (``{"Player": 0}``, ``{"Object": 12}``) as ours."""
        if isinstance(target, dict):
            if "Player" in target:
                return self.player_name(target["Player"])
            if "Object" in target:
                return self.id(target["Object"])
        return target

    @property
    def refs_now(self) -> dict:
        """The references steps use (labels and unique names) -> phase.rs object IDs, kept current by following
        the adapter's own zone_change events (the runner follows the same events)."""
        if self.tracker is None:
            return {}
        self.tracker.follow(self.log)
        out = {}
        for ref, i in self.tracker.current.items():
            if i:
                m = OBJECT_ID.fullmatch(i)
                if m:
                    out[ref] = int(m[1])
        return out

    def resolve_id(self, ref) -> int:
        """The phase.rs object a step's reference names."""
        if isinstance(ref, str) and ref in self.refs_now:
            return self.refs_now[ref]
        m = OBJECT_ID.fullmatch(ref) if isinstance(ref, str) else None
        if m:  # an adapter object ID (used while setting up, before the references exist)
            return int(m[1])
        raise Unsupported(f"reference {ref!r} names no object the adapter knows")

    def target_value(self, ref):
        """A step's target (a player or a reference) as phase.rs's target."""
        if ref in self.seat:
            return {"Player": self.seat[ref]}
        return {"Object": self.resolve_id(ref)}

    def card_id(self, oid: int) -> int:
        return self.game.object(oid).get("card_id", oid)

    # ------------------------------------------------------------------ waiting
    def waiting(self) -> dict:
        return self.game.waiting_for() or {}

    def prompt_player(self) -> int | None:
        d = self.waiting().get("data") or {}
        return d.get("player") if isinstance(d, dict) else None

    # ------------------------------------------------------------------ events and undo
    def append(self, event: dict) -> None:
        event["seq"] = len(self.log) + 1
        self.log.append(event)

    def keep(self) -> dict:
        """The bookkeeping before a step (restored with ``restore`` when the step is refused)."""
        return copy.deepcopy({k: getattr(self, k) for k in STEP_STATE})

    def restore(self, kept: dict) -> None:
        for k, v in kept.items():
            setattr(self, k, v)
