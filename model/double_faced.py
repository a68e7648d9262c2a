"""Double-faced cards and transform: rule 711 as of 8 April 2016 (seed 003), with the current
rules (712, 701.27) as edition ``2026-08-07`` where they differ.

Differences recorded (edition "2016-04-08" vs "2026-08-07"):
* 711.4a puts every zone but the battlefield (the stack too) under the front face; current
  712.8c lets a spell be cast "transformed", back face up on the stack (mana value from the
  front face). In 2016 a cast DFC is always front face up on the stack (711.7).
* 711.5 / 711.1: only permanents represented by double-faced *cards* transform, and tokens can't;
  current 712.9 / 701.27a also let double-faced tokens (copies of DFCs, 707.8a) transform.
* 711.4b and 712.8e agree: a back face's mana value uses the front face's mana cost, and a copy
  of a back face has mana value 0 ("a change from previous rules" in 2016: before, 0).
* 711.8a and 712.14a agree (non-DFC put onto the battlefield transformed stays where it is).
* 711.13 "name a card" is 712.19 "choose a card name"; the choice works the same.
"""

from __future__ import annotations

from mtgrules.spec import implements

from .cards import CardDef
from .objects import Characteristics, face_characteristics

EDITION_2016 = "2016-04-08"
EDITION_CURRENT = "2026-08-07"
EDITIONS = (EDITION_2016, EDITION_CURRENT)


@implements("dfc-2016.1", "dfc-2016.4", "dfc-2016.4a", "dfc-2016.4b", "cr.current.dfc-characteristics")
def dfc_characteristics(card: CardDef, face_up: str, zone: str, edition: str = EDITION_2016) -> Characteristics:
    """711.4: each face has its own set of characteristics. 711.4a: outside the game, in a zone
    other than the battlefield, or on the battlefield front face up, only the front face's.
    711.4b: back face up, only the back face's, but its converted mana cost is calculated using
    the mana cost of its front face. (Current 712.8c: on the stack too if cast transformed.)"""
    front = face_characteristics(card.faces[0])
    back_counts = zone == "battlefield" or (zone == "stack" and edition != EDITION_2016)
    if face_up == "b" and back_counts:
        back = face_characteristics(card.faces[1])
        return back.with_(mana_value=front.mana_value)
    return front


def copy_of_back_face(values: Characteristics) -> Characteristics:
    """711.4b / 712.8e: a permanent copying the back face of a double-faced card has converted
    mana cost 0 (the copy has no front face to take it from)."""
    return values.with_(mana_value=0)


@implements("dfc-2016.1", "dfc-2016.5", "cr.2016.transform")
def can_transform(component_cards: list[tuple[CardDef, bool]], edition: str = EDITION_2016) -> bool:
    """711.5: only permanents represented by double-faced cards can transform; 711.1: tokens and
    cards with a Magic card back can't. (Current 701.27a adds double-faced tokens.)
    ``component_cards`` lists (card, is_token) of the components representing the permanent."""
    for card, token in component_cards:
        if card.is_double_faced and (not token or edition != EDITION_2016):
            return True
    return False


@implements("dfc-2016.6")
def transforms_into_instant_or_sorcery(card: CardDef, face_up: str) -> bool:
    """711.6: if the face the permanent would transform into is an instant or sorcery card face,
    nothing happens."""
    other = card.faces[1] if face_up == "a" else card.faces[0]
    return other.is_instant_or_sorcery


@implements("dfc-2016.13", "dyn.4a", "cr.current.split-cards")
def legal_card_names(card: CardDef) -> tuple[str, ...]:
    """711.13: a player told to name a card may name either face of a double-faced card but not
    both. DYN.4a / 709.4a: a dynamic or split card has two names; the player chooses one of them,
    not both. A single-faced card has its one name."""
    if card.is_double_faced or card.has_halves or card.is_flip:
        return tuple(f.name for f in card.faces)
    return (card.name,)
