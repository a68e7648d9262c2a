"""The reference model (mtgrules.model) as an engine under test, in-process.

It translates the corpus vocabulary (FORMAT.md) onto the model's public API: the scenario setup
onto ``Game.from_setup`` (model/setup.schema.json), each step onto ``game.apply``
(model/action.schema.json), and observes with ``game.snapshot()`` / ``game.events``.

What the model cannot do is declared, not papered over: ``FEATURES`` lists the scenario features
it supports (the others make the runner skip), ``EDITIONS`` the rules editions it plays, and any
step or setup detail it has no counterpart for is answered ``unsupported`` with the reason (the
scenario is reported as errored). Nothing is translated into something weaker.
"""

from __future__ import annotations

import re

from mtgrules.conformance.expectations import References
from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, Unsupported, setup_objects, setup_references

# ---------------------------------------------------------------------------- declarations (data)

#: Scenario features the reference model implements today (scenario.schema.json $defs/feature).
#: Features not listed here make the runner skip the scenario with the reason.
FEATURES = (
    "dynamic", "split", "flip", "double-faced", "double-faced-token-copy", "cast-transformed", "transform",
    "face-down", "morph", "manifest", "mutate", "merge", "flashback", "storm",
    "copy", "cast-copy", "copy-spell", "token", "counter-spell", "name-choice", "replacement-choice",
    "cost-change", "triggered-ability", "special-action", "discard", "counters", "library-order",
    "static-ability", "scry",
    # model II (issue 4): combat and the seed-004 keywords
    "combat", "first-strike", "double-strike", "trample", "flying", "fear", "protection", "provoke", "madness", "amplify",
    "affinity", "activated-ability", "text-change",
    "aura", "equipment",  # Auras and Equipment: enchant, equip, attaching, 704.5m / 704.5n (model/attachments.py)
    "imprint",  # cards exiled with a permanent, linked abilities (model/imprint.py)
    "lifelink",  # model/lifelink.py
    "replicate",  # 702.56: additional_costs {replicate: N}, copies not cast (model/replicate.py)
    "commander",  # 903.9b / 903.9c: a commander may go to the command zone instead (model/commander.py)
    "flash",  # a spell with flash is cast any time its caster has priority (casting.check_timing)
    "hidden-information",  # the snapshot's hidden_from (model/hidden.py); the observation itself shows everything
)

#: Scenario editions -> the model's edition (model/game.py EDITIONS: the model distinguishes
#: editions where the double-faced card rules changed and where seed 004's keyword rules differ,
#: madness's optional exile; its pre-2013 plays the 2016 rules otherwise, DYN the current rules).
EDITIONS = {"2016-04-08": "2016-04-08", "2026-08-07": "2026-08-07", "dyn": "2026-08-07", "pre-2013": "pre-2013"}

#: Scenario `choices` the model takes (action.schema.json $defs/choices); others are not passed.
MODEL_CHOICES = ("replacement", "merge", "order", "scry", "copy", "new_targets", "may", "targets", "reveal", "cast",
                 "assign_damage", "damage_order", "name", "cards", "discard", "color", "text_change", "pay", "last_exiled", "madness")

#: Step verbs the model has no counterpart for, with the reason.
UNSUPPORTED_STEPS = {
    "choose": "the model asks no pending decisions: answers are given with the action (choices)",
}

#: Setup state keys the model has no counterpart for.
UNSUPPORTED_STATE = {
}

_MANA = re.compile(r"\{([WUBRGC])\}")


class ReferenceEngine(Engine):
    """The reference model behind the engine interface."""

    def __init__(self):
        self.game = None
        self.tracker = References({}, {}, [])

    def start(self) -> dict:
        from importlib.metadata import PackageNotFoundError, version as dist_version

        try:
            version = dist_version("mtgrules")
        except PackageNotFoundError:
            version = "0"
        return {"name": "mtgrules reference model", "version": str(version), "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION}

    # ------------------------------------------------------------------ setup
    def setup(self, request: dict) -> dict:
        from mtgrules.model import Game
        from mtgrules.model.cards import find_card, unstructured_lines

        self.game = None
        scenario_setup = request["setup"]
        cards_in = request.get("cards") or {}

        def names(name):
            records = cards_in.get(name)
            if records is None:
                for full, recs in cards_in.items():
                    if any(r.get("faceName") == name for r in recs):
                        name, records = full, recs
                        break
            return name, [r.get("faceName") for r in records or [] if r.get("faceName")]

        extra = {}
        for name, records in cards_in.items():
            try:
                find_card(name)  # the model's own definition (with its structured abilities) wins
            except KeyError:  # a card the user brought (a scenario folder's cards/, --cards FILE)
                lines = [line for record in records for line in unstructured_lines(record)]
                if lines:
                    raise Unsupported(f"card {name!r} has no structured abilities (mtgrules.abilities) for {lines[0]!r}: "
                                      "the reference model does not execute rules text") from None
                extra[name] = records
        objects = setup_objects(scenario_setup)
        refs = setup_references(scenario_setup, names)
        ids = [f"e{i + 1}" for i in range(len(objects))]
        zones: dict = {}
        effects = []
        entries: dict = {}
        links: list = []
        for i, obj in enumerate(objects):
            entry = self._entry(obj, ids[i])
            state = obj["state"]
            if "copy_of" in state:
                target = refs.get(state["copy_of"])
                if target is None:
                    raise Unsupported(f"copy_of {state['copy_of']!r} names no setup object")
                effects.append({"kind": "copy", "object": ids[i], "of": ids[target["object"]]})
            if "attached_to" in state:  # an object's label / name, or a player (enchant player)
                target = refs.get(state["attached_to"])
                entry["attached_to"] = ids[target["object"]] if target else state["attached_to"]
            if "imprinted" in state:  # the card exiled with this permanent (607.2a)
                entry["linked"] = [ids[refs[state["imprinted"]]["object"]]]
            if "exiled_with" in state:  # the same link, given from the exiled card's side
                links.append((ids[refs[state["exiled_with"]]["object"]], ids[i]))
            entries[ids[i]] = entry
            zones.setdefault(obj["player"], {}).setdefault(obj["zone"], []).append(entry)
        for source, exiled in links:
            entries[source].setdefault("linked", []).append(exiled)
        players = {}
        for name, p in (scenario_setup.get("players") or {}).items():
            p = p or {}
            out = {"life": int(p.get("life", 20))}
            if p.get("commander"):  # the model names a commander by its card (903.3)
                given = p["commander"] if isinstance(p["commander"], list) else [p["commander"]]
                out["commanders"] = [refs[c]["card"] if c in refs else c for c in given]
            if p.get("mana_pool"):
                pool: dict[str, int] = {}
                for sym in _MANA.findall(p["mana_pool"]):
                    pool[sym] = pool.get(sym, 0) + 1
                out["mana_pool"] = pool
            players[name] = out
        setup = {"edition": EDITIONS.get(request.get("edition"), "2016-04-08"), "players": players, "zones": zones,
                 "turn": dict(scenario_setup.get("turn") or {})}
        if extra:
            setup["cards"] = extra
        if effects:
            setup["effects"] = effects
        self.game = Game.from_setup(setup)
        initial = {ref: ids[r["object"]] for ref, r in refs.items()}
        self.tracker = References(initial, {ref: r["card"] for ref, r in refs.items()}, list(players))
        return initial

    def _entry(self, obj: dict, oid: str) -> dict:
        state = obj["state"]
        for key, what in UNSUPPORTED_STATE.items():
            if key in state:
                raise Unsupported(f"setup {key}: the model has no {what}")
        entry = {"card": obj["card"], "id": oid}
        entry.update(self._state(state, obj["token"]))
        if obj["components"]:
            entry.update(self._state(obj["components"][0]["state"], obj["token"]))
            entry["components"] = [{"card": c["card"], **self._state(c["state"], c["token"])} for c in obj["components"][1:]]
            entry["mutated"] = True  # 730.1: in these rules a permanent becomes merged only by mutating (702.140)
        return entry

    @staticmethod
    def _state(state: dict, token: bool) -> dict:
        out: dict = {}
        if token:
            out["token"] = True
        if "owner" in state:
            out["owner"] = state["owner"]
        for key in ("tapped", "flipped", "face_down", "damage", "counters", "sick"):
            if key in state:
                out[key] = state[key]
        if state.get("face_down_by"):
            out["face_down_as"] = state["face_down_by"]
        if state.get("face") == "back":
            out["transformed"] = True
        if "chosen" in state:
            other = sorted(set(state["chosen"]) - {"name"})
            if other:
                raise Unsupported(f"setup chosen {', '.join(other)}: the model keeps only a chosen card name")
            out["chosen"] = dict(state["chosen"])
        return out

    # ------------------------------------------------------------------ steps
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
        verb = next(k for k in step if k in ("cast", "play_land", "activate", "turn_face_up", "pass", "resolve", "advance_to",
                                             "declare_attackers", "declare_blockers", "discard", "choose", "check"))
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
            if set(costs) - {"discard", "tap"} or len(costs.get("discard") or []) > 1:
                raise Unsupported(f"activate costs {sorted(costs)}: the model's activate takes one discarded card and {{T}}")
            a = {"action": "activate", "player": by, "object": self._id(step["activate"])}
            if "ability" in step:
                a["ability"] = step["ability"]
            if step.get("targets"):
                a["targets"] = [self._id(t) for t in step["targets"]]
            if costs.get("discard"):
                a["discard"] = self._id(costs["discard"][0])
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
        for key in ("modes", "pay_with"):
            if step.get(key):
                raise Unsupported(f"cast {key}: not in the model's cast action")
        if extra_costs:
            raise Unsupported(f"cast additional_costs {sorted(extra_costs)}: not in the model's cast action")
        a = {"action": "cast", "player": by, "card": self._id(step["cast"])}
        if replicate:
            a["replicate"] = int(replicate)
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
        if step.get("from") and self.game is not None:
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
            import copy

            saved = copy.deepcopy(saved)
        for a in actions:
            result = self.game.apply(a)
            if not result.ok:
                if saved is not None:
                    self.game.state = saved
                return {"status": "refused", "rule": result.rule, "reason": result.reason}
        dropped = sorted(set(step.get("choices") or {}) - set(MODEL_CHOICES))
        out = {"status": "ok"}
        if dropped:
            out["note"] = f"choices the model does not take: {', '.join(dropped)}"
        return out

    def diagnostics(self) -> list[str]:
        """Cards of the scenario whose rules text the model cannot execute (no structured abilities)."""
        if self.game is None:
            return []
        lacking = []
        seen = set()
        for obj in self.game.state.objects.values():
            for comp in obj.components:
                card = comp.card
                if card.name in seen:
                    continue
                seen.add(card.name)
                texts = [f.text for f in card.faces if f.text and not _keywords_only(f)]
                if texts and not any(f.abilities for f in card.faces):
                    lacking.append(card.name)
        return [f"the model has no structured abilities for: {', '.join(sorted(lacking))}"] if lacking else []

    # ------------------------------------------------------------------ observing
    def observe(self) -> dict:
        snap = self.game.snapshot()
        for obj in (snap.get("objects") or {}).values():
            chars = obj.get("characteristics")
            if chars:
                chars["keywords"] = _keyword_instances(chars)
        return snap

    def events(self) -> list[dict]:
        out = self.game.events
        copied = {e["object"]: e.get("of") for e in out if e.get("type") == "copied" and e.get("cast")}
        for event in out:
            if event.get("type") == "cast" and event.get("object") in copied:
                # corpus vocabulary: the cast copy of a card names the card, as a copy event does
                event["copy_object"], event["object"] = event["object"], copied[event["object"]]
            if event.get("type") == "merged" and event.get("spell"):
                # corpus vocabulary: the merging object merged with the target permanent
                event["target"], event["object"] = event["object"], event["spell"]
        return out

    def stop(self) -> None:
        self.game = None


def _keyword_instances(chars: dict) -> list[str]:
    """The object's keywords, with each instance of a keyword line spelled out: the model lists
    MTGJSON keywords ("Protection") and keeps the printed line ("Flying, trample, protection from
    white and from blue") as one ability, while the corpus asks for "Protection from white"."""
    keywords = list(chars.get("keywords") or [])
    known = [k.lower() for k in keywords]
    for line in chars.get("abilities") or []:
        parts = [p.strip() for p in re.sub(r"\([^)]*\)", "", line).split(",") if p.strip()]
        if not parts or not all(p.lower() in known or p.lower().startswith("protection from") for p in parts):
            continue  # not a line of keywords
        for part in parts:
            m = re.match(r"(?i)protection from (.+)$", part)
            spelled = [f"Protection from {q.strip()}" for q in re.split(r"\s+and from\s+|,\s*from\s+", m.group(1))] if m else [part[:1].upper() + part[1:]]
            keywords += [k for k in spelled if k not in keywords]
    return keywords


def _keywords_only(face) -> bool:
    """A face whose text is only keywords the model knows as characteristics (Flying, ...)."""
    text = re.sub(r"\([^)]*\)", "", face.text)  # reminder text, e.g. a basic land's "({T}: Add {R}.)"
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    words = {k.lower() for k in face.keywords}
    return all(part.strip().lower() in words for ln in lines for part in ln.split(","))


def setup_error(exc: Exception) -> str:
    """A readable reason for a setup the model refused."""
    return f"{type(exc).__name__}: {exc}"
