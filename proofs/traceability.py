"""Which rules the proofs prove: one citation per rule ID of each obligation."""

from __future__ import annotations

from mtgrules.spec.trace import Citation

from .registry import obligations


def citations() -> list[Citation]:
    out = []
    for ob in obligations():
        for rule in ob.rules:
            out.append(Citation(rule, "proves", f"proof {ob.name}", ob.file, ob.line, f"{ob.method}; {ob.bound}"))
    return out
