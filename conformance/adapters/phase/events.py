"""phase.rs's events -> our event log (model/events.schema.json shape).

Most events translate one to one. What phase.rs does not report the adapter derives here, each listed with
its reason in observe.DERIVED: trigger events, reveals of face-down cards moved face up to a public zone,
a cast's total cost, the combat damage step of a damage event, flashback's replacement on a zone change,
a token's ``copy_of`` and whether a copy was cast."""

from __future__ import annotations

import json

from .session import Session
from .vocabulary import OBJECT_ID, SHARDS, ZONES, ability_source, alt_name, keyword_name


class EventRecorder:
    """Records the events of each phase.rs action into the session's log."""

    def __init__(self, session: Session):
        self.s = session
        self.damage_step = None  # the combat damage steps' progress (reset when phase.rs changes phase)

    def record(self, events: list[dict]) -> None:
        s = self.s
        casts: list[dict] = []
        spent: dict = {}  # player -> mana spent in this action
        from_zone: dict = {}
        created: dict = {}
        for ev in events:
            kind, d = ev.get("type"), ev.get("data") or {}
            out = None
            if kind == "ZoneChanged":
                out = self._zone_change(d, from_zone)
            elif kind == "SpellCast":
                out = self._cast(d, from_zone)
            elif kind == "SpellCopied":
                oid = d["object_id"]
                s.copies[oid] = d.get("original_id")
                s.full_of.setdefault(oid, s.full_of.get(d.get("original_id")))
                out = {"type": "copied", "object": s.id(oid), "of": s.id(d.get("original_id")), "cast": False}
            elif kind == "ManaExpended":
                spent[d.get("player_id")] = spent.get(d.get("player_id"), 0) + int(d.get("amount_spent") or 0)
            elif kind == "SpellCountered":
                out = {"type": "countered", "object": s.id(d["object_id"])}
            elif kind == "StackResolved":
                out = {"type": "resolve", "object": s.id(d["object_id"])}
            elif kind == "BecomesTarget":
                s.became_targets.append(d.get("target"))
                s.targets_of[d.get("source_id")] = d.get("target")
            elif kind == "EffectResolved" and d.get("kind") == "CopyTokenOf":
                # DERIVED token copy_of: the token(s) this spell just created copy its target
                target = (s.targets_of.get(d.get("source_id")) or {}).get("Object")
                for tok in created.get(d.get("source_id"), []):
                    if target is not None:
                        s.copy_of[tok] = target
            elif kind == "PhaseChanged":
                self.damage_step = {"seen": set(), "regular": False}
            elif kind in ("DamageDealt", "CombatDamageDealt"):
                target = d.get("target") or {}
                combat = kind == "CombatDamageDealt" or bool(d.get("is_combat"))
                out = {"type": "damage", "source": s.id(d.get("source_id")) if d.get("source_id") is not None else None,
                       "target": s.target(target), "amount": d.get("amount"), "combat": combat}
                if combat:
                    out["step"] = self._combat_damage_step(d.get("source_id"), json.dumps(target, sort_keys=True))
            elif kind == "TokenCreated":
                created.setdefault(d.get("source_id"), []).append(d.get("object_id"))
                out = {"type": "create_token", "object": s.id(d["object_id"]) if d.get("object_id") is not None else None}
            elif kind == "CardsRevealed" or kind == "Revealed":
                for oid in d.get("card_ids") or d.get("object_ids") or []:
                    s.append({"type": "reveal", "object": s.id(oid)})
            else:
                out = self._simple(kind, d)
            if out is not None:
                s.append(out)
                if out["type"] == "cast":
                    casts.append(out)
        for out in casts:
            m = OBJECT_ID.fullmatch(out["object"] or "")
            info = s.cast_info.get(int(m[1])) if m else None
            if info:
                out["alternative_cost"] = alt_name(info.get("variant"))
                out["from"] = info.get("from")
            if out["cost"] is None:
                amount = (info or {}).get("spent")
                out["cost"] = self._paid_cost(out, amount if amount is not None else spent.get(s.seat.get(out["player"]), 0),
                                              (info or {}).get("variant"))

    def _zone_change(self, d: dict, from_zone: dict) -> dict:
        s = self.s
        oid = d["object_id"]
        old = s.id(oid)
        s.inc[oid] = s.inc.get(oid, 0) + 1
        new = s.id(oid)
        frm, to = ZONES.get(d.get("from"), str(d.get("from")).lower()), ZONES.get(d.get("to"), str(d.get("to")).lower())
        reps = []
        info = s.cast_info.get(oid)
        if frm == "stack" and info and info.get("variant") == "Flashback" and to == "exile":
            reps.append("flashback")  # DERIVED zone_change replacements
        if frm == "stack":
            s.cast_info.pop(oid, None)
        if to == "stack":
            from_zone[oid] = frm
        if (d.get("record") or {}).get("name") == "" and frm in ("battlefield", "stack") and to in ("graveyard", "exile") \
                and s.full_of.get(oid) and not (s.game.object(oid) or {}).get("face_down"):
            # DERIVED reveal. 708.9: a face-down permanent or spell that leaves is revealed; phase.rs turns it face
            # up in the public zone (no event of its own): that is the reveal
            s.append({"type": "reveal", "object": new, "player": s.player_name((s.game.object(oid) or {}).get("owner")),
                      "cards": [new], "note": "face-down card moved face up to a public zone"})
        return {"type": "zone_change", "object": old, "new_objects": [new], "from": frm, "to": to,
                "card": s.full_of.get(oid, (d.get("record") or {}).get("name")), "cause": "", "replacements": reps}

    def _cast(self, d: dict, from_zone: dict) -> dict:
        s = self.s
        oid = d["object_id"]
        info = s.cast_info.setdefault(oid, {})
        entry = next((e for e in s.game.stack() if e.get("id") == oid), None)
        data_ = ((entry or {}).get("kind") or {}).get("data") or {}
        if data_.get("casting_variant"):
            info["variant"] = data_["casting_variant"]
        if isinstance(data_.get("actual_mana_spent"), int):
            info["spent"] = data_["actual_mana_spent"]
        info.setdefault("from", from_zone.get(oid))
        info["mv"] = d.get("cast_mana_value")
        for ev in s.log:
            if ev["type"] == "copied" and ev["object"] == s.id(oid):
                ev["cast"] = True  # DERIVED copied cast: a copy that is cast (Isochron Scepter, Eye of the Storm): 707.12
        return {"type": "cast", "object": s.id(oid), "card": s.full_of.get(oid), "player": s.player_name(d.get("controller")),
                "face_down": bool((s.game.object(oid) or {}).get("face_down")),
                "from": info.get("from"), "alternative_cost": alt_name(info.get("variant")), "cost": info.get("cost")}

    def _simple(self, kind: str, d: dict) -> dict | None:
        """The events that translate field by field (None for an event we do not report)."""
        s = self.s
        if kind == "LifeChanged":
            return {"type": "life", "player": s.player_name(d.get("player_id")), "amount": d.get("amount"),
                    "delta": d.get("amount"), "before": None, "after": None}
        if kind in ("Transformed", "TurnedFaceUp", "TurnedFaceDown"):
            return {"type": {"Transformed": "transformed", "TurnedFaceUp": "turned_face_up",
                             "TurnedFaceDown": "turned_face_down"}[kind], "object": s.id(d["object_id"])}
        if kind == "Discarded" or kind == "CardDiscarded":
            return {"type": "discard", "object": s.id(d["object_id"]), "player": s.player_name(d.get("player_id"))}
        if kind == "CardDrawn":
            return {"type": "draw", "object": s.id(d["object_id"]) if d.get("object_id") is not None else None,
                    "player": s.player_name(d.get("player_id"))}
        if kind in ("TriggerFired", "AbilityTriggered", "TriggeredAbilityPut"):
            src = d.get("source_id")
            return {"type": "trigger", "source": s.id(src) if src is not None else None}
        if kind == "AbilityActivated" and d.get("kind") != "Mana":
            return {"type": "activate", "source": s.id(d.get("source_id")), "player": s.player_name(d.get("player_id"))}
        if kind == "AttackersDeclared":
            return {"type": "attackers_declared"}
        if kind == "BlockersDeclared":
            return {"type": "blockers_declared"}
        return None

    def new_triggers(self) -> None:
        """DERIVED trigger events: phase.rs reports no event when it puts a triggered ability on the stack, so
        one ``trigger`` event is reported for each triggered ability that newly appears on the stack."""
        s = self.s
        for entry in s.game.stack():
            kind = entry.get("kind") or {}
            if entry.get("id") in s.stack_seen or not isinstance(kind, dict) or kind.get("type") != "TriggeredAbility":
                continue
            s.stack_seen.add(entry.get("id"))
            src = ability_source(entry)
            may = (s.step_choices or {}).get("may")
            if may is not None:  # a "you may" of this trigger is answered by the step in which it triggered
                s.trigger_may[src] = may
            s.append({"type": "trigger", "source": s.id(src) if src is not None else None,
                      "ability": entry.get("id"), "controller": s.player_name(entry.get("controller"))})

    def _combat_damage_step(self, source, target: str) -> str:
        """DERIVED damage step: which combat damage step (510.4) a combat damage event belongs to. phase.rs deals
        the first-strike and the regular combat damage in one go (no priority between them) and marks neither: a
        damage event is in the first-strike step while its source has first strike or double strike and no source
        has yet dealt damage to the same recipient again; after that, and for any other source, it is the regular step."""
        cd = self.damage_step or {"seen": set(), "regular": False}
        self.damage_step = cd
        kws = {keyword_name(k) for k in (self.s.game.object(source) or {}).get("keywords") or []} if source is not None else set()
        if cd["regular"] or (source, target) in cd["seen"] or not kws & {"First strike", "Double strike"}:
            cd["regular"] = True
            return "combat-damage"
        cd["seen"].add((source, target))
        return "first-strike-damage"

    def _paid_cost(self, cast: dict, amount: int, variant=None) -> str:
        """DERIVED cast cost: the total cost (601.2f) of a cast without a prompt that showed it. phase.rs reports
        only the amount of mana spent (ManaExpended; Auto payment pays exactly the total cost), so the cost is
        written as the spell's own coloured symbols and the rest generic."""
        m = OBJECT_ID.fullmatch(cast["object"] or "")
        obj = self.s.game.object(int(m[1])) if m else None
        cost = (obj or {}).get("mana_cost") or {}
        for k in (obj or {}).get("keywords") or []:  # an alternative cost (madness, flashback) replaces the mana cost
            if variant and isinstance(k, dict) and str(variant) in k and isinstance(k[str(variant)], dict):
                cost = k[str(variant)]
        if (obj or {}).get("face_down"):
            cost = {}
        shards = [SHARDS.get(s, "{%s}" % s) for s in cost.get("shards") or [] if s != "X"] if cost.get("type") == "Cost" else []
        shards = shards[:amount]
        generic = amount - len(shards)
        return (("{%d}" % generic) if generic else "") + "".join(shards)
