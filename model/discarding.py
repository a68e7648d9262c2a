"""A player's discard (701.9) as a decision the player makes, not at will.

A player discards only when a rule or an effect tells them to (madness.q2: "In order to do
anything, including things like discarding cards and sacrificing permanents, there has to be
some rule or some card that's allowing you to do so"). The model keeps such an instruction as a
pending *discard instruction* (``State.discard_instructions``): ``instruct_discard`` (a test
effect standing for a card such as Mind Rot that waits for its target's choice) creates one, and
the player answers it with the player action ``player_discard``. Without an instruction for that
player, ``player_discard`` is refused and the game is left as it was.

While an instruction waits, the game waits for that choice: no player takes another action
(:func:`check_not_waiting`). The cleanup step's hand-size rule (514.1) and the effects the model
resolves in one go (Mind Rot's ``discard`` effect, discarding as a cost) take their answer from
``choices.discard`` and do not leave an instruction.
"""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import PLAYER_ACTIONS, IllegalAction, action
from .madness import discard_card


def pending(game, player: str) -> dict | None:
    """The first discard instruction waiting for ``player``'s choice, if any."""
    return next((i for i in game.state.discard_instructions if i["player"] == player), None)


@action("instruct_discard")
@implements("cr.current.discard")
def instruct_discard(game, a: dict) -> None:
    """Test effect: an effect tells ``player`` to discard ``count`` cards of their choice and
    waits for that choice (answered by ``player_discard``). With fewer cards in hand than
    ``count``, the player discards their whole hand (701.9)."""
    player = a["player"]
    game.player(player)
    count = int(a.get("count", 1))
    instruction = {"player": player, "count": count, "rule": "cr.current.discard", "source": a.get("source", "effect")}
    if not game.player(player).hand:
        game.log("no_effect", player=player, rule="cr.current.discard", reason="no cards in hand to discard")
        return
    game.state.discard_instructions.append(instruction)
    game.log("discard_instruction", player=player, count=count, source=instruction["source"])


@action("player_discard")
@implements("madness.q2", "cr.current.discard")
def player_discard(game, a: dict) -> list[str]:
    """A player discards the cards ``cards`` from their hand. Legal only while a rule or effect
    has told that player to discard (a pending discard instruction); a player can't discard a
    card just because they want to, e.g. to cast it with madness (madness.q2). The player
    discards exactly as many cards as they were told to, or their whole hand if it holds fewer
    (701.9). Each card is discarded as any other discard is, so madness applies (madness.q6).
    Returns the IDs of the discarded cards' new objects."""
    player = a["player"]
    game.player(player)
    instruction = pending(game, player)
    if instruction is None:
        raise IllegalAction("madness.q2", f"no rule or effect tells {player} to discard: a player can't discard a card at will")
    hand = game.player(player).hand
    chosen = []
    for ref in a["cards"]:
        obj = game.obj(ref, zone="hand", player=player)
        if obj.owner != player or obj.id not in hand:
            raise IllegalAction("cr.current.discard", f"{ref} is not in {player}'s hand")
        if obj.id in chosen:
            raise IllegalAction("cr.current.discard", f"{ref} is named twice")
        chosen.append(obj.id)
    needed = min(instruction["count"], len(hand))
    if len(chosen) != needed:
        raise IllegalAction("cr.current.discard", f"{player} must discard {needed} card(s), not {len(chosen)}")
    game.state.discard_instructions.remove(instruction)
    new = []
    for oid in chosen:
        new += [o.id for o in discard_card(game, game.state.objects[oid], player, "discard")]
    return new


WAITING_EXEMPT = frozenset({"player_discard", "instruct_discard"})


def check_not_waiting(game, name: str) -> None:
    """While a discard instruction waits for a player's choice, the effect or rule that gave it
    hasn't finished: no player can take another action until it is answered (refused, naming
    the rule). Test effects other than player actions are not held back."""
    waiting = game.state.discard_instructions
    if waiting and name not in WAITING_EXEMPT and (name in PLAYER_ACTIONS or name in ("resolve", "advance_to", "end_turn")):
        first = waiting[0]
        raise IllegalAction("cr.current.discard", f"the game waits for {first['player']} to choose {first['count']} card(s) to discard")


@action("discard")
@implements("dyn.2", "cr.current.discard")
def discard(game, a):
    """701.9: discard a card from hand to its owner's graveyard (a card with madness is exiled
    instead: model/madness.py). DYN.2: a dynamic card is one card."""
    obj = game.obj(a["object"], zone="hand", player=a["player"])
    discard_card(game, obj, a["player"], a.get("cause", "discard"))
