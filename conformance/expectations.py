"""Checking a scenario's expectations against what an engine shows (engine-neutral).

Only observations are used: the snapshot (model/snapshot.schema.json shape), the event log
(model/events.schema.json shape) and the references the engine reported at setup. A reference
follows its card across zone changes (FORMAT.md "References"): :class:`References` replays the
``zone_change`` events (``object`` -> ``new_objects``, with ``components[].card`` telling which new
object holds which card when a merged permanent splits up).

Each failed expectation gives one message for people, ``what: expected X, observed Y``, in words
(values through :func:`words`, never Python reprs); the events that matter follow it, one per line,
indented.
"""

from __future__ import annotations

import re
from collections import Counter

# ------------------------------------------------------------------------------ references


class References:
    """Where each reference (label, unique card name) is now, from setup IDs and zone changes."""

    def __init__(self, initial: dict[str, str | None], cards: dict[str, str], players: list[str]):
        self.current: dict[str, str | None] = dict(initial)
        self.history: dict[str, list[str]] = {r: [i] for r, i in initial.items() if i}
        self.cards = cards  # reference -> full card name (the topmost for a merged label)
        self.players = list(players)
        self._seen = 0

    def follow(self, events: list[dict]) -> None:
        """Replay the events not seen yet."""
        for event in events[self._seen:]:
            if event.get("type") != "zone_change":
                continue
            old = event.get("object")
            new = list(event.get("new_objects") or [])
            comps = event.get("components") or []
            for ref, oid in self.current.items():
                if oid is None or oid != old:
                    continue
                target = None
                if len(new) == 1:
                    target = new[0]
                elif new:
                    card = self.cards.get(ref)
                    hits = [c.get("new_object") for c in comps if c.get("card") == card]
                    target = hits[0] if hits else None
                self.current[ref] = target
                if target:
                    self.history.setdefault(ref, []).append(target)
        self._seen = len(events)

    def known(self, ref: str) -> bool:
        return ref in self.current or ref in self.players

    def id(self, ref: str) -> str | None:
        return self.current.get(ref)

    def ids(self, ref: str) -> set[str]:
        """Every object ID the reference has had (events name the object of their moment)."""
        return set(self.history.get(ref, []))

    def matches(self, ref: str, value) -> bool:
        """Does an event field ``value`` (object ID, player name or card name) designate ``ref``?"""
        if value is None:
            return False
        if ref in self.players:
            return value == ref
        if ref in self.current:
            return value in self.ids(ref)
        return value == ref  # a card name not among the references (e.g. a source by name)


# ------------------------------------------------------------------------------ observations


def _norm(value: str) -> str:
    return value.strip().lower()


def _mana(value) -> str:
    """A mana cost or pool in a canonical form: ``""`` and ``"{0}"`` both mean nothing."""
    if value is None:
        return ""
    if isinstance(value, dict):
        order = "WUBRGC"
        return "".join("{%s}" % k * int(n) for k, n in sorted(value.items(), key=lambda kv: order.find(kv[0])) if n)
    text = str(value).replace(" ", "")
    return "" if text in ("", "{0}") else text


def _mana_equal(a, b) -> bool:
    a, b = _mana(a), _mana(b)
    if a == b:
        return True
    tokens = re.compile(r"\{([^}]*)\}")
    return Counter(tokens.findall(a)) == Counter(tokens.findall(b))


class Observation:
    """A snapshot and an event log, with the lookups expectations need."""

    def __init__(self, snapshot: dict, events: list[dict], refs: References):
        self.snapshot = snapshot or {}
        self.events = events or []
        self.refs = refs
        self.objects: dict = self.snapshot.get("objects") or {}

    def obj(self, ref: str) -> dict | None:
        oid = self.refs.id(ref)
        return self.objects.get(oid) if oid else None

    def chars(self, obj: dict) -> dict:
        return obj.get("characteristics") or {}

    def zone_ids(self, player: str, zone: str) -> list[str]:
        snap = self.snapshot
        if zone in ("library", "hand", "graveyard"):
            return list((snap.get("players") or {}).get(player, {}).get(zone) or [])
        if zone == "battlefield":
            return [i for i in snap.get("battlefield") or [] if self.objects.get(i, {}).get("controller") == player]
        if zone in ("exile", "command"):
            return [i for i in snap.get(zone) or [] if self.objects.get(i, {}).get("owner") == player]
        if zone == "stack":
            return list(reversed(snap.get("stack") or []))
        return []


# ------------------------------------------------------------------------------ object checks

_CHAR_KEYS = ("name", "names", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes", "power", "toughness", "loyalty", "text")
_UNORDERED = ("names", "colors", "types", "subtypes", "supertypes")


def _has(chars: dict, item: str) -> bool:
    want = _norm(item)
    words = [_norm(k) for k in chars.get("keywords") or []]
    texts = [_norm(t) for t in chars.get("abilities") or []]
    return want in words or want in texts or any(t.startswith(want + " ") or t.startswith(want + "\n") for t in texts)


def _observed(obj: dict, key: str, obs: Observation):
    """The observed value of an object field, or raise KeyError when the snapshot lacks it."""
    chars = obs.chars(obj)
    if key in _CHAR_KEYS:
        if key == "text" and "text" not in chars:
            abilities = chars.get("abilities")
            if abilities is None:
                raise KeyError(key)
            return "\n".join(abilities)
        if key not in chars:
            raise KeyError(key)
        return chars[key]
    if key == "cast_with":
        return (obj.get("spell") or {}).get("alternative_cost")
    if key == "counters":
        return {k: v for k, v in (obj.get("counters") or {}).items() if v}
    if key == "zone_owner":
        return obj.get("owner")
    if key not in obj:
        raise KeyError(key)
    return obj[key]


def _same(key: str, want, got) -> bool:
    if key == "mana_cost":
        return (want is None and got is None) or (want is not None and got is not None and _mana_equal(want, got))
    if key in _UNORDERED and isinstance(want, list) and isinstance(got, list):
        return sorted(want) == sorted(got)
    return want == got


def words(value) -> str:
    """A value as a reader writes it: ``none``, ``R, G``, ``+1/+1: 4``, ``yes``/``no``, text as is;
    a match (a mapping) as its fields ``kind spell, source Isochron Scepter``."""
    if value is None or value == [] or value == {}:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):  # counters, mana
            return ", ".join(f"{k}: {v}" for k, v in value.items())
        return ", ".join(f"{k} ({words(v)})" if isinstance(v, dict) else f"{k} {words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(f"({words(v)})" if isinstance(v, dict) else words(v) for v in value)
    return str(value)



def check_object_fields(obj: dict, spec: dict, obs: Observation, label: str, skip=("object",)) -> list[str]:
    """Failures of one object against the fields of an expectation or a match."""
    out = []
    chars = obs.chars(obj)
    for key, want in spec.items():
        if key in skip or key in ("zone", "count", "kind", "source", "copy_of"):
            continue
        if key == "has":
            missing = [w for w in want if not _has(chars, w)]
            if missing:
                out.append(f"{label}: expected to have {words(missing)}, observed {_abilities(chars)}")
            continue
        if key == "lacks":
            present = [w for w in want if _has(chars, w)]
            if present:
                out.append(f"{label}: expected to lack {words(present)}, observed {_abilities(chars)}")
            continue
        if key == "same_object":
            changed = len(obs.refs.history.get(spec.get("object"), [])) > 1
            if want != (not changed):
                out.append(f"{label}: expected {'the same object' if want else 'a new object'}, observed IDs {words(obs.refs.history.get(spec.get('object')))}")
            continue
        if key == "position":
            out += _position(obj, want, obs, label)
            continue
        if key == "components":
            got = [c.get("card") for c in obj.get("components") or []]
            if not obj.get("merged") and len(got) <= 1:
                got_cmp = [] if want == [] else got
            else:
                got_cmp = got
            expected = [obs.refs.cards.get(r, r) for r in want]
            if got_cmp != expected:
                out.append(f"{label}: expected components {words(expected)}, observed {words(got)}")
            continue
        if key == "hidden_from":
            if "hidden_from" not in obj:
                out.append(f"{label}: expected hidden from {words(want)}; the engine's snapshot does not show who can see an object (not observable)")
            elif sorted(obj["hidden_from"]) != sorted(want):
                out.append(f"{label}: expected hidden from {words(want)}, observed {words(obj['hidden_from'])}")
            continue
        if key == "attached_to":
            if "attached_to" not in obj:
                out.append(f"{label}: expected attached_to {want}; the engine's snapshot has no attached_to (not observable)")
                continue
            want_id = obs.refs.id(want) if want is not None else None
            if obj["attached_to"] != want_id and obj["attached_to"] != want:
                out.append(f"{label}: expected attached_to {words(want)}, observed {words(obj['attached_to'])}")
            continue
        try:
            got = _observed(obj, key, obs)
        except KeyError:
            out.append(f"{label}: expected {key} {words(want)}; the engine's snapshot has no {key} (not observable)")
            continue
        if not _same(key, want, got):
            out.append(f"{label}: expected {key} {words(want)}, observed {words(got)}")
    return out


def _position(obj: dict, want, obs: Observation, label: str) -> list[str]:
    library = obs.zone_ids(obj.get("owner"), "library")
    if obj.get("id") not in library:
        return [f"{label}: expected position {want} in a library, observed zone {obj.get('zone')}"]
    index = library.index(obj["id"])
    ok = (want == "top" and index == 0) or (want == "bottom" and index == len(library) - 1) or (isinstance(want, int) and index == want - 1)
    return [] if ok else [f"{label}: expected library position {want}, observed {index + 1} of {len(library)}"]


def _match(obj: dict, spec: dict, obs: Observation) -> list[str]:
    """Failures of an object against a match ``{kind, source, object, copy_of, ...}``."""
    out = []
    if "object" in spec and obj.get("id") != obs.refs.id(spec["object"]):
        out.append(f"expected object {spec['object']}")
    kind = spec.get("kind")
    if kind:
        spell = obj.get("spell") or {}
        got = "ability" if obj.get("ability") else ("copy" if (obj.get("copy") or spell.get("copy")) else "spell")
        if got != kind:
            out.append(f"expected kind {kind}, observed {got}")
    if "source" in spec:
        src = (obj.get("ability") or {}).get("source")
        ref = spec["source"]
        if not (obs.refs.matches(ref, src) or src == obs.refs.cards.get(ref) or src == ref or _name_of(obs, src) in (ref, obs.refs.cards.get(ref))):
            out.append(f"expected source {ref}, observed {src}")
    if "copy_of" in spec:
        of = (obj.get("spell") or {}).get("copy_of") or obj.get("copy_of")
        if of is None:
            out.append(f"expected a copy of {spec['copy_of']}; the engine's snapshot does not say what an object copies (not observable)")
        elif not obs.refs.matches(spec["copy_of"], of):
            out.append(f"expected copy_of {spec['copy_of']}, observed {of}")
    out += check_object_fields(obj, {k: v for k, v in spec.items() if k not in ("object", "kind", "source", "copy_of")}, obs, "match")
    return out


def _name_of(obs: Observation, oid) -> str | None:
    obj = obs.objects.get(oid) if isinstance(oid, str) else None
    return obj.get("card") if obj else None


def _find(obs: Observation, ids: list[str], item) -> tuple[str | None, list[str]]:
    """The first object among ``ids`` that ``item`` (reference or match) designates."""
    if isinstance(item, str):
        oid = obs.refs.id(item)
        return (oid if oid in ids else None), []
    best: list[str] = []
    for oid in ids:
        problems = _match(obs.objects.get(oid, {"id": oid}), item, obs)
        if not problems:
            return oid, []
        if not best or len(problems) < len(best):
            best = problems
    return None, best


def _abilities(chars: dict) -> str:
    return f"keywords {words(chars.get('keywords'))}; abilities {words(chars.get('abilities'))}"


def _describe(obs: Observation, ids: list[str]) -> str:
    """Objects as ``o1 (Firebolt), o2 (Mountain)``; ``nothing`` for none."""
    names = []
    for oid in ids:
        o = obs.objects.get(oid) or {}
        names.append(f"{oid} ({(o.get('characteristics') or {}).get('name') or o.get('card')})")
    return ", ".join(names) or "nothing"


# ------------------------------------------------------------------------------ events

#: Scenario event kinds -> engine event types (model/events.schema.json).
EVENT_TYPES = {
    "zone_change": ("zone_change",), "cast": ("cast",), "copy": ("copied",), "resolve": ("resolve",),
    "counter": ("countered",), "damage": ("damage",), "life": ("life",), "transform": ("transformed",),
    "turn_face_up": ("turned_face_up",), "turn_face_down": ("turned_face_down",), "merge": ("merged",),
    "trigger": ("trigger",), "discard": ("discard",), "draw": ("draw",), "reveal": ("reveal",),
    "enter": ("enters_battlefield",), "leave": ("zone_change",), "attack": ("attack",), "block": ("block",),
    "create_token": ("create_token",), "activate": ("activate",), "special_action": ("special_action", "turned_face_up", "play_land"),
}


def _event_matches(event: dict, spec: dict, obs: Observation) -> bool:
    kind = spec["kind"]
    if event.get("type") not in EVENT_TYPES.get(kind, (kind,)):
        return False
    if kind == "copy" and event.get("cast") is True:
        return False
    if kind == "leave" and event.get("from") != "battlefield":
        return False
    refs = obs.refs
    for key, want in spec.items():
        if key in ("kind", "count"):
            continue
        if key == "object":
            value = event.get("of") if kind == "copy" and "of" in event else event.get("object")
            if not (refs.matches(want, value) or (kind == "copy" and refs.matches(want, event.get("object")))):
                return False
        elif key in ("source", "target", "player"):
            value = event.get(key)
            if key == "target" and kind == "merge":
                value = event.get("target", event.get("onto"))
            if not (refs.matches(want, value) or value == refs.cards.get(want) or _name_of(obs, value) == refs.cards.get(want, want)):
                return False
        elif key == "replaced_by":
            applied = [_norm(r) for r in event.get("replacements") or []]
            if not any(_norm(want) == a or _norm(want) in a for a in applied):
                return False
        elif key == "alt_cost":
            if event.get("alternative_cost", event.get("alt_cost")) != want:
                return False
        elif key == "total_cost":
            got = event.get("total_cost", event.get("cost"))
            if got is None or not _mana_equal(want, got):
                return False
        elif key == "half":
            if event.get("half") not in (want,) and _norm(str(event.get("half"))) != _norm(want):
                return False
        elif key in ("from", "to"):
            if event.get(key) != (None if want == "none" else want):
                return False
        else:
            if event.get(key) != want:
                return False
    return True


def _count_events(spec: dict, obs: Observation) -> int:
    return sum(1 for e in obs.events if _event_matches(e, spec, obs))


def _event_words(spec: dict) -> str:
    """An expected event in words: ``a transform event (object delver)``."""
    rest = {k: v for k, v in spec.items() if k not in ("kind", "count")}
    return f"a {spec['kind']} event" + (f" ({words(rest)})" if rest else "")


def event_line(event: dict) -> str:
    """One logged event on one line: ``event 17: zone_change: object o1, card Firebolt, from stack,
    to graveyard`` (empty fields left out)."""
    fields = {k: v for k, v in event.items() if k not in ("seq", "type", "components") and v not in (None, [], {})}
    return f"event {event.get('seq', '?')}: {event.get('type')}" + (f": {words(fields)}" if fields else "")


_SHOWN_EVENTS = 6


def _about(event: dict, ref: str, obs: Observation) -> bool:
    refs = obs.refs
    return any(refs.matches(ref, event.get(k)) for k in ("object", "of")) or event.get("card") in (ref, refs.cards.get(ref))


def _event_summary(obs: Observation, spec: dict) -> str:
    """The logged events that matter, one per line (the first few): those of the expected kind,
    and among them those of the expected object when there are any."""
    types = EVENT_TYPES.get(spec["kind"], (spec["kind"],))
    similar = [e for e in obs.events if e.get("type") in types]
    about = [e for e in similar if "object" in spec and _about(e, spec["object"], obs)]
    shown = about or similar
    lines = [f"\n    {event_line(e)}" for e in shown[:_SHOWN_EVENTS]]
    more = f"\n    ... {len(shown) - _SHOWN_EVENTS} more" if len(shown) > _SHOWN_EVENTS else ""
    head = f"{len(similar)} {'/'.join(types)} event(s)" + (f", {len(about)} of {spec['object']}" if about else "")
    return head + "".join(lines) + more


# ------------------------------------------------------------------------------ the expectations


def check(expectations: list[dict], obs: Observation) -> list[str]:
    """Every failure of ``expectations`` against ``obs`` (an empty list: all hold)."""
    out: list[str] = []
    for exp in expectations:
        out += check_one(exp, obs)
    return out


def check_one(exp: dict, obs: Observation) -> list[str]:
    if "object" in exp:
        ref = exp["object"]
        label = f"object {ref}"
        if not obs.refs.known(ref):
            return [f"{label}: the engine reported no object for this reference at setup"]
        obj = obs.obj(ref)
        if "zone" in exp:
            got = obj.get("zone") if obj else "none"
            if got != exp["zone"]:
                return [f"{label}: expected zone {exp['zone']}, observed {got}"]
        if obj is None:
            rest = [k for k in exp if k not in ("object", "zone")]
            return [f"{label}: expected {rest}, observed no such object (ceased to exist)"] if rest else []
        return check_object_fields(obj, exp, obs, label)
    if "player" in exp:
        return _player(exp, obs)
    if "stack" in exp:
        ids = obs.zone_ids("", "stack")
        want = exp["stack"]
        if len(ids) != len(want):
            return [f"stack: expected {len(want)} object(s) ({words(want)}), observed {_describe(obs, ids)} (top first)"]
        out = []
        for i, (item, oid) in enumerate(zip(want, ids)):
            if isinstance(item, str):
                if obs.refs.id(item) != oid:
                    out.append(f"stack item {i + 1} (top first): expected {item}, observed {_describe(obs, [oid])}")
            else:
                problems = _match(obs.objects.get(oid, {"id": oid}), item, obs)
                if problems:
                    out.append(f"stack item {i + 1} (top first): expected {words(item)}, observed {_describe(obs, [oid])}: {'; '.join(problems)}")
        return out
    if "zone_of" in exp:
        return _zone(exp, obs)
    if "event" in exp or "no_event" in exp:
        spec = exp.get("event") or exp.get("no_event")
        n = _count_events(spec, obs)
        if "no_event" in exp:
            return [f"{_event_words(spec)}: expected none, observed {n}; {_event_summary(obs, spec)}"] if n else []
        if "count" in spec:
            return [] if n == spec["count"] else [f"{_event_words(spec)}: expected exactly {spec['count']}, observed {n}; {_event_summary(obs, spec)}"]
        return [] if n else [f"{_event_words(spec)}: expected at least one, observed none; {_event_summary(obs, spec)}"]
    if "one_of" in exp:
        alternatives = [check(option, obs) for option in exp["one_of"]]
        if any(not a for a in alternatives):
            return []
        return ["one_of: no alternative holds: " + " | ".join(f"[{i + 1}] " + "; ".join(a) for i, a in enumerate(alternatives))]
    if "turn" in exp:
        turn = obs.snapshot.get("turn") or {}
        return [f"turn: expected {k} {v}, observed {turn.get(k)}" for k, v in exp["turn"].items() if turn.get(k) != v]
    return [f"unknown expectation ({words(exp)})"]


def _player(exp: dict, obs: Observation) -> list[str]:
    name = exp["player"]
    players = obs.snapshot.get("players") or {}
    if name not in players:
        return [f"player {name}: not in the engine's snapshot"]
    p = players[name]
    out = []
    for key, want in exp.items():
        if key == "player":
            continue
        if key == "life":
            got = p.get("life")
        elif key in ("hand_size", "library_size", "graveyard_size"):
            got = len(p.get(key[: -len("_size")]) or [])
        elif key == "exile_size":
            got = len(obs.zone_ids(name, "exile"))
        elif key == "untapped_lands":
            got = sum(1 for i in obs.zone_ids(name, "battlefield")
                      if "Land" in (obs.chars(obs.objects.get(i, {})).get("types") or []) and not obs.objects.get(i, {}).get("tapped"))
        elif key == "mana_pool":
            got = _mana(p.get("mana_pool"))
            if not _mana_equal(want, got):
                out.append(f"player {name}: expected mana pool {_mana(want) or 'empty'}, observed {got or 'empty'}")
            continue
        elif key == "has_priority":
            got = (obs.snapshot.get("turn") or {}).get("priority") == name
        else:
            out.append(f"player {name}: unknown field {key}")
            continue
        if got != want:
            out.append(f"player {name}: expected {key} {want}, observed {got}")
    return out


def _zone(exp: dict, obs: Observation) -> list[str]:
    player, zone = exp["zone_of"], exp["zone"]
    ids = obs.zone_ids(player, zone)
    label = f"{player}'s {zone}"
    out = []
    for item in exp.get("contains") or []:
        found, problems = _find(obs, ids, item)
        if found is None:
            out.append(f"{label}: expected to contain {words(item)}, observed {_describe(obs, ids)}" + (f" (closest: {'; '.join(problems)})" if problems else ""))
    for item in exp.get("excludes") or []:
        found, _ = _find(obs, ids, item)
        if found is not None:
            out.append(f"{label}: expected not to contain {words(item)}, observed {_describe(obs, [found])}")
    if "order" in exp:
        want = [obs.refs.id(r) for r in exp["order"]]
        if want != ids:
            out.append(f"{label}: expected exactly {words(exp['order'])} in this order, observed {_describe(obs, ids)}")
    for end in ("top", "bottom"):
        if end in exp:
            n = len(exp[end])
            part = ids[:n] if end == "top" else ids[len(ids) - n:]
            want = sorted(str(obs.refs.id(r)) for r in exp[end])
            if sorted(part) != want:
                out.append(f"{label}: expected {end} {words(exp[end])} (any order), observed {_describe(obs, part)}")
    if "count" in exp and len(ids) != exp["count"]:
        out.append(f"{label}: expected {exp['count']} object(s), observed {len(ids)} {_describe(obs, ids)}")
    return out
