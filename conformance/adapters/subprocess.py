"""An engine in any language: a process speaking JSON lines on stdin/stdout (PROTOCOL.md).

The process is started once per run (and again only after it failed). Every request carries a
sequence number ``seq``; the reply must carry the same one. A reader thread turns stdout into a
queue of lines, so a hung engine is detected with a timeout; requests are written without
blocking (the pipe is non-blocking, ``select`` waits for room), so an engine that stops reading
its stdin is hung too, within the same deadline; stderr is kept (its last lines are the context
of an error). Failures raise :class:`~mtgrules.conformance.engine.EngineError` with
``kind``: ``crash`` (the process exited), ``timeout`` (no reply before the deadline), ``garbage``
(a line that is not a JSON object), ``order`` (a reply to another request), ``protocol`` (a
reply of the wrong type or, with ``validate_messages``, not valid against protocol.schema.json)
or ``error`` (the engine replied with a structured error).
"""

from __future__ import annotations

import collections
import json
import os
import queue
import select
import subprocess
import threading
import time
from pathlib import Path

from mtgrules.conformance.engine import PROTOCOL_VERSION, Engine, EngineError, Unsupported

SCHEMA = Path(__file__).resolve().parent.parent / "protocol.schema.json"

#: The reply type each request type expects.
REPLY_TYPES = {"hello": "hello", "setup": "setup", "apply": "result", "observe": "observation", "actions": "actions",
               "stop": "bye"}


class _Validator:
    def __init__(self):
        import jsonschema

        schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
        cls = jsonschema.validators.validator_for(schema)
        self.requests = cls({**schema, "$ref": "#/$defs/request"})
        self.replies = cls({**schema, "$ref": "#/$defs/reply"})

    def problem(self, message: dict, reply: bool) -> str | None:
        validator = self.replies if reply else self.requests
        error = next(iter(sorted(validator.iter_errors(message), key=lambda e: e.path)), None)
        if error is None:
            return None
        where = "/".join(str(p) for p in error.absolute_path) or "(message)"
        return f"{where}: {error.message[:300]}"


class ProcessEngine(Engine):
    """The client side of the JSON-lines protocol."""

    handles_deadline = True

    def __init__(self, command: list[str], *, validate_messages: bool = False, env: dict | None = None, cwd: str | None = None):
        self.command = list(command)
        self.env = env
        self.cwd = cwd
        self.validator = _Validator() if validate_messages else None
        self.proc: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.stderr_tail: collections.deque = collections.deque(maxlen=30)
        self.seq = 0
        self.deadline: float | None = None
        self._events: list[dict] = []
        self._snapshot: dict | None = None
        self._stale = True
        self.messages = 0  # requests sent (for the benchmark)

    # ------------------------------------------------------------------ the process
    def _spawn(self) -> None:
        env = dict(os.environ, **(self.env or {}))
        env.setdefault("PYTHONUNBUFFERED", "1")
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8", bufsize=1, env=env, cwd=self.cwd)
        os.set_blocking(self.proc.stdin.fileno(), False)  # writes are bounded by the deadline (_send)
        self.lines = queue.Queue()
        self.stderr_tail = collections.deque(maxlen=30)
        proc, lines, tail = self.proc, self.lines, self.stderr_tail

        def read_out():
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        def read_err():
            for line in proc.stderr:
                tail.append(line.rstrip("\n"))

        threading.Thread(target=read_out, daemon=True, name="engine stdout").start()
        threading.Thread(target=read_err, daemon=True, name="engine stderr").start()

    def _context(self, extra: str = "") -> str:
        parts = [f"command: {' '.join(self.command)}"]
        if extra:
            parts.append(extra)
        if self.stderr_tail:
            parts.append("stderr (last lines):\n" + "\n".join(self.stderr_tail))
        return "\n".join(parts)

    def _kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            proc.kill()
        except OSError:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    # ------------------------------------------------------------------ one exchange
    def request(self, kind: str, **fields) -> dict:
        if self.proc is None:
            raise EngineError("engine process is not running", self._context(), kind="crash")
        self.seq += 1
        message = {"seq": self.seq, "type": kind, **fields}
        if self.validator:
            problem = self.validator.problem(message, reply=False)
            if problem:
                raise EngineError(f"request {kind} #{self.seq} is not valid against protocol.schema.json: {problem}", kind="protocol")
        line = json.dumps(message, separators=(",", ":"))
        budget = self._remaining()
        try:
            sent = self._send((line + "\n").encode("utf-8"), budget)
        except (BrokenPipeError, OSError, ValueError):
            self._crashed(f"while sending {kind} #{self.seq}")
        if not sent:
            context = self._context(f"sending {kind} #{self.seq} ({len(line) + 1} bytes): the engine stopped reading its stdin")
            self._kill()
            raise EngineError(f"hung: the engine did not read {kind} #{self.seq} within {budget:.3g} s", context, kind="timeout")
        self.messages += 1
        return self._reply(kind, self.seq)

    def _remaining(self) -> float:
        """Seconds left for this exchange: until the scenario's deadline, else ``timeout``."""
        if self.deadline is not None:
            return max(0.0, self.deadline - time.monotonic())
        return self.timeout

    def _send(self, data: bytes, budget: float) -> bool:
        """Write ``data`` to the engine's stdin within ``budget`` seconds; False when the engine
        does not take it in time (the pipe stays full), so a non-reading engine never blocks the run."""
        fd = self.proc.stdin.fileno()
        end = time.monotonic() + budget
        view = memoryview(data)
        while view:
            try:
                n = os.write(fd, view)
            except BlockingIOError:
                n = 0
            view = view[n:]
            if view:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                select.select([], [fd], [], left)
        return True

    def _crashed(self, when: str):
        proc = self.proc
        code = None
        if proc is not None:
            try:
                code = proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        time.sleep(0.05)  # let the stderr reader catch up
        context = self._context()
        self._kill()
        raise EngineError(f"engine process exited (code {code}) {when}", context, kind="crash")

    def _reply(self, kind: str, seq: int) -> dict:
        timeout = self._remaining()
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            context = self._context(f"waiting for the reply to {kind} #{seq}")
            self._kill()
            raise EngineError(f"hung: no reply to {kind} #{seq} within {timeout:.3g} s", context, kind="timeout") from None
        if line is None:
            self._crashed(f"before replying to {kind} #{seq}")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than the JSON reader goes
            context = self._context(f"line: {line[:300]!r}")
            self._kill()
            raise EngineError(f"garbage: the reply to {kind} #{seq} is not JSON", context, kind="garbage") from None
        if not isinstance(reply, dict):
            context = self._context(f"line: {line[:300]!r}")
            self._kill()
            raise EngineError(f"garbage: the reply to {kind} #{seq} is not a JSON object", context, kind="garbage")
        if reply.get("seq") != seq:
            context = self._context(f"line: {line[:300]!r}")
            self._kill()
            raise EngineError(f"out of order: expected the reply to {kind} #{seq}, got seq {reply.get('seq')!r}", context, kind="order")
        if self.validator:
            problem = self.validator.problem(reply, reply=True)
            if problem:
                context = self._context(f"line: {line[:300]!r}")
                self._kill()
                raise EngineError(f"the reply to {kind} #{seq} is not valid against protocol.schema.json: {problem}", context, kind="protocol")
        if reply.get("type") == "error":
            raise EngineError(f"engine error replying to {kind} #{seq}: {reply.get('message')}", reply.get("context"), kind="error")
        if reply.get("type") == "unsupported" and kind in ("setup", "actions"):
            raise Unsupported(reply.get("reason") or "")
        if reply.get("type") != REPLY_TYPES[kind]:
            raise EngineError(f"the reply to {kind} #{seq} has type {reply.get('type')!r}, expected {REPLY_TYPES[kind]!r}",
                              self._context(f"line: {line[:300]!r}"), kind="protocol")
        return reply

    # ------------------------------------------------------------------ the Engine interface
    def start(self) -> dict:
        self._kill()
        self._spawn()
        self.deadline = None
        reply = self.request("hello", protocol=PROTOCOL_VERSION)
        if reply.get("protocol") != PROTOCOL_VERSION:
            raise EngineError(f"engine speaks protocol {reply.get('protocol')!r}, the runner {PROTOCOL_VERSION}", self._context(), kind="protocol")
        return {k: v for k, v in reply.items() if k not in ("seq", "type")}

    def setup(self, request: dict) -> dict:
        self._events, self._snapshot, self._stale = [], None, True
        reply = self.request("setup", **request)
        return reply.get("references") or {}

    def apply(self, step: dict) -> dict:
        self._stale = True
        reply = self.request("apply", step=step)
        return {k: v for k, v in reply.items() if k not in ("seq", "type")}

    def legal_actions(self, player: str) -> list[dict]:
        return list(self.request("actions", player=player).get("actions") or [])

    def _observe(self) -> None:
        reply = self.request("observe", since=len(self._events))
        events = reply.get("events") or []
        if not isinstance(events, list):
            raise EngineError(f"wrong shape: the events of the reply to observe #{self.seq} are not a list",
                              self._context(f"events: {events!r}"[:300]), kind="protocol")
        self._snapshot = reply.get("snapshot")
        self._events = self._events + events
        self._stale = False

    def observe(self) -> dict:
        if self._stale or self._snapshot is None:
            self._observe()
        return self._snapshot

    def events(self) -> list[dict]:
        if self._stale:
            self._observe()
        return list(self._events)

    def stop(self) -> None:
        if self.proc is None:
            return
        try:
            self.deadline = time.monotonic() + 2
            self.request("stop")
        except EngineError:
            pass
        finally:
            self._kill()
