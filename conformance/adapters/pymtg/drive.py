"""Each scenario step -> python-mtg moves (``Game.push`` of a move from ``legal_moves``).

python-mtg advances by itself to the next decision of the player it is waiting for (the active player in a
main phase or at declare attackers, the defending player at declare blockers) and resolves each spell as it
is cast. The driver pushes the move a step asks for when python-mtg lists it, and refuses the step when it
does not (python-mtg's verdict: the move is not legal now), popping back every move it pushed for the step,
so that the game is as before. A step python-mtg has no move for is ``unsupported``."""

from __future__ import annotations

from mtgrules.conformance.engine import STEP_VERBS, Unsupported

from .capabilities import NO_OPPONENT_PRIORITY
from .session import Session
from .vocabulary import NO_ENGINE_STEP, corpus_step, engine_step, step_index

#: Cast options the driver has no python-mtg counterpart for.
_CAST_OPTIONS = ("from", "half", "face", "face_down", "alt_cost", "free", "modes", "x", "additional_costs", "pay_with")
_MAX_PUSHES = 40  # an advance_to passes at most this many decisions


class Driver:
    def __init__(self, session: Session):
        self.s = session
        self.pushed = 0  # moves pushed for the current step (popped again on a refusal)

    def apply(self, step: dict) -> dict:
        self.pushed = 0
        try:
            note = self._perform(step)
        except _Refused as refusal:
            self._undo()
            return {"status": "refused", "rule": None, "reason": str(refusal)}
        except Unsupported as exc:
            self._undo()
            return {"status": "unsupported", "reason": str(exc)}
        return {"status": "ok", **({"note": note} if note else {})}

    def _push(self, move: tuple) -> None:
        self.s.game.push(move)
        self.pushed += 1

    def _undo(self) -> None:
        """Pop every move pushed for the step: python-mtg's game is as before it (Game.pop)."""
        for _ in range(self.pushed):
            self.s.game.pop()
        self.pushed = 0

    def _perform(self, step: dict) -> str | None:
        verb = next((k for k in STEP_VERBS if k in step), None)
        if verb == "check":
            return None
        if verb == "resolve":
            if self.s.state.get("on_stack"):
                raise Unsupported("python-mtg's stack is not empty and it has no move to resolve it")
            return "python-mtg resolved each spell as it was cast: its stack is empty"
        if verb == "pass":
            raise Unsupported("python-mtg has no single priority pass: its pass ends the step, and " + NO_OPPONENT_PRIORITY)
        if verb == "advance_to":
            return self._advance(step["advance_to"], bool(step.get("next_turn")))
        if verb == "cast":
            return self._cast(step)
        if verb == "play_land":
            self._by_active(step)
            self._push_listed(("play", self._active(), self._id(step["play_land"])), f"play {step['play_land']}")
            return None
        if verb == "declare_attackers":
            return self._attack(step)
        if verb == "declare_blockers":
            return self._block(step)
        raise Unsupported(f"step {verb}: not driven by the adapter (python-mtg 0.1.1 has no move for it)")

    # ------------------------------------------------------------------------------------------ the moves
    def _cast(self, step: dict) -> None:
        self._by_active(step)
        used = [k for k in _CAST_OPTIONS if step.get(k)]
        if used:
            raise Unsupported(f"cast option(s) {', '.join(used)}: python-mtg has no move for them")
        spell = self._id(step["cast"])
        targets = [self._target(t) for t in step.get("targets") or []]
        if len(targets) > 1:
            raise Unsupported("several targets: python-mtg's cast move carries one")
        moves = [m.raw for m in self.s.game.legal_moves if m.raw[0] == "cast" and m.raw[2] == spell]
        if not moves:
            raise _Refused(f"python-mtg does not offer to cast {step['cast']} now")
        if targets and not any("target" in (m[3] or {}) for m in moves):
            raise Unsupported(f"python-mtg's cast of {step['cast']} takes no target choice (it picks one itself)")
        if targets:
            moves = [m for m in moves if (m[3] or {}).get("target") == targets[0]]
            if not moves:
                raise _Refused(f"python-mtg does not offer {step['cast']} with target {step['targets'][0]}")
        elif len({repr(sorted((m[3] or {}).items())) for m in moves}) > 1:
            raise Unsupported(f"python-mtg asks for choices the step does not give: {[m[3] for m in moves]}")
        self._push(moves[0])

    def _attack(self, step: dict):
        self._same_turn("declare attackers")
        self._by_active(step)
        wanted = step["declare_attackers"] or {}
        defender = self._defender()
        if any(p != defender for p in wanted.values()):
            raise Unsupported("attacking a planeswalker or battle: python-mtg's attack move names attackers only")
        self._reach("declare_attackers")
        if self._step() != "declare_attackers":
            if wanted:
                raise _Refused(f"python-mtg offered no attack: it went on to {corpus_step(self._step())}")
            return "python-mtg offered no attack (no creature could attack)"
        self._push_listed(("attack", frozenset(self._id(a) for a in wanted)), f"attack with {sorted(wanted)}")
        self.s.attacked = bool(wanted)
        return None

    def _block(self, step: dict):
        wanted = step["declare_blockers"] or {}
        at_blocks = self._active() == self.s.turn_active and self._step() == "declare_blockers"
        if not wanted and not at_blocks:
            return (f"python-mtg asked for no block (no creature could block) and went on to its next decision: "
                    f"{self._active()}'s {corpus_step(self._step())}")
        if not at_blocks and self.s.attacked and not self.s.game.is_game_over():
            raise _Refused(f"python-mtg asked for no block after the attack (it found no legal block) and went on to "
                           f"{self._active()}'s {corpus_step(self._step())}")
        self._same_turn("declare blockers")
        if step.get("by") not in (None, self._defender()):
            raise Unsupported(f"{step['by']} is not the defending player")
        if not at_blocks:
            raise _Refused(f"python-mtg offered no block: it went on to {corpus_step(self._step())}")
        pairs = frozenset((self._id(b), self._id(a)) for b, a in wanted.items())
        self._push_listed(("block", pairs), f"block {wanted}")
        return None

    def _advance(self, target: str, next_turn: bool) -> str | None:
        if target in NO_ENGINE_STEP:
            raise Unsupported(f"{target}: python-mtg's combat has one combat damage step")
        active = self.s.turn_active
        if next_turn:
            self.s.turn_active = None  # the scenario's turn is now the next one, whoever's it is
        for _ in range(_MAX_PUSHES):
            turned = self._active() != active
            if turned == next_turn and self._step() == engine_step(target):
                self.s.turn_active = self._active()
                return None
            past = turned or step_index(self._step()) > step_index(target)
            if past and not next_turn and not self.s.game.is_game_over() and step_index(target) > step_index("declare_blockers"):
                # python-mtg went past the step after combat by itself (to a later decision of the turn, or through
                # the rest of the turn): the observations that follow are of its next decision, and the note says
                # so (a check of the turn or step fails)
                return (f"python-mtg does not stop in {target}: it ran on to its next decision, "
                        f"{self._active()}'s {corpus_step(self._step())}; what follows observes that moment")
            if turned and not next_turn or (turned == next_turn and step_index(self._step()) > step_index(target)):
                raise Unsupported(f"python-mtg stops only at decisions: it went from before {target} to "
                                  f"{corpus_step(self._step())} ({self._active()}'s turn) without stopping in {target}")
            self._pass_decision()
        raise Unsupported(f"python-mtg did not reach {target} in {_MAX_PUSHES} decisions")

    # ------------------------------------------------------------------------------------------ helpers
    def _reach(self, engine_target: str) -> None:
        """Pass the active player's main-phase decisions until python-mtg stops at ``engine_target`` or later."""
        for _ in range(_MAX_PUSHES):
            if step_index(self._step()) >= step_index(engine_target) or self._step() == "postcombat_main":
                return
            self._pass_decision()

    def _pass_decision(self) -> None:
        """Take python-mtg's do-nothing move at its current decision: pass, or declare no attackers / blockers."""
        if self.s.game.is_game_over():
            raise Unsupported(f"python-mtg ended the game ({self.s.game.result()}) before the step was done")
        raws = [m.raw for m in self.s.game.legal_moves]
        for nothing in (("pass",), ("attack", frozenset()), ("block", frozenset())):
            if nothing in raws:
                self._push(nothing)
                return
        raise Unsupported(f"python-mtg offers no do-nothing move at {corpus_step(self._step())}: {raws}")

    def _push_listed(self, move: tuple, what: str) -> None:
        if move not in [m.raw for m in self.s.game.legal_moves]:
            raise _Refused(f"python-mtg does not list the move to {what}")
        self._push(move)

    def _same_turn(self, what: str) -> None:
        """Unsupported when python-mtg went on by itself past the scenario's turn (it stops only at decisions)."""
        if self.s.game.is_game_over():
            raise Unsupported(f"python-mtg ended the game before the step ({self.s.game.result()}): it went on past the "
                              "scenario's turn by itself, stopping only at decisions")
        if self._active() != self.s.turn_active:
            raise Unsupported(f"python-mtg went on by itself to {self._active()}'s turn ({corpus_step(self._step())}) "
                              f"before the step could {what}: it stops only at decisions")

    def _by_active(self, step: dict) -> None:
        if step.get("by") not in (None, self._active()):
            raise Unsupported(f"{step['by']} acts on {self._active()}'s turn: {NO_OPPONENT_PRIORITY}")

    def _id(self, ref) -> str:
        obj = self.s.refs.get(ref)
        if obj is None:
            raise Unsupported(f"{ref!r} names no object the adapter put in the game")
        return obj

    def _target(self, ref) -> str:
        return ref if ref in ("alice", "bob") else self._id(ref)

    def _active(self) -> str:
        return next(iter(self.s.state["active_player"]))[0]

    def _defender(self) -> str:
        return "bob" if self._active() == "alice" else "alice"

    def _step(self) -> str:
        return next(iter(self.s.state["current_step"]))[0]


class _Refused(Exception):
    """python-mtg does not offer the move the step asks for."""
