"""A deliberately broken engine process for the runner's tests.

It is the example engine (the reference model behind the protocol), except for the scenarios
named in the environment variables, where it misbehaves while setting them up:
BROKEN_CRASH (exit at once), BROKEN_HANG (never reply), BROKEN_GARBAGE (reply a non-JSON line),
BROKEN_ORDER (reply with a wrong sequence number), BROKEN_ERROR (a structured error reply).
Each variable holds a comma-separated list of scenario IDs.
"""

import json
import os
import sys
import time

from mtgrules.conformance.adapters.reference import ReferenceEngine
from mtgrules.conformance.engine_process import serve


def ids(var):
    return {x for x in os.environ.get(var, "").split(",") if x}


CRASH, HANG, GARBAGE, ORDER, ERROR = (ids(v) for v in ("BROKEN_CRASH", "BROKEN_HANG", "BROKEN_GARBAGE", "BROKEN_ORDER", "BROKEN_ERROR"))


class Filter:
    """stdin wrapper: intercepts setup requests of the broken scenarios."""

    def __init__(self, stream):
        self.stream = stream

    def __iter__(self):
        for line in self.stream:
            try:
                req = json.loads(line)
            except ValueError:
                yield line
                continue
            sid = req.get("scenario") if req.get("type") == "setup" else None
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


if __name__ == "__main__":
    sys.exit(serve(ReferenceEngine(), stdin=Filter(sys.stdin)))
