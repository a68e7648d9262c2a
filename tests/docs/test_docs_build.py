"""The documentation builds warning-free; every rule item has an anchor; every :rule: resolves."""

from __future__ import annotations

import json
import multiprocessing
import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.problems import InputError
from mtgrules.spec import load_spec



class _Page(HTMLParser):
    """The ids of a page, its links, and rule xrefs that are not inside a link (unresolved)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.unlinked_rules = 0
        self._in_a = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        if tag == "a":
            self._in_a += 1
            if attrs.get("href"):
                self.links.append(attrs["href"])
        classes = (attrs.get("class") or "").split()
        is_rule = "rule" in classes or "rules-rule" in classes  # :rule: roles and the links the domain makes
        if tag in ("span", "code") and "xref" in classes and is_rule and not self._in_a:
            self.unlinked_rules += 1

    def handle_endtag(self, tag):
        if tag == "a" and self._in_a:
            self._in_a -= 1


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def pages(built_docs) -> dict[str, _Page]:
    out = built_docs.out
    return {str(p.relative_to(out)): _parse(p) for p in out.rglob("*.html") if "_modules" not in p.parts}


def test_build_is_warning_free(built_docs):
    assert built_docs.ok
    assert built_docs.warnings == []


def test_every_spec_item_has_exactly_one_anchor(pages):
    where: dict[str, list[str]] = {}
    for name, page in pages.items():
        for anchor in page.ids:
            if anchor.startswith("rule-"):
                where.setdefault(anchor[len("rule-"):], []).append(name)
    spec = load_spec()
    missing = [item.id for item in spec if item.id not in where]
    assert missing == []
    assert {i: w for i, w in where.items() if len(w) > 1 and i in spec} == {}


def test_every_rule_role_resolves(pages):
    assert {name: p.unlinked_rules for name, p in pages.items() if p.unlinked_rules} == {}


@pytest.mark.parametrize(
    "page, target",
    [
        ("index.html", "_generated/rules/flashback.html#rule-flashback.a"),  # :rule:`flashback.a`
        ("index.html", "_generated/rules/merging.html#rule-merging.2a"),  # current number 730.2a
        ("index.html", "_generated/rules/dfc-2016.html#rule-dfc-2016.4b"),  # 711.4b@2016-04-08
        ("getting-started.html", "_generated/rules/flashback.html#rule-flashback.a"),  # 702.32a@pre-2013, 702.34a
    ],
)
def test_role_forms_link_to_the_rule(pages, page, target):
    assert target in pages[page].links


def test_rule_page_links_cross_references_and_rulings(pages):
    links = pages["_generated/rules/flashback.html"].links
    # 702.32a cites 601.2b and 601.2e-g, rules of the CR numbered as before July 2013
    assert "cr.html#rule-cr.pre-2013.announce" in links
    assert "cr.html#rule-cr.pre-2013.total-cost" in links
    assert "#rule-flashback.q5" in links


def test_rule_page_shows_text_numbers_and_traceability(built_docs, docs_inputs):
    html = (built_docs.out / "_generated/rules/flashback.html").read_text(encoding="utf-8")
    spec = load_spec()
    first_sentence = spec["flashback.a"].text.split(". ")[0]
    assert first_sentence in html
    assert "702.34a" in html and "702.32a" in html and "pre-2013" in html
    assert "Traceability" in html
    assert docs_inputs["engine"] in html and "status-failed" in html
    # one line of status for the rule, then the details collapsed
    block = html[html.index('id="rule-flashback.a"'):]
    status = re.search(r'<p class="rule-status"><strong>Status: </strong>([^<]+)</p>', block)
    assert status, "no status line"
    assert status.group(1).startswith("implemented, ")
    assert f"; {docs_inputs['engine']} 1/2 passed" in status.group(1)  # one passed, one failed in the test report
    assert "1 proved" in status.group(1)
    assert block.index("rule-status") < block.index('<details class="rule-details">') < block.index("Implemented by")


def test_proof_verdicts_are_shown(built_docs, docs_inputs):
    html = (built_docs.out / "_generated/rules/flashback.html").read_text(encoding="utf-8")
    assert docs_inputs["obligation"] in html and "status-proved" in html


def test_the_proofs_api_the_docs_run_exists():
    """`mtgrules docs` runs the proofs through registry.obligations() and obligation.prove()."""
    import importlib
    import importlib.util

    if importlib.util.find_spec("mtgrules.proofs.registry") is None:
        pytest.skip("the proofs part has no registry of obligations yet")
    registry = importlib.import_module("mtgrules.proofs.registry")
    obligation = importlib.import_module("mtgrules.proofs.obligation")
    assert callable(registry.obligations) and callable(obligation.prove)
    assert all(hasattr(ob, "name") and hasattr(ob, "rules") for ob in registry.obligations())


def test_verdicts_file_from_prove_json_is_read(tmp_path):
    from mtgrules.docs.trace import read_verdicts

    path = tmp_path / "proofs.json"
    path.write_text(json.dumps({"ok": True, "obligations": [
        {"obligation": "x", "rules": ["flashback.a"], "status": "proved", "bound": "b", "method": "bmc"},
    ]}), encoding="utf-8")
    assert read_verdicts(path)["x"]["status"] == "proved"
    path.write_text(json.dumps({"obligations": [{"obligation": "x", "rules": [], "status": "maybe"}]}), encoding="utf-8")
    with pytest.raises(InputError, match="status must be one of"):
        read_verdicts(path)


def _search_index(out: Path) -> dict:
    text = (out / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


def test_search_finds_rules_by_number_and_id(built_docs):
    index = _search_index(built_docs.out)
    docnames = index["docnames"]
    entries = index["indexentries"]
    spec = load_spec()

    def pages_for(term: str) -> set[str]:
        return {docnames[file] for file, _anchor, _main in entries.get(term.lower(), [])}

    assert "_generated/rules/flashback" in pages_for("702.34a")  # current number
    assert "_generated/rules/flashback" in pages_for("702.32a")  # printed number
    assert "_generated/rules/flashback" in pages_for("flashback.a")
    for item in spec:
        assert pages_for(item.id), item.id
        if item.printed:
            assert pages_for(item.printed), item.id
        if item.current:
            assert pages_for(item.current), item.id
    assert "flashback.a" in json.dumps(index["objects"])


def test_coverage_matrix_and_reference_pages(built_docs, docs_inputs):
    out = built_docs.out
    coverage = (out / "coverage.html").read_text(encoding="utf-8")
    assert "coverage-matrix" in coverage and docs_inputs["engine"] in coverage
    cli = (out / "cli.html").read_text(encoding="utf-8")
    assert "mtgrules spec list" in cli and "mtgrules docs" in cli
    assert (out / "rules-index.html").is_file() and (out / "scenarios.html").is_file()
    api = (out / "api.html").read_text(encoding="utf-8")
    assert "mtgrules.spec.items" in api


def test_the_api_page_holds_what_rule_pages_cite_as_implementing(built_docs, pages):
    """Each model function that a rule's page lists as implementing it has its API entry (the
    page's link to it) and its anchor in viewcode's source page (the [source] link), though the
    model's other internals are not documented."""
    from mtgrules.spec.coverage import coverage

    cited = {c.by for entry in coverage(load_spec()).items.values() for c in entry.by_role["implements"]}
    api = set(pages["api.html"].ids)
    assert len(cited) > 50 and sorted(cited - api) == []
    assert "mtgrules.model.Game" in api and "mtgrules.model.game.Game" not in api  # the public API, not the internals
    flashback = pages["_generated/rules/flashback.html"].links
    assert "../../api.html#mtgrules.model.flashback._on_cast" in flashback
    assert "../../_modules/mtgrules/model/flashback.html#_on_cast" in flashback


def test_unresolved_rule_role_is_a_warning(tmp_path):
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["mtgrules.docs.generate"]\nmtgrules_generate = False\n', encoding="utf-8")
    (src / "index.rst").write_text(textwrap.dedent("""\
        Test
        ====

        .. rules:item:: flashback.a

        Good: :rule:`702.34a`, :rule:`702.32a@pre-2013`. Bad: :rule:`no-such-rule`, :rule:`702.32a@2016-04-08`.
        """), encoding="utf-8")
    import io

    warnings = io.StringIO()
    app = Sphinx(src, src, tmp_path / "out", tmp_path / "doctrees", "html", status=None, warning=warnings, freshenv=True)
    app.build()
    log = warnings.getvalue()
    assert "unknown rule 'no-such-rule'" in log
    assert "unknown rule '702.32a@2016-04-08'" in log
    assert "'702.34a'" not in log and "'702.32a@pre-2013'" not in log


def test_bad_report_names_file_line_and_field(tmp_path):
    from mtgrules.docs.trace import read_report

    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "engine": "x",\n  "results": [\n    {"scenario": "s", "outcome": "won"}\n  ]\n}\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        read_report(bad, load_spec(), {})
    message = str(info.value)
    assert re.search(r"bad\.json:4: results/0/outcome: outcome must be one of", message), message


def test_docs_command_rejects_a_bad_report_without_building(tmp_path):
    from mtgrules.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text('{"engine": "x", "results": [{"scenario": "s", "outcome": "passed", "rules": ["nope"]}]}', encoding="utf-8")
    result = CliRunner().invoke(main, ["docs", "--out", str(tmp_path / "html"), "--report", str(bad)])
    assert result.exit_code == 2  # bad input
    assert "unknown rule ID 'nope'" in result.output
    assert not (tmp_path / "html").exists()
    assert multiprocessing.active_children() == []  # the proofs and the checker, started first, were ended


def test_markdown_style_lists_in_docstrings_get_a_blank_line():
    from mtgrules.docs.docstrings import separate_lists

    lines = ["Differences:", "* one", "  continued", "* two", "After."]
    assert separate_lists(lines) == ["Differences:", "", "* one", "  continued", "* two", "After."]
    assert separate_lists(["Text.", "", "- a", "- b"]) == ["Text.", "", "- a", "- b"]


def test_custom_rules_findings_render_with_rule_links():
    from mtgrules.docs.report_pages import custom_report_rst

    report = {
        "ruleset": "dyn", "clauses": 3, "cells": 5, "counts": {"contradiction": 1},
        "findings": [{"kind": "contradiction", "subkind": "", "clauses": ["dyn.4", "custom-only"],
                      "explanation": "DYN.4 and *x* disagree.", "witness": {"zone": "hand"}}],
    }
    rst = custom_report_rst(report, "proofs/custom/dyn.yaml", load_spec())
    assert ":rule:`dyn.4`" in rst and "``custom-only``" in rst
    assert "\\*x\\*" in rst and ".. code-block:: json" in rst


def test_every_internal_link_resolves(built_docs, pages):
    """Every <a href> inside the site names an existing page and, with a #fragment, an existing id."""
    from urllib.parse import urldefrag, urlsplit

    out = built_docs.out
    broken = []
    others: dict[Path, set[str]] = {}  # pages not in `pages` (viewcode's source pages)
    for name, page in pages.items():
        here = out / name
        for href in page.links:
            if re.match(r"^[a-z]+:", href):
                continue
            target, fragment = urldefrag(href)
            path = (here.parent / urlsplit(target).path).resolve() if target else here
            if path.is_dir():
                path = path / "index.html"
            key = str(path.relative_to(out)) if path.is_relative_to(out) else None
            if not path.is_file():
                broken.append(f"{name}: {href}")
            elif fragment and path.suffix == ".html":
                if key not in pages and path not in others:
                    others[path] = set(_parse(path).ids)
                ids = pages[key].ids if key in pages else others[path]
                if fragment not in ids:
                    broken.append(f"{name}: {href}")
    assert broken == []
