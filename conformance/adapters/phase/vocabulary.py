"""phase.rs's names and shapes against the corpus vocabulary: the translation tables, and the small pure
functions that read one phase.rs value (a cost, a keyword, a stack entry, a mana pool) in our terms.

Every other module of the adapter speaks phase.rs through these; nothing here touches a game."""

from __future__ import annotations

import re

#: Corpus steps (FORMAT.md) -> phase.rs phases; phase.rs has one CombatDamage phase for both damage steps.
STEPS = {"untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat-main": "PreCombatMain",
         "beginning-of-combat": "BeginCombat", "declare-attackers": "DeclareAttackers",
         "declare-blockers": "DeclareBlockers", "first-strike-damage": "CombatDamage", "combat-damage": "CombatDamage",
         "end-of-combat": "EndCombat", "postcombat-main": "PostCombatMain", "end": "End", "cleanup": "Cleanup"}
PHASES = {v: k for k, v in STEPS.items() if k != "first-strike-damage"}
ZONES = {"Library": "library", "Hand": "hand", "Graveyard": "graveyard", "Battlefield": "battlefield", "Stack": "stack",
         "Exile": "exile", "Command": "command"}
#: Setup zones -> phase.rs zones (the zones a setup may fill).
SETUP_ZONES = {"library": "Library", "hand": "Hand", "graveyard": "Graveyard", "battlefield": "Battlefield", "exile": "Exile"}
COLORS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
SHARDS = {"White": "{W}", "Blue": "{U}", "Black": "{B}", "Red": "{R}", "Green": "{G}", "Colorless": "{C}", "X": "{X}"}
COUNTERS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
ALT_COSTS = {"flashback": "Flashback", "madness": "Madness", "morph": "Morph", "disturb": "Disturb"}
#: phase.rs NamedChoice choice types -> the corpus's ``choices`` key answering them.
NAMED_CHOICES = {"CardName": "name", "Color": "color", "CreatureType": "creature_type", "Player": "player",
                 "Opponent": "player", "CardType": "card_type", "BasicLandType": "land_type"}
MANA_TYPE = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
COLOR_NAMES = {k: v for k, v in MANA_TYPE.items() if k != "C"} | {v.lower(): v for v in MANA_TYPE.values()}

#: An adapter object ID (``p12``, ``p12.3``: phase.rs object 12 after its third zone change).
OBJECT_ID = re.compile(r"p(\d+)(?:\.\d+)?")


def counter_key(k: str) -> str:
    return {"+1/+1": "P1P1", "-1/-1": "M1M1"}.get(k, k)


def cost_text(cost) -> str | None:
    if not isinstance(cost, dict) or cost.get("type") == "NoCost":
        return None
    generic = int(cost.get("generic") or 0)
    shards = "".join(SHARDS.get(s, "{%s}" % s) if isinstance(s, str) else "{?}" for s in cost.get("shards") or [])
    return (("{%d}" % generic) if generic or not shards else "") + shards


def mana_value(cost) -> int:
    if not isinstance(cost, dict) or cost.get("type") == "NoCost":
        return 0
    return int(cost.get("generic") or 0) + sum(0 if s == "X" else 1 for s in cost.get("shards") or [])


def keyword_name(k) -> str:
    """A phase.rs keyword (``"DoubleStrike"``, ``{"Flashback": ...}``) as printed (``"Double strike"``)."""
    if isinstance(k, dict) and k:
        name, value = next(iter(k.items()))
        if name == "Protection" and isinstance(value, dict) and value:
            # {"Protection": {"Color": "White"}} -> "Protection from white"
            return f"Protection from {str(next(iter(value.values()))).lower()}"
        k = name
    return re.sub(r"(?<!^)([A-Z])", r" \1", str(k)).capitalize()


def alt_name(variant) -> str | None:
    """A phase.rs casting variant as the corpus's alternative cost (None for a normal cast)."""
    if not variant or variant in ("Normal", "Standard"):
        return None
    return "morph" if variant == "FaceDown" else str(variant).lower()


def mana_pool(pool) -> dict:
    out: dict = {}
    for m in (pool or {}).get("mana") or []:
        t = m.get("color") or m.get("mana_type") if isinstance(m, dict) else m
        sym = {v: k for k, v in MANA_TYPE.items()}.get(t, str(t))
        out[sym] = out.get(sym, 0) + 1
    return out


def stack_id(entry):
    if isinstance(entry, dict):
        for key in ("id", "object_id", "source_id"):
            if isinstance(entry.get(key), int):
                return entry[key]
    return None


def is_ability(entry) -> bool:
    kind = entry.get("kind") if isinstance(entry, dict) else None
    if isinstance(kind, dict):
        return kind.get("type") != "Spell"
    return kind not in (None, "Spell")


def ability_source(entry):
    if isinstance(entry, dict):
        if isinstance(entry.get("source_id"), int):
            return entry["source_id"]
        kind = entry.get("kind")
        if isinstance(kind, dict):
            for v in (kind, kind.get("data") or {}, (kind.get("data") or {}).get("ability") or {}):
                if isinstance(v, dict) and isinstance(v.get("source_id"), int):
                    return v["source_id"]
    return None


def entry_controller(entry):
    return entry.get("controller") if isinstance(entry, dict) else None


def corpus_step(st: dict) -> str | None:
    """The corpus step of a phase.rs game state: phase.rs has one CombatDamage phase for both combat damage
    steps (510.4); its combat state says whether the first-strike damage is dealt and the regular damage is not yet."""
    if st.get("phase") == "CombatDamage":
        combat = st.get("combat") or {}
        if combat.get("first_strike_done") and not combat.get("regular_damage_done"):
            return "first-strike-damage"
        return "combat-damage"
    return PHASES.get(st.get("phase"))
