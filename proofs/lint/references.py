"""Cited rule numbers against the Comprehensive Rules editions: a citation that exists in no
edition (dangling), only in an older one (outdated numbering) or means something else today;
citations of clauses the rule set does not have; terms renamed since (converted mana cost ->
mana value). The editions are the indexes that ``mtgrules spec import-cr`` writes into the
project (``mtgrules.spec.editions``); without any, the check is reported as skipped."""

from __future__ import annotations

import re

from .. import vocabulary as voc
from ..rulesets import RuleSet
from .report import Finding

_CITE = re.compile(r"\b(?:rule |rules )?(\d{3}\.\d+[a-z]?)\b")
_INTERNAL = re.compile(r"\b([A-Z]{2,}\.\d+[a-z]?)\b")


def _cr_texts() -> list:
    """The imported Comprehensive Rules editions (``mtgrules spec import-cr``), oldest first;
    the last is today's rules."""
    from mtgrules.spec import editions

    return [editions.load(name) for name in editions.available()]


def _cr_words(crs: list) -> frozenset:
    """Every word of every imported edition: a word the rules use or used."""
    return frozenset().union(*(ed.words for ed in crs))


def reference_findings(rs: RuleSet, skipped: list[str]) -> list[Finding]:
    findings = []
    crs = _cr_texts()
    try:
        from mtgrules.spec import load_spec

        spec = load_spec()
    except Exception:
        spec = None
        skipped.append("spec not loadable: citations not resolved through the spec")
    if not crs:
        skipped.append("no Comprehensive Rules edition imported (mtgrules spec import-cr): cited rule numbers were not checked")
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
            current, older = crs[-1], [ed for ed in crs[:-1] if number in ed.rules]
            exists_now = number in current.rules
            match_now = exists_now and all(current.speaks_of(number, a) for a in about)
            match_old = [ed for ed in older if all(ed.speaks_of(number, a) for a in about)]
            if match_now:
                continue
            resolved = ""
            if spec is not None and c.id.split("/")[0] in spec:
                for ref in spec[c.id.split("/")[0]].refs:
                    if ref.cites == number:
                        targets = [spec[t] for t in ref.to if t in spec]
                        resolved = "; the spec resolves it to " + ", ".join(f"{t.id} (today {t.current})" for t in targets)
            if not exists_now and not older:
                names = ", ".join(ed.name for ed in reversed(crs))
                findings.append(Finding("reference", [c.id], f"{c.id} cites rule {number}, which exists in none of the Comprehensive Rules editions imported ({names}){resolved}.", subkind="dangling-cite"))
            elif not exists_now:
                eds = match_old or older
                section = number.split(".")[0]
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number}, which does not exist in the current Comprehensive Rules"
                    f"{' (section ' + section + ' is now “' + current.sections[section] + '”)' if section in current.sections else ''}. "
                    f"It exists in the edition(s) {', '.join(ed.name for ed in eds)}, {eds[0].described(number)}. "
                    f"The document appears to use that older numbering{resolved}; a reader of today's rules cannot follow the citation."), subkind="edition"))
            else:
                findings.append(Finding("reference", [c.id], (
                    f"{c.id} cites rule {number} about {', '.join(about)}; in the current Comprehensive Rules {number} ({current.described(number)}) does not speak of it"
                    + (f", while in {', '.join(ed.name for ed in match_old)} it did ({match_old[0].described(number)})" if match_old else "")
                    + f": the citation means something else today{resolved}."), subkind="edition"))
    # renamed terms: the current CR mentions old terms only in its glossary ("Converted Mana Cost: see
    # Mana Value"); a use in a numbered rule counts as current
    # a clause that quotes a spec item of an edition older than the rename (the 2016 rule 711.4b,
    # a pre-2013 ruling) is right for its edition: its text must stay verbatim, so not a finding
    if crs:
        for c in rs.clauses:
            if spec is not None and _quotes_older_edition(c.id, spec):
                continue
            for term, (new, note) in voc.RENAMED_TERMS.items():
                if term in c.text.lower() and not crs[-1].rules_have_phrase(term):
                    findings.append(Finding("term", [c.id], f"{c.id} uses “{term}”, which was {note}. Today's readers and engines look for “{new}”.", subkind="renamed-term"))
    return findings


#: The first Comprehensive Rules edition without “converted mana cost” (Strixhaven, April 2021).
_RENAMED_SINCE = "2021-04"


def _quotes_older_edition(clause_id: str, spec) -> bool:
    """Whether the clause quotes (verbatim, the loader checks it) a spec item of a dated edition
    before the rename: ``pre-2013`` or an ISO date before April 2021. DYN's edition (``dyn``) has
    no date, so its uses stay findings."""
    item = spec[clause_id.split("/")[0]] if clause_id.split("/")[0] in spec else None
    if item is None or item.text is None:
        return False
    return item.edition == "pre-2013" or (re.fullmatch(r"\d{4}-\d{2}-\d{2}", item.edition or "") is not None and item.edition < _RENAMED_SINCE)
