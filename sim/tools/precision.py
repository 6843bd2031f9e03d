"""Precision on demand: keep playing batches until the 95% CIs are narrow enough, or a budget is hit.

A CI half-width shrinks like 1/sqrt(games), so after each batch the games still needed are
estimated as games_done * (half_width / target)^2 - games_done (plus 10%), and the next batch
plays that many (at least a tenth of what was played, at most what the budget leaves). Batches
are the next game indices, so the result equals one run of the final size.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np


@dataclass
class Precision:
    """How a precision-driven run stopped: the target, the half-widths reached, and why it ended."""
    target: float
    half_widths: dict
    games: int
    max_games: int
    reached: bool

    @property
    def worst(self) -> float:
        vals = [v for v in self.half_widths.values() if not math.isnan(v)]
        return max(vals) if vals else math.nan

    def __str__(self):
        what = ", ".join(f"{k} ±{v:.4f}" for k, v in self.half_widths.items())
        if self.reached:
            return f"precision target ±{self.target} reached after {self.games} games ({what})"
        return (f"game budget of {self.max_games} reached before the precision target ±{self.target} "
                f"({what})")


def worst(half_widths: dict) -> float:
    vals = [v for v in half_widths.values() if v is not None and not math.isnan(v)]
    return max(vals) if vals else math.nan


def until_precise(step: Callable[[int, int], object], half_widths: Callable[[object], dict],
                  games: int, target: float | None = None, max_games: int | None = None):
    """Call step(first_game, n) (play n more games, return the result so far) until every
    half-width in half_widths(result) is at most `target` or `max_games` games are played.
    Without a target, play `games` once. Returns (result, Precision or None)."""
    result = step(0, games)
    if target is None:
        return result, None
    max_games = max(games, int(max_games or 20 * games))
    done = games
    while True:
        hw = half_widths(result)
        w = worst(hw)
        if (not math.isnan(w) and w <= target) or done >= max_games:
            return result, Precision(target, hw, done, max_games, not math.isnan(w) and w <= target)
        need = int(done * (w / target) ** 2 * 1.1) - done if not math.isnan(w) else done
        n = int(np.clip(need, max(1, done // 10), max_games - done))
        result = step(done, n)
        done += n
