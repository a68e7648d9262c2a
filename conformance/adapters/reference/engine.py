"""``ReferenceEngine``: the reference model behind conformance/engine.py's interface, a composition of
the adapter's parts (cards, setup, drive, observe)."""

from __future__ import annotations

from mtgrules import __version__
from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, Unsupported
from mtgrules.conformance.expectations import References
from mtgrules.model import Game
from mtgrules.model.actions import Unsupported as ModelUnsupported

from . import observe
from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES
from .cards import lacking
from .drive import Driver, offered_steps
from .setup import model_setup


class ReferenceEngine(Engine):
    """The reference model (in-process) as an engine under test: ``--engine reference``."""

    def __init__(self):
        self.game = None
        self.driver = None

    def start(self) -> dict:
        return {"name": "mtgrules reference model", "version": __version__, "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION, "derived": sorted(observe.DERIVED),
                "offers": True, "unsupported": dict(UNSUPPORTED_FEATURES)}

    def setup(self, request: dict) -> dict:
        self.game = None
        setup, initial, cards = model_setup(request)
        try:
            self.game = Game.from_setup(setup, validate=False)  # the corpus loader checked the scenario (see Driver)
        except ModelUnsupported as exc:
            raise Unsupported(str(exc)) from None
        self.driver = Driver(self.game, References(initial, cards, list(setup["players"])))
        return initial

    def apply(self, step: dict) -> dict:
        return self.driver.apply(step)

    def observe(self) -> dict:
        return observe.snapshot(self.game)

    def legal_actions(self, player: str) -> list[dict]:
        return offered_steps(self.game, player)

    def events(self) -> list[dict]:
        return observe.events(self.game)

    def diagnostics(self) -> list[str]:
        """Cards of the scenario whose rules text the model cannot execute (no structured abilities)."""
        if self.game is None:
            return []
        missing = lacking(self.game)
        return [f"the model has no structured abilities for: {', '.join(sorted(missing))}"] if missing else []

    def stop(self) -> None:
        self.game = None
