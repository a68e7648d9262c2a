"""The three oracles of a generated scenario, and the checks of the reference model itself.

A generated scenario is played on the engine under test by the corpus runner (``Run.run_one``), so an
engine is judged exactly as by the corpus. Its result is read by three oracles:

1. ``observation``: an expectation read from the reference model's observation fails on the engine
   (the corpus's comparison, ``expectations.check``; a field the engine does not report is not a
   finding: both must report it);
2. ``trace``: a Z3 trace property (``proofs/traces.py``, as the runner checks them) fails on the
   engine's event log;
3. ``refused-legal`` / ``accepted-illegal``: the engine refuses a step the model accepted, or accepts
   a probe the model refused.

A finding's signature is (oracle, rule IDs, field): the unit findings are de-duplicated by. Before
any engine is asked, the model's own log is checked (``model_failures``): a crash or a broken trace
property on the model is a model bug.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mtgrules.conformance.scenarios import Scenario

from .kits import EDITION, kit_named

NOT_OBSERVABLE = "(not observable)"


def scenario(doc: dict, section: str = "fuzz") -> Scenario:
    """A scenario document (the YAML shape) as the runner's Scenario."""
    return Scenario(id=doc["id"], title=doc["title"], rules=list(doc["rules"]), source=doc["source"],
                    editions=list(doc["editions"]), features=list(doc["features"]), cards=list(doc["cards"]),
                    setup=doc["setup"], steps=list(doc["steps"]), expect=list(doc["expect"]), file="", section=section,
                    doc=None, notes=doc.get("notes"))


def document(sid: str, setup: dict, steps: list[dict], expect: list[dict], *, kits: list[str], features: list[str],
             cards: list[str], title: str | None = None, notes: str | None = None) -> dict:
    """The scenario document of a generated game (FORMAT.md's fields, in its order)."""
    rules = list(dict.fromkeys(r for k in kits for r in kit_named(k).rules))
    doc = {"id": sid, "title": title or f"Generated scenario {sid} (kits: {', '.join(kits)})", "rules": rules,
           "source": source_of(rules), "editions": [EDITION], "features": features, "cards": cards}
    if notes:
        doc["notes"] = notes
    doc.update({"setup": setup, "steps": steps, "expect": expect})
    return doc


@lru_cache(maxsize=None)
def _sources() -> dict[str, dict]:
    from mtgrules.spec.loader import project_spec

    spec, _ = project_spec()
    items = spec.items.values() if spec is not None else []
    return {i.id: {"seed": i.source.file, "line": i.source.line} for i in items
            if i.source is not None and getattr(i.source, "file", None) and getattr(i.source, "line", None)}


def source_of(rules: list[str]) -> dict:
    """The seed and line of the first of ``rules`` that has one (the generated scenario's source)."""
    known = _sources()
    return next((dict(known[r]) for r in rules if r in known), {"seed": "004_1ed1565688c40336.txt", "line": 1})


def model_failures(table, doc: dict, pool) -> list[dict]:
    """The reference model's own failures on a generated game: trace properties its log breaks."""
    from mtgrules.proofs.traces import check_log, scenario_context

    violations = check_log(table.engine.events(), scenario_context(scenario(doc), pool))
    return [{"oracle": "model-trace", "field": v.property, "rules": list(v.rules), "detail": str(v)} for v in violations]


#: The rules a step about no card is filed under (a step about a card: its kit's rules).
VERB_RULES = {"pass": ["cr.current.priority"], "resolve": ["cr.current.resolving-spells"], "advance_to": ["cr.current.priority"],
              "declare_attackers": ["cr.current.declare-attackers"], "declare_blockers": ["cr.current.declare-blockers"]}


def _rules_of(label: str | None, doc: dict, kit_of: dict[str, str], step: dict | None = None) -> list[str]:
    if label and label in kit_of:
        return list(kit_named(kit_of[label]).rules)
    if step is not None and _verb(step).split(":")[0] in VERB_RULES:
        return list(VERB_RULES[_verb(step).split(":")[0]])
    return list(doc["rules"])


def findings(result: dict, doc: dict, kit_of: dict[str, str]) -> list[dict]:
    """The findings of the three oracles in one runner result (empty when it passed or was skipped)."""
    out: list[dict] = []
    if result["outcome"] == "error":
        if result.get("error_kind") == "refused":
            i = int(re.match(r"step (\d+)", result["detail"]).group(1)) - 1
            step = doc["steps"][i]
            out.append({"oracle": "refused-legal", "field": _verb(step), "rules": _rules_of(_subject(step), doc, kit_of, step),
                        "detail": result["detail"], "step": i})
        elif result.get("error_kind") not in ("unsupported",):
            out.append({"oracle": "engine-error", "field": result.get("error_kind") or "error", "rules": list(doc["rules"]),
                        "detail": result["detail"]})
    for failure in result.get("failures") or []:
        if NOT_OBSERVABLE in failure or failure.startswith("trace property:"):
            continue
        m = re.match(r"step (\d+) \([^)]*\): expected the engine to refuse", failure)
        if m:
            step = doc["steps"][int(m.group(1)) - 1]
            out.append({"oracle": "accepted-illegal", "field": _verb(step), "rules": _rules_of(_subject(step), doc, kit_of, step),
                        "detail": failure, "step": int(m.group(1)) - 1})
            continue
        m = re.match(r"expect: (object|player) (\S+): expected (\w+)", failure)
        if m:
            label = m.group(2).rstrip(":") if m.group(1) == "object" else None
            rules = _rules_of(label, doc, kit_of) if label else []  # a player's total: no one kit's rule
            out.append({"oracle": "observation", "field": m.group(3), "rules": rules,
                        "detail": failure, "object": m.group(2).rstrip(":") if label else None,
                        "player": m.group(2).rstrip(":") if not label else None})
        elif failure.startswith("expect:"):
            out.append({"oracle": "observation", "field": "other", "rules": list(doc["rules"]), "detail": failure})
    for t in result.get("trace") or []:
        out.append({"oracle": "trace", "field": t["property"], "rules": list(t["rules"]), "detail": t["text"]})
    return out


def _verb(step: dict) -> str:
    verb = next(k for k in step if k not in ("by", "expect", "choices", "targets", "then", "note"))
    return f"{verb}:{step['alt_cost']}" if step.get("alt_cost") else verb


def _subject(step: dict) -> str | None:
    for key in ("cast", "activate", "turn_face_up", "play_land"):
        if isinstance(step.get(key), str):
            return step[key]
    return None


_OBSERVED = re.compile(r"expect: (?:object|player) (\S+?): expected (\w+) (.+), observed (.+)$")


def same_failure(first: dict, later: dict) -> bool:
    """Whether ``later`` is the failure ``first`` was, not another one with the same signature (what a
    shrunk scenario must keep, or shrinking slips to another bug): for an observation, the same object
    or player and field, with the same expected and observed values, or for a count (life, library
    size) a difference the same way; for the other oracles the signature says it all."""
    if signature(first) != signature(later):
        return False
    a, b = (_OBSERVED.match(f["detail"]) for f in (first, later))
    if first["oracle"] != "observation" or a is None or b is None:
        return True
    if a.group(1, 2) != b.group(1, 2):
        return False
    try:
        return _sign(int(a.group(4)) - int(a.group(3))) == _sign(int(b.group(4)) - int(b.group(3)))
    except ValueError:
        return a.group(3, 4) == b.group(3, 4)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def signature(finding: dict) -> str:
    """The de-duplication key of a finding: oracle, rule IDs, field."""
    return f"{finding['oracle']}|{','.join(sorted(finding['rules']))}|{finding['field']}"
