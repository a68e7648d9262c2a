"""The example engine process: the reference model behind the JSON-lines protocol (PROTOCOL.md).

    python -m mtgrules.conformance.engine_process

Reads one request per line on stdin, writes one reply per line on stdout (flushed), tagged with
the request's ``seq``. It is both the reference implementation of the engine side of the
protocol and what ``mtgrules conform --engine reference-process`` runs. Engine authors can copy
its loop: only the ``ReferenceEngine`` calls are engine-specific.
"""

from __future__ import annotations

import json
import sys
import traceback

from mtgrules.conformance.engine import Engine, Unsupported


def serve(engine: Engine, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def send(message: dict) -> None:
        stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            seq = request["seq"]
            kind = request["type"]
        except (ValueError, KeyError, TypeError) as exc:
            send({"seq": 0, "type": "error", "message": f"bad request: {exc}"})
            continue
        try:
            if kind == "hello":
                send({"seq": seq, "type": "hello", **engine.start()})
            elif kind == "setup":
                fields = {k: v for k, v in request.items() if k not in ("seq", "type")}
                try:
                    refs = engine.setup(fields)
                except Unsupported as exc:
                    send({"seq": seq, "type": "unsupported", "reason": str(exc)})
                    continue
                send({"seq": seq, "type": "setup", "references": refs})
            elif kind == "apply":
                send({"seq": seq, "type": "result", **engine.apply(request["step"])})
            elif kind == "observe":
                events = engine.events()
                send({"seq": seq, "type": "observation", "snapshot": engine.observe(), "events": events[int(request.get("since", 0)):]})
            elif kind == "actions":
                try:
                    send({"seq": seq, "type": "actions", "actions": engine.legal_actions(request["player"])})
                except Unsupported as exc:
                    send({"seq": seq, "type": "unsupported", "reason": str(exc)})
            elif kind == "stop":
                engine.stop()
                send({"seq": seq, "type": "bye"})
                return 0
            else:
                send({"seq": seq, "type": "error", "message": f"unknown request type {kind!r}"})
        except Exception as exc:  # noqa: BLE001 - a structured error reply, the process goes on
            send({"seq": seq, "type": "error", "message": f"{type(exc).__name__}: {exc}",
                  "context": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-4:])})
    return 0


def main() -> int:
    from mtgrules.conformance.adapters.reference import ReferenceEngine

    return serve(ReferenceEngine())


if __name__ == "__main__":
    sys.exit(main())
