"""The reference model as the judge of what may be done next: candidate steps and the model's verdict.

This is the one module that knows how the next action of a generated game is found. Today it builds
candidate steps (in the corpus vocabulary, FORMAT.md "Steps") from the objects of the game and asks
the reference model to perform each: an accepted step is legal, a refused one leaves the state as it
was (the model's ``Game.apply`` rolls a refused action back). When the model offers its own listing
of legal actions (``model/offers.py``, issue 17), :meth:`Table.candidates` switches to it and the rest
of the campaign is unchanged.
"""

from __future__ import annotations

import re

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.runner import _engine_step

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
PLAYERS = ("alice", "bob")
#: The rules a refused pass may cite for an ``expect: illegal`` probe (the player lacks priority).
PRIORITY_RULES = ("cr.current.priority",)
#: The combat steps before end of combat, from which an ``advance_to: end-of-combat`` is offered.
COMBAT_STEPS = ("beginning-of-combat", "declare-attackers", "declare-blockers", "first-strike-damage", "combat-damage")


#: The choices a resolving spell may ask its controller for (a "may", a color, where Hinder puts the spell it
#: counters), so that a resolve step is not refused for want of one; a spell that asks none ignores them.
RESOLVE_CHOICES = {"may": True, "color": "G", "top_or_bottom": "top"}


class ModelCrash(Exception):
    """The reference model raised (a defect of the model, reported first in a campaign)."""


class Table:
    """One generated game on the in-process reference model: the labelled objects, the steps the model
    accepts, and its observation."""

    def __init__(self, request: dict, pool, features: list[str], labels: list[str]):
        self.engine = ReferenceEngine()  # not started: its handshake sets nothing up and reads the package metadata (ms per game)
        self.pool = pool
        self.features = set(features)
        try:
            self.refs = self.engine.setup(request)
        except Exception as exc:  # noqa: BLE001
            raise ModelCrash(f"setup: {type(exc).__name__}: {exc}") from exc
        self.labels = list(labels)  # the setup's `as:` labels: the only names the steps use
        self.cards = {r: v["card"] for r, v in request["references"].items()}

    @property
    def game(self):
        return self.engine.game

    def apply(self, step: dict) -> str:
        """``ok``, ``refused`` or ``unsupported``: the model's verdict on ``step`` (performed when ok)."""
        return self.verdict(step)["status"]

    def verdict(self, step: dict) -> dict:
        """The model's reply to ``step`` (``status``, and ``rule`` and ``reason`` when refused)."""
        try:
            return self.engine.apply(_engine_step(step))
        except Exception as exc:  # noqa: BLE001
            raise ModelCrash(f"{next(iter(step))}: {type(exc).__name__}: {exc}") from exc

    @staticmethod
    def probe_worthy(reply: dict, step: dict | None = None) -> bool:
        """A refusal an engine must share: a rule broken (priority, timing, zones), not a step the engine
        could complete by asking (a target or a choice the candidate left out) nor a cost the model's
        own choice of mana sources could not pay (another choice of lands may pay it, 601.2g-h). A pass
        is refused for want of priority only: the model refusing it for another rule (a provoked
        creature that must block) refuses the next step's declaration it implies, which a pass (117.3d)
        is not."""
        if reply["status"] != "refused" or re.search(r"target|choose|choice|pay", reply.get("reason") or ""):
            return False
        return step is None or "pass" not in step or reply.get("rule") in PRIORITY_RULES

    # ------------------------------------------------------------------ what the game holds now
    def _object(self, label: str):
        tracker = self.engine.driver.tracker
        tracker.follow(self.game.state.events)
        oid = tracker.id(label)
        return self.game.state.objects.get(oid) if oid else None

    def _faces(self, label: str) -> list[dict]:
        card = self.pool.get(self.cards[label])
        return card.faces if card is not None else []

    def _keywords(self, label: str) -> set[str]:
        return {k.lower() for f in self._faces(label) for k in f.get("keywords") or []}

    def _activated(self, label: str) -> bool:
        """The card has an activated ability (in the structured form the model executes)."""
        return any("activated" in ab for f in self._faces(label) for ab in (f.get("mtgrules") or {}).get("abilities") or [])

    def _is(self, label: str, card_type: str) -> bool:
        return card_type in (self._faces(label)[:1] or [{}])[0].get("types", [])

    def where(self) -> dict[str, tuple[str, str, bool]]:
        """label -> (zone, controller, face down) of every labelled object that exists now."""
        out = {}
        for label in self.labels:
            obj = self._object(label)
            if obj is not None:
                out[label] = (obj.zone, obj.controller or obj.owner, bool(getattr(obj, "face_down", False)))
        return out

    # ------------------------------------------------------------------ candidates
    def candidates(self) -> list[dict]:
        """Candidate steps for the player with priority (the model judges each), most telling first."""
        state = self.game.state
        p = state.priority
        if p is None:
            return []
        other = next(x for x in PLAYERS if x != p)
        where = self.where()
        stack = [lb for lb, (z, _, _) in where.items() if z == "stack"]
        field = [lb for lb, (z, _, _) in where.items() if z == "battlefield"]
        targets = [[], [other], [p]] + [[lb] for lb in stack + field]
        out: list[dict] = []
        for label, (zone, who, face_down) in where.items():
            kw = self._keywords(label)
            if who != p:
                continue
            if zone == "hand":
                if self._is(label, "Land"):
                    out.append({"play_land": label, "by": p})
                    continue
                out += [{"cast": label, "by": p, **({"targets": t} if t else {})} for t in targets]
                if "morph" in kw:
                    out.append({"cast": label, "by": p, "face_down": True, "alt_cost": "morph"})
                if "mutate" in kw:
                    out += [{"cast": label, "by": p, "alt_cost": "mutate", "targets": [c]} for c in field if self._is(c, "Creature")]
                faces = [f.get("faceName") for f in self._faces(label) if f.get("faceName")]
                if self._faces(label) and self._faces(label)[0].get("layout") == "dynamic":
                    out += [{"cast": label, "by": p, "half": h, **({"targets": t} if t else {})} for h in faces for t in targets[:3]]
            elif zone == "graveyard" and "flashback" in kw:
                out += [{"cast": label, "by": p, "from": "graveyard", "alt_cost": "flashback", **({"targets": t} if t else {})}
                        for t in targets]
            elif zone == "battlefield":
                if face_down:
                    out.append({"turn_face_up": label, "by": p, "using": "morph"})
                if not self._activated(label):
                    continue
                hand = [lb for lb, (z, w, _) in where.items() if z == "hand" and w == p]
                out.append({"activate": label, "by": p, "ability": 1})
                out += [{"activate": label, "by": p, "ability": 1, "costs": {"discard": [h]}, "choices": {"madness": "exile"}}
                        for h in hand]
        out += self._priority_steps(p, stack, where)
        return out

    def _priority_steps(self, p: str, stack: list[str], where: dict) -> list[dict]:
        state = self.game.state
        out: list[dict] = [{"pass": p}]
        if state.stack:
            madness = [lb for lb, (z, _, _) in where.items() if z == "exile" and "madness" in self._keywords(lb)]
            out += [{"resolve": "top", "choices": {"cast": {"card": m, "alt_cost": "madness"}}} for m in madness]
            out += [{"resolve": "top", "choices": dict(RESOLVE_CHOICES)}, {"resolve": "all", "choices": dict(RESOLVE_CHOICES)}]
            return out
        if "combat" in self.features and p == state.active and state.step in ("precombat-main", "beginning-of-combat"):
            mine = [lb for lb, (z, w, _) in where.items() if z == "battlefield" and w == p and self._is(lb, "Creature")]
            theirs = [lb for lb, (z, w, _) in where.items() if z == "battlefield" and w != p and self._is(lb, "Creature")]
            other = next(x for x in PLAYERS if x != p)
            for a in mine:
                out.append({"declare_attackers": {a: other}, "by": p, **({"choices": {"targets": theirs[:1], "may": True}} if theirs else {})})
        if "combat" in self.features and state.step == "declare-attackers":
            defender = next(x for x in PLAYERS if x != state.active)
            attackers = [lb for lb in self.labels if (o := self._object(lb)) is not None and getattr(o, "attacking", False)]
            blockers = [lb for lb, (z, w, _) in where.items() if z == "battlefield" and w == defender and self._is(lb, "Creature")]
            out += [{"declare_blockers": {b: a}, "by": defender} for b in blockers for a in attackers]
            out.append({"declare_blockers": {}, "by": defender})
        if state.step in COMBAT_STEPS:
            out.append({"advance_to": "end-of-combat"})
        out.append({"advance_to": "end"})
        return out
