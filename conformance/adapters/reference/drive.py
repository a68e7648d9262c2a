"""Engine-neutral steps (FORMAT.md) -> the reference model's actions (model/action.schema.json).

Each step becomes the model's actions, its references followed to the objects they name now and its
``choices`` passed in the model's terms (``MODEL_CHOICES``; others are named in the step's note). A step
the model has no counterpart for is ``unsupported``; an action the model refuses is ``refused`` (a
multi-action step as a whole, the state restored).

The actions and the setup are built here from scenarios the corpus loader checked against
scenario.schema.json, so the model is told not to check them against its schemas again on every
step (``validate=False``); tests/conformance/test_reference_translation.py checks every setup and
action the corpus makes here against model/setup.schema.json and model/action.schema.json."""

from __future__ import annotations

import copy

from mtgrules.conformance.engine import STEP_VERBS, Unsupported
from mtgrules.model.actions import Unsupported as ModelUnsupported

from .capabilities import UNSUPPORTED_STEPS

#: Scenario `choices` the model takes (action.schema.json $defs/choices); others are not passed.
MODEL_CHOICES = ("replacement", "merge", "order", "scry", "copy", "new_targets", "may", "targets", "reveal", "cast",
                 "assign_damage", "damage_order", "name", "cards", "discard", "color", "text_change", "pay", "last_exiled", "madness",
                 "top_or_bottom")


class Driver:
    """Plays steps on one scenario's game; ``tracker`` follows the scenario's references."""

    def __init__(self, game, tracker):
        self.game = game
        self.tracker = tracker

    def _id(self, ref):
        """The object a reference names now (it follows its card across zone changes)."""
        if isinstance(ref, str) and ref in self.tracker.current:
            self.tracker.follow(self.game.state.events)
            return self.tracker.id(ref) or ref
        return ref

    def _choices(self, step: dict) -> dict:
        given = step.get("choices") or {}
        out = {}
        for key in MODEL_CHOICES:
            if key in given:
                value = given[key]
                if key == "scry":
                    value = {k: [self._id(r) for r in v] for k, v in value.items() if k in ("top", "bottom")}
                elif key == "copy":
                    value = self._id(value)
                elif key in ("new_targets", "targets", "reveal", "cards", "discard"):
                    value = [self._id(r) for r in (value if isinstance(value, list) else [value])]
                elif key == "cast":
                    value = self._cast_choice(value)
                elif key == "assign_damage":
                    value = {self._id(a): {self._id(r): n for r, n in (m or {}).items()} for a, m in value.items()}
                elif key == "replacement":  # the source (a reference) -> the model's replacement name: its card
                    value = [self.game.state.objects[i].card.name if i in self.game.state.objects else i
                             for i in (self._id(r) for r in (value if isinstance(value, list) else [value]))]
                elif key == "last_exiled":  # 730.3b: the model names the component by its card
                    value = self.tracker.cards.get(value, value)
                elif key == "damage_order":
                    value = {self._id(a): [self._id(b) for b in bs] for a, bs in value.items()}
                out[key] = value
        return out

    def _cast_choice(self, value):
        """``choices.cast``: true / a card / {card, alt_cost, targets, copy} / a list of those."""
        if isinstance(value, list):
            return [self._cast_choice(v) for v in value]
        if isinstance(value, str):
            return self._id(value)
        if isinstance(value, dict):
            out = dict(value)
            if "card" in out:
                out["card"] = self._id(out["card"])
            if "targets" in out:
                out["targets"] = [self._id(t) for t in out["targets"]]
            return out
        return value

    def translate(self, step: dict) -> list[dict]:
        """The model actions for one scenario step (raises Unsupported)."""
        verb = next(k for k in step if k in STEP_VERBS)
        if verb in UNSUPPORTED_STEPS:
            raise Unsupported(f"step {verb}: {UNSUPPORTED_STEPS[verb]}")
        choices = self._choices(step)
        by = step.get("by")
        if verb == "check":
            return []
        if verb == "discard":
            # a player's discard: legal only when a rule or effect tells the player to discard now (madness.q2)
            cards = step["discard"] if isinstance(step["discard"], list) else [step["discard"]]
            return [{"action": "player_discard", "player": by, "cards": [self._id(c) for c in cards],
                     **({"choices": choices} if choices else {})}]
        if verb == "declare_attackers":
            return [{"action": "declare_attackers", "player": by or self.game.state.active,
                     "attackers": {self._id(k): self._id(v) for k, v in (step["declare_attackers"] or {}).items()},
                     **({"choices": choices} if choices else {})}]
        if verb == "declare_blockers":
            return [{"action": "declare_blockers", "player": by,
                     "blockers": {self._id(k): self._id(v) for k, v in (step["declare_blockers"] or {}).items()},
                     **({"choices": choices} if choices else {})}]
        if verb == "activate":
            costs = step.get("costs") or {}
            if set(costs) - {"discard", "tap", "sacrifice"} or any(len(costs.get(k) or []) > 1 for k in ("discard", "sacrifice")):
                raise Unsupported(f"activate costs {sorted(costs)}: the model's activate takes one discarded card, one "
                                  "sacrificed permanent and {T}")
            a = {"action": "activate", "player": by, "object": self._id(step["activate"])}
            if "ability" in step:
                a["ability"] = step["ability"]
            if step.get("targets"):
                a["targets"] = [self._id(t) for t in step["targets"]]
            for key in ("discard", "sacrifice"):
                if costs.get(key):
                    a[key] = self._id(costs[key][0])
            return [{**a, **({"choices": choices} if choices else {})}]
        if verb == "advance_to":
            a = {"action": "advance_to", "step": step["advance_to"]}
            if step.get("next_turn"):
                a["next_turn"] = True
            return [{**a, **({"choices": choices} if choices else {})}]
        if verb == "pass":
            return [{"action": "pass_priority", "player": step["pass"], **({"choices": choices} if choices else {})}]
        if verb == "resolve":
            a = {"action": "resolve"}
            if step["resolve"] == "all":
                a["all"] = True
            if choices:
                a["choices"] = choices
            return [a]
        if verb == "turn_face_up":
            using = step.get("using", "morph")
            if using == "dynamic":
                using = "manifest"  # the model pays a manifested dynamic card's combined cost (DYN.5c)
            return [{"action": "turn_face_up", "player": by, "object": self._id(step["turn_face_up"]), "using": using,
                     **({"choices": choices} if choices else {})}]
        if verb == "play_land":
            if step.get("face"):
                raise Unsupported("play_land face: the model has no modal double-faced lands")
            return [{"action": "play_land", "player": by, "object": self._id(step["play_land"]), **({"choices": choices} if choices else {})}]
        # cast
        extra_costs = dict(step.get("additional_costs") or {})
        replicate = extra_costs.pop("replicate", None)
        sacrificed = extra_costs.pop("sacrifice", None) or []
        optional = {flag: extra_costs.pop(key) for key, flag in (("kicker", "kicked"), ("buyback", "buyback")) if key in extra_costs}
        if len(sacrificed) > 1:
            raise Unsupported("cast additional_costs sacrifice: the model's cast sacrifices one permanent")
        for key in ("modes", "pay_with"):
            if step.get(key):
                raise Unsupported(f"cast {key}: not in the model's cast action")
        if extra_costs:
            raise Unsupported(f"cast additional_costs {sorted(extra_costs)}: not in the model's cast action")
        a = {"action": "cast", "player": by, "card": self._id(step["cast"])}
        if replicate:
            a["replicate"] = int(replicate)
        a.update(optional)  # 601.2b: kicker, buyback (model/casting.py OPTIONAL_COSTS)
        if sacrificed:
            a["sacrifice"] = self._id(sacrificed[0])
        if step.get("half"):
            a["half"] = step["half"]
        if step.get("face_down"):
            a["face_down"] = True
        if step.get("face") == "back":
            a["transformed"] = True
        if step.get("alt_cost"):
            a["alternative_cost"] = step["alt_cost"]
        if "x" in step:
            a["x"] = step["x"]
        if step.get("free"):
            a["without_paying"] = True
        targets = [self._id(t) for t in step.get("targets") or []]
        if step.get("alt_cost") == "mutate":
            if not targets:
                raise Unsupported("cast with mutate: no target given")
            a["mutate_onto"] = targets[0]
            targets = targets[1:]
            merge = (step.get("choices") or {}).get("merge")
            if merge:
                a["position"] = merge
        if targets:
            a["targets"] = targets
        if choices:
            a["choices"] = choices
        if step.get("from"):
            obj = self.game.state.objects.get(a["card"])
            if obj is not None and obj.zone != step["from"]:
                return [{"__refuse__": True, "rule": "cr.current.casting-spells", "reason": f"{step['cast']} is in the {obj.zone}, not in the {step['from']}"}]
        return [a]

    def apply(self, step: dict) -> dict:
        try:
            actions = self.translate(step)
        except Unsupported as exc:
            return {"status": "unsupported", "reason": str(exc)}
        for a in actions:
            if a.get("__refuse__"):
                return {"status": "refused", "rule": a["rule"], "reason": a["reason"]}
        # a multi-action step is refused as a whole: restore the state if a later action is refused
        saved = self.game.state if len(actions) > 1 else None
        if saved is not None:
            saved = copy.deepcopy(saved)
        for a in actions:
            try:
                result = self.game.apply(a, validate=False)
            except ModelUnsupported as exc:  # an ability the model does not execute met where it matters
                return {"status": "unsupported", "reason": str(exc)}
            if not result.ok:
                if saved is not None:
                    self.game.state = saved
                return {"status": "refused", "rule": result.rule, "reason": result.reason}
        dropped = sorted(set(step.get("choices") or {}) - set(MODEL_CHOICES))
        out = {"status": "ok"}
        if dropped:
            out["note"] = f"choices the model does not take: {', '.join(dropped)}"
        return out


def offered_steps(game, player: str) -> list[dict]:
    """The model's legal actions for ``player`` (model/offers.py) as steps of FORMAT.md, with the model's IDs."""
    from mtgrules.model.offers import legal_actions

    out = []
    for a in legal_actions(game, player):
        kind = a["action"]
        if kind == "cast":
            obj = game.state.objects.get(a["card"])
            step = {"cast": a["card"], "by": player, "from": a.get("from") or (obj.zone if obj else None)}
            if a.get("face_down"):
                step["face_down"] = True
            if a.get("alternative_cost"):
                step["alt_cost"] = a["alternative_cost"]
            targets = ([a["mutate_onto"]] if a.get("mutate_onto") else []) + list(a.get("targets") or [])
        elif kind == "turn_face_up":
            step, targets = {"turn_face_up": a["object"], "by": player, "using": a["using"]}, []
        elif kind == "activate":
            step, targets = {"activate": a["object"], "by": player, "ability": a["ability"]}, list(a.get("targets") or [])
        else:  # declare_blockers
            step, targets = {"declare_blockers": dict(a["blockers"]), "by": player}, []
        if targets:
            step["targets"] = targets
        out.append(step)
    return out
