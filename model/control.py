"""Control-changing effects (layer 2, 613.1b): "gain control of target creature [until end of turn]".

A control-changing effect is a continuous effect ``{kind: control, object, controller, from,
until}`` in ``State.effects``; while it lasts, the permanent's controller is the effect's (the
latest such effect wins, 613.7 timestamps). When an effect with a duration ends (514.2: "until end
of turn" effects end in the cleanup step) the controller becomes that of the latest remaining
control effect, or the one it had before the first. A permanent that comes under another
player's control has summoning sickness for them (302.6). An effect on an object ends with the
object: a permanent that leaves the battlefield is a new object (400.7)."""

from __future__ import annotations

from mtgrules.spec import implements

from .combat_state import combat


def _set_controller(game, obj, player: str) -> None:
    if obj.controller == player:
        return
    before, obj.controller = obj.controller, player
    combat(game)["entered"].append(obj.id)  # 302.6: not under its new controller's control since their turn began
    game.log("control_changed", object=obj.id, card=obj.card.name, player=player, **{"from": before})


@implements("cr.current.control-changing", "cr.current.summoning-sickness")
def gain_control(game, obj, player: str, until: str | None) -> None:
    """``player`` gains control of the permanent ``obj`` (``until``: ``end_of_turn`` or None, for
    as long as it remains on the battlefield)."""
    game.state.effects.append({"kind": "control", "object": obj.id, "controller": player, "from": obj.controller,
                               "timestamp": game.tick(), "until": until})
    _set_controller(game, obj, player)


@implements("cr.current.control-changing", "cr.current.cleanup-damage")
def control_effects_end(game, ended: list[dict]) -> None:
    """The control-changing effects ``ended`` have just ended: each permanent they applied to
    that is still on the battlefield gets the controller the remaining effects give it."""
    s = game.state
    for oid in dict.fromkeys(e["object"] for e in ended if e["kind"] == "control"):
        obj = s.objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        remaining = [e for e in s.effects if e["kind"] == "control" and e["object"] == oid]
        first = min((e for e in ended if e["kind"] == "control" and e["object"] == oid), key=lambda e: e["timestamp"])
        _set_controller(game, obj, max(remaining, key=lambda e: e["timestamp"])["controller"] if remaining else first["from"])
