"""How many positions of an array, in a range, satisfy a condition: a recursive function, for
arrays of any length, with the lemma inductions over it need.

``count(a, lo, hi)`` is the number of positions ``lo <= j < hi`` with ``cond(a[j])``, defined by
recursion on ``hi`` (Z3 unfolds it). The frame lemma, "writing at or beyond ``hi`` doesn't change
the count below it", is proved by induction on ``hi`` (:meth:`PrefixCount.frame_checks`: the
base case and the step, each a Z3 check); consecution then uses instances of it
(:meth:`PrefixCount.frame`), which is sound because the lemma holds for all values.
"""

from __future__ import annotations

from typing import Callable

import z3

from .obligation import Check

INT_ARRAY = z3.ArraySort(z3.IntSort(), z3.IntSort())


class PrefixCount:
    def __init__(self, name: str, cond: Callable[[z3.ArithRef], z3.BoolRef]):
        self.name, self.cond = name, cond
        self.fn = z3.RecFunction(name, INT_ARRAY, z3.IntSort(), z3.IntSort(), z3.IntSort())
        a, lo, hi = z3.Const(f"{name}!a", INT_ARRAY), z3.Int(f"{name}!lo"), z3.Int(f"{name}!hi")
        z3.RecAddDefinition(self.fn, [a, lo, hi], z3.If(hi <= lo, 0, self.fn(a, lo, hi - 1) + z3.If(cond(a[hi - 1]), 1, 0)))

    def __call__(self, a, lo, hi):
        return self.fn(a, lo, hi)

    def unfold(self, a, lo, hi) -> z3.BoolRef:
        """The definition, unfolded once at these terms (so the solver need not search for it)."""
        return self.fn(a, lo, hi + 1) == z3.If(hi + 1 <= lo, 0, self.fn(a, lo, hi) + z3.If(self.cond(a[hi]), 1, 0))

    def frame(self, a, i, v, lo, hi) -> z3.BoolRef:
        """The frame lemma at these terms: ``i >= hi`` -> count(a[i := v], lo, hi) = count(a, lo, hi)."""
        return z3.Implies(i >= hi, self.fn(z3.Store(a, i, v), lo, hi) == self.fn(a, lo, hi))

    def frame_checks(self) -> list[Check]:
        """The frame lemma by induction on ``hi`` (for fixed ``a, i, v, lo``): it holds for
        ``hi <= lo`` (both counts are 0), and if it holds for ``hi`` it holds for ``hi + 1``."""
        a, i, v, lo, hi = z3.Const("a", INT_ARRAY), z3.Int("i"), z3.Int("v"), z3.Int("lo"), z3.Int("hi")
        same = lambda h: self.fn(z3.Store(a, i, v), lo, h) == self.fn(a, lo, h)  # noqa: E731
        return [Check(f"lemma {self.name} frame: base", [hi <= lo, z3.Not(same(hi))]),
                Check(f"lemma {self.name} frame: step", [hi >= lo, i >= hi + 1, same(hi), z3.Not(same(hi + 1))])]
