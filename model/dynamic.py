"""Dynamic cards (the Dynamic Comp Rules, DYN): a permanent half and a nonpermanent half.

Side ``a`` of a ``layout: dynamic`` card is the permanent half (top of the flip-card frame),
side ``b`` the nonpermanent half. The same rules serve split cards (709) where they agree.
"""

from __future__ import annotations

from mtgrules.spec import implements

from .cards import CardDef
from .mana import colors_of_cost, combine_costs, mana_value
from .objects import Characteristics, face_characteristics, once_per


def is_dynamic(card: CardDef) -> bool:
    """DYN.1: a card with the "Dynamic" supertype (layout ``dynamic``) is a dynamic card."""
    return card.layout == "dynamic" or any("Dynamic" in f.supertypes for f in card.faces if card.has_halves)


def _unique(values) -> tuple:
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return tuple(out)


_COMBINED: dict[int, tuple[CardDef, Characteristics]] = {}


@implements("dyn.1", "dyn.4", "dyn.4a", "dyn.4b", "dyn.4c", "dyn.example.r1", "cr.current.split-cards")
def combined_characteristics(card: CardDef) -> Characteristics:
    """DYN.4: the characteristics of a card with halves are those of its two halves combined.
    DYN.4a: it has two names. DYN.4b: its mana cost is the combined mana costs of its halves;
    colors and converted mana cost come from that combined cost. DYN.4c: it has each card type
    of either half and each ability in the text box of each half. Computed once per card."""
    return once_per(_COMBINED, card, _combined)


def _combined(card: CardDef) -> Characteristics:
    halves = [face_characteristics(f) for f in card.faces]
    cost = combine_costs(*(h.mana_cost for h in halves))
    return Characteristics(
        names=tuple(h.names[0] for h in halves),
        mana_cost=cost,
        mana_value=mana_value(cost),
        colors=colors_of_cost(cost),
        types=_unique(t for h in halves for t in h.types),
        subtypes=_unique(t for h in halves for t in h.subtypes),
        supertypes=_unique(t for h in halves for t in h.supertypes),
        abilities=tuple(a for h in halves for a in h.abilities),
        keywords=_unique(k for h in halves for k in h.keywords),
        power=halves[0].power if len(halves) == 1 else next((h.power for h in halves if h.power is not None), None),
        toughness=next((h.toughness for h in halves if h.toughness is not None), None),
        text="\n".join(h.text for h in halves if h.text),
    )


def permanent_half(card: CardDef) -> str:
    """The side letter of the permanent half of a dynamic card (DYN.1: the top half)."""
    for face in card.faces:
        if face.is_permanent:
            return face.side
    return card.faces[0].side


@implements("dyn.3b", "dyn.4", "dyn.5", "dyn.5a", "dyn.5b", "dyn.example.r1", "dyn.example.r2")
def dynamic_characteristics(card: CardDef, zone: str, chosen_half: str | None = None) -> Characteristics:
    """The characteristics of a dynamic card in ``zone``.

    On the stack, only the characteristics of the half being cast exist (DYN.3b). On the
    battlefield it is the permanent half: the nonpermanent half's characteristics are treated as
    though they didn't exist (DYN.5, DYN.5a, DYN.5b). In every other zone, both halves combined
    (DYN.4)."""
    if zone == "stack":
        if chosen_half is None:
            raise ValueError("a dynamic card on the stack has a chosen half (DYN.3)")
        return face_characteristics(card.face(chosen_half))
    if zone == "battlefield":
        return face_characteristics(card.face(permanent_half(card)))
    return combined_characteristics(card)


def split_characteristics(card: CardDef, zone: str, chosen_half: str | None = None) -> Characteristics:
    """709.3b / 709.4: a split card has its chosen half's characteristics on the stack and both
    halves combined in every other zone."""
    if zone == "stack" and chosen_half is not None:
        return face_characteristics(card.face(chosen_half))
    return combined_characteristics(card)
