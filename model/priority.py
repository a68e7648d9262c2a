"""Priority (117): who may act, passing, and what happens when all players pass in succession;
the shortcuts in which all players pass until a step begins."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .resolution import resolve_top
from .state_based import after_action
from .turns import STEPS, begin_step, end_step, next_step


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
            resolve_top(game)
            s.priority = s.active
        else:
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


@action("advance_to")
def advance_to(game, a):
    """All players pass with an empty stack until ``step`` next begins (in the next turn with
    ``next_turn``); objects on the stack, and abilities triggering on the way, resolve first.
    Abilities that trigger as the named step begins stay on the stack."""
    s = game.state
    target, start_turn = a["step"], s.turn
    if target not in STEPS:
        raise IllegalAction(None, f"no step called {target!r}")
    for _ in range(4 * len(STEPS)):
        if s.stack:
            resolve(game, {"all": True})
        if target == "cleanup" and s.step == "end" and (not a.get("next_turn") or s.turn > start_turn):
            end_step(game)  # the cleanup step has no priority (514.3): stop as it begins, its turn-based actions done
            begin_step(game, "cleanup")
            return
        next_step(game)
        after_action(game, a)
        if s.step == target and (not a.get("next_turn") or s.turn > start_turn):
            return
    raise IllegalAction(None, f"step {target} was not reached")


@action("end_turn")
def end_turn(game, a):
    """Shortcut: all players pass until the next turn's precombat main phase (through its end
    step, cleanup, untap, upkeep and draw steps)."""
    if game.state.stack:
        raise IllegalAction("cr.current.all-pass", "the turn can't end while the stack isn't empty")
    advance_to(game, {"step": "precombat-main", "next_turn": True})
