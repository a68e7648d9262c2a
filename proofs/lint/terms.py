"""Terms: words that are not words of the Comprehensive Rules (misspellings), defined terms whose
objects lie outside the rule set's scope, properties (tapped, permanent, ...) applied to
objects that cannot have them, and supertypes, keywords and layouts that are neither the rules'
nor declared by the rule set. Renamed terms are checked with the citations (``references``)."""

from __future__ import annotations

import difflib
import re

import z3

from .. import vocabulary as voc
from ..rulesets import RuleSet
from .analysis import Analysis, Unknown
from .references import _cr_texts, _cr_words
from .report import Finding
from .words import cond_words


#: Longer than any word of the Comprehensive Rules and any phrase of two of them written together.
_LONGEST_WORD = 40


def misspelling_findings(rs: RuleSet, skipped: list[str]) -> list[Finding]:
    crs = _cr_texts()
    if not crs:
        skipped.append("no Comprehensive Rules edition imported (mtgrules spec import-cr): misspelling check skipped")
        return []
    current = crs[-1]
    known = _cr_words(crs)
    own = set()
    for t in rs.terms:
        own |= set(re.findall(r"[a-z]+", t["term"].lower()))
    for words in rs.declared.values():  # the set's own words (`declares`)
        own |= {w for name in words for w in re.findall(r"[a-z]+", name)}
    vocab = sorted(w for w in known if len(w) >= 4)
    findings = []
    seen = set()
    for c in rs.clauses:
        for raw in re.findall(r"[A-Za-z]+", c.text):
            w = raw.lower()
            if len(w) < 5 or w in known or w in own or (w.startswith("non") and w[3:] in known) or raw[0].isupper() and raw[1:].islower() and c.text.find(raw) > 0 and not _sentence_start(c.text, raw):
                continue
            if len(w) > _LONGEST_WORD:
                # no word of the rules is this long: no run-together phrase or close spelling to
                # find (and both searches grow with the square of the length)
                continue
            suggestion = None
            for i in range(2, len(w) - 1):
                if w[:i] in current.words and w[i:] in current.words and current.rules_have_phrase(f"{w[:i]} {w[i:]}"):
                    suggestion = f"{w[:i]} {w[i:]}"
                    break
            if suggestion is None:
                close = difflib.get_close_matches(w, vocab, n=1, cutoff=0.85)
                suggestion = close[0] if close else None
            if suggestion and (c.id, w) not in seen:
                seen.add((c.id, w))
                findings.append(Finding("term", [c.id], f"{c.id} writes “{raw}”, which is not a word of the Comprehensive Rules; the defined term is “{suggestion}”. A search for the term (by a reader or a tool) will miss this clause.", subkind="misspelling"))
    return findings


def _sentence_start(text: str, word: str) -> bool:
    i = text.find(word)
    return i == 0 or text[:i].rstrip().endswith((".", ":", "(", "\n"))


def scope_and_property_findings(an: Analysis) -> list[Finding]:
    findings = []
    v = an.v
    custom_terms = {t["term"].lower(): t["means"] for t in an.custom.terms}
    terms = {**voc.TERMS, **custom_terms}
    for c in an.custom.clauses:
        s = an.limits.solver()
        s.add(*an.wf, an.scope, an.guards[c.id])
        r = s.check()
        if r == z3.unknown:
            an.unknowns.append(Unknown(f"scope of {c.id}", s.reason_unknown()))
            continue
        if r == z3.unsat:
            culprits = []
            for term, means in terms.items():
                if re.search(r"\b" + re.escape(term) + r"s?\b", c.text, re.I):
                    t = an.limits.solver()
                    t.add(*an.wf, an.scope, voc.compile_condition(v, means))
                    if t.check() == z3.unsat:
                        culprits.append(term)
            if culprits:
                expl = (f"{c.id} speaks of “{culprits[0]}”, a term whose objects are outside this rule set's scope ({cond_words(an.custom.scope)}), so as written "
                        f"the clause applies to no object the rule set is about. If “{culprits[0]}” is a slip for the set's own term, the clause must be corrected; "
                        "as written it changes the rules for those other objects instead.")
            else:
                expl = f"{c.id} applies in no situation within the rule set's scope ({cond_words(an.custom.scope)}): its condition ({cond_words(c.when)}) excludes them all."
            findings.append(Finding("term", [c.id], expl, subkind="scope"))
        for pattern, prop in voc.PROPERTY_WORDS.items():
            if not re.search(pattern, c.text, re.I):
                continue
            t = an.limits.solver()
            t.add(*an.wf, an.scope, an.guards[c.id], voc.compile_condition(v, voc.PROPERTY_DOMAINS[prop]))
            r = t.check()
            if r == z3.unsat:
                findings.append(Finding("term", [c.id], (
                    f"{c.id} applies “{prop}” to an object that cannot have it: the clause is about {cond_words(c.when)}, and only an object with "
                    f"{cond_words(voc.PROPERTY_DOMAINS[prop])} can be {voc.PROPERTY_PHRASES.get(prop, prop)}. That part of the clause can never matter as written."), subkind="property"))
            elif r == z3.unknown:
                an.unknowns.append(Unknown(f"property {prop} of {c.id}", t.reason_unknown()))
    return findings


_Q = "[“\"]"
_EQ = "[”\"]"
#: Where a clause's text names a supertype, a keyword or a layout: (kind, pattern of the word).
_NAMED = (
    # quoted (“the “Dynamic” supertype”), or a capitalized word before “supertype” (“the Relic
    # supertype”, “Relic is a supertype”) that is not an article
    ("supertypes", re.compile(rf"{_Q}([A-Za-z][\w -]*?){_EQ} [Ss]upertype\b|\b[Ss]upertype {_Q}([A-Za-z][\w -]*?){_EQ}"
                              r"|\b(?!(?:A|An|The|This|That|Each|Its|No)\b)([A-Z][\w-]*) (?:is a |is the )?supertype\b")),
    ("keywords", re.compile(rf"{_Q}([A-Za-z][\w -]*?){_EQ} (?:keyword|ability word)\b|\bkeyword(?: ability)? {_Q}([A-Za-z][\w -]*?){_EQ}", re.I)),
    ("layouts", re.compile(rf"{_Q}([A-Za-z][\w -]*?){_EQ} (?:layout|frame)\b|\blayout {_Q}([A-Za-z][\w -]*?){_EQ}", re.I)),
)
_KIND_WORDS = {"supertypes": "supertype", "keywords": "keyword", "layouts": "layout"}


def undeclared_findings(rs: RuleSet) -> list[Finding]:
    """A supertype, keyword or layout that a clause's text names (“the “Dynamic” supertype”,
    “the keyword “Echo Strike””) and that is neither one of the rules (the vocabulary's values;
    for keywords also any phrase of the current Comprehensive Rules) nor declared by the rule set
    (``declares``)."""
    crs = _cr_texts()
    findings = []
    for c in rs.clauses:
        for kind, pattern in _NAMED:
            variable = voc.DECLARABLE[kind]
            known = set(voc.SITUATION[variable]) | set(rs.declared.get(variable, ()))
            for m in pattern.finditer(c.text):
                raw = next(g for g in m.groups() if g)
                word = "-".join(raw.lower().split())
                if word in known or word.removesuffix("-card") in known or (kind == "layouts" and f"{raw.lower()} card" in voc.TERMS):
                    continue
                if kind == "keywords" and crs and crs[-1].rules_have_phrase(raw.lower()):
                    continue
                findings.append(Finding("term", [c.id], (
                    f"{c.id} speaks of the {_KIND_WORDS[kind]} “{raw}”, which is not a {_KIND_WORDS[kind]} of the rules ({', '.join(v for v in voc.SITUATION[variable] if v != 'none')}"
                    f"{' or the Comprehensive Rules' if kind == 'keywords' else ''}) and which the rule set does not declare. If the set introduces it, declare it "
                    f"(`declares: {{{kind}: [{{name: {word}, defined_by: {c.id}}}]}}`); otherwise the word is a slip."), subkind="undeclared"))
    return findings
