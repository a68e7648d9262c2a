"""Refinement: the reference model's concrete outcomes must satisfy the Z3 formalizations.

Each ``*_values`` function decodes a concrete model situation (a snapshot object, a card) into
values for the state fields of a proof's transition system; :func:`broken_clauses` then lets Z3
evaluate the invariant (and step properties) under those values. A clause that evaluates to false
is a disagreement between the model and the formalization: a bug in one of the two, reported with
the situation. The tests in tests/proofs/test_proofs_refinement.py draw the situations with
Hypothesis.
"""

from __future__ import annotations

import z3

from . import amplify, costs, double_faced, double_strike, dynamic, face_down, merging, storm
from .system import System, ZONES

ZONE_NUMBER = {name: number for number, name in ZONES.items()}


def _const(field, value):
    return z3.BoolVal(bool(value)) if field.kind == "bool" else z3.IntVal(int(value))


def broken_clauses(system: System, values: dict, post: dict | None = None, event: dict | None = None) -> list[str]:
    """The labels of the invariant clauses (of ``values``; with ``post`` and ``event``, also of
    the post state and the step properties) that Z3 evaluates to false. Missing fields are an
    error: the decoding must give every field a concrete value."""
    def subst(tag, vals, fields):
        variables = {f.name: f.make(tag) for f in fields}
        return variables, [(variables[f.name], _const(f, vals[f.name])) for f in fields]

    s, pairs = subst("r-pre", values, system.fields)
    clauses = list(system.invariant(s))
    if post is not None:
        t, more = subst("r-post", post, system.fields)
        e, evs = subst("ev-r", event or {}, system.event_fields) if event is not None else ({}, [])
        pairs += more + evs
        clauses += list(system.invariant(t))
        if event is not None:
            clauses += list(system.step_properties(s, t, e))
    out = []
    for label, formula in clauses:
        value = z3.simplify(z3.substitute(formula, *pairs))
        if not z3.is_true(value):
            out.append(label)
    return out


# ---------------------------------------------------------------------------- 730 merging
def _kind(card) -> int:
    if card.is_double_faced:
        return merging.DFC
    if card.is_flip:
        return merging.FLIP
    if any(t in ("Instant", "Sorcery") for t in card.faces[0].types):
        return merging.INSTANT
    return merging.ORDINARY


def _is_face_down_values(ch: dict) -> bool:
    return (not ch.get("names") and not ch.get("mana_cost") and not ch.get("colors") and ch.get("power") == 2 and ch.get("toughness") == 2)


def merging_values(snapshot_object: dict, card_of, n_max: int = 8) -> dict:
    """Values for :class:`merging.Merging`'s fields from a snapshot object (components topmost
    first) and ``card_of(name) -> CardDef``. The permanent's characteristics are decoded by name
    into the component (and its face) they belong to; a face-down permanent's copiable source
    beneath the face-down values is not observable and is taken to be the topmost component."""
    comps = list(reversed(snapshot_object.get("components") or [{"card": snapshot_object["card"], "token": snapshot_object.get("token"),
                                                                  "face_down": snapshot_object.get("face_down"), "face": snapshot_object.get("face"),
                                                                  "flipped": None}]))
    if len(comps) > n_max:
        raise ValueError(f"{len(comps)} components: more than the formalization's bound {n_max}")
    v: dict = {"n": len(comps), "copy": merging.NO_COPY}
    cards = [card_of(c["card"]) for c in comps]
    flipped = any(bool(c.get("flipped")) for c in comps)
    for i in range(n_max):
        c = comps[i] if i < len(comps) else {"card": None}
        card = cards[i] if i < len(comps) else None
        v[f"card{i}"] = i + 1
        v[f"kind{i}"] = _kind(card) if card else 0
        v[f"tok{i}"] = bool(c.get("token"))
        v[f"fd{i}"] = bool(c.get("face_down"))
        v[f"back{i}"] = bool(card is not None and card.is_double_faced and c.get("face") in ("b", "back"))
    v["flipped"] = flipped
    v["token"] = bool(snapshot_object.get("token"))
    ch = snapshot_object.get("characteristics") or {}
    top = len(comps) - 1
    v["face_down"] = bool(snapshot_object.get("face_down"))
    if v["face_down"] and not _is_face_down_values(ch):
        v["face_down"] = False  # it says face down but doesn't show the face-down values: let the invariant judge its values
    names = tuple(ch.get("names") or ())

    def variants(i):
        card = cards[i]
        out = [(0, (card.faces[0].name,)), (0, (card.name,))]
        if card.is_double_faced and len(card.faces) > 1:
            out.append((1, (card.faces[1].name,)))
        if card.is_flip and len(card.faces) > 1:
            out.append((2, (card.faces[1].name,)))
        return out

    src = (top, None)
    if not v["face_down"]:
        found = None
        for i in [top, *range(len(comps) - 1, -1, -1)]:
            for variant, vnames in variants(i):
                if names == vnames:
                    found = (i, variant)
                    break
            if found:
                break
        src = found or (None, None)
    i, variant = src
    if i is None:  # the characteristics belong to no component: no source can satisfy 730.2a
        v.update(src_card=10_000, src_kind=merging.ORDINARY, src_back=False)
    else:
        v["src_card"] = v[f"card{i}"]
        v["src_kind"] = v[f"kind{i}"]
        if variant is None:
            v["src_back"] = v[f"back{i}"]
        else:
            v["src_back"] = variant == 1
            if variant == 2 and not flipped:
                v.update(src_card=10_000, src_kind=merging.ORDINARY, src_back=False)
            if variant == 0 and v[f"kind{i}"] == merging.FLIP and flipped:
                v.update(src_card=10_000, src_kind=merging.ORDINARY, src_back=False)
    return v


# ---------------------------------------------------------------------------- 711 (2016)
def dfc_values(snapshot_object: dict, card, front_mana_value: int) -> dict:
    """Values for :class:`double_faced.DoubleFaced2016`'s fields from a snapshot object."""
    ch = snapshot_object.get("characteristics") or {}
    names = tuple(ch.get("names") or ())
    fd = bool(snapshot_object.get("face_down"))
    if fd and _is_face_down_values(ch):
        chars = double_faced.FACE_DOWN
    elif card.is_double_faced and names == (card.faces[1].name,):
        chars = double_faced.BACK
    elif names == (card.faces[0].name,) or names == (card.name,):
        chars = double_faced.FRONT
    else:
        chars = 3  # none of them: outside the formalization's domain, which the invariant rejects
    return {"zone": ZONE_NUMBER[snapshot_object["zone"]], "dfc": card.is_double_faced, "back_up": snapshot_object.get("face") in ("b", "back"),
            "face_down": fd, "chars": chars, "cmc": int(ch.get("mana_value") or 0), "id": 0, "next_id": 1, "affected": False,
            "front_cmc": front_mana_value, "back_cmc": 0, "front_instant": any(t in ("Instant", "Sorcery") for t in card.faces[0].types),
            "back_instant": card.is_double_faced and any(t in ("Instant", "Sorcery") for t in card.faces[1].types)}


# ---------------------------------------------------------------------------- DYN
def dynamic_values(zone: str, half: int, face_down_: bool, characteristics, card, perm_cmc: int, non_cmc: int, permanent_side: str) -> dict:
    """Values for :class:`dynamic.Dynamic` from the model's characteristics of a dynamic card.
    ``half``: 0 none, 1 permanent half, 2 nonpermanent half; ``permanent_side`` the face key of
    the permanent half."""
    names = tuple(characteristics.names)
    perm_face = card.face(permanent_side)
    other = [f for f in card.faces if f.name != perm_face.name][0]
    if face_down_ and not names and characteristics.power == 2:
        chars = dynamic.FACE_DOWN
    elif names == (perm_face.name,):
        chars = dynamic.PERMANENT_HALF
    elif names == (other.name,):
        chars = dynamic.NONPERMANENT_HALF
    elif set(names) == {perm_face.name, other.name}:
        chars = dynamic.COMBINED
    else:
        chars = 99
    return {"zone": ZONE_NUMBER[zone], "half": half, "face_down": face_down_, "chars": chars, "cmc": characteristics.mana_value,
            "perm_cmc": perm_cmc, "non_cmc": non_cmc}


# ---------------------------------------------------------------------------- morph
def face_down_values(snapshot_object: dict, card, has_morph: bool, object_number: int, counters: int) -> dict:
    """Values for :class:`face_down.FaceDown`. The formalization speaks of the object's values
    before counters change its power and toughness (layer 7c): ``counters`` +1/+1 counters are
    taken off the observed power and toughness."""
    ch = dict(snapshot_object.get("characteristics") or {})
    for pt in ("power", "toughness"):
        if ch.get(pt) is not None:
            ch[pt] = ch[pt] - counters
    face = card.faces[0]
    name = 0 if not ch.get("names") else (1 if tuple(ch.get("names")) == (face.name,) else 2)
    cost = 0 if not ch.get("mana_cost") else (1 if ch.get("mana_cost") == face.mana_cost else 2)
    colors = 0 if not ch.get("colors") else (1 if set(ch.get("colors")) == set(face.colors or ()) else 2)
    return {"zone": ZONE_NUMBER[snapshot_object["zone"]], "face_down": bool(snapshot_object.get("face_down")), "name": name, "mana_cost": cost,
            "colors": colors, "power": ch.get("power") if ch.get("power") is not None else -1, "toughness": ch.get("toughness") if ch.get("toughness") is not None else -1,
            "cmc": int(ch.get("mana_value") or 0), "id": object_number, "next_id": object_number + 1, "counters": counters, "has_morph": has_morph,
            "card_name": 1, "card_mana_cost": 1 if face.mana_cost else 0, "card_colors": 1 if face.colors else 0,
            "card_power": int(face.power) if face.power not in (None, "") else -1, "card_toughness": int(face.toughness) if face.toughness not in (None, "") else -1,
            "card_cmc": card_mana_value(face.mana_cost)}


def card_mana_value(mana_cost: str | None) -> int:
    """The converted mana cost of a printed mana cost such as ``{2}{W}{W}`` (202.3)."""
    if not mana_cost:
        return 0
    total = 0
    for symbol in mana_cost.strip("{}").split("}{"):
        total += int(symbol) if symbol.isdigit() else (0 if symbol == "X" else 1)
    return total


# ---------------------------------------------------------------------------- mana costs
COST_KEYS = ("generic", *costs.COLORS)


def cost_symbols(cost: str | None) -> dict:
    """``{generic, W, U, B, R, G}`` of a mana cost such as ``{2}{W}{W}`` (X counts 0)."""
    out = dict.fromkeys(COST_KEYS, 0)
    for symbol in (cost or "").strip("{}").split("}{"):
        if symbol.isdigit():
            out["generic"] += int(symbol)
        elif symbol in costs.COLORS:
            out[symbol] += 1
    return out


def _prefixed(prefix: str, cost: str | None) -> dict:
    return {f"{prefix}_{k}": v for k, v in cost_symbols(cost).items()}


def costs_values(card, zone: str, mode: int, face_down_: bool, mana_value: int, paid: str | None) -> dict:
    """Values for :class:`costs.Costs` of one card: its printed costs, where it is, how it was
    cast (``mode``: costs.NORMAL / FLASHBACK / MADNESS / MORPH), whether it is face down, the
    mana value the model shows and the total cost the model determined (the cast event's
    ``cost``; before the cast, its mana cost)."""
    face = card.faces[0]
    v = {"zone": ZONE_NUMBER[zone], "mode": mode, "face_down": face_down_, "cmc": mana_value}
    v.update(_prefixed("card", face.mana_cost))
    v.update(_prefixed("flashback", card.alternative_cost("flashback")))
    v.update(_prefixed("madness", card.alternative_cost("madness")))
    v.update(_prefixed("paid", paid if paid is not None else face.mana_cost))
    return v


def costs_event(mode: int, increase: int, affinity_counts: list[int]) -> dict:
    """The cast event of :class:`costs.Costs`: the alternative cost chosen, a cost increase and
    the number of permanents each instance of affinity counts."""
    if len(affinity_counts) > costs.AFFINITY:
        raise ValueError(f"{len(affinity_counts)} instances of affinity: more than the formalization's bound {costs.AFFINITY}")
    counts = list(affinity_counts) + [0] * (costs.AFFINITY - len(affinity_counts))
    return {"event": 0, "mode_chosen": mode, "increase": increase, "instances": len(affinity_counts), **{f"affinity{j}": n for j, n in enumerate(counts)}}


# ---------------------------------------------------------------------------- storm
def storm_values(system: "storm.Storm", history: list[int], cast_this_turn: int, turn_start: int,
                 trigger: dict | None = None, copies: int = -1) -> dict:
    """Values for :class:`storm.Storm` from the formal events decoded from a model's log so far
    (``history``), the engine's count of spells cast this turn, where the turn began in the
    history, and the storm trigger about to resolve (``{instances, count, cast_at}``, in slot 0;
    the others are idle: the invariant and step properties read only the resolving one)."""
    if len(history) > system.K:
        raise ValueError(f"{len(history)} events: more than the formalization's bound {system.K}")
    v = {"step": len(history), "cast_this_turn": cast_this_turn, "turn_start": turn_start, "copies": copies}
    for j in range(system.K):
        v[f"h{j}"] = history[j] if j < len(history) else -1
    for p in range(storm.TRIGGERS):
        t = trigger if (p == 0 and trigger) else {"instances": 1, "count": 0, "cast_at": 0}
        v.update({f"t{p}_active": bool(p == 0 and trigger), f"t{p}_instances": t["instances"], f"t{p}_count": t["count"], f"t{p}_cast_at": t["cast_at"]})
    return v


# ---------------------------------------------------------------------------- double strike
def double_strike_broken(rows: list[dict]) -> list[str]:
    """One combat the model played, one row per attacking or blocking creature: ``fs`` / ``ds``
    (first strike / double strike as the combat damage step began), ``ds_later`` (double strike
    as the second step began), ``survives`` (still on the battlefield then), ``power``,
    ``blocked`` (its damage doesn't go to the defending player: a blocked attacker, or a
    blocker), and what the model did: ``deals1`` / ``deals2`` (among the creatures dealing
    combat damage in the first-strike / regular step) and ``to_player`` (damage it dealt to the
    player). Z3 evaluates 702.4b's definition of who deals damage in each step and the
    obligation's statements under these values; returns the labels that are false."""
    formal = double_strike.combat("refine", len(rows))
    pairs = []
    for i, row in enumerate(rows):
        for k in ("fs", "ds", "ds_later", "survives"):
            pairs.append((formal["c"][k][i], z3.BoolVal(bool(row[k]))))
        pairs += [(formal["power"][i], z3.IntVal(int(row["power"]))), (formal["blocked"][i], z3.BoolVal(bool(row["blocked"])))]
    observed = dict(formal, deals1=[z3.BoolVal(bool(r["deals1"])) for r in rows], deals2=[z3.BoolVal(bool(r["deals2"])) for r in rows],
                    to_player=[z3.IntVal(int(r["to_player"])) for r in rows])
    clauses = [("double-strike.b: the creatures dealing combat damage in each step are those 702.4b says",
                z3.And(*[z3.And(observed["deals1"][i] == formal["deals1"][i], observed["deals2"][i] == formal["deals2"][i]) for i in range(len(rows))]))]
    clauses += double_strike.properties(observed)
    return [label for label, formula in clauses if not z3.is_true(z3.simplify(z3.substitute(formula, *pairs)))]


def double_strike_same(rows_a: list[dict], rows_b: list[dict]) -> bool:
    """double-strike.q6 on two combats the model played that differ only in one creature's first
    strike (it has double strike in both): Z3 evaluates whether the creatures dealing damage in
    each step are the same."""
    same = z3.And(*[z3.And(z3.BoolVal(bool(a["deals1"])) == z3.BoolVal(bool(b["deals1"])), z3.BoolVal(bool(a["deals2"])) == z3.BoolVal(bool(b["deals2"])),
                           z3.IntVal(int(a["to_player"])) == z3.IntVal(int(b["to_player"]))) for a, b in zip(rows_a, rows_b)])
    return z3.is_true(z3.simplify(same))


# ---------------------------------------------------------------------------- amplify
def amplify_values(on_battlefield: bool, counters: int, creature_types: list[str], amounts: list[int], hand: list[list[str]],
                   revealed: list[list[bool]]) -> tuple[dict, list[str]]:
    """Values for :class:`amplify.Amplify`: the creature's creature types (at most two: the
    third type index stands for every other type), its instances of amplify (their N), the
    creature types of the cards in hand, and which of them were revealed for each instance.
    Returns the values and the type names by index."""
    if len(creature_types) >= amplify.TYPES or len(amounts) > amplify.INSTANCES or len(hand) > amplify.H:
        raise ValueError("outside the formalization's bounds")
    names = list(creature_types) + ["(other)"] * (amplify.TYPES - len(creature_types))
    v = {"on_battlefield": on_battlefield, "counters": counters, "instances": max(1, len(amounts))}
    for y in range(amplify.TYPES):
        v[f"type{y}"] = y < len(creature_types)
    for j in range(amplify.INSTANCES):
        v[f"amplify{j}"] = amounts[j] if j < len(amounts) else 0
    for h in range(amplify.H):
        types = hand[h] if h < len(hand) else []
        for y in range(amplify.TYPES):
            v[f"card{h}_type{y}"] = (names[y] in types) if y < len(creature_types) else any(t not in creature_types for t in types)
        v[f"card{h}_entering"] = False
        for j in range(amplify.INSTANCES):
            v[f"revealed{j}_{h}"] = bool(j < len(revealed) and h < len(revealed[j]) and revealed[j][h])
    return v, names


def amplify_event(kind: int, reveal: list[list[bool]] | None = None, new_types: list[bool] | None = None) -> dict:
    e = {"event": kind}
    for j in range(amplify.INSTANCES):
        for h in range(amplify.H):
            e[f"reveal{j}_{h}"] = bool(reveal and j < len(reveal) and h < len(reveal[j]) and reveal[j][h])
    for y in range(amplify.TYPES):
        e[f"new_type{y}"] = bool(new_types and new_types[y])
    return e


# ---------------------------------------------------------------------------- madness
def madness_values(zone: str, trigger_waiting: bool, cast_with_madness: bool) -> dict:
    """Values for :class:`madness.Madness`: the card's zone (its current object), whether a
    madness trigger on the stack can still find it in exile, whether the spell on the stack was
    cast with madness."""
    return {"zone": ZONE_NUMBER[zone], "trigger_waiting": trigger_waiting, "cast_with_madness": cast_with_madness}
