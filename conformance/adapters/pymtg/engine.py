"""``PyMtgEngine``: python-mtg behind conformance/engine.py's interface, a composition of the adapter's parts
(setup, drive, observe), sharing one Session.

python-mtg's Soufflé evaluation is not safe to run from two threads at once (it crashed the process when it was
tried). The runner plays a scenario in a thread and, when the scenario hangs, goes on with a fresh engine while
that thread still runs: every call into python-mtg therefore holds one lock for the process, and a call that
cannot get it within the timeout is an engine error of kind ``hung``, never a second evaluation."""

from __future__ import annotations

import threading
from contextlib import contextmanager

from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, EngineError

from .capabilities import EDITIONS, FEATURES, UNSUPPORTED_FEATURES
from .drive import Driver
from .observe import DERIVED, Observer
from .session import Session
from .setup import Setup


_ENGINE_LOCK = threading.Lock()


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

        with self._alone():
            self.setup_builder.warm_up()
        return {"name": "python-mtg", "version": dist_version("python-mtg"), "editions": list(EDITIONS),
                "features": list(FEATURES), "protocol": PROTOCOL_VERSION, "unsupported": dict(UNSUPPORTED_FEATURES),
                "derived": sorted(DERIVED), "offers": "the adapter does not map python-mtg's legal moves onto the corpus's steps"}

    def stop(self) -> None:
        self.session.game = None

    @contextmanager
    def _alone(self):
        if not _ENGINE_LOCK.acquire(timeout=self.timeout):
            raise EngineError("python-mtg is still busy with an earlier scenario that hung", kind="hung")
        try:
            yield
        finally:
            _ENGINE_LOCK.release()

    def setup(self, request: dict) -> dict:
        with self._alone():
            return self.setup_builder.build(request)

    def apply(self, step: dict) -> dict:
        with self._alone():
            return self.driver.apply(step)

    def observe(self) -> dict:
        with self._alone():
            return self.observer.snapshot()

    def events(self) -> list[dict]:
        """python-mtg keeps no event log: none is reported (event expectations fail, never pass)."""
        return []
