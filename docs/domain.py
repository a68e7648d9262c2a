"""A Sphinx domain for rule items: ``.. rules:item:: ID`` and the role ``:rule:``.

``.. rules:item:: flashback.a`` renders the spec item (its printed and current numbers, edition,
verbatim text with its cross-references as links, rulings, readings) and, when the build has
traceability data (see :mod:`mtgrules.docs.trace`), what implements, proves and tests it. Each
item gets the anchor ``rule-<ID>``, an entry in the general index and the search index for its
ID, its printed number and its current number, and an entry in the domain's rule index.

``:rule:`flashback.a```, ``:rule:`702.32a@pre-2013``` (printed number and edition) and
``:rule:`702.34a``` (current number) link to the item; ``:rule:`Flashback <flashback.a>``` sets
the link text. The role works in any page and in docstrings rendered by autodoc. A target that
does not resolve is a warning (so ``-W`` fails the build), as is an ambiguous current number.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain, Index, IndexEntry, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from . import trace as trace_module
from . import edition_numbers, trace_view

logger = logging.getLogger(__name__)

ANCHOR_PREFIX = "rule-"
_NUMBER_AT = re.compile(r"^(?P<number>[^@\s]+)@(?P<edition>\S+)$")


def anchor(item_id: str) -> str:
    """The HTML anchor of a rule item: ``rule-`` and its ID (``rule-flashback.a``)."""
    return ANCHOR_PREFIX + item_id


def _xref(target: str, text: str, env, classes: Iterable[str] = ()) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        "", refdomain="rules", reftype="rule", reftarget=target, refexplicit=True, refwarn=True, refdoc=env.docname
    )
    ref += nodes.inline(text, text, classes=["xref", "rule", *classes])
    return ref


def _label(item) -> str:
    return item.printed or item.id


class RuleItem(SphinxDirective):
    """``.. rules:item:: ID`` renders a spec item; ``:no-index:`` for a second mention."""

    required_arguments = 1
    optional_arguments = 0
    has_content = True
    option_spec = {"no-index": directives.flag, "noindex": directives.flag, "no-trace": directives.flag}

    def run(self) -> list[nodes.Node]:
        context = trace_module.context_for(self.env)
        item_id = self.arguments[0].strip()
        spec = context.spec
        if item_id not in spec:
            logger.warning("rules:item: unknown rule ID %r", item_id, location=self.get_location(), type="rules", subtype="item")
            return []
        item = spec[item_id]
        index_it = "no-index" not in self.options and "noindex" not in self.options

        desc = addnodes.desc(domain="rules", objtype="item", desctype="item", classes=["rules", "item", f"kind-{item.kind}"])
        desc["noindex"] = not index_it
        signature = addnodes.desc_signature("", "")
        signature["classes"].append("rule-signature")
        signature += addnodes.desc_name(_label(item), _label(item))
        if item.title and item.kind in ("section", "reference"):
            signature += addnodes.desc_annotation(" " + item.title, " " + item.title)
        signature += addnodes.desc_annotation(f"  [{item.edition}]", f"  [{item.edition}]", classes=["rule-edition"])
        desc += signature
        content = addnodes.desc_content()
        desc += content
        result: list[nodes.Node] = []

        if index_it:
            node_id = anchor(item.id)
            signature["ids"].append(node_id)
            self.state.document.note_explicit_target(signature)
            domain: RulesDomain = self.env.get_domain("rules")  # type: ignore[assignment]
            document = spec.documents.get(item.document)
            domain.note_item(item, document.title if document else item.document, item.edition == spec.current_edition,
                             self.env.docname, node_id, self.get_location())
            result.append(addnodes.index(entries=index_entries(item, spec, node_id)))

        text = item.text if item.text is not None else None
        if text:
            block = nodes.container(classes=["rule-text"])
            for line in text.split("\n"):
                para = nodes.paragraph()
                para += list(_linked_text(line, item, self.env))
                block += para
            content += block
        elif item.text_absent:
            absent = f"No text: {item.text_absent}" + ("" if item.text_absent.endswith((".", "!", "?")) else ".")
            content += nodes.paragraph(absent, "", nodes.emphasis(absent, absent))
        content += self._numbers(item, spec)
        content += edition_numbers.paragraph(context.edition_numbers.get(item.id, []))
        traced = "no-trace" not in self.options and item.kind not in ("section", "reference")
        status, collapsed = trace_view.trace_block(item, context, self.env, self._facts(item, spec), traced)
        content += status  # the one-line status, then readings and notes, then the details, collapsed
        content += self._notes(item)
        content += collapsed
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, content)
        result.append(desc)
        return result

    def _numbers(self, item, spec) -> list[nodes.Node]:
        """One line: the number as printed in its edition, and the current number."""
        parts: list[nodes.Node] = []
        if item.printed:
            parts += [nodes.literal(item.printed, item.printed), nodes.Text(f" as printed ({item.edition})")]
        if item.current and not (item.current == item.printed and item.edition == spec.current_edition):
            if parts:
                parts.append(nodes.Text(" \u00b7 "))
            parts += [nodes.literal(item.current, item.current), nodes.Text(f" in the current rules ({spec.current_edition})")]
        elif item.printed and item.edition == spec.current_edition:
            parts.append(nodes.Text(" = the current number"))
        elif item.printed and item.kind not in ("ruling", "example"):
            parts.append(nodes.Text(" \u00b7 no current number"))
        if not parts:
            return []
        return [nodes.paragraph("", "", nodes.strong("Numbers: ", "Numbers: "), *parts, classes=["rule-numbers"])]

    def _facts(self, item, spec) -> list[nodes.Node]:
        """A field list: ID, kind, printed number and edition, current number, source, parent."""
        fields = nodes.field_list(classes=["rule-facts"])

        def add(name: str, *body: nodes.Node) -> None:
            para = nodes.paragraph()
            para += list(body)
            fields.append(nodes.field("", nodes.field_name(name, name), nodes.field_body("", para)))

        add("ID", nodes.literal(item.id, item.id))
        add("Kind", nodes.Text(item.kind))
        edition = spec.editions.get(item.edition)
        edition_text = f"{item.edition}" + (f": {edition.title}" if edition else "")
        if item.printed:
            add("Printed", nodes.literal(item.printed, item.printed), nodes.Text(f" in edition {edition_text}"))
        else:
            add("Edition", nodes.Text(edition_text))
        if item.current:
            add("Current number", nodes.literal(item.current, item.current), nodes.Text(f" (rules of {spec.current_edition})"))
        elif item.kind not in ("ruling",):
            add("Current number", nodes.Text("none"))
        if item.current_note:
            add("Numbering note", nodes.Text(item.current_note))
        if item.source:
            lines = f"{item.source.line}" + (f"-{item.source.end_line}" if item.source.end_line and item.source.end_line != item.source.line else "")
            add("Source", nodes.literal(item.source.file, item.source.file), nodes.Text(f" line {lines}"))
        if item.parent and item.parent in spec:
            add("Part of", _xref(item.parent, _label(spec[item.parent]), self.env))
        def links(ids: Iterable[str], number: bool = True) -> list[nodes.Node]:
            body: list[nodes.Node] = []
            for n, target in enumerate(ids):
                if n:
                    body.append(nodes.Text(", "))
                body.append(_xref(target, _label(spec[target]) if number and target in spec else target, self.env))
            return body

        if item.explains:
            add("Explains", *links(item.explains))
        clauses = [c for c in item.children if spec[c].kind != "ruling"]
        if clauses:
            add("Clauses", *links(clauses))
        if item.rulings:
            add("Rulings", *links(item.rulings, number=False))
        if item.refs:
            body: list[nodes.Node] = []
            for n, ref in enumerate(item.refs):
                if n:
                    body.append(nodes.Text("; "))
                body.append(nodes.literal(ref.cites, ref.cites))
                body.append(nodes.Text(" \u2192 "))
                for m, target in enumerate(ref.to):
                    if m:
                        body.append(nodes.Text(", "))
                    label = target
                    if target in spec:
                        ti = spec[target]
                        label = f"{_label(ti)} ({ti.title})" if ti.title and ti.kind == "reference" else _label(ti)
                    body.append(_xref(target, label, self.env))
            add("Cross-references", *body)
        return [fields]

    def _notes(self, item) -> list[nodes.Node]:
        """Typos kept verbatim, readings of ambiguities, why a clause is not observable, notes."""
        out: list[nodes.Node] = []
        if item.typos:
            lst = nodes.bullet_list(classes=["rule-typos"])
            for typo in item.typos:
                para = nodes.paragraph()
                para += [nodes.Text("Typo kept verbatim: "), nodes.literal(typo.verbatim, typo.verbatim), nodes.Text(", read as "),
                         nodes.literal(typo.reading, typo.reading)]
                if typo.note:
                    para += nodes.Text(f" ({typo.note})")
                lst += nodes.list_item("", para)
            out.append(lst)
        if item.readings:
            rubric = nodes.rubric("Readings", "Readings")
            out.append(rubric)
            lst = nodes.definition_list(classes=["rule-readings"])
            for reading in item.readings:
                lst += nodes.definition_list_item(
                    "", nodes.term(reading.question, reading.question), nodes.definition("", nodes.paragraph(reading.reading, reading.reading))
                )
            out.append(lst)
        if item.not_observable:
            out.append(nodes.paragraph("", "", nodes.strong("Not observable: ", "Not observable: "), nodes.Text(item.not_observable)))
        if item.notes:
            out.append(nodes.paragraph("", "", nodes.strong("Note: ", "Note: "), nodes.Text(item.notes)))
        return out


def _linked_text(line: str, item, env) -> Iterable[nodes.Node]:
    """The text with each cross-reference (``cites`` as written) linked to its first target."""
    spans: list[tuple[int, int, str]] = []
    for ref in item.refs:
        if not ref.to:
            continue
        start = line.find(ref.cites)
        while start >= 0 and any(s <= start < e or s < start + len(ref.cites) <= e for s, e, _ in spans):
            start = line.find(ref.cites, start + 1)
        if start >= 0:
            spans.append((start, start + len(ref.cites), ref.to[0]))
    position = 0
    for start, end, target in sorted(spans):
        if start > position:
            yield nodes.Text(line[position:start])
        yield _xref(target, line[start:end], env, classes=["rule-citation"])
        position = end
    if position < len(line):
        yield nodes.Text(line[position:])


def index_entries(item, spec, node_id: str) -> list[tuple[str, str, str, str, str | None]]:
    """General-index (and search-index) entries: the ID, the printed number, the current number."""
    name = f"{item.id} ({item.title})" if item.title else item.id
    entries = [("single", f"{item.id}", node_id, "main", None)]
    if item.printed:
        entries.append(("single", f"{item.printed}; {name} [{item.edition}]", node_id, "main", _group(item.printed)))
    if item.current and not (item.current == item.printed and item.edition == spec.current_edition):
        entries.append(("single", f"{item.current}; {name} [current number]", node_id, "main", _group(item.current)))
    return entries


#: The general index's group of the entries by number (instead of "Symbols").
NUMBER_GROUP = "Rules by number"


def _group(number: str) -> str | None:
    return NUMBER_GROUP if number[:1].isdigit() else None


class RuleRole(XRefRole):
    """``:rule:`TARGET``` outside the domain prefix: the same as ``:rules:rule:``."""

    def run(self):
        self.name = "rules:rule"
        return super().run()


class RulesIndex(Index):
    """Every rule item by document and number (``rules-index.html``)."""

    name = "index"
    localname = "Rule index"
    shortname = "rules"

    def generate(self, docnames: Iterable[str] | None = None) -> tuple[list[tuple[str, list[IndexEntry]]], bool]:
        domain: RulesDomain = self.domain  # type: ignore[assignment]
        groups: dict[str, list[IndexEntry]] = {}
        for item_id, data in domain.items.items():
            if docnames and data["docname"] not in docnames:
                continue
            group = data["document_title"] or data["document"]
            name = data["printed"] or item_id
            extra = data["edition"] + (f", now {data['current']}" if data["current"] and data["current"] != data["printed"] else "")
            groups.setdefault(group, []).append(IndexEntry(name, 0, data["docname"], data["anchor"], extra, item_id, data["summary"]))
        content = [(group, sorted(entries, key=lambda e: _number_key(e.name))) for group, entries in sorted(groups.items())]
        return content, False


def _number_key(text: str) -> list:
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", text)]


class RulesDomain(Domain):
    """The ``rules`` domain: rule items of the spec, resolvable by ID or by number."""

    name = "rules"
    label = "Rules"
    object_types = {"item": ObjType("rule item", "rule")}
    directives = {"item": RuleItem}
    roles = {"rule": XRefRole(warn_dangling=True)}
    indices = [RulesIndex]
    initial_data: dict[str, Any] = {"items": {}}
    dangling_warnings = {"rule": "unknown rule %(target)r (give an ID such as flashback.a, NUMBER@EDITION or a current number)"}

    @property
    def items(self) -> dict[str, dict]:
        return self.data.setdefault("items", {})

    def note_item(self, item, document_title: str, is_current: bool, docname: str, node_id: str, location=None) -> None:
        if item.id in self.items and self.items[item.id]["docname"] != docname:
            other = self.items[item.id]["docname"]
            logger.warning("rule item %r is already described in %s; use :no-index: here", item.id, other, location=location,
                           type="rules", subtype="duplicate")
        self.items[item.id] = {
            "docname": docname,
            "anchor": node_id,
            "printed": item.printed,
            "edition": item.edition,
            "current": item.current,
            "kind": item.kind,
            "document": item.document,
            "document_title": document_title,
            "is_current": is_current,
            "summary": item.summary,
            "label": item.label,
        }

    def clear_doc(self, docname: str) -> None:
        for item_id, data in list(self.items.items()):
            if data["docname"] == docname:
                del self.items[item_id]

    def merge_domaindata(self, docnames, otherdata: dict) -> None:
        for item_id, data in otherdata.get("items", {}).items():
            if data["docname"] in docnames:
                self.items[item_id] = data

    def find(self, target: str, location=None) -> str | None:
        """The ID an xref target names: an ID, ``NUMBER@EDITION``, a current or printed number."""
        target = target.strip()
        if target in self.items:
            return target
        match = _NUMBER_AT.match(target)
        if match:
            found = [i for i, d in self.items.items() if d["printed"] == match["number"] and d["edition"] == match["edition"]]
            found = [i for i in found if self.items[i]["kind"] not in ("ruling", "example")] or found
        else:
            found = [i for i, d in self.items.items() if d["current"] == target]
            if not found:
                wanted = target.upper() if target.lower().startswith("dyn.") else target
                found = [i for i, d in self.items.items() if d["printed"] == wanted]
        if len(found) > 1:
            narrowed = [i for i in found if self.items[i]["is_current"]] or found
            narrowed = [i for i in narrowed if self.items[i]["kind"] != "reference"] or narrowed
            if len(narrowed) > 1 and any(self.items[i]["kind"] != "reference" for i in narrowed):
                logger.warning("rule %r is ambiguous (%s): cite it by ID", target, ", ".join(sorted(narrowed)), location=location,
                               type="rules", subtype="ambiguous")
            found = narrowed
        return found[0] if found else None

    def resolve_xref(self, env, fromdocname, builder, typ, target, node, contnode):
        item_id = self.find(target, location=node)
        if item_id is None:
            return None
        data = self.items[item_id]
        return make_refnode(builder, fromdocname, data["docname"], data["anchor"], contnode, f"{data['label']}: {data['summary']}")

    def resolve_any_xref(self, env, fromdocname, builder, target, node, contnode):
        resolved = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [("rules:rule", resolved)] if resolved is not None else []

    def get_objects(self):
        for item_id, data in self.items.items():
            yield item_id, data["label"], "item", data["docname"], data["anchor"], 1

    def get_full_qualified_name(self, node):
        return node.get("reftarget")


def setup(app) -> dict:
    trace_view.setup(app)
    app.add_domain(RulesDomain)
    app.add_role("rule", RuleRole(warn_dangling=True))
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
