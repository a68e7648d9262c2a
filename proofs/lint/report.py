"""The checker's report: its findings as data, their JSON form (for machines) and their text
form (for people, ``mtgrules lint-rules FILE``)."""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("contradiction", "ambiguity", "reference", "term", "unknown")


@dataclass
class Finding:
    kind: str  # contradiction | ambiguity | reference | term | unknown
    clauses: list[str]
    explanation: str
    witness: dict | None = None
    outcomes: dict | None = None  # ambiguity: {outcome: [value1, value2]}; contradiction: what each clause requires
    scenario: dict | None = None
    subkind: str = ""  # reference/term: dangling-cite | edition | scope | property | misspelling | renamed-term
    # where each clause is: {clause, file, line} and, for a core clause, the rule IDs it
    # formalizes with their numbers in the current Comprehensive Rules ({id, current})
    locations: list[dict] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)  # who each reading of the scenario is (a clause, a value)
    alternatives: list[list[dict]] = field(default_factory=list)  # the observations that show each reading
    model: dict | None = None  # --run: the scenario's result on the reference model and the readings it takes

    def as_json(self) -> dict:
        return {
            "kind": self.kind,
            "subkind": self.subkind,
            "clauses": self.clauses,
            "explanation": self.explanation,
            "witness": self.witness,
            "outcomes": self.outcomes,
            "scenario": self.scenario,
            "locations": self.locations,
            "readings": self.readings,
            **({"model": self.model} if self.model is not None else {}),
        }


@dataclass
class Report:
    ruleset: str
    file: str
    findings: list[Finding]
    seconds: float
    cells: int
    clauses: int
    skipped: list[str] = field(default_factory=list)
    overrides_used: list[dict] = field(default_factory=list)

    def count(self, kind: str) -> int:
        return sum(1 for f in self.findings if f.kind == kind)

    def counts_text(self) -> str:
        """``2 contradiction, 1 term``: the kinds found, in the order of KINDS; "" if none."""
        return ", ".join(f"{self.count(k)} {k}" for k in KINDS if self.count(k))

    def as_json(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "file": self.file,
            "seconds": round(self.seconds, 3),
            "cells": self.cells,
            "clauses": self.clauses,
            "counts": {k: self.count(k) for k in KINDS},
            "skipped": self.skipped,
            "overrides_used": self.overrides_used,
            "findings": [f.as_json() for f in self.findings],
        }


def render(report: Report) -> list[str]:
    """The report as text lines, one paragraph per finding."""
    lines = [f"{report.file}: {report.clauses} clauses (with the core rules), {report.cells} situation cells, {report.seconds:.2f} s"]
    lines.append(f"findings: {report.counts_text() or 'none'}")
    for note in report.skipped:
        lines.append(f"skipped: {note}")
    for n, f in enumerate(report.findings, 1):
        head = f"[{n}] {f.kind}{' (' + f.subkind + ')' if f.subkind else ''}: {', '.join(f.clauses) or '-'}"
        lines.append("")
        lines.append(head)
        lines.append(f"    {f.explanation}")
        for loc in f.locations:
            rules = ", ".join(f"{r['id']}" + (f" = {r['current']}" if r.get("current") else "") for r in loc.get("rules", []))
            lines.append(f"    at {loc['file']}:{loc['line'] or '?'}: {loc['clause']}" + (f" (core; rules: {rules})" if loc.get("core") else ""))
        if f.kind == "ambiguity" and f.outcomes:
            for name, values in f.outcomes.items():
                lines.append(f"    outcomes: {name} = {values[0]}  |  {name} = {values[1]}")
        if f.witness:
            lines.append("    witness: " + ", ".join(f"{k}={v}" for k, v in f.witness.items()))
        if f.scenario:
            lines.append(f"    scenario: {f.scenario['id']}")
        if f.model is not None:
            taken = ", ".join(f.model["takes"]) or "none of the readings"
            lines.append(f"    reference model: {f.model['outcome']}" + (f"; takes the reading of {taken}" if f.readings else f" ({f.model['detail']})" if f.model.get("detail") else ""))
    if report.overrides_used:
        lines.append("")
        lines.append("precedence applied (intended overrides, not reported):")
        seen = set()
        for o in report.overrides_used:
            if o["rule"].startswith("facedown.") and (o["rule"], "*") in seen:
                continue
            if o["rule"].startswith("facedown."):
                seen.add((o["rule"], "*"))
                lines.append(f"    {o['rule']} over every clause that sets characteristics ({o['note']})")
                continue
            lines.append(f"    {o['rule']} over {o['over']} on {', '.join(o['on']) or 'everything'}")
    return lines
