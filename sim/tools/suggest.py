"""Cost suggestions: the cost at which a card's worth meets the power–cost curve, verified.

    sug = sim.suggest(games=5000)                 # every card out of line on the power–cost curve
    sug = sim.suggest(["Taurus Aldebaran"])       # or named cards
    sug.table     # per card: the suggested cost, its residual on the curve before / after on new
                  # games with 95% CIs, whether it is then fair
    sug.flagged   # the worth table (sim.worth) behind the default choice of cards
    sug.report("out/")

The default target, "curve", uses the causal worth of sim.tools.worth:
1. Flag: measure every reserve card's worth on games 0..games-1 and fit the power–cost curve; the
   cards under- or over-costed by more than `tolerance` cost points (Benjamini–Hochberg at `fdr`)
   are the ones to change (or the named cards).
2. Suggest: the cost its worth implies on the curve (fitted without the card), rounded, within
   current ± max_change and at least 1; the currency is the card's price's (Strength if it has a
   Strength cost, else Cosmos).
3. Verify on new games (games..2*games-1, not used to choose): the card's worth with the cost as it
   is and with the suggestion, each against the curve at its cost: residual before / after with
   CIs, and whether the suggestion is fair (not out of line by more than the tolerance).

A target METRIC=VALUE (win_share_diff, acquisition_rate, acquired_share) instead tunes a market
metric, in three steps, all paired (common random numbers):
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
from analysis.clock import capped_share
from analysis.compare import arm_ests, arm_row, card_metrics, game_arrays
from analysis.paired import bh_qvalues, normal_p
from analysis.stats import z_value
from reports.render import arms_cap_sentence
from sim.games import config_cards, estimated_cards
from sim.tools.arms import base_config, play_arm
from sim.tools.impact import reserve_cards
from sim.tools.sweep import parse_target, sweep
from sim.tools.worth import measure, worth

COSTS = ("strength_cost", "cosmos_cost")
CURVE = "curve"
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
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of the games (said next)

    def report(self, out):
        if self.target[0] == CURVE:
            from reports.worth import write_curve_suggest_report
            return write_curve_suggest_report(self, out)
        from reports.tuning import write_suggest_report
        return write_suggest_report(self, out)

    def __repr__(self):
        meets = int(self.table["meets"].sum()) if len(self.table) else 0
        goal = "the power–cost curve" if self.target[0] == CURVE else f"{self.target[0]}={self.target[1]:g}"
        return f"Suggestion({len(self.table)} cards, {meets} meet {goal} ± {self.tolerance:g})"


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


def suggest(cards=None, games: int = 5000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
            boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1,
            tolerance: float | None = None, max_change: int = 4, target: str = CURVE,
            fdr: float = 0.05, fields=COSTS, rules: dict | None = None, config=None, on_games=None) -> Suggestion:
    """Suggest and verify a cost change per card (see the module docstring). `overrides` and
    `cardset` define the cards as they are (the baseline), e.g. a card made too cheap; `fields`
    the costs that may change with a METRIC=VALUE target (default both). tolerance: cost points
    on the curve (default 1), the metric's units otherwise (default 0.05). The game options, or
    `config` (a sim.config.GameConfig), set up every arm; on_games(n) as games finish (curve)."""
    config = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                         cardset=cardset, overrides=overrides, rules=rules)
    if max_change < 1 or (tolerance is not None and tolerance <= 0):
        raise ValueError("the tolerance must be above 0 and max_change at least 1")
    if target == CURVE:
        return suggest_on_curve(cards, games, config, workers, 1.0 if tolerance is None else tolerance,
                                max_change, fdr, on_games)
    tolerance = 0.05 if tolerance is None else tolerance
    metric, goal = parse_target(target)
    if metric not in SUGGEST_METRICS:
        raise ValueError(f"bad target '{target}': the metric must be one of {', '.join(SUGGEST_METRICS)}")
    fields = [fields] if isinstance(fields, str) else list(fields)
    for f in fields:
        if f not in COSTS:
            raise ValueError(f"unknown field '{f}'; allowed: {', '.join(COSTS)}")
    frame = config_cards(config)
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
    plain = verify_base if verify_base is not None else base if cards is None else None  # the cards as they are
    capped = None if plain is None else arms_cap_sentence(
        {"of the games with the cards as they are": capped_share(plain)}, config.model_dump())
    return Suggestion(pd.DataFrame(rows, columns=cols), pd.concat(searched, ignore_index=True) if searched else pd.DataFrame(),
                      flagged, (metric, goal), tolerance, games, facts, estimated_cards(config), capped)


def suggest_on_curve(cards, games: int, config, workers: int, tolerance: float, max_change: int, fdr: float,
                     on_games=None) -> Suggestion:
    """The "curve" target (see the module docstring)."""
    w = worth(None, games, config=config, tolerance=tolerance, fdr=fdr, workers=workers, on_games=on_games)
    table = w.table
    if cards is None:
        names = list(w.verdicts()["name"])
    else:
        frame = config_cards(config)
        names = [card_row(frame, c)["name"] for c in ([cards] if isinstance(cards, (str, int)) else cards)]
        for n in names:
            if n not in set(table["name"]) or not isinstance(table.loc[table["name"] == n, "currency"].iloc[0], str):
                raise ValueError(f"'{n}' is not a reserve card with a cost: it has no place on the power–cost curve")
    # verification on new games (the choice's selection bias stays out): every card as it is in
    # one set of arms, then each suggested change in its own game
    before = measure(config, names, games, games, workers=workers, on_games=on_games)[0]
    rows = []
    for name in names:
        r = table.loc[table["name"] == name].iloc[0]
        field, current = f"{r['currency']}_cost", int(r["price"])
        suggested = current if np.isnan(r["implied_cost"]) else \
            int(np.clip(round(r["implied_cost"]), max(1, current - max_change), current + max_change))
        checked = {"before": (current, before.loc[before["name"] == name].iloc[0])}
        if suggested != current:
            after = config.with_changes(overrides={**config.overrides, f"{name}.{field}": suggested})
            checked["after"] = (suggested, measure(after, [name], games, games, workers=workers,
                                                   on_games=on_games)[0].iloc[0])
        checked.setdefault("after", checked["before"])
        row = {"card": name, "id": int(r["id"]), "field": field, "current": current, "suggested": suggested,
               "change": suggested - current, "verdict": r["verdict"],
               **{f"implied_cost{s}": r[f"implied_cost{s}"] for s in ("", "_lo", "_hi")}}
        for k, (cost, m) in checked.items():
            c = w.curve.residual(table, name, cost, m["worth"], m["worth_se"], tolerance)
            h = z_value(0.95) * c["residual_se"]
            row.update({f"worth_{k}": m["worth"], f"residual_{k}": c["residual"], f"residual_{k}_lo": c["residual"] - h,
                        f"residual_{k}_hi": c["residual"] + h, f"p_{k}": c["p"]})
        row["meets"] = bool(abs(row["residual_after"]) <= tolerance * w.curve.point)
        row["fair_after"] = bool(not row["p_after"] <= fdr)
        row["toward_target"] = bool(abs(row["residual_after"]) < abs(row["residual_before"]))
        row["games_search"] = int(games * len(w.shares))
        row["games_verify"] = int(games * (2 if suggested == current else 4))
        rows.append(row)
    facts = [("target", f"the power–cost curve ± {tolerance:g} cost point{'s' if tolerance != 1 else ''} "
                        f"({tolerance * w.curve.point:.3f} of worth)"),
             ("cards", "named" if cards is not None else f"{len(names)} out of line of {len(table)} (one-sided tests "
              f"of |residual| > {tolerance:g} cost points, Benjamini–Hochberg at {fdr})"),
             *w.facts[:2],
             ("verification", f"games {games}..{2 * games - 1} (new): the card's worth with its cost as it is and "
                              "with the suggestion, each against the curve (fitted without the card) at its cost"),
             w.facts[-1]]
    return Suggestion(pd.DataFrame(rows), pd.DataFrame(), table, (CURVE, 0.0), tolerance, games, facts, w.estimates,
                      w.capped)
