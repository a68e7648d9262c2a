"""What the reference model executes of a card, and its honest refusal of the rest.

Every ability of a face's oracle text (a line of its ``text``, reminder text removed) is either
covered by a structured ability (``mtgrules.abilities``) or declared unsupported
(``mtgrules.unsupported: [{ability, kind, reason}]``). A line that is neither is *uncovered*: a
pool card with one fails tests/model/test_model_support.py, a card from outside the pool with
one is refused as the game is set up. Coverage is read from the data, never from English:

* a structured ability with ``text`` covers that line;
* a ``keyword`` or ``alternative_cost`` ability, and ``enchant``, cover a keyword line part
  naming it ("Morph {2}{R}", "Affinity for artifacts", "Enchant creature"), as do the keywords
  the model executes from MTGJSON's ``keywords`` (cards.EXECUTED_KEYWORDS);
* ``mana: C`` covers "{T}: Add {C}.", ``mana: CC`` "{T}: Add {C}{C}.";
* a ``spell`` ability covers the remaining lines of an instant or sorcery face, except those
  of a keyword MTGJSON lists for it ("Cycling {U}", "Overload {5}{R}{R}{R}").

An unsupported ability is refused where it would first matter, by its ``kind`` (the card
schema lists them): ``spell`` / ``alternative_cost`` as the face is cast (with that cost),
``activated`` as it is activated, ``mana`` as its controller's payment falls short, ``static`` /
``triggered`` after any action while the face is up on the battlefield, ``attacking`` /
``blocking`` / ``upkeep`` / ``damage`` as attackers or blockers are declared, an upkeep begins or
damage is dealt while it is there, ``leaves`` / ``self_enters`` as the object itself leaves or
enters, ``never`` not at all (the model's games begin after the opening hands).
"""

from __future__ import annotations

import re

from .actions import Unsupported

_REMINDER = re.compile(r"\s*\([^)]*\)")
KINDS = ("spell", "alternative_cost", "activated", "mana", "static", "triggered", "attacking", "blocking", "upkeep", "leaves",
         "damage", "self_enters", "never")
ON_BATTLEFIELD = ("static", "triggered")


def bare(line: str) -> str:
    """An ability line without reminder text or surrounding blanks."""
    return _REMINDER.sub("", line).strip()


def ability_lines(text: str | None) -> list[str]:
    return [b for b in (bare(line) for line in (text or "").split("\n")) if b]


def _names(ability: dict) -> list[str]:
    """The keyword names a structured ability stands for, lower case."""
    names = [ability.get(k) for k in ("keyword", "alternative_cost")]
    if "enchant" in ability:
        names.append("enchant")
    return [str(n).lower() for n in names if n]


def _keyword_line(line: str, names: set[str]) -> bool:
    parts = [p.strip().lower() for p in line.split(",")]
    return all(any(p == n or p.startswith(n + " ") or p.startswith(n + "—") for n in names) for p in parts)


def coverage(record: dict, executed_keywords) -> tuple[list[dict], list[str]]:
    """(declared unsupported abilities, uncovered lines) of one face record."""
    ext = record.get("mtgrules") or {}
    abilities = list(record.get("abilities", ext.get("abilities", ())))
    declared = [dict(u) for u in ext.get("unsupported", ())]
    lines = ability_lines(record.get("text"))
    done = {bare(u["ability"]) for u in declared}
    done |= {bare(a["text"]) for a in abilities if a.get("text")}
    done |= {"{T}: Add " + "".join(f"{{{m}}}" for m in a["mana"]) + "." for a in abilities if "mana" in a and a["mana"] != "any"}
    names = {n for a in abilities for n in _names(a)}
    names |= {k.lower() for k in record.get("keywords") or () if k in executed_keywords}
    rest = [line for line in lines if line not in done and not _keyword_line(line, names)]
    if any("spell" in a for a in abilities) and {"Instant", "Sorcery"} & set(record.get("types") or ()):
        printed = {k.lower() for k in record.get("keywords") or ()}  # "Cycling {U}" is no part of the spell
        rest = [line for line in rest if _keyword_line(line, printed)]
    return declared, rest


def declared_problems(record: dict) -> list[str]:
    """Declarations that do not match the oracle text: an ``unsupported`` ability or a structured
    ability's ``text`` that is not a line of it."""
    ext = record.get("mtgrules") or {}
    lines = set(ability_lines(record.get("text")))
    out = [f"unsupported ability {u['ability']!r} is not a line of the oracle text" for u in ext.get("unsupported", ()) if bare(u["ability"]) not in lines]
    out += [f"structured ability text {a['text']!r} is not a line of the oracle text"
            for a in record.get("abilities", ext.get("abilities", ())) if a.get("text") and bare(a["text"]) not in lines and "keyword" not in a]
    printed = (record.get("text") or "").split("\n")  # a trigger is found by its printed line (characteristics' abilities)
    out += [f"triggered ability text {a['text']!r} is not a whole line of the oracle text (reminder text included)"
            for a in record.get("abilities", ext.get("abilities", ())) if "trigger" in a and a.get("text") and a["text"] not in printed]
    return out


def refuse(card_name: str, face, kinds: tuple[str, ...]) -> None:
    """Raise Unsupported for the face's first unsupported ability of one of ``kinds``."""
    for u in face.unsupported:
        if u["kind"] in kinds:
            raise Unsupported(card_name, u["ability"], u["reason"])


def refuse_uncovered(card) -> None:
    """A card with an ability it neither structures nor declares unsupported (a card brought
    from outside the pool; the pool has none, tests/model/test_model_support.py): Unsupported as
    it is put into a game, wherever it is."""
    for face in card.faces:
        refuse(card.name, face, ("uncovered",))


def face_up_faces(obj) -> list:
    """The faces whose abilities an object has now: each face-up component's current face (a
    merged permanent has every component's, 702.140e)."""
    out = []
    for comp in obj.components:
        if comp.face_down or comp.card is None:
            continue
        faces = comp.card.faces
        flipped = getattr(obj, "flipped", False) and comp.card.is_flip
        out.append(faces[1] if len(faces) > 1 and (comp.face == "b" or flipped) else faces[0])
    return out


def check_battlefield(game, kinds: tuple[str, ...] = ON_BATTLEFIELD) -> None:
    """Refuse (Unsupported) if a permanent has an unsupported ability of ``kinds`` now."""
    s = game.state
    for oid in s.battlefield:
        obj = s.objects[oid]
        for face in face_up_faces(obj):
            if face.unsupported:
                refuse(obj.card.name, face, kinds)
