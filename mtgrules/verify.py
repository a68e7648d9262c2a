"""``mtgrules verify``: every check the project has, with a summary and a failing exit code.

Each part may contribute checks through a module ``mtgrules.<part>.checks`` defining
``verify_checks()``, which returns callables; each callable returns a :class:`CheckResult`.
A check's progress label is its ``label`` (set with :func:`labelled`), else its part and name
(``check_corpus_coverage`` of conformance reads "conformance: corpus coverage").

A passing check's details are findings to read, not problems: verify shows their count and the
check's ``command`` (where to read them) instead of the lines themselves.

The checks run in worker processes, one per core (``verify -j``), the slowest first (its
:func:`cost`): the documentation build takes as long as the others together. Their results are
shown in the order of :func:`checks` whatever order they finish in.

A slow check whose result depends only on files it can name (the proofs, the custom-rules
checker, the documentation build) is marked with :func:`remembered` and the parts it reads: its
passing result is kept in the cache folder under the SHA-256 of every file of those parts and the
tools' versions (mtgrules/remember.py), and shown again, marked as remembered, while none of them
changed. A changed file reruns it; a failure is never kept; ``verify --fresh`` runs every check.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Callable, Iterator

from .remember import Kept, folder_digest, part_folder, tool_versions

PARTS = ("spec", "cards", "model", "proofs", "conformance", "docs")


@dataclass
class CheckResult:
    name: str
    ok: bool
    summary: str
    details: list[str] = field(default_factory=list)
    data: dict | None = None
    command: str | None = None  # the command that shows the details in full, e.g. mtgrules lint-rules FILE
    remembered: bool = False  # the result of an earlier run on the same inputs (see remembered())

    def as_json(self) -> dict:
        return {"name": self.name, "ok": self.ok, "summary": self.summary, "details": self.details, "data": self.data,
                "command": self.command, "remembered": self.remembered}


#: Where remembered results are kept (``verify/`` of the cache folder).
KEPT = Kept("verify")


def remembered(*parts: str, checkout: bool = False, tools: tuple[str, ...] = ("z3-solver", "ruamel.yaml", "jsonschema")):
    """Mark a check whose result is a function of the files of ``parts`` (``"spec"``, ...; ``""``
    is ``mtgrules/``: its own part and every part it may import, ARCHITECTURE.md), with
    ``checkout`` the checkout's ``tests/`` and top-level files too, and of the versions of Python
    and ``tools``: a passing result is kept for those inputs and not computed again."""
    def mark(check):
        check.inputs = (parts, checkout, tools)
        return check
    return mark


def inputs_digest(check: Callable[[], CheckResult]) -> str:
    """The SHA-256 of a remembered check's inputs (:func:`remembered`) and of its name."""
    parts, checkout, tools = check.inputs
    folders = [part_folder(part) for part in parts]
    if checkout:
        root = part_folder("").parent
        folders += [root / "tests", *sorted(p for p in root.iterdir() if p.is_file())]
    names = [f"{getattr(check, '__module__', '')}.{getattr(check, '__name__', '')}", *tool_versions(tools)]
    return hashlib.sha256("\0".join([*names, *(folder_digest(f) for f in folders)]).encode()).hexdigest()


def _marking(name: str, value):
    """A decorator that sets the check's attribute ``name`` to ``value``."""
    def mark(check):
        setattr(check, name, value)
        return check
    return mark


def labelled(label: str):
    """Give a check its progress label ("custom rules: DYN")."""
    return _marking("label", label)


def costs(seconds: float):
    """Say how long a check takes when it runs (not remembered), in seconds on a 2-core machine:
    verify starts the costliest checks first, so that no worker is left with a long one at the end."""
    return _marking("cost", seconds)


def cost(check: Callable[[], CheckResult]) -> float:
    return getattr(check, "cost", 1.0)


def label(check: Callable[[], CheckResult]) -> str:
    """The check's label, else its part and name without ``check``: "spec", "proofs: trace properties"."""
    if getattr(check, "label", None):
        return check.label
    module = getattr(check, "__module__", "") or ""
    part = module.split(".")[1] if module.startswith("mtgrules.") and module.count(".") >= 2 else ""
    words = [w for w in getattr(check, "__name__", "check").split("_") if w not in ("check", "self")]
    name = " ".join(words)
    return name if not part or name.startswith(part) else f"{part}: {name}"


def checks() -> list[Callable[[], CheckResult]]:
    found = []
    for part in PARTS:
        name = f"mtgrules.{part}.checks"
        if importlib.util.find_spec(name) is not None:
            found += importlib.import_module(name).verify_checks()
    return found


def run_check(check: Callable[[], CheckResult], fresh: bool = False) -> CheckResult:
    """Run one check (or, for a :func:`remembered` one, take its passing result on the same inputs
    unless ``fresh``); an exception is a failed check with its message, never a crash of verify."""
    name = getattr(check, "__name__", repr(check))
    digest = inputs_digest(check) if getattr(check, "inputs", None) else None
    if digest and not fresh:
        kept, hit = KEPT.lookup(name, digest)
        if hit:
            return CheckResult(**{**kept, "remembered": True})
    try:
        result = check()
    except Exception as exc:  # a check's own bug must be reported, and the other checks still run
        return CheckResult(name, False, f"crashed: {type(exc).__name__}: {exc}")
    if digest and result.ok:
        KEPT.store(name, digest, result.as_json())
    return result


def run_checks(todo: list[Callable[[], CheckResult]], fresh: bool = False, jobs: int = 1,
               running: Callable[[list[str]], None] | None = None) -> Iterator[CheckResult]:
    """The result of each check of ``todo``, in that order. With ``jobs`` above 1 the checks run in
    that many worker processes (a check is sent by name: a module-level function), the costliest
    first. ``running`` is told the labels of the checks running whenever that changes. A check whose
    worker dies (killed, out of memory) is a failed check, as is one that raises."""
    if jobs <= 1:
        for check in todo:
            if running:
                running([label(check)])
            yield run_check(check, fresh)
        return
    import multiprocessing  # here: every command imports this module, and these cost 20 ms
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    queue = sorted(range(len(todo)), key=lambda n: -cost(todo[n]))  # the costliest first
    done: dict[int, CheckResult] = {}
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures: dict = {}  # the checks sent, one per idle worker: what runs is what was sent
        shown = 0
        try:
            while queue or futures:
                while queue and len(futures) < jobs:
                    n = queue.pop(0)
                    try:
                        futures[pool.submit(run_check, todo[n], fresh)] = n
                    except BrokenProcessPool as exc:  # an earlier check's worker died: the pool takes no more
                        done[n] = CheckResult(label(todo[n]), False, f"not run: a worker process died before it ({exc})")
                if running:
                    running([label(todo[n]) for n in sorted(futures.values())])
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in finished:
                    n = futures.pop(future)
                    done[n] = _outcome(future, todo[n])
                while shown in done:
                    yield done.pop(shown)
                    shown += 1
        except BaseException:  # interrupted (Ctrl-C), or the caller stopped reading: nothing more is started
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _outcome(future, check: Callable[[], CheckResult]) -> CheckResult:
    """A finished worker job's result; its exception (``run_check`` catches a check's own) as a failed check."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool as exc:
        why = f"its worker process ended before it finished ({exc})"
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - e.g. a check that cannot be sent to a worker (not a module-level function)
        why = f"{type(exc).__name__}: {exc}"
    return CheckResult(label(check), False, f"crashed: {why}")
