"""``mtgrules spec import-cr``: a Comprehensive Rules text as published becomes a compact index;
bad input is one clear message (file, line, what), exit status 2, and nothing written."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgrules.cli import main
from mtgrules.spec import editions

# a miniature of the published layout: title, effective date, contents, rules, glossary, credits
MINI = """Magic: The Gathering Comprehensive Rules

These rules are effective as of March 3, 2031.

Introduction

Contents

1. Game Concepts
100. General
702. Keyword Abilities
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.

702. Keyword Abilities

702.34. Flashback

702.34a Flashback appears on some instants and sorceries. It represents a static ability that functions while the card is in a player’s graveyard.

Glossary

Face Up
The default status of a card or permanent.

Flashback
A keyword ability that lets a player cast a card from their graveyard. See rule 702.34, “Flashback.”

Credits

These rules are effective as of March 3, 2031.
"""


def run(*args):
    return CliRunner().invoke(main, ["spec", "import-cr", *map(str, args)])


@pytest.mark.parametrize("encoding, bom, newline", [("utf-8", b"", "\n"), ("utf-8", b"\xef\xbb\xbf", "\r\n"), ("cp1252", b"", "\r\n")])
def test_a_published_text_becomes_an_index(tmp_path, encoding, bom, newline):
    source = tmp_path / "MagicCompRules 20310303.txt"
    source.write_bytes(bom + MINI.replace("\n", newline).encode(encoding))
    result = run(source, "--edition", "2031-03-03", "--out", tmp_path / "editions")
    assert result.exit_code == 0, result.output
    assert "4 rules in 2 sections, 2 glossary terms" in result.output
    data = json.loads((tmp_path / "editions" / "2031-03-03.json").read_text(encoding="utf-8"))
    assert data["sections"] == {"100": "General", "702": "Keyword Abilities"}
    assert data["titles"] == {"702.34": "Flashback"}
    assert sorted(data["rules"]) == ["100.1", "100.1a", "702.34", "702.34a"]
    assert data["glossary"] == ["Face Up", "Flashback"]
    assert "graveyard" in data["words"]
    # the index is not the text: no rule's wording is in it
    assert "represents a static ability" not in json.dumps(data)
    ed = editions.load("2031-03-03", tmp_path / "editions")
    assert "702.34a" in ed and "702.35a" not in ed
    assert ed.speaks_of("702.34a", "in a player’s graveyard") and not ed.speaks_of("702.34a", "battlefield")
    assert ed.rules_have_phrase("static ability") and not ed.rules_have_phrase("ability static")
    assert ed.described("702.34a") == "in section 702 “Keyword Abilities”" and ed.described("702.34") == "“Flashback”"


def bad(tmp_path, text: str | bytes, edition: str = "2031-03-03"):
    source = tmp_path / "cr.txt"
    source.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    out = tmp_path / "editions"
    result = run(source, "--edition", edition, "--out", out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not list(out.iterdir())  # nothing written
    return result.output.strip()


def test_not_a_cr_text(tmp_path):
    assert bad(tmp_path, "Dynamic Comp Rules\n\nDYN.1 Cards with ...\n").endswith(
        "cr.txt:1: not a Comprehensive Rules text: the first line is 'Dynamic Comp Rules', not the title \"... Comprehensive Rules\"")


def test_no_effective_date(tmp_path):
    assert "cr.txt:2: not a Comprehensive Rules text: no line \"These rules are effective as of <date>.\"" in bad(tmp_path, MINI.replace("These rules are effective as of March 3, 2031.\n", "", 1))


@pytest.mark.parametrize("edition, message", [
    ("2031-3-3", "--edition: edition '2031-3-3' is not a date of the form YYYY-MM-DD"),
    ("latest", "--edition: edition 'latest' is not a date of the form YYYY-MM-DD"),
    ("2031-02-30", "--edition: edition '2031-02-30' is not a real date"),
])
def test_ill_formed_edition_name(tmp_path, edition, message):
    assert bad(tmp_path, MINI, edition) == message


def test_edition_name_that_is_not_the_texts(tmp_path):
    assert bad(tmp_path, MINI, "2031-04-01").endswith("cr.txt:3: the text is effective as of 2031-03-03, not 2031-04-01: pass --edition 2031-03-03")


def test_truncated_in_the_rules(tmp_path):
    cut = MINI[: MINI.index("702. Keyword Abilities\n\n702.34.")]
    assert bad(tmp_path, cut).endswith(f"cr.txt:{cut.count(chr(10)) + 1}: the file ends before the glossary and credits of the rules: truncated")


def test_truncated_section_missing(tmp_path):
    damaged = MINI.replace("702. Keyword Abilities\n\n702.34.", "702.34.", 1)
    assert bad(tmp_path, damaged).endswith("cr.txt:11: section 702 is in the table of contents but not in the rules (1 missing): truncated or damaged")


def test_neither_utf8_nor_cp1252(tmp_path):
    assert "cr.txt:4: neither UTF-8 nor CP1252 text" in bad(tmp_path, MINI.encode("utf-8")[:60] + b"\n\x81\x8d\n")


def test_the_committed_indexes_are_compact_and_read():
    assert editions.available() == ["2015-01-23", "2016-07-22", "2026-08-07"]
    for name in editions.available():
        assert (editions.EDITIONS_DIR / f"{name}.json").stat().st_size < 400_000
    now = editions.newest()
    assert now.name == "2026-08-07" and now.title("706") == "Rolling a Die" and now.title("702.34") == "Flashback"
    assert "706.12" not in now and "706.12" in editions.load("2016-07-22")
    assert "permanent" in now.words and "permament" not in now.words
    with pytest.raises(KeyError, match="not imported"):
        editions.load("2020-01-01")
