"""Compare two ``mtgrules conform --json`` reports scenario by scenario.

    differences = compare(before_report, after_report, fields=("outcome", "detail"))

Only the fields that say what happened are compared (by default the outcome and the detail);
timings, file paths, handshakes and summaries are ignored, since they differ between any two
runs or checkouts. This is how a refactoring shows that it changed nothing: run the corpus
before and after, then ``mtgrules conform-diff BEFORE.json AFTER.json`` (exit 1 on any
difference).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from mtgrules import jsonio
from mtgrules.problems import InputError, Problem

from .results_file import OUTCOMES

#: The fields of a result that may be compared (a result's other fields are volatile or derived).
COMPARABLE = ("outcome", "detail", "failures", "trace", "edition", "error_kind", "rules", "features", "section")
DEFAULT_FIELDS = ("outcome", "detail")


@dataclass(frozen=True)
class Difference:
    """One scenario that differs: missing from one report, or a field with two values."""

    scenario: str
    field: str  # "presence" when the scenario is in one report only
    before: object
    after: object

    def as_json(self) -> dict:
        return {"scenario": self.scenario, "field": self.field, "before": self.before, "after": self.after}

    def lines(self) -> list[str]:
        """The difference for a reader, indented under its scenario's ID."""
        if self.field == "presence":
            return ["  in the after report only" if self.before is None else "  in the before report only"]
        return [f"  {self.field}:", f"    before: {_text(self.before)}", f"    after:  {_text(self.after)}"]


def render(differences: list[Difference]) -> str:
    """The differences grouped by scenario, with a closing count."""
    out, last = [], None
    for d in differences:
        if d.scenario != last:
            out.append(d.scenario)
            last = d.scenario
        out += d.lines()
    scenarios = len({d.scenario for d in differences})
    out.append(f"{scenarios} scenario(s) differ" if differences else "no differences")
    return "\n".join(out)


def _text(value) -> str:
    if isinstance(value, str):
        return value or "(empty)"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def load_report(path: str | Path) -> dict[str, dict]:
    """The results of a ``conform --json`` report, by scenario ID; bad input is an InputError."""
    path = Path(path)
    data = jsonio.load(path)
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, list):
        raise InputError([Problem(str(path), None, "results", "not a conform --json report (no list 'results')")])
    out: dict[str, dict] = {}
    for i, r in enumerate(results):
        if not isinstance(r, dict) or not isinstance(r.get("scenario"), str):
            raise InputError([Problem(str(path), None, f"results[{i}]", "a result without a scenario ID")])
        if r.get("outcome") not in OUTCOMES:
            raise InputError([Problem(str(path), None, f"results[{i}]/outcome", f"outcome must be one of {', '.join(OUTCOMES)}, not {r.get('outcome')!r}")])
        out[r["scenario"]] = r
    return out


def compare(before: dict[str, dict], after: dict[str, dict], fields=DEFAULT_FIELDS) -> list[Difference]:
    """Every difference between two reports' results (by scenario ID, in the before report's order)."""
    unknown = [f for f in fields if f not in COMPARABLE]
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}; comparable: {', '.join(COMPARABLE)}")
    out = []
    for sid, old in before.items():
        new = after.get(sid)
        if new is None:
            out.append(Difference(sid, "presence", True, None))
            continue
        out += [Difference(sid, f, old.get(f), new.get(f)) for f in fields if old.get(f) != new.get(f)]
    out += [Difference(sid, "presence", None, True) for sid in after if sid not in before]
    return out
