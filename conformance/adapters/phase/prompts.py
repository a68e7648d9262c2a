"""Answering phase.rs's prompts (targets, optional costs, "you may", card selections, choices) from a
step's options and ``choices``. A prompt the step does not answer is ``unsupported``; an answer phase.rs
does not list as legal is refused."""

from __future__ import annotations

import copy
import json

from mtgrules.conformance.engine import EngineError, Unsupported

from .actions import MAX_PASSES, Actions, is_yes, same_pairs
from .session import Refused, Session
from .vocabulary import ALT_COSTS, COLOR_NAMES, NAMED_CHOICES, cost_text


class Prompts:
    """Answers every prompt phase.rs waits on until it waits for priority (or a declaration) again."""

    def __init__(self, session: Session, actions: Actions):
        self.s = session
        self.actions = actions
        self.kicks: dict = {}  # replicate: times paid, for the spell being cast (kicks_for)
        self.kicks_for = None

    def answer(self, choices: dict, targets=None, cast: dict | None = None, cast_oid=None) -> None:
        """Answer prompts from ``choices``; ``targets`` and ``cast`` are the step's own (a cast or an
        activation), ``cast_oid`` the spell the step casts."""
        s = self.s
        targets = list(targets or [])
        self.kicks = self.kicks if cast_oid is not None and self.kicks_for == cast_oid else {}
        self.kicks_for = cast_oid
        trigger_targets = choices.get("targets")
        trigger_targets = [trigger_targets] if isinstance(trigger_targets, str) else list(trigger_targets or [])
        offers = copy.deepcopy(choices.get("cast"))  # answered offers are marked: never touch the step itself
        offers = [offers] if isinstance(offers, dict) else list(offers or [])
        for _ in range(MAX_PASSES):
            w = s.waiting()
            kind = w.get("type")
            d = w.get("data") or {}
            if kind in (None, "Priority", "GameOver", "DeclareAttackers", "DeclareBlockers"):
                chosen = s.became_targets[s.targets_from:]
                if trigger_targets and chosen and not any(s.target_value(t) in chosen for t in trigger_targets):
                    # phase.rs chose a triggered ability's target itself (the only legal one) and never asked
                    raise Refused("cr.current.casting-spells", f"phase.rs chose the target {chosen} itself (the only legal one); "
                                                               f"the step's target(s) {trigger_targets} are not legal")
                return
            seat = d.get("player") if isinstance(d, dict) else None
            acts = s.game.actions()
            if kind in ("TargetSelection", "TriggerTargetSelection"):
                self._target_prompt(seat, kind, d, acts, targets, trigger_targets, offers, cast, cast_oid)
                continue
            if kind == "CopyTargetChoice" and choices.get("copy"):  # Clone: "a copy of any creature"
                self.choose_target(seat, acts, choices["copy"], "cr.current.copying-objects")
                continue
            if kind == "CopyRetarget" and self._copy_retarget(seat, acts, offers):
                continue
            handler = {"NamedChoice": self._named_choice, "ReplacementChoice": self._replacement_choice,
                       "UnlessPayment": self._unless_payment, "OrderTriggers": self._order_triggers}.get(kind)
            if handler is not None:
                handler(seat, d, acts, choices)
                continue
            if any(a.kind == "SelectCards" for a in acts):
                wanted = _wanted_cards(choices, cast)
                if wanted is not None:
                    ids = sorted(s.resolve_id(r) for r in wanted)
                    hit = [a for a in acts if a.kind == "SelectCards" and sorted(a.data.get("cards") or []) == ids]
                    self.actions.try_(seat, hit[0] if hit else self.actions.hand_built({"type": "SelectCards", "data": {"cards": ids}}))
                    continue
            if kind in ("ManaPayment", "PayMana"):
                raise Unsupported(f"phase.rs waits for a manual mana payment ({kind})")
            if kind == "OptionalCostChoice" or any(a.kind == "DecideOptionalCost" for a in acts):
                self._optional_cost(seat, d, acts, choices, cast, cast_oid)
                continue
            if kind == "CastOffer" or any(a.kind in ("DecideOptionalEffect", "DecideOptionalEffectAndRemember") for a in acts):
                self._may(seat, kind, d, acts, choices, offers)
                continue
            if any(a.kind in ("ChooseAlternativeCast", "ChooseCastingVariant") for a in acts):
                self._casting_variant(seat, acts, cast)
                continue
            if kind == "ChooseX" or any(a.kind == "ChooseX" for a in acts):
                x = (cast or {}).get("x", choices.get("x"))
                hit = [a for a in acts if a.kind == "ChooseX" and a.data.get("value", a.data.get("x")) == x]
                if x is None or not hit:
                    raise Unsupported(f"phase.rs asks for X ({x})")
                self.actions.try_(seat, hit[0])
                continue
            if any(a.kind == "ChooseTopOrBottom" for a in acts) and choices.get("top_or_bottom"):
                want = choices["top_or_bottom"]
                hit = [a for a in acts if want in json.dumps(a.data).lower()]
                self.actions.try_(seat, (hit or acts)[0])
                continue
            if kind == "AssignCombatDamage" and choices.get("assign_damage"):
                self._assign_damage(seat, d, acts, choices["assign_damage"])
                continue
            if len(acts) == 1:
                self.actions.try_(seat, acts[0])
                s.step_notes.append(f"answered phase.rs prompt {kind} with its only action {acts[0].kind}")
                continue
            raise Unsupported(f"phase.rs prompt {kind} is not answerable from the step (actions: {[a.kind for a in acts][:6]})")
        raise EngineError("phase.rs kept asking (more than 200 prompts in one step)", kind="hung")

    def choose_target(self, seat: int, acts, ref, rule: str) -> None:
        """Answer a target prompt with the target ``ref`` (refused when phase.rs does not list it as legal)."""
        want = self.s.target_value(ref)
        hit = [a for a in acts if a.kind == "ChooseTarget" and a.data.get("target") == want]
        if not hit:
            raise Refused(rule, f"target {ref} ({want}) is not among phase.rs's legal targets "
                                f"{[a.data.get('target') for a in acts if a.kind == 'ChooseTarget']}")
        self.actions.try_(seat, hit[0])

    def _target_prompt(self, seat, kind, d, acts, targets, trigger_targets, offers, cast, cast_oid) -> None:
        """A spell's, an offered cast's or a triggered ability's target, from the matching list of targets."""
        pc = d.get("pending_cast") or {}
        pending = pc.get("object_id")
        if cast is not None and cast_oid is not None and pending == cast_oid:
            info = self.s.cast_info.setdefault(cast_oid, {})
            info["variant"] = pc.get("casting_variant")
            info["cost"] = cost_text(pc.get("cost"))
            queue = targets
        elif pending is not None and self._offer_for(offers, pending) is not None:
            offer = self._offer_for(offers, pending)
            queue = offer.setdefault("_targets", list(offer.get("targets") or []))
            self.s.cast_info.setdefault(pending, {}).update(variant=pc.get("casting_variant"), cost=cost_text(pc.get("cost")))
        else:
            queue = targets or trigger_targets
        if not queue:
            raise Unsupported(f"phase.rs asks for a target ({kind}) the step does not give")
        self.choose_target(seat, acts, queue.pop(0), "cr.current.casting-spells")

    def _copy_retarget(self, seat, acts, offers) -> bool:
        """A copy's new targets (the step's ``new_targets``, or those of a copy it casts); False: not answered."""
        queue = self.s.new_targets if self.s.new_targets is not None else []
        copy_offer = next((o for o in offers if isinstance(o, dict) and o.get("copy") and o.get("targets")), None)
        if not queue and copy_offer is not None:  # a copy an effect lets the player cast (Isochron Scepter)
            queue = copy_offer.setdefault("_targets", list(copy_offer["targets"]))
        if queue:
            self.choose_target(seat, acts, queue.pop(0), "cr.current.copy-of-spell")
            return True
        keep = [a for a in acts if a.kind == "KeepAllCopyTargets"]
        if keep:
            self.actions.try_(seat, keep[0])
            return True
        return False

    def _offer_for(self, offers: list, oid: int):
        """The step's ``cast`` choice (madness, Eye of the Storm, ...) for the card phase.rs is casting."""
        for offer in offers:
            ref = offer.get("card") if isinstance(offer, dict) else offer
            if isinstance(ref, str) and self.s.refs_now.get(ref) == oid:
                return offer if isinstance(offer, dict) else {"card": offer}
        return None

    def _optional_cost(self, seat, d, acts, choices, cast, cast_oid) -> None:
        extra = (cast or {}).get("additional_costs") or {}
        cost = (d.get("cost") or {}).get("data") or {}
        if cost.get("repeatable") and d.get("origin") != "Replicate" and isinstance(extra, dict) and "replicate" in extra:
            want = False  # phase.rs also offers replicate's cost while announcing; paying it there makes no copies
        elif cost.get("repeatable"):  # replicate: pay it N times
            # phase.rs asks once while the cast is announced and again (origin Replicate) after the
            # targets: the step's N is the total number of times the cost is paid
            paid = self.kicks.get(cast_oid, 0)
            want = paid < int(extra.get("replicate") or 0) if isinstance(extra, dict) else False
            self.kicks[cast_oid] = paid + int(want)
        else:
            want = bool(extra or choices.get("pay"))
        hit = [a for a in acts if a.kind == "DecideOptionalCost" and bool(a.data.get("pay", a.data.get("accept"))) == want]
        self.actions.try_(seat, (hit or acts)[0])

    def _may(self, seat, kind, d, acts, choices, offers) -> None:
        """A "you may" (``may``; a trigger's from the step where it triggered) or an offer to cast (``cast``)."""
        want = choices.get("may")
        if want is None and d.get("source_id") in self.s.trigger_may:
            want = self.s.trigger_may[d.get("source_id")]
            self.s.step_notes.append(f"'you may' of a trigger answered by the step where it triggered ({want})")
        if kind == "CastOffer":
            # an offer to cast during resolution (madness, ...) is answered by the step's `cast` choice (FORMAT.md);
            # without one it is declined, as the reference model declines it (`may` answers other "you may"s)
            want = bool(offers)
        if want is None:
            want = True
            self.s.step_notes.append(f"'you may' answered yes by default ({kind})")
        hit = [a for a in acts if a.kind.startswith("DecideOptionalEffect") and is_yes(a.data) == bool(want)]
        if kind == "CastOffer" and want:
            hit = [a for a in acts if a.kind.startswith("CastSpell")] or hit  # phase.rs offers the cast as CastSpellAs...
        if not hit and kind == "CastOffer":
            raise Refused("cr.current.casting-spells", f"phase.rs offers only {[a.data for a in acts]} for {d.get('kind')}: "
                                                       f"it does not let the player cast the card")
        self.actions.try_(seat, (hit or acts)[0])

    def _casting_variant(self, seat, acts, cast) -> None:
        alt = (cast or {}).get("alt_cost")
        pick = [a for a in acts if alt and ALT_COSTS.get(alt, alt).lower() in json.dumps(a.data).lower()]
        if not pick and (alt == "morph" or (cast or {}).get("face_down")):
            pick = [a for a in acts if (a.data.get("choice") or {}).get("type") == "Alternative"]
        if not pick and not alt:
            pick = [a for a in acts if "normal" in json.dumps(a.data).lower()]
        if not pick:
            raise Refused(None, f"phase.rs offers no casting variant {alt}: {[a.data for a in acts]}")
        self.actions.try_(seat, pick[0])

    def _named_choice(self, seat: int, d: dict, acts, choices: dict) -> None:
        kind = d.get("choice_type")
        key = NAMED_CHOICES.get(kind)
        value = choices.get(key) if key else None
        if value is None:
            raise Unsupported(f"phase.rs asks for a {kind} choice; the step gives no {key!r} choice")
        if key == "color":
            value = COLOR_NAMES.get(value, value)
        elif key == "player":
            value = self.s.seat.get(value, value)
        hit = [a for a in acts if a.kind == "ChooseOption" and str(a.data.get("choice")).lower() == str(value).lower()]
        # a card name may be any card's name (phase.rs lists only names it has seen): build the answer
        self.actions.try_(seat, hit[0] if hit else self.actions.hand_built({"type": "ChooseOption", "data": {"choice": value}}))

    def _replacement_choice(self, seat: int, d: dict, acts, choices: dict) -> None:
        cands = d.get("candidates") or []
        if (d.get("kind") or {}).get("type") == "OptionalBranch":  # "you may have ~ enter as ..." (Clone)
            want = choices.get("may")
            if want is None and choices.get("copy"):
                want = True
            if want is None:
                raise Unsupported(f"phase.rs asks whether to apply {cands[0].get('description')!r}; the step gives no 'may' choice")
            index = next(i for i, c in enumerate(cands) if (c.get("description") == "Decline") != bool(want))
        else:
            ref = choices.get("replacement")
            oid = self.s.refs_now.get(ref) if isinstance(ref, str) else None
            hits = [i for i, c in enumerate(cands) if c.get("source_id") == oid or c.get("source_name") == ref]
            if not hits:
                raise Unsupported(f"phase.rs asks which replacement effect to apply ({[c.get('source_name') for c in cands]}); "
                                  f"the step's 'replacement' choice {ref!r} names none of them")
            index = hits[0]
        hit = [a for a in acts if a.kind == "ChooseReplacement" and a.data.get("index") == index]
        self.actions.try_(seat, hit[0])

    def _assign_damage(self, seat: int, d: dict, acts, given: dict) -> None:
        s = self.s
        attacker = d.get("attacker_id")
        split = next((v for k, v in given.items() if s.refs_now.get(k) == attacker), None)
        if split is None:
            if len(acts) != 1:
                raise Unsupported(f"phase.rs asks how attacker {s.id(attacker)} assigns its damage; the step's assign_damage does not say")
            self.actions.try_(seat, acts[0])
            return
        blockers = [[s.resolve_id(r), int(n)] for r, n in split.items() if r not in s.seat]
        to_player = sum(int(n) for r, n in split.items() if r in s.seat)
        want = {"assignments": blockers, "controller_damage": 0, "mode": "Normal", "trample_damage": to_player}
        hit = [a for a in acts if a.kind == "AssignCombatDamage" and same_pairs(a.data.get("assignments"), blockers)
               and int(a.data.get("trample_damage") or 0) == to_player]
        self.actions.try_(seat, hit[0] if hit else self.actions.hand_built({"type": "AssignCombatDamage", "data": want}))

    def _unless_payment(self, seat: int, d: dict, acts, choices: dict) -> None:
        if "pay" not in choices:
            raise Unsupported(f"phase.rs asks whether to pay {d.get('effect_description')!r}; the step gives no 'pay' choice")
        hit = [a for a in acts if a.kind == "PayUnlessCost" and bool(a.data.get("pay")) == bool(choices["pay"])]
        self.actions.try_(seat, hit[0])

    def _order_triggers(self, seat: int, d: dict, acts, choices: dict) -> None:
        trig = d.get("triggers") or []
        order = choices.get("order")
        if order:
            srcs = [self.s.refs_now.get(r) for r in order]
            want = sorted(range(len(trig)), key=lambda i: srcs.index(trig[i].get("source_id")) if trig[i].get("source_id") in srcs else len(srcs))
            hit = [a for a in acts if a.kind == "OrderTriggers" and list(a.data.get("order") or []) == want]
        else:
            hit = acts[:1]
            self.s.step_notes.append("simultaneous triggers put on the stack in phase.rs's first offered order (the step gives no 'order')")
        self.actions.try_(seat, hit[0])


def _wanted_cards(choices: dict, step: dict | None):
    """The cards a SelectCards prompt is answered with, from the step's costs or choices."""
    for source in ((step or {}).get("costs") or {}, (step or {}).get("additional_costs") or {}, choices):
        for key in ("discard", "sacrifice", "cards", "reveal"):
            value = source.get(key) if isinstance(source, dict) else None
            if value:
                return [value] if isinstance(value, str) else list(value)
    return None
