"""Loading rule-set files (custom rules and the core rules) with file:line:field errors.

A rule set is YAML validated against ``ruleset.schema.json``; then every vocabulary term, every
rule ID (clause IDs that are spec IDs, ``rules:``, ``precedence``, ``defined_by``) is checked.
A clause whose ID is a spec ID must carry that spec item's text verbatim.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgrules import yamlio
from mtgrules.problems import InputError, Problem
from mtgrules.schemas import schema_problems

from . import vocabulary as voc

HERE = Path(__file__).resolve().parent
SCHEMA = HERE / "ruleset.schema.json"
CORE = HERE / "core_rules.yaml"
DYN = HERE / "custom" / "dyn.yaml"


@dataclass
class Clause:
    id: str
    text: str
    when: Any
    then: Any
    origin: str  # the rule set's id ("core" for the core rules)
    file: str
    line: int | None
    rules: tuple[str, ...] = ()
    cites: tuple[dict, ...] = ()
    note: str | None = None
    covers: tuple[dict, ...] = ()  # the situations the text covers (conditions within `when`)
    leaves_out: tuple[dict, ...] = ()  # {situation, reason}: what the formalization leaves out

    @property
    def is_core(self) -> bool:
        return self.origin == "core"


@dataclass
class RuleSet:
    id: str
    title: str
    file: str
    edition: str | None
    with_core: bool
    scope: Any
    questions: list[dict]
    terms: list[dict]
    precedence: list[dict]
    clauses: list[Clause]
    lines: dict[str, int] = field(default_factory=dict)
    declares: dict = field(default_factory=dict)  # {keywords|supertypes|layouts: [{name, defined_by}]}

    @property
    def declared(self) -> dict[str, tuple[str, ...]]:
        """The words the set introduces, as extra values of the situation variables."""
        return voc.declared_values(self.declares)

    def clause(self, clause_id: str) -> Clause | None:
        return next((c for c in self.clauses if c.id == clause_id), None)


def _spec():
    try:
        from mtgrules.spec import load_spec

        return load_spec()
    except Exception:  # the spec is checked by its own command; without it only IDs go unchecked
        return None


def load(path: str | Path, known_ids: set[str] | None = None) -> RuleSet:
    """Load and check one rule set; raise InputError with every problem found.

    ``known_ids``: clause IDs defined elsewhere (the core rules) that precedence may name.
    """
    path = Path(path)
    doc = yamlio.load(path)
    problems = schema_problems(doc, SCHEMA)
    if problems:
        raise InputError(problems)
    data = doc.data
    spec = _spec()
    meta = data["ruleset"]
    declared = voc.declared_values(data.get("declares"))
    for kind, items in sorted((data.get("declares") or {}).items()):
        known = voc.SITUATION[voc.DECLARABLE[kind]]
        for n, d in enumerate(items):
            if d["name"] in known:
                problems.append(doc.problem(["declares", kind, n, "name"], f"`{d['name']}` is already a value of `{voc.DECLARABLE[kind]}` in the vocabulary: nothing to declare"))
    problems += [doc.problem(p, m) for p, m in voc.check_condition(meta.get("scope"), ["ruleset", "scope"], "situation", declared)]
    questions = meta.get("questions", [])
    for n, q in enumerate(questions):
        if q["outcome"] not in voc.OUTCOMES:
            problems.append(doc.problem(["ruleset", "questions", n, "outcome"], f"unknown outcome `{q['outcome']}`" + voc._suggest(q["outcome"], voc.OUTCOMES)))
        problems += [doc.problem(p, m) for p, m in voc.check_condition(q.get("when"), ["ruleset", "questions", n, "when"], "situation", declared)]
    for n, t in enumerate(data.get("terms", [])):
        problems += [doc.problem(p, m) for p, m in voc.check_condition(t["means"], ["terms", n, "means"], "situation", declared)]
    clauses: list[Clause] = []
    seen: dict[str, int] = {}
    for n, c in enumerate(data["clauses"]):
        base = ["clauses", n]
        if c["id"] in seen:
            problems.append(doc.problem(base + ["id"], f"duplicate clause ID {c['id']!r}, first at line {doc.line(['clauses', seen[c['id']], 'id'])}"))
        seen[c["id"]] = n
        problems += [doc.problem(p, m) for p, m in voc.check_condition(c.get("when"), base + ["when"], "situation", declared)]
        problems += [doc.problem(p, m) for p, m in voc.check_outcome(c.get("then"), base + ["then"], declared)]
        for m, cover in enumerate(c.get("covers", [])):
            problems += [doc.problem(p, msg) for p, msg in voc.check_condition(cover, base + ["covers", m], "situation", declared)]
        if spec is not None:
            spec_id, _, part = c["id"].partition("/")
            if spec_id in spec:
                item = spec[spec_id]
                if item.text is not None and not part and item.text != c["text"]:
                    problems.append(doc.problem(base + ["text"], f"text differs from spec item {spec_id} ({item.spec_file}:{item.spec_line}); it must be verbatim"))
                elif item.text is not None and part and c["text"] not in item.text:
                    problems.append(doc.problem(base + ["text"], f"text of part {part!r} is not verbatim in spec item {spec_id} ({item.spec_file}:{item.spec_line})"))
            elif meta["id"] != "core" and "." in spec_id and spec_id.split(".")[0] in {i.document for i in spec}:
                problems.append(doc.problem(base + ["id"], f"unknown rule ID {spec_id!r}: not in the spec (document {spec_id.split('.')[0]!r})"))
            for m, rule in enumerate(c.get("rules", [])):
                if rule not in spec:
                    problems.append(doc.problem(base + ["rules", m], f"unknown rule ID {rule!r}"))
        clauses.append(
            Clause(
                id=c["id"],
                text=c["text"],
                when=c.get("when") or {},
                then=c.get("then") or {},
                origin=meta["id"],
                file=str(path),
                line=doc.line(base),
                rules=tuple(c.get("rules", ())),
                cites=tuple(c.get("cites", ())),
                note=c.get("note"),
                covers=tuple(c.get("covers", ())),
                leaves_out=tuple(c.get("leaves_out", ())),
            )
        )
    ids = set(seen) | (known_ids or set())
    for n, p in enumerate(data.get("precedence", [])):
        for key, targets in (("rule", [p["rule"]]), ("over", p["over"])):
            for m, target in enumerate(targets):
                if target not in ids and not (any(ch in target for ch in "*?[") and any(fnmatch.fnmatchcase(i, target) for i in ids)):
                    where = ["precedence", n, key] + ([m] if key == "over" else [])
                    problems.append(doc.problem(where, f"unknown clause ID {target!r}" + voc._suggest(target, ids)))
        for m, name in enumerate(p.get("on", [])):
            if name not in voc.OUTCOMES:
                problems.append(doc.problem(["precedence", n, "on", m], f"unknown outcome `{name}`" + voc._suggest(name, voc.OUTCOMES)))
    for n, t in enumerate(data.get("terms", [])):
        if t.get("defined_by") and t["defined_by"] not in seen:
            problems.append(doc.problem(["terms", n, "defined_by"], f"unknown clause ID {t['defined_by']!r}"))
    for kind, items in sorted((data.get("declares") or {}).items()):
        for n, d in enumerate(items):
            if d.get("defined_by") and d["defined_by"] not in seen:
                problems.append(doc.problem(["declares", kind, n, "defined_by"], f"unknown clause ID {d['defined_by']!r}" + voc._suggest(d["defined_by"], seen)))
    if problems:
        raise InputError(problems)
    return RuleSet(
        id=meta["id"],
        title=meta["title"],
        file=str(path),
        edition=meta.get("edition"),
        with_core=meta.get("core", True),
        scope=meta.get("scope") or {},
        questions=questions,
        terms=data.get("terms", []),
        precedence=data.get("precedence", []),
        clauses=clauses,
        lines={c.id: c.line for c in clauses},
        declares=data.get("declares") or {},
    )


def load_core() -> RuleSet:
    return load(CORE)


def load_with_core(path: str | Path) -> tuple[RuleSet, RuleSet | None]:
    """The rule set at ``path`` and, if it asks for them, the core rules."""
    core = load_core()
    if Path(path).resolve() == CORE:
        return core, None
    custom = load(path, known_ids={c.id for c in core.clauses})
    return custom, (core if custom.with_core else None)


def problems_of(path: str | Path) -> list[Problem]:
    try:
        load_with_core(path)
    except InputError as exc:
        return exc.problems
    return []
