"""Witnesses as conformance scenarios: a situation the analysis found (a contradiction's or an
ambiguity's cell) becomes a scenario of the corpus format (conformance/FORMAT.md) with cards from
the pool that fit, so that a designer's decision can be checked on any engine."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .. import vocabulary as voc
from .words import situation_words, slug

_POOL_LAYOUT = {"dynamic": "dynamic", "flip": "flip", "transforming-dfc": "transform", "modal-dfc": "modal_dfc", "split": "split", "normal": "normal"}
_FEATURES_VIA = {"morph": ["morph", "face-down"], "manifest": ["manifest", "face-down"], "flashback": ["flashback"], "madness": ["madness", "discard"],
                 "mutate": ["mutate", "merge"], "storm": ["storm", "copy-spell"], "copied": ["copy-spell"]}


@lru_cache(maxsize=1)
def _pool() -> tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], bool], ...]:
    """The card pool (cards/pool/*.yaml): (name, layout, keywords, face names, test card, mana
    costs of the faces, texts of the faces)."""
    import yaml

    from mtgrules.cards import POOL_DIR as folder

    # libyaml's loader (PyYAML): read only, no line numbers needed, ~10x faster than ruamel's
    # pure-Python one on the pool's thousands of lines
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out = []
    for path in sorted(folder.glob("*.yaml")):
        try:
            doc = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
        except Exception:
            continue
        for name, faces in (doc.get("data", doc) or {}).items():
            if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
                continue
            first = faces[0]
            keywords = tuple(k.lower() for k in first.get("keywords") or ())
            test = bool((first.get("mtgrules") or {}).get("test_card"))
            out.append((name, first.get("layout", "normal"), keywords, tuple(f.get("faceName") for f in faces if f.get("faceName")), test,
                        tuple(str(f.get("manaCost") or "") for f in faces), tuple(str(f.get("text") or "") for f in faces)))
    return tuple(out)


def _pick_card(layout: str, keyword: str = "none", kind: str = "card", card: str = "any", targeted: bool = False) -> tuple[str | None, tuple[str, ...]]:
    """A card of the pool that fits (real cards before test cards; with ``targeted``, one that can
    target a creature), or None."""
    if card == "ds-pb":
        layout = "dynamic"
    if kind == "token":
        fits = [c for c in _pool() if c[1] == "token"]
    else:
        want = _POOL_LAYOUT.get(layout, layout)
        # MTGJSON gives mutate cards their own layout; their frame is a normal card's
        fits = [c for c in _pool() if (c[1] == want or (want, c[1]) == ("normal", "mutate")) and (keyword == "none" or keyword in c[2])]
        if keyword == "none":
            fits.sort(key=lambda c: len(c[2]))  # plainest first
    if targeted:
        fits = [c for c in fits if re.search(r"any target|target creature", " ".join(c[6]).lower())] or fits
    # real cards first, then cards that can be cast (a land has no mana cost), then those that need no target
    fits.sort(key=lambda c: (c[4], not any(c[5]), not targeted and "target" in " ".join(c[6]).lower()))
    return (fits[0][0], fits[0][3]) if fits else (None, ())


def _other_card(other: str) -> str | None:
    return {"ordinary": _pick_card("normal")[0], "instant-or-sorcery": next((c[0] for c in _pool() if c[0] == "Shock"), None),
            "double-faced": _pick_card("transforming-dfc")[0], "flip": _pick_card("flip")[0]}.get(other)


_DSPB = "Divine Skywarden // Purewind Blessings"
_KEYWORDS = voc.SITUATION["keyword"]  # the vocabulary's own keywords (a rule set may declare more)
_LAND = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def _card(name: str):
    return next((c for c in _pool() if c[0] == name), None)


def _costs(name: str, face: int | None, alt: str | None) -> list[str]:
    """The mana costs to pay for casting ``name`` (one face, or every face), or its ``alt`` cost
    read from its text ("Flashback {2}{U}")."""
    c = _card(name)
    if c is None:
        return []
    texts = c[6] if face is None else c[6][face:face + 1]
    if alt:
        found = [m.group(1) for t in texts for m in [re.search(rf"\b{alt}\b[ —-]*((?:\{{[^}}]+\}})+)", t, re.I)] if m]
        if found:
            return found[:1]
    costs = c[5] if face is None else c[5][face:face + 1]
    return [x for x in costs if x][:1]


def _lands(costs: list[str]) -> list[str]:
    """Basic lands that pay all ``costs`` (colored symbols by their land, generic by the first)."""
    need: dict[str, int] = {}
    generic = 0
    for cost in costs:
        for sym in re.findall(r"\{([^}]+)\}", cost):
            if sym.isdigit():
                generic += int(sym)
            elif sym in _LAND:
                need[sym] = need.get(sym, 0) + 1
    first = next(iter(need), "W")
    need[first] = need.get(first, 0) + generic
    return [f"{_LAND[k]} x{n}" if n > 1 else _LAND[k] for k, n in need.items() if n]


def _target(name: str, face: int | None, fizzle: bool = False) -> tuple[list[str], list[dict]]:
    """(targets, bob's battlefield) for casting ``name``: bob where a player or any target will do,
    a creature of bob's where a creature is needed."""
    c = _card(name)
    text = " ".join(c[6] if face is None else c[6][face:face + 1]).lower() if c else ""
    if "any target" in text and fizzle:
        return ["Grizzly Bears"], [{"card": "Grizzly Bears"}]
    if "any target" in text or "target player" in text or "target opponent" in text:
        return ["bob"], []
    if "target creature" in text or "target permanent" in text or "target nonland permanent" in text:
        return ["Grizzly Bears"], [{"card": "Grizzly Bears"}]
    return [], []


def _observation(outcome: str, value, s: dict, label: str, faces: tuple[str, ...], card: str) -> dict | None:
    """What an engine shows when ``outcome`` has ``value`` for the witness object, or None where
    the observation vocabulary (FORMAT.md) has no word for it."""
    if not isinstance(value, str):
        return None
    if outcome == "destination":
        zone = s["zone"] if value == "stays" else value
        return {"object": label, "zone": zone} if zone in ("graveyard", "exile", "hand", "library", "battlefield") else None
    if outcome == "enters-as":  # as it enters: what the permanent then is
        outcome, value = "characteristics", {"single": "single", "permanent-half": "permanent-half", "front-face": "front-face", "back-face": "back-face",
                                             "top-half": "top-half", "combined": "combined", "face-down": "face-down", "chosen-half": "chosen-half"}[value]
    if outcome == "characteristics":
        half = faces[0] if s.get("half") in ("permanent", "left", "front") and faces else faces[1] if len(faces) > 1 and s.get("half") in ("nonpermanent", "right", "back") else None
        # (a two-part card's full name does not tell its single from its combined characteristics)
        named = {"face-down": None, "single": card if len(faces) < 2 else None, "permanent-half": faces[0] if faces else None, "nonpermanent-half": faces[1] if len(faces) > 1 else None,
                 "front-face": faces[0] if faces else None, "back-face": faces[1] if len(faces) > 1 else None, "top-half": faces[0] if faces else None,
                 "bottom-half": faces[1] if len(faces) > 1 else None, "chosen-half": half}
        if value == "face-down":
            return {"object": label, "face_down": True, "name": None}
        if value == "combined" and len(faces) > 1:
            return {"object": label, "names": list(faces)}
        return {"object": label, "name": named[value]} if named.get(value) else None
    if outcome == "mana-value-from" and value == "zero":
        return {"object": label, "mana_value": 0}
    if outcome == "timing":  # what the timing allows at the witness's moment (117.1a, 307.1)
        value = _castable_by_timing(value, s)
        outcome = "castable" if value else outcome
    if outcome == "castable" and s["zone"] in ("hand", "graveyard", "exile") and s.get("event", "none") == "none" and value in ("yes", "no"):
        return {("offers" if value == "yes" else "does_not_offer"): {"cast": label, "by": "alice"}}
    return None


def _castable_by_timing(timing: str, s: dict) -> str | None:
    """Whether ``timing`` lets the object be cast at the witness's moment (MEANINGS of the
    vocabulary); None for ``usual`` (its card type decides)."""
    window = s.get("turn", "yours") == "yours" and s.get("step", "precombat-main").endswith("main") and s.get("stack", "empty") == "empty"
    if timing == "any-time":
        return "yes"
    if timing == "never" or s.get("priority") == "no":
        return "no"
    return {"instant-speed": "yes", "sorcery-speed": "yes" if window else "no"}.get(timing)


def readings_of(requires: dict, s: dict, label: str, faces: tuple[str, ...], card: str) -> list[tuple[str, list[dict]]]:
    """Each clause's (or value's) reading as the observations that show it, where there are any."""
    out = []
    for who, fragments in requires.items():
        obs = [_observation(k, v, s, label, faces, card) for f in fragments if isinstance(f, dict) and "if" not in f for k, v in f.items()]
        if obs and all(o is not None for o in obs):
            out.append((who, obs))
    return out


def scenario(sid: str, title: str, rules: list[str], s: dict, expect: list[str], meta: dict | None = None, requires: dict | None = None) -> tuple[dict, list[str]]:
    """The witness as a conformance scenario (conformance/scenario.schema.json, FORMAT.md).

    The setup and steps reproduce the witness situation with cards from the pool where one
    fits, lands to pay and legal targets; ``expect`` checks that the situation is reached and,
    where the observation vocabulary can show the outcomes in conflict, holds one alternative of
    ``one_of`` per reading. Returns the scenario and the readings: (who, the observations that
    show it) for each clause or value in conflict, where there are two or more."""
    meta = meta or {}
    # words the rule set declares (its own keyword, layout or supertype): no card of the pool
    # has them, so the witness uses a card without them and says so
    own = [f"{k} {s[k]}" for k, known in (("keyword", _KEYWORDS), ("layout", _POOL_LAYOUT)) if s.get(k, "none") not in known]
    own += [f"supertype {s['supertype']}"] if s.get("supertype", "none") not in voc.SITUATION["supertype"] else []
    s = {**s, **({"keyword": "none"} if s.get("keyword", "none") not in _KEYWORDS else {}), **({"layout": "normal"} if s["layout"] not in _POOL_LAYOUT else {})}
    name, faces = _pick_card(s["layout"], s.get("keyword", "none"), s["kind"], s.get("card", "any"), targeted=s["event"] == "fizzling")
    missing = name is None
    card = name or f"a {s['layout']} card"
    label = "W"
    zone = s["zone"]
    steps: list[dict] = []
    entry: dict = {"card": card, "as": label} if s["kind"] != "token" else {"token": card, "as": label}
    setup_zone = zone
    half_name = None
    if s["half"] in ("permanent", "left", "front") and faces:
        half_name = faces[0]
    elif s["half"] in ("nonpermanent", "right", "back") and len(faces) > 1:
        half_name = faces[1]
    via = s.get("via", "none")
    alt = via if via in ("flashback", "madness", "morph", "mutate") else None

    face = (0 if s["half"] in ("permanent", "left", "front") else 1 if s["half"] in ("nonpermanent", "right", "back") else None) if faces else None
    extra_alice: dict[str, list] = {}  # zone -> more cards of alice's (lands, the effect's card)
    extra_bob: dict[str, list] = {}
    used = [card]

    def pay(name: str, f: int | None = None, alt_cost: str | None = None) -> None:
        extra_alice.setdefault("battlefield", []).extend(_lands(_costs(name, f, alt_cost)))

    def cast_step() -> dict:
        step: dict = {"cast": label, "by": "alice"}
        pay(card, face, alt)
        targets, bobs = _target(card, face, fizzle=event == "fizzling")
        if targets:
            step["targets"] = targets
            # "target creature you control": the creature is alice's
            (extra_alice if "creature you control" in " ".join((_card(card) or [()] * 7)[6]).lower() else extra_bob).setdefault("battlefield", []).extend(bobs)
            used.extend(b["card"] for b in bobs)
        if via == "flashback":
            step["from"] = "graveyard"
        elif via == "madness":
            step["from"] = "exile"
        if half_name and s["layout"] in ("split", "dynamic"):
            step["half"] = half_name
        if s["half"] in ("front", "back"):
            step["face"] = s["half"]
        if via == "morph":
            step["face_down"] = True
        if alt:
            step["alt_cost"] = alt
        if s["kind"] == "copy":
            step["note"] = "a copy of the card, cast as an effect allows (707.12)"
        return step

    event = s["event"]
    active = "alice"
    moved = True  # False: the steps cannot make the witness's move happen (no card of the pool does it)
    if s["kind"] == "spell-copy":
        setup_zone = "hand"
        steps += [cast_step(), {"check": "state", "note": f"an effect ({'storm' if via == 'storm' else 'e.g. Twincast'}) puts a copy of the spell onto the stack (707.10); observe the copy"}]
    elif zone == "stack" and via == "cast" and s.get("from-zone", "none") not in ("none", "hand"):
        # cast from another zone with no keyword that allows it: the permission is the rule set's
        setup_zone = s["from-zone"]
        steps.append({"check": "state", "note": f"the rule set lets it be cast from the {s['from-zone']}; no card of the pool grants that, so the scenario stops before the cast"})
        moved = False
    elif zone == "stack":
        setup_zone = {"flashback": "graveyard", "madness": "exile"}.get(via, "hand")
        steps.append(cast_step())
        if event == "resolving":
            steps.append({"resolve": "top"})
        elif event == "countered":
            extra_bob.setdefault("hand", []).append("Counterspell")
            extra_bob.setdefault("battlefield", []).append("Island x2")
            used.append("Counterspell")
            steps += [{"pass": "alice"}, {"cast": "Counterspell", "by": "bob", "targets": [label]}, {"resolve": "all"}]
        elif event == "fizzling" and steps[-1].get("targets") == ["Grizzly Bears"]:
            # bob kills the target in response: as the spell would resolve, its only target is illegal (608.2b)
            extra_bob.setdefault("hand", []).append("Shock")
            extra_bob.setdefault("battlefield", []).append("Mountain")
            used.append("Shock")
            steps += [{"pass": "alice"}, {"cast": "Shock", "by": "bob", "targets": ["Grizzly Bears"]}, {"resolve": "all"}]
        elif event in ("fizzling", "changing-zones"):
            steps.append({"check": "state", "note": f"{'its targets become illegal (608.2b), then it would resolve' if event == 'fizzling' else 'an effect moves it from the stack to the ' + str(s.get('to-zone'))}: no card of the pool does this to this card, so the scenario stops before it"})
            moved = False
    elif event == "entering-battlefield" and via in ("cast", "madness", "morph"):
        setup_zone = "exile" if via == "madness" else "hand"
        steps += [cast_step(), {"resolve": "top"}]
    elif event == "entering-battlefield" and via == "manifest":
        setup_zone = "library"
        extra_alice.setdefault("hand", []).append("Soul Summons")
        pay("Soul Summons")
        used.append("Soul Summons")
        steps += [{"cast": "Soul Summons", "by": "alice"}, {"resolve": "all"}]
    elif event == "entering-battlefield":
        setup_zone = "graveyard"
        extra_alice.setdefault("hand", []).append("Zombify")
        pay("Zombify")
        used.append("Zombify")
        steps += [{"cast": "Zombify", "by": "alice", "targets": [label]}, {"resolve": "all", "choices": {"scry": {"top": []}}} if card == _DSPB else {"resolve": "all"}]
    elif event == "turning-face-up":
        using = "dynamic" if (s["layout"] == "dynamic" and via == "manifest") else ("manifest" if via == "manifest" else "morph")
        c = _card(card)
        extra_alice.setdefault("battlefield", []).extend(_lands(_costs(card, None, "morph") if using == "morph" else list(c[5]) if c and using == "dynamic" else _costs(card, 0, None)))
        steps.append({"turn_face_up": label, "by": "alice", "using": using})
    elif event == "discarding":
        # an effect makes alice discard: bob's Mind Rot on his turn, W the only card in her hand
        extra_bob.setdefault("hand", []).append("Mind Rot")
        extra_bob.setdefault("battlefield", []).extend(_lands(_costs("Mind Rot", None, None)))
        used.append("Mind Rot")
        active = "bob"
        steps += [{"cast": "Mind Rot", "by": "bob", "targets": ["alice"]}, {"resolve": "all"}]
    elif event == "merging":
        steps.append({"check": "state", "note": "a mutating creature spell alice controls resolves and merges with this permanent (702.140c)"})
    elif event in ("transforming", "turning-face-down", "changing-zones"):
        steps.append({"check": "state", "note": {"transforming": "an effect transforms it", "turning-face-down": "an effect turns it face down",
                                                  "changing-zones": f"it moves from the {zone} to another zone"}[event]})
    else:
        if zone in ("hand", "graveyard", "exile") and event == "none":
            pay(card, face, alt)  # lands to cast it: whether the engine offers the cast is what timing decides
        steps.append({"check": "state"})
    if s.get("stack") == "nonempty":  # something else on the stack first: alice's Shock at bob (she keeps priority, 117.3c)
        extra_alice.setdefault("hand", []).append("Shock")
        extra_alice.setdefault("battlefield", []).append("Mountain")
        used.append("Shock")
        steps.insert(0, {"cast": "Shock", "by": "alice", "targets": ["bob"]})
    if s.get("turn") == "opponents":
        active = "bob"
    if setup_zone == "battlefield":
        if s["face"] == "down":
            entry["face_down"] = True
            entry["face_down_by"] = via if via in ("morph", "manifest") else "effect"
        if s["tapped"] == "yes":
            entry["tapped"] = True
        if s["status"] == "flipped":
            entry["flipped"] = True
        if s["status"] == "transformed":
            entry["face"] = "back"
        if s.get("merged") == "yes":
            other = _other_card(s.get("other-component", "ordinary")) or "Grizzly Bears"
            top = {k: v for k, v in entry.items() if k not in ("as", "tapped")}
            entry = {"merged": [top, {"card": other}], "as": label, **({"tapped": True} if s["tapped"] == "yes" else {})}
    elif setup_zone == "exile" and s["face"] == "down":
        entry["face_down"] = True
        entry["face_down_by"] = "effect"
    lands = [x.split(" x")[0] for extra in (extra_alice, extra_bob) for items in extra.values() for x in items if isinstance(x, str)]
    cards = used + ([c["card"] for c in entry.get("merged", [])[1:]]) + lands
    features = set()
    features |= {"dynamic": {"dynamic"}, "split": {"split"}, "flip": {"flip"}, "transforming-dfc": {"double-faced"}, "modal-dfc": {"double-faced"}}.get(s["layout"], set())
    features |= set(_FEATURES_VIA.get(via, ()))
    features |= {"copy": {"cast-copy"}, "spell-copy": {"copy-spell"}, "token": {"token"}}.get(s["kind"], set())
    if s["face"] == "down":
        features.add("face-down")
    if s.get("merged") == "yes":
        features.add("merge")
    if event == "discarding":
        features.add("discard")
    if event == "turning-face-up":
        features.add("special-action")
    if s.get("keyword") in ("affinity", "storm"):
        features.add(s["keyword"])
    readings = readings_of(requires or {}, s, label, tuple(faces), card) if moved else []
    if len({repr(obs) for _, obs in readings}) < 2:
        readings = []  # the readings look the same here: nothing for an engine to decide between
    # what the engine offers is checked only at the top of `expect` (FORMAT.md), not inside
    # `one_of`: such readings are left to `lint-rules --run`, which plays each alone
    offered = any(k in ("offers", "does_not_offer") for _, obs in readings for o in obs for k in o)
    shown = [f"{who}: {', '.join(f'{k}={v}' for o in obs for k, v in o.items() if k != 'object')}" for who, obs in readings]
    notes = [f"Witness of the custom-rules checker: {situation_words(s)}.", "The rules leave this to decide: " + "; ".join(expect) + ".",
             ("Each reading the engine may take is one alternative of `one_of` (" + "; ".join(shown) + "); `lint-rules --run` tells which one the reference model takes. "
              if len(readings) > 1 and not offered else
              "The readings differ in what the engine offers (" + "; ".join(shown) + "), which `expect` can check only alone: `lint-rules --run` plays each reading and tells which one the reference model takes. "
              if len(readings) > 1 else "No outcome in conflict has an observation in FORMAT.md's vocabulary: `expect` checks only that the witness situation is reached. "),
             "Once decided, keep only the chosen reading under `expect` (FORMAT.md)."]
    if missing:
        notes.append(f"No card of the pool cards/pool/ fits ({s['layout']}{', ' + s['keyword'] if s.get('keyword', 'none') != 'none' else ''}): choose one.")
    if own:
        notes.append(f"The rule set's own words ({', '.join(own)}) are on no card of the pool: {card} stands for a card with them.")
    step_now = s.get("step", "precombat-main")
    if step_now in ("untap", "cleanup"):
        notes.append(f"No player has priority in the {step_now} step (502.4, 514.3): the scenario starts in the upkeep instead.")
        step_now = "upkeep"
    actor = "bob" if event == "discarding" else "alice"  # the player who acts in the steps
    priority = actor if s.get("priority", "yes") == "yes" else ("alice" if actor == "bob" else "bob")

    edition = meta.get("edition") or "2026-08-07"
    return {
        "id": slug(sid)[:120].strip("-"),
        "title": title if len(title) >= 5 else title + " (witness)",
        "rules": list(dict.fromkeys(r.split("/")[0] for r in rules)) or ["dyn"],
        # the rule set's file (its clause IDs are citable); the seed line where the clause comes from a seed, else the clause's line
        "source": {**({"ruleset": meta["ruleset"]} if meta.get("ruleset") else {}), **(meta.get("source") or ({"line": meta["line"]} if meta.get("line") else {}))},
        "editions": [edition],
        "features": sorted(features),
        "cards": list(dict.fromkeys(cards)),
        "notes": " ".join(notes),
        "setup": {"players": {"alice": _zones({"life": 20, setup_zone: [entry]}, extra_alice), "bob": _zones({"life": 20}, extra_bob)},
                  "turn": {"active": active, "step": step_now, "priority": priority}},
        "steps": steps,
        "expect": [_reached(s, label, steps) if moved or any(st.get("cast") == label for st in steps) else {"object": label, "zone": setup_zone}]
        + ([{"one_of": [obs for _, obs in readings]}] if len(readings) > 1 and not offered else []),
    }, readings if len(readings) > 1 else []


def _zones(player: dict, extra: dict) -> dict:
    for zone, items in extra.items():
        player.setdefault(zone, []).extend(items)
    return player


def _reached(s: dict, label: str, steps: list) -> dict:
    """The observation that the witness situation was reached: the spell was cast, or the object is
    in the witness's zone."""
    if s["event"] == "discarding":
        return {"event": {"kind": "discard", "object": label}}
    if any(st.get("cast") == label for st in steps):
        return {"event": {"kind": "cast", "object": label}}
    return {"object": label, "zone": "battlefield" if s["event"] == "entering-battlefield" else s["zone"]}


def scenario_meta(edition: str, rules: list[str], ruleset: str | None = None, line: int | None = None) -> dict:
    """Edition and source of a scenario: the rule set's file and the clause's line, and the first
    cited spec item that comes from a seed."""
    meta: dict = {"edition": edition if edition in ("pre-2013", "2016-04-08", "2026-08-07", "dyn") else "2026-08-07", "ruleset": ruleset, "line": line}
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except Exception:
        spec = None
    for rid in rules:
        item = spec[rid] if spec is not None and rid in spec else None
        if item is not None and item.source is not None and re.match(r"^[0-9]{3}_[0-9a-f]{16}\.txt$", item.source.file):
            meta["source"] = {"seed": item.source.file, "line": item.source.line, **({"ruling": rid} if item.kind in ("ruling", "example") else {})}
            break
    else:
        meta["no_seed"] = True
    return meta


def write_scenarios(findings: list, folder: Path) -> None:
    """Each finding's witness scenario as ``FOLDER/<scenario id>.yaml``."""
    from ruamel.yaml import YAML

    folder.mkdir(parents=True, exist_ok=True)
    yaml = YAML()
    yaml.default_flow_style = False
    for f in findings:
        if f.scenario:
            with (folder / f"{f.scenario['id']}.yaml").open("w", encoding="utf-8") as out:
                yaml.dump(f.scenario, out)
