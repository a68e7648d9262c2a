"""Priority (117): who may act, passing, and what happens when all players pass in succession."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .state_based import check_state_based_actions


@action("pass_priority", player_action=True)
@implements("cr.current.priority", "cr.current.all-pass")
def pass_priority(game, a: dict) -> None:
    """117.3d: a player who passes gives priority to the next player in turn order. 117.4: if all
    players pass in succession (without taking actions between), the top object of the stack
    resolves, or, if the stack is empty, the step ends."""
    s = game.state
    player = a["player"]
    game.player(player)
    if s.priority != player:
        raise IllegalAction("cr.current.priority", f"{player} doesn't have priority ({s.priority} does)")
    s.passes += 1
    game.log("pass_priority", player=player)
    if s.passes >= len([p for p in s.order if not s.players[p].lost]):
        s.passes = 0
        if s.stack:
            from .resolution import resolve_top

            resolve_top(game)
            s.priority = s.active
        else:
            from .turns import next_step

            next_step(game)
    else:
        s.priority = next_living(game, player)


def next_living(game, player: str) -> str:
    nxt = game.next_player(player)
    while game.state.players[nxt].lost and nxt != player:
        nxt = game.next_player(nxt)
    return nxt


@action("resolve")
@implements("cr.current.all-pass")
def resolve(game, a: dict) -> None:
    """Shorthand: all players pass in succession, starting with the player who has priority, so
    that the top object of the stack resolves (117.4). ``count`` repeats it; ``all: true`` until
    the stack is empty."""
    s = game.state
    if not s.stack:
        raise IllegalAction("cr.current.all-pass", "the stack is empty: nothing to resolve")
    times = 10_000 if a.get("all") else int(a.get("count", 1))
    for _ in range(times):
        if not s.stack:
            break
        for _ in range(len(s.order)):
            pass_priority(game, {"player": s.priority})
            if s.passes == 0:
                break
        after_action(game, {"action": "resolve"})


@implements("cr.current.state-based-actions")
def after_action(game, a: dict) -> None:
    """Before a player receives priority: state-based actions (704.3), then waiting triggered
    abilities are put on the stack (117.5)."""
    while True:
        check_state_based_actions(game)
        if not game.state.pending_triggers:
            break
        from .resolution import put_triggers_on_stack

        put_triggers_on_stack(game)
