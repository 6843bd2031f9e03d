"""Cost sweeps: one card's number (a cost, a value, its VP, its copies) set to each of several
values, every value played on the same seeds and game indices.

    sw = analysis.sweep("Taurus Aldebaran", "strength_cost", range(4, 11), games=2000)
    sw.table    # per card and value: acquisition rate, buyers' win-share difference, game length,
                # first-player advantage and Hero imbalance, each with a 95% CI, and delta_* columns:
                # the paired change from the card's current value (same seeds: narrow CIs)
    sw.best     # per card: the value closest to the target (default: win_share_diff = 0)
    sw.figure("Taurus Aldebaran")

The buyers' win-share difference is the card table's win_share_diff (win share of the
player-games that acquired the card minus the others'). Its target 0 means the card neither
helps nor hurts its buyers on average, the usual aim when tuning a cost. A target is written
"METRIC=VALUE" with METRIC a column of the table (e.g. "acquisition_rate=0.5").
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis.compare import card_metrics, game_arrays, overall_metrics
from analysis.paired import Est, diff

SWEEP_METRICS = ("acquisition_rate", "win_share_diff", "acquired_share", "rounds",
                 "first_player_advantage", "hero_imbalance")
DEFAULT_TARGET = "win_share_diff=0"


def parse_values(text: str) -> list[int]:
    """'4..10' -> 4..10 inclusive; '4..10..2' -> 4, 6, 8, 10; '3,5,8' -> [3, 5, 8]."""
    text = str(text).strip()
    try:
        if ".." in text:
            parts = [int(p) for p in text.split("..")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] < 1) or parts[1] < parts[0]:
                raise ValueError
            return list(range(parts[0], parts[1] + 1, parts[2] if len(parts) == 3 else 1))
        values = [int(p) for p in text.split(",") if p.strip()]
        if not values:
            raise ValueError
        return values
    except ValueError:
        raise ValueError(f"bad values '{text}': use LOW..HIGH (e.g. 4..10), LOW..HIGH..STEP or a list 3,5,8") from None


def parse_target(text: str) -> tuple[str, float]:
    """'win_share_diff=0' -> ("win_share_diff", 0.0)."""
    metric, eq, value = str(text).partition("=")
    metric = metric.strip()
    if not eq or metric not in SWEEP_METRICS:
        raise ValueError(f"bad target '{text}': use METRIC=VALUE with METRIC one of {', '.join(SWEEP_METRICS)}")
    try:
        return metric, float(value)
    except ValueError:
        raise ValueError(f"bad target '{text}': the value must be a number") from None


def arm_ests(result, card_id: int) -> dict[str, Est]:
    """The sweep metrics of one arm for one card, as estimates with per-game influence."""
    x = game_arrays(result, card_ids=np.array([card_id]))
    cm, om = card_metrics(x), overall_metrics(x)
    ests = {m: Est(cm[m].value[0], cm[m].infl[:, 0]) for m in ("acquisition_rate", "win_share_diff",
                                                               "acquired_share")}
    ests.update({m: om[m] for m in ("rounds", "first_player_advantage", "hero_imbalance")})
    return ests


def arm_row(ests: dict[str, Est], reference: dict[str, Est] | None = None) -> dict:
    """Value and 95% CI of each metric; with a reference arm (the card's current value, same
    games), also the paired change `delta_<metric>` and its CI."""
    row = {"games": next(iter(ests.values())).n}
    for m, e in ests.items():
        lo, hi = e.ci()
        row[m], row[f"{m}_lo"], row[f"{m}_hi"] = float(e.value), float(lo), float(hi)
    if reference is not None:
        for m, e in ests.items():
            d = diff(reference[m], e)
            row[f"delta_{m}"], row[f"delta_{m}_lo"], row[f"delta_{m}_hi"] = float(d.delta), float(d.lo), float(d.hi)
    return row


@dataclass
class Sweep:
    """A sweep's table (one row per card and value), its targets and best values."""
    table: pd.DataFrame
    field: str
    target: tuple
    precision: list = field(default_factory=list)

    @property
    def best(self) -> pd.DataFrame:
        """Per card: the swept value whose target metric is closest to the target value, that
        metric there with its CI, whether the CI covers the target, and whether the value is at an
        end of the swept range (then the target may lie beyond it)."""
        metric, goal = self.target
        rows = []
        for card, t in self.table.groupby("card", sort=False):
            t = t.dropna(subset=[metric])
            if not len(t):
                continue
            r = t.loc[(t[metric] - goal).abs().idxmin()]
            current = t.loc[t["current"], "value"]
            rows.append({"card": card, "field": self.field, "current": int(current.iloc[0]) if len(current) else None,
                         "target": f"{metric}={goal:g}", "best_value": int(r["value"]), metric: r[metric],
                         f"{metric}_lo": r[f"{metric}_lo"], f"{metric}_hi": r[f"{metric}_hi"],
                         "covers_target": bool(r[f"{metric}_lo"] <= goal <= r[f"{metric}_hi"]),
                         "at_edge": int(r["value"]) in (int(t["value"].min()), int(t["value"].max()))})
        return pd.DataFrame(rows)

    def figure(self, card: str | None = None):
        """Four panels against the swept value (a matplotlib Figure); the first card by default."""
        from reports.tuning import draw_sweep
        card = card or self.table["card"].iloc[0]
        return draw_sweep(self.table.loc[self.table["card"] == card], card, self.field, self.target)

    def report(self, out):
        from reports.tuning import write_sweep_report
        return write_sweep_report(self, out)

    def __repr__(self):
        return f"Sweep({', '.join(self.table['card'].unique())}: {self.field} over {len(self.table)} arms)"


def sweep(cards, field: str, values, games: int = 1000, players: int = 2, seed: int = 0,
          policies=("<default>",), heroes=None, boxes=("base",), cardset=None, overrides: dict | None = None,
          workers: int = 1, target: str = DEFAULT_TARGET, precision: float | None = None,
          precision_metrics=("win_share_diff",), max_games: int | None = None) -> Sweep:
    """Play each card (one at a time) with `field` set to each value, on the same seeds.

    cards: a name or number, or a list of them; values: a list of integers or a text like
    '4..10'; overrides: extra numbers applied to every arm. precision: per arm, keep adding
    games (to every value alike, so all arms keep the same games) until the CI half-width of
    `precision_metrics` (columns of the table) is at most this at every value, or max_games.
    The card's current value is always played too: each row's `delta_*` columns are the paired
    change from it (same seeds), with CIs."""
    from sim.games import load_cards
    from sim.cards.cardsets import NUMERIC_FIELDS

    from analysis.arms import concat_results, play_arm
    from analysis.precision import until_precise
    if field not in NUMERIC_FIELDS:
        raise ValueError(f"unknown field '{field}'; allowed: {', '.join(NUMERIC_FIELDS)}")
    values = parse_values(values) if isinstance(values, str) else [int(v) for v in values]
    target = parse_target(target)
    cards = [cards] if isinstance(cards, (str, int)) else list(cards)
    frame = load_cards(boxes, cardset, overrides)
    rows, precisions = [], []
    for key in cards:
        card = _card_row(frame, key)
        cid, current = int(card["id"]), int(card[field])
        arm_values = values if current in values else sorted(values + [current])
        parts = {v: [] for v in arm_values}

        def step(first, n, card=card, parts=parts):
            for v in parts:
                over = {**(overrides or {}), f"{card['name']}.{field}": v}
                parts[v].append(play_arm(n, first, workers, players=players, boxes=boxes, seed=seed,
                                         policies=policies, heroes=heroes, cardset=cardset, overrides=over))
            return {v: concat_results(p) for v, p in parts.items()}

        def widths(results, cid=cid):
            out = {}
            for res in results.values():
                r = arm_row(arm_ests(res, cid))
                for m in precision_metrics:
                    out[m] = max(out.get(m, 0.0), (r[f"{m}_hi"] - r[f"{m}_lo"]) / 2)
            return out

        results, prec = until_precise(step, widths, games, precision, max_games)
        ests = {v: arm_ests(res, cid) for v, res in results.items()}
        for v in arm_values:
            row = {"card": card["name"], "id": cid, "field": field, "value": v, "current": v == current,
                   **arm_row(ests[v], ests[current])}
            rows.append(row)
        if prec is not None:
            precisions.append((card["name"], prec))
    return Sweep(pd.DataFrame(rows), field, target, precisions)


def _card_row(frame: pd.DataFrame, key) -> pd.Series:
    k = str(key).strip()
    hit = frame.loc[(frame["name"].str.lower() == k.lower()) | (frame["id"].astype(str) == k)]
    if not len(hit):
        raise ValueError(f"unknown card '{key}'; use a name as in `seiya cards list` or a card number")
    return hit.iloc[0]
