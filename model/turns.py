"""Turn structure, as far as the model needs it: the steps in order, their turn-based actions,
and moving on when all players pass with an empty stack (117.4, 500.2). Combat steps are passed
through without combat; model II adds declaring attackers and blockers and the damage steps."""

from __future__ import annotations

from .actions import IllegalAction, action
from .continuous import end_of_turn_effects

STEPS = ("untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers", "declare-blockers",
         "first-strike-damage", "combat-damage", "end-of-combat", "postcombat-main", "end", "cleanup")
#: Steps in which no player normally receives priority (502.4, 514.3).
NO_PRIORITY = ("untap", "cleanup")


def end_step(game) -> None:
    """500.4: when a step ends, unused mana empties from each player's mana pool."""
    for p in game.state.players.values():
        p.pool = type(p.pool)()


def begin_step(game, step: str) -> None:
    """Begin ``step``: its turn-based actions (502.3 untap, 504.1 draw, 514.2 cleanup), then the
    active player receives priority (117.3a), except in the untap and cleanup steps."""
    s = game.state
    s.step = step
    game.log("step_begins", step=step, turn=s.turn, active=s.active)
    from .combat import begin_combat_step

    begin_combat_step(game, step)  # combat's turn-based actions (508.1, 509.1, 510.1)
    if step == "untap":
        for oid in s.battlefield:
            obj = s.objects[oid]
            if obj.controller == s.active and obj.tapped:
                obj.tapped = False
    elif step == "draw":
        from .effects import draw

        draw(game, s.active)
    elif step == "cleanup":
        for oid in s.battlefield:
            s.objects[oid].damage = 0
        end_of_turn_effects(game)
    s.priority = None if step in NO_PRIORITY else s.active
    s.passes = 0


def next_step(game) -> None:
    """The current step ends and the next begins; after cleanup, the next player's turn."""
    s = game.state
    end_step(game)
    from .combat import following_step

    following = following_step(game, s.step, STEPS)
    if following is not None:
        begin_step(game, following)
    else:
        game.log("end_turn", player=s.active, turn=s.turn)
        s.turn += 1
        s.active = game.next_player(s.active)
        s.spells_cast_this_turn = 0
        for p in s.players.values():
            p.spells_cast_this_turn = 0
            p.lands_played_this_turn = 0
        begin_step(game, STEPS[0])
    if s.priority is None:
        from .priority import after_action

        after_action(game, {"action": "next_step"})
        next_step(game)


@action("advance_to")
def advance_to(game, a):
    """All players pass with an empty stack until ``step`` next begins (in the next turn with
    ``next_turn``); objects on the stack, and abilities triggering on the way, resolve first.
    Abilities that trigger as the named step begins stay on the stack."""
    from .priority import after_action, resolve

    s = game.state
    target, start_turn = a["step"], s.turn
    if target not in STEPS:
        raise IllegalAction(None, f"no step called {target!r}")
    for _ in range(4 * len(STEPS)):
        if s.stack:
            resolve(game, {"all": True})
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
