"""The engine-neutral action vocabulary and the registries the model's plug-ins fill.

Each action is a dict ``{"action": name, ...}``. Modules register the actions they implement
with :func:`action`, the alternative costs with :func:`alternative_cost` and the structured
effects of cards with :func:`effect`; :class:`~.game.Game` and the resolution of spells and
abilities look them up here. A later module (say ``flashback.py``) adds an action, an
alternative cost or an effect by registering it, without touching the core, and the core never
imports it (``plugins.py`` imports every plug-in, so the registries are complete).
``action.schema.json`` lists every action's fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


class IllegalAction(Exception):
    """An action the rules do not allow: refused with the rule that forbids it, state unchanged."""

    def __init__(self, rule: str | None, reason: str):
        super().__init__(f"[{rule}] {reason}" if rule else reason)
        self.rule = rule
        self.reason = reason


class Unsupported(Exception):
    """A card ability the reference model does not execute, met where it would matter (see
    support.py): the game cannot go on honestly. ``Game.apply`` leaves the state as it was and
    lets it through; the conformance adapter reports the scenario ``unsupported`` with it."""

    def __init__(self, card: str, ability: str, reason: str):
        super().__init__(f"unsupported by the reference model: {card}: {ability!r}: {reason}")
        self.card = card
        self.ability = ability
        self.reason = reason


@dataclass
class ActionResult:
    """The outcome of one action: accepted with the events it caused, or refused with a rule."""

    ok: bool
    events: list[dict] = field(default_factory=list)
    rule: str | None = None
    reason: str | None = None
    value: object = None

    def as_json(self) -> dict:
        out = {"ok": self.ok, "events": self.events}
        if not self.ok:
            out.update(rule=self.rule, reason=self.reason)
        if self.value is not None:
            out["value"] = self.value
        return out


Handler = Callable[["object", dict], object]
ACTIONS: dict[str, Handler] = {}
#: Actions a player takes while holding priority (casting, special actions, passing).
PLAYER_ACTIONS: set[str] = set()


def action(name: str, *, player_action: bool = False) -> Callable[[Handler], Handler]:
    """Register ``handler(game, action_dict)`` as the action ``name``."""

    def register(handler: Handler) -> Handler:
        ACTIONS[name] = handler
        if player_action:
            PLAYER_ACTIONS.add(name)
        return handler

    return register


@dataclass(frozen=True)
class AlternativeCost:
    """An alternative cost (601.2b, 601.2f): where it lets a card be cast from, its cost, and what
    casting with it does to the spell (turn it face down, make it a mutating spell, ...)."""

    name: str
    zones: tuple[str, ...]
    rule: str
    cost: Callable  # (game, obj, action) -> cost string
    prepare: Callable | None = None  # (game, obj, action, spell_info) -> None; may raise IllegalAction
    on_cast: Callable | None = None  # (game, spell) -> None, after the spell is on the stack
    face_down: bool = False


ALTERNATIVE_COSTS: dict[str, AlternativeCost] = {}


def alternative_cost(alt: AlternativeCost) -> AlternativeCost:
    ALTERNATIVE_COSTS[alt.name] = alt
    return alt


Effect = Callable[["object", "object", dict, "object"], None]
#: The structured effects of cards: ``{"effect": name, ...}`` -> ``fn(game, source, effect, target)``.
EFFECTS: dict[str, Effect] = {}
#: Rules that forbid targeting an object whatever the restriction says, each
#: ``fn(game, obj, source_colors) -> reason or None`` (protection, 702.16b: evasion.py registers it).
TARGETING_FORBIDDEN: list[Callable] = []


def effect(name: str) -> Callable[[Effect], Effect]:
    """Register ``fn(game, source, effect_dict, target)`` as the structured effect ``name``."""

    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return register
