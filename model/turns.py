"""Turn structure, as far as the model needs it: the steps in order, their turn-based actions,
and moving on when all players pass with an empty stack (117.4, 500.2). Combat steps are passed
through without combat unless attackers are declared (combat.py). The shortcuts in which all
players pass until a step (``advance_to``, ``end_turn``) are in priority.py."""

from __future__ import annotations

from .combat import begin_combat_step, following_step
from .continuous import end_of_turn_effects
from .library import draw
from .madness import discard_to_hand_size
from .state_based import after_action
from .support import check_battlefield
from .trigger_events import step_triggers

STEPS = ("untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers", "declare-blockers",
         "first-strike-damage", "combat-damage", "end-of-combat", "postcombat-main", "end", "cleanup")
#: Steps in which no player normally receives priority (502.4, 514.3).
NO_PRIORITY = ("untap", "cleanup")


#: Steps where unsupported abilities of a permanent would matter (support.py kinds).
STEP_REFUSALS = {"upkeep": ("upkeep",), "declare-attackers": ("attacking",), "declare-blockers": ("blocking",)}


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
    begin_combat_step(game, step)  # combat's turn-based actions (508.1, 509.1, 510.1)
    if step == "untap":
        for oid in s.battlefield:
            obj = s.objects[oid]
            if obj.controller == s.active and obj.tapped:
                obj.tapped = False
    elif step == "draw":
        draw(game, s.active)
    elif step == "cleanup":
        discard_to_hand_size(game)  # 514.1
        for oid in s.battlefield:
            s.objects[oid].damage = 0
        end_of_turn_effects(game)
    if step in STEP_REFUSALS and (step == "upkeep" or s.combat.get("attackers")):
        check_battlefield(game, STEP_REFUSALS[step])  # an unsupported ability that would matter now
    beginning_of_step_triggers(game, step)
    s.priority = None if step in NO_PRIORITY else s.active
    if step == "cleanup" and s.pending_triggers:
        s.priority = s.active  # 514.3a: abilities triggered during cleanup: players receive priority
    s.passes = 0


def beginning_of_step_triggers(game, step: str) -> None:
    """Abilities that trigger "at the beginning of" ``step``: delayed triggers waiting for it
    (603.7, Otherworldly Journey), then those of permanents (trigger_events.step_triggers)."""
    s = game.state
    for delayed in [d for d in s.delayed_triggers if d["step"] == step]:
        s.delayed_triggers.remove(delayed)
        s.pending_triggers.append({k: v for k, v in delayed.items() if k != "step"})
    step_triggers(game, step)


def next_step(game) -> None:
    """The current step ends and the next begins; after cleanup, the next player's turn."""
    s = game.state
    end_step(game)
    following = following_step(game, s.step, STEPS)
    if following is not None:
        begin_step(game, following)
    else:
        game.log("end_turn", player=s.active, turn=s.turn)
        s.spells_cast_last_turn = {name: p.spells_cast_this_turn for name, p in s.players.items()}
        s.turn += 1
        s.active = game.next_player(s.active)
        s.spells_cast_this_turn = 0
        for p in s.players.values():
            p.spells_cast_this_turn = 0
            p.lands_played_this_turn = 0
        begin_step(game, STEPS[0])
    if s.priority is None:
        after_action(game, {"action": "next_step"})
        next_step(game)
