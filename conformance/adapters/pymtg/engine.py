"""``PyMtgEngine``: python-mtg behind conformance/engine.py's interface, a composition of the adapter's parts
(setup, drive, observe), sharing one Session."""

from __future__ import annotations

from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, EngineError

from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES
from .drive import Driver
from .observe import Observer
from .session import Session
from .setup import Setup


class PyMtgEngine(Engine):
    """python-mtg (in-process) as an engine under test: ``--engine pymtg``."""

    def __init__(self):
        self.session = Session()
        self.setup_builder = Setup(self.session)
        self.driver = Driver(self.session)
        self.observer = Observer(self.session)

    def start(self) -> dict:
        try:
            import mtg  # noqa: F401
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise EngineError("python-mtg is not installed: pip install 'mtgrules[pymtg]'", str(exc), kind="crash") from None
        from importlib.metadata import version as dist_version

        self.setup_builder.warm_up()
        return {"name": "python-mtg", "version": dist_version("python-mtg"), "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION, "unsupported": dict(UNSUPPORTED_FEATURES)}

    def stop(self) -> None:
        self.session.game = None

    def setup(self, request: dict) -> dict:
        return self.setup_builder.build(request)

    def apply(self, step: dict) -> dict:
        return self.driver.apply(step)

    def observe(self) -> dict:
        return self.observer.snapshot()

    def events(self) -> list[dict]:
        """python-mtg keeps no event log: none is reported (event expectations fail, never pass)."""
        return []
