"""The rules each conformance scenario tests: role "tests", with the file and line citing it."""

from __future__ import annotations

from mtgrules.spec.trace import Citation

from .scenarios import load_corpus


def citations() -> list[Citation]:
    """One citation per rule ID in each scenario's `rules` list (valid scenarios only; the
    corpus validator reports the others)."""
    found = []
    for scenario in load_corpus().scenarios:
        for rule, line in scenario.rule_lines():
            found.append(Citation(rule, "tests", scenario.id, scenario.file, line, scenario.title))
    return found
