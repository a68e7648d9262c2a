"""Which rules the proofs prove, and how far (for the coverage report and the docs' rule pages).

:func:`citations`: one citation per rule ID of each obligation. :func:`obligation_facts`: what
each obligation claims without running Z3 (reach, method, bound and its reason, broken
variants); the outcome of running them is ``prove(ob).as_json()`` (obligation.py), which has
the same fields plus the verdicts.
"""

from __future__ import annotations

from mtgrules.spec.trace import Citation

from .registry import obligations


def citations() -> list[Citation]:
    out = []
    for ob in obligations():
        for rule in ob.rules:
            out.append(Citation(rule, "proves", f"proof {ob.name}", ob.file, ob.line, f"{ob.method}; {ob.reach}; {ob.bound}"))
    return out


def obligation_facts() -> list[dict]:
    """Per obligation: ``obligation``, ``rules``, ``reach`` (``unbounded`` or ``bound N``),
    ``method``, ``bound``, ``bound_reason`` and ``variants`` (``variant``, ``rule``, ``scenario``)."""
    return [{"obligation": ob.name, "rules": list(ob.rules), "reach": ob.reach, "method": ob.method, "bound": ob.bound,
             "bound_reason": ob.bound_reason,
             "variants": [{"variant": v.name, "rule": v.rule, "scenario": v.scenario} for v in ob.variants]}
            for ob in obligations()]
