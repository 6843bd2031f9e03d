"""The market columns of the card table: how long each card stays on the battlefield, and who
took it or passed it (the stays are counted by sim.runs.tally, whose docstring defines them)."""
from __future__ import annotations

import pandas as pd

from sim.runs.tally import market_sums


def finish_market(sums: pd.DataFrame) -> pd.DataFrame:
    """The market columns from `market_sums` (summed over any number of batches): rounds_on_field,
    rounds_to_take, took, passed, take_rate_seen, win_share_took, win_share_passed, took_vs_passed."""
    s = sums
    t = pd.DataFrame({"rounds_on_field": s["stay_rounds"] / s["stays"].where(s["stays"] > 0),
                      "rounds_to_take": s["taken_rounds"] / s["taken_stays"].where(s["taken_stays"] > 0),
                      "took": s["took"].astype("int64"), "passed": s["passed"].astype("int64")},
                     index=s.index)
    seen = t["took"] + t["passed"]
    t["take_rate_seen"] = t["took"] / seen.where(seen > 0)
    t["win_share_took"] = s["took_wins"] / t["took"].where(t["took"] > 0)
    t["win_share_passed"] = s["passed_wins"] / t["passed"].where(t["passed"] > 0)
    t["took_vs_passed"] = t["win_share_took"] - t["win_share_passed"]
    return t


def market_table(events: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Per card: rounds_on_field, rounds_to_take, took, passed, take_rate_seen, win_share_took,
    win_share_passed, took_vs_passed (see the module docstring and docs/metrics.md)."""
    return finish_market(market_sums(events, games, players))
