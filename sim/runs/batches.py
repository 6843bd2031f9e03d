"""A batch of games, as a worker plays it: a range of game indices played, its tables and
counters written (or sent back, from a Dask worker); and the warm-up before a run's workers start.

A batch is just a range of game indices, and every game is reproducible from (seed, game index)
alone, so the data do not depend on the number of workers or the batch size.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable

from sim.config import GameConfig
from sim.runs.folder import COUNTERS, batch_name, batch_tables, logged_events, parquet_bytes, write_parquet_atomic

# A test hook: called with the batch index at the start of every batch, in the worker (a forked
# worker inherits it). Tests set it to make a batch fail or a worker die.
_before_batch: Callable[[int], None] | None = None



def play_batch(game: GameConfig, events: str, first_game: int, n_games: int, index: int,
               folder: str | None = None) -> tuple[dict, dict | None]:
    """Play one batch in a worker (the engine is imported here; its kernels load from the on-disk
    numba cache). With a `folder` (workers on this machine) write its tables there and return
    (info, None); without (Dask workers, maybe on another machine) return (info, {table: Parquet
    bytes}) for the client to write."""
    from sim.engine.cache import engine_hash
    from sim.games import play
    if _before_batch is not None:
        _before_batch(index)
    from sim.runs.counters import make_counters
    t0 = time.perf_counter()
    res = play(n_games, first_game=first_game, events=logged_events(events), config=game)
    frames = {table: getattr(res, table) for table in batch_tables(events)}
    frames[COUNTERS] = make_counters(res.games, res.players, res.events, res.decks, res.held)
    payload = {}
    for table, df in frames.items():
        if folder is not None:
            write_parquet_atomic(df, Path(folder) / table / batch_name(index))
        else:
            payload[table] = parquet_bytes(df)
    info = {"index": index, "first_game": first_game, "games": n_games,
            "seconds": round(time.perf_counter() - t0, 3), "engine_hash": engine_hash()}
    return info, (None if folder is not None else payload)


def plan_batches(first_game: int, games: int, batch_size: int) -> list[tuple[int, int, int]]:
    """(index, first game, number of games) for each batch."""
    out = []
    for i, start in enumerate(range(0, games, batch_size)):
        out.append((i, first_game + start, min(batch_size, games - start)))
    return out


def default_batch_size(games: int, workers: int) -> int:
    """About four batches per worker (smooth progress, balanced load), 50 to 5000 games each."""
    return max(50, min(5000, -(-games // (4 * max(workers, 1)))))


def warm_up(game: GameConfig):
    """Play one game and count it in the parent so the numba kernels (engine and counters) are
    compiled (and cached on disk) once, before any worker starts (workers then load them instead
    of each compiling its own) and before the clock starts (games/s measures playing, not
    compiling). Compiling takes about 1 GB that the process keeps: when the kernels are not
    cached yet, a fresh interpreter compiles them (the kernels are the same for every card set
    and seat set-up), so that neither the parent nor the workers it forks hold that memory.
    Should it fail, this process compiles them."""
    from sim.engine.cache import kernels_cached
    if not kernels_cached():
        in_fresh_interpreter("from sim.config import GameConfig; from sim.runs.batches import play_and_count; "
                             "play_and_count(GameConfig())")
    play_and_count(game)


def in_fresh_interpreter(code: str) -> int:
    """Run `python -c code` with this checkout on its path and this process's kernel cache
    (nothing of the caller's main module runs again there, unlike a spawned multiprocessing
    child); its exit code. On an interruption it is not left running."""
    import subprocess
    root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    child = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=path),
                             stdin=subprocess.DEVNULL)
    try:
        return child.wait()
    finally:
        if child.poll() is None:
            child.kill()


def play_and_count(game: GameConfig):
    """One game played and counted (this compiles or loads every kernel a batch runs)."""
    from sim.games import play
    from sim.runs.counters import make_counters
    res = play(1, events="summary", config=game)
    make_counters(res.games, res.players, res.events, res.decks, res.held)
