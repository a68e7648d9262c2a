"""Continuous effects that change an object's text, colors or abilities (layers 3, 5 and 6 of
613.1), and the structured abilities an object has now.

The seeds need them only as the smallest faithful stand-ins for cards the rulings name: a
text-changing effect (Mind Bend, Artificial Evolution: fear.q1, amplify.q6), a color-changing
effect (fear.q2), and effects that grant or remove keyword abilities (double strike gained or
lost between the combat damage steps, 702.4c-d; a granted "whenever this creature deals combat
damage to a player" trigger standing for Sword of Fire and Ice, double-strike.q3).

Effect data (``kind`` and fields):

``text_change``
    ``object``, ``text_from``, ``text_to``: a word (a color word or a creature type) in the
    object's text and subtypes is replaced (layer 3).
``set_colors``
    ``object``, ``colors``: the object becomes those colors (layer 5).
``abilities``
    ``object``, ``add_keywords``, ``remove_keywords``, ``add_abilities`` (structured abilities):
    the object gains or loses abilities (layer 6).
``cant_cast``
    ``name`` (``player``): spells with that name can't be cast (Meddling Mage), see
    :mod:`mtgrules.model.prohibitions`.
"""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction
from .cards import find_card

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
KINDS = ("text_change", "set_colors", "abilities", "cant_cast")
#: Layer of each kind (613.1c, e, f); applied in layer order, then by timestamp.
LAYER = {"text_change": 3, "set_colors": 5, "abilities": 6}


def effect_fields(game, data: dict) -> dict:
    """The stored fields of a continuous effect of one of :data:`KINDS` (see the module doc)."""
    kind = data.get("kind")
    if kind not in KINDS:
        raise IllegalAction(None, f"unknown effect kind {kind!r}")
    if kind == "cant_cast":
        return {"name": data["name"], "player": data.get("player"), "until": data.get("until")}
    out = {"object": game.obj(data["object"]).id}
    if kind == "text_change":
        out.update(text_from=data["text_from"], text_to=data["text_to"])
    elif kind == "set_colors":
        out.update(colors=list(data.get("colors") or []))
    else:
        out.update(add_keywords=list(data.get("add_keywords") or []), remove_keywords=list(data.get("remove_keywords") or []),
                   add_abilities=[dict(a) for a in data.get("add_abilities") or []], remove_all=bool(data.get("remove_all")))
    return out


def _effects(game, obj) -> list[dict]:
    if not game.state.effects:
        return []
    mine = [e for e in game.state.effects if e["kind"] in LAYER and e.get("object") == obj.id]
    return sorted(mine, key=lambda e: (LAYER[e["kind"]], e["timestamp"]))


def _replace_word(words, old: str, new: str) -> tuple:
    return tuple(new if w == old else w for w in words)


@implements("cr.current.layers", "cr.current.timestamps", "fear.q1")
def apply_characteristic_effects(game, obj, values):
    """613.1c / e / f: text-changing effects (layer 3), then color-changing effects (layer 5),
    then ability-adding and -removing effects (layer 6), each layer in timestamp order. A text
    change replaces the word where it is printed: in subtypes and rules text (fear.q1: fear's
    colors are not printed on the card, so a text change can't alter what fear does)."""
    for eff in _effects(game, obj):
        if eff["kind"] == "text_change":
            old, new = eff["text_from"], eff["text_to"]
            values = values.with_(subtypes=_replace_word(values.subtypes, old, new),
                                  abilities=tuple(a.replace(old, new) for a in values.abilities),
                                  text=values.text.replace(old, new) if values.text else values.text)
        elif eff["kind"] == "set_colors":
            values = values.with_(colors=tuple(eff["colors"]))
        else:
            if eff.get("remove_all"):  # "loses all abilities" (Merfolk Trickster)
                values = values.with_(keywords=(), abilities=())
            keywords = [k for k in values.keywords if k.lower() not in {r.lower() for r in eff["remove_keywords"]}]
            keywords += [k for k in eff["add_keywords"] if k.lower() not in {x.lower() for x in keywords}]
            values = values.with_(keywords=tuple(keywords))
    return values


def has_keyword(values, keyword: str) -> bool:
    """Whether characteristics ``values`` include the keyword (case-insensitive: MTGJSON writes
    "First strike", rules text "first strike"). Multiple instances are redundant (702.4e)."""
    return keyword.lower() in {k.lower() for k in values.keywords}


def printed_abilities(values, cards: dict | None = None) -> list[dict]:
    """The structured abilities of the faces ``values`` name (a copy's are those of what it
    copies: its names are the original's). A keyword ability counts only while the object has
    the keyword; a triggered ability only while its text is among the object's abilities."""
    out = []
    for name in values.names:
        try:
            card = find_card(name, cards)
        except KeyError:
            continue
        for face in card.faces:
            if face.name != name and card.name != name:
                continue
            out += [dict(ab) for ab in face.abilities if _still_has(values, ab)]
    return out


def _still_has(values, ab: dict) -> bool:
    """Whether an object with characteristics ``values`` still has the printed ability ``ab``: a keyword while it
    has the keyword, a trigger while its text is there (an effect may have removed either)."""
    if "keyword" in ab:
        return has_keyword(values, ab["keyword"])
    return not ("text" in ab and ab["text"] not in values.abilities and "trigger" in ab)


def component_face(component):
    """The face a component shows: its back face if transformed (or flipped), else its front."""
    faces = component.card.faces
    return faces[1] if component.face == "b" and len(faces) > 1 else faces[0]


@implements("cr.current.mutate")
def mutated_component_abilities(obj, values) -> list[dict]:
    """702.140e: a mutated permanent has the abilities of each of its components; those of the
    components under the topmost (whose abilities ``printed_abilities`` finds by name), with
    the same filters (a keyword while it has the keyword, a trigger while its text is there)."""
    if not obj.mutated or obj.face_down:
        return []
    out = []
    for component in obj.components[1:]:
        out += [dict(ab) for ab in component_face(component).abilities if _still_has(values, ab)]
    return out


def structured_abilities(game, obj, values=None) -> list[dict]:
    """The structured abilities ``obj`` has now: those printed (none while face down, 708.2;
    every component's for a mutated permanent, 702.140e), text changes applied to color words,
    plus those granted by effects (layer 6)."""
    values = values or game.characteristics(obj)
    out = [] if obj.face_down else printed_abilities(values, game.state.cards) + mutated_component_abilities(obj, values)
    for eff in _effects(game, obj):
        if eff["kind"] == "text_change" and eff["text_from"] in COLOR_WORDS and eff["text_to"] in COLOR_WORDS:
            old, new = COLOR_WORDS[eff["text_from"]], COLOR_WORDS[eff["text_to"]]
            for ab in out:
                if "from" in ab:
                    ab["from"] = [new if c == old else c for c in ab["from"]]
        elif eff["kind"] == "abilities":
            out = [] if eff.get("remove_all") else out
            out += [dict(a) for a in eff["add_abilities"]]
            removed = {r.lower() for r in eff["remove_keywords"]}
            out = [a for a in out if str(a.get("keyword", "")).lower() not in removed]
    return out


def abilities_with(game, obj, key: str, value=None, values=None) -> list[dict]:
    """The object's structured abilities with ``key`` (equal to ``value`` if given)."""
    return [a for a in structured_abilities(game, obj, values) if key in a and (value is None or a[key] == value)]


@implements("cr.current.new-object")
def follow_spell_to_permanent(game, spell_id: str, permanent_id: str) -> None:
    """400.7a: effects that modify the characteristics of a permanent spell on the stack keep
    applying to the permanent it becomes (amplify.q6: a creature type changed on the stack)."""
    for eff in game.state.effects:
        if eff["kind"] in LAYER and eff.get("object") == spell_id:
            eff["object"] = permanent_id
