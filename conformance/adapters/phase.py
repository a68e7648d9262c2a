"""phase.rs (the Rust rules engine, Python bindings ``phase-python``, import name ``phase``) as an
engine under test, in-process: ``mtgrules conform --engine phase``.

Install with ``pip install mtgrules[phase]`` (``phase-python>=0.103``). Nothing is downloaded: the
engine's card data is built from the scenario's own cards (MTGJSON atomic records) with
``phase.build_oracle_face`` / ``build_oracle_face_multi`` and loaded with ``Engine.from_json``.

How a scenario is driven:

- setup: a two-player game is started with every card of each player as its deck, then its exported
  state (``game.state()``) is edited (zones in order, life, mana pool, turn, step, priority,
  summoning sickness, tapped, counters, damage, tokens) and resumed with ``engine.load_game``; face
  state (face down, back face up) is set by phase.rs's own debug action ``SetFaceState`` so that the
  engine computes the characteristics itself.
- steps: each engine-neutral step is mapped onto phase.rs ``GameAction``s taken from
  ``game.actions()``; the prompts that follow (targets, optional costs, "you may", card selections)
  are answered from the step's options and ``choices``. When the engine does not list an action the
  step needs, the adapter builds it with ``GameAction.from_dict`` and the step's result says so
  (``note``). An action phase.rs rejects (``ValueError``) is reported as refused, and the game is
  restored to the state before the step.
- observations: the snapshot and event log are built from ``game.state()`` and the events phase.rs
  returns, in the shapes of model/snapshot.schema.json and model/events.schema.json. phase.rs keeps
  an object's ID across zone changes; the adapter gives the object a new ID at each zone change
  (rule 400.7) so that references follow cards as the runner expects.

What the adapter cannot drive is declared as data below (``UNSUPPORTED_FEATURES``, skipped with the
reason; ``UNSUPPORTED_STATE``, setup details reported as unsupported) and never translated into something
weaker. A few observations phase.rs does not report are derived, each said where it is done: trigger events
(a triggered ability newly on the stack), reveals of face-down cards moved face up to a public zone, a cast's
total cost from the mana spent, and which combat damage step a damage event belongs to.

The findings of examining every failure (``DEVIATIONS``, ``NOT_DEVIATIONS``) are data at the end of this
module; ``python -m mtgrules.conformance.adapters.phase annotate REPORT.json BASELINE.json PAGE.md`` adds them
to a ``mtgrules conform --engine phase --json`` report and writes the baseline and the report page.
"""

from __future__ import annotations

import copy
import json
import re

from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, EngineError, Unsupported, setup_objects, setup_references

# ---------------------------------------------------------------------------- declarations (data)

#: Scenario features (scenario.schema.json $defs/feature) the adapter cannot drive on phase.rs, with
#: the reason. A scenario needing one of them is skipped with that reason, never passed.
UNSUPPORTED_FEATURES = {
    "dynamic": "Dynamic cards (seed 000, layout 'dynamic') are not an MTGJSON layout: phase.rs cannot build them",
    "merge": "a merged permanent (730) cannot be set up: phase.rs's merged components are engine-internal state",
    "mutate": "mutate needs merged permanents, which the adapter cannot set up or observe component by component",
    "text-change": "phase.rs does not parse text-changing effects (Mind Bend, Artificial Evolution: Unimplemented)",
    "hidden-information": "phase.rs's state export does not say which player can see an object",
    "commander": "the corpus's commander scenario needs a commander setup the adapter does not build",
    "phasing": "not used by the corpus",
}

#: Every feature of the schema; the adapter claims those not listed above.
ALL_FEATURES = (
    "dynamic", "split", "flip", "double-faced", "double-faced-token-copy", "cast-transformed", "transform",
    "face-down", "morph", "manifest", "mutate", "merge", "flashback", "madness", "fear", "amplify", "provoke",
    "storm", "affinity", "double-strike", "first-strike", "trample", "flying", "protection", "combat", "copy",
    "cast-copy", "copy-spell", "token", "counter-spell", "text-change", "name-choice", "hidden-information",
    "replacement-choice", "buyback", "replicate", "imprint", "equipment", "aura", "cost-change",
    "triggered-ability", "activated-ability", "special-action", "discard", "counters", "commander", "phasing",
    "library-order", "static-ability", "lifelink", "scry", "flash",
)
FEATURES = tuple(f for f in ALL_FEATURES if f not in UNSUPPORTED_FEATURES)

#: phase.rs plays the current rules; older editions' scenarios are played under them only where the
#: scenario also holds under the current rules (the runner picks the first edition both know).
EDITIONS = ("2026-08-07",)

#: Setup state keys the adapter cannot set up on phase.rs, with the reason (the scenario errors).
UNSUPPORTED_STATE = {
    "exiled_with": "links between objects",
    "flipped": "flip cards flipped", "merged": "merged permanents",
}

STEPS = {"untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat-main": "PreCombatMain",
         "beginning-of-combat": "BeginCombat", "declare-attackers": "DeclareAttackers",
         "declare-blockers": "DeclareBlockers", "first-strike-damage": "CombatDamage", "combat-damage": "CombatDamage",
         "end-of-combat": "EndCombat", "postcombat-main": "PostCombatMain", "end": "End", "cleanup": "Cleanup"}
PHASES = {v: k for k, v in STEPS.items() if k != "first-strike-damage"}
ZONES = {"Library": "library", "Hand": "hand", "Graveyard": "graveyard", "Battlefield": "battlefield", "Stack": "stack",
         "Exile": "exile", "Command": "command"}
COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
SHARDS = {"White": "{W}", "Blue": "{U}", "Black": "{B}", "Red": "{R}", "Green": "{G}", "Colorless": "{C}", "X": "{X}"}
COUNTERS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
ALT_COSTS = {"flashback": "Flashback", "madness": "Madness", "morph": "Morph", "disturb": "Disturb"}
VERBS = ("cast", "play_land", "activate", "turn_face_up", "pass", "resolve", "advance_to", "declare_attackers",
         "declare_blockers", "discard", "choose", "check")
MAX_PASSES = 200
#: phase.rs NamedChoice choice types -> the corpus's ``choices`` key answering them.
NAMED_CHOICES = {"CardName": "name", "Color": "color", "CreatureType": "creature_type", "Player": "player",
                 "Opponent": "player", "CardType": "card_type", "BasicLandType": "land_type"}


class PhaseEngine(Engine):
    """phase.rs behind the engine interface."""

    def __init__(self):
        self._faces: dict[str, list] = {}  # card full name -> built faces (cache across scenarios)
        self.game = None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> dict:
        try:
            import phase  # noqa: F401
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise EngineError("phase-python is not installed: pip install 'mtgrules[phase]'", str(exc), kind="crash") from None
        from importlib.metadata import version as dist_version

        return {"name": "phase.rs (phase-python)", "version": dist_version("phase-python"), "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION,
                "unsupported": dict(UNSUPPORTED_FEATURES)}

    def stop(self) -> None:
        self.game = None

    # ------------------------------------------------------------------ cards
    def _build(self, full: str, records: list[dict]) -> list[dict]:
        import phase

        if full in self._faces:
            return self._faces[full]

        def prep(face):
            d = {k: v for k, v in face.items() if k != "mtgrules"}
            d.setdefault("identifiers", {})
            d.setdefault("colorIdentity", list(d.get("colors") or []))
            return d

        out = []
        if len(records) == 1:
            out.append(phase.build_oracle_face(prep(records[0]), None))
        else:
            oid = f"mtgrules:{full}"  # the faces must share one oracle id, or transform does nothing
            for i, rec in enumerate(records):
                face = dict(phase.build_oracle_face_multi(prep(rec), oid))
                face["layout"] = rec.get("layout")
                face["face_index"] = i
                out.append(face)
        self._faces[full] = out
        return out

    # ------------------------------------------------------------------ setup
    def setup(self, request: dict) -> dict:
        import phase

        self.game = None
        self.log: list[dict] = []
        self.notes: list[str] = []
        self.inc: dict[int, int] = {}
        self.cast_info: dict[int, dict] = {}
        self.copies: dict[int, int] = {}
        self.stack_seen: set = set()
        self._targets_from, self._step_choices = 0, {}
        self.became_targets: list = []
        self.targets_of: dict = {}
        self.trigger_may: dict = {}
        self.copy_of: dict = {}
        setup = request["setup"]
        cards_in = request.get("cards") or {}
        self.cards = cards_in
        face_to_full = {}
        for full, recs in cards_in.items():
            face_to_full[full] = full
            for r in recs:
                face_to_full.setdefault(r.get("faceName") or r.get("name"), full)
        self.face_to_full = face_to_full

        def names(name):
            full = face_to_full.get(name, name)
            return full, [r.get("faceName") for r in cards_in.get(full) or [] if r.get("faceName")]

        data = {}
        for full, recs in cards_in.items():
            if any(r.get("layout") == "dynamic" for r in recs):
                raise Unsupported(f"{full}: layout 'dynamic' is not an MTGJSON layout phase.rs can build")
            for face in self._build(full, recs):
                data.setdefault(face["name"].lower(), face)
            unparsed = _unimplemented(self._faces[full])
            if unparsed:
                raise Unsupported(f"phase.rs cannot parse the text of {full} (its card data has Unimplemented "
                                  f"effects: {'; '.join(unparsed)[:200]}): the scenario needs that ability")
        self.players = list((setup.get("players") or {}))
        if len(self.players) != 2:
            raise Unsupported("phase-python games are set up for two players here")
        seat = {p: i for i, p in enumerate(self.players)}
        self.seat = seat
        objects = setup_objects(setup)
        refs = setup_references(setup, names)
        decks: list[list[str]] = [[], []]
        for obj in objects:
            for key, what in UNSUPPORTED_STATE.items():
                if obj["state"].get(key) or (key == "merged" and obj["components"]):
                    raise Unsupported(f"setup {key}: the adapter cannot set up {what} on phase.rs")
            owner = obj["state"].get("owner", obj["player"])
            full, _ = names(obj["card"])
            first = (cards_in.get(full) or [{}])[0]
            decks[seat[owner]].append(first.get("faceName") or first.get("name") or obj["card"])
            if _manifested_dfc(obj, cards_in.get(full) or []):
                decks[seat[owner]].append(MANIFESTER["name"])
                data.setdefault(MANIFESTER["name"].lower(), phase.build_oracle_face(MANIFESTER, None))
        data.setdefault(FILLER["name"].lower(), phase.build_oracle_face(FILLER, None))
        engine = phase.Engine.from_json(json.dumps(data))
        for d in decks:
            d.append(FILLER["name"])  # phase.rs refuses an empty deck; the filler is removed below
        turn = setup.get("turn") or {}
        active = seat[turn.get("active", self.players[0])]
        game = engine.new_game(decks[0], decks[1], seed=1, first_player=active)
        state = game.state()
        st = state["state"]
        objs = st["objects"]
        pool = {0: {}, 1: {}}
        for o in sorted(objs.values(), key=lambda o: o["id"]):
            if o["name"] == FILLER["name"]:
                del objs[str(o["id"])]
                continue
            pool[o["owner"]].setdefault(o["name"], []).append(o["id"])
        for p in st["players"]:
            p["hand"], p["library"], p["graveyard"] = [], [], []
        st["battlefield"], st["exile"] = [], []
        ids = []
        turn_number = 3
        self.full_of: dict[int, str] = {}
        face_state, attach, entering = [], [], []
        self.step_notes = []
        for obj in objects:
            owner = seat[obj["state"].get("owner", obj["player"])]
            controller = seat[obj["player"]]
            full, _ = names(obj["card"])
            first = (cards_in.get(full) or [{}])[0]
            oid = pool[owner][first.get("faceName") or first.get("name") or obj["card"]].pop(0)
            ids.append(oid)
            self.full_of[oid] = full
            o = objs[str(oid)]
            zone = obj["zone"]
            state_ = obj["state"]
            manifested = _manifested_dfc(obj, cards_in.get(full) or [])
            if zone == "battlefield" and (state_.get("copy_of") or state_.get("imprinted") or manifested):
                # phase.rs keeps copy effects, imprint links and face-down double-faced cards as engine state (its
                # debug SetFaceState refuses a face-down DFC): phase.rs itself makes the permanent below
                # (_enter_by_engine), casting it from its controller's hand, or manifesting it from the top of the
                # library with the adapter's MANIFESTER card
                if owner != controller:
                    raise Unsupported("setup copy_of/imprinted/manifested on a permanent controlled by a player who doesn't own it")
                manifester = None
                if manifested:
                    manifester = pool[owner][MANIFESTER["name"]].pop(0)
                    objs[str(manifester)]["zone"] = "Hand"
                    st["players"][owner]["hand"].append(manifester)
                entering.append((oid, controller, state_, manifester))
                zone = "library" if manifested else "hand"
            o["zone"] = {"library": "Library", "hand": "Hand", "graveyard": "Graveyard", "battlefield": "Battlefield",
                         "exile": "Exile"}.get(zone) or _raise(f"setup zone {zone}")
            if zone == "battlefield":
                st["battlefield"].append(oid)
                o["controller"] = o["base_controller"] = controller
                o["entered_battlefield_turn"] = turn_number if state_.get("sick") else 1
                if state_.get("sick"):
                    o["summoning_sick"] = True
                o["tapped"] = bool(state_.get("tapped"))
                o["damage_marked"] = int(state_.get("damage") or 0)
                if state_.get("counters"):
                    o["counters"] = {_counter_key(k): int(v) for k, v in state_["counters"].items()}
            elif zone == "exile":
                st["exile"].append(oid)
            else:
                st["players"][owner][zone].append(oid)
            if obj["token"]:
                o["is_token"] = True
            if (state_.get("face") == "back" or state_.get("face_down")) and not manifested:
                face_state.append((oid, state_))
            if state_.get("chosen"):
                o["chosen_attributes"] = _chosen_attributes(state_["chosen"])
            if state_.get("attached_to"):
                attach.append((oid, state_["attached_to"]))
        for oid, seat_, state_, manifester in reversed(entering):
            if manifester is not None:  # the first card to manifest on top of the library
                st["players"][seat_]["library"].remove(oid)
                st["players"][seat_]["library"].insert(0, oid)
        for oid, seat_, state_, _m in entering:
            ref = state_.get("imprinted")
            hit = refs.get(ref) if ref else None
            if ref and hit is None:
                raise Unsupported(f"setup imprinted {ref!r}: names no object of the setup")
            if hit:  # the card to imprint goes to the hand the imprint takes it from
                card = ids[hit["object"]]
                if card in st["exile"]:
                    st["exile"].remove(card)
                    objs[str(card)]["zone"] = "Hand"
                    st["players"][seat_]["hand"].append(card)
        for name, p in (setup.get("players") or {}).items():
            p = p or {}
            st["players"][seat[name]]["life"] = int(p.get("life", 20))
        phase_name = STEPS.get(turn.get("step", "precombat-main"))
        if phase_name is None:
            raise Unsupported(f"setup step {turn.get('step')}")
        prio = seat[turn.get("priority", turn.get("active", self.players[0]))]
        st["phase"] = phase_name
        st["active_player"] = active
        st["priority_player"] = prio
        st["turn_number"] = turn_number
        st["waiting_for"] = {"type": "Priority", "data": {"player": prio}}
        st["debug_mode"] = True
        for key, field in (("spells_cast_this_turn", "spells_cast_this_turn"), ("spells_cast_last_turn", "spells_cast_last_turn")):
            if setup.get(key):
                st[field] = int(setup[key])
        self.engine = engine
        self.game = engine.load_game(state)
        for oid, state_ in face_state:
            data_ = {"object_id": oid}
            if state_.get("face_down"):
                data_["face_down"] = True
            if state_.get("face") == "back":
                data_["transformed"] = True
            try:
                self.game.apply(prio, {"type": "Debug", "data": {"type": "SetFaceState", "data": data_}})
            except ValueError as exc:
                raise Unsupported(f"setup face state {data_}: phase.rs refuses it: {exc}") from None
        label_oid = {ref: ids[r["object"]] for ref, r in refs.items()}
        for oid, seat_, state_, manifester in entering:
            self._enter_by_engine(oid, seat_, state_, label_oid, manifester)
        for oid, ref in attach:
            target = {"type": "Player", "data": seat[ref]} if ref in seat else {"type": "Object", "data": label_oid.get(ref)}
            if target["data"] is None:
                raise Unsupported(f"setup attached_to {ref!r}: names no object of the setup")
            self._debug(prio, {"type": "Attach", "data": {"object_id": oid, "target": target}})
        pools = {seat[n]: (p or {}).get("mana_pool") for n, p in (setup.get("players") or {}).items() if (p or {}).get("mana_pool")}
        for s_, mana in pools.items():
            for sym in re.findall(r"\{([WUBRGC])\}", mana):
                self._debug(prio, {"type": "AddMana", "data": {"player_id": s_, "mana": [_MANA_TYPE[sym]]}})
        self.setup_ids = ids
        return {ref: self._id(ids[r["object"]]) for ref, r in refs.items()}

    def _enter_by_engine(self, oid: int, seat: int, state_: dict, label_oid: dict, manifester: int | None) -> None:
        """Set up a permanent that already is a copy (``copy_of``), has a card imprinted (``imprinted``) or is a
        manifested double-faced card the way phase.rs itself makes one: the card (or, for a manifested card on top
        of the library, the adapter's MANIFESTER) is cast from its controller's hand (mana added by a debug action)
        in a main phase with priority and resolved with the copy or imprint choice; then the turn, the spell counts
        and the permanent's own status are put back as the setup says, and the MANIFESTER card is removed."""
        what = "copy_of" if state_.get("copy_of") else "imprinted" if state_.get("imprinted") else "face-down (manifested) double-faced card"
        cast_oid = manifester if manifester is not None else oid
        st = self.game.state()
        keep = {k: copy.deepcopy(st["state"].get(k)) for k in _TURN_STATE}
        s = st["state"]
        s.update(phase="PreCombatMain", active_player=seat, priority_player=seat, waiting_for={"type": "Priority", "data": {"player": seat}})
        self.game = self.engine.load_game(st)
        cost = (self.game.object(cast_oid) or {}).get("mana_cost") or {}
        mana = [s_ if s_ in _MANA_TYPE.values() else "Colorless" for s_ in cost.get("shards") or []] + ["Colorless"] * int(cost.get("generic") or 0)
        if mana:
            self._debug(seat, {"type": "AddMana", "data": {"player_id": seat, "mana": mana}})
        choices = {"may": True}
        if state_.get("copy_of"):
            choices["copy"] = f"p{label_oid[state_['copy_of']]}" if state_["copy_of"] in label_oid else _raise(
                f"setup copy_of {state_['copy_of']!r}: names no object of the setup")
        if state_.get("imprinted"):
            choices["cards"] = [f"p{label_oid[state_['imprinted']]}"]
        try:
            self._apply(seat, {"type": "CastSpell", "data": {"card_id": self._card_id(cast_oid), "object_id": cast_oid,
                                                              "payment_mode": {"type": "Auto"}, "targets": []}})
            for _ in range(MAX_PASSES):
                self._answer_prompts(choices)
                w = self._waiting()
                if not self.game.stack() and w.get("type") == "Priority":
                    break
                self._apply(w["data"]["player"], {"type": "PassPriority"})
        except (ValueError, _Refused) as exc:
            raise Unsupported(f"setup {what}: phase.rs could not make it by casting and resolving the card: {exc}") from None
        made = self.game.object(oid) or {}
        if ZONES.get(made.get("zone")) != "battlefield" or bool(made.get("face_down")) != bool(state_.get("face_down")):
            raise Unsupported(f"setup {what}: phase.rs did not make it (the card is in the {made.get('zone')}, face down: {made.get('face_down')})")
        st = self.game.state()
        st["state"].update(keep)
        if manifester is not None:
            for p in st["state"]["players"]:
                for zone in ("graveyard", "hand", "library"):
                    if manifester in p[zone]:
                        p[zone].remove(manifester)
            del st["state"]["objects"][str(manifester)]
        o = st["state"]["objects"][str(oid)]
        o["tapped"] = bool(state_.get("tapped"))
        o["summoning_sick"] = bool(state_.get("sick"))
        o["entered_battlefield_turn"] = st["state"].get("turn_number") if state_.get("sick") else 1
        self.game = self.engine.load_game(st)

    def _debug(self, seat: int, action: dict) -> None:
        try:
            self.game.apply(seat, {"type": "Debug", "data": action})
        except ValueError as exc:
            raise Unsupported(f"debug action {action['type']}: {exc}") from None

    # ------------------------------------------------------------------ IDs and events
    def _id(self, oid: int) -> str:
        n = self.inc.get(oid, 0)
        return f"p{oid}" if n == 0 else f"p{oid}.{n}"

    def _oid(self, ref) -> int | None:
        """phase.rs object ID of a reference (label, card name or adapter ID)."""
        if isinstance(ref, str):
            m = re.fullmatch(r"p(\d+)(?:\.\d+)?", ref)
            if m:
                return int(m[1])
        return self._ref_oid.get(ref) if hasattr(self, "_ref_oid") else None

    def _player_name(self, seat) -> str | None:
        return self.players[seat] if isinstance(seat, int) and 0 <= seat < len(self.players) else None

    def _record(self, events: list[dict]) -> None:
        casts: list[dict] = []
        spent: dict | None = {}
        from_zone: dict = {}
        created: dict = {}
        for ev in events:
            kind, d = ev.get("type"), ev.get("data") or {}
            out = None
            if kind == "ZoneChanged":
                oid = d["object_id"]
                old = self._id(oid)
                self.inc[oid] = self.inc.get(oid, 0) + 1
                new = self._id(oid)
                frm, to = ZONES.get(d.get("from"), str(d.get("from")).lower()), ZONES.get(d.get("to"), str(d.get("to")).lower())
                reps = []
                info = self.cast_info.get(oid)
                if frm == "stack" and info and info.get("variant") == "Flashback" and to == "exile":
                    reps.append("flashback")
                if frm == "stack":
                    self.cast_info.pop(oid, None)
                if to == "stack":
                    from_zone[oid] = frm
                if (d.get("record") or {}).get("name") == "" and frm in ("battlefield", "stack") and to in ("graveyard", "exile") \
                        and self.full_of.get(oid) and not (self.game.object(oid) or {}).get("face_down"):
                    # 708.9: a face-down permanent or spell that leaves is revealed; phase.rs turns it face up
                    # in the public zone (no event of its own): that is the reveal
                    self._append({"type": "reveal", "object": new, "player": self._player_name((self.game.object(oid) or {}).get("owner")),
                                  "cards": [new], "note": "face-down card moved face up to a public zone"})
                out = {"type": "zone_change", "object": old, "new_objects": [new], "from": frm, "to": to,
                       "card": self.full_of.get(oid, (d.get("record") or {}).get("name")), "cause": "", "replacements": reps}
            elif kind == "SpellCast":
                oid = d["object_id"]
                info = self.cast_info.setdefault(oid, {})
                entry = next((e for e in self.game.stack() if e.get("id") == oid), None)
                data_ = ((entry or {}).get("kind") or {}).get("data") or {}
                if data_.get("casting_variant"):
                    info["variant"] = data_["casting_variant"]
                if isinstance(data_.get("actual_mana_spent"), int):
                    info["spent"] = data_["actual_mana_spent"]
                info.setdefault("from", from_zone.get(oid))
                info["mv"] = d.get("cast_mana_value")
                for ev in self.log:
                    if ev["type"] == "copied" and ev["object"] == self._id(oid):
                        ev["cast"] = True  # a copy that is cast (Isochron Scepter, Eye of the Storm): 707.12
                out = {"type": "cast", "object": self._id(oid), "card": self.full_of.get(oid), "player": self._player_name(d.get("controller")),
                       "face_down": bool((self.game.object(oid) or {}).get("face_down")),
                       "from": info.get("from"), "alternative_cost": _alt_name(info.get("variant")), "cost": info.get("cost")}
            elif kind == "SpellCopied":
                oid = d["object_id"]
                self.copies[oid] = d.get("original_id")
                self.full_of.setdefault(oid, self.full_of.get(d.get("original_id")))
                out = {"type": "copied", "object": self._id(oid), "of": self._id(d.get("original_id")), "cast": False}
            elif kind == "ManaExpended" and spent is not None:
                spent[d.get("player_id")] = spent.get(d.get("player_id"), 0) + int(d.get("amount_spent") or 0)
            elif kind == "SpellCountered":
                out = {"type": "countered", "object": self._id(d["object_id"])}
            elif kind == "StackResolved":
                out = {"type": "resolve", "object": self._id(d["object_id"])}
            elif kind == "BecomesTarget":
                self.became_targets.append(d.get("target"))
                self.targets_of[d.get("source_id")] = d.get("target")
            elif kind == "EffectResolved" and d.get("kind") == "CopyTokenOf":
                # the token(s) this spell just created copy its target ("create a token that's a copy of target ...")
                target = (self.targets_of.get(d.get("source_id")) or {}).get("Object")
                for tok in created.get(d.get("source_id"), []):
                    if target is not None:
                        self.copy_of[tok] = target
            elif kind == "PhaseChanged":
                self._damage_step = {"seen": set(), "regular": False}
            elif kind in ("DamageDealt", "CombatDamageDealt"):
                target = d.get("target") or {}
                combat = kind == "CombatDamageDealt" or bool(d.get("is_combat"))
                out = {"type": "damage", "source": self._id(d.get("source_id")) if d.get("source_id") is not None else None,
                       "target": self._target(target), "amount": d.get("amount"), "combat": combat}
                if combat:
                    out["step"] = self._combat_damage_step(d.get("source_id"), json.dumps(target, sort_keys=True))
            elif kind == "LifeChanged":
                out = {"type": "life", "player": self._player_name(d.get("player_id")), "amount": d.get("amount"),
                       "delta": d.get("amount"), "before": None, "after": None}
            elif kind == "Transformed":
                out = {"type": "transformed", "object": self._id(d["object_id"])}
            elif kind == "TurnedFaceUp":
                out = {"type": "turned_face_up", "object": self._id(d["object_id"])}
            elif kind == "TurnedFaceDown":
                out = {"type": "turned_face_down", "object": self._id(d["object_id"])}
            elif kind == "Discarded" or kind == "CardDiscarded":
                out = {"type": "discard", "object": self._id(d["object_id"]), "player": self._player_name(d.get("player_id"))}
            elif kind == "CardDrawn":
                out = {"type": "draw", "object": self._id(d["object_id"]) if d.get("object_id") is not None else None,
                       "player": self._player_name(d.get("player_id"))}
            elif kind == "TokenCreated":
                created.setdefault(d.get("source_id"), []).append(d.get("object_id"))
                out = {"type": "create_token", "object": self._id(d["object_id"]) if d.get("object_id") is not None else None}
            elif kind in ("TriggerFired", "AbilityTriggered", "TriggeredAbilityPut"):
                src = d.get("source_id")
                out = {"type": "trigger", "source": self._id(src) if src is not None else None}
            elif kind == "AbilityActivated" and d.get("kind") != "Mana":
                out = {"type": "activate", "source": self._id(d.get("source_id")), "player": self._player_name(d.get("player_id"))}
            elif kind == "CardsRevealed" or kind == "Revealed":
                for oid in d.get("card_ids") or d.get("object_ids") or []:
                    self._append({"type": "reveal", "object": self._id(oid)})
            elif kind == "AttackersDeclared":
                out = {"type": "attackers_declared"}
            elif kind == "BlockersDeclared":
                out = {"type": "blockers_declared"}
            if out is not None:
                self._append(out)
                if out["type"] == "cast":
                    casts.append(out)
        for out in casts:
            m = re.fullmatch(r"p(\d+)(?:\.\d+)?", out["object"] or "")
            info = self.cast_info.get(int(m[1])) if m else None
            if info:
                out["alternative_cost"] = _alt_name(info.get("variant"))
                out["from"] = info.get("from")
            if out["cost"] is None:
                amount = (info or {}).get("spent")
                out["cost"] = self._paid_cost(out, amount if amount is not None else spent.get(self.seat.get(out["player"]), 0),
                                              (info or {}).get("variant"))

    def _combat_damage_step(self, source, target: str) -> str:
        """Which combat damage step (510.4) a combat damage event belongs to. phase.rs deals the first-strike and
        the regular combat damage in one go (no priority between them) and marks neither: a damage event is in
        the first-strike step while its source has first strike or double strike and no source has yet dealt
        damage to the same recipient again; after that, and for any other source, it is the regular step."""
        cd = getattr(self, "_damage_step", None) or {"seen": set(), "regular": False}
        self._damage_step = cd
        kws = {_kw(k) for k in (self.game.object(source) or {}).get("keywords") or []} if source is not None else set()
        if cd["regular"] or (source, target) in cd["seen"] or not kws & {"First strike", "Double strike"}:
            cd["regular"] = True
            return "combat-damage"
        cd["seen"].add((source, target))
        return "first-strike-damage"

    def _paid_cost(self, cast: dict, amount: int, variant=None) -> str:
        """The total cost (601.2f) of a cast without a prompt that showed it: phase.rs reports only the amount of
        mana spent (ManaExpended; Auto payment pays exactly the total cost), so the cost is written as the
        spell's own coloured symbols and the rest generic."""
        m = re.fullmatch(r"p(\d+)(?:\.\d+)?", cast["object"] or "")
        obj = self.game.object(int(m[1])) if m else None
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

    def _append(self, event: dict) -> None:
        event["seq"] = len(self.log) + 1
        self.log.append(event)

    def _target(self, target):
        if isinstance(target, dict):
            if "Player" in target:
                return self._player_name(target["Player"])
            if "Object" in target:
                return self._id(target["Object"])
        return target

    # ------------------------------------------------------------------ driving the engine
    def _apply(self, seat: int, action) -> dict:
        result = self.game.apply(seat, action).to_dict()
        self._record(result.get("events") or [])
        self._new_triggers()
        return result

    def _new_triggers(self) -> None:
        """phase.rs reports no event when it puts a triggered ability on the stack: the adapter reports one
        ``trigger`` event for each triggered ability that newly appears on the stack."""
        for entry in self.game.stack():
            kind = entry.get("kind") or {}
            if entry.get("id") in self.stack_seen or not isinstance(kind, dict) or kind.get("type") != "TriggeredAbility":
                continue
            self.stack_seen.add(entry.get("id"))
            src = _ability_source(entry)
            may = (getattr(self, "_step_choices", None) or {}).get("may")
            if may is not None:  # a "you may" of this trigger is answered by the step in which it triggered
                self.trigger_may[src] = may
            self._append({"type": "trigger", "source": self._id(src) if src is not None else None,
                          "ability": entry.get("id"), "controller": self._player_name(entry.get("controller"))})

    def _waiting(self) -> dict:
        return self.game.waiting_for() or {}

    def _prompt_player(self) -> int | None:
        w = self._waiting()
        d = w.get("data") or {}
        return d.get("player") if isinstance(d, dict) else None

    def _resolve_id(self, ref) -> int:
        if isinstance(ref, str) and ref in self.refs_now:
            return self.refs_now[ref]
        m = re.fullmatch(r"p(\d+)(?:\.\d+)?", ref) if isinstance(ref, str) else None
        if m:  # an adapter object ID (used while setting up, before the references exist)
            return int(m[1])
        raise Unsupported(f"reference {ref!r} names no object the adapter knows")

    def _target_value(self, ref):
        if ref in self.seat:
            return {"Player": self.seat[ref]}
        return {"Object": self._resolve_id(ref)}

    def apply(self, step: dict) -> dict:
        verb = next(k for k in step if k in VERBS)
        saved = self.game.state()
        new_targets = (step.get("choices") or {}).get("new_targets")
        self._new_targets = list(new_targets) if isinstance(new_targets, list) else None
        log_len = len(self.log)
        kept = copy.deepcopy({k: getattr(self, k) for k in _STEP_STATE})
        self.step_notes: list[str] = []
        self._targets_from = len(self.became_targets)
        self._step_choices = step.get("choices") or {}
        try:
            self._step(verb, step)
        except _Refused as exc:
            self.game = self.engine.load_game(saved)
            del self.log[log_len:]
            for k, v in kept.items():
                setattr(self, k, v)
            return {"status": "refused", "rule": exc.rule, "reason": exc.reason}
        except Unsupported as exc:
            return {"status": "unsupported", "reason": str(exc)}
        out = {"status": "ok"}
        if self.step_notes:
            out["note"] = "; ".join(self.step_notes)
        return out

    def _step(self, verb: str, step: dict) -> None:
        by = step.get("by")
        choices = step.get("choices") or {}
        if verb == "check":
            return
        if verb == "pass":
            seat = self.seat[step["pass"]]
            if self._prompt_player() != seat or self._waiting().get("type") != "Priority":
                raise _Refused("cr.current.priority", f"{step['pass']} does not have priority")
            self._apply(seat, {"type": "PassPriority"})
            self._answer_prompts(choices)
            return
        if verb == "resolve":
            self._resolve(step["resolve"] == "all", choices)
            return
        if verb == "advance_to":
            self._advance(step["advance_to"], bool(step.get("next_turn")), choices)
            return
        if verb == "cast":
            self._cast(step, by, choices)
            return
        if verb == "play_land":
            oid = self._resolve_id(step["play_land"])
            acts = [a for a in self.game.actions() if a.kind == "PlayLand" and a.data.get("object_id") == oid]
            action = acts[0] if acts else self._hand_built({"type": "PlayLand", "data": {"object_id": oid, "card_id": self._card_id(oid)}})
            self._try(self.seat[by], action)
            self._answer_prompts(choices)
            return
        if verb == "turn_face_up":
            oid = self._resolve_id(step["turn_face_up"])
            acts = [a for a in self.game.actions() if a.kind == "TurnFaceUp" and a.data.get("object_id") == oid]
            if step.get("using") == "morph" and not any("Morph" in (f.get("keywords") or []) for f in self.cards.get(self.full_of.get(oid)) or []):
                raise _Refused("morph.a", f"{step['turn_face_up']} has no morph cost: phase.rs's TurnFaceUp would pay another cost")
            action = acts[0] if acts else self._hand_built({"type": "TurnFaceUp", "data": {"object_id": oid}})
            self._try(self.seat[by], action)
            self._answer_prompts(choices, targets=step.get("targets") or choices.get("targets"))
            return
        if verb == "activate":
            oid = self._resolve_id(step["activate"])
            acts = [a for a in self.game.actions() if a.kind == "ActivateAbility" and a.data.get("source_id") == oid]
            index = step.get("ability", 1)
            if not isinstance(index, int):
                acts = [a for a in acts if _ability_named(self.game.object(oid) or {}, a.data.get("ability_index"), index)]
                index = 1
            if len(acts) < index:
                raise _Refused(None, f"phase.rs lists no activated ability {step.get('ability', 1)!r} of {step['activate']} now")
            self._try(self.seat[by], acts[index - 1])
            self._answer_prompts(choices, targets=step.get("targets"), cast=step)
            return
        if verb in ("declare_attackers", "declare_blockers"):
            self._combat(verb, step[verb], choices)
            return
        if verb in ("discard", "choose"):
            if self._waiting().get("type") in (None, "Priority"):
                raise _Refused(None, f"phase.rs is not waiting for a decision of {by or 'anyone'} ({verb} needs one)")
            self._answer_prompts({**choices, **({"discard": step["discard"]} if verb == "discard" else step["choose"])}, required=True)
            return
        raise Unsupported(f"step {verb}")

    def _card_id(self, oid: int) -> int:
        return self.game.object(oid).get("card_id", oid)

    def _hand_built(self, action: dict):
        import phase

        self.step_notes.append(f"action built by hand (phase.rs did not list it): {action['type']}")
        return phase.GameAction.from_dict(action)

    def _try(self, seat: int, action) -> dict:
        try:
            return self._apply(seat, action)
        except ValueError as exc:
            raise _Refused(None, f"phase.rs rejected {getattr(action, 'kind', action)}: {exc}") from None

    def _cast(self, step: dict, by: str, choices: dict) -> None:
        seat = self.seat[by]
        oid = self._resolve_id(step["cast"])
        obj = self.game.object(oid) or {}
        zone = ZONES.get(obj.get("zone"))
        if step.get("from", "hand") != zone:
            raise _Refused("cr.current.casting-spells", f"{step['cast']} is in the {zone}, not in the {step.get('from', 'hand')}")
        for key in ("pay_with",):
            if step.get(key):
                raise Unsupported(f"cast {key}: phase.rs pays mana automatically (greedy payer)")
        if step.get("face_down") or step.get("alt_cost") == "morph":
            kinds = ("PlayFaceDown", "CastSpell")
        else:
            kinds = ("CastSpell",)
        acts = [a for a in self.game.actions() if a.kind in kinds and (a.data or {}).get("object_id") == oid]
        if step.get("face_down") or step.get("alt_cost") == "morph":
            acts = [a for a in acts if a.kind == "PlayFaceDown"] or acts
        if acts:
            action = acts[0]
        else:
            if self._prompt_player() != seat:
                raise _Refused("cr.current.priority", f"{by} does not have priority")
            action = self._hand_built({"type": "PlayFaceDown" if step.get("face_down") else "CastSpell",
                                       "data": {"card_id": self._card_id(oid), "object_id": oid, "payment_mode": {"type": "Auto"}, "targets": []}})
        self.cast_info[oid] = {"from": zone}
        self._try(seat, action)
        self._answer_prompts(choices, targets=list(step.get("targets") or []), cast=step, cast_oid=oid)
        stack_ids = [e.get("id") for e in self.game.stack()]
        if oid not in stack_ids and not any(e["type"] == "cast" and e["object"].startswith(f"p{oid}") for e in self.log):
            raise _Refused(None, f"phase.rs did not put {step['cast']} on the stack (waiting for {self._waiting().get('type')})")
        # phase.rs casts a card the way it can: check that it is the way the step asked for
        alt = step.get("alt_cost")
        variant = (self.cast_info.get(oid) or {}).get("variant")
        if step.get("face_down") or alt == "morph":
            if not (self.game.object(oid) or {}).get("face_down"):
                raise _Refused("cr.current.face-down", f"phase.rs cast {step['cast']} face up: it offers no face-down cast for it")
        elif alt and _alt_name(variant) != ALT_COSTS.get(alt, alt).lower():
            raise _Refused("cr.current.casting-spells", f"phase.rs cast {step['cast']} with {variant or 'its mana cost'}, not {alt}: "
                                                        f"it offers no {alt} cast of it now")

    # -------------------------------------------------------------- prompts
    def _answer_prompts(self, choices: dict, targets=None, cast: dict | None = None, cast_oid=None, required=False) -> None:
        targets = list(targets or [])
        self._kicks = getattr(self, "_kicks", None) if cast_oid is not None and getattr(self, "_kicks_for", None) == cast_oid else {}
        self._kicks_for = cast_oid
        trigger_targets = choices.get("targets")
        trigger_targets = [trigger_targets] if isinstance(trigger_targets, str) else list(trigger_targets or [])
        offers = copy.deepcopy(choices.get("cast"))  # answered offers are marked: never touch the step itself
        offers = [offers] if isinstance(offers, dict) else list(offers or [])
        for _ in range(MAX_PASSES):
            w = self._waiting()
            kind = w.get("type")
            d = w.get("data") or {}
            if kind in (None, "Priority", "GameOver", "DeclareAttackers", "DeclareBlockers"):
                chosen = self.became_targets[self._targets_from:]
                if trigger_targets and chosen and not any(self._target_value(t) in chosen for t in trigger_targets):
                    # phase.rs chose a triggered ability's target itself (the only legal one) and never asked
                    raise _Refused("cr.current.casting-spells", f"phase.rs chose the target {chosen} itself (the only legal one); "
                                                                f"the step's target(s) {trigger_targets} are not legal")
                return
            seat = d.get("player") if isinstance(d, dict) else None
            acts = self.game.actions()
            if kind in ("TargetSelection", "TriggerTargetSelection"):
                pc = d.get("pending_cast") or {}
                pending = pc.get("object_id")
                if cast is not None and cast_oid is not None and pending == cast_oid:
                    info = self.cast_info.setdefault(cast_oid, {})
                    info["variant"] = pc.get("casting_variant")
                    info["cost"] = _cost_text(pc.get("cost"))
                    queue = targets
                elif pending is not None and self._offer_for(offers, pending) is not None:
                    offer = self._offer_for(offers, pending)
                    queue = offer.setdefault("_targets", list(offer.get("targets") or []))
                    self.cast_info.setdefault(pending, {}).update(variant=pc.get("casting_variant"), cost=_cost_text(pc.get("cost")))
                else:
                    queue = targets or trigger_targets
                if not queue:
                    raise Unsupported(f"phase.rs asks for a target ({kind}) the step does not give")
                self._choose_target(seat, acts, queue.pop(0), "cr.current.casting-spells")
                continue
            if kind == "CopyTargetChoice" and choices.get("copy"):  # Clone: "a copy of any creature"
                self._choose_target(seat, acts, choices["copy"], "cr.current.copying-objects")
                continue
            if kind == "CopyRetarget":
                queue = self._new_targets if self._new_targets is not None else []
                copy_offer = next((o for o in offers if isinstance(o, dict) and o.get("copy") and o.get("targets")), None)
                if not queue and copy_offer is not None:  # a copy an effect lets the player cast (Isochron Scepter)
                    queue = copy_offer.setdefault("_targets", list(copy_offer["targets"]))
                if queue:
                    self._choose_target(seat, acts, queue.pop(0), "cr.current.copy-of-spell")
                    continue
                keep = [a for a in acts if a.kind == "KeepAllCopyTargets"]
                if keep:
                    self._try(seat, keep[0])
                    continue
            handler = {"NamedChoice": self._named_choice, "ReplacementChoice": self._replacement_choice,
                       "UnlessPayment": self._unless_payment, "OrderTriggers": self._order_triggers}.get(kind)
            if handler is not None:
                handler(seat, d, acts, choices)
                continue
            if any(a.kind == "SelectCards" for a in acts):
                wanted = self._wanted_cards(choices, cast)
                if wanted is not None:
                    ids = sorted(self._resolve_id(r) for r in wanted)
                    hit = [a for a in acts if a.kind == "SelectCards" and sorted(a.data.get("cards") or []) == ids]
                    self._try(seat, hit[0] if hit else self._hand_built({"type": "SelectCards", "data": {"cards": ids}}))
                    continue
            if kind in ("ManaPayment", "PayMana"):
                raise Unsupported(f"phase.rs waits for a manual mana payment ({kind})")
            if kind == "OptionalCostChoice" or any(a.kind == "DecideOptionalCost" for a in acts):
                extra = (cast or {}).get("additional_costs") or {}
                cost = (d.get("cost") or {}).get("data") or {}
                if cost.get("repeatable") and d.get("origin") != "Replicate" and isinstance(extra, dict) and "replicate" in extra:
                    want = False  # phase.rs also offers replicate's cost while announcing; paying it there makes no copies
                elif cost.get("repeatable"):  # replicate: pay it N times
                    # phase.rs asks once while the cast is announced and again (origin Replicate) after the
                    # targets: the step's N is the total number of times the cost is paid
                    paid = self._kicks.get(cast_oid, 0)
                    want = paid < int(extra.get("replicate") or 0) if isinstance(extra, dict) else False
                    self._kicks[cast_oid] = paid + int(want)
                else:
                    want = bool(extra or choices.get("pay"))
                hit = [a for a in acts if a.kind == "DecideOptionalCost" and bool(a.data.get("pay", a.data.get("accept"))) == want]
                self._try(seat, (hit or acts)[0])
                continue
            if kind == "CastOffer" or any(a.kind in ("DecideOptionalEffect", "DecideOptionalEffectAndRemember") for a in acts):
                want = choices.get("may")
                if want is None and d.get("source_id") in self.trigger_may:
                    want = self.trigger_may[d.get("source_id")]
                    self.step_notes.append(f"'you may' of a trigger answered by the step where it triggered ({want})")
                if kind == "CastOffer" and offers:
                    want = True  # the step's 'cast' choice answers the offer
                if want is None:
                    want = True
                    self.step_notes.append(f"'you may' answered yes by default ({kind})")
                hit = [a for a in acts if a.kind.startswith("DecideOptionalEffect") and _yes(a.data) == bool(want)]
                if kind == "CastOffer" and want:
                    hit = [a for a in acts if a.kind.startswith("CastSpell")] or hit  # phase.rs offers the cast as CastSpellAs...
                if not hit and kind == "CastOffer":
                    raise _Refused("cr.current.casting-spells", f"phase.rs offers only {[a.data for a in acts]} for {d.get('kind')}: "
                                                                f"it does not let the player cast the card")
                self._try(seat, (hit or acts)[0])
                continue
            if any(a.kind in ("ChooseAlternativeCast", "ChooseCastingVariant") for a in acts):
                alt = (cast or {}).get("alt_cost")
                pick = [a for a in acts if alt and ALT_COSTS.get(alt, alt).lower() in json.dumps(a.data).lower()]
                if not pick and (alt == "morph" or (cast or {}).get("face_down")):
                    pick = [a for a in acts if (a.data.get("choice") or {}).get("type") == "Alternative"]
                if not pick and not alt:
                    pick = [a for a in acts if "normal" in json.dumps(a.data).lower()]
                if not pick:
                    raise _Refused(None, f"phase.rs offers no casting variant {alt}: {[a.data for a in acts]}")
                self._try(seat, pick[0])
                continue
            if kind == "ChooseX" or any(a.kind == "ChooseX" for a in acts):
                x = (cast or {}).get("x", choices.get("x"))
                hit = [a for a in acts if a.kind == "ChooseX" and a.data.get("value", a.data.get("x")) == x]
                if x is None or not hit:
                    raise Unsupported(f"phase.rs asks for X ({x})")
                self._try(seat, hit[0])
                continue
            if any(a.kind == "ChooseTopOrBottom" for a in acts) and choices.get("top_or_bottom"):
                want = choices["top_or_bottom"]
                hit = [a for a in acts if want in json.dumps(a.data).lower()]
                self._try(seat, (hit or acts)[0])
                continue
            if kind == "AssignCombatDamage" and choices.get("assign_damage"):
                self._assign_damage(seat, d, acts, choices["assign_damage"])
                continue
            if len(acts) == 1:
                self._try(seat, acts[0])
                self.step_notes.append(f"answered phase.rs prompt {kind} with its only action {acts[0].kind}")
                continue
            raise Unsupported(f"phase.rs prompt {kind} is not answerable from the step (actions: {[a.kind for a in acts][:6]})")
        raise EngineError("phase.rs kept asking (more than 200 prompts in one step)", kind="hung")

    def _choose_target(self, seat: int, acts, ref, rule: str) -> None:
        """Answer a target prompt with the target ``ref`` (refused when phase.rs does not list it as legal)."""
        want = self._target_value(ref)
        hit = [a for a in acts if a.kind == "ChooseTarget" and a.data.get("target") == want]
        if not hit:
            raise _Refused(rule, f"target {ref} ({want}) is not among phase.rs's legal targets "
                                 f"{[a.data.get('target') for a in acts if a.kind == 'ChooseTarget']}")
        self._try(seat, hit[0])

    def _offer_for(self, offers: list, oid: int):
        """The step's ``cast`` choice (madness, Eye of the Storm, ...) for the card phase.rs is casting."""
        for offer in offers:
            ref = offer.get("card") if isinstance(offer, dict) else offer
            if isinstance(ref, str) and self.refs_now.get(ref) == oid:
                return offer if isinstance(offer, dict) else {"card": offer}
        return None

    def _named_choice(self, seat: int, d: dict, acts, choices: dict) -> None:
        kind = d.get("choice_type")
        key = NAMED_CHOICES.get(kind)
        value = choices.get(key) if key else None
        if value is None:
            raise Unsupported(f"phase.rs asks for a {kind} choice; the step gives no {key!r} choice")
        if key == "color":
            value = _COLOR_NAMES.get(value, value)
        elif key == "player":
            value = self.seat.get(value, value)
        hit = [a for a in acts if a.kind == "ChooseOption" and str(a.data.get("choice")).lower() == str(value).lower()]
        # a card name may be any card's name (phase.rs lists only names it has seen): build the answer
        self._try(seat, hit[0] if hit else self._hand_built({"type": "ChooseOption", "data": {"choice": value}}))

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
            oid = self.refs_now.get(ref) if isinstance(ref, str) else None
            hits = [i for i, c in enumerate(cands) if c.get("source_id") == oid or c.get("source_name") == ref]
            if not hits:
                raise Unsupported(f"phase.rs asks which replacement effect to apply ({[c.get('source_name') for c in cands]}); "
                                  f"the step's 'replacement' choice {ref!r} names none of them")
            index = hits[0]
        hit = [a for a in acts if a.kind == "ChooseReplacement" and a.data.get("index") == index]
        self._try(seat, hit[0])

    def _game_over_reason(self) -> str:
        st = self.game.state()["state"]
        empty = [self._player_name(p["id"]) for p in st["players"] if not p["library"]]
        return (f"a player with an empty library had to draw (704.5b): libraries empty for {', '.join(empty)}"
                if empty else json.dumps(st.get("waiting_for"))[:200])

    def _assign_damage(self, seat: int, d: dict, acts, given: dict) -> None:
        attacker = d.get("attacker_id")
        split = next((v for k, v in given.items() if self.refs_now.get(k) == attacker), None)
        if split is None:
            if len(acts) != 1:
                raise Unsupported(f"phase.rs asks how attacker {self._id(attacker)} assigns its damage; the step's assign_damage does not say")
            self._try(seat, acts[0])
            return
        blockers = [[self._resolve_id(r), int(n)] for r, n in split.items() if r not in self.seat]
        to_player = sum(int(n) for r, n in split.items() if r in self.seat)
        want = {"assignments": blockers, "controller_damage": 0, "mode": "Normal", "trample_damage": to_player}
        hit = [a for a in acts if a.kind == "AssignCombatDamage" and _same_attacks(a.data.get("assignments"), blockers)
               and int(a.data.get("trample_damage") or 0) == to_player]
        self._try(seat, hit[0] if hit else self._hand_built({"type": "AssignCombatDamage", "data": want}))

    def _unless_payment(self, seat: int, d: dict, acts, choices: dict) -> None:
        if "pay" not in choices:
            raise Unsupported(f"phase.rs asks whether to pay {d.get('effect_description')!r}; the step gives no 'pay' choice")
        hit = [a for a in acts if a.kind == "PayUnlessCost" and bool(a.data.get("pay")) == bool(choices["pay"])]
        self._try(seat, hit[0])

    def _order_triggers(self, seat: int, d: dict, acts, choices: dict) -> None:
        trig = d.get("triggers") or []
        order = choices.get("order")
        if order:
            srcs = [self.refs_now.get(r) for r in order]
            want = sorted(range(len(trig)), key=lambda i: srcs.index(trig[i].get("source_id")) if trig[i].get("source_id") in srcs else len(srcs))
            hit = [a for a in acts if a.kind == "OrderTriggers" and list(a.data.get("order") or []) == want]
        else:
            hit = acts[:1]
            self.step_notes.append("simultaneous triggers put on the stack in phase.rs's first offered order (the step gives no 'order')")
        self._try(seat, hit[0])

    _new_targets = None

    def _wanted_cards(self, choices: dict, step: dict | None):
        """The cards a SelectCards prompt is answered with, from the step's costs or choices."""
        for source in ((step or {}).get("costs") or {}, (step or {}).get("additional_costs") or {}, choices):
            for key in ("discard", "sacrifice", "cards", "reveal"):
                value = source.get(key) if isinstance(source, dict) else None
                if value:
                    return [value] if isinstance(value, str) else list(value)
        return None

    def _pass(self, choices: dict) -> None:
        w = self._waiting()
        if w.get("type") == "Priority":
            self._apply(w["data"]["player"], {"type": "PassPriority"})
        elif w.get("type") in ("DeclareAttackers",):
            self._apply(w["data"]["player"], {"type": "DeclareAttackers", "data": {"attacks": []}})
        elif w.get("type") in ("DeclareBlockers",):
            self._apply(w["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": []}})
        else:
            self._answer_prompts(choices)
            if self._waiting().get("type") == w.get("type") and w.get("type") not in ("Priority",):
                raise Unsupported(f"phase.rs waits for {w.get('type')}")

    def _resolve(self, all_: bool, choices: dict) -> None:
        stack = self.game.stack()
        if not stack:
            raise _Refused("cr.current.all-pass", "the stack is empty: nothing to resolve")
        top = _stack_id(stack[-1])
        for _ in range(MAX_PASSES):
            self._pass(choices)
            self._answer_prompts(choices)
            stack = self.game.stack()
            if self._waiting().get("type") == "GameOver":
                return
            if all_:
                if not stack and self._waiting().get("type") == "Priority":
                    return
            elif not stack or top not in [_stack_id(e) for e in stack]:
                return
        raise EngineError("the stack did not resolve within 200 passes", kind="hung")

    def _advance(self, step_name: str, next_turn: bool, choices: dict) -> None:
        target = STEPS.get(step_name)
        if target is None:
            raise Unsupported(f"advance_to {step_name}")
        start_turn = self.game.turn
        for _ in range(MAX_PASSES):
            here = self._step_now()
            at_priority = self._waiting().get("type") == "Priority"
            if here == step_name and (not next_turn or self.game.turn > start_turn) and at_priority:
                return
            if step_name == "first-strike-damage" and here == "combat-damage" and at_priority and not next_turn:
                # phase.rs dealt the first-strike and the regular combat damage without giving priority between
                # them (see the report): the first priority after the first-strike damage is in the regular step
                self.step_notes.append("phase.rs gave no priority in the first-strike combat damage step; stopped at its "
                                       "next priority, after the regular combat damage step")
                return
            if target == "Cleanup" and not next_turn and self.game.turn > start_turn:
                # 514.3: nobody gets priority in the cleanup step; phase.rs runs it and goes on to the next
                # turn, where the adapter stops before anything else happens (the cleanup's results show)
                self.step_notes.append("cleanup has no priority: observed at the start of the next turn")
                return
            self._pass(choices)
            self._answer_prompts(choices)
            if self._waiting().get("type") == "GameOver":
                raise Unsupported(f"the game ended while advancing ({self._game_over_reason()})")
        raise EngineError(f"did not reach {step_name} within 200 passes", kind="hung")

    def _step_now(self, st: dict | None = None) -> str | None:
        """The corpus step now: phase.rs has one CombatDamage phase for both combat damage steps (510.4); its
        combat state says whether the first-strike damage is dealt and the regular damage is not yet."""
        st = st or self.game.state()["state"]
        if st.get("phase") == "CombatDamage":
            combat = st.get("combat") or {}
            if combat.get("first_strike_done") and not combat.get("regular_damage_done"):
                return "first-strike-damage"
            return "combat-damage"
        return PHASES.get(st.get("phase"))

    def _combat(self, verb: str, mapping: dict, choices: dict) -> None:
        want = "DeclareAttackers" if verb == "declare_attackers" else "DeclareBlockers"
        for _ in range(MAX_PASSES):
            if self._waiting().get("type") == want:
                break
            if self.game.phase == want and self._waiting().get("type") == "Priority":
                # phase.rs skips a declaration no creature can make (then declaring none is all there is)
                if not mapping:
                    return
                raise _Refused("cr.current.declare-blockers" if want == "DeclareBlockers" else "cr.current.declare-attackers",
                               f"phase.rs did not ask to {verb.replace('_', ' ')}: it found no legal {'blocker' if want == 'DeclareBlockers' else 'attacker'}")
            if self.game.phase in ("CombatDamage", "EndCombat", "PostCombatMain", "End", "Cleanup") and self._waiting().get("type") == "Priority":
                raise _Refused("cr.current.declare-attackers", f"phase.rs did not ask to {verb.replace('_', ' ')} (step passed)")
            self._pass(choices)
        w = self._waiting()
        seat = w["data"]["player"]
        acts = self.game.actions()
        if verb == "declare_attackers":
            attacks = [[self._resolve_id(a), {"type": "Player", "data": self.seat[p]} if p in self.seat else {"type": "Object", "data": self._resolve_id(p)}] for a, p in (mapping or {}).items()]
            listed = [a for a in acts if a.kind == "DeclareAttackers" and _same_attacks(a.data.get("attacks"), attacks)]
            action = listed[0] if listed else self._hand_built({"type": "DeclareAttackers", "data": {"attacks": attacks}})
        else:
            assignments = [[self._resolve_id(b), self._resolve_id(a)] for b, a in (mapping or {}).items()]
            listed = [a for a in acts if a.kind == "DeclareBlockers" and _same_attacks(a.data.get("assignments"), assignments)]
            action = listed[0] if listed else self._hand_built({"type": "DeclareBlockers", "data": {"assignments": assignments}})
        self._try(seat, action)
        self._answer_prompts(choices)

    # ------------------------------------------------------------------ observing
    def observe(self) -> dict:
        st = self.game.state()["state"]
        objs = st["objects"]
        name_of = self._player_name
        out_objs = {}
        zone_lists = {"battlefield": [], "stack": [], "exile": [], "command": []}

        def add(oid, zone):
            o = objs.get(str(oid))
            if o is None:
                return None
            i = self._id(oid)
            out_objs[i] = self._object(o, i, zone, st)
            return i

        players = {}
        for p in st["players"]:
            name = name_of(p["id"])
            players[name] = {"life": p["life"], "library": [add(x, "library") for x in p["library"]],
                             "hand": [add(x, "hand") for x in p["hand"]],
                             "graveyard": [add(x, "graveyard") for x in reversed(p["graveyard"])],
                             "mana_pool": _pool(p.get("mana_pool"))}
        zone_lists["battlefield"] = [add(x, "battlefield") for x in st["battlefield"]]
        zone_lists["exile"] = [add(x, "exile") for x in st["exile"]]
        for entry in st.get("stack") or []:
            sid = _stack_id(entry)
            if sid is None:
                continue
            if str(sid) in objs and objs[str(sid)].get("zone") == "Stack" and not _is_ability(entry):
                i = add(sid, "stack")
                info = self.cast_info.get(sid) or {}
                out_objs[i]["spell"] = {"alternative_cost": _alt_name(info.get("variant")), "from_zone": info.get("from"),
                                        "copy_of": self._id(self.copies[sid]) if sid in self.copies else None}
                if isinstance(info.get("mv"), int) and out_objs[i]["characteristics"]:
                    out_objs[i]["characteristics"]["mana_value"] = info["mv"]  # phase.rs's own mana value of the spell
            else:
                i = f"a{len(zone_lists['stack'])}:{sid}"
                src = _ability_source(entry)
                out_objs[i] = {"id": i, "card": None, "zone": "stack", "owner": None, "controller": name_of(_controller(entry)),
                               "face_down": False, "face": None, "half": None, "token": False, "copy": False,
                               "characteristics": None, "ability": {"source": self._id(src) if src is not None else None}}
            zone_lists["stack"].append(i)
        wf = st.get("waiting_for") or {}
        prio = (wf.get("data") or {}).get("player") if wf.get("type") == "Priority" else None
        return {"players": players, **zone_lists, "objects": out_objs,
                "turn": {"number": st.get("turn_number"), "active": name_of(st.get("active_player")),
                         "step": self._step_now(st), "priority": name_of(prio)}}

    def _object(self, o: dict, i: str, zone: str, st: dict) -> dict:
        oid = o["id"]
        full = self.full_of.get(oid) or self.face_to_full.get(o.get("base_name") or o.get("name")) or o.get("base_name") or o.get("name")
        faces = self.cards.get(full) or []
        layout = faces[0].get("layout") if faces else None
        # a double-faced object for phase.rs has its other face (back_face) or is transformed; a token copy of a
        # double-faced card that phase.rs made single-faced is reported as such (face: none)
        dfc = layout in ("transform", "modal_dfc", "meld") and ("back_face" in o or bool(o.get("transformed")))
        face_down = bool(o.get("face_down"))
        chars = self._characteristics(o, faces, layout, zone)
        return {"id": i, "card": full, "card_faces": [f.get("faceName") or f.get("name") for f in faces], "zone": zone,
                "owner": self._player_name(o.get("owner")), "controller": self._player_name(o.get("controller")),
                "face_down": face_down, "face": _face(o, faces) if dfc else None,
                "copy_of": self._id(self.copy_of[oid]) if oid in self.copy_of else None,
                "half": None, "token": bool(o.get("is_token")), "copy": bool(o.get("is_copy")),
                "tapped": bool(o.get("tapped")), "damage": int(o.get("damage_marked") or 0),
                "counters": {COUNTERS.get(k, k): v for k, v in (o.get("counters") or {}).items()},
                "attached_to": self._attached(o.get("attached_to")),
                "attacking": _in_combat(st, oid, "attack"), "blocking": _in_combat(st, oid, "block"),
                "blocked": _in_combat(st, oid, "blocked"),
                "characteristics": chars}

    def _attached(self, target):
        if not isinstance(target, dict):
            return None
        if target.get("type") == "Player":
            return self._player_name(target.get("data"))
        return self._id(target.get("data")) if target.get("data") is not None else None

    def _characteristics(self, o: dict, faces: list, layout, zone: str) -> dict:
        if layout in ("split", "aftermath") and not o.get("face_down") and zone != "stack":
            # phase.rs shows one half in the object's fields and the other under back_face: report the
            # split card's real characteristics (709.4: both halves combined outside the stack).
            names = [f.get("faceName") or f.get("name") for f in faces]
            colors = sorted({c for f in faces for c in (f.get("colors") or [])})
            types = sorted({t for f in faces for t in (f.get("types") or [])})
            cost = "".join(f.get("manaCost") or "" for f in faces)
            return {"name": faces[0].get("name"), "names": names, "mana_cost": cost or None,
                    "mana_value": sum(int(f.get("faceManaValue", f.get("manaValue", 0)) or 0) for f in faces),
                    "colors": colors, "types": types, "subtypes": [], "supertypes": [], "abilities": [f.get("text") or "" for f in faces],
                    "keywords": [], "power": None, "toughness": None}
        name = o.get("name") or None
        cost = _cost_text(o.get("mana_cost"))
        kws = [_kw(k) for k in o.get("keywords") or []]
        texts = []
        for key in ("abilities", "trigger_definitions", "static_definitions", "replacement_definitions"):
            for a in o.get(key) or []:
                desc = a.get("description") if isinstance(a, dict) else None
                if desc:
                    texts.append(desc.replace("~", name or "this"))
        mv = _mana_value(o.get("mana_cost"))
        if o.get("transformed") and faces and len(faces) > 1:
            mv = int(faces[0].get("manaValue", mv) or 0)  # 712.8e: a back face's mana value is the front face's
        types = list((o.get("card_types") or {}).get("core_types") or [])
        return {"name": name, "names": [name] if name else [], "mana_cost": cost if cost is not None else None,
                "mana_value": mv, "colors": sorted(COLORS.get(c, c) for c in o.get("color") or []),
                "types": types, "subtypes": list((o.get("card_types") or {}).get("subtypes") or []),
                "supertypes": list((o.get("card_types") or {}).get("supertypes") or []),
                "abilities": texts + kws, "keywords": kws, "text": "\n".join(texts + kws) or None, "power": o.get("power"), "toughness": o.get("toughness"),
                "loyalty": o.get("loyalty")}

    def events(self) -> list[dict]:
        return self.log

    def diagnostics(self) -> list[str]:
        """Cards of the scenario with abilities phase.rs could not parse (Unimplemented effects)."""
        lacking = []
        for full, faces in self._faces.items():
            if full in (self.cards or {}) and "Unimplemented" in json.dumps(faces):
                lacking.append(full)
        return [f"phase.rs could not parse abilities of: {', '.join(sorted(lacking))}"] if lacking else []


# The reference map used by steps: labels and unique names -> phase.rs object IDs, kept current by
# following the adapter's own zone_change events (the runner follows the same events).
def _refs_property(self) -> dict:
    from mtgrules.conformance.expectations import References

    tracker = getattr(self, "_tracker", None)
    if tracker is None:
        return {}
    tracker.follow(self.log)
    out = {}
    for ref, i in tracker.current.items():
        if i:
            m = re.fullmatch(r"p(\d+)(?:\.\d+)?", i)
            if m:
                out[ref] = int(m[1])
    return out


PhaseEngine.refs_now = property(_refs_property)
_setup = PhaseEngine.setup


def _setup_with_tracker(self, request: dict) -> dict:
    from mtgrules.conformance.expectations import References

    self._tracker = None
    initial = _setup(self, request)
    self.log = []  # the setup's debug actions are not part of the scenario
    self._tracker = References(dict(initial), {r: v["card"] for r, v in (request.get("references") or {}).items()}, self.players)
    return initial


PhaseEngine.setup = _setup_with_tracker


# ---------------------------------------------------------------------------- helpers


#: Game-state fields a setup done by the engine itself (_enter_by_engine) puts back afterwards.
_TURN_STATE = ("phase", "active_player", "priority_player", "waiting_for", "spells_cast_this_turn",
               "spells_cast_this_turn_by_player", "spells_cast_this_game", "spells_cast_this_game_by_player",
               "mana_spent_on_spells_this_turn", "priority_pass_count", "priority_passes")

#: The adapter's own bookkeeping a refused step restores along with the game.
_STEP_STATE = ("inc", "cast_info", "copies", "stack_seen", "became_targets", "full_of", "targets_of", "copy_of", "trigger_may")


class _Refused(Exception):
    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


#: A card the adapter uses to have phase.rs manifest a double-faced card during setup; removed afterwards.
MANIFESTER = {"name": "Mtgrules Manifester", "layout": "normal", "manaCost": "{0}", "manaValue": 0, "colors": [],
              "colorIdentity": [], "type": "Sorcery", "types": ["Sorcery"], "subtypes": [], "supertypes": [],
              "text": "Manifest the top card of your library.", "identifiers": {}}


def _manifested_dfc(obj: dict, faces: list) -> bool:
    """A setup object that is a double-faced card face down on the battlefield by manifest."""
    state = obj["state"]
    return obj["zone"] == "battlefield" and bool(state.get("face_down")) and state.get("face_down_by", "manifest") == "manifest" \
        and len(faces) > 1 and faces[0].get("layout") in ("transform", "modal_dfc", "meld")


#: A card added to every deck so that phase.rs accepts the deck, and removed before the scenario.
FILLER = {"name": "Mtgrules Filler", "layout": "normal", "manaValue": 0, "colors": [], "colorIdentity": [], "type": "Land",
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "identifiers": {}}

_MANA_TYPE = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
_COLOR_NAMES = {k: v for k, v in _MANA_TYPE.items() if k != "C"} | {v.lower(): v for v in _MANA_TYPE.values()}


def _chosen_attributes(chosen: dict) -> list[dict]:
    """A setup's ``chosen`` choices as phase.rs's ``chosen_attributes`` (as a resolved name choice leaves them)."""
    kinds = {"name": "CardName", "color": "Color", "creature_type": "CreatureType"}
    out = []
    for key, value in chosen.items():
        if key not in kinds:
            raise Unsupported(f"setup chosen {key}: the adapter sets up only chosen {', '.join(kinds)} on phase.rs")
        out.append({"type": kinds[key], "value": _COLOR_NAMES.get(value, value) if key == "color" else value})
    return out


def _face(o: dict, faces: list) -> str:
    """Which face of a double-faced card is up: phase.rs marks a transformed permanent, but a card cast with its
    back face up (disturb) or a copy of a back face carries the back face's characteristics unmarked."""
    back = [f.get("faceName") for f in faces[1:]]
    return "back" if o.get("transformed") or (o.get("name") and o.get("name") in back) else "front"


def _unimplemented(faces: list) -> list[str]:
    """The texts of abilities phase.rs parsed as ``Unimplemented`` in built card faces."""
    out = []

    def walk(x, desc=None):
        if isinstance(x, dict):
            desc = x.get("description") or desc
            if x.get("type") == "Unimplemented":
                out.append(str(x.get("description") or desc or x.get("name") or "?"))
            for v in x.values():
                walk(v, desc)
        elif isinstance(x, list):
            for v in x:
                walk(v, desc)

    walk(faces)
    return sorted(set(out))


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
    printed = "".join(_cost_text(c.get("cost")) or "" for c in costs if c.get("type") == "Mana") + \
        ("{T}" if any(c.get("type") == "Tap" for c in costs) else "")
    return bool(printed) and printed.replace(" ", "") == name.replace(" ", "").split(":")[0]


def _raise(msg):
    raise Unsupported(msg)


def _any_basic(cards: dict) -> str | None:
    for full, recs in cards.items():
        if "Basic" in (recs[0].get("supertypes") or []):
            return full
    return None


def _counter_key(k: str) -> str:
    return {"+1/+1": "P1P1", "-1/-1": "M1M1"}.get(k, k)


def _cost_text(cost) -> str | None:
    if not isinstance(cost, dict) or cost.get("type") == "NoCost":
        return None
    generic = int(cost.get("generic") or 0)
    shards = "".join(SHARDS.get(s, "{%s}" % s) if isinstance(s, str) else "{?}" for s in cost.get("shards") or [])
    return (("{%d}" % generic) if generic or not shards else "") + shards


def _mana_value(cost) -> int:
    if not isinstance(cost, dict) or cost.get("type") == "NoCost":
        return 0
    return int(cost.get("generic") or 0) + sum(0 if s == "X" else 1 for s in cost.get("shards") or [])


def _kw(k) -> str:
    """A phase.rs keyword (``"DoubleStrike"``, ``{"Flashback": ...}``) as printed (``"Double strike"``)."""
    if isinstance(k, dict) and k:
        name, value = next(iter(k.items()))
        if name == "Protection" and isinstance(value, dict) and value:
            # {"Protection": {"Color": "White"}} -> "Protection from white"
            return f"Protection from {str(next(iter(value.values()))).lower()}"
        k = name
    return re.sub(r"(?<!^)([A-Z])", r" \1", str(k)).capitalize()


def _alt_name(variant) -> str | None:
    if not variant or variant in ("Normal", "Standard"):
        return None
    return "morph" if variant == "FaceDown" else str(variant).lower()


def _pool(pool) -> dict:
    out: dict = {}
    for m in (pool or {}).get("mana") or []:
        t = m.get("color") or m.get("mana_type") if isinstance(m, dict) else m
        sym = {v: k for k, v in _MANA_TYPE.items()}.get(t, str(t))
        out[sym] = out.get(sym, 0) + 1
    return out


def _stack_id(entry):
    if isinstance(entry, dict):
        for key in ("id", "object_id", "source_id"):
            if isinstance(entry.get(key), int):
                return entry[key]
    return None


def _is_ability(entry) -> bool:
    kind = entry.get("kind") if isinstance(entry, dict) else None
    if isinstance(kind, dict):
        return kind.get("type") != "Spell"
    return kind not in (None, "Spell")


def _ability_source(entry):
    if isinstance(entry, dict):
        if isinstance(entry.get("source_id"), int):
            return entry["source_id"]
        kind = entry.get("kind")
        if isinstance(kind, dict):
            for v in (kind, kind.get("data") or {}, (kind.get("data") or {}).get("ability") or {}):
                if isinstance(v, dict) and isinstance(v.get("source_id"), int):
                    return v["source_id"]
    return None


def _controller(entry):
    return entry.get("controller") if isinstance(entry, dict) else None


def _yes(data) -> bool:
    if isinstance(data, dict):
        choice = data.get("choice")
        if isinstance(choice, dict):  # {"choice": {"type": "Accept" | "Decline"}}
            return choice.get("type") == "Accept"
        for key in ("accept", "choice", "decision", "perform", "yes"):
            if key in data:
                return bool(data[key])
    return bool(data)


def _same_attacks(a, b) -> bool:
    try:
        return sorted(json.dumps(x, sort_keys=True) for x in a or []) == sorted(json.dumps(x, sort_keys=True) for x in b or [])
    except TypeError:
        return False


def _in_combat(st: dict, oid: int, what: str) -> bool:
    combat = st.get("combat") or {}
    attackers = [a for a in combat.get("attackers") or [] if a.get("object_id") == oid]
    if what == "attack":
        return bool(attackers)
    if what == "blocked":
        return any(a.get("blocked") for a in attackers)
    return str(oid) in (combat.get("blocker_to_attacker") or {}) or oid in (combat.get("blocker_to_attacker") or {})


# ---------------------------------------------------------------------------- findings (data)
#
# Every scenario phase.rs fails or errors on, examined by hand (the engine's events and state read against the
# rule the scenario cites). ``annotate`` writes them into the JSON report and the baseline:
#   mtgrules conform --engine phase --json conformance/reports/phase.json
#   python -m mtgrules.conformance.adapters.phase annotate conformance/reports/phase.json conformance/baselines/phase.json \
#       conformance/reports/phase.md

#: Confirmed deviations of phase.rs from the rules: key -> rule IDs, what phase.rs did, what the rule says, the
#: minimal reproduction (conformance/scenarios/phase-deviations/) and the corpus scenarios that show it.
DEVIATIONS = {
    "first-strike-step-priority": {
        "rules": ["double-strike.b", "cr.pre-2013.combat-damage-step", "cr.current.first-strike"],
        "engine": "With first strike or double strike in combat and an empty stack after the first-strike combat damage, "
                  "phase.rs deals the first-strike and the regular combat damage in one go: no player receives priority in "
                  "the first combat damage step (even with an instant or flash card castable), so nothing can be done "
                  "between the two steps.",
        "rule": "702.4b (double-strike.b): the phase gets a second combat damage step after the first; 510 (510.3): each "
                "combat damage step ends with the active player receiving priority. Double-strike.c/d (removing or "
                "giving double strike during the first combat damage step) depend on that priority.",
        "reproduction": "phase-dev-first-strike-step-priority",
        "scenarios": ["ds-blocked-blocker-survives-first-blow", "ds-double-striker-vs-double-striker",
                      "ds-first-strike-only-first-step", "ds-gaining-double-strike-in-first-step-no-extra-hit",
                      "ds-losing-double-strike-first-step", "ds-unblocked-deals-damage-twice", "ds-with-trample"],
    },
    "cost-reduction-affordability": {
        "rules": ["madness.q5", "cr.pre-2013.total-cost", "cr.current.total-cost"],
        "engine": "phase.rs offers only to decline a madness cast unless the player could pay the madness cost before "
                  "reductions (Arrogant Wurm's madness needs {2}{G} with Helm of Awakening). (The affinity cases once "
                  "listed here were the card pool's error: Seat of the Synod's mana ability was written as reminder text; "
                  "with its oracle text phase.rs casts Myr Enforcer for the reduced cost.)",
        "rule": "601.2f: the total cost is the mana cost or alternative cost plus increases minus reductions (Helm of "
                "Awakening); 601.2g-h: the player then activates mana abilities and pays that total cost.",
        "reproduction": "phase-dev-madness-reduced-cost-payable",
        "scenarios": ["madness-cost-reduction-applies"],
    },
    "cranial-extraction-no-target": {
        "rules": ["dfc-2016.13", "cr.current.casting-spells"],
        "engine": "phase.rs parses Cranial Extraction's oracle text (\"Search target player's graveyard, hand, and library "
                  "for all cards with that name\") as ChangeZoneAll over cards with the same name as a parent target, "
                  "without a player target, and refuses the cast: 'No legal targets available'.",
        "rule": "601.2c: the player announces the targets the spell requires; the spell targets a player, and a player "
                "is there to target.",
        "reproduction": "phase-dev-cranial-extraction-target-player",
        "scenarios": ["dfc2016-name-delver-of-secrets", "dfc2016-name-both-faces-illegal", "dfc2016-name-back-face-graveyard",
                      "dfc2016-name-insectile-aberration"],
    },
    "amplify-does-nothing": {
        "rules": ["amplify.a", "amplify.q1"],
        "engine": "phase.rs parses amplify as 'enters with N +1/+1 counters for each card in your hand that shares a "
                  "creature type', but asks for no reveal and puts no counter on the creature (0 counters with matching "
                  "cards in hand, in every amplify scenario).",
        "rule": "702.36a (amplify.a; current 702.38a): as the object enters, reveal any number of cards from your hand that share a creature "
                "type with it; it enters with N +1/+1 counters for each card revealed.",
        "reproduction": "phase-dev-amplify-no-counters",
        "scenarios": ["amplify-2-two-counters-per-card", "amplify-enters-with-counters", "amplify-multiple-creature-types",
                      "amplify-multiple-instances", "amplify-reveal-counters", "amplify-must-share-type",
                      "amplify-clone-cant-reveal-shapeshifter"],
    },
    "transform-into-sorcery-face": {
        "rules": ["dfc-2016.6"],
        "engine": "phase.rs transforms a permanent whose back face is a sorcery face: it becomes a Sorcery permanent "
                  "(Conformance Rite) on the battlefield, with a Transformed event.",
        "rule": "711.6 (dfc-2016.6; current 712.10): if the face a permanent would transform into is an instant or sorcery face, "
                "nothing happens.",
        "reproduction": "phase-dev-transform-into-sorcery-face",
        "scenarios": ["dfc2016-cant-transform-into-sorcery-face"],
    },
    "flashback-exile-undone": {
        "rules": ["flashback.a", "flashback.q6"],
        "engine": "Hinder counters a flashed-back Firebolt: phase.rs exiles it (Stack -> Exile), then applies the rest of "
                  "Hinder's text and moves it Exile -> Graveyard; it ends in the graveyard.",
        "rule": "702.32a (flashback.a; current 702.34a): if the flashback cost was paid, exile the card instead of putting it anywhere else "
                "any time it would leave the stack; flashback.q6: it gets exiled whatever tries to move it.",
        "reproduction": "phase-dev-flashback-hinder",
        "scenarios": ["flashback-hinder-exiled-instead-of-library"],
    },
    "color-change-not-applied": {
        "rules": ["cr.current.layers"],
        "engine": "Wild Mongrel's 'becomes the color of your choice until end of turn': phase.rs asks for the colour and "
                  "applies the +1/+1, but the Mongrel stays green.",
        "rule": "613.1e: colour-changing effects apply in layer 5; the chosen colour replaces the Mongrel's colour until "
                "end of turn.",
        "reproduction": "phase-dev-wild-mongrel-color",
        "scenarios": ["madness-not-cast-goes-to-graveyard"],
    },
    "disturb-mana-value": {
        "rules": ["cr.current.dfc-characteristics", "cr.current.double-faced-cards"],
        "engine": "Lunarch Veteran cast with disturb (back face Luminous Phantom up): phase.rs's SpellCast gives the spell's "
                  "mana value as 0.",
        "rule": "712.8 (712.8e in the current numbering): a transforming double-faced card with its back face up has the mana value of its front face "
                "(Lunarch Veteran {W}: 1).",
        "reproduction": "phase-dev-disturb-mana-value",
        "scenarios": ["dfc-current-cast-transformed"],
    },
    "non-dfc-returned-transformed": {
        "rules": ["dfc-2016.8a"],
        "engine": "A Clone copying Liliana, Heretical Healer (not a double-faced card) is exiled by the copied trigger and "
                  "phase.rs returns it to the battlefield 'transformed' (Transformed event) and creates the Zombie token.",
        "rule": "711.8a (dfc-2016.8a; current 712.14a): a card that isn't a double-faced card, instructed to be put onto the "
                "battlefield transformed, stays in its current zone; so the 'if you do' Zombie is not created.",
        "reproduction": "phase-dev-non-dfc-returned-transformed",
        "scenarios": ["dfc2016-non-dfc-put-transformed-stays"],
    },
    "non-dfc-transform-event": {
        "rules": ["dfc-2016.5"],
        "engine": "Moonmist with a Clone copying Delver of Secrets: phase.rs keeps the Clone's characteristics but marks it "
                  "transformed and reports a Transformed event for it (so 'whenever this transforms' would trigger).",
        "rule": "711.5 (dfc-2016.5; current 701.27 and 712): only double-faced permanents transform; if a spell or ability "
                "instructs a player to transform a permanent that isn't double-faced, nothing happens.",
        "reproduction": "phase-dev-clone-no-transform-event",
        "scenarios": [],
    },
    "face-down-dfc-transforms": {
        "rules": ["dfc-2016.9a"],
        "engine": "A manifested (face-down) Delver of Secrets targeted by 'Transform target permanent.': phase.rs transforms "
                  "it (Transformed event); still face down, it shows Delver of Secrets' name and is 1/1.",
        "rule": "711.9a (dfc-2016.9a; current 712.15a): while face down, a double-faced permanent can't transform.",
        "reproduction": "phase-dev-face-down-dfc-transforms",
        "scenarios": ["dfc2016-face-down-cant-transform"],
    },
    "turned-up-dfc-loses-back-face": {
        "rules": ["dfc-2016.9a", "dfc-2016.5"],
        "engine": "A manifested Delver of Secrets turned face up (for its mana cost, or by an effect) has its front face "
                  "up but phase.rs drops its back face: the permanent is no longer double-faced and 'Transform target "
                  "permanent.' does nothing to it.",
        "rule": "711.9a (dfc-2016.9a; current 712.15a): turned face up, it has its front face up (it is still a "
                "double-faced card); 711.5 (dfc-2016.5): double-faced permanents transform.",
        "reproduction": "phase-dev-turned-up-dfc-keeps-back-face",
        "scenarios": ["dfc2016-face-down-turned-up-front-face", "dfc2016-face-down-turned-up-by-effect-front-face"],
    },
    "token-copy-of-dfc-single-faced": {
        "rules": ["cr.current.copying-objects", "cr.current.double-faced-cards", "cr.current.transform"],
        "engine": "Cackling Counterpart copying Delver of Secrets: phase.rs creates a single-faced token (no back face); "
                  "Moonmist transforms Delver but not the token, and a copy of Insectile Aberration is not back face up.",
        "rule": "707.8a: a copy of a double-faced permanent is double-faced (both faces' copiable values); 712.9: such a "
                "token can transform.",
        "reproduction": "phase-dev-token-copy-of-dfc",
        "scenarios": ["dfc-current-token-copy-transforms", "dfc-current-token-copy-of-back-face-is-back-face-up"],
    },
}

#: Failing or errored scenarios that are not engine deviations: why (checked by hand).
NOT_DEVIATIONS = {
    "scenario-believed-wrong": {
        "ds-first-strike-redundant": "Paladin en-Vec has protection from red: Temur Battle Rage (red) can't target it "
                                     "(702.16); phase.rs rightly finds no legal target. The scenario says the cast is legal.",
        "ds-gaining-double-strike-after-first-strike": "same: Temur Battle Rage (red) can't target Paladin en-Vec "
                                                       "(protection from red).",
        "flashback-spelljack-exiles": "bob has no library and his draw step comes (advance_to next turn): he loses (704.5b) "
                                      "and phase.rs ends the game; the setup needs a library for bob.",
        "storm-counts-opponents-spells": "the setup starts in alice's upkeep with an empty library; advancing to her main "
                                         "phase passes her draw step, so she loses (704.5b); the setup needs a library.",
    },
    "engine-cannot-parse-card": {s: c for c, ss in {
        "Ixidron": ["dfc2016-cant-be-turned-face-down", "morph-turned-down-by-effect-turn-up-for-morph",
                    "morph-turned-down-without-morph-stays-down"],
        "Cytoshape": ["dfc2016-copy-by-dfc-of-back-face-mana-value-zero", "dfc2016-copy-effect-on-dfc-transforms"],
        "Backslide": ["morph-backslide-needs-morph", "morph-no-turn-face-down-without-effect", "morph-turning-face-up-keeps-tapped"],
        "Eye of the Storm": ["flashback-eye-of-the-storm-exiles"]}.items() for s in ss},
    "setup-not-representable": {
    },
}


def classify(scenario: str) -> dict | None:
    """The examined reason a scenario fails on phase.rs: ``{"kind", "key"/"reason"}``, or None (not examined)."""
    for key, dev in DEVIATIONS.items():
        if scenario in dev["scenarios"] or scenario == dev["reproduction"]:
            return {"kind": "deviation", "deviation": key, "rules": dev["rules"]}
    for kind, table in NOT_DEVIATIONS.items():
        if scenario in table:
            return {"kind": kind, "reason": table[scenario] if kind != "engine-cannot-parse-card" else
                    f"phase.rs parses {table[scenario]}'s needed ability as Unimplemented"}
    return None


#: The hand-written parts of the report page (the rest is generated from the data above and the report).
REPORT_NOTES = {
    "D1": "The adapter maps phase.rs's single CombatDamage phase onto the two steps with its combat state "
          "(`first_strike_done`, `regular_damage_done`); `advance_to: first-strike-damage` stops at the first priority "
          "phase.rs gives, which is after the regular damage when the stack is empty (a step note says so). When a trigger "
          "(Sword of Fire and Ice) goes on the stack after the first-strike damage, phase.rs does give priority in the "
          "first step (ds-sword-triggers-twice passes). Damage events carry `step`: phase.rs marks neither step; the "
          "adapter assigns the first-strike step while each source has first or double strike and deals damage to a "
          "recipient for the first time.",
    "D2": "The madness case is reported as errored (the engine refuses an action the scenario says is legal), not "
          "as failed; it is a deviation all the same.",
    "driving": [
        "Answered prompts: targets (spell, copy retarget, triggered ability, cast offers, copies an effect lets the player "
        "cast), name/colour/creature-type choices (NamedChoice), replacement choices (Clone's optional copy; others by "
        "`replacement`), 'unless' payments (`pay`), 'you may' (`may`; a trigger's 'you may' is answered by the step in "
        "which it triggered when it resolves in a later step), Clone's copy choice (`copy`), trigger ordering (`order`; "
        "without it phase.rs's first order, noted), madness cast offers (`cast`), replicate (paid N times at phase.rs's "
        "Replicate prompt), X, optional costs, card selections, combat damage assignment (`assign_damage`), activated "
        "abilities by index, keyword (`Cycling`) or cost (`{R}`).",
        "Set up: zones, life, mana pool, turn/step/priority, tapped, sick, counters, damage, tokens, face state (phase.rs's "
        "debug SetFaceState), attachments (debug Attach), chosen name/colour/creature type (`chosen_attributes`), and "
        "`copy_of` / `imprinted` by letting phase.rs cast and resolve the card, and a manifested double-faced card by "
        "letting phase.rs manifest it from the top of the library with the adapter's own card 'Mtgrules Manifester' "
        "(mana added by a debug action; the turn, the spell counts and the permanent's status put back afterwards, the "
        "manifester removed).",
        "Events phase.rs does not report and the adapter derives: a `trigger` event for each triggered ability newly on "
        "the stack; a `reveal` when a face-down permanent or spell moves face up to a public zone (708.9); the cast's "
        "total cost (601.2f) from the pending cast's cost when phase.rs shows it, else from the mana it spent (coloured "
        "symbols from the spell's mana or alternative cost, the rest generic); the combat damage `step` (see D1); a "
        "token's `copy_of` (the target of the spell that created it as a copy).",
        "The mana value of a permanent with its back face up is computed by the adapter (712.8) since phase.rs exports "
        "no mana values; a spell's mana value is phase.rs's own (SpellCast `cast_mana_value`).",
        "`advance_to: cleanup`: nobody gets priority in cleanup (514.3); the adapter stops at the start of the next turn.",
        "`pay_with` (choosing mana sources) is unsupported: phase.rs pays automatically.",
        "The runner has no per-scenario skip: a setup detail phase.rs cannot represent, or a card it cannot parse, is "
        "reported as an error of kind `unsupported` with the reason (never passed). A skip would need a runner change.",
    ],
}


def write_page(report: dict, path) -> None:
    """The report page (Markdown) from an annotated report: totals, deviations, the other findings, the tables."""
    from pathlib import Path

    total = report["summary"]["total"]
    n_dev = sum(1 for r in report["results"] if r.get("section") == "phase-deviations")
    out = ["# phase.rs on the mtgrules conformance corpus\n",
           f"Engine: {report.get('handshake', {}).get('name')} {report.get('handshake', {}).get('version')}. Generated by "
           "`mtgrules conform --engine phase --json conformance/reports/phase.json` and `python -m "
           "mtgrules.conformance.adapters.phase annotate conformance/reports/phase.json conformance/baselines/phase.json "
           "conformance/reports/phase.md`. Check a change against the baseline: `mtgrules conform --engine phase "
           "--baseline conformance/baselines/phase.json`.\n",
           f"Totals over {sum(total.values())} scenarios ({n_dev} of them the phase-deviations reproductions): "
           f"**{total.get('passed', 0)} passed, {total.get('failed', 0)} failed, {total.get('error', 0)} errored, "
           f"{total.get('skipped', 0)} skipped**. Every failed or errored scenario was examined by hand (run, phase.rs's "
           "events and state read against the rule the scenario cites): each is an engine deviation, a card phase.rs "
           "cannot parse, a setup phase.rs cannot represent, or a scenario believed wrong; none is left to the adapter.\n",
           "phase.rs plays the current rules only: scenarios of older editions only (pre-2013, 2016-04-08) are skipped; "
           "scenarios that hold under an older edition and 2026-08-07 are played under 2026-08-07.\n",
           "## Confirmed deviations of phase.rs from the rules\n",
           "Each has a minimal reproduction in `conformance/scenarios/phase-deviations/` (valid for `mtgrules scenarios "
           "validate`; the reference model passes them).\n"]
    for i, (key, dev) in enumerate(DEVIATIONS.items(), 1):
        out += [f"### D{i}. {key}\n", f"- **Rules**: {', '.join('`' + r + '`' for r in dev['rules'])}",
                f"- **What phase.rs did**: {dev['engine']}", f"- **What the rule says**: {dev['rule']}",
                f"- **Minimal reproduction**: `conformance/scenarios/phase-deviations/{dev['reproduction']}.yaml`",
                f"- **Corpus scenarios showing it**: {', '.join(dev['scenarios'])}"]
        if f"D{i}" in REPORT_NOTES:
            out.append(f"- **Note**: {REPORT_NOTES[f'D{i}']}")
        out.append("")
    out.append("## Failures and errors that are not deviations\n")
    out.append("### Scenarios believed wrong (not edited; for the scenarios' owner)\n")
    out += [f"- `{s}`: {why}" for s, why in NOT_DEVIATIONS["scenario-believed-wrong"].items()]
    out.append("\n### phase.rs cannot parse the card (errored: `setup: engine cannot represent it`)\n")
    by_card: dict = {}
    for s, card in NOT_DEVIATIONS["engine-cannot-parse-card"].items():
        by_card.setdefault(card, []).append(s)
    out += [f"- {card} (the needed ability is `Unimplemented` in phase.rs's card data): {', '.join(ss)}" for card, ss in by_card.items()]
    out.append("\n### Setups phase.rs cannot represent (errored: `setup: engine cannot represent it`)\n")
    out += [f"- `{s}`: {why}" for s, why in NOT_DEVIATIONS["setup-not-representable"].items()]
    out.append("\n## Declared unsupported (skipped, or errored for setup details)\n")
    out += [f"- feature `{f}`: {why}" for f, why in UNSUPPORTED_FEATURES.items()]
    out += [f"- setup detail `{k}`: {why}" for k, why in UNSUPPORTED_STATE.items()]
    out.append("\n## How the adapter drives phase.rs\n")
    out += [f"- {line}" for line in REPORT_NOTES["driving"]]
    out.append("\n## Results per rule section and per feature\n")
    out.append("The JSON report has the same counts (`summary`), a `classification` on each failed or errored result, "
               "and the lists `deviations`, `not_deviations` and `adapter_unsupported`; `mtgrules docs` shows its results "
               "on the rule pages.\n")
    for title, key in (("rule section", "sections"), ("feature", "features")):
        out += [f"| {title} | passed | failed | errored | skipped |", "|---|---|---|---|---|"]
        out += [f"| {k} | {v.get('passed', 0)} | {v.get('failed', 0)} | {v.get('error', 0)} | {v.get('skipped', 0)} |"
                for k, v in sorted(report["summary"][key].items())]
        out.append("")
    Path(path).write_text("\n".join(out), encoding="utf-8")


def annotate(report_path: str, baseline_path: str | None = None, page_path: str | None = None) -> list[str]:
    """Add the examined findings to a ``mtgrules conform --json`` report of phase.rs (``deviations``, and a
    ``classification`` on each failed or errored result); write the baseline (the failed and errored results).
    Returns the failed or errored scenarios that were not examined (to look at)."""
    from pathlib import Path

    path = Path(report_path)
    report = json.loads(path.read_text(encoding="utf-8"))
    unexamined = []
    for r in report["results"]:
        if r["outcome"] in ("failed", "error"):
            r["classification"] = classify(r["scenario"])
            if r["classification"] is None:
                unexamined.append(r["scenario"])
    report["deviations"] = [{"id": key, **dev} for key, dev in DEVIATIONS.items()]
    report["not_deviations"] = NOT_DEVIATIONS
    report["adapter_unsupported"] = {"features": UNSUPPORTED_FEATURES, "setup": UNSUPPORTED_STATE}
    path.write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    if page_path:
        write_page(report, page_path)
    if baseline_path:
        from importlib.metadata import version as dist_version

        known = [{"scenario": r["scenario"], "outcome": r["outcome"], "classification": r["classification"],
                  "detail": r["detail"][:300]} for r in report["results"] if r["outcome"] in ("failed", "error")]
        Path(baseline_path).write_text(json.dumps({
            "engine": "phase", "version": dist_version("phase-python"),
            "note": "Known failures of phase.rs through conformance/adapters/phase.py, each examined by hand "
                    "(classification; see conformance/reports/phase.md). Regenerate with the commands in "
                    "conformance/adapters/phase.py (findings).",
            "results": known}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return unexamined


if __name__ == "__main__":  # python -m mtgrules.conformance.adapters.phase annotate REPORT [BASELINE]
    import sys

    if len(sys.argv) < 3 or sys.argv[1] != "annotate":
        sys.exit("usage: python -m mtgrules.conformance.adapters.phase annotate REPORT.json [BASELINE.json [PAGE.md]]")
    left = annotate(*sys.argv[2:5])
    if left:
        sys.exit(f"not examined yet: {', '.join(left)}")
