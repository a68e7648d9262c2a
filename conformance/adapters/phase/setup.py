"""A scenario's setup (FORMAT.md "Setup") -> a phase.rs game in that state.

A two-player game is started with every card of each player as its deck, then its exported state
(``game.state()``) is edited (zones in order, life, mana pool, turn, step, priority, summoning sickness,
tapped, counters, damage, tokens) and resumed with ``engine.load_game``. Face state (face down, back face
up) is set by phase.rs's own debug action ``SetFaceState``, attachments by ``Attach`` and mana by
``AddMana``, so that the engine computes the characteristics itself. What phase.rs keeps as engine state
(copy effects, imprint links, a face-down double-faced card) is made by phase.rs itself: the card is cast
and resolved (``enter_by_engine``). A detail the adapter cannot represent makes the scenario
``unsupported`` (capabilities.UNSUPPORTED_STATE), never something weaker."""

from __future__ import annotations

import copy
import json
import re

from mtgrules.conformance.engine import Unsupported, setup_objects, setup_references
from mtgrules.conformance.expectations import References

from .actions import MAX_PASSES, Actions
from .capabilities import UNSUPPORTED_STATE
from .cards import FILLER, MANIFESTER, CardFaces, add_own_card, card_index, deck_name, manifested_dfc
from .prompts import Prompts
from .session import Refused, Session
from .vocabulary import COLOR_NAMES, MANA_TYPE, SETUP_ZONES, STEPS, ZONES, counter_key

#: Game-state fields a setup done by the engine itself (enter_by_engine) puts back afterwards.
TURN_STATE = ("phase", "active_player", "priority_player", "waiting_for", "spells_cast_this_turn",
              "spells_cast_this_turn_by_player", "spells_cast_this_game", "spells_cast_this_game_by_player",
              "mana_spent_on_spells_this_turn", "priority_pass_count", "priority_passes")

#: The turn number every scenario starts in (permanents without summoning sickness entered on turn 1).
TURN_NUMBER = 3


class Setup:
    """Builds the session's game for a scenario."""

    def __init__(self, session: Session, faces: CardFaces, actions: Actions, prompts: Prompts):
        self.s = session
        self.faces = faces
        self.actions = actions
        self.prompts = prompts

    def build(self, request: dict) -> dict:
        """Set the scenario up; return ``{reference: object ID}``. The setup's own actions are not events
        of the scenario: the log starts empty and the references are followed from here."""
        import phase

        s = self.s
        setup = request["setup"]
        cards_in = request.get("cards") or {}
        face_to_full, names = card_index(cards_in)
        s.reset(cards_in, face_to_full)
        data = self.faces.engine_data(cards_in)
        s.players = list((setup.get("players") or {}))
        if len(s.players) != 2:
            raise Unsupported("phase-python games are set up for two players here")
        seat = s.seat = {p: i for i, p in enumerate(s.players)}
        objects = setup_objects(setup)
        refs = setup_references(setup, names)
        decks: list[list[str]] = [[], []]
        for obj in objects:
            for key, what in UNSUPPORTED_STATE.items():
                if obj["state"].get(key) or (key == "merged" and obj["components"]):
                    raise Unsupported(f"setup {key}: the adapter cannot set up {what} on phase.rs")
            owner = obj["state"].get("owner", obj["player"])
            full, _ = names(obj["card"])
            decks[seat[owner]].append(deck_name(cards_in, full, obj["card"]))
            if manifested_dfc(obj, cards_in.get(full) or []):
                decks[seat[owner]].append(MANIFESTER["name"])
                add_own_card(data, MANIFESTER)
        add_own_card(data, FILLER)
        engine = phase.Engine.from_json(json.dumps(data))
        for d in decks:
            d.append(FILLER["name"])  # phase.rs refuses an empty deck; the filler is removed below
        turn = setup.get("turn") or {}
        active = seat[turn.get("active", s.players[0])]
        state = engine.new_game(decks[0], decks[1], seed=1, first_player=active).state()
        ids, face_state, attach, entering = self._place(state["state"], objects, names, refs)
        st = state["state"]
        for name, p in (setup.get("players") or {}).items():
            p = p or {}
            st["players"][seat[name]]["life"] = int(p.get("life", 20))
        phase_name = STEPS.get(turn.get("step", "precombat-main"))
        if phase_name is None:
            raise Unsupported(f"setup step {turn.get('step')}")
        prio = seat[turn.get("priority", turn.get("active", s.players[0]))]
        st.update(phase=phase_name, active_player=active, priority_player=prio, turn_number=TURN_NUMBER,
                  waiting_for={"type": "Priority", "data": {"player": prio}}, debug_mode=True)
        for key in ("spells_cast_this_turn", "spells_cast_last_turn"):
            if setup.get(key):
                st[key] = int(setup[key])
        s.engine = engine
        s.game = engine.load_game(state)
        for oid, state_ in face_state:
            data_ = {"object_id": oid}
            if state_.get("face_down"):
                data_["face_down"] = True
            if state_.get("face") == "back":
                data_["transformed"] = True
            try:
                s.game.apply(prio, {"type": "Debug", "data": {"type": "SetFaceState", "data": data_}})
            except ValueError as exc:
                raise Unsupported(f"setup face state {data_}: phase.rs refuses it: {exc}") from None
        label_oid = {ref: ids[r["object"]] for ref, r in refs.items()}
        for oid, seat_, state_, manifester in entering:
            self.enter_by_engine(oid, seat_, state_, label_oid, manifester)
        for oid, ref in attach:
            target = {"type": "Player", "data": seat[ref]} if ref in seat else {"type": "Object", "data": label_oid.get(ref)}
            if target["data"] is None:
                raise Unsupported(f"setup attached_to {ref!r}: names no object of the setup")
            self.actions.debug(prio, {"type": "Attach", "data": {"object_id": oid, "target": target}})
        pools = {seat[n]: (p or {}).get("mana_pool") for n, p in (setup.get("players") or {}).items() if (p or {}).get("mana_pool")}
        for s_, mana in pools.items():
            for sym in re.findall(r"\{([WUBRGC])\}", mana):
                self.actions.debug(prio, {"type": "AddMana", "data": {"player_id": s_, "mana": [MANA_TYPE[sym]]}})
        initial = {ref: s.id(ids[r["object"]]) for ref, r in refs.items()}
        s.log = []  # the setup's debug actions are not part of the scenario
        s.tracker = References(dict(initial), {r: v["card"] for r, v in (request.get("references") or {}).items()}, s.players)
        return initial

    def _place(self, st: dict, objects: list[dict], names, refs: dict) -> tuple:
        """Put each setup object of a new game's state ``st`` where the setup says, in order (the filler
        removed). Returns the phase.rs ID of each object, and what is set up afterwards: face states,
        attachments, and the permanents phase.rs makes itself ``(oid, controller, state, manifester)``."""
        s = self.s
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
        ids, face_state, attach, entering = [], [], [], []
        for obj in objects:
            owner = s.seat[obj["state"].get("owner", obj["player"])]
            controller = s.seat[obj["player"]]
            full, _ = names(obj["card"])
            oid = pool[owner][deck_name(s.cards, full, obj["card"])].pop(0)
            ids.append(oid)
            s.full_of[oid] = full
            o = objs[str(oid)]
            zone = obj["zone"]
            state_ = obj["state"]
            manifested = manifested_dfc(obj, s.cards.get(full) or [])
            if zone == "battlefield" and (state_.get("copy_of") or state_.get("imprinted") or manifested):
                # phase.rs keeps copy effects, imprint links and face-down double-faced cards as engine state (its
                # debug SetFaceState refuses a face-down DFC): phase.rs itself makes the permanent (enter_by_engine),
                # casting it from its controller's hand, or manifesting it from the top of the library with the
                # adapter's MANIFESTER card
                if owner != controller:
                    raise Unsupported("setup copy_of/imprinted/manifested on a permanent controlled by a player who doesn't own it")
                manifester = None
                if manifested:
                    manifester = pool[owner][MANIFESTER["name"]].pop(0)
                    objs[str(manifester)]["zone"] = "Hand"
                    st["players"][owner]["hand"].append(manifester)
                entering.append((oid, controller, state_, manifester))
                zone = "library" if manifested else "hand"
            if zone not in SETUP_ZONES:
                raise Unsupported(f"setup zone {zone}")
            o["zone"] = SETUP_ZONES[zone]
            if zone == "battlefield":
                st["battlefield"].append(oid)
                o["controller"] = o["base_controller"] = controller
                o["entered_battlefield_turn"] = TURN_NUMBER if state_.get("sick") else 1
                if state_.get("sick"):
                    o["summoning_sick"] = True
                o["tapped"] = bool(state_.get("tapped"))
                o["damage_marked"] = int(state_.get("damage") or 0)
                if state_.get("counters"):
                    o["counters"] = {counter_key(k): int(v) for k, v in state_["counters"].items()}
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
        _stage_entering(st, entering, ids, refs)
        return ids, face_state, attach, entering

    def enter_by_engine(self, oid: int, seat: int, state_: dict, label_oid: dict, manifester: int | None) -> None:
        """Set up a permanent that already is a copy (``copy_of``), has a card imprinted (``imprinted``) or is a
        manifested double-faced card the way phase.rs itself makes one: the card (or, for a manifested card on top
        of the library, the adapter's MANIFESTER) is cast from its controller's hand (mana added by a debug action)
        in a main phase with priority and resolved with the copy or imprint choice; then the turn, the spell counts
        and the permanent's own status are put back as the setup says, and the MANIFESTER card is removed."""
        s = self.s
        what = "copy_of" if state_.get("copy_of") else "imprinted" if state_.get("imprinted") else "face-down (manifested) double-faced card"
        cast_oid = manifester if manifester is not None else oid
        st = s.game.state()
        keep = {k: copy.deepcopy(st["state"].get(k)) for k in TURN_STATE}
        st["state"].update(phase="PreCombatMain", active_player=seat, priority_player=seat,
                           waiting_for={"type": "Priority", "data": {"player": seat}})
        s.game = s.engine.load_game(st)
        cost = (s.game.object(cast_oid) or {}).get("mana_cost") or {}
        mana = [s_ if s_ in MANA_TYPE.values() else "Colorless" for s_ in cost.get("shards") or []] + ["Colorless"] * int(cost.get("generic") or 0)
        if mana:
            self.actions.debug(seat, {"type": "AddMana", "data": {"player_id": seat, "mana": mana}})
        choices = {"may": True}
        if state_.get("copy_of"):
            if state_["copy_of"] not in label_oid:
                raise Unsupported(f"setup copy_of {state_['copy_of']!r}: names no object of the setup")
            choices["copy"] = f"p{label_oid[state_['copy_of']]}"
        if state_.get("imprinted"):
            choices["cards"] = [f"p{label_oid[state_['imprinted']]}"]
        try:
            self.actions.apply(seat, {"type": "CastSpell", "data": {"card_id": s.card_id(cast_oid), "object_id": cast_oid,
                                                                    "payment_mode": {"type": "Auto"}, "targets": []}})
            for _ in range(MAX_PASSES):
                self.prompts.answer(choices)
                w = s.waiting()
                if not s.game.stack() and w.get("type") == "Priority":
                    break
                self.actions.apply(w["data"]["player"], {"type": "PassPriority"})
        except (ValueError, Refused) as exc:
            raise Unsupported(f"setup {what}: phase.rs could not make it by casting and resolving the card: {exc}") from None
        made = s.game.object(oid) or {}
        if ZONES.get(made.get("zone")) != "battlefield" or bool(made.get("face_down")) != bool(state_.get("face_down")):
            raise Unsupported(f"setup {what}: phase.rs did not make it (the card is in the {made.get('zone')}, face down: {made.get('face_down')})")
        st = s.game.state()
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
        s.game = s.engine.load_game(st)


def _stage_entering(st: dict, entering: list, ids: list, refs: dict) -> None:
    """Put what phase.rs needs to make the entering permanents where it takes them from: a card to
    manifest on top of its library, a card to imprint in the hand the imprint takes it from."""
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
                st["objects"][str(card)]["zone"] = "Hand"
                st["players"][seat_]["hand"].append(card)


def _chosen_attributes(chosen: dict) -> list[dict]:
    """A setup's ``chosen`` choices as phase.rs's ``chosen_attributes`` (as a resolved name choice leaves them)."""
    kinds = {"name": "CardName", "color": "Color", "creature_type": "CreatureType"}
    out = []
    for key, value in chosen.items():
        if key not in kinds:
            raise Unsupported(f"setup chosen {key}: the adapter sets up only chosen {', '.join(kinds)} on phase.rs")
        out.append({"type": kinds[key], "value": COLOR_NAMES.get(value, value) if key == "color" else value})
    return out
