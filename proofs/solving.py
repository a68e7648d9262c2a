"""Solving one check reproducibly: in a fresh process forked from a pristine server.

Z3's work on a problem depends on more than the problem: on the order in which the process
allocated what it built before (a check's work count varied by a factor of two with the checks
run earlier in the same process). So each check is handed over as SMT-LIB text to a server
process that has only imported Z3 and this module, and solved in a child forked from it for
that check: every child starts from the same state, and the same text gives the same verdict, work count
and model on every run. The model comes back as the values of the problem's constants; the
caller pins them to decode a counterexample.

This module imports nothing of mtgrules, so that the children's state does not depend on it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import z3

# fixed seeds: Z3's defaults today, set explicitly so that a change of default can't change a verdict
SOLVER_PARAMS = {"random_seed": 0, "threads": 1}

_server: subprocess.Popen | None = None
_lock = threading.Lock()


def serve() -> None:
    """The server: read requests (a length line, then JSON: text, rlimit, timeout_ms) on
    stdin; solve each in a child forked from this pristine process; write each reply (a length
    line, then JSON) on stdout. Ends at the end of its input."""
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while header := inp.readline():
        request = json.loads(inp.read(int(header)))
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: solve, reply, exit without running anything of the server's
            os.close(read_end)
            try:
                data = json.dumps(solve_text(request["text"], request["rlimit"], request["timeout_ms"]))
            except Exception as exc:  # reported to the caller as unknown, with the reason
                data = json.dumps(_failure(f"solver process failed: {exc}"))
            with os.fdopen(write_end, "w") as pipe:
                pipe.write(data)
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read() or json.dumps(_failure("solver process died")).encode()
        os.waitpid(pid, 0)
        out.write(b"%d\n" % len(data) + data)
        out.flush()


def _failure(reason: str) -> dict:
    return {"result": "unknown", "rlimit": 0, "reason": reason, "values": None}


def _ask(request: dict) -> dict:
    global _server
    with _lock:
        if _server is None or _server.poll() is not None:
            _server = subprocess.Popen([sys.executable, "-c", f"from {__name__} import serve; serve()"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        data = json.dumps(request).encode()
        try:
            _server.stdin.write(b"%d\n" % len(data) + data)
            _server.stdin.flush()
            header = _server.stdout.readline()
            return json.loads(_server.stdout.read(int(header)))
        except (OSError, ValueError) as exc:
            _server.kill()
            _server = None
            return _failure(f"solver server failed: {exc}")


def as_smt2(assertions: list) -> str:
    """The assertions as SMT-LIB text (what the child solves)."""
    # printed from a fresh context: the text then depends on the assertions only, not on the
    # numbering of terms the process built before (which orders the declarations and lets)
    ctx = z3.Context()
    printer = z3.Solver(ctx=ctx)
    printer.add(*[a.translate(ctx) for a in assertions])
    return printer.to_smt2()


def solve_text(text: str, rlimit: int, timeout_ms: int) -> dict:
    """Solve SMT-LIB ``text`` on a fresh solver in a fresh context: ``result`` (sat, unsat,
    unknown), ``rlimit`` (work done), ``reason`` (when unknown), ``values`` (when sat: constant
    name -> ("int" | "bool", value))."""
    ctx = z3.Context()
    # the SMT core itself, without the preprocessing tactics a plain Solver picks by the problem's
    # logic: some of those give up after a wall-clock time, so their work depended on the load
    solver = z3.SimpleSolver(ctx=ctx)
    for key, value in SOLVER_PARAMS.items():
        solver.set(key, value)
    solver.set("rlimit", rlimit)
    solver.set("timeout", timeout_ms)
    solver.from_string(text)
    result = solver.check()
    stats = solver.statistics()
    out = {"result": str(result), "rlimit": int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0,
           "reason": None, "values": None}
    if result == z3.sat:
        model = solver.model()
        values = {}
        for decl in model.decls():
            if decl.arity() == 0:
                v = model[decl]
                if z3.is_int_value(v):
                    values[decl.name()] = ("int", v.as_long())
                elif z3.is_true(v) or z3.is_false(v):
                    values[decl.name()] = ("bool", z3.is_true(v))
        out["values"] = values
    elif result == z3.unknown:
        out["reason"] = solver.reason_unknown() or "unknown"
    return out


def solve(assertions: list, rlimit: int, timeout_ms: int) -> dict:
    """:func:`solve_text` of the assertions, in a fresh child of the server (in this process
    where the platform cannot fork)."""
    text = as_smt2(assertions)
    if not hasattr(os, "fork"):
        return solve_text(text, rlimit, timeout_ms)
    return _ask({"text": text, "rlimit": rlimit, "timeout_ms": timeout_ms})


def pinned(assertions: list, values: dict) -> z3.ModelRef:
    """The model of ``assertions`` whose constants have ``values`` (from :func:`solve`), in the
    caller's context: the counterexample the child found, to decode with the caller's terms."""
    solver = z3.Solver()
    solver.add(*assertions)
    for name, (kind, value) in values.items():
        solver.add((z3.Int(name) == value) if kind == "int" else (z3.Bool(name) == value))
    if solver.check() != z3.sat:  # cannot happen: the values satisfy the assertions
        raise RuntimeError("the counterexample's values do not satisfy the check")
    return solver.model()
