"""Which observation fields each check rests on, and whether the engine reported them or its adapter derived them.

An adapter may compute an observation field the engine does not report (conformance/adapters/README.md
"Derived fields"); it declares every such field in its handshake (``derived``: the keys of its ``DERIVED``
table). A check that rests on a derived field tests the adapter as much as the engine, so the runner marks
it: a scenario whose checks all rest on derived fields is ``unverified``, never ``passed``.

Field paths: ``object.FIELD`` (``object.characteristics.mana_value``, ``object.spell.alternative_cost``),
``player.FIELD`` (``player.life``, ``player.graveyard.order``), ``turn.FIELD``, ``TYPE event`` (whole events
of an engine event type, ``trigger event``), ``TYPE.FIELD`` (``cast.cost``) and ``event log`` (the engine keeps
none: every event check rests on the adapter). A declared key covers the paths under it
(``object.characteristics`` covers ``object.characteristics.colors``); ``a.b / c / d`` declares ``a.b``,
``a.c`` and ``a.d``; a trailing ``(condition)`` says when the adapter derives it: then an object of the
snapshot that lists its ``derived`` field paths decides for that object, and one that does not counts as
derived (the runner cannot tell).
"""

from __future__ import annotations

import re

from .expectations import EVENT_TYPES

#: Expectation keys of an object -> the snapshot fields they read, alternatives (the check reads whichever
#: has the value: a keyword in ``keywords`` or an ability line); others read ``object.KEY``.
_OBJECT_FIELDS = {
    "has": ("characteristics.abilities", "characteristics.keywords"),
    "lacks": ("characteristics.abilities", "characteristics.keywords"),
    "text": ("characteristics.abilities",), "same_object": ("id",), "cast_with": ("spell.alternative_cost",),
    "zone_owner": ("owner",), "kind": ("ability", "spell.copy"), "source": ("ability.source",),
    "copy_of": ("spell.copy_of", "copy_of"),
}
_CHAR_KEYS = ("name", "names", "mana_cost", "mana_value", "colors", "types", "subtypes", "supertypes", "power",
              "toughness", "loyalty")
#: Event expectation keys -> the engine event field (others are the same name).
_EVENT_FIELDS = {"alt_cost": "alternative_cost", "total_cost": "cost", "replaced_by": "replacements"}
_PLAYER_FIELDS = {"hand_size": "hand", "library_size": "library", "graveyard_size": "graveyard",
                  "exile_size": "exile", "has_priority": None}


def parse_declared(keys) -> list[tuple[str, bool]]:
    """The handshake's ``derived`` keys as ``(field path, conditional)`` pairs."""
    out = []
    for key in keys or []:
        key = str(key)
        m = re.match(r"^(.*?)\s*\((.*)\)\s*$", key)
        conditional = bool(m)
        body = m.group(1) if m else key
        parts = [p.strip() for p in body.split(" / ") if p.strip()]
        if not parts:
            continue
        head = parts[0]
        parent = head.rsplit(".", 1)[0] if "." in head else ""
        out.append((head, conditional))
        out += [(p if "." in p or not parent else f"{parent}.{p}", conditional) for p in parts[1:]]
    return out


def _covers(declared: str, path: str) -> bool:
    return path == declared or path.startswith(declared + ".")


def object_paths(spec: dict, skip=("object", "zone", "count")) -> list[tuple[str, ...]]:
    """The snapshot fields an object expectation or a match reads."""
    out = []
    for key in spec:
        if key in skip:
            continue
        if key in _OBJECT_FIELDS:
            out.append(tuple(f"object.{f}" for f in _OBJECT_FIELDS[key]))
        elif key in _CHAR_KEYS:
            out.append((f"object.characteristics.{key}",))
        elif key == "position":
            out.append(("player.library.order",))
        else:
            out.append((f"object.{key}",))
    return out


def event_paths(spec: dict) -> list[tuple[str, ...]]:
    types = EVENT_TYPES.get(spec.get("kind"), (spec.get("kind"),))
    out = [("event log",), tuple(f"{t} event" for t in types)]
    out += [tuple(f"{t}.{_EVENT_FIELDS.get(k, k)}" for t in types) for k in spec if k not in ("kind", "count")]
    return out


def paths(exp: dict) -> list[tuple[str, ...]]:
    """The observation fields one expectation rests on: groups of alternatives (the check reads any one of a
    group), one group per thing it checks."""
    if "object" in exp:
        return ([("object.zone",)] if "zone" in exp else []) + object_paths(exp)
    if "player" in exp:
        return [(f"player.{_PLAYER_FIELDS.get(k, k)}" if _PLAYER_FIELDS.get(k, k) else "turn.priority",)
                for k in exp if k != "player"]
    if "stack" in exp:
        out = [("object.zone",)]
        for item in exp["stack"]:
            if isinstance(item, dict):
                out += object_paths(item, skip=("object",))
        return out
    if "zone_of" in exp:
        zone = exp.get("zone")
        out = [("object.zone" if zone in ("battlefield", "exile", "command", "stack") else f"player.{zone}",)]
        for item in (exp.get("contains") or []) + (exp.get("excludes") or []):
            if isinstance(item, dict):
                out += object_paths(item, skip=("object",))
        if any(k in exp for k in ("order", "top", "bottom")):
            out.append((f"player.{zone}.order",))
        return out
    if "event" in exp or "no_event" in exp:
        return event_paths(exp.get("event") or exp.get("no_event") or {})
    if "one_of" in exp:
        return [p for option in exp["one_of"] for e in option for p in paths(e)]
    if "turn" in exp:
        return [(f"turn.{k}",) for k in exp["turn"]]
    return []


class Derivation:
    """The fields one engine's adapter derives (from its handshake), and the checks that rest on them."""

    def __init__(self, hello: dict | None):
        # the most specific key first, so that a check is reported under the narrowest key that makes it derived
        self.declared = sorted(parse_declared((hello or {}).get("derived")), key=lambda kc: -len(kc[0]))

    def derived_paths(self, exp: dict, snapshot: dict | None = None, object_id: str | None = None) -> list[str]:
        """The declared keys under which some checked thing of the expectation falls, in each of its alternative
        fields (empty: it rests on engine-reported data)."""
        obj = ((snapshot or {}).get("objects") or {}).get(object_id) if object_id else None
        marked = obj.get("derived") if isinstance(obj, dict) else None
        hits = []
        for group in paths(exp):
            keys = [self._key(path, marked) for path in group]
            if all(keys):
                hits += [k for k in keys if k not in hits]
        return hits

    def _key(self, path: str, marked) -> str | None:
        """The declared key that makes ``path`` derived (None: engine-reported)."""
        for key, conditional in self.declared:
            if not _covers(key, path):
                continue
            if conditional and isinstance(marked, list) and not any(_covers(m, path) for m in marked):
                continue  # the adapter marks this object's derived fields, and this one is not among them
            return key
        return None


class Tally:
    """The checks of one scenario: how many there were and which rest on derived fields."""

    def __init__(self, derivation: Derivation):
        self.derivation = derivation
        self.total = 0
        self.derived: list[str] = []

    def note(self, expectations: list[dict], where: str, obs=None) -> None:
        """Count ``expectations`` checked at ``where`` against ``obs`` (an Observation, for per-object marks)."""
        for i, exp in enumerate(expectations or []):
            self.total += 1
            oid = obs.refs.id(exp["object"]) if obs is not None and "object" in exp else None
            hits = self.derivation.derived_paths(exp, obs.snapshot if obs is not None else None, oid)
            if hits:
                self.derived.append(f"{where} {i + 1}: rests on derived {', '.join(hits)}")

    def engine_check(self) -> None:
        """Count a check the engine answers itself (a refused action, an offered action)."""
        self.total += 1

    def unverifiable(self, what: str) -> None:
        """Count a check that could not rest on engine-reported data at all."""
        self.total += 1
        self.derived.append(what)

    @property
    def verified(self) -> int:
        return self.total - len(self.derived)

    def as_json(self) -> dict:
        return {"total": self.total, "verified": self.verified, "derived": list(self.derived)}
