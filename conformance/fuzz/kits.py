"""The kits of a campaign (``kits.yaml``): the cards each mechanic needs and where they start, kept to
what both sides can play: the features the engine under test declares in its handshake, and cards
the reference model fully executes (every line of their text has a structured form)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from mtgrules import yamlio

KITS_FILE = Path(__file__).resolve().parent / "kits.yaml"
PLAYERS = ("alice", "bob")
EDITION = "2026-08-07"  # the rules the generated scenarios hold under (every shipped engine plays them)


@dataclass
class Kit:
    """One mechanic's cards: ``zones[player][zone]`` is a list of slots (a name, a list of names, or a
    mapping with the object's state whose ``card`` may be a list)."""

    name: str
    features: list[str]
    rules: list[str]
    zones: dict[str, dict[str, list]] = field(default_factory=dict)
    family: str = ""  # kits of one family (``family:`` in kits.yaml) are drawn as one: a kit's own name by default

    def cards(self) -> set[str]:
        out: set[str] = set()
        for zones in self.zones.values():
            for slots in zones.values():
                for slot in slots:
                    out.update(slot_names(slot))
        return out


def slot_names(slot) -> list[str]:
    """The card names a slot may become (``"Island x3"`` is the card Island)."""
    if isinstance(slot, dict):
        slot = slot["card"]
    names = slot if isinstance(slot, list) else [slot]
    return [n.rsplit(" x", 1)[0] if n.rsplit(" x", 1)[-1].isdigit() else n for n in names]


@lru_cache(maxsize=1)
def all_kits() -> tuple[Kit, ...]:
    data = yamlio.load(KITS_FILE).data["kits"]
    return tuple(Kit(name, list(k.get("features") or []), list(k.get("rules") or []),
                     {p: dict(k[p]) for p in PLAYERS if k.get(p)}, str(k.get("family") or name)) for name, k in data.items())


@lru_cache(maxsize=1)
def pool():
    """The card pool (loaded once per process)."""
    from mtgrules.cards import load_pool

    return load_pool()


@lru_cache(maxsize=None)
def model_executes(name: str) -> bool:
    """The reference model executes every line of the card's text: no line is left without a structured
    form (``model.cards.unstructured_lines``), and the in-process reference engine names no card it
    lacks abilities for. (The engine's own check alone passes a card one of whose abilities is
    structured, e.g. Faithless Looting's flashback, while its spell text is not.)"""
    from mtgrules.conformance.adapters.reference import ReferenceEngine
    from mtgrules.model.cards import unstructured_lines

    card = pool().get(name)
    if card is None or any(unstructured_lines(face) for face in card.faces):
        return False
    engine = ReferenceEngine()
    engine.start()
    request = {"scenario": "fuzz-card-check", "edition": EDITION, "features": [],
               "setup": {"players": {"alice": {"hand": [name]}, "bob": {}},
                         "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}},
               "cards": {card.name: card.faces}, "references": {}}
    try:
        engine.setup(request)
    except Exception:  # noqa: BLE001 - a card the model cannot even set up is not one it executes
        return False
    return not engine.diagnostics()


def usable_kits(engine_features: list[str], wanted: list[str] | None = None) -> list[Kit]:
    """The kits whose features the engine declares (and, with ``wanted``, that need one of those
    features or none), each slot narrowed to the cards the model executes; a kit left with an empty
    slot is dropped."""
    out = []
    for kit in all_kits():
        if any(f not in engine_features for f in kit.features):
            continue
        if wanted and kit.features and not set(kit.features) & set(wanted):
            continue
        zones = {}
        ok = True
        for player, by_zone in kit.zones.items():
            zones[player] = {}
            for zone, slots in by_zone.items():
                kept = []
                for slot in slots:
                    narrowed = _narrow(slot)
                    if narrowed is None:
                        ok = False
                        break
                    kept.append(narrowed)
                zones[player][zone] = kept
        if ok:
            out.append(Kit(kit.name, kit.features, kit.rules, zones, kit.family))
    return out


def _narrow(slot):
    """The slot with only the cards the model executes (None if none is left)."""
    if isinstance(slot, dict):
        names = slot["card"] if isinstance(slot["card"], list) else [slot["card"]]
        kept = [n for n in names if model_executes(n)]
        return {**slot, "card": kept} if kept else None
    if isinstance(slot, list):
        kept = [n for n in slot if model_executes(n)]
        return kept or None
    return slot if model_executes(slot_names(slot)[0]) else None


def kit_named(name: str) -> Kit:
    return next(k for k in all_kits() if k.name == name)
