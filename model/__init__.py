"""The reference model: an executable engine for the rules in the spec.

Public API (see model/game.py)::

    from mtgrules.model import Game, IllegalAction
    game = Game.from_setup(setup)     # model/setup.schema.json
    result = game.apply(action)       # model/action.schema.json -> ActionResult(ok, events, rule, reason, value)
    game.snapshot()                   # model/snapshot.schema.json
    game.events                       # model/events.schema.json

The modules are layered, bottom to top: vocabulary and registries (actions.py), objects, state
(zones), characteristics (continuous effects), consequences (damage, payment), actions (casting,
resolution, combat, turns, priority, special actions), effects (registered with ``@effect``), and
the facade (plugins.py, game.py). Imports run downward only; a lower layer reaches an upper one
through the registries of actions.py. model/README.md lists every module's layer.
"""

from .actions import ActionResult, IllegalAction
from .game import Game, SetupError

__all__ = ["ActionResult", "Game", "IllegalAction", "SetupError"]
