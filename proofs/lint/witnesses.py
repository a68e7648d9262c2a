"""Witnesses as conformance scenarios: a situation the analysis found (a contradiction's or an
ambiguity's cell) becomes a scenario of the corpus format (conformance/FORMAT.md) with cards from
the pool that fit, so that a designer's decision can be checked on any engine."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .words import situation_words, slug

_POOL_LAYOUT = {"dynamic": "dynamic", "flip": "flip", "transforming-dfc": "transform", "modal-dfc": "modal_dfc", "split": "split", "normal": "normal"}
_FEATURES_VIA = {"morph": ["morph", "face-down"], "manifest": ["manifest", "face-down"], "flashback": ["flashback"], "madness": ["madness", "discard"],
                 "mutate": ["mutate", "merge"], "storm": ["storm", "copy-spell"], "copied": ["copy-spell"]}


@lru_cache(maxsize=1)
def _pool() -> tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], bool], ...]:
    """The card pool (cards/pool/*.yaml): (name, layout, keywords, face names, test card)."""
    from ruamel.yaml import YAML

    from mtgrules.cards import POOL_DIR as folder

    out = []
    yaml = YAML(typ="safe")
    for path in sorted(folder.glob("*.yaml")):
        try:
            doc = yaml.load(path.read_text(encoding="utf-8")) or {}
        except Exception:
            continue
        for name, faces in (doc.get("data", doc) or {}).items():
            if not isinstance(faces, list) or not faces or not isinstance(faces[0], dict):
                continue
            first = faces[0]
            keywords = tuple(k.lower() for k in first.get("keywords") or ())
            test = bool((first.get("mtgrules") or {}).get("test_card"))
            out.append((name, first.get("layout", "normal"), keywords, tuple(f.get("faceName") for f in faces if f.get("faceName")), test))
    return tuple(out)


def _pick_card(layout: str, keyword: str = "none", kind: str = "card", card: str = "any") -> tuple[str | None, tuple[str, ...]]:
    """A card of the pool that fits (real cards before test cards), or None."""
    if card == "ds-pb":
        layout = "dynamic"
    if kind == "token":
        fits = [c for c in _pool() if c[1] == "token"]
    else:
        fits = [c for c in _pool() if c[1] == _POOL_LAYOUT.get(layout, layout) and (keyword == "none" or keyword in c[2])]
        if keyword == "none":
            fits.sort(key=lambda c: len(c[2]))  # plainest first
    fits.sort(key=lambda c: c[4])
    return (fits[0][0], fits[0][3]) if fits else (None, ())


def _other_card(other: str) -> str | None:
    return {"ordinary": _pick_card("normal")[0], "instant-or-sorcery": next((c[0] for c in _pool() if c[0] == "Shock"), None),
            "double-faced": _pick_card("transforming-dfc")[0], "flip": _pick_card("flip")[0]}.get(other)


def scenario(sid: str, title: str, rules: list[str], s: dict, expect: list[str], meta: dict | None = None) -> dict:
    """The witness as a conformance scenario (conformance/scenario.schema.json, FORMAT.md).

    The setup and steps reproduce the witness situation with cards from the pool where one
    fits; the outcome is what the designer must decide, so it is stated in ``notes`` (the
    ``expect`` list is added once the reading is decided)."""
    meta = meta or {}
    name, faces = _pick_card(s["layout"], s.get("keyword", "none"), s["kind"], s.get("card", "any"))
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

    def cast_step() -> dict:
        step: dict = {"cast": label, "by": "alice"}
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
    if s["kind"] == "spell-copy":
        setup_zone = "hand"
        steps += [cast_step(), {"check": "state", "note": f"an effect ({'storm' if via == 'storm' else 'e.g. Twincast'}) puts a copy of the spell onto the stack (707.10); observe the copy"}]
    elif zone == "stack":
        setup_zone = {"flashback": "graveyard", "madness": "exile"}.get(via, "hand")
        steps.append(cast_step())
        if event == "resolving":
            steps.append({"resolve": "top"})
    elif event == "entering-battlefield" and via in ("cast", "madness", "morph"):
        setup_zone = "exile" if via == "madness" else "hand"
        steps += [cast_step(), {"resolve": "top"}]
    elif event == "entering-battlefield" and via == "manifest":
        setup_zone = "library"
        steps.append({"check": "state", "note": f"an effect (e.g. Soul Summons) manifests the top card of alice's library ({card})"})
    elif event == "entering-battlefield":
        setup_zone = "graveyard"
        steps.append({"check": "state", "note": f"an effect puts {card} from alice's graveyard onto the battlefield"})
    elif event == "turning-face-up":
        steps.append({"turn_face_up": label, "by": "alice", "using": "dynamic" if (s["layout"] == "dynamic" and via == "manifest") else ("manifest" if via == "manifest" else "morph")})
    elif event == "discarding":
        steps.append({"discard": [label], "by": "alice", "note": "as an effect instructs alice to discard"})
    elif event == "merging":
        steps.append({"check": "state", "note": "a mutating creature spell alice controls resolves and merges with this permanent (702.140c)"})
    elif event in ("transforming", "turning-face-down", "changing-zones"):
        steps.append({"check": "state", "note": {"transforming": "an effect transforms it", "turning-face-down": "an effect turns it face down",
                                                  "changing-zones": f"it moves from the {zone} to another zone"}[event]})
    else:
        steps.append({"check": "state"})
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
    cards = [card] + ([c["card"] for c in entry.get("merged", [])[1:]])
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
    notes = [f"Witness of the custom-rules checker: {situation_words(s)}.", "The rules leave this to decide: " + "; ".join(expect) + ".",
             "Once decided, add the expected observations under `expect` (FORMAT.md)."]
    if missing:
        notes.append(f"No card of the pool cards/pool/ fits ({s['layout']}{', ' + s['keyword'] if s.get('keyword', 'none') != 'none' else ''}): choose one.")
    if meta.get("no_seed"):
        notes.append("The rule set does not come from a seed document: `source.seed` names none of them.")
    edition = meta.get("edition") or "2026-08-07"
    return {
        "id": slug(sid)[:120].strip("-"),
        "title": title if len(title) >= 5 else title + " (witness)",
        "rules": list(dict.fromkeys(r.split("/")[0] for r in rules)) or ["dyn"],
        "source": meta.get("source") or {"seed": "000_0000000000000000.txt"},
        "editions": [edition],
        "features": sorted(features),
        "cards": list(dict.fromkeys(cards)),
        "notes": " ".join(notes),
        "setup": {"players": {"alice": {"life": 20, setup_zone: [entry]}, "bob": {"life": 20}}, "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}},
        "steps": steps,
    }


def scenario_meta(edition: str, rules: list[str]) -> dict:
    """Edition and seed source of a scenario: the first cited spec item that comes from a seed."""
    meta: dict = {"edition": edition if edition in ("pre-2013", "2016-04-08", "2026-08-07", "dyn") else "2026-08-07"}
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
