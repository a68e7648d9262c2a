"""Our cards (MTGJSON atomic records, as a scenario carries them) -> phase.rs card data.

Nothing is downloaded: each card's faces are built with ``phase.build_oracle_face`` /
``build_oracle_face_multi`` from the scenario's own records and loaded with ``Engine.from_json``. A card
phase.rs cannot build (layout 'dynamic') or whose needed text it parses as ``Unimplemented`` makes the
scenario ``unsupported``, never a silently weaker card. The adapter's own two cards (FILLER, MANIFESTER)
are here too."""

from __future__ import annotations

import json

from mtgrules.conformance.engine import Unsupported

#: A card added to every deck so that phase.rs accepts the deck, and removed before the scenario.
FILLER = {"name": "Mtgrules Filler", "layout": "normal", "manaValue": 0, "colors": [], "colorIdentity": [], "type": "Land",
          "types": ["Land"], "subtypes": [], "supertypes": [], "text": "", "identifiers": {}}

#: A card the adapter uses to have phase.rs manifest a double-faced card during setup; removed afterwards.
MANIFESTER = {"name": "Mtgrules Manifester", "layout": "normal", "manaCost": "{0}", "manaValue": 0, "colors": [],
              "colorIdentity": [], "type": "Sorcery", "types": ["Sorcery"], "subtypes": [], "supertypes": [],
              "text": "Manifest the top card of your library.", "identifiers": {}}


class CardFaces:
    """phase.rs faces of our cards, built once per card name and kept across scenarios (building is slow)."""

    def __init__(self):
        self.built: dict[str, list] = {}  # card full name -> built faces

    def build(self, full: str, records: list[dict]) -> list[dict]:
        """The phase.rs faces of the card ``full`` from its MTGJSON records (one per face)."""
        import phase

        if full in self.built:
            return self.built[full]

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
        self.built[full] = out
        return out

    def engine_data(self, cards: dict) -> dict:
        """The card data ``Engine.from_json`` loads for a scenario's cards ({lower-case face name: face});
        raises Unsupported for a card phase.rs cannot build or parse."""
        data = {}
        for full, recs in cards.items():
            if any(r.get("layout") == "dynamic" for r in recs):
                raise Unsupported(f"{full}: layout 'dynamic' is not an MTGJSON layout phase.rs can build")
            for face in self.build(full, recs):
                data.setdefault(face["name"].lower(), face)
            unparsed = unimplemented(self.built[full])
            if unparsed:
                raise Unsupported(f"phase.rs cannot parse the text of {full} (its card data has Unimplemented "
                                  f"effects: {'; '.join(unparsed)[:200]}): the scenario needs that ability")
        return data

    def lacking(self, cards: dict) -> list[str]:
        """The scenario's cards with abilities phase.rs could not parse (Unimplemented effects)."""
        return [full for full, faces in self.built.items() if full in (cards or {}) and "Unimplemented" in json.dumps(faces)]


def add_own_card(data: dict, card: dict) -> None:
    """Add one of the adapter's own cards (FILLER, MANIFESTER) to a scenario's card data."""
    import phase

    data.setdefault(card["name"].lower(), phase.build_oracle_face(card, None))


def card_index(cards: dict):
    """``(face_to_full, names)`` for a scenario's cards: each full or face name -> the card's full name, and
    ``names(name)`` -> ``(full name, face names)`` as conformance.engine.setup_references wants it."""
    face_to_full = {}
    for full, recs in cards.items():
        face_to_full[full] = full
        for r in recs:
            face_to_full.setdefault(r.get("faceName") or r.get("name"), full)

    def names(name):
        full = face_to_full.get(name, name)
        return full, [r.get("faceName") for r in cards.get(full) or [] if r.get("faceName")]

    return face_to_full, names


def deck_name(cards: dict, full: str, fallback: str) -> str:
    """The name phase.rs gives a card of a deck: its first face's name."""
    first = (cards.get(full) or [{}])[0]
    return first.get("faceName") or first.get("name") or fallback


def manifested_dfc(obj: dict, faces: list) -> bool:
    """A setup object that is a double-faced card face down on the battlefield by manifest."""
    state = obj["state"]
    return obj["zone"] == "battlefield" and bool(state.get("face_down")) and state.get("face_down_by", "manifest") == "manifest" \
        and len(faces) > 1 and faces[0].get("layout") in ("transform", "modal_dfc", "meld")


def unimplemented(faces: list) -> list[str]:
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
