"""The traceability of a rule item on its page: a one-line status, then the details, collapsed.

The status line (``implemented, 3 proofs, 7 scenarios; phase.rs 5/7``) is what a reader sees at
once; the field list below it (numbers and source, model code, proofs and their verdicts,
scenarios, the project's tests, custom-rules findings, engine results) sits in a ``<details>``
element that opens on a click, so a rule's text and rulings come first.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from .trace import BuildContext, finding_label, obligation_name, relative, scenario_label


class details(nodes.General, nodes.Element):
    """A collapsible block: ``<details>`` with ``summary`` (its first child's text) in HTML."""


def visit_details_html(self, node: details) -> None:
    self.body.append(self.starttag(node, "details", CLASS=" ".join(node.get("classes", []))))
    self.body.append(f"<summary>{self.encode(node['summary'])}</summary>\n")


def depart_details_html(self, node: details) -> None:
    self.body.append("</details>\n")


def _skip(self, node) -> None:
    """Other builders show the content as it is."""




def _where(citation) -> str:
    file = relative(citation.file)
    if not file:
        return ""
    return f"{file}:{citation.line}" if citation.line else file


def _viewcode_uri(fullname: str, docname: str) -> str | None:
    """The page sphinx.ext.viewcode writes for the object's module (``_modules/...#qualname``).

    Only for the model's modules, which the API page documents (so viewcode has their pages).
    """
    if not fullname.startswith("mtgrules.model."):
        return None
    import importlib as _importlib

    parts = fullname.split(".")
    for cut in range(len(parts) - 1, 1, -1):
        module = ".".join(parts[:cut])
        try:
            _importlib.import_module(module)
        except ImportError:
            continue
        up = "../" * docname.count("/")
        return f"{up}_modules/{module.replace('.', '/')}.html#{'.'.join(parts[cut:])}"
    return None


def _field(name: str, body: list[nodes.Node]) -> nodes.field:
    return nodes.field("", nodes.field_name(name, name), nodes.field_body("", *body))


def _missing(text: str) -> list[nodes.Node]:
    return [nodes.paragraph("", "", nodes.emphasis(text, text))]


def _status(text: str) -> nodes.inline:
    return nodes.inline(text, text, classes=["trace-status", f"status-{text}"])


def status_line(item, context: BuildContext) -> str:
    """One line: ``implemented, 3 proofs (3 proved), 7 scenarios; phase.rs 5/7 passed``."""
    implemented = "implemented" if context.citations(item.id, "implements") else "not implemented"
    names = {obligation_name(c.by) for c in context.citations(item.id, "proves")}
    verdicts = context.verdicts_for(item.id)
    names |= {v.get("obligation") or v.get("name") for v in verdicts}
    proofs = _count(len(names), "proof")
    if names:
        statuses = [v["status"] for v in verdicts] + ["not run"] * (len(names) - len(verdicts))
        proofs += " (" + ", ".join(f"{statuses.count(s)} {s}" for s in dict.fromkeys(statuses)) + ")"
    parts = [implemented, proofs, _count(len(context.citations(item.id, "tests")), "scenario")]
    engines = []
    scenarios = context.scenarios_for(item.id)
    for report in context.reports:
        counts = report.counts(report.for_rule(item.id, scenarios))
        ran = sum(n for o, n in counts.items() if o != "skipped")
        text = f"{report.engine} {counts.get('passed', 0)}/{ran} passed" if ran else f"{report.engine}: none run"
        if counts.get("skipped"):
            text += f", {counts['skipped']} skipped"
        engines.append(text)
    return ", ".join(parts) + ("; " + "; ".join(engines) if engines else "")


def proof_facts(verdict: dict) -> list[str]:
    """What a proof row says besides the status (``prove(ob).as_json()``; a verdicts file from an
    older ``prove --json`` may lack some): unbounded or bound N (and why), method, scope, the
    broken variants refuted, time, why it is weak or unknown."""
    out = []
    if verdict.get("reach"):
        out.append(verdict["reach"] + (f" (kept because {verdict['bound_reason']})" if verdict.get("bound_reason") else ""))
    out += [f"{k} {verdict[k]}" for k in ("method", "bound") if verdict.get(k)]
    variants = verdict.get("variants")
    if variants:
        refuted = [v["variant"] for v in variants if v.get("bites")]
        out.append(f"broken variants refuted: {len(refuted)} of {len(variants)}" + (f" ({', '.join(refuted)})" if refuted else ""))
    if verdict.get("seconds") is not None:
        out.append(f"{verdict['seconds']:.2f} s")
    if verdict.get("weak_reason"):
        out.append(f"weak: {verdict['weak_reason']}")
    if verdict.get("reason"):
        out.append(f"reason: {verdict['reason']}")
    return out


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}" if n else f"no {word}s"


def trace_block(item, context: BuildContext, env, facts: list[nodes.Node], traced: bool = True) -> tuple[list[nodes.Node], list[nodes.Node]]:
    """The status line, and (collapsed) the item's ``facts`` with its traceability: model code,
    proofs and verdicts, scenarios, project tests, custom-rules findings, engine results.
    Without ``traced`` (or traceability data), no status and only the facts."""
    collapsed = details(summary="Numbers, source and traceability" if traced else "Numbers and source", classes=["rule-details"])
    collapsed += facts
    if not traced or not context.has_citations:
        return [], [collapsed]
    status = status_line(item, context)
    fields = nodes.field_list(classes=["rule-trace"])

    def citation_list(cites, link: bool = False, joiner: str = " in ", label=None) -> list[nodes.Node]:
        lst = nodes.bullet_list()
        for c in cites:
            name: nodes.Node = nodes.literal(c.by, c.by)
            if link:  # to the object's API entry (with its [source] link), when autodoc documents it
                ref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=c.by, refexplicit=False, refwarn=False,
                                            refdoc=env.docname)
                ref += name
                name = ref
            elif label is not None:
                ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label(c), refexplicit=True, refwarn=True,
                                            refdoc=env.docname)
                ref += name
                name = ref
            para = nodes.paragraph("", "", name)
            source = _viewcode_uri(c.by, env.docname) if link else None
            if source:
                para += nodes.Text(" ")
                para += nodes.reference("[source]", "[source]", refuri=source, classes=["viewcode-link"])
            if c.detail and not link:
                para += nodes.Text(f": {c.detail}")
            where = _where(c)
            if where:
                para += nodes.Text(joiner)
                para += nodes.literal(where, where)
            lst += nodes.list_item("", para)
        return [lst]

    # implemented by
    cites = context.citations(item.id, "implements")
    if cites:
        body: list[nodes.Node] = citation_list(cites, link=True, joiner=" at ")
    else:
        body = _missing("not implemented yet" if context.parts["model"] else "the reference model is not built yet")
    fields += _field("Implemented by", body)

    # proved by
    cited = context.citations(item.id, "proves")
    verdicts = {v.get("obligation") or v.get("name"): v for v in context.verdicts_for(item.id)}
    names = list(dict.fromkeys([obligation_name(c.by) for c in cited] + list(verdicts)))
    if names:
        lst = nodes.bullet_list()
        for name in names:
            para = nodes.paragraph("", "", nodes.literal(name, name), nodes.Text(": "))
            verdict = verdicts.get(name)
            if verdict:
                para += _status(verdict["status"])
                extra = proof_facts(verdict)
                if extra:
                    para += nodes.Text(" (" + "; ".join(extra) + ")")
            else:
                para += _status("not-run")
                para += nodes.Text(" (no verdict in this build)")
            citation = next((c for c in cited if obligation_name(c.by) == name), None)
            where = _where(citation) if citation else ""
            if where:
                para += nodes.Text(" at ")
                para += nodes.literal(where, where)
            lst += nodes.list_item("", para)
        body = [lst]
    else:
        body = _missing("no proof obligation yet" if context.parts["proofs"] else "the proofs are not built yet")
    fields += _field("Proved by", body)

    # tested by (conformance scenarios), each linked to its entry on the scenarios page
    cites = context.citations(item.id, "tests")
    if cites:
        body = citation_list(cites, label=lambda c: scenario_label(c.by))
    else:
        body = _missing("no scenario yet" if context.parts["conformance"] else "the conformance corpus is not built yet")
    fields += _field("Tested by scenarios", body)

    # the project's own tests
    cites = context.citations(item.id, "checks")
    if cites:
        fields += _field("Checked by tests", citation_list(cites))

    # findings of the custom-rules checker that involve the clause
    if context.custom_report is not None:
        found = []
        numbers: dict[str, int] = {}
        for finding in context.custom_report.get("findings", []):
            kind = finding.get("kind", "unknown")
            numbers[kind] = numbers.get(kind, 0) + 1
            if item.id in finding.get("clauses", []):
                found.append((kind, numbers[kind]))
        if found:
            para = nodes.paragraph()
            for n, (kind, number) in enumerate(found):
                if n:
                    para += nodes.Text(", ")
                ref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=finding_label(kind, number),
                                            refexplicit=True, refwarn=True, refdoc=env.docname)
                ref += nodes.inline(f"{kind} {number}", f"{kind} {number}")
                para += ref
            fields += _field("Custom-rules findings", [para])

    # engines
    if context.reports:
        lst = nodes.bullet_list()
        scenarios = context.scenarios_for(item.id)
        for report in context.reports:
            results = report.for_rule(item.id, scenarios)
            para = nodes.paragraph("", "", nodes.strong(report.engine, report.engine), nodes.Text(": "))
            if not results:
                para += nodes.emphasis("no scenario run", "no scenario run")
            else:
                counts = report.counts(results)
                for n, outcome in enumerate(counts):
                    if n:
                        para += nodes.Text(", ")
                    para += _status(outcome)
                    para += nodes.Text(f" {counts[outcome]}")
                bad = [r for r in results if r.outcome in ("failed", "error", "xpassed")]
                if bad:
                    para += nodes.Text(" (" + "; ".join(f"{r.scenario}: {r.outcome}" + (f", {r.detail}" if r.detail else "") for r in bad) + ")")
            lst += nodes.list_item("", para)
        fields += _field("Engines", [lst])

    container = nodes.container(classes=["traceability"])
    container += nodes.rubric("Traceability", "Traceability")
    container += fields
    collapsed += container
    line = nodes.paragraph("", "", nodes.strong("Status: ", "Status: "), nodes.Text(status), classes=["rule-status"])
    return [line], [collapsed]


def setup(app) -> None:
    """Register the collapsible node with every builder (HTML: ``<details>``; others: its content)."""
    app.add_node(details, html=(visit_details_html, depart_details_html), latex=(_skip, _skip), text=(_skip, _skip),
                 man=(_skip, _skip), texinfo=(_skip, _skip))
