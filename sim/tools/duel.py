"""Two policies on paired seeds: every game seed is played twice with the seats swapped.

Policy A takes seats 0, 2, 4, ... and B the others in a seed's first game; in its second game
they trade (B, A, B, ...), with the same deal, Heroes and shuffles (the game depends only on the
seed and game index: common random numbers). Over the two games each policy holds every seat
once, so the first-player advantage cancels within the seed. Seats are fixed (seats="fixed"), so
a seat's policy is the one this module puts there.

A's score in a game is its seats' summed win share (a two-way tie between an A and a B seat
counts half). The ladder and the tuner play all their games through `play_matches` (which also
counts the games GEN-9's round cap stopped), in this process or on a pool of worker processes;
each chunk of seeds is a task that depends only on its arguments, so the scores are the same
whatever the number of workers.
"""
from __future__ import annotations

import numpy as np

from sim.config import GameConfig
from sim.games import play_outcomes
from sim.policy_catalog import Policy
from sim.tools.arms import play_in_chunks

CHUNK = 250  # seeds per task: small enough for a smooth progress bar, large enough to keep the engine busy


def seatings(players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats A holds in a seed's first game (0, 2, ...) and in its second (1, 3, ...)."""
    return tuple(range(0, players, 2)), tuple(range(1, players, 2))


def seated(config: GameConfig, a: Policy, b: Policy, a_seats) -> GameConfig:
    """`config` with A in `a_seats`, B in the others, the seats fixed."""
    return config.with_changes(policies=tuple(a if s in a_seats else b for s in range(config.players)), seats="fixed")


def play_duel(config: GameConfig, a: Policy, b: Policy, first_game: int, seeds: int) -> np.ndarray:
    """Each seed's two games: an array (seeds, 4), A's scores (column 0 with A seated first, 1
    with B first), then 1 where the round cap stopped that game (columns 2 and 3)."""
    out = np.empty((seeds, 4))
    for k, a_seats in enumerate(seatings(config.players)):
        shares, capped = play_outcomes(seeds, first_game, seated(config, a, b, a_seats))
        out[:, k], out[:, 2 + k] = shares[:, list(a_seats)].sum(axis=1), capped
    return out


def play_matches(config: GameConfig, matches, seeds: int, first_game: int = 0, pool=None, on_games=None,
                 chunk: int = CHUNK) -> tuple[list[np.ndarray], float]:
    """Play every match (a pair of Policies) on the seeds first_game .. first_game + seeds - 1;
    return one (seeds, 2) array of A's scores per match, and the share of all these games that the
    round cap stopped. pool: a `worker_pool` (None: here); on_games(n) is called as each chunk of n
    games (two per seed) finishes."""
    counted = (lambda n: on_games(2 * n)) if on_games else None
    played = play_in_chunks(play_duel, [(config, a, b) for a, b in matches], seeds, first_game, pool, counted, chunk)
    return [p[:, :2] for p in played], float(np.mean([p[:, 2:].mean() for p in played]))
