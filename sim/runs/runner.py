"""Runs on disk: play a range of games in batches across worker processes into a run folder.

A run folder (sim/runs/folder.py) holds the manifest, the cards as run, and per batch its tables
and counters.

The engine always logs at least the summary events (the counters need them); the run's `events`
setting (summary, full or none) decides only which event table is written.

A batch is just a range of game indices, and every game is reproducible from (seed, game index)
alone, so the data do not depend on the number of workers or the batch size. Each Parquet file is
written under a temporary name and then renamed, and a batch counts as done only once the
manifest lists it, so an interrupted run folder is never half-written: it is a smaller run.

The manifest's status is running, complete, interrupted (Ctrl-C) or failed (a batch failed twice;
`error` says why); `batches` lists the finished ones. `resume_run(folder)` plays the missing ones
with the configuration from the manifest, giving the same tables as an uninterrupted run.
Batches run in this process, in a local process pool or on Dask (sim.runs.executors); a failed batch
is retried once.
"""
from __future__ import annotations

import os
import platform
import sys
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, wait
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from sim.config import RunConfig
from sim.runs.batches import play_batch, plan_batches, default_batch_size, warm_up
from sim.runs.folder import (COUNTERS, EVENT_LEVELS, RunConfigError, batch_name, batch_tables, config_dict,
                             config_from_manifest, prepare_folder, read_manifest, write_manifest,
                             write_atomic_bytes, write_parquet_atomic, default_folder)


def check_config(config: RunConfig):
    """Raise RunConfigError (one line, saying what is allowed) for a run that cannot start: builds
    the card set (box names, the designer's card file, the overrides) as the engine will,
    without playing (the rest was checked when the config was built)."""
    from sim import games
    from sim.cards.schema import CardFileError
    try:
        games.engine_for(config)
    except (CardFileError, ValueError, NotImplementedError) as e:
        raise RunConfigError(str(e).splitlines()[0]) from None


def engine_info() -> dict:
    import numba

    from sim import __version__
    from sim.engine.cache import engine_hash
    return {"version": __version__, "engine_hash": engine_hash(), "numba": numba.__version__,
            "python": platform.python_version()}


def new_manifest(config: RunConfig, workers: int, batch_size: int, batches) -> dict:
    from sim.games import engine_for
    engine = engine_for(config)
    return {
        "kind": "seiya-sim run",
        "status": "running",
        "config": config_dict(config),
        "cardset_hash": engine.hash,
        "n_cards": len(engine.cards),
        "engine": engine_info(),
        "workers": workers,
        "executor": None,
        "batch_size": batch_size,
        "games_planned": config.games,
        "games_done": 0,
        "batches_planned": len(batches),
        "batches_done": 0,
        "batches": [],
        "error": None,
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "resumed": [],
        "finished": None,
        "seconds": None,
        "argv": sys.argv,
        "host": platform.node(),
        "pid": os.getpid(),
    }


class RunFailed(RuntimeError):
    """A batch failed twice (or a worker runs another engine): the run stops with status failed.
    The message is one line; the finished batches are kept and `resume_run` can finish the run."""


def simulate_to_folder(config: RunConfig, out: str | Path | None = None, workers: int | None = None,
                       batch_size: int | None = None,
                       on_progress: Callable[[int], None] | None = None,
                       scheduler: str | None = None, cluster: str | None = None,
                       notice: Callable[[str], None] | None = None,
                       on_start: Callable[[int], None] | None = None) -> Path:
    """Check the config, play every batch (in this process for one worker, else in a process pool,
    or on Dask with `scheduler`/`cluster`), write the run folder and return its path.
    `on_start(games_done)` is called once the engine is compiled and the workers are ready, as the
    first batches go out; `on_progress(games_done)` after each batch; `notice(line)` for retries.
    On Ctrl-C the manifest is marked 'interrupted', on a batch that fails twice 'failed'; the
    finished batches stay usable and `resume_run(folder)` plays the rest."""
    from sim.runs.executors import make_executor, wants_dask
    check_config(config)
    if config.events not in EVENT_LEVELS:
        raise RunConfigError(f"events must be one of {', '.join(EVENT_LEVELS)}, not '{config.events}'")
    if out is not None and Path(out).exists() and (not Path(out).is_dir() or any(Path(out).iterdir())):
        prepare_folder(out)  # refuse a used folder before connecting or compiling
    executor = make_executor(workers, scheduler, cluster) if wants_dask(scheduler, cluster) else None
    try:
        warm_up(config.game())
        n_workers = executor.workers if executor else max(1, int(workers or os.cpu_count() or 1))
        batch_size = int(batch_size or default_batch_size(config.games, n_workers))
        batches = plan_batches(config.first_game, config.games, batch_size)
        if executor is None:
            executor = make_executor(n_workers, n_batches=len(batches))
        folder = prepare_folder(out if out is not None else default_folder(config))
        for table in batch_tables(config.events) + (COUNTERS,):
            (folder / table).mkdir(exist_ok=True)
        manifest = new_manifest(config, n_workers, batch_size, batches)
        write_manifest(folder, manifest)
        _write_cards(config, folder)
    except BaseException:
        if executor is not None:
            executor.close(cancel=True)
        raise
    _execute(config, folder, manifest, batches, executor, on_progress, notice, on_start)
    return folder


def resume_run(folder: str | Path, workers: int | None = None,
               on_progress: Callable[[int], None] | None = None,
               scheduler: str | None = None, cluster: str | None = None,
               notice: Callable[[str], None] | None = None,
               on_start: Callable[[int], None] | None = None) -> Path:
    """Finish an interrupted or failed run with the configuration in its manifest: play only the
    batches it does not list as done (same batch plan), so the tables end up identical to those
    of an uninterrupted run. Refuses if the card set or the engine changed since the run began."""
    from sim.games import engine_for
    from sim.engine.cache import engine_hash
    from sim.runs.executors import make_executor, wants_dask
    folder = Path(folder)
    manifest = read_manifest(folder)
    try:
        config = config_from_manifest(manifest)
        batch_size = int(manifest["batch_size"])
    except (KeyError, TypeError, ValueError) as e:
        raise RunConfigError(f"{folder}: the manifest is incomplete ({e}); cannot resume") from None
    check_config(config)
    engine = engine_for(config)
    if engine.hash != manifest.get("cardset_hash"):
        raise RunConfigError(f"{folder}: the cards changed since the run began (card-set hash "
                             f"{manifest.get('cardset_hash')}, now {engine.hash}); start a new run")
    if engine_hash() != manifest.get("engine", {}).get("engine_hash"):
        raise RunConfigError(f"{folder}: the engine changed since the run began (engine hash "
                             f"{manifest.get('engine', {}).get('engine_hash')}, now {engine_hash()}); "
                             "resume with the same seiya-sim version, or start a new run")
    if _still_running(manifest):
        raise RunConfigError(f"{folder} is still being played (process {manifest['pid']} on this machine); "
                             "stop it first, or wait for it to finish")
    batches = run_plan(manifest, config, batch_size)
    tables = batch_tables(config.events)  # an older version's batches have no counters: counted when read
    done = [b for b in manifest.get("batches", [])
            if all((folder / t / batch_name(b["index"])).is_file() for t in tables)]
    done_ids = {b["index"] for b in done}
    todo = [b for b in batches if b[0] not in done_ids]
    for tmp in folder.rglob(".*.tmp"):  # files a stopped worker was writing
        tmp.unlink(missing_ok=True)
    manifest["batches"] = sorted(done, key=lambda b: b["index"])
    manifest["batches_done"] = len(done)
    manifest["games_done"] = sum(b["games"] for b in done)
    manifest["batches_planned"] = len(batches)
    if not todo:
        manifest["status"] = "complete"
        write_manifest(folder, manifest)
        return folder
    executor = make_executor(workers, scheduler, cluster) if wants_dask(scheduler, cluster) else None
    try:
        warm_up(config.game())
        if executor is None:
            executor = make_executor(workers, n_batches=len(todo))
    except BaseException:
        if executor is not None:
            executor.close(cancel=True)
        raise
    for table in batch_tables(config.events) + (COUNTERS,):
        (folder / table).mkdir(exist_ok=True)
    manifest["status"] = "running"
    manifest["error"] = None
    manifest["host"], manifest["pid"] = platform.node(), os.getpid()
    manifest.setdefault("resumed", []).append(datetime.now(timezone.utc).isoformat(timespec="seconds"))
    write_manifest(folder, manifest)
    _execute(config, folder, manifest, todo, executor, on_progress, notice, on_start)
    return folder


def run_plan(manifest: dict, config: RunConfig, batch_size: int) -> list[tuple[int, int, int]]:
    """A run's batches: the manifest's `plan` once the run was extended, else the plain plan."""
    if manifest.get("plan"):
        return [tuple(b) for b in manifest["plan"]]
    return plan_batches(config.first_game, config.games, batch_size)


def extend_run(folder: str | Path, games: int, workers: int | None = None,
               on_progress: Callable[[int], None] | None = None,
               scheduler: str | None = None, cluster: str | None = None,
               notice: Callable[[str], None] | None = None,
               on_start: Callable[[int], None] | None = None) -> Path:
    """Add `games` games to a complete run: new batches (same batch size) on the next game indices,
    appended to the manifest's `plan` and played by `resume_run`. Every game depends only on
    (seed, game index), so the result equals one run of the final size."""
    folder = Path(folder)
    manifest = read_manifest(folder)
    if manifest.get("status") != "complete":
        raise RunConfigError(f"{folder} is {manifest.get('status')}, not complete; "
                             f"finish it first with `seiya simulate --resume {folder}`")
    if games < 1:
        raise RunConfigError(f"games to add must be at least 1, not {games}")
    config = config_from_manifest(manifest)
    batch_size = int(manifest["batch_size"])
    plan = run_plan(manifest, config, batch_size)
    nxt = max(b[0] for b in plan) + 1
    new = [(nxt + i, first, n) for i, first, n in plan_batches(config.first_game + config.games, games, batch_size)]
    manifest["plan"] = [list(b) for b in plan + new]
    manifest["config"]["games"] = manifest["games_planned"] = config.games + games
    manifest["batches_planned"] = len(manifest["plan"])
    manifest["status"] = "interrupted"  # until resume_run has played the new batches
    write_manifest(folder, manifest)
    return resume_run(folder, workers, on_progress=on_progress, scheduler=scheduler, cluster=cluster,
                      notice=notice, on_start=on_start)


def _still_running(manifest: dict) -> bool:
    """True if the manifest says running and its process is alive on this machine."""
    pid = manifest.get("pid")
    if manifest.get("status") != "running" or manifest.get("host") != platform.node() or not pid \
            or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # alive, owned by someone else
    return True


def _execute(config, folder, manifest, todo, executor, on_progress, notice, on_start=None):
    """Play the batches `todo` on `executor`, recording each finished one; set the final status."""
    manifest["executor"] = executor.describe()
    manifest["workers"] = executor.workers
    seconds_before = manifest.get("seconds") or 0.0
    t0 = time.perf_counter()
    cancel = True
    try:
        if on_start:
            on_start(manifest["games_done"])
        _drive(config, folder, manifest, todo, executor, on_progress, notice)
        manifest["status"] = "complete"
        cancel = False
    except KeyboardInterrupt:
        manifest["status"] = "interrupted"
        raise
    except BaseException as e:
        manifest["status"] = "failed"
        manifest["error"] = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise
    finally:
        try:
            executor.close(cancel=cancel)
        finally:
            manifest["batches"].sort(key=lambda b: b["index"])
            manifest["batches_done"] = len(manifest["batches"])
            manifest["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
            manifest["seconds"] = round(seconds_before + time.perf_counter() - t0, 3)
            write_manifest(folder, manifest)


def _write_cards(config: RunConfig, folder: Path):
    from sim.games import engine_for
    engine = engine_for(config)
    write_parquet_atomic(engine.frame, folder / "cards.parquet")


def _describe_batch(b) -> str:
    return f"batch {b[0]} (games {b[1]}-{b[1] + b[2] - 1})"


def _error_line(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e).strip() else ""
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _drive(config, folder, manifest, todo, executor, on_progress, notice):
    """Keep up to `executor.capacity` batches in flight; record each as it finishes (writing the
    tables a Dask worker sent back); retry a failed batch once (a dead worker process counts as a
    failure of the batches in its pool), then stop with RunFailed."""
    from sim.engine.cache import engine_hash
    game = config.game()
    here = engine_hash()
    target = str(folder) if executor.writes_locally else None
    queue = deque(todo)
    attempts: dict[int, int] = {}
    pending: dict = {}

    def record(info: dict, payload: dict | None):
        theirs = info.pop("engine_hash", here)
        if theirs != here:
            raise RunFailed(f"a worker runs another engine (hash {theirs}, here {here}): the engine's sources "
                            "changed during the run, or the client, the scheduler and the workers of a cluster "
                            "do not run the same seiya-sim version")
        for table, data in (payload or {}).items():
            write_atomic_bytes(folder / table / batch_name(info["index"]), data)
        manifest["batches"].append(info)
        manifest["batches_done"] = len(manifest["batches"])
        manifest["games_done"] += info["games"]
        write_manifest(folder, manifest)
        if on_progress:
            on_progress(manifest["games_done"])

    try:
        while queue or pending:
            while queue and len(pending) < executor.capacity:
                b = queue.popleft()
                attempts[b[0]] = attempts.get(b[0], 0) + 1
                pending[executor.submit(play_batch, game, config.events, b[1], b[2], b[0], target)] = b
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for f in sorted(finished, key=lambda f: pending[f][0]):
                b = pending.pop(f)
                try:
                    info, payload = f.result()
                except Exception as e:  # a dead worker process: BrokenProcessPool (the pool restarts)
                    if attempts[b[0]] >= 2:
                        raise RunFailed(f"{_describe_batch(b)} failed twice ({_error_line(e)}); the finished "
                                        f"batches are kept: `seiya simulate --resume {folder}` retries") from e
                    if notice:
                        notice(f"{_describe_batch(b)} failed ({_error_line(e)}); retrying it once")
                    queue.appendleft(b)
                    continue
                record(info, payload)
    except BaseException:
        for f, b in list(pending.items()):  # keep what finished while we stopped
            if f.done() and not f.cancelled() and f.exception() is None:
                try:
                    record(*f.result())
                except Exception:
                    pass
            else:
                f.cancel()
        raise
