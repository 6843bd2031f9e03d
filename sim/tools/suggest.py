"""Cost suggestions: the smallest integer cost change that brings a card's metric back to its target.

    sug = sim.suggest(games=2000)                 # every card flagged as an outlier by a baseline run
    sug = sim.suggest(["Taurus Aldebaran"])       # or named cards
    sug.table     # per card: the suggestion, the metric before / after with 95% CIs, the paired
                  # change with its CI, whether it meets the tolerance, games used
    sug.flagged   # the baseline card table behind the default choice of cards
    sug.report("out/")

Three steps, all paired (common random numbers):
1. Flag (when no card is named): play the cards as they are on games 0..games-1; a card is an
   outlier when its metric (default the buyers' win-share difference) is significantly farther
   than `tolerance` from the target: one-sided test of |metric - target| > tolerance with the
   per-game (delta-method) standard error, Benjamini-Hochberg across cards at `fdr`.
2. Search: for each card, a sweep (`sim.sweep`) of each cost it has (strength_cost,
   cosmos_cost; 0 means the card has no such cost) over current -max_change..+max_change (costs
   at least 1), on those same games. The suggestion is the smallest change |value - current|
   whose metric is within the tolerance of the target (ties: the closest); if none is, the
   closest value overall (`meets` then says no). 0 means "leave it".
3. Verify: the suggested change and the unchanged cards are played again on new game indices
   (games..2*games-1, not used to choose), and the metric before / after and the paired change
   are reported from those games only, so the choice's selection bias does not inflate them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import card_row
from analysis.compare import arm_ests, arm_row, card_metrics, game_arrays
from analysis.paired import bh_qvalues, normal_p
from sim.games import load_cards
from sim.tools.arms import base_config, play_arm
from sim.tools.impact import reserve_cards
from sim.tools.sweep import parse_target, sweep

COSTS = ("strength_cost", "cosmos_cost")
SUGGEST_METRICS = ("win_share_diff", "acquisition_rate", "acquired_share")


@dataclass
class Suggestion:
    table: pd.DataFrame                  # one row per card: suggestion and verification evidence
    searched: pd.DataFrame               # every swept arm (the sweeps' tables, both costs)
    flagged: pd.DataFrame | None         # the baseline outlier table (None when cards were named)
    target: tuple
    tolerance: float
    games: int
    facts: list = field(default_factory=list)

    def report(self, out):
        from reports.tuning import write_suggest_report
        return write_suggest_report(self, out)

    def __repr__(self):
        meets = int(self.table["meets"].sum()) if len(self.table) else 0
        return f"Suggestion({len(self.table)} cards, {meets} meet {self.target[0]}={self.target[1]:g} ± {self.tolerance:g})"


def outliers(run, metric: str = "win_share_diff", goal: float = 0.0, tolerance: float = 0.05,
             fdr: float = 0.05, names=None) -> pd.DataFrame:
    """Per card (of `names`, default all, with a value): the metric with its 95% CI, the one-sided
    p-value and BH q-value of |metric - goal| > tolerance, and `outlier` (q <= fdr); farthest
    first. A card with too few units behind its value (analysis.paired.MIN_COUNT) is not tested:
    p and q are NaN, `too_few` is True and it is no outlier."""
    x = game_arrays(run)
    e = card_metrics(x)[metric]
    lo, hi = e.ci()
    se = e.se()
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (np.abs(e.value - goal) - tolerance) / np.where(se > 0, se, np.nan)
    p = np.where(np.isnan(z) | e.too_few, np.nan, np.where(z > 0, normal_p(z) / 2, 1 - normal_p(z) / 2))
    t = pd.DataFrame({"id": x.card_ids, "name": run.cards.set_index("id")["name"].reindex(x.card_ids).to_numpy(),
                      metric: e.value, f"{metric}_lo": lo, f"{metric}_hi": hi, "p": p, "too_few": e.too_few})
    if names is not None:
        t = t.loc[t["name"].isin(names)]
    t = t.dropna(subset=[metric]).copy()
    t["q"] = bh_qvalues(t["p"].to_numpy())
    t["outlier"] = t["q"] <= fdr
    return t.sort_values("p").reset_index(drop=True)


def pick(table: pd.DataFrame, metric: str, goal: float, tolerance: float) -> pd.Series:
    """The swept arm with the smallest change whose metric is within tolerance (ties: closest to
    the goal); else the closest arm."""
    t = table.dropna(subset=[metric]).assign(change=lambda d: (d["value"] - d["current_value"]).abs(),
                                              gap=lambda d: (d[metric] - goal).abs())
    ok = t.loc[t["gap"] <= tolerance]
    return (ok.sort_values(["change", "gap"]) if len(ok) else t.sort_values(["gap", "change"])).iloc[0]


def suggest(cards=None, games: int = 2000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
            boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1,
            tolerance: float = 0.05, max_change: int = 3, target: str = "win_share_diff=0",
            fdr: float = 0.05, fields=COSTS, rules: dict | None = None, config=None) -> Suggestion:
    """Suggest and verify a cost change per card (see the module docstring). `overrides` and
    `cardset` define the cards as they are (the baseline), e.g. a card made too cheap; `fields`
    the costs that may change (default both). The game options, or `config` (a
    sim.config.GameConfig), set up every arm."""
    config = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                         cardset=cardset, overrides=overrides, rules=rules)
    metric, goal = parse_target(target)
    if metric not in SUGGEST_METRICS:
        raise ValueError(f"bad target '{target}': the metric must be one of {', '.join(SUGGEST_METRICS)}")
    fields = [fields] if isinstance(fields, str) else list(fields)
    for f in fields:
        if f not in COSTS:
            raise ValueError(f"unknown field '{f}'; allowed: {', '.join(COSTS)}")
    if tolerance <= 0 or max_change < 1:
        raise ValueError("the tolerance must be above 0 and max_change at least 1")
    frame = load_cards(config.boxes, config.cardset, config.overrides)
    flagged = None
    if cards is None:
        base = play_arm(config, games, 0, workers)
        flagged = outliers(base, metric, goal, tolerance, fdr, names=[n for n in reserve_cards(frame)
                                                                    if any(card_row(frame, n)[f] > 0 for f in fields)])
        names = list(flagged.loc[flagged["outlier"], "name"])
    else:
        names = [card_row(frame, c)["name"] for c in ([cards] if isinstance(cards, (str, int)) else cards)]
        for n in names:
            if not any(int(card_row(frame, n)[f]) > 0 for f in fields):
                raise ValueError(f"'{n}' has no {' or '.join(fields)} to change")
    rows, searched, verify_base = [], [], None
    for name in names:
        card = card_row(frame, name)
        parts = []
        for f in fields:
            cur = int(card[f])
            if cur <= 0:
                continue
            values = [v for v in range(cur - max_change, cur + max_change + 1) if v >= 1]
            t = sweep(name, f, values, games, workers=workers, target=target, config=config).table
            parts.append(t.assign(current_value=cur))
        t = pd.concat(parts, ignore_index=True)
        searched.append(t)
        best = pick(t, metric, goal, tolerance)
        change = {} if best["change"] == 0 else {f"{name}.{best['field']}": int(best["value"])}
        if verify_base is None:
            verify_base = play_arm(config, games, games, workers)
        cid = int(card["id"])
        before = arm_ests(verify_base, cid)
        after = before if not change else arm_ests(
            play_arm(config.with_changes(overrides={**config.overrides, **change}), games, games, workers), cid)
        v = arm_row(after, before)
        rows.append({
            "card": name, "id": cid, "field": best["field"], "current": int(best["current_value"]),
            "suggested": int(best["value"]), "change": int(best["value"] - best["current_value"]),
            f"search_{metric}": best[metric], "search_meets": bool(best["gap"] <= tolerance),
            f"{metric}_before": float(before[metric].value),
            f"{metric}_before_lo": float(before[metric].ci()[0]), f"{metric}_before_hi": float(before[metric].ci()[1]),
            f"{metric}_after": v[metric], f"{metric}_after_lo": v[f"{metric}_lo"], f"{metric}_after_hi": v[f"{metric}_hi"],
            "delta": v[f"delta_{metric}"], "delta_lo": v[f"delta_{metric}_lo"], "delta_hi": v[f"delta_{metric}_hi"],
            "meets": bool(abs(v[metric] - goal) <= tolerance),
            "toward_target": bool(abs(v[metric] - goal) < abs(float(before[metric].value) - goal)),
            "games_search": int(len(t) * games), "games_verify": int(games * (2 if change else 1)),
        })
    facts = [("target", f"{metric} = {goal:g} ± {tolerance:g}"),
             ("cards", "named" if flagged is None else f"{len(names)} flagged of {len(flagged)} (one-sided test of "
              f"|{metric} − {goal:g}| > {tolerance:g}, Benjamini–Hochberg at {fdr})"),
             ("search", f"each cost the card has, current ± 1..{max_change} (at least 1), games 0..{games - 1}, paired"),
             ("verification", f"games {games}..{2 * games - 1} (new), suggested change vs unchanged cards, paired"),
             ("set-up", f"{config.players} players, seed {config.seed}, policies "
              f"{', '.join(p.name for p in config.policies)}, boxes {', '.join(config.boxes)}"
              + (f", baseline overrides {config.overrides}" if config.overrides else ""))]
    cols = ["card", "id", "field", "current", "suggested", "change", f"search_{metric}", "search_meets",
            f"{metric}_before", f"{metric}_before_lo", f"{metric}_before_hi", f"{metric}_after", f"{metric}_after_lo",
            f"{metric}_after_hi", "delta", "delta_lo", "delta_hi", "meets", "toward_target", "games_search", "games_verify"]
    return Suggestion(pd.DataFrame(rows, columns=cols), pd.concat(searched, ignore_index=True) if searched else pd.DataFrame(),
                      flagged, (metric, goal), tolerance, games, facts)
