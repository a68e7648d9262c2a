"""The reference model: an executable engine for the rules in the spec.

Public API (see model/game.py)::

    from mtgrules.model import Game, IllegalAction
    game = Game.from_setup(setup)     # model/setup.schema.json
    result = game.apply(action)       # model/action.schema.json -> ActionResult(ok, events, rule, reason, value)
    game.snapshot()                   # model/snapshot.schema.json
    game.events                       # model/events.schema.json
"""

from .actions import ActionResult, IllegalAction
from .game import Game, SetupError

__all__ = ["ActionResult", "Game", "IllegalAction", "SetupError"]
