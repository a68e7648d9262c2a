"""``PhaseEngine``: phase.rs behind conformance/engine.py's interface, a composition of the adapter's parts
(cards, setup, drive with its prompts and actions, observe with its events), sharing one Session."""

from __future__ import annotations

from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, EngineError

from .actions import Actions
from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES
from .cards import CardFaces
from .drive import Driver
from .events import EventRecorder
from .observe import DERIVED, Observer
from .offers import Offers
from .prompts import Prompts
from .session import Session
from .setup import Setup


class PhaseEngine(Engine):
    """phase.rs (phase-python, in-process) as an engine under test: ``--engine phase``."""

    def __init__(self):
        self.session = Session()
        self.faces = CardFaces()  # kept across scenarios: building a card is slow
        actions = Actions(self.session, EventRecorder(self.session))
        prompts = Prompts(self.session, actions)
        self.setup_builder = Setup(self.session, self.faces, actions, prompts)
        self.driver = Driver(self.session, actions, prompts)
        self.observer = Observer(self.session)
        self.offers = Offers(self.session, actions)

    def start(self) -> dict:
        try:
            import phase  # noqa: F401
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise EngineError("phase-python is not installed: pip install 'mtgrules[phase]'", str(exc), kind="crash") from None
        from importlib.metadata import version as dist_version

        return {"name": "phase.rs (phase-python)", "version": dist_version("phase-python"), "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION,
                "unsupported": dict(UNSUPPORTED_FEATURES), "derived": sorted(DERIVED), "offers": True}

    def stop(self) -> None:
        self.session.game = None

    def setup(self, request: dict) -> dict:
        return self.setup_builder.build(request)

    def apply(self, step: dict) -> dict:
        return self.driver.apply(step)

    def legal_actions(self, player: str) -> list[dict]:
        return self.offers.legal_actions(player)

    def observe(self) -> dict:
        return self.observer.snapshot()

    def events(self) -> list[dict]:
        return self.session.log

    def diagnostics(self) -> list[str]:
        """Cards of the scenario with abilities phase.rs could not parse (Unimplemented effects)."""
        lacking = self.faces.lacking(self.session.cards)
        return [f"phase.rs could not parse abilities of: {', '.join(sorted(lacking))}"] if lacking else []
