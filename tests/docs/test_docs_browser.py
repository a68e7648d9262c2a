"""A rule page renders in a real browser (Debian's chromium, headless) with its text and links.

The screenshot is kept in ``test-artifacts/`` (git-ignored) for a human to look at.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from mtgrules.spec import load_spec

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"),
]


def chromium(url: str, profile: Path, *extra: str) -> subprocess.CompletedProcess:
    command = [
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--window-size=1280,2000", *extra, url,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def _ids(path: Path) -> set[str]:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.ids


def test_rule_page_renders_with_text_and_working_links(built_docs, tmp_path):
    page = built_docs.out / "_generated" / "rules" / "flashback.html"
    url = page.as_uri() + "#rule-flashback.a"
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot = ARTIFACTS / "docs-rule-flashback.png"
    # the top of the page (the section and 702.32a); a blank page is a PNG of about 10 kB
    shot = chromium(page.as_uri(), tmp_path / "profile-shot", f"--screenshot={screenshot}")
    assert shot.returncode == 0, shot.stderr[-2000:]
    assert screenshot.is_file() and screenshot.stat().st_size > 30_000

    dumped = chromium(url, tmp_path / "profile-dom", "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    dom = dumped.stdout
    text = load_spec()["flashback.a"].text
    # the rendered DOM has the rule's verbatim text (quotes as typed in the seed) and its anchor
    assert re.sub(r"<[^>]+>", "", text.split(" in rules ")[0]) in re.sub(r"<[^>]+>", "", dom.replace("&amp;", "&"))
    assert 'id="rule-flashback.a"' in dom

    links = _Links()
    links.feed(dom)
    internal = [h for h in links.hrefs if not re.match(r"^[a-z]+:", h) or h.startswith("file:")]
    assert any("rule-cr.pre-2013.announce" in h for h in internal)
    broken = []
    for href in internal:
        target, fragment = urldefrag(href)
        path = Path(target.removeprefix("file://")) if target.startswith("file:") else (page.parent / target if target else page)
        path = path.resolve()
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            broken.append(href)
        elif fragment and path.suffix == ".html" and fragment not in _ids(path):
            broken.append(href)
    assert broken == []


@pytest.mark.parametrize(
    "query, expected",
    [
        ("702.34a", "_generated/rules/flashback.html#rule-flashback.a"),  # current number of flashback.a
        ("702.32a", "_generated/rules/flashback.html#rule-flashback.a"),  # its number as printed (pre-2013)
        ("730.2a", "_generated/rules/merging.html#rule-merging.2a"),
        ("DYN.5c", "_generated/rules/dyn.html#rule-dyn.5c"),
    ],
)
def test_searching_a_rule_number_finds_its_page(built_docs, tmp_path, query, expected):
    url = (built_docs.out / "search.html").as_uri() + f"?q={query}"
    run = chromium(url, tmp_path / "profile", "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom")
    assert run.returncode == 0, run.stderr[-2000:]
    results = re.search(r'<ul[^>]*class="search"[^>]*>(.*?)</ul>', run.stdout, re.S)
    assert results, "the search page shows no result list"
    first = re.search(r'<a href="([^"]+)"', results.group(1))
    assert first and first.group(1) == expected


def _visible_text(dom: str) -> str:
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", dom, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).replace("&amp;", "&").replace("&quot;", '"')


#: Appended to a copy of a page: records where the first rule text and status line sit.
_PROBE = """<script>
window.addEventListener("load", () => {
  const box = (sel) => { const el = document.querySelector(sel); if (!el) return "none";
    const r = el.getBoundingClientRect(); return `${Math.round(r.top)},${Math.round(r.bottom)},${el.offsetHeight}`; };
  document.body.dataset.probe = `text=${box(".rule-text")};status=${box(".rule-status")};details=${
    document.querySelector("details.rule-details") ? document.querySelector("details.rule-details").open : "none"}`;
});
</script>"""


def test_rule_text_and_status_are_above_the_fold(built_docs, tmp_path):
    page = built_docs.out / "_generated" / "rules" / "flashback.html"
    # beside the page, for its styles; .htm, so that the other tests, which read every .html page, never see it
    probe = page.with_name(f"flashback-probe-{os.getpid()}.htm")
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    try:
        run = chromium(probe.as_uri() + "#rule-flashback.a", tmp_path / "profile", "--window-size=1280,800",
                       "--virtual-time-budget=5000", "--dump-dom")
    finally:
        probe.unlink()
    assert run.returncode == 0, run.stderr[-2000:]
    found = re.search(r'data-probe="text=(-?\d+),(-?\d+),(\d+);status=(-?\d+),(-?\d+),(\d+);details=(\w+)"', run.stdout)
    assert found, "the probe did not run"
    text_top, text_bottom, text_height, status_top, status_bottom, status_height, opened = found.groups()
    # the rule's text and its one-line status are on the first screen (800 px) when the rule is opened
    assert 0 <= int(text_top) < int(text_bottom) <= 800 and int(text_height) > 0
    assert 0 <= int(status_top) < int(status_bottom) <= 800 and int(status_height) > 0
    assert opened == "false"  # the traceability waits, collapsed, below


def test_index_and_guide_render_for_a_reader(built_docs, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    index = built_docs.out / "index.html"
    shot = chromium(index.as_uri(), tmp_path / "p1", f"--screenshot={ARTIFACTS / 'docs-index.png'}")
    assert shot.returncode == 0, shot.stderr[-2000:]
    dom = chromium(index.as_uri(), tmp_path / "p2", "--dump-dom").stdout
    text = _visible_text(dom)
    for words in ("Start here: engine authors", "Start here: designers of custom rules", "Start here: rules readers"):
        assert words in text

    guide = built_docs.out / "_generated" / "guides" / "format.html"
    shot = chromium(guide.as_uri(), tmp_path / "p3", f"--screenshot={ARTIFACTS / 'docs-guide-format.png'}")
    assert shot.returncode == 0, shot.stderr[-2000:]
    dom = chromium(guide.as_uri(), tmp_path / "p4", "--dump-dom").stdout
    text = _visible_text(dom)
    assert "|---|" not in text and "| field |" not in text  # tables are tables, not Markdown source
    assert "<table" in dom and "The conformance scenario format" in text
    links = _Links()
    links.feed(dom)
    assert "../rules/merging.html#rule-merging.3b" in links.hrefs  # "730.3b" in the text links to its rule


def test_search_for_a_rule_number_lists_the_rule_with_its_text(built_docs, tmp_path):
    url = (built_docs.out / "search.html").as_uri() + "?q=702.34a"
    shot = chromium(url, tmp_path / "p1", "--allow-file-access-from-files", "--virtual-time-budget=10000",
                    f"--screenshot={ARTIFACTS / 'docs-search-702.34a.png'}")
    assert shot.returncode == 0, shot.stderr[-2000:]
    run = chromium(url, tmp_path / "p2", "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom")
    hits = re.search(r'<ul class="search rule-hits">(.*?)</ul>', run.stdout, re.S)
    assert hits, "no rule listed for 702.34a"
    first = re.search(r'<li><a href="([^"]+)">([^<]+)</a><p class="context">([^<]+)</p>', hits.group(1))
    assert first, hits.group(1)[:500]
    assert first.group(1).endswith("_generated/rules/flashback.html#rule-flashback.a")
    assert "702.34a" in first.group(2) and "flashback.a" in first.group(2)
    assert first.group(3).startswith(load_spec()["flashback.a"].text.split()[0])
    assert "Flashback" in first.group(3)
