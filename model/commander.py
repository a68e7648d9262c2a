"""The commander (903): a player's commander may be put into the command zone instead of into
its owner's hand or library.

A player's commanders are named in the setup (``players.<name>.commanders``, card names: a
Commander deck has one card of each name). The replacement is applied per card, so a merged
permanent whose components include the commander sends only that card to the command zone.
"""

from __future__ import annotations

from mtgrules.spec import implements


def is_commander(game, owner: str, component) -> bool:
    player = game.state.players.get(owner)
    return player is not None and not component.token and component.card.name in player.commanders


@implements("cr.current.commander-replacement", "cr.current.commander-merged", "merging.3d")
def commander_destination(game, obj, component, to_zone: str) -> str | None:
    """903.9b: if a commander would be put into its owner's hand or library from anywhere, its
    owner may put it into the command zone instead (``choices.may``; by default they do).
    903.9c / 730.3d: for a merged permanent this applies to the commander card only; the other
    components go where they were going. Returns "command" or None (no change)."""
    if to_zone not in ("hand", "library") or not is_commander(game, obj.owner, component):
        return None
    if game.choice("may", True) is False:
        return None
    return "command"
