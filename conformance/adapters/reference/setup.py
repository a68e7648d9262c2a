"""A scenario's setup (FORMAT.md "Setup") -> the reference model's setup (model/setup.schema.json), which
``Game.from_setup`` plays. Objects get the IDs ``e1``, ``e2``, ... in setup order."""

from __future__ import annotations

import re

from mtgrules.conformance.engine import Unsupported, setup_objects, setup_references

from .capabilities import EDITIONS, UNSUPPORTED_STATE
from .cards import card_names, extra_cards

_MANA = re.compile(r"\{([WUBRGC])\}")


def model_setup(request: dict) -> tuple[dict, dict, dict]:
    """``(setup, initial, cards)``: the model's setup for the scenario, ``{reference: object ID}`` and
    ``{reference: card}`` (raises Unsupported for a detail the model has no counterpart for)."""
    scenario_setup = request["setup"]
    cards_in = request.get("cards") or {}
    extra = extra_cards(cards_in)
    objects = setup_objects(scenario_setup)
    refs = setup_references(scenario_setup, card_names(cards_in))
    ids = [f"e{i + 1}" for i in range(len(objects))]
    zones: dict = {}
    effects = []
    entries: dict = {}
    links: list = []
    for i, obj in enumerate(objects):
        entry = _entry(obj, ids[i])
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
    players = {name: _player(p or {}, refs) for name, p in (scenario_setup.get("players") or {}).items()}
    setup = {"edition": EDITIONS.get(request.get("edition"), "2016-04-08"), "players": players, "zones": zones,
             "turn": dict(scenario_setup.get("turn") or {})}
    if extra:
        setup["cards"] = extra
    if effects:
        setup["effects"] = effects
    initial = {ref: ids[r["object"]] for ref, r in refs.items()}
    return setup, initial, {ref: r["card"] for ref, r in refs.items()}


def _player(p: dict, refs: dict) -> dict:
    out = {"life": int(p.get("life", 20))}
    if p.get("commander"):  # the model names a commander by its card (903.3)
        given = p["commander"] if isinstance(p["commander"], list) else [p["commander"]]
        out["commanders"] = [refs[c]["card"] if c in refs else c for c in given]
    if p.get("mana_pool"):
        pool: dict[str, int] = {}
        for sym in _MANA.findall(p["mana_pool"]):
            pool[sym] = pool.get(sym, 0) + 1
        out["mana_pool"] = pool
    return out


def _entry(obj: dict, oid: str) -> dict:
    state = obj["state"]
    for key, what in UNSUPPORTED_STATE.items():
        if key in state:
            raise Unsupported(f"setup {key}: the model has no {what}")
    entry = {"card": obj["card"], "id": oid}
    entry.update(_state(state, obj["token"]))
    if obj["components"]:
        entry.update(_state(obj["components"][0]["state"], obj["token"]))
        entry["components"] = [{"card": c["card"], **_state(c["state"], c["token"])} for c in obj["components"][1:]]
        entry["mutated"] = True  # 730.1: in these rules a permanent becomes merged only by mutating (702.140)
    return entry


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
