"""The rule pages: one page per rule section, a page per document for the loose rules, the index."""

from __future__ import annotations

from mtgrules.spec.coverage import CLAUSE_KINDS
from mtgrules.spec.items import Item, Spec

from .rst import lit, esc, heading
from .trace import BuildContext

def page_names(spec: Spec) -> dict[str, str]:
    """Page name of each section: the document's ID when it has one section, else the section's."""
    by_doc: dict[str, list[Item]] = {}
    for section in spec.sections():
        by_doc.setdefault(section.document, []).append(section)
    names = {}
    for doc, sections in by_doc.items():
        for section in sections:
            names[section.id] = doc if len(sections) == 1 else section.id
    return names

def section_items(spec: Spec) -> tuple[dict[str, list[Item]], dict[str, list[Item]]]:
    """Items of each section (in spec order) and, per document, the items of no section."""
    in_section: dict[str, list[Item]] = {s.id: [] for s in spec.sections()}
    loose: dict[str, list[Item]] = {}
    for item in spec:
        section = spec.section_of(item.id)
        if section is None:
            loose.setdefault(item.document, []).append(item)
        else:
            in_section[section.id].append(item)
    return in_section, loose

def _counts(items: list[Item], context: BuildContext) -> str:
    clauses = [i for i in items if i.kind in CLAUSE_KINDS]
    entries = [context.coverage.items[i.id] for i in clauses if i.id in context.coverage.items]
    parts = [f"{len(clauses)} clauses"]
    for role, word in (("implements", "implemented"), ("proves", "with proof obligations"), ("tests", "tested by scenarios")):
        parts.append(f"{sum(1 for e in entries if e.by_role[role])} {word}")
    return ", ".join(parts)

def section_page(section: Item, items: list[Item], spec: Spec, context: BuildContext) -> str:
    document = spec.documents[section.document]
    title = f"{section.printed} {section.title}" if section.printed and section.title else (section.title or section.id)
    edition = spec.editions.get(section.edition)
    out = [f".. _rules-section-{section.id}:\n", heading(esc(title), "=")]
    out.append(
        f"From *{esc(document.title)}*"
        + (f" (seed {lit(document.file)})" if document.file else "")
        + f", numbered as in edition {lit(section.edition)}"
        + (f": {esc(edition.title)}" if edition else "")
        + ".\n"
    )
    out.append(f"Coverage: {_counts(items, context)}. See :doc:`/coverage` for the whole matrix.\n")
    for item_id in reading_order(items):
        out.append(f".. rules:item:: {item_id}\n")
    return "\n".join(out)


def reading_order(items: list[Item]) -> list[str]:
    """The clauses in spec order, each followed by the rulings that explain it (a ruling that
    explains several, after the first); rulings of no clause on this page come last."""
    rulings = [i for i in items if i.kind == "ruling"]
    order: list[str] = []
    for item in items:
        if item.kind == "ruling":
            continue
        order.append(item.id)
        order += [r.id for r in rulings if r.id not in order and item.id in r.explains]
    return order + [r.id for r in rulings if r.id not in order]

def loose_page(document_id: str, items: list[Item], spec: Spec) -> str:
    document = spec.documents[document_id]
    out = [heading(esc(document.title), "=")]
    if document_id == "cr":
        out.append(
            "Rules of the Comprehensive Rules that the source documents cite, or that the model, the proofs "
            "and the scenarios rest on. They have no text here: each is numbered as the citing document "
            "numbers it (its edition) and mapped to the current rules.\n"
        )
    by_edition: dict[str, list[Item]] = {}
    for item in items:
        by_edition.setdefault(item.edition, []).append(item)
    for edition, group in by_edition.items():
        info = spec.editions.get(edition)
        out.append(heading(esc(f"Edition {edition}" + (f": {info.title}" if info else "")), "-"))
        for item in group:
            out.append(f".. rules:item:: {item.id}\n")
    return "\n".join(out)

def rules_index(spec: Spec, names: dict[str, str], loose_names: dict[str, str]) -> str:
    out = [heading("Rules", "=")]
    out.append(
        "One page per rule section, generated from the spec (``spec/*.yaml``) at build time. Each clause shows "
        "its verbatim text, its printed number and edition, its current number, its cross-references and "
        "rulings as links, and what implements, proves and tests it. Cite a rule anywhere with "
        "``:rule:`flashback.a```, ``:rule:`702.32a@pre-2013``` or ``:rule:`702.34a```; the "
        ":ref:`rules-index` lists every item by number.\n"
    )
    out.append(heading("Editions", "-"))
    out.append(".. list-table::\n   :header-rows: 1\n\n   * - edition\n     - numbering\n")
    for key, edition in spec.editions.items():
        out.append(f"   * - {lit(key)}{' (current)' if edition.current else ''}\n     - {esc(edition.title)}\n")
    for document in spec.documents.values():
        sections = [s for s in spec.sections() if s.document == document.id]
        pages = [names[s.id] for s in sections]
        if document.id in loose_names:
            pages.append(loose_names[document.id])
        if not pages:
            continue
        out.append(heading(esc(document.title), "-"))
        if document.file:
            out.append(f"Seed {lit(document.file)}, edition {lit(document.edition)}.\n")
        out.append(".. toctree::\n   :maxdepth: 1\n\n" + "".join(f"   {p}\n" for p in pages))
    return "\n".join(out)
