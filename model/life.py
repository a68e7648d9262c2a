"""Life totals (119): a player gains or loses life, by an effect or a test action."""

from __future__ import annotations

from .actions import action, effect


def change_life(game, player: str, delta: int, cause: str) -> None:
    """119.3: ``player`` gains (``delta`` > 0) or loses life; logged with its ``cause``."""
    p = game.player(player)
    before = p.life
    p.life += delta
    game.log("life", player=player, before=before, after=p.life, delta=delta, cause=cause)


@effect("gain_life")
def _gain(game, source, eff, target):
    """You gain N life, or ``that_much``: the amount the triggering event dealt (Exalted Angel)."""
    amount = (source.ability or {}).get("amount", 0) if eff["amount"] == "that_much" else eff["amount"]
    change_life(game, source.controller, amount, "effect")


@effect("lose_life")
def _lose(game, source, eff, target):
    change_life(game, target if target in game.state.players else source.controller, -eff["amount"], "effect")


@action("life")
def life_action(game, a):
    """Test effect: a player gains or loses life."""
    change_life(game, a["player"], int(a["amount"]), a.get("cause", "effect"))
