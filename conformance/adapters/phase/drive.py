"""Engine-neutral steps (FORMAT.md) -> phase.rs actions.

Each step is mapped onto ``GameAction``s taken from ``game.actions()``; the prompts that follow are answered
by prompts.Prompts. When phase.rs does not list an action the step needs, it is built with
``GameAction.from_dict`` and the step's result says so (``note``). An action phase.rs rejects is reported as
refused, and the game and the adapter's bookkeeping are restored to the state before the step."""

from __future__ import annotations

import json

from mtgrules.conformance.engine import STEP_VERBS, EngineError, Unsupported

from .actions import MAX_PASSES, Actions, same_pairs
from .prompts import Prompts
from .session import Refused, Session
from .vocabulary import ALT_COSTS, STEPS, ZONES, alt_name, corpus_step, cost_text, stack_id

#: Steps that make (or pass through) a combat declaration themselves.
_DECLARING = ("declare_attackers", "declare_blockers", "advance_to", "resolve")


class Driver:
    """Performs one scenario step on the session's game."""

    def __init__(self, session: Session, actions: Actions, prompts: Prompts):
        self.s = session
        self.actions = actions
        self.prompts = prompts

    def apply(self, step: dict) -> dict:
        """The step's reply: ok (with notes), refused (game and bookkeeping restored) or unsupported."""
        s = self.s
        verb = next(k for k in step if k in STEP_VERBS)
        saved = s.game.state()
        new_targets = (step.get("choices") or {}).get("new_targets")
        s.new_targets = list(new_targets) if isinstance(new_targets, list) else None
        log_len = len(s.log)
        kept = s.keep()
        s.step_notes = []
        s.targets_from = len(s.became_targets)
        s.step_choices = step.get("choices") or {}
        try:
            self._step(verb, step)
        except Refused as exc:
            s.game = s.engine.load_game(saved)
            del s.log[log_len:]
            s.restore(kept)
            return {"status": "refused", "rule": exc.rule, "reason": exc.reason}
        except Unsupported as exc:
            return {"status": "unsupported", "reason": str(exc)}
        out = {"status": "ok"}
        if s.step_notes:
            out["note"] = "; ".join(s.step_notes)
        return out

    def _step(self, verb: str, step: dict) -> None:
        s = self.s
        by = step.get("by")
        choices = step.get("choices") or {}
        if verb == "check":
            return
        if verb not in _DECLARING:
            self._declare_none()
        if verb == "pass":
            seat = s.seat[step["pass"]]
            if s.prompt_player() != seat or s.waiting().get("type") != "Priority":
                raise Refused("cr.current.priority", f"{step['pass']} does not have priority")
            self.actions.apply(seat, {"type": "PassPriority"})
            self.prompts.answer(choices)
        elif verb == "resolve":
            self._resolve(step["resolve"] == "all", choices)
        elif verb == "advance_to":
            self._advance(step["advance_to"], bool(step.get("next_turn")), choices)
        elif verb == "cast":
            self._cast(step, by, choices)
        elif verb == "play_land":
            oid = s.resolve_id(step["play_land"])
            acts = [a for a in s.game.actions() if a.kind == "PlayLand" and a.data.get("object_id") == oid]
            action = acts[0] if acts else self.actions.hand_built({"type": "PlayLand", "data": {"object_id": oid, "card_id": s.card_id(oid)}})
            self.actions.try_(s.seat[by], action)
            self.prompts.answer(choices)
        elif verb == "turn_face_up":
            oid = s.resolve_id(step["turn_face_up"])
            acts = [a for a in s.game.actions() if a.kind == "TurnFaceUp" and a.data.get("object_id") == oid]
            if step.get("using") == "morph" and not any("Morph" in (f.get("keywords") or []) for f in s.cards.get(s.full_of.get(oid)) or []):
                raise Refused("morph.a", f"{step['turn_face_up']} has no morph cost: phase.rs's TurnFaceUp would pay another cost")
            action = acts[0] if acts else self.actions.hand_built({"type": "TurnFaceUp", "data": {"object_id": oid}})
            self.actions.try_(s.seat[by], action)
            self.prompts.answer(choices, targets=step.get("targets") or choices.get("targets"))
        elif verb == "activate":
            self._activate(step, by, choices)
        elif verb in ("declare_attackers", "declare_blockers"):
            self._combat(verb, step[verb], choices)
        elif verb in ("discard", "choose"):
            if s.waiting().get("type") in (None, "Priority"):
                raise Refused(None, f"phase.rs is not waiting for a decision of {by or 'anyone'} ({verb} needs one)")
            self.prompts.answer({**choices, **({"discard": step["discard"]} if verb == "discard" else step["choose"])})
        else:
            raise Unsupported(f"step {verb}")

    def _activate(self, step: dict, by: str, choices: dict) -> None:
        s = self.s
        oid = s.resolve_id(step["activate"])
        acts = [a for a in s.game.actions() if a.kind == "ActivateAbility" and a.data.get("source_id") == oid]
        index = step.get("ability", 1)
        if not isinstance(index, int):
            acts = [a for a in acts if _ability_named(s.game.object(oid) or {}, a.data.get("ability_index"), index)]
            index = 1
        if len(acts) < index:
            raise Refused(None, f"phase.rs lists no activated ability {step.get('ability', 1)!r} of {step['activate']} now")
        self.actions.try_(s.seat[by], acts[index - 1])
        self.prompts.answer(choices, targets=step.get("targets"), cast=step)

    def _cast(self, step: dict, by: str, choices: dict) -> None:
        s = self.s
        seat = s.seat[by]
        oid = s.resolve_id(step["cast"])
        obj = s.game.object(oid) or {}
        zone = ZONES.get(obj.get("zone"))
        if step.get("from", "hand") != zone:
            raise Refused("cr.current.casting-spells", f"{step['cast']} is in the {zone}, not in the {step.get('from', 'hand')}")
        if step.get("pay_with"):
            raise Unsupported("cast pay_with: phase.rs pays mana automatically (greedy payer)")
        face_down = step.get("face_down") or step.get("alt_cost") == "morph"
        kinds = ("PlayFaceDown", "CastSpell") if face_down else ("CastSpell",)
        acts = [a for a in s.game.actions() if a.kind in kinds and (a.data or {}).get("object_id") == oid]
        if face_down:
            acts = [a for a in acts if a.kind == "PlayFaceDown"] or acts
        if acts:
            action = acts[0]
        else:
            if s.prompt_player() != seat:
                raise Refused("cr.current.priority", f"{by} does not have priority")
            action = self.actions.hand_built({"type": "PlayFaceDown" if step.get("face_down") else "CastSpell",
                                              "data": {"card_id": s.card_id(oid), "object_id": oid, "payment_mode": {"type": "Auto"}, "targets": []}})
        s.cast_info[oid] = {"from": zone}
        self.actions.try_(seat, action)
        self.prompts.answer(choices, targets=list(step.get("targets") or []), cast=step, cast_oid=oid)
        stack_ids = [e.get("id") for e in s.game.stack()]
        if oid not in stack_ids and not any(e["type"] == "cast" and e["object"].startswith(f"p{oid}") for e in s.log):
            raise Refused(None, f"phase.rs did not put {step['cast']} on the stack (waiting for {s.waiting().get('type')})")
        # phase.rs casts a card the way it can: check that it is the way the step asked for
        alt = step.get("alt_cost")
        variant = (s.cast_info.get(oid) or {}).get("variant")
        if face_down:
            if not (s.game.object(oid) or {}).get("face_down"):
                raise Refused("cr.current.face-down", f"phase.rs cast {step['cast']} face up: it offers no face-down cast for it")
        elif (s.game.object(oid) or {}).get("face_down"):
            raise Refused("cr.current.face-down", f"phase.rs cast {step['cast']} face down (as a morph), not face up: "
                                                  "it offers no face-up cast of it now")
        elif alt and alt_name(variant) != ALT_COSTS.get(alt, alt).lower():
            raise Refused("cr.current.casting-spells", f"phase.rs cast {step['cast']} with {variant or 'its mana cost'}, not {alt}: "
                                                       f"it offers no {alt} cast of it now")
        self._check_targets(step, oid)

    def _check_targets(self, step: dict, oid) -> None:
        """Refuse a cast whose targets phase.rs chose itself, other than the step's: with one legal target it asks no
        prompt and takes that one, so a step naming an illegal target would otherwise pass as accepted."""
        s = self.s
        wanted = [s.target_value(t) for t in (step.get("targets") or [])[(1 if step.get("alt_cost") == "mutate" else 0):]]
        entry = next((e for e in s.game.stack() if e.get("id") == oid), None)
        context = ((((entry or {}).get("kind") or {}).get("data") or {}).get("ability") or {}).get("context") or {}
        chosen = context.get("chain_root_targets")
        if wanted and isinstance(chosen, list) and any(t not in chosen for t in wanted):
            raise Refused("cr.current.casting-spells", f"phase.rs chose the target(s) {chosen} itself, not the step's "
                                                       f"{wanted}: it does not list them as legal")

    def _declare_none(self) -> None:
        """The declaration phase.rs waits on, as none: a step other than a declaration (or an advance or a
        resolve, which pass through it) taken in the declare attackers or blockers step presupposes that
        the step's turn-based declaration (508.1, 509.1) was made, and the scenario declared nothing (the
        reference model declares none as the step begins)."""
        w = self.s.waiting()
        if w.get("type") == "DeclareAttackers":
            self.actions.try_(w["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
        elif w.get("type") == "DeclareBlockers":
            self.actions.try_(w["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})

    def pass_(self, choices: dict) -> None:
        """Pass priority, declare no attackers or blockers, or answer the prompt phase.rs waits on."""
        s = self.s
        w = s.waiting()
        if w.get("type") == "Priority":
            self.actions.apply(w["data"]["player"], {"type": "PassPriority"})
        elif w.get("type") in ("DeclareAttackers",):
            self.actions.apply(w["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
        elif w.get("type") in ("DeclareBlockers",):
            self.actions.apply(w["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
        else:
            self.prompts.answer(choices)
            if s.waiting().get("type") == w.get("type") and w.get("type") not in ("Priority",):
                raise Unsupported(f"phase.rs waits for {w.get('type')}")

    def _resolve(self, all_: bool, choices: dict) -> None:
        s = self.s
        stack = s.game.stack()
        if not stack:
            raise Refused("cr.current.all-pass", "the stack is empty: nothing to resolve")
        top = stack_id(stack[-1])
        for _ in range(MAX_PASSES):
            self.pass_(choices)
            self.prompts.answer(choices)
            stack = s.game.stack()
            if s.waiting().get("type") == "GameOver":
                return
            if all_:
                if not stack and s.waiting().get("type") == "Priority":
                    return
            elif not stack or top not in [stack_id(e) for e in stack]:
                return
        raise EngineError("the stack did not resolve within 200 passes", kind="hung")

    def _advance(self, step_name: str, next_turn: bool, choices: dict) -> None:
        s = self.s
        target = STEPS.get(step_name)
        if target is None:
            raise Unsupported(f"advance_to {step_name}")
        start_turn = s.game.turn
        for _ in range(MAX_PASSES):
            here = corpus_step(s.game.state()["state"])
            at_priority = s.waiting().get("type") == "Priority"
            if here == step_name and (not next_turn or s.game.turn > start_turn) and at_priority:
                return
            if step_name == "first-strike-damage" and here == "combat-damage" and at_priority and not next_turn:
                # phase.rs dealt the first-strike and the regular combat damage without giving priority between
                # them (see the report): the first priority after the first-strike damage is in the regular step
                s.step_notes.append("phase.rs gave no priority in the first-strike combat damage step; stopped at its "
                                    "next priority, after the regular combat damage step")
                return
            if target == "Cleanup" and not next_turn and s.game.turn > start_turn:
                # 514.3: nobody gets priority in the cleanup step; phase.rs runs it and goes on to the next
                # turn, where the adapter stops before anything else happens (the cleanup's results show)
                s.step_notes.append("cleanup has no priority: observed at the start of the next turn")
                return
            self.pass_(choices)
            self.prompts.answer(choices)
            if s.waiting().get("type") == "GameOver":
                raise Unsupported(f"the game ended while advancing ({self._game_over_reason()})")
        raise EngineError(f"did not reach {step_name} within 200 passes", kind="hung")

    def _game_over_reason(self) -> str:
        st = self.s.game.state()["state"]
        empty = [self.s.player_name(p["id"]) for p in st["players"] if not p["library"]]
        return (f"a player with an empty library had to draw (704.5b): libraries empty for {', '.join(empty)}"
                if empty else json.dumps(st.get("waiting_for"))[:200])

    def _combat(self, verb: str, mapping: dict, choices: dict) -> None:
        s = self.s
        want = "DeclareAttackers" if verb == "declare_attackers" else "DeclareBlockers"
        for _ in range(MAX_PASSES):
            if s.waiting().get("type") == want:
                break
            if s.game.phase == want and s.waiting().get("type") == "Priority":
                # phase.rs skips a declaration no creature can make (then declaring none is all there is)
                if not mapping:
                    return
                raise Refused("cr.current.declare-blockers" if want == "DeclareBlockers" else "cr.current.declare-attackers",
                              f"phase.rs did not ask to {verb.replace('_', ' ')}: it found no legal {'blocker' if want == 'DeclareBlockers' else 'attacker'}")
            if s.game.phase in ("CombatDamage", "EndCombat", "PostCombatMain", "End", "Cleanup") and s.waiting().get("type") == "Priority":
                raise Refused("cr.current.declare-attackers", f"phase.rs did not ask to {verb.replace('_', ' ')} (step passed)")
            self.pass_(choices)
        w = s.waiting()
        seat = w["data"]["player"]
        acts = s.game.actions()
        if verb == "declare_attackers":
            attacks = [[s.resolve_id(a), {"type": "Player", "data": s.seat[p]} if p in s.seat else {"type": "Object", "data": s.resolve_id(p)}]
                       for a, p in (mapping or {}).items()]
            listed = [a for a in acts if a.kind == "DeclareAttackers" and same_pairs(a.data.get("attacks"), attacks)]
            action = listed[0] if listed else self.actions.hand_built({"type": "DeclareAttackers", "data": {"attacks": attacks}})
        else:
            assignments = [[s.resolve_id(b), s.resolve_id(a)] for b, a in (mapping or {}).items()]
            listed = [a for a in acts if a.kind == "DeclareBlockers" and same_pairs(a.data.get("assignments"), assignments)]
            action = listed[0] if listed else self.actions.hand_built({"type": "DeclareBlockers", "data": {"assignments": assignments}})
        self.actions.try_(seat, action)
        self.prompts.answer(choices)


def _ability_named(obj: dict, index, name: str) -> bool:
    """Whether phase.rs's ability ``index`` of ``obj`` is the one a step names by keyword (``Cycling``) or cost (``{R}``)."""
    abilities = obj.get("abilities") or []
    if not isinstance(index, int) or not 0 <= index < len(abilities):
        return False
    ability = abilities[index]
    tag = (ability.get("ability_tag") or {}).get("type")
    if tag and str(tag).lower() == name.lower():
        return True
    costs = [ability.get("cost") or {}]
    costs = costs[0].get("costs") or costs if costs[0].get("type") == "Composite" else costs
    printed = "".join(cost_text(c.get("cost")) or "" for c in costs if c.get("type") == "Mana") + \
        ("{T}" if any(c.get("type") == "Tap" for c in costs) else "")
    return bool(printed) and printed.replace(" ", "") == name.replace(" ", "").split(":")[0]
