"""The parts of the generated pages that need no Sphinx build: guides, start pages, search table."""

from __future__ import annotations

import json
import re

import pytest

from mtgrules.docs import guides, search_data, start_here
from mtgrules.docs.rule_pages import reading_order
from mtgrules.spec import load_spec


def test_every_listed_guide_exists_and_a_missing_one_is_an_error(tmp_path):
    listed = guides.guides()
    assert [g.source for g in listed][:3] == ["conformance/FORMAT.md", "conformance/PROTOCOL.md", "proofs/custom-rules.md"]
    bad = tmp_path / "guides.yaml"
    bad.write_text("- source: conformance/FORMAT.md\n  page: format\n- source: NO-SUCH.md\n  page: nope\n", encoding="utf-8")
    with pytest.raises(guides.GuideError, match=r"guides.yaml:3: 1/source: the guide NO-SUCH.md does not exist"):
        guides.guides(bad)


@pytest.mark.parametrize("text, item", [
    ("flashback.a", "flashback.a"), ("702.34a", "flashback.a"), ("702.32a@pre-2013", "flashback.a"),
    ("730.2a", "merging.2a"), ("dyn.5c", "dyn.5c"), ("no-such-rule", None), ("0.103", None),
])
def test_a_guide_links_what_names_one_rule(text, item):
    assert guides.named_item(load_spec(), text) == item


def test_rule_numbers_in_running_text_are_found():
    found = [m[1] for m in guides.NUMBER.finditer("See 702.34a and 730.2a@2026-08-07; not v0.103.0 or 1.2.3.")]
    assert found == ["702.34a", "730.2a@2026-08-07"]


def test_a_start_command_without_captured_output_is_an_error():
    page = start_here.start_pages()[0]
    with pytest.raises(start_here.StartHereError, match="has no captured output"):
        start_here.page_rst(page, {})


def test_every_start_command_is_captured_from_a_real_run():
    runs = start_here.captured()
    for page in start_here.start_pages():
        assert len(page.commands) == 3, page.page
        for command in page.commands:
            run = runs[command.line]
            assert run["exit"] in (0, 1) and run["output"].strip() and re.match(r"\d{4}-\d\d-\d\d$", run["date"])


def test_search_table_names_each_rule_by_id_and_numbers():
    spec = load_spec()
    page_of = {item.id: "_generated/rules/page" for item in spec}
    data = json.loads(search_data.lookup_js(spec, page_of).split(" = ", 1)[1].rstrip(";\n"))
    hits = [data["items"][i] for i in data["keys"]["702.34a"]]
    assert any(h["url"].endswith("#rule-flashback.a") and h["text"].startswith("Flashback") for h in hits)
    for key in ("flashback.a", "702.32a@pre-2013", "702.32a pre-2013"):
        assert any(data["items"][i]["url"].endswith("#rule-flashback.a") for i in data["keys"][key])


def test_search_table_names_a_rule_by_its_number_in_an_imported_edition():
    from mtgrules.docs import edition_numbers

    spec = load_spec()
    page_of = {item.id: "_generated/rules/page" for item in spec}
    numbers = edition_numbers.compute(spec)
    data = json.loads(search_data.lookup_js(spec, page_of, numbers).split(" = ", 1)[1].rstrip(";\n"))
    for key in ("702.33a 2015-01-23", "702.33a@2016-07-22"):  # flashback before the 2017 renumbering
        assert [data["items"][i]["url"] for i in data["keys"][key]] == ["_generated/rules/page.html#rule-flashback.a"]
    unsure = [(item, e) for item, entries in numbers.items() for e in entries if e["number"] and e["confidence"] < 0.8]
    for item, entry in unsure:  # a doubtful match is shown on the page, never offered as a search hit
        assert f"{entry['number']} {entry['edition']}".lower() not in data["keys"] or not any(
            data["items"][i]["url"].endswith(f"#rule-{item}") for i in data["keys"][f"{entry['number']} {entry['edition']}".lower()])


def test_rulings_follow_the_rule_they_explain():
    spec = load_spec()
    items = [i for i in spec if i.document == spec["flashback.a"].document and spec.section_of(i.id) == spec.section_of("flashback.a")]
    order = reading_order(items)
    assert order.index("flashback.q5") > order.index("flashback.a")
    assert all(order.index(r) > order.index(spec[r].explains[0]) for r in order if spec[r].kind == "ruling" and spec[r].explains
               and spec[r].explains[0] in order)


def test_an_incremental_build_reads_every_page_again_only_when_the_traceability_changed(monkeypatch):
    from types import SimpleNamespace

    from mtgrules.docs import generate, trace

    digest = ["one"]
    monkeypatch.setattr(trace, "context_for", lambda env: SimpleNamespace(digest=lambda: digest[0]))
    env = SimpleNamespace(found_docs={"index", "rules/flashback", "new"})
    assert generate.on_env_get_outdated(None, env, {"new"}, set(), set()) == ["index", "rules/flashback"]  # first build
    assert generate.on_env_get_outdated(None, env, set(), set(), set()) == []  # nothing changed
    digest[0] = "two"  # a verdict, a citation, the spec or this package's code changed
    assert generate.on_env_get_outdated(None, env, set(), {"index"}, set()) == ["new", "rules/flashback"]


def test_a_guide_links_rules_other_guides_and_names_other_files(tmp_path):
    """In a guide: a rule number links to its rule, a link to another guide's file goes to that
    guide's page, a link to any other file of the project shows the file's path; no warning."""
    import io

    from sphinx.application import Sphinx

    src = tmp_path / "src"
    (src / "guides").mkdir(parents=True)
    (src / "conf.py").write_text('extensions = ["myst_parser", "mtgrules.docs.generate"]\nmtgrules_generate = False\n', encoding="utf-8")
    (src / "index.rst").write_text("Test\n====\n\n.. toctree::\n\n   guides/format\n   guides/protocol\n\n.. rules:item:: merging.3b\n",
                                   encoding="utf-8")
    (src / "guides" / "format.md").write_text(
        "# Format\n\nRule 730.3b; see [the protocol](PROTOCOL.md), [the reports](reports/) and [](#format).\n", encoding="utf-8")
    (src / "guides" / "protocol.md").write_text("# Protocol\n\nText.\n", encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(src, src, tmp_path / "out", tmp_path / "doctrees", "html", status=None, warning=warnings, freshenv=True)
    app.build()
    assert [w for w in warnings.getvalue().splitlines() if "guides" in w] == []
    html = (tmp_path / "out" / "guides" / "format.html").read_text(encoding="utf-8")
    assert 'href="../index.html#rule-merging.3b"' in html
    assert re.search(r'<a class="reference internal" href="protocol.html"><span[^>]*>the protocol</span></a>', html), html
    assert 'the reports (<code class="docutils literal notranslate"><span class="pre">conformance/reports</span></code>)' in html


def test_rule_page_shows_the_number_in_each_imported_edition(built_docs):
    """702.34a (flashback) was 702.33a in the 2015 and 2016 rules: found by its text, with the
    confidence; in the current edition it is the spec's own current number."""
    from mtgrules.spec import editions, renumber

    html = (built_docs.out / "_generated/rules/flashback.html").read_text(encoding="utf-8")
    block = html[html.index('id="rule-flashback.a"'):]
    line = block[block.index('class="rule-editions"'):]
    line = re.sub(r"<[^>]+>", "", line[: line.index("</p>")])
    assert block.index("rule-editions") < block.index('<details class="rule-details">')
    spec = load_spec()
    current = editions.load(spec.current_edition)
    for name in editions.available():
        edition = editions.load(name)
        back = renumber.Renumbering(current, edition) if name != current.name else None
        match = renumber.item_in(spec["flashback.a"], spec, edition, back)
        assert f"{name} {match.number} (" in line
    assert "2015-01-23 702.33a (text match, confidence 0." in line
    assert f"{spec.current_edition} 702.34a (current, exact)" in line
