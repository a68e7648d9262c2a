"""Effects on a player's library: drawing (121), scry (701.22), revealing the top card, milling,
and the ``draw`` test action."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action, effect
from .life import change_life
from .zones import move


@implements("dyn.2")
def draw(game, player: str, count: int = 1) -> None:
    """121.1 / DYN.2: a player draws the top card of their library; a dynamic card drawn is one card."""
    for _ in range(count):
        library = game.player(player).library
        if not library:  # 121.4: the player loses at the next state-based check (704.5b)
            game.player(player).drew_from_empty_library = True
            game.log("draw_from_empty_library", player=player)
            continue
        card = game.state.objects[library[0]]
        new = move(game, card, "hand", "draw")
        game.log("draw", player=player, object=new[0].id, card=card.card.name, cards=len(new))


@effect("draw")
def _draw(game, source, eff, target):
    """You (or target player: Deep Analysis) draw N cards."""
    draw(game, target if target in game.state.players else source.controller, eff.get("amount", 1))


@effect("scry")
def _scry(game, source, eff, target):
    """701.22 (scry N): look at the top N cards, put any number on the bottom and the rest on top
    in any order (the action's ``choices.scry``: top / bottom lists; by default all stay)."""
    library = game.state.players[source.controller].library
    seen = list(library[: eff["amount"]])
    wanted = game.choice("scry") or {}

    def ids(refs):
        out = []
        for ref in refs:
            obj = game.obj(ref, zone="library", player=source.controller)
            if obj.id not in seen:
                raise IllegalAction("cr.current.resolving-spells", f"{ref!r} is not among the cards scried")
            out.append(obj.id)
        return out

    bottom = ids(wanted.get("bottom", []))
    top = ids(wanted.get("top", [])) + [i for i in seen if i not in bottom and i not in ids(wanted.get("top", []))]
    library[: len(seen)] = []
    library[:0] = top
    library.extend(bottom)
    game.log("scry", player=source.controller, amount=eff["amount"], looked_at=seen, top=top, bottom=bottom)


@effect("reveal_top_to_hand_gain_life")
@implements("dyn.example", "dyn.4b")
def _purewind(game, source, eff, target):
    """Purewind Blessings: reveal the top card of your library and put it into your hand; you
    gain life equal to that card's converted mana cost (as the card is in the library: a dynamic
    card has the combined mana cost of its halves there, DYN.4b)."""
    library = game.state.players[source.controller].library
    if not library:
        return
    top = game.state.objects[library[0]]
    mv = game.characteristics(top).mana_value
    game.log("reveal", player=source.controller, object=top.id, card=top.card.name, mana_value=mv)
    move(game, top, "hand", "effect")
    change_life(game, source.controller, mv, "effect")


@effect("mill")
def _mill(game, source, eff, target):
    player = target if target in game.state.players else source.controller
    for _ in range(eff.get("amount", 1)):
        library = game.player(player).library
        if library:
            move(game, game.state.objects[library[0]], "graveyard", "mill")


@action("draw")
def draw_action(game, a):
    draw(game, a["player"], int(a.get("count", 1)))
