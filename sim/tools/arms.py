"""Playing one arm of an experiment (a game config on a range of game indices) into memory.

An arm is `sim.play` split into chunks across worker processes (fork: the workers inherit the
compiled engine) and concatenated. Every game depends only on (seed, game index), so the result
is the same for any number of workers, and two arms played on the same indices share their
random numbers.
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager

import numpy as np
import pandas as pd

from sim.config import GameConfig
from sim.games import PlayResult, play, play_shares
from sim.runs.executors import process_context

TABLES = ("games", "players", "events", "decks", "held")
CHUNK = 1000  # games per piece of an arm: the progress bar moves as each finishes
_listeners: list = []


@contextmanager
def counting(on_games):
    """While the block runs, on_games(n) is called as each piece of n games of any arm finishes
    (what a command's progress bar listens to)."""
    _listeners.append(on_games)
    try:
        yield
    finally:
        _listeners.remove(on_games)


def games_done(n: int):
    for listener in _listeners:
        listener(n)


def concat_results(parts: list) -> PlayResult:
    """One PlayResult from several (in game order); the cards are the first part's."""
    parts = [p for p in parts if p is not None and len(p.games)]
    if not parts:
        raise ValueError("no games to combine")
    if len(parts) == 1:
        return parts[0]
    tables = {t: pd.concat([getattr(p, t) for p in parts], ignore_index=True) for t in TABLES}
    for t in ("players", "events"):  # categories can differ between parts; keep them categorical
        for col in tables[t].columns:
            if str(getattr(parts[0], t)[col].dtype) == "category" and str(tables[t][col].dtype) != "category":
                tables[t][col] = tables[t][col].astype("category")
    return PlayResult(**tables, cards=parts[0].cards)


def _play_chunk(config: GameConfig, first_game: int, games: int) -> PlayResult:
    return play(games, first_game=first_game, config=config)


def play_arm(config: GameConfig, games: int, first_game: int = 0, workers: int = 1) -> PlayResult:
    """Play games first_game .. first_game + games - 1 of `config`, split over `workers` processes
    (1: in this process)."""
    workers = max(1, int(workers or 1))
    size = min(CHUNK, -(-games // workers))
    chunks = [(first_game + s, min(size, games - s)) for s in range(0, games, size)]
    if workers == 1 or len(chunks) == 1:
        parts = []
        for first, n in chunks:
            parts.append(play(n, first_game=first, config=config))
            games_done(n)
        return concat_results(parts)
    play(1, first_game=first_game, config=config)  # compile / check in the parent, once
    with ProcessPoolExecutor(max_workers=workers, mp_context=process_context()) as pool:
        parts = []
        for part in pool.map(_play_chunk, [config] * len(chunks), *zip(*chunks)):
            parts.append(part)
            games_done(len(part.games))
    return concat_results(parts)


@contextmanager
def worker_pool(workers: int, config: GameConfig):
    """A process pool for `play_in_chunks` (None for one worker: play here). The engine is
    compiled in this process first, so forked workers inherit it."""
    if workers <= 1:
        yield None
        return
    play_shares(1, 0, config)
    with ProcessPoolExecutor(max_workers=workers, mp_context=process_context()) as pool:
        yield pool


def play_in_chunks(play_games, arms: list, games: int, first_game: int = 0, pool=None, on_chunk=None,
                   chunk: int = CHUNK) -> list[np.ndarray]:
    """`play_games(*arm, first, n)` for each arm (a tuple of arguments) over the games first_game ..
    first_game + games - 1, in chunks of `chunk` games, here (pool None) or on a `worker_pool`:
    each arm's arrays concatenated in game order. on_chunk(n) as each chunk of n games finishes.
    A chunk depends only on its arguments, so the result is the same whatever the pool."""
    tasks = [(a, s, min(chunk, games - s)) for a in range(len(arms)) for s in range(0, games, chunk)]
    done = {}
    if pool is None:
        for a, s, n in tasks:
            done[a, s] = play_games(*arms[a], first_game + s, n)
            if on_chunk:
                on_chunk(n)
    else:
        futures = {pool.submit(play_games, *arms[a], first_game + s, n): (a, s, n) for a, s, n in tasks}
        for f in as_completed(futures):
            a, s, n = futures[f]
            done[a, s] = f.result()
            if on_chunk:
                on_chunk(n)
    return [np.concatenate([done[a, s] for s in range(0, games, chunk)]) for a in range(len(arms))]


def base_config(config: GameConfig | None = None, policies=("<default>",), **loose) -> GameConfig:
    """`config`, or the GameConfig of the loose game options of the Python API (players, seed,
    policies, heroes, boxes, cardset, overrides, rules, seats)."""
    if config is not None:
        return config
    from sim.games import game_config
    return game_config(policies=policies, **loose)
