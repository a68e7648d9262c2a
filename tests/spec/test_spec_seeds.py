"""Every numbered clause and every Q&A of the four seed documents is in the spec, verbatim.

The seeds are parsed here with their own small patterns, independently of the spec loader, so a
clause the spec files dropped or rewrote is caught.
"""

from __future__ import annotations

import re

import pytest

from mtgrules.spec import load_spec
from mtgrules.spec.loader import SOURCES

# 711 of 8 April 2016, in the order of the seed's 24 unnumbered lines (6-29).
DFC_2016_NUMBERS = [
    "711.1", "711.1a", "711.1b", "711.1c", "711.2", "711.3", "711.3a", "711.3b", "711.3c", "711.3d",
    "711.4", "711.4a", "711.4b", "711.5", "711.6", "711.7", "711.8", "711.8a", "711.9", "711.9a",
    "711.10", "711.11", "711.12", "711.13",
]


def seed(name: str) -> list[str]:
    return (SOURCES / name).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def only(spec, printed: str, edition: str):
    found = spec.by_printed(printed, edition)
    assert len(found) == 1, f"{printed}@{edition}: {[i.id for i in found]}"
    return found[0]


def test_dynamic_rules(spec):
    clauses = []
    for number, line in enumerate(seed("000_4e7931dbdbc24824.txt"), start=1):
        match = re.match(r"^\s*(DYN\.\d+[a-z]?)\.? (.*)$", line)
        if match:
            clauses.append(match[1])
            item = only(spec, match[1], "dyn")
            assert item.source.line == number
            assert item.text == match[2]
    assert len(clauses) == 16
    assert {"DYN.0", "DYN.3c", "DYN.5c", "DYN.6"} <= set(clauses)


def test_dynamic_example_rulings(spec):
    lines = seed("000_4e7931dbdbc24824.txt")
    bullets = [(n, line) for n, line in enumerate(lines, start=1) if line.startswith("* ")]
    assert len(bullets) == 4
    rulings = {i.source.line: i for i in spec if i.document == "dyn" and i.kind == "ruling"}
    for number, line in bullets:
        assert number in rulings, f"DYN ruling on line {number} missing"
        assert rulings[number].text in (line, line[2:])
    example = [i for i in spec if i.document == "dyn" and i.kind == "example"]
    assert len(example) == 1 and "Divine Skywarden" in example[0].text and "Purewind Blessings" in example[0].text


def test_merging_rules(spec):
    found = []
    for number, line in enumerate(seed("001_d7553b1018106680.txt"), start=1):
        match = re.search(r"(730\.\d+[a-z]?) 🔗 (.*?)(?: \(refs: [^)]*\))?$", line)
        if match:
            found.append(match[1])
            item = only(spec, match[1], "2026-08-07")
            assert item.current == match[1]
            assert item.source.line == number
            assert item.text == match[2]
    expected = ["730.1", "730.2"] + [f"730.2{c}" for c in "abcdefghij"] + ["730.3"] + [f"730.3{c}" for c in "abcde"]
    assert found == expected


def test_double_faced_2016_rules(spec):
    lines = seed("003_31988ade920d5c8c.txt")
    assert lines[4] == "24 rules"
    for offset, printed in enumerate(DFC_2016_NUMBERS):
        number = 6 + offset
        item = only(spec, printed, "2016-04-08")
        assert item.source.line == number
        assert lines[number - 1].startswith(item.text), printed
        assert item.current, f"{printed} has no current number"
        on_line = sorted((i for i in spec if i.source and i.source.file.startswith("003_") and i.source.line == number), key=lambda i: lines[number - 1].index(i.text))
        assert " ".join(i.text for i in on_line) == lines[number - 1], f"line {number} not fully covered"


def test_keyword_rules(spec):
    found = []
    for number, line in enumerate(seed("004_1ed1565688c40336.txt"), start=1):
        match = re.match(r"^(702\.\d+[a-z]) (.*)$", line)
        if match:
            found.append(match[1])
            item = only(spec, match[1], "pre-2013")
            assert item.source.line == number
            assert item.text == match[2]
            if item.id != "affinity.b":  # 702.39b was removed; the general rule is now 118.7a
                assert item.current, f"{match[1]} has no current number"
    assert len(found) == 22
    assert found[0] == "702.32a" and "702.39c" in found and "702.4e" in found


def test_every_question_and_answer_is_a_ruling(spec):
    lines = seed("004_1ed1565688c40336.txt")
    rulings = {i.source.line: i for i in spec if i.document == "keywords" and i.kind == "ruling"}
    questions = [(n, line) for n, line in enumerate(lines, start=1) if line.startswith("Q: ")]
    assert len(questions) == 55
    for number, line in questions:
        assert number in rulings, f"Q&A on line {number} missing"
        ruling = rulings[number]
        assert ruling.text.split("\n")[0] == line
        assert ruling.explains and all(target in spec for target in ruling.explains)
    assert len(rulings) == 55


def test_fear_has_an_item_without_text_pointing_to_the_current_rule(spec):
    fear = spec["fear"]
    assert fear.text is None and fear.text_absent
    assert fear.current == "702.36"
    assert len(fear.rulings) == 2


def test_repeated_quotation_is_recorded_as_noise_not_dropped(spec):
    lines = seed("004_1ed1565688c40336.txt")
    quotation = [n for n, line in enumerate(lines, start=1) if line.startswith("And so people say to me")]
    noise = {entry["line"] for entry in spec.documents["keywords"].noise if entry["kind"] == "repeated-quotation"}
    assert set(quotation) == noise
