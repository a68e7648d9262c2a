"""Combat actions: the active player declares attackers and the defending player declares
blockers. Each is a shorthand that first lets all players pass (117.4) until the step begins,
then performs the declaration as that step's turn-based action (508.1, 509.1)."""

from __future__ import annotations

from mtgrules.spec import implements

from .actions import IllegalAction, action
from .combat_state import combat
from .priority import resolve
from .state_based import after_action
from .turns import STEPS, next_step


def _pass_until(game, step: str) -> None:
    """All players pass (objects on the stack resolve) until ``step`` is the next step."""
    s = game.state
    target = STEPS.index(step)
    for _ in range(4 * len(STEPS)):
        if s.stack:
            resolve(game, {"all": True})
            continue
        if STEPS.index(s.step) + 1 >= target:
            return
        next_step(game)
        after_action(game, {"action": "next_step"})
    raise IllegalAction(None, f"step {step} was not reached")


def _ids(game, mapping: dict, value_is_object: bool) -> dict[str, str]:
    out = {}
    for ref, value in mapping.items():
        oid = game.obj(ref, zone="battlefield").id
        out[oid] = game.obj(value, zone="battlefield").id if value_is_object else value
    return out


@action("declare_attackers", player_action=True)
@implements("cr.current.declare-attackers")
def declare_attackers(game, a: dict):
    """508.1: ``attackers`` {creature: player attacked}. All players pass until the beginning of
    combat step ends (abilities on the stack resolve); then the declare attackers step begins
    and the active player declares these attackers. Refused before or after that point."""
    s = game.state
    if a["player"] != s.active:
        raise IllegalAction("cr.current.declare-attackers", "only the active player declares attackers")
    if STEPS.index(s.step) >= STEPS.index("declare-attackers"):
        raise IllegalAction("cr.current.declare-attackers", "attackers are declared once, as the declare attackers step begins")
    _pass_until(game, "declare-attackers")
    combat(game)["pending_attackers"] = _ids(game, a.get("attackers") or {}, False)
    next_step(game)
    return sorted(combat(game)["attackers"])


@action("declare_blockers", player_action=True)
@implements("cr.current.declare-blockers")
def declare_blockers(game, a: dict):
    """509.1: ``blockers`` {creature: attacker it blocks}. All players pass until the declare
    attackers step ends (abilities on the stack, such as provoke, resolve); then the declare
    blockers step begins and the defending player declares these blocks."""
    s = game.state
    if s.step != "declare-attackers" or not combat(game)["attackers"]:
        raise IllegalAction("cr.current.declare-blockers", "blockers are declared as the declare blockers step begins, after attackers were declared")
    if a["player"] == s.active:
        raise IllegalAction("cr.current.declare-blockers", "the defending player declares blockers")
    _pass_until(game, "declare-blockers")
    if s.step != "declare-attackers":
        raise IllegalAction("cr.current.declare-blockers", "combat ended before blockers could be declared")
    combat(game)["pending_blockers"] = _ids(game, a.get("blockers") or {}, True)
    next_step(game)
    return sorted(combat(game)["blockers"])


@action("tap")
def tap(game, a: dict):
    """Test effect: tap (or with ``untap: true`` untap) a permanent, as a cost or an effect would
    (a creature's own "{T}: ..." ability, Cerulean Wisps' untap)."""
    obj = game.obj(a["object"], zone="battlefield")
    obj.tapped = not a.get("untap", False)
    game.log("tapped" if obj.tapped else "untapped", object=obj.id)
