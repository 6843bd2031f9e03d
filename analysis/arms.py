"""Playing one arm of an experiment (a card set on a range of game indices) into memory.

An arm is `sim.play` split into chunks across worker processes (fork: the workers inherit the
compiled engine) and concatenated. Every game depends only on (seed, game index), so the result
is the same for any number of workers, and two arms played on the same indices share their
random numbers.
"""
from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor

import pandas as pd

TABLES = ("games", "players", "events", "decks")


def concat_results(parts: list):
    """One PlayResult from several (in game order); the cards are the first part's."""
    from sim.games import PlayResult
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


def _play_chunk(kwargs: dict, first_game: int, games: int):
    import sim
    return sim.play(games, first_game=first_game, **kwargs)


def play_arm(games: int, first_game: int = 0, workers: int = 1, **play_kwargs):
    """Play games first_game .. first_game + games - 1 with `sim.play(**play_kwargs)`, split over
    `workers` processes (1: in this process)."""
    import sim
    workers = max(1, int(workers or 1))
    if workers == 1 or games < 2 * workers:
        return sim.play(games, first_game=first_game, **play_kwargs)
    sim.play(1, first_game=first_game, **play_kwargs)  # compile / check in the parent, once
    size = -(-games // workers)
    chunks = [(first_game + s, min(size, games - s)) for s in range(0, games, size)]
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        parts = list(pool.map(_play_chunk, [play_kwargs] * len(chunks), *zip(*chunks)))
    return concat_results(parts)
