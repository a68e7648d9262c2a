"""The legal actions phase.rs lists (``Game.actions()``), as steps of FORMAT.md: the adapter's ``legal_actions``.

phase.rs lists the actions of the player it waits on now; a player it does not wait on has none. Each listed
action becomes one step, with what phase.rs itself says about it:

- ``CastSpell`` / ``PlayFaceDown``: a cast from the card's zone (``face_down`` for PlayFaceDown). The way of casting
  (``alt_cost``) is not in the listing: the adapter takes the action on the live game and reads the casting variant
  phase.rs reports for the pending cast (its prompt's ``pending_cast.casting_variant``, or the cast event; its
  FaceDown variant is a face-down cast), then puts the game back; where phase.rs then asks which variant
  (``ChooseCastingVariant``), each variant it lists is one offer.
- ``TurnFaceUp``: the special action, ``using`` from phase.rs's own account of the permanent (``face_down_cause``
  Manifest: ``manifest``; otherwise a morph keyword on its hidden face: ``morph``).
- ``ActivateAbility``: an activation of that source (no index: phase.rs numbers all of a card's abilities).
- ``PlayLand``: playing the land.

Two offers come at a later prompt of phase.rs, as the reference model lists them early (model/offers.py): blocks
(in the declare attackers step the defending player is shown the ``DeclareBlockers`` prompt phase.rs reaches when
every player passes: each listed block of one blocker is one offer) and a madness cast (the ``CastOffer`` prompt
phase.rs shows as the madness trigger on top of the stack resolves). The adapter passes priority to reach that
prompt, reads its listed actions and puts the game back. Nothing is listed that phase.rs did not list.
"""

from __future__ import annotations

import json

from .actions import Actions
from .session import Session
from .vocabulary import ALT_COSTS, ZONES, alt_name

#: Passes the look-ahead to a later prompt may take (every player passing, a trigger resolving).
LOOKAHEAD_PASSES = 6


class Offers:
    """``legal_actions(player)`` on the session's game; the game and the bookkeeping are left as they were."""

    def __init__(self, session: Session, actions: Actions):
        self.s = session
        self.actions = actions

    def legal_actions(self, player: str) -> list[dict]:
        seat = self.s.seat.get(player)
        if seat is None:
            raise ValueError(f"no player {player!r}")
        restore = self._saver()
        try:
            out = self._listed(seat, player, restore)
            for ahead in (self._blocks, self._madness):
                out += ahead(seat, player)
                restore()
            return out
        finally:
            restore()

    # ------------------------------------------------------------------ now
    def _saver(self):
        s = self.s
        saved, kept, log_len, notes = s.game.state(), s.keep(), len(s.log), list(s.step_notes)

        def restore():
            s.game = s.engine.load_game(saved)
            del s.log[log_len:]
            s.restore(kept)
            s.step_notes = list(notes)
        return restore

    def _waits_on(self, seat: int, kind: str = "Priority") -> bool:
        return self.s.waiting().get("type") == kind and self.s.prompt_player() == seat

    def _listed(self, seat: int, player: str, restore) -> list[dict]:
        s = self.s
        if not self._waits_on(seat):
            return []
        out = []
        for action in list(s.game.actions()):
            data = action.data or {}
            oid = data.get("object_id")
            if action.kind in ("CastSpell", "PlayFaceDown"):
                zone = ZONES.get((s.game.object(oid) or {}).get("zone"))
                base = {"cast": s.id(oid), "by": player, "from": zone}
                if action.kind == "PlayFaceDown":
                    base["face_down"] = True
                out += [dict(base, **way) for way in self._ways(seat, oid, action)]
                restore()
            elif action.kind == "TurnFaceUp":
                out += [{"turn_face_up": s.id(oid), "by": player, "using": using} for using in self._using(oid)]
            elif action.kind == "ActivateAbility":
                out.append({"activate": s.id(data.get("source_id")), "by": player})
            elif action.kind == "PlayLand":
                out.append({"play_land": s.id(oid), "by": player})
        return out

    def _ways(self, seat: int, oid: int, action) -> list[dict]:
        """The ways of casting phase.rs takes this listed cast as (``{alt_cost: ...}``, with ``face_down`` for its
        FaceDown variant), each read from phase.rs; the game is changed: the caller restores it."""
        s = self.s
        try:
            self.actions.apply(seat, action)
        except ValueError:
            return []  # listed but refused as taken: not offered
        acts = list(s.game.actions()) if s.prompt_player() == seat else []
        variants = [a for a in acts if a.kind in ("ChooseAlternativeCast", "ChooseCastingVariant")]
        if variants:
            return [_variant_of(a) for a in variants]
        data = s.waiting().get("data")
        pending = (data.get("pending_cast") or {}) if isinstance(data, dict) else {}
        if pending.get("object_id") == oid and "casting_variant" in pending:
            variant = pending.get("casting_variant")
        else:
            variant = (s.cast_info.get(oid) or {}).get("variant")
        return [{"alt_cost": alt_name(variant), **({"face_down": True} if variant == "FaceDown" else {})}]

    def _using(self, oid: int) -> list[str]:
        """How a listed TurnFaceUp turns the permanent up: phase.rs lists one action, so one way (a manifested card
        by its mana cost, else a morph card by its morph cost); none when phase.rs's account gives neither."""
        obj = self.s.game.object(oid) or {}
        if obj.get("face_down_cause") == "Manifest":
            return ["manifest"]
        hidden = obj.get("back_face") or {}
        return ["morph"] if any(_keyword(k) == "Morph" for k in hidden.get("keywords") or []) else []

    # ------------------------------------------------------------------ later prompts
    def _pass_until(self, seat: int, kind: str) -> bool:
        """Pass priority (every player) until phase.rs waits on ``seat`` with a ``kind`` prompt; False if it does not
        within a few passes or waits on another decision."""
        s = self.s
        for _ in range(LOOKAHEAD_PASSES):
            if self._waits_on(seat, kind):
                return True
            w = s.waiting()
            if w.get("type") != "Priority":
                return False
            try:
                self.actions.apply(w["data"]["player"], {"type": "PassPriority"})
            except ValueError:
                return False
        return self._waits_on(seat, kind)

    def _blocks(self, seat: int, player: str) -> list[dict]:
        s = self.s
        if s.game.phase != "DeclareAttackers" or not self._pass_until(seat, "DeclareBlockers"):
            return []
        out = []
        for action in s.game.actions():
            pairs = (action.data or {}).get("assignments") if action.kind == "DeclareBlockers" else None
            if isinstance(pairs, list) and len(pairs) == 1:
                blocker, attacker = pairs[0]
                out.append({"declare_blockers": {s.id(blocker): s.id(attacker)}, "by": player})
        return out

    def _madness(self, seat: int, player: str) -> list[dict]:
        s = self.s
        if not s.game.stack() or not self._pass_until(seat, "CastOffer"):
            return []
        kind = (s.waiting().get("data") or {}).get("kind") or {}
        if kind.get("type") != "Madness":
            return []
        return [{"cast": s.id(a.data["object_id"]), "by": player, "from": "exile", "alt_cost": "madness"}
                for a in s.game.actions() if a.kind == "CastSpellAsMadness"]


def _keyword(k) -> str:
    return next(iter(k)) if isinstance(k, dict) else str(k)


def _variant_of(action) -> dict:
    """The way of casting a ``ChooseCastingVariant`` action picks (alt_cost None: the normal cast; phase.rs's
    Alternative choice is the face-down cast, as the driver reads it)."""
    text = json.dumps(action.data).lower()
    hit = next((alt for alt, name in ALT_COSTS.items() if name.lower() in text), None)
    if hit is None and ((action.data or {}).get("choice") or {}).get("type") == "Alternative":
        hit = "morph"
    return {"alt_cost": hit, **({"face_down": True} if hit == "morph" else {})}
