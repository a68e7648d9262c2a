"""phase.rs's game state -> our snapshot (model/snapshot.schema.json shape), and the one table of every
observation field the adapter derives itself instead of reading it from phase.rs (``DERIVED``).

A check that rests on a derived field tests the adapter as much as the engine: the table says which fields
those are and why each is derived, so that a reader of a result (and the runner, once it marks such checks)
knows. The code that derives each one is marked ``DERIVED`` where it is (here and in events.py)."""

from __future__ import annotations

from .session import Session
from .vocabulary import COLORS, COUNTERS, ability_source, alt_name, corpus_step, cost_text, entry_controller, \
    is_ability, keyword_name, mana_pool, mana_value, stack_id

#: Observation fields the adapter derives itself (snapshot fields as ``object.FIELD``, event fields as
#: ``EVENT-TYPE.FIELD``, whole events as ``EVENT-TYPE event``; conformance/derivation.py) -> how, and why phase.rs
#: does not report it. A key with ``(condition)`` is derived for some objects only: each snapshot object lists
#: the fields derived for it in its ``derived`` (``_derived_for``), so checks on the others stay verified.
DERIVED = {
    "object.id": "a new ID at each zone change (400.7: p12, p12.1, ...); phase.rs keeps one ID across zones",
    "object.card": "the scenario card the adapter put in the game as that object; phase.rs knows face names only",
    "object.card_faces": "the scenario card's face names (MTGJSON records); phase.rs does not list them",
    "object.half": "always null: phase.rs's state does not say which half of a split card an object is",
    "object.face (back face up, unmarked)": "'back' when phase.rs marks the permanent transformed or its name is a back face's name: a card "
                   "cast back face up (disturb) or a copy of a back face carries the back face unmarked",
    "object.copy_of": "for a token: the target of the spell that created it as a copy (CopyTokenOf); phase.rs does "
                      "not say what a token copies",
    "object.characteristics.mana_value (unless phase.rs priced the spell)": "the sum of the mana cost phase.rs shows "
        "(202.3; none for a back face, a face-down object or a token): phase.rs exports no mana value but a spell's on "
        "the stack (its pending cast's), which is reported as phase.rs's",
    "object.characteristics (split card)": "of a split card outside the stack: both halves combined (709.4) from the "
                                           "scenario's card records; phase.rs shows one half and the other as its back face",
    "object.spell.from_zone": "the zone the card was cast from, as the adapter saw it (the cast step, or phase.rs's "
                              "zone change to the stack); phase.rs's spell does not say",
    "trigger event": "one for each triggered ability newly on the stack: phase.rs reports no event when it puts a "
                     "triggered ability on the stack",
    "reveal event": "when a face-down permanent or spell moves face up to a public zone (708.9): phase.rs turns it "
                    "face up without an event of its own",
    "cast.cost": "the total cost (601.2f) from the pending cast's cost when phase.rs shows it, else from the mana it "
                 "spent: the spell's own coloured symbols (mana or alternative cost), the rest generic",
    "cast.from": "as object.spell.from_zone; phase.rs's SpellCast does not say",
    "damage.step": "which combat damage step (510.4): phase.rs deals first-strike and regular damage in one go and "
                   "marks neither; first-strike while each source has first or double strike and deals damage to a "
                   "recipient for the first time",
    "zone_change.replacements": "'flashback' when a spell cast with flashback goes from the stack to exile: phase.rs "
                                "reports the move, not the replacement",
    "zone_change.card": "as object.card",
    "copied.cast": "true when phase.rs reports a cast of the copy after it (707.12: a copy that is cast)",
}


class Observer:
    """Reads the session's game as our snapshot."""

    def __init__(self, session: Session):
        self.s = session

    def snapshot(self) -> dict:
        s = self.s
        st = s.game.state()["state"]
        objs = st["objects"]
        name_of = s.player_name
        out_objs = {}
        zone_lists = {"battlefield": [], "stack": [], "exile": [], "command": []}

        def add(oid, zone):
            o = objs.get(str(oid))
            if o is None:
                return None
            i = s.id(oid)
            out_objs[i] = self._object(o, i, zone, st)
            return i

        players = {}
        for p in st["players"]:
            name = name_of(p["id"])
            players[name] = {"life": p["life"], "library": [add(x, "library") for x in p["library"]],
                             "hand": [add(x, "hand") for x in p["hand"]],
                             "graveyard": [add(x, "graveyard") for x in reversed(p["graveyard"])],
                             "mana_pool": mana_pool(p.get("mana_pool"))}
        zone_lists["battlefield"] = [add(x, "battlefield") for x in st["battlefield"]]
        zone_lists["exile"] = [add(x, "exile") for x in st["exile"]]
        for entry in st.get("stack") or []:
            sid = stack_id(entry)
            if sid is None:
                continue
            if str(sid) in objs and objs[str(sid)].get("zone") == "Stack" and not is_ability(entry):
                i = add(sid, "stack")
                info = s.cast_info.get(sid) or {}
                out_objs[i]["spell"] = {"alternative_cost": alt_name(info.get("variant")), "from_zone": info.get("from"),
                                        "copy_of": s.id(s.copies[sid]) if sid in s.copies else None}
                if isinstance(info.get("mv"), int) and out_objs[i]["characteristics"]:
                    out_objs[i]["characteristics"]["mana_value"] = info["mv"]  # phase.rs's own mana value of the spell
                    out_objs[i]["derived"] = [d for d in out_objs[i]["derived"] if d != "object.characteristics.mana_value"]
            else:
                i = f"a{len(zone_lists['stack'])}:{sid}"
                src = ability_source(entry)
                out_objs[i] = {"id": i, "card": None, "zone": "stack", "owner": None, "controller": name_of(entry_controller(entry)),
                               "face_down": False, "face": None, "half": None, "token": False, "copy": False,
                               "characteristics": None, "ability": {"source": s.id(src) if src is not None else None}}
            zone_lists["stack"].append(i)
        wf = st.get("waiting_for") or {}
        prio = (wf.get("data") or {}).get("player") if wf.get("type") == "Priority" else None
        return {"players": players, **zone_lists, "objects": out_objs,
                "turn": {"number": st.get("turn_number"), "active": name_of(st.get("active_player")),
                         "step": corpus_step(st), "priority": name_of(prio)}}

    def _object(self, o: dict, i: str, zone: str, st: dict) -> dict:
        s = self.s
        oid = o["id"]
        full = s.full_of.get(oid) or s.face_to_full.get(o.get("base_name") or o.get("name")) or o.get("base_name") or o.get("name")
        faces = s.cards.get(full) or []
        layout = faces[0].get("layout") if faces else None
        # a double-faced object for phase.rs has its other face (back_face) or is transformed; a token copy of a
        # double-faced card that phase.rs made single-faced is reported as such (face: none)
        dfc = layout in ("transform", "modal_dfc", "meld") and ("back_face" in o or bool(o.get("transformed")))
        return {"derived": _derived_for(o, faces, layout, zone, dfc), "id": i, "card": full, "card_faces": [f.get("faceName") or f.get("name") for f in faces], "zone": zone,
                "owner": s.player_name(o.get("owner")), "controller": s.player_name(o.get("controller")),
                "face_down": bool(o.get("face_down")), "face": _face(o, faces) if dfc else None,
                "copy_of": s.id(s.copy_of[oid]) if oid in s.copy_of else None,
                "half": None, "token": bool(o.get("is_token")), "copy": bool(o.get("is_copy")),
                "tapped": bool(o.get("tapped")), "damage": int(o.get("damage_marked") or 0),
                "counters": {COUNTERS.get(k, k): v for k, v in (o.get("counters") or {}).items()},
                "attached_to": self._attached(o.get("attached_to")),
                "attacking": _in_combat(st, oid, "attack"), "blocking": _in_combat(st, oid, "block"),
                "blocked": _in_combat(st, oid, "blocked"),
                "characteristics": _characteristics(o, faces, layout, zone)}

    def _attached(self, target):
        if not isinstance(target, dict):
            return None
        if target.get("type") == "Player":
            return self.s.player_name(target.get("data"))
        return self.s.id(target.get("data")) if target.get("data") is not None else None


def _characteristics(o: dict, faces: list, layout, zone: str) -> dict:
    if layout in ("split", "aftermath") and not o.get("face_down") and zone != "stack":
        # DERIVED split card: phase.rs shows one half in the object's fields and the other under back_face:
        # report the split card's real characteristics (709.4: both halves combined outside the stack).
        names = [f.get("faceName") or f.get("name") for f in faces]
        colors = sorted({c for f in faces for c in (f.get("colors") or [])})
        types = sorted({t for f in faces for t in (f.get("types") or [])})
        cost = "".join(f.get("manaCost") or "" for f in faces)
        return {"name": faces[0].get("name"), "names": names, "mana_cost": cost or None,
                "mana_value": sum(int(f.get("faceManaValue", f.get("manaValue", 0)) or 0) for f in faces),
                "colors": colors, "types": types, "subtypes": [], "supertypes": [], "abilities": [f.get("text") or "" for f in faces],
                "keywords": [], "power": None, "toughness": None}
    name = o.get("name") or None
    cost = cost_text(o.get("mana_cost"))
    kws = [keyword_name(k) for k in o.get("keywords") or []]
    texts = []
    for key in ("abilities", "trigger_definitions", "static_definitions", "replacement_definitions"):
        for a in o.get(key) or []:
            desc = a.get("description") if isinstance(a, dict) else None
            if desc:
                texts.append(desc.replace("~", name or "this"))
    mv = mana_value(o.get("mana_cost"))  # DERIVED mana value: of the mana cost phase.rs shows (a back face's: none)
    types = list((o.get("card_types") or {}).get("core_types") or [])
    return {"name": name, "names": [name] if name else [], "mana_cost": cost,
            "mana_value": mv, "colors": sorted(COLORS.get(c, c) for c in o.get("color") or []),
            "types": types, "subtypes": list((o.get("card_types") or {}).get("subtypes") or []),
            "supertypes": list((o.get("card_types") or {}).get("supertypes") or []),
            "abilities": texts + kws, "keywords": kws, "text": "\n".join(texts + kws) or None, "power": o.get("power"), "toughness": o.get("toughness"),
            "loyalty": o.get("loyalty")}


def _derived_for(o: dict, faces: list, layout, zone: str, dfc: bool) -> list[str]:
    """The conditional DERIVED fields the adapter derives for this object (conformance/derivation.py); the mana
    value until a stack spell's is replaced by phase.rs's own (Observer.snapshot)."""
    out = ["object.characteristics.mana_value"]
    if layout in ("split", "aftermath") and not o.get("face_down") and zone != "stack":
        out.append("object.characteristics")
    if dfc and not o.get("transformed") and _face(o, faces) == "back":
        out.append("object.face")
    return out


def _face(o: dict, faces: list) -> str:
    """DERIVED face: which face of a double-faced card is up. phase.rs marks a transformed permanent, but a card
    cast with its back face up (disturb) or a copy of a back face carries the back face's characteristics unmarked."""
    back = [f.get("faceName") for f in faces[1:]]
    return "back" if o.get("transformed") or (o.get("name") and o.get("name") in back) else "front"


def _in_combat(st: dict, oid: int, what: str) -> bool:
    combat = st.get("combat") or {}
    attackers = [a for a in combat.get("attackers") or [] if a.get("object_id") == oid]
    if what == "attack":
        return bool(attackers)
    if what == "blocked":
        return any(a.get("blocked") for a in attackers)
    return str(oid) in (combat.get("blocker_to_attacker") or {}) or oid in (combat.get("blocker_to_attacker") or {})
