"""Where the batches of a run are played: in this process, in local worker processes, or on a Dask
cluster. All three give `concurrent.futures` futures, so one driver (sim.runs.runner) serves them all.

    SerialExecutor()                       one worker: batches play here, one after the other
    ProcessExecutor(workers)               a local process pool (fork on Linux, spawn elsewhere;
                                           or start_method="spawn", "forkserver", "fork")
    DaskExecutor(scheduler="tcp://h:8786") an existing Dask cluster (needs `pip install .[dask]`)
    DaskExecutor(cluster="local", workers=4)   a Dask LocalCluster started (and stopped) for the run

Dask is imported only by DaskExecutor, so the default path needs none of it. Dask workers need
no shared filesystem: they send each batch's Parquet bytes back and this process writes them.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import warnings
from contextlib import contextmanager
from concurrent.futures import Future, ProcessPoolExecutor


class ExecutorError(RuntimeError):
    """The chosen place to run cannot be used (Dask missing, scheduler unreachable...)."""


class SerialExecutor:
    """Plays each batch in this process when submitted; its future is already done."""
    kind = "serial"
    writes_locally = True

    def __init__(self):
        self.workers = 1
        self.capacity = 1

    def submit(self, fn, *args) -> Future:
        f = Future()
        try:
            f.set_result(fn(*args))
        except Exception as e:  # a KeyboardInterrupt is not caught: it stops the run
            f.set_exception(e)
        return f

    def close(self, cancel: bool = False):
        pass

    def describe(self) -> dict:
        return {"kind": self.kind, "workers": 1}


def _ignore_sigint():
    """Workers leave Ctrl-C to the parent, which stops them and records the finished batches; a
    SIGTERM (the parent stopping them) ends them at once, whatever handler they inherited."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def default_start_method() -> str:
    """fork on Linux (workers start with the compiled engine already in memory), spawn elsewhere."""
    return "fork" if sys.platform.startswith("linux") else "spawn"


def process_context(start_method: str | None = None):
    """The multiprocessing context of `start_method` (default: `default_start_method()`)."""
    try:
        return multiprocessing.get_context(start_method or default_start_method())
    except ValueError:
        raise ExecutorError(f"unknown start method '{start_method}'; allowed: "
                            f"{', '.join(multiprocessing.get_all_start_methods())}") from None


class ProcessExecutor:
    """A local process pool. At most `workers` batches are in flight, so a crashed worker (which
    breaks the whole pool) costs at most that many batches one attempt each. `start_method`:
    how workers start (multiprocessing's fork, spawn or forkserver; default: fork on Linux, spawn
    elsewhere); a spawned worker has nothing of this process but the arguments of its batches."""
    kind = "processes"
    writes_locally = True

    def __init__(self, workers: int, start_method: str | None = None):
        self.workers = self.capacity = max(1, int(workers))
        self._context = process_context(start_method)
        self._pool = self._new_pool()

    def _new_pool(self):
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=self._context, initializer=_ignore_sigint)

    def submit(self, fn, *args) -> Future:
        from concurrent.futures.process import BrokenProcessPool
        try:
            return self._pool.submit(fn, *args)
        except BrokenProcessPool:  # a worker died: its pool is unusable, start a fresh one
            self.restart()
            return self._pool.submit(fn, *args)

    def restart(self):
        """After a worker died (BrokenProcessPool): a fresh pool."""
        self.close(cancel=True)
        self._pool = self._new_pool()

    def close(self, cancel: bool = False):
        if cancel:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for p in processes:  # stop batches in progress now rather than at exit
                if p.is_alive():
                    p.terminate()
            for p in processes:
                p.join(5)
        else:
            self._pool.shutdown(wait=True)

    def describe(self) -> dict:
        return {"kind": self.kind, "workers": self.workers, "start_method": self._context.get_start_method()}


def require_dask():
    """Raise ExecutorError (one line, how to install it) if Dask's distributed is not installed."""
    _import_distributed()


@contextmanager
def _sigint_ignored_by_children():
    """Start processes with SIGINT ignored (they inherit it), so Ctrl-C reaches only this process,
    which then stops the cluster cleanly (rather than every worker printing a traceback)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ExecutorError("Dask is not installed; install it with `pip install 'seiya-sim[dask]'` "
                            "(or `pip install 'dask[distributed]'`)") from None
    return distributed


class DaskExecutor:
    """An existing Dask cluster (scheduler address) or a LocalCluster started for the run
    (cluster="local": `workers` processes of one thread each). Each submission is a new task
    (pure=False), so a retried batch really plays again."""
    kind = "dask"
    writes_locally = False

    def __init__(self, scheduler: str | None = None, cluster: str | None = None, workers: int | None = None):
        distributed = _import_distributed()
        import logging
        self._cluster = None
        if cluster is not None:
            if cluster != "local":
                raise ExecutorError(f"--cluster must be 'local', not '{cluster}' (for a remote cluster give --scheduler)")
            n = max(1, int(workers or os.cpu_count() or 1))
            with warnings.catch_warnings(), _sigint_ignored_by_children():
                warnings.filterwarnings("ignore", message="Port .* is already in use")  # no dashboard
                self._cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                                         dashboard_address=None, silence_logs=logging.ERROR)
            address = self._cluster.scheduler_address
        else:
            address = scheduler
        try:
            self._client = distributed.Client(address, timeout="20s", set_as_default=False)
        except (OSError, TimeoutError) as e:
            self._close_cluster()
            raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {str(e).splitlines()[0]}") from None
        self.address = address
        nthreads = sum(self._client.nthreads().values())
        if nthreads < 1:
            self.close()
            raise ExecutorError(f"the Dask scheduler at {address} has no workers; start some with "
                                f"`dask worker {address}`")
        self.workers = nthreads
        self.capacity = 2 * nthreads  # keep every worker busy across network round trips
        self._executor = self._client.get_executor(pure=False)

    def submit(self, fn, *args) -> Future:
        return self._executor.submit(fn, *args)

    def close(self, cancel: bool = False):
        try:
            self._executor.shutdown(wait=not cancel)
        finally:
            self._client.close()
            self._close_cluster()

    def _close_cluster(self):
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def describe(self) -> dict:
        return {"kind": self.kind, "workers": self.workers,
                "scheduler": "local cluster" if self._cluster is not None else self.address}


def wants_dask(scheduler: str | None = None, cluster: str | None = None) -> bool:
    """True if the run goes to Dask: a scheduler, $DASK_SCHEDULER_ADDRESS or a cluster is given."""
    return bool(scheduler or cluster or os.environ.get("DASK_SCHEDULER_ADDRESS"))


def make_executor(workers: int | None = None, scheduler: str | None = None, cluster: str | None = None,
                  n_batches: int | None = None, start_method: str | None = None):
    """The executor for a run: Dask if a scheduler (or $DASK_SCHEDULER_ADDRESS) or a cluster is
    given, else a process pool of `workers` (default: all cores; its processes started by
    `start_method`, see ProcessExecutor), or this process for one worker."""
    scheduler = scheduler or (None if cluster else os.environ.get("DASK_SCHEDULER_ADDRESS") or None)
    if scheduler and cluster:
        raise ExecutorError("give --scheduler or --cluster, not both")
    if scheduler or cluster:
        return DaskExecutor(scheduler=scheduler, cluster=cluster, workers=workers)
    workers = max(1, int(workers or os.cpu_count() or 1))
    if n_batches is not None:
        workers = min(workers, max(1, n_batches))
    return SerialExecutor() if workers == 1 else ProcessExecutor(workers, start_method)
