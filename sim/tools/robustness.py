"""Policy robustness: the card table under several policies side by side, and the cards whose
verdict changes with the bots.

    rob = sim.robustness(["value", "greedy", "clock"], games=2000)   # or robustness_of(runs)
    rob.table      # one row per card: per policy its win-share difference, CI, q and verdict
    rob.flagged()  # the cards whose verdict flips (above under one policy, below under another)
                   # or differs (significant under some, not under others)

A verdict is "above" (the card's buyers' win-share difference is significantly above 0 after a
Benjamini-Hochberg correction across cards, per policy), "below", "–" (not significant), or "too
few" (fewer than analysis.paired.MIN_COUNT player-games acquired the card, or did not: not tested). A
conclusion that holds under every policy is about the card; one that flips is about the bots.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import as_run
from analysis.clock import capped_share
from analysis.compare import card_metrics, game_arrays
from reports.render import arms_cap_sentence
from sim.games import estimated_cards
from sim.tools.arms import base_config, play_arm
from analysis.paired import Est, bh_qvalues


def card_verdicts(run, fdr: float = 0.05) -> pd.DataFrame:
    """Per card: win_share_diff with a per-game (cluster) 95% CI, acquisition rate, BH q-value
    across cards and the verdict above / below / – / too few."""
    run = as_run(run)
    x = game_arrays(run)
    cm = card_metrics(x)
    e: Est = cm["win_share_diff"]
    lo, hi = e.ci()
    q = bh_qvalues(e.p())
    names = run.cards.set_index("id")["name"].reindex(x.card_ids).to_numpy()
    verdict = np.where(q <= fdr, np.where(e.value > 0, "above", "below"),
                       np.where(e.too_few & ~np.isnan(e.value), "too few", "–"))
    return pd.DataFrame({"id": x.card_ids, "name": names, "win_share_diff": e.value, "lo": lo, "hi": hi, "q": q,
                         "verdict": verdict, "acquisition_rate": cm["acquisition_rate"].value})


@dataclass
class Robustness:
    table: pd.DataFrame
    policies: list
    fdr: float = 0.05
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of a policy's games (said next)

    def flagged(self) -> pd.DataFrame:
        """Cards whose verdict is not the same under every policy (flips first)."""
        t = self.table.loc[self.table["robustness"] != "consistent"]
        return t.sort_values("robustness", key=lambda s: s.map({"flips": 0, "differs": 1})).reset_index(drop=True)

    def figure(self, n: int = 30):
        from reports.tuning import draw_robustness
        return draw_robustness(self, n)

    def report(self, out):
        from reports.tuning import write_robustness_report
        return write_robustness_report(self, out)

    def __repr__(self):
        counts = self.table["robustness"].value_counts().to_dict()
        return f"Robustness({', '.join(self.policies)}: {counts})"


def robustness_of(runs: dict, fdr: float = 0.05) -> Robustness:
    """Side-by-side verdicts for runs keyed by policy name (runs, folders or PlayResults). Rows
    are card ids, named as in the first run that has the card."""
    merged, names = None, pd.Series(dtype=object)
    for pol, run in runs.items():
        v = card_verdicts(run, fdr).set_index("id")
        names = names.combine_first(v.pop("name"))
        v.columns = [f"{c}:{pol}" for c in v.columns]
        merged = v if merged is None else merged.join(v, how="outer")
    t = merged.reset_index()
    t.insert(1, "name", names.reindex(t["id"]).to_numpy())
    verdicts = t[[f"verdict:{p}" for p in runs]].fillna("–")
    above = (verdicts == "above").any(axis=1)
    below = (verdicts == "below").any(axis=1)
    some = above | below
    every = verdicts.isin(["above", "below"]).all(axis=1) & ~(above & below)
    t["robustness"] = np.where(above & below, "flips", np.where(some & ~every, "differs", "consistent"))
    return Robustness(t, list(runs), fdr)


def robustness(policies=("value", "greedy", "clock"), games: int = 2000, players: int = 2, seed: int = 0,
               heroes=None, boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1,
               fdr: float = 0.05, rules: dict | None = None, config=None) -> Robustness:
    """Play the same seeds with every seat on each policy (a name or a Policy), and compare the
    card verdicts. The other game options, or `config` (a sim.config.GameConfig), set up every arm."""
    config = base_config(config, players=players, seed=seed, heroes=heroes, boxes=boxes, cardset=cardset,
                         overrides=overrides, rules=rules)
    runs = {}
    for p in policies:
        arm = config.with_changes(policies=(p,))
        runs[arm.policies[0].name] = play_arm(arm, games, 0, workers)
    rob = robustness_of(runs, fdr)
    rob.estimates = estimated_cards(config)
    rob.capped = arms_cap_sentence({f"with every seat on {p}": capped_share(r) for p, r in runs.items()},
                                   config.model_dump())
    return rob
