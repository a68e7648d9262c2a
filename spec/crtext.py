"""Reading a Comprehensive Rules text as Wizards of the Coast publishes it (TXT).

The published file is UTF-8 or CP1252, with or without a byte-order mark, with CRLF or LF line
ends. It opens with a title line and "These rules are effective as of <date>.", then a table of
contents, the numbered rules, the glossary and the credits. Anything that does not have that shape
is refused with the line where it goes wrong: an index built from half a file would silently
lose rules.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules.problems import InputError, Problem

_EFFECTIVE = re.compile(r"These rules are effective as of (\w+ \d{1,2}, \d{4})\.")
_SECTION = re.compile(r"^(\d{3})\. (\S.*)$")
_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (\S.*)$")
_EDITION = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class CRText:
    """The parts of one edition that the index keeps: every rule's number and text, the section
    titles, the glossary terms and the words of the whole document."""

    path: Path
    effective: datetime.date
    sections: dict[str, str] = field(default_factory=dict)
    rules: dict[str, str] = field(default_factory=dict)
    glossary: list[str] = field(default_factory=list)
    text: str = ""
    line_count: int = 0


def edition_date(name: str) -> datetime.date:
    """The date an edition name stands for; ValueError if it is not a real YYYY-MM-DD date."""
    if not _EDITION.match(name):
        raise ValueError(f"edition {name!r} is not a date of the form YYYY-MM-DD")
    try:
        return datetime.date.fromisoformat(name)
    except ValueError:
        raise ValueError(f"edition {name!r} is not a real date") from None


def _decode(path: Path, data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError([Problem(str(path), line, "", "neither UTF-8 nor CP1252 text: not a Comprehensive Rules text")]) from None


def read_cr(path: Path) -> CRText:
    """Parse a published Comprehensive Rules file; InputError (file, line, what) if it is not one."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError([Problem(str(path), None, "", f"cannot read: {exc.strerror}")]) from None
    text = _decode(path, data).replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")

    def fail(line: int | None, message: str) -> InputError:
        return InputError([Problem(str(path), line, "", message)])

    if not lines[0].strip().endswith("Comprehensive Rules"):
        raise fail(1, f"not a Comprehensive Rules text: the first line is {lines[0][:60]!r}, not the title \"... Comprehensive Rules\"")
    effective = next(((n, m) for n, line in enumerate(lines[:10], 1) if (m := _EFFECTIVE.search(line))), None)
    if effective is None:
        raise fail(2, "not a Comprehensive Rules text: no line \"These rules are effective as of <date>.\" near the top")
    try:
        date = datetime.datetime.strptime(effective[1].group(1), "%B %d, %Y").date()
    except ValueError:
        raise fail(effective[0], f"unreadable effective date {effective[1].group(1)!r}") from None
    cr = CRText(path, date, text=text, line_count=len(lines))
    glossary = [n for n, line in enumerate(lines) if line.strip() == "Glossary"]
    credits = [n for n, line in enumerate(lines) if line.strip() == "Credits"]
    if len(glossary) < 2 or len(credits) < 2:
        raise fail(len(lines), "the file ends before the glossary and credits of the rules: truncated")
    contents_end, body_glossary, body_credits = glossary[0], glossary[1], credits[1]
    listed = {m.group(1): n + 1 for n, line in enumerate(lines[:contents_end]) if (m := _SECTION.match(line))}
    for n in range(contents_end, body_glossary):
        line = lines[n]
        if m := _RULE.match(line):
            cr.rules.setdefault(m.group(1), m.group(2))
        elif m := _SECTION.match(line):
            cr.sections.setdefault(m.group(1), m.group(2).strip())
    if not listed:
        raise fail(None, "not a Comprehensive Rules text: no table of contents (\"100. General\" ...)")
    missing = [number for number in listed if number not in cr.sections]
    if missing:
        raise fail(listed[missing[0]], f"section {missing[0]} is in the table of contents but not in the rules ({len(missing)} missing): truncated or damaged")
    entry: list[str] = []
    for line in lines[body_glossary + 1 : body_credits] + [""]:
        if line.strip():
            entry.append(line)
        elif entry:
            cr.glossary.append(entry[0].strip())
            entry = []
    if not cr.glossary:
        raise fail(body_glossary + 1, "the glossary is empty: truncated or damaged")
    return cr
