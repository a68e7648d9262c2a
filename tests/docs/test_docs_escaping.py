"""Generated reST quotes what it embeds (issue 23): a scenario title, a spec document's title and
file name, an engine report's name, however hostile, render as text, never as live HTML."""

import dataclasses
import re

import pytest
from docutils.core import publish_parts

from mtgrules.docs import reference_pages, rule_pages, trace
from mtgrules.spec import load_spec
from mtgrules.spec.coverage import coverage
from mtgrules.spec.trace import Citation

SCRIPT = "<script>alert(1)</script>"
RAW = "x\n\n.. raw:: html\n\n   <script>alert(2)</script>\n\ny"


def _html(rst: str) -> str:
    # docutils alone: its raw directive is on, as a hostile text would want; Sphinx's own roles and
    # toctree (registered globally once a build ran in this process) need a Sphinx build: left out
    rst = re.sub(r":rule:`([^`]*)`", r"\1", rst).replace(".. toctree::", ".. not-a-directive::")
    return publish_parts(rst, writer="html", settings_overrides={"report_level": 5, "halt_level": 5, "raw_enabled": True})["body"]


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def test_a_scenario_title_is_escaped(spec):
    cited = [Citation("flashback.a", "tests", "evil-scenario", file="conformance/scenarios/evil.yaml", detail=SCRIPT),
             Citation("flashback.a", "tests", "evil-2", file="x`` y.yaml", detail=RAW)]
    context = trace.BuildContext(spec, coverage(spec, citations=cited), {"conformance": True, "model": True, "proofs": True})
    html = _html(reference_pages.scenarios_inc(context))
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html


def test_a_document_title_and_file_are_escaped(spec):
    document = next(iter(spec.documents.values()))
    spec.documents[document.id] = dataclasses.replace(document, title=SCRIPT + RAW, file=RAW)
    try:
        names = rule_pages.page_names(spec)
        html = _html(rule_pages.rules_index(spec, names, {}))
    finally:
        spec.documents[document.id] = document
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html
