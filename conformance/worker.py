"""The runner's worker thread (runner.py): an in-process engine's calls run here, so that the runner
can stop waiting for a hung one and end it.

A job that outlives its timeout is cancelled: :func:`cancel` raises :class:`Cancelled` in the
thread, which ends it, and the runner makes a new worker for what comes next.
"""

from __future__ import annotations

import queue
import threading
from typing import Callable


class Cancelled(BaseException):
    """Raised inside a hung in-process engine's thread to end it (see :func:`cancel`)."""


def cancel(worker: "Worker", grace: float = 2.0) -> bool:
    """End a hung in-process engine's worker thread: raise :class:`Cancelled` in it (CPython's
    ``PyThreadState_SetAsyncExc``, delivered at the thread's next Python instruction, so a loop in
    Python code ends; a call blocked in C does not), and wake it should the job have just finished
    and the thread be waiting for the next one. True when the thread ended within ``grace``."""
    import ctypes

    thread = worker.thread
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(Cancelled))
    worker.close()
    thread.join(grace)
    return not thread.is_alive()


class Worker:
    """One daemon thread that plays a run's scenarios in turn, so the runner can stop waiting for a
    hung engine (a new thread per scenario doubled the wall time of a run). A cancelled worker ends
    (:func:`cancel`) and the run makes a new one; :meth:`close` ends an idle one."""

    def __init__(self):
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._loop, daemon=True, name="scenario worker")
        self.thread.start()

    def _loop(self) -> None:
        try:
            while True:
                job, box, done = self.jobs.get()
                if job is None:
                    return  # closed
                try:
                    box["result"] = job()
                except Cancelled:
                    raise
                except BaseException as exc:  # noqa: BLE001 - reported as the scenario's error
                    box["error"] = exc
                done.set()
        except Cancelled:
            return  # a hung job cancelled (cancel), wherever the exception landed: this worker ends

    def call(self, job: Callable[[], dict], timeout: float) -> dict | None:
        """``{"result": ...}`` or ``{"error": exc}`` of ``job()``, or None if it took longer than ``timeout``."""
        box: dict = {}
        done = threading.Event()
        self.jobs.put((job, box, done))
        return box if done.wait(timeout) else None

    def close(self) -> None:
        """End the thread once it has finished its current job."""
        self.jobs.put((None, None, None))
