"""Running a campaign's shards: in this process, in ``-j N`` local worker processes, or on a Dask
distributed cluster (``--dask SCHEDULER_ADDRESS``). Every worker plays whole shards with its own
engine (``campaign.run_shard`` keeps one per worker); each scenario's result reaches ``on_result`` in
this process as it finishes (locally) or as its shard finishes (Dask), to be written at once."""

from __future__ import annotations

import multiprocessing
import queue as queue_mod
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterable

from .campaign import Job, run_shard, stop_engines


def run_inline(jobs: Iterable[Job], on_result: Callable[[dict], None], stop: Callable[[], bool]) -> None:
    try:
        for job in jobs:
            if stop():
                break
            run_shard(job, on_result)
    finally:
        stop_engines()


_QUEUE = None


def _init(q) -> None:
    global _QUEUE
    _QUEUE = q


def _local_shard(job: Job) -> int:
    return run_shard(job, _QUEUE.put)


def run_local(jobs: Iterable[Job], workers: int, on_result: Callable[[dict], None], stop: Callable[[], bool]) -> None:
    """Shards on ``workers`` processes; results stream back through a queue, one scenario at a time."""
    ctx = multiprocessing.get_context("spawn")  # no engine or thread state is inherited by a worker
    q = ctx.Queue()
    done = threading.Event()

    def drain() -> None:
        while not (done.is_set() and q.empty()):
            try:
                on_result(q.get(timeout=0.2))
            except queue_mod.Empty:
                continue

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        with ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init, initargs=(q,)) as ex:
            pending = set()
            it = iter(jobs)
            for job in it:  # keep each worker busy with one shard and one waiting
                pending.add(ex.submit(_local_shard, job))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                finished = next(as_completed(pending))
                pending.discard(finished)
                finished.result()
                if not stop():
                    nxt = next(it, None)
                    if nxt is not None:
                        pending.add(ex.submit(_local_shard, nxt))
    finally:
        done.set()
        reader.join()


def _dask_shard(job: Job) -> list[dict]:
    out: list[dict] = []
    run_shard(job, out.append)
    return out


def run_dask(jobs: Iterable[Job], address, on_result: Callable[[dict], None], stop: Callable[[], bool]) -> dict:
    """Shards as Dask tasks on the cluster at ``address`` (a scheduler address, or a Cluster object);
    returns what the cluster is (``{"scheduler", "workers"}``)."""
    try:
        from dask.distributed import Client, as_completed as dask_completed
    except ImportError:
        raise RuntimeError("--dask needs dask.distributed: pip install 'mtgrules[dask]'") from None
    with Client(address) as client:
        workers = max(1, len(client.scheduler_info().get("workers") or {}))
        it = iter(jobs)
        first = [client.submit(_dask_shard, j, pure=False) for j in _take(it, 2 * workers)]
        stream = dask_completed(first)
        for future in stream:
            for result in future.result():
                on_result(result)
            if not stop():
                nxt = next(it, None)
                if nxt is not None:
                    stream.add(client.submit(_dask_shard, nxt, pure=False))
        return {"scheduler": client.scheduler.address, "workers": workers}


def _take(it, n: int) -> list:
    out = []
    for _ in range(n):
        item = next(it, None)
        if item is None:
            break
        out.append(item)
    return out
