"""Null calibration of `compare`: how often a comparison of two equal card sets reports any change.

Each comparison plays the same cards under two different seeds (independent games) and compares
the two arms unpaired with `sim.tools.compare.compare_runs`. It is
flagged when any change holds, a card's or an overall metric's. Every arm is equal, so every flag
is false: with one Benjamini-Yekutieli family over all the tests of a comparison, the share flagged
should be at most the false-discovery rate (0.05), whatever the dependence between the tests.

    python -m tests.null_calibration --comparisons 100 --games 2000 [--workers 2]
"""
from __future__ import annotations

import argparse
import math
import time

import pandas as pd


def null_comparisons(comparisons: int, games: int, players: int = 2, seed: int = 0, workers: int = 1,
                     fdr: float = 0.05, policies=("<default>",)) -> pd.DataFrame:
    """One row per null comparison: the card and overall changes that hold, and the tests."""
    from sim.games import game_config
    from sim.tools.arms import play_arm
    from sim.tools.compare import compare_runs
    config = game_config(players=players, seed=seed, policies=policies)
    rows = []
    for i in range(comparisons):
        a = play_arm(config.with_changes(seed=seed + 2 * i), games, 0, workers)
        b = play_arm(config.with_changes(seed=seed + 2 * i + 1), games, 0, workers)
        cmp = compare_runs(a, b, fdr=fdr, paired=False)
        rows.append({"cards": int(cmp.cards["significant"].sum()), "overall": int(cmp.overall["significant"].sum()),
                     "tests": cmp.tests})
    t = pd.DataFrame(rows)
    t["flagged"] = (t["cards"] + t["overall"]) > 0
    return t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--comparisons", type=int, default=100)
    ap.add_argument("--games", type=int, default=2000, help="games per arm")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--fdr", type=float, default=0.05)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    t = null_comparisons(args.comparisons, args.games, args.players, args.seed, args.workers, args.fdr)
    k, n = int(t["flagged"].sum()), len(t)
    se = math.sqrt(args.fdr * (1 - args.fdr) / n)
    print(f"{k} of {n} null comparisons flagged a change ({k / n:.1%}; stated level {args.fdr:.0%}, "
          f"binomial sd {se:.1%}); {args.games} games per arm, {args.players} players, seed {args.seed}, "
          f"{t['tests'].mean():.0f} tests per comparison on average; {time.perf_counter() - start:.0f} s")
    print(f"changes that held: {int(t['cards'].sum())} card, {int(t['overall'].sum())} overall")


if __name__ == "__main__":
    main()
