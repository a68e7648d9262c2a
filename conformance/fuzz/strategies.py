"""Hypothesis strategies for generated scenarios, valid by construction.

``setups(kits)`` draws two or three kits and a card for each of their slots: a legal moment of a game
(alice active, in her precombat main phase, with priority). ``scenarios(kits)`` then draws the
steps one at a time from the candidates the reference model judges (``candidates.Table``): a step the
model accepts is played and kept; one it refuses is, now and then, kept as an ``expect: illegal``
probe (the engine must refuse it too), else another candidate is drawn. What the model then observes
is the scenario's expected outcome (``expected.py``). Hypothesis draws one seed per game; the game's
choices come from a Random it seeds (``_random``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from random import Random

from hypothesis import strategies as st

from .candidates import BASICS, PLAYERS, ModelCrash, Table
from .kits import EDITION, Kit
from .kits import pool as card_pool

#: Cards in a player's library when no kit puts any there.
LIBRARY = 4

#: Attempts at drawing an accepted step before the scenario ends there.
ATTEMPTS = 8


@dataclass
class Generated:
    """A generated scenario before its expectations: setup, steps, the kits (their features and rules)
    and the reference model's game after the steps (None when the model crashed: ``model_error``)."""

    setup: dict
    steps: list[dict]
    kits: list[str]
    features: list[str]
    rules: list[str]
    cards: list[str]
    table: Table | None = None
    model_error: str | None = None
    labels: dict[str, str] = field(default_factory=dict)  # label -> card
    kit_of: dict[str, str] = field(default_factory=dict)  # label -> the kit that put it there


def _label(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.split(" // ")[0].lower()).strip("-")
    label, n = base, 2
    while label in taken:
        label, n = f"{base}-{n}", n + 1
    taken.add(label)
    return label


def _count(slot: str) -> tuple[str, int]:
    name, _, n = slot.rpartition(" x")
    return (name, int(n)) if name and n.isdigit() else (slot, 1)


def _random(draw, salt: int) -> Random:
    """The game's source of choices: a Random seeded by one Hypothesis draw and ``salt`` (a campaign's
    shard seed, so that small draws repeated in another shard give another game). Every choice of a
    generated game depends on the model's state before it, so Hypothesis's mutations of a choice
    sequence (a span copied over another) replay it into another game that runs out of choices (an
    overrun, generated and thrown away: a third of the games); one draw gives it nothing to mutate."""
    return Random(f"{salt}:{draw(st.integers(0, 2**64 - 1))}")


def _families(kits: list[Kit]) -> dict[str, list[Kit]]:
    """The kits by family, in their order (kits.yaml ``family``: a family is drawn as one kit)."""
    out: dict[str, list[Kit]] = {}
    for kit in kits:
        out.setdefault(kit.family or kit.name, []).append(kit)
    return out


@st.composite
def setups(draw, kits: list[Kit], salt: int = 0):
    """(setup, kits drawn, label -> card, label -> kit): see :func:`draw_setup`."""
    return draw_setup(_random(draw, salt), kits)


def draw_setup(rng: Random, kits: list[Kit]):
    """(setup, kits drawn, label -> card, label -> kit): one or two kit families for alice (the active
    player; each family as likely, then one of its kits) and, where there is one, a kit of the
    opponent's (bob's) answers."""
    actors = [k for k in kits if "alice" in k.zones] or kits
    responders = [k for k in kits if "alice" not in k.zones]
    families = _families(actors)
    picked = rng.sample(list(families), rng.randint(1, min(2, len(families))))
    chosen = [rng.choice(families[f]) for f in picked]
    if not any("combat" in k.features for k in chosen):  # bob's blockers answer only an attack
        responders = [k for k in responders if "combat" not in k.features]
    if responders:  # the opponent's kit: what bob answers with (a counter, a removal spell, blockers)
        families = _families(responders)
        chosen.append(rng.choice(families[rng.choice(list(families))]))
    zones: dict[str, dict[str, list]] = {p: {} for p in PLAYERS}
    basics: dict[str, dict[str, int]] = {p: {} for p in PLAYERS}
    taken: set[str] = set()
    labels: dict[str, str] = {}
    kit_of: dict[str, str] = {}
    for kit in chosen:
        for player, by_zone in kit.zones.items():
            for zone, slots in by_zone.items():
                for slot in slots:
                    state = {}
                    if isinstance(slot, dict):
                        state = {k: v for k, v in slot.items() if k != "card"}
                        slot = slot["card"]
                    name = rng.choice(slot) if isinstance(slot, list) else slot
                    name, n = _count(name)
                    if name in BASICS and not state:
                        basics[player][f"{zone}:{name}"] = basics[player].get(f"{zone}:{name}", 0) + n
                        continue
                    for _ in range(n):
                        label = _label(name, taken)
                        labels[label] = name
                        kit_of[label] = kit.name
                        zones[player].setdefault(zone, []).append({"card": name, "as": label, **state})
    for player, counts in basics.items():
        for key, n in counts.items():
            zone, name = key.split(":", 1)
            zones[player].setdefault(zone, []).append(f"{name} x{n}" if n > 1 else name)
    for player in PLAYERS:  # a library to draw from: drawing from an empty one ends the game (704.5b)
        if not zones[player].get("library"):
            zones[player]["library"] = [f"Island x{LIBRARY}"]
    setup = {"players": {p: {"life": 20, **zones[p]} for p in PLAYERS},
             "turn": {"active": "alice", "step": "precombat-main", "priority": "alice"}}
    return setup, chosen, labels, kit_of


def request(setup: dict, cards: list[str], pool, scenario_id: str = "fuzz") -> dict:
    """The setup request an engine gets for a generated setup (the runner's, conformance/runner.py)."""
    from mtgrules.conformance.runner import card_names
    from mtgrules.conformance.engine import setup_references

    refs = setup_references(setup, lambda n: card_names(pool, n))
    return {"scenario": scenario_id, "edition": EDITION, "features": [], "setup": setup,
            "cards": {pool.get(n).name: pool.get(n).faces for n in cards if pool.get(n) is not None},
            "references": {r: {"card": v["card"]} for r, v in refs.items()}}


def setup_cards(setup: dict) -> list[str]:
    """Every card name a setup uses, in order of first use."""
    from mtgrules.conformance.engine import setup_objects

    out: list[str] = []
    for obj in setup_objects(setup):
        if obj["card"] not in out:
            out.append(obj["card"])
    return out


@st.composite
def scenarios(draw, kits: list[Kit], max_steps: int = 8, probe_rate: float = 0.15, without: tuple[str, ...] = (), salt: int = 0):
    """A :class:`Generated` scenario: a setup and steps judged by the reference model; no step is one
    ``without`` names (steps the engine under test has no move for, see :func:`left_out`)."""
    pool = card_pool()
    rng = _random(draw, salt)
    setup, chosen, labels, kit_of = draw_setup(rng, kits)
    features = sorted({f for k in chosen for f in k.features})
    rules = [r for k in chosen for r in k.rules]
    cards = setup_cards(setup)
    gen = Generated(setup, [], [k.name for k in chosen], features, list(dict.fromkeys(rules)), cards, labels=labels, kit_of=kit_of)
    try:
        gen.table = Table(request(setup, cards, pool), pool, features, list(labels))
        length = rng.randint(min(3, max_steps), max_steps)
        for _ in range(length):
            step = _draw_step(rng, gen.table, probe_rate, gen.steps, without)
            if step is None:
                break
            gen.steps.append(step)
        closing = _closing_step(gen.table, without)
        if closing is not None:
            gen.steps.append(closing)
    except ModelCrash as exc:
        gen.model_error = str(exc)
    return gen


#: The kinds drawn (each as likely); moving on to the end step (``advance_to``) is only the fallback,
#: as it ends the main phase's chances.
KINDS = ("cast", "activate", "special", "resolve", "combat", "pass")


def kind(step: dict) -> str:
    """The kind of a candidate step, drawn first so that one kind with many variants (casts with each
    target) does not crowd out the others (passing priority, resolving)."""
    verb = next(iter(step))
    return {"play_land": "special", "turn_face_up": "special", "declare_blockers": "combat",
            "declare_attackers": "combat"}.get(verb, verb)


def _variants(step: dict, options: list[dict]) -> list[dict]:
    """The candidates that differ from ``step`` only in their targets."""
    bare = {k: v for k, v in step.items() if k != "targets"}
    return [dict(o) for o in options if o != step and {k: v for k, v in o.items() if k != "targets"} == bare]


def left_out(step: dict, without: tuple[str, ...]) -> bool:
    """The step is one ``without`` names: by its verb (``pass``) or verb and value (``advance_to:end``)."""
    verb = next(iter(step))
    return verb in without or f"{verb}:{step[verb]}" in without


def _closing_step(table: Table, without: tuple[str, ...]) -> dict | None:
    """A last step resolving what the drawn steps left on the stack (None when it is empty): a spell
    cast last, or an answer to it, has its outcome observed rather than left pending."""
    if not table.game.state.stack:
        return None
    for step in (o for o in table.candidates() if o.get("resolve") == "all" and not left_out(o, without)):
        if table.apply(dict(step)) == "ok":
            return dict(step)
    return None


def _responding(kinds: list[str]) -> list[str]:
    """The kinds that answer a spell on the stack (all but passing and resolving), or all when none does:
    with a spell on the stack, answering it is as likely as letting the stack resolve."""
    return [k for k in kinds if k not in ("pass", "resolve")] or kinds


def _draw_step(rng: Random, table: Table, probe_rate: float, before: list[dict], without: tuple[str, ...] = ()) -> dict | None:
    """One step the model accepts (or an illegal probe it refused); None when none is found."""
    options = [o for o in table.candidates() if not left_out(o, without)]
    if not options:
        return None
    present = {kind(o) for o in options}
    kinds = [k for k in KINDS if k in present] or [kind(options[-1])]
    if "pass" in kinds and table.game.state.stack:
        kinds.append("pass")  # a spell on the stack: the opponent's chance to answer it, as often as resolving
    for _ in range(ATTEMPTS):
        chosen = rng.choice(_responding(kinds) if table.game.state.stack and rng.random() < 0.5 else kinds)
        same_kind = [o for o in options if kind(o) == chosen]
        step = dict(rng.choice(same_kind))
        reply = table.verdict(step)
        if reply["status"] == "ok":
            return step
        probe = {**step, "expect": "illegal"}
        if table.probe_worthy(reply, step) and probe not in before and rng.random() < probe_rate:
            return probe
        for variant in _variants(step, same_kind):  # the same action with the other targets, in turn
            if table.apply(variant) == "ok":
                return variant
    for fallback in (o for o in options if kind(o) in ("pass", "resolve", "advance_to")):  # always offered
        if table.apply(dict(fallback)) == "ok":
            return dict(fallback)
    return None
