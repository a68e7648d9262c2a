"""The coverage report: for every rule item, what implements, proves and tests it, and what not."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mtgrules.problems import Problem

from .items import Spec
from .trace import ROLES, Citation, all_citations

#: Kinds of item that are clauses to be covered (sections and cited CR rules are not).
CLAUSE_KINDS = ("rule", "ruling", "example", "glossary")


@dataclass
class ItemCoverage:
    item_id: str
    kind: str
    label: str
    not_observable: str | None
    by_role: dict[str, list[Citation]] = field(default_factory=lambda: {role: [] for role in ROLES})

    @property
    def status(self) -> dict[str, bool]:
        return {role: bool(self.by_role[role]) for role in ROLES}

    def as_json(self) -> dict:
        return {
            "id": self.item_id,
            "kind": self.kind,
            "label": self.label,
            "not_observable": self.not_observable,
            **{role: [c.as_json() for c in self.by_role[role]] for role in ROLES},
            "status": self.status,
        }


@dataclass
class Coverage:
    items: dict[str, ItemCoverage]
    unknown: list[Citation]

    def problems(self) -> list[Problem]:
        """Each citation of an ID the spec does not have, as a located problem."""
        return [Problem(c.file or c.by, c.line, c.role, f"{c.by} cites unknown rule ID {c.rule_id!r}") for c in self.unknown]

    def totals(self) -> dict[str, int]:
        totals = {"clauses": len(self.items), "not_observable": sum(1 for i in self.items.values() if i.not_observable)}
        for role in ROLES:
            totals[role] = sum(1 for i in self.items.values() if i.by_role[role])
        return totals

    def summary(self) -> str:
        totals = self.totals()
        return (
            f"{totals['clauses']} clauses: {totals['implements']} implemented, {totals['proves']} proved, "
            f"{totals['tests']} tested by scenarios, {totals['checks']} checked by project tests, "
            f"{totals['not_observable']} not observable by an engine"
        )

    def as_json(self) -> dict:
        return {
            "totals": self.totals(),
            "items": [i.as_json() for i in self.items.values()],
            "unknown": [c.as_json() for c in self.unknown],
        }


def coverage(spec: Spec, tests_dir: Path | None = None, citations: list[Citation] | None = None) -> Coverage:
    if citations is None:
        citations = all_citations(tests_dir)
    items = {
        item.id: ItemCoverage(item.id, item.kind, item.label, item.not_observable)
        for item in spec
        if item.kind in CLAUSE_KINDS
    }
    unknown = []
    for citation in citations:
        if citation.rule_id not in spec:
            unknown.append(citation)
        elif citation.rule_id in items:
            items[citation.rule_id].by_role[citation.role].append(citation)
    return Coverage(items, unknown)
