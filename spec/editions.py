"""The imported Comprehensive Rules editions: compact indexes in ``spec/editions/DATE.json``.

An index keeps, for one edition, what the checks and the renumbering need and not the text:

- every rule number, with the section titles (``702`` "Keyword Abilities") and the titles of
  titled rules (``702.34`` "Flashback");
- per rule, a fingerprint of its text: the sorted 16-bit hashes of its distinct words of three
  letters or more (enough for a Jaccard similarity between rules, and to ask whether a rule
  speaks of some words), not the words themselves;
- the words of the whole document (for the misspelling check of custom rules), a Bloom filter of
  the word pairs of its numbered rules (to ask whether "face up" is a phrase of the rules), and the
  glossary terms.

``mtgrules spec import-cr`` writes an index (:func:`write_index`); everything else reads them
through :func:`available`, :func:`load` and :func:`newest`.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .crtext import CRText, edition_date

EDITIONS_DIR = Path(__file__).resolve().parent / "editions"
FORMAT = 1
_WORD = re.compile(r"[a-z]+")
_BLOOM_BITS_PER_PAIR = 10
_BLOOM_HASHES = 7


def words_of(text: str) -> list[str]:
    """The lower-case words of a text, in order (apostrophes split words, as in the CR)."""
    return _WORD.findall(text.lower().replace("’", "'"))


def _hash(word: str, size: int = 2) -> int:
    return int.from_bytes(hashlib.blake2b(word.encode(), digest_size=size).digest(), "big")


def fingerprint(text: str) -> frozenset[int]:
    """The hashed distinct words (three letters or more) of a text."""
    return frozenset(_hash(w) for w in words_of(text) if len(w) >= 3)


def similarity(a: frozenset[int], b: frozenset[int]) -> float:
    """Jaccard similarity of two fingerprints (1.0: the same words)."""
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


def _encode(values: frozenset[int]) -> str:
    return base64.b64encode(b"".join(v.to_bytes(2, "big") for v in sorted(values))).decode()


def _decode(text: str) -> frozenset[int]:
    raw = base64.b64decode(text)
    return frozenset(int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw), 2))


def _bloom_positions(item: str, bits: int) -> list[int]:
    digest = hashlib.blake2b(item.encode(), digest_size=16).digest()
    h1, h2 = int.from_bytes(digest[:8], "big"), int.from_bytes(digest[8:], "big")
    return [(h1 + i * h2) % bits for i in range(_BLOOM_HASHES)]


def _bloom(items: set[str]) -> tuple[int, str]:
    bits = max(64, len(items) * _BLOOM_BITS_PER_PAIR)
    array = bytearray((bits + 7) // 8)
    for item in items:
        for p in _bloom_positions(item, bits):
            array[p // 8] |= 1 << (p % 8)
    return bits, base64.b64encode(bytes(array)).decode()


def _title(number: str, text: str) -> str | None:
    """A rule's title: the whole text of a lettered-less rule that is a heading ("Flashback")."""
    if re.search(r"\d[a-z]$", number) or text.endswith((".", ":", "”", ")")) or len(text.split()) > 6:
        return None
    return text.strip()


def build_index(cr: CRText, edition: str) -> dict:
    """The index of one edition, as JSON data."""
    pairs = set()
    for text in cr.rules.values():
        words = words_of(text)
        pairs.update(f"{a} {b}" for a, b in zip(words, words[1:]))
    bits, bloom = _bloom(pairs)
    return {
        "format": FORMAT,
        "edition": edition,
        "effective": cr.effective.isoformat(),
        "source": {"file": cr.path.name, "lines": cr.line_count, "sha256": hashlib.sha256(cr.path.read_bytes()).hexdigest()},
        "sections": cr.sections,
        "titles": {n: title for n, text in cr.rules.items() if (title := _title(n, text))},
        "rules": {n: _encode(fingerprint(t)) for n, t in cr.rules.items()},
        "glossary": cr.glossary,
        "words": sorted(set(words_of(cr.text))),
        "rule_pairs": {"bits": bits, "hashes": _BLOOM_HASHES, "filter": bloom},
    }


def write_index(index: dict, directory: Path = EDITIONS_DIR) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{index['edition']}.json"
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


@dataclass(frozen=True)
class ImportedEdition:
    """One imported edition, read from its index."""

    name: str
    sections: dict[str, str]
    titles: dict[str, str]
    rules: dict[str, frozenset[int]]
    words: frozenset[str]
    glossary: tuple[str, ...]
    _pairs: tuple[int, bytes]

    def __contains__(self, number: str) -> bool:
        return number in self.rules or number in self.sections

    def title(self, number: str) -> str | None:
        """The title of a section (``706``) or of a titled rule (``702.34``)."""
        return self.sections.get(number) or self.titles.get(number)

    def section_title(self, number: str) -> str | None:
        return self.sections.get(number.split(".")[0])

    def described(self, number: str) -> str:
        """How a reader finds a number: its own title, or its section's ("in 706 “Copying Objects”")."""
        if self.title(number):
            return f"“{self.title(number)}”"
        section = number.split(".")[0]
        return f"in section {section} “{self.sections.get(section, '?')}”"

    def speaks_of(self, number: str, phrase: str) -> bool:
        """Whether rule ``number`` has every word (three letters or more) of ``phrase``."""
        return number in self.rules and fingerprint(phrase) <= self.rules[number]

    def rules_have_phrase(self, phrase: str) -> bool:
        """Whether the numbered rules have the phrase: each of its word pairs is in the Bloom filter
        (a false positive now and then, never a false negative)."""
        words = words_of(phrase)
        if len(words) < 2:
            return bool(words) and words[0] in self.words
        bits, array = self._pairs
        return all(
            all(array[p // 8] >> (p % 8) & 1 for p in _bloom_positions(f"{a} {b}", bits)) for a, b in zip(words, words[1:])
        )

    def children(self, parent: str) -> list[str]:
        """The rules directly under a section (``702`` -> ``702.1`` ...) or a rule (``702.34`` -> ``702.34a`` ...)."""
        if "." not in parent:
            return [n for n in self.rules if n.split(".")[0] == parent and re.fullmatch(r"\d{3}\.\d+", n)]
        return [n for n in self.rules if n != parent and re.fullmatch(re.escape(parent) + r"[a-z]", n)]


def index_problems(data: dict, path: Path) -> list[str]:
    """What is wrong with an index file's shape (an empty list when it can be read)."""
    wanted = {"format": int, "edition": str, "sections": dict, "titles": dict, "rules": dict, "words": list, "glossary": list, "rule_pairs": dict}
    wrong = [f"{key}: missing or not a {kind.__name__}" for key, kind in wanted.items() if not isinstance(data.get(key), kind)]
    if not wrong and data["format"] != FORMAT:
        wrong.append(f"format {data['format']} (this mtgrules reads format {FORMAT}; import the edition again)")
    if not wrong and data["edition"] != path.stem:
        wrong.append(f"edition {data['edition']!r} does not match the file name {path.name}")
    return wrong


@lru_cache(maxsize=16)
def _load(path: Path) -> ImportedEdition:
    from mtgrules.problems import InputError, Problem

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError([Problem(str(path), None, "", f"unreadable edition index: {exc}")]) from None
    wrong = index_problems(data, path) if isinstance(data, dict) else ["not a JSON object"]
    if wrong:
        raise InputError([Problem(str(path), None, "", f"bad edition index: {w}") for w in wrong])
    pairs = data["rule_pairs"]
    return ImportedEdition(
        name=data["edition"],
        sections=data["sections"],
        titles=data["titles"],
        rules={n: _decode(f) for n, f in data["rules"].items()},
        words=frozenset(data["words"]),
        glossary=tuple(data["glossary"]),
        _pairs=(pairs["bits"], base64.b64decode(pairs["filter"])),
    )


def available(directory: Path = EDITIONS_DIR) -> list[str]:
    """The imported editions, oldest first."""
    names = []
    for path in directory.glob("*.json"):
        try:
            edition_date(path.stem)
        except ValueError:
            continue
        names.append(path.stem)
    return sorted(names)


def load(name: str, directory: Path = EDITIONS_DIR) -> ImportedEdition:
    """An imported edition; KeyError naming the imported ones if ``name`` is not one of them."""
    if name not in available(directory):
        raise KeyError(f"edition {name!r} is not imported (imported: {', '.join(available(directory)) or 'none'}; see `mtgrules spec import-cr`)")
    return _load((directory / f"{name}.json").resolve())


def newest(directory: Path = EDITIONS_DIR) -> ImportedEdition | None:
    names = available(directory)
    return load(names[-1], directory) if names else None
