"""A deliberately broken engine process for the runner's tests.

It is the example engine (the reference model behind the protocol), except for the scenarios
named in the environment variables, where it misbehaves while setting them up:
BROKEN_CRASH (exit at once), BROKEN_HANG (never reply), BROKEN_GARBAGE (reply a non-JSON line),
BROKEN_ORDER (reply with a wrong sequence number), BROKEN_ERROR (a structured error reply),
BROKEN_NOREAD (reply to the setup, then never read stdin again), BROKEN_SHAPE (a snapshot that is not
an object, a list of events that are not objects), BROKEN_SLOW (reply after BROKEN_SLOW_SECONDS,
default 30), BROKEN_HUGE (a reply line of BROKEN_HUGE_BYTES, default 5 MB, that is not JSON).
Each variable holds a comma-separated list of scenario IDs. BROKEN_HELLO_EXIT=1 makes the
process exit when it is greeted: an engine that never starts.
"""

import json
import os
import sys
import time

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.engine_process import serve


def ids(var):
    return {x for x in os.environ.get(var, "").split(",") if x}


CRASH, HANG, GARBAGE, ORDER, ERROR, NOREAD, SHAPE, SLOW, HUGE = (ids(f"BROKEN_{v}") for v in (
    "CRASH", "HANG", "GARBAGE", "ORDER", "ERROR", "NOREAD", "SHAPE", "SLOW", "HUGE"))


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class Filter:
    """stdin wrapper: intercepts setup requests of the broken scenarios."""

    def __init__(self, stream):
        self.stream = stream
        self.current = None  # the scenario set up last (observe requests name none)

    def __iter__(self):
        for line in self.stream:
            try:
                req = json.loads(line)
            except ValueError:
                yield line
                continue
            if req.get("type") == "hello" and os.environ.get("BROKEN_HELLO_EXIT"):
                os._exit(4)
            if req.get("type") == "setup":
                self.current = req.get("scenario")
            if req.get("type") == "observe" and self.current in SHAPE:
                reply({"seq": req["seq"], "type": "observation", "snapshot": ["not", "an", "object"], "events": [7]})
                continue
            sid = req.get("scenario") if req.get("type") == "setup" else None
            if sid in SLOW:
                time.sleep(float(os.environ.get("BROKEN_SLOW_SECONDS", "30")))
            if sid in HUGE:
                sys.stdout.write("x" * int(os.environ.get("BROKEN_HUGE_BYTES", str(5 << 20))) + "\n")
                sys.stdout.flush()
                continue
            if sid in CRASH:
                sys.stderr.write(f"broken engine: crashing on {sid}\n")
                sys.stderr.flush()
                os._exit(3)
            if sid in HANG:
                time.sleep(3600)
            if sid in GARBAGE:
                sys.stdout.write("this is not json {\n")
                sys.stdout.flush()
                continue
            if sid in ORDER:
                sys.stdout.write(json.dumps({"seq": req["seq"] + 7, "type": "setup", "references": {}}) + "\n")
                sys.stdout.flush()
                continue
            if sid in ERROR:
                sys.stdout.write(json.dumps({"seq": req["seq"], "type": "error", "message": "internal engine failure"}) + "\n")
                sys.stdout.flush()
                continue
            yield line
            if sid in NOREAD:
                time.sleep(3600)  # the setup is answered; stdin is never read again: writes to it must not block


if __name__ == "__main__":
    sys.exit(serve(ReferenceEngine(), stdin=Filter(sys.stdin)))
