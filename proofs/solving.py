"""Solving checks reproducibly: in a fresh process forked from a pristine server.

Z3's work on a problem depends on more than the problem: on the order in which the process
allocated what it built before (a check's work count varied by a factor of two with the checks
run earlier in the same process). So the checks of one obligation are handed over as SMT-LIB
texts, in one request, to a server process that has only imported Z3 and this module, and
solved in a child forked from it for that request: each check in a fresh context, in order, up
to the first satisfiable one (as the caller stops there). Every child starts from the same
state and does the same work before each check, so the same request gives the same verdicts,
work counts and models on every run, whatever ran before it. The models come back as the values
of the problem's constants; the caller pins them to decode a counterexample.

One child per obligation, not per check: a fork and its first touches of the inherited memory
cost more than solving most checks (bench/proofs.py measures both).

This module imports nothing of mtgrules, so that the children's state does not depend on it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import z3

# fixed seeds: Z3's defaults today, set explicitly so that a change of default can't change a verdict
SOLVER_PARAMS = {"random_seed": 0, "threads": 1}

_server: subprocess.Popen | None = None
_lock = threading.Lock()


def serve() -> None:
    """The server: read requests (a length line, then JSON: texts, rlimit, timeout_ms) on stdin;
    solve the texts of each in a child forked from this pristine process (:func:`solve_texts`);
    write each reply (a length line, then JSON: the list of results) on stdout. Ends at the end
    of its input, or quietly when its caller has gone (stopped, killed: the reply cannot be
    written). Ctrl-C stops the caller, and with it this server's input."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while header := inp.readline():
        request = json.loads(inp.read(int(header)))
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: solve, reply, exit without running anything of the server's
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.close(read_end)
            try:
                data = json.dumps(solve_texts(request["texts"], request["rlimit"], request["timeout_ms"]))
            except Exception as exc:  # reported to the caller as unknown, with the reason
                data = json.dumps([_failure(f"solver process failed: {exc}")])
            with os.fdopen(write_end, "w") as pipe:
                pipe.write(data)
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read() or json.dumps([_failure("solver process died")]).encode()
        os.waitpid(pid, 0)
        try:
            out.write(b"%d\n" % len(data) + data)
            out.flush()
        except BrokenPipeError:
            os._exit(0)  # not sys.exit: the interpreter would try to flush the broken pipe again


def _failure(reason: str) -> dict:
    return {"result": "unknown", "rlimit": 0, "reason": reason, "values": None}


def _ask(request: dict) -> list[dict]:
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
            return [_failure(f"solver server failed: {exc}")]


def as_smt2(assertions: list) -> str:
    """The assertions as SMT-LIB text (what the child solves)."""
    return as_smt2_all([assertions])[0]


def as_smt2_all(problems: list[list]) -> list[str]:
    """Each problem (a list of assertions) as SMT-LIB text, printed from one fresh context: the
    texts then depend on the problems only, not on the numbering of terms the process built
    before (which orders the declarations and lets). One context for the problems of a request,
    not one each: creating a context costs more than printing most problems."""
    ctx = z3.Context()
    texts = []
    for assertions in problems:
        printer = z3.Solver(ctx=ctx)
        printer.add(*[a.translate(ctx) for a in assertions])
        texts.append(printer.to_smt2())
    return texts


def solve_text(text: str, rlimit: int, timeout_ms: int) -> dict:
    """Solve SMT-LIB ``text`` on a fresh solver in a fresh context: ``result`` (sat, unsat,
    unknown), ``rlimit`` (work done), ``reason`` (when unknown), ``values`` (when sat: constant
    name -> ("int" | "bool", value)), ``seconds`` (solving it)."""
    ctx = z3.Context()
    # the SMT core itself, without the preprocessing tactics a plain Solver picks by the problem's
    # logic: some of those give up after a wall-clock time, so their work depended on the load
    solver = z3.SimpleSolver(ctx=ctx)
    for key, value in SOLVER_PARAMS.items():
        solver.set(key, value)
    solver.set("rlimit", rlimit)
    solver.set("timeout", timeout_ms)
    start = time.perf_counter()
    solver.from_string(text)
    result = solver.check()
    stats = solver.statistics()
    out = {"result": str(result), "rlimit": int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0,
           "reason": None, "values": None, "seconds": time.perf_counter() - start}
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


def solve_texts(texts: list[str], rlimit: int, timeout_ms: int) -> list[dict]:
    """:func:`solve_text` of each text, in order, up to the first satisfiable one."""
    replies = []
    for text in texts:
        replies.append(solve_text(text, rlimit, timeout_ms))
        if replies[-1]["result"] == "sat":
            break
    return replies


def solve_all(problems: list[list], rlimit: int, timeout_ms: int) -> list[dict]:
    """:func:`solve_texts` of the problems (lists of assertions) as SMT-LIB, in a fresh child of
    the server (in this process where the platform cannot fork): the replies, one for each
    problem solved, up to the first satisfiable one."""
    texts = as_smt2_all(problems)
    if not texts:
        return []
    if not hasattr(os, "fork"):
        return solve_texts(texts, rlimit, timeout_ms)
    return _ask({"texts": texts, "rlimit": rlimit, "timeout_ms": timeout_ms})


def solve(assertions: list, rlimit: int, timeout_ms: int) -> dict:
    """:func:`solve_all` of one problem."""
    return solve_all([assertions], rlimit, timeout_ms)[0]


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
