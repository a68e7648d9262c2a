"""Cited rule numbers against the Comprehensive Rules editions: a citation that exists in no
edition (dangling), only in an older one (outdated numbering) or means something else today;
citations of clauses the rule set does not have; terms renamed since (converted mana cost ->
mana value). The texts are read from shared/data when it is present; otherwise the check is
reported as skipped."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from .. import vocabulary as voc
from ..rulesets import RuleSet
from .report import Finding
from .words import short as _short

_CR_FILES = {"2026-08-07": "MagicCompRules_20260807.txt", "2016-07-22": "MagicCompRules_20160722.txt", "2015-01-23": "MagicCompRules_20150123.txt"}
_NUMBER = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? (.*)$")
_CITE = re.compile(r"\b(?:rule |rules )?(\d{3}\.\d+[a-z]?)\b")
_INTERNAL = re.compile(r"\b([A-Z]{2,}\.\d+[a-z]?)\b")


@lru_cache(maxsize=4)
def _cr_rules(path: str) -> dict[str, str]:
    rules = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = _NUMBER.match(line)
        if m:
            rules.setdefault(m.group(1), m.group(2))
    return rules


@lru_cache(maxsize=2)
def _cr_words(path: str) -> tuple[frozenset, str]:
    text = Path(path).read_text(encoding="utf-8").lower().replace("’", "'")
    return frozenset(re.findall(r"[a-z]+", text)), text


def _cr_texts() -> tuple[dict[str, dict[str, str]], Path | None]:
    from mtgrules.spec.loader import shared_dir

    shared = shared_dir()
    if shared is None:
        return {}, None
    out = {}
    for edition, name in _CR_FILES.items():
        p = shared / "data" / name
        if p.is_file():
            out[edition] = _cr_rules(str(p))
    return out, shared


def reference_findings(rs: RuleSet, skipped: list[str]) -> list[Finding]:
    findings = []
    crs, shared = _cr_texts()
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except Exception:
        spec = None
        skipped.append("spec not loadable: citations not resolved through the spec")
    if not crs:
        skipped.append("shared/ data not found: cited rule numbers were not checked against the Comprehensive Rules texts")
    elif len(crs) < len(_CR_FILES):
        skipped.append(f"shared/data has only the Comprehensive Rules of {', '.join(sorted(crs))}: cited rule numbers were checked against those only")
    internal_ids = {c.id.split("/")[0].lower() for c in rs.clauses}
    for c in rs.clauses:
        for m in _INTERNAL.finditer(c.text):
            ref = m.group(1).lower()
            if ref.split(".")[0] == c.id.split(".")[0] and ref not in internal_ids and (spec is None or ref not in spec):
                findings.append(Finding("reference", [c.id], f"{c.id} cites {m.group(1)}, which is not a clause of this rule set.", subkind="dangling-cite"))
        cites = {x["number"]: x.get("about", []) for x in c.cites}
        for m in _CITE.finditer(c.text):
            cites.setdefault(m.group(1), [])
        for number, about in cites.items():
            if not crs:
                continue
            current = crs.get("2026-08-07", {})
            text_now = current.get(number)
            older = {ed: r[number] for ed, r in crs.items() if ed != "2026-08-07" and number in r}
            match_now = text_now is not None and (not about or all(a.lower() in text_now.lower() for a in about))
            match_old = {ed: t for ed, t in older.items() if not about or all(a.lower() in t.lower() for a in about)}
            if match_now:
                continue
            resolved = ""
            if spec is not None and c.id.split("/")[0] in spec:
                for ref in spec[c.id.split("/")[0]].refs:
                    if ref.cites == number:
                        targets = [spec[t] for t in ref.to if t in spec]
                        resolved = "; the spec resolves it to " + ", ".join(f"{t.id} (today {t.current})" for t in targets)
            if text_now is None and not older:
                findings.append(Finding("reference", [c.id], f"{c.id} cites rule {number}, which exists in none of the Comprehensive Rules texts available (current, 2016, 2015){resolved}.", subkind="dangling-cite"))
            elif text_now is None:
                ed = ", ".join(sorted(match_old or older))
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number}, which does not exist in the current Comprehensive Rules"
                    f"{' (section ' + number.split('.')[0] + ' is now “' + current.get(number.split('.')[0], '?') + '”)' if number.split('.')[0] in current else ''}. "
                    f"It exists in the edition(s) {ed}: “{_short((match_old or older)[sorted(match_old or older)[0]])}”. "
                    f"The document appears to use that older numbering{resolved}; a reader of today's rules cannot follow the citation."), subkind="edition"))
            else:
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number} about {', '.join(about)}; in the current Comprehensive Rules {number} reads “{_short(text_now)}”"
                    + (f", while in {', '.join(sorted(match_old))} it read “{_short(next(iter(match_old.values())))}”" if match_old else "")
                    + f": the citation means something else today{resolved}."), subkind="edition"))
    # renamed terms
    if "2026-08-07" in crs:
        current_words, current_text = _cr_words(str(shared / "data" / _CR_FILES["2026-08-07"]))
        for c in rs.clauses:
            for term, (new, note) in voc.RENAMED_TERMS.items():
                if term in c.text.lower() and term not in _body_of_current(current_text, term):
                    findings.append(Finding("term", [c.id], f"{c.id} uses “{term}”, which was {note}. Today's readers and engines look for “{new}”.", subkind="renamed-term"))
    return findings


def _body_of_current(text: str, term: str) -> str:
    # the current CR mentions old terms only in its glossary ("Converted Mana Cost: see Mana Value"); a
    # use in a numbered rule counts as current
    for line in text.splitlines():
        if term in line and _NUMBER.match(line):
            return line
    return ""

