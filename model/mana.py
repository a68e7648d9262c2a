"""Mana costs, mana value, colors from a cost, a simple mana pool, and the total cost of a spell.

Costs are written as MTGJSON writes ``manaCost``: ``"{3}{W}{U}"``. Only generic, colored,
colorless ``{C}`` and ``{X}`` symbols are modelled (the seeds need no hybrid or Phyrexian mana).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgrules.spec import implements

from .journal import Tracked

COLORS = ("W", "U", "B", "R", "G")
POOL_KEYS = COLORS + ("C",)
_SYMBOL = re.compile(r"\{([^}]*)\}")


class CostError(ValueError):
    """A mana cost string that cannot be read."""


@dataclass(frozen=True)
class Cost:
    """A mana cost as generic mana plus colored (and colorless {C}) symbols; ``x`` counts {X}."""

    generic: int = 0
    colored: tuple[str, ...] = ()
    x: int = 0
    other: tuple[str, ...] = ()  # hybrid and Phyrexian symbols: counted, not payable by this model

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or (not self.colored and not self.x):
            parts.append("{%d}" % self.generic)
        parts += ["{%s}" % c for c in self.colored]
        parts += ["{%s}" % o for o in self.other]
        return "".join(parts)

    def plus(self, other: "Cost") -> "Cost":
        return Cost(self.generic + other.generic, tuple(sorted(self.colored + other.colored, key=_color_order)), self.x + other.x,
                    self.other + other.other)

    def with_generic(self, delta: int) -> "Cost":
        return Cost(max(0, self.generic + delta), self.colored, self.x, self.other)


def _color_order(symbol: str) -> int:
    return POOL_KEYS.index(symbol) if symbol in POOL_KEYS else len(POOL_KEYS)


def parse_cost(text: str | None) -> Cost | None:
    """Read a mana cost such as ``{3}{W}{U}``; ``None`` or ``""`` means no mana cost."""
    if text is None or text == "":
        return None
    symbols = _SYMBOL.findall(text.replace(" // ", ""))
    if "".join("{%s}" % s for s in symbols) != text.replace(" // ", ""):
        raise CostError(f"not a mana cost: {text!r}")
    generic, colored, x, other = 0, [], 0, []
    for s in symbols:
        if s.isdigit():
            generic += int(s)
        elif s in POOL_KEYS:
            colored.append(s)
        elif s == "X":
            x += 1
        elif "/" in s or s == "S":
            other.append(s)
        else:
            raise CostError(f"unsupported mana symbol {{{s}}} in {text!r}")
    return Cost(generic, tuple(colored), x, tuple(other))


def _symbol_value(symbol: str) -> int:
    """202.3f-g: a hybrid symbol counts its largest component; a Phyrexian symbol counts 1."""
    parts = symbol.split("/")
    return max((int(p) if p.isdigit() else 1) for p in parts if p != "P") if parts != ["S"] else 1


@implements("cr.current.mana-value", "flashback.q3", "madness.q4", "affinity.q2")
def mana_value(mana_cost: str | None, x: int = 0) -> int:
    """202.3: the mana value is the total amount of mana in the mana cost, regardless of color;
    no mana cost gives 0; {X} counts as the chosen X on the stack and 0 elsewhere (202.3e)."""
    cost = parse_cost(mana_cost)
    if cost is None:
        return 0
    return cost.generic + len(cost.colored) + cost.x * x + sum(_symbol_value(o) for o in cost.other)


@implements("cr.current.colors-from-cost")
def colors_of_cost(mana_cost: str | None) -> tuple[str, ...]:
    """105.2: an object's colors are the colors of the mana symbols in its mana cost."""
    cost = parse_cost(mana_cost)
    if cost is None:
        return ()
    return tuple(c for c in COLORS if c in cost.colored)


def combine_costs(*costs: str | None) -> str | None:
    """The combined mana cost of several halves as one cost (DYN.4b, spec reading: {3}{W}{U} and
    {1}{W}{U} combine to {4}{W}{W}{U}{U}); None if no half has a mana cost."""
    parsed = [parse_cost(c) for c in costs if c]
    if not parsed:
        return None
    total = parsed[0]
    for cost in parsed[1:]:
        total = total.plus(cost)
    return str(total)


@dataclass
class ManaPool(Tracked):
    """A player's mana pool: an amount of each color and of colorless mana."""

    amounts: dict[str, int] = field(default_factory=lambda: {k: 0 for k in POOL_KEYS})

    @classmethod
    def from_json(cls, data: dict | None) -> "ManaPool":
        pool = cls()
        for key, value in (data or {}).items():
            pool.amounts[key] = int(value)
        return pool

    def as_json(self) -> dict[str, int]:
        return {k: v for k, v in self.amounts.items() if v}

    def add(self, symbol: str, amount: int = 1) -> None:
        self.amounts[symbol] = self.amounts.get(symbol, 0) + amount

    def payment_for(self, cost: Cost, x: int = 0) -> dict[str, int] | None:
        """The mana this pool spends on ``cost`` (colored symbols first, then generic from what
        is left, colorless first), or None if it cannot pay. The pool is not changed."""
        if cost.other:
            return None  # hybrid / Phyrexian payment is not modelled
        left = dict(self.amounts)
        spent = {k: 0 for k in POOL_KEYS}
        for symbol in cost.colored:
            if left.get(symbol, 0) <= 0:
                return None
            left[symbol] -= 1
            spent[symbol] += 1
        generic = cost.generic + cost.x * x
        for key in ("C",) + tuple(sorted(COLORS, key=lambda c: -left.get(c, 0))):
            take = min(generic, left.get(key, 0))
            left[key] -= take
            spent[key] += take
            generic -= take
        if generic:
            return None
        return {k: v for k, v in spent.items() if v}

    def spend(self, payment: dict[str, int]) -> None:
        for key, value in payment.items():
            self.amounts[key] -= value


@dataclass(frozen=True)
class CostModifier:
    """A continuous effect that makes spells cost more or less (601.2f): ``generic`` is the change
    in generic mana (negative reduces), for spells whose controller is ``player`` (None: all)."""

    generic: int
    player: str | None = None
    name: str = "cost modifier"


@implements("cr.current.total-cost", "cr.pre-2013.total-cost", "cr.current.generic-reduction")
def total_cost(base: Cost | None, additional: list[Cost], modifiers: list[int]) -> Cost:
    """601.2f: the total cost is the mana cost or an alternative cost, plus additional costs and
    cost increases, minus cost reductions. A reduction reduces only the generic part and never
    below zero (118.7a); increases are applied before reductions."""
    cost = base or Cost()
    for extra in additional:
        cost = cost.plus(extra)
    for delta in sorted(modifiers, reverse=True):
        cost = cost.with_generic(delta)
    return cost
