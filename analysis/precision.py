"""The metrics `seiya simulate --precision` can aim at, on one run, and their CI half-widths."""
from __future__ import annotations

import math

RUN_METRICS = {
    "first_player_advantage": "seat 0's win share - the fair share (Wilson CI of seat 0's win share)",
    "rounds": "mean game length in rounds (normal CI of the mean)",
    "tie_rate": "share of games with a tie for first (Wilson CI)",
}
SHARE_METRICS = ("first_player_advantage", "tie_rate")


def run_half_widths(run, metrics) -> dict:
    """95% CI half-width of each named run metric (see RUN_METRICS); NaN while undefined."""
    from analysis._data import as_run
    from analysis.balance import first_player_advantage, tie_rate
    from analysis.clock import length_moments
    from analysis.stats import wilson, z_value
    run = as_run(run)
    out = {}
    for m in metrics:
        if m == "first_player_advantage":
            f = first_player_advantage(run)
            out[m] = float(f["hi"] - f["lo"]) / 2
        elif m == "rounds":
            n, _, sd = length_moments(run, "rounds")
            out[m] = float(z_value() * sd / math.sqrt(n)) if n > 1 else math.nan
        elif m == "tie_rate":
            n = length_moments(run, "rounds")[0]
            lo, hi = wilson(tie_rate(run) * n, n)
            out[m] = float(hi - lo) / 2
        else:
            raise ValueError(f"unknown metric '{m}'; choose one of {', '.join(RUN_METRICS)}")
    return out
