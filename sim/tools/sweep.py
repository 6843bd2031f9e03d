"""Cost sweeps: one card's number (a cost, a value, its VP, its copies) set to each of several
values, every value played on the same seeds and game indices.

    sw = sim.sweep("Taurus Aldebaran", "strength_cost", range(4, 11), games=2000)
    sw.table    # per card and value: acquisition rate, buyers' win-share difference, game length,
                # first-player advantage and Hero imbalance, each with a 95% CI, and delta_* columns:
                # the paired change from the card's current value (same seeds: narrow CIs); and
                # capped_share, the share of games the round cap stopped
    sw.capped   # what the round cap did, when it stopped more than 1% of some value's games
    sw.best     # per card: the value closest to the target (default: residual = 0)
    sw.figure("Taurus Aldebaran")

The default target is the power–cost curve (sim.tools.worth): at each value the card's causal
worth (a copy given vs none, same games) is measured, and `residual` is that worth minus the
curve at the card's cost (the curve fitted once, to every card's worth, without this card), so
"residual=0" names the value at which the card is worth what its cost says. The buyers'
win-share difference (`win_share_diff`: win share of the player-games that acquired the card
minus the others') is an association: buyers are often the players who are ahead. A target is
written "METRIC=VALUE" with METRIC a column of the table (e.g. "acquisition_rate=0.5"); a rules
sweep's default is first_player_advantage=0.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import card_row
from analysis.clock import capped_share
from analysis.compare import arm_ests, arm_row, game_arrays, overall_metrics, seat_edge
from analysis.stats import z_value
from analysis.worth import paired_mean
from reports.render import arms_cap_sentence
from sim.cards.cardsets import NUMERIC_FIELDS
from sim.games import config_cards, estimated_cards
from sim.tools.arms import base_config, concat_results, play_arm
from sim.tools.precision import until_precise
from sim.tools.worth import NOT_IN_COOP, measure, worth

SWEEP_METRICS = ("residual", "worth", "acquisition_rate", "win_share_diff", "acquired_share", "rounds",
                 "first_player_advantage", "hero_imbalance",
                 "seat_edge",  # the Duel: the Renegades' win share minus the Gold Saints'
                 "win_rate",  # solo, against Hilda
                 "team_win_rate", "margin", "pillars_destroyed")  # co-op, against Poseidon
CURVE_METRICS = ("residual", "worth")
DEFAULT_TARGET = "residual=0"
RULE_TARGET = "first_player_advantage=0"
SOLO_TARGET = "win_rate=0.5"  # a rules sweep of the solo mode: the player's win rate against Hilda
COOP_TARGET = "team_win_rate=0.5"  # of the co-op mode: the team's against Poseidon
DUEL_TARGET = "seat_edge=0"  # of the Duel: the Renegades' win share minus the Gold Saints'
RULE_METRICS = {"classic": ("rounds", "first_player_advantage", "hero_imbalance"),
                "solo": ("rounds", "first_player_advantage", "hero_imbalance", "win_rate"),
                "coop": ("rounds", "team_win_rate", "margin", "pillars_destroyed"),
                "duel": ("rounds", "seat_edge")}
CARD_METRICS = CURVE_METRICS + ("acquisition_rate", "win_share_diff", "acquired_share", "rounds",
                                "first_player_advantage", "hero_imbalance")  # what a card sweep measures


def measured_target(target: str, measured, what: str) -> tuple[str, float]:
    """parse_target, refused (before any game) when the sweep does not measure its metric."""
    metric, goal = parse_target(target)
    if metric not in measured:
        raise ValueError(f"bad target '{target}': {what} measures {', '.join(measured)}")
    return metric, goal


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


def parse_rule_values(param, values) -> list:
    """A rules parameter's values to sweep: numbers as `parse_values` reads them, or for a named
    choice a comma-separated list of its names (or file paths, where the parameter takes one)."""
    if param.type is not str:
        return parse_values(values) if isinstance(values, str) else [int(v) for v in values]
    names = [v.strip() for v in values.split(",")] if isinstance(values, str) else [str(v) for v in values]
    names = [v for v in names if v]
    if not names:
        raise ValueError(f"bad values '{values}': list the values of {param.name} to play, e.g. "
                         f"{','.join(param.choices)}")
    return names


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


@dataclass
class Sweep:
    """A sweep's table (one row per card and value), its targets and best values."""
    table: pd.DataFrame
    field: str
    target: tuple
    precision: list = field(default_factory=list)
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did to the values that it stopped often (said first too)

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
            numeric = pd.api.types.is_numeric_dtype(t["value"])  # else a rules parameter's named choices
            as_value = int if numeric else str
            rows.append({"card": card, "field": self.field,
                         "current": as_value(current.iloc[0]) if len(current) else None,
                         "target": f"{metric}={goal:g}", "best_value": as_value(r["value"]), metric: r[metric],
                         f"{metric}_lo": r[f"{metric}_lo"], f"{metric}_hi": r[f"{metric}_hi"],
                         "covers_target": bool(r[f"{metric}_lo"] <= goal <= r[f"{metric}_hi"]),
                         "at_edge": numeric and r["value"] in (t["value"].min(), t["value"].max())})
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
          workers: int = 1, target: str | None = None, precision: float | None = None,
          precision_metrics=("win_share_diff",), max_games: int | None = None, rules: dict | None = None,
          config=None) -> Sweep:
    """Play each card (one at a time) with `field` set to each value, on the same seeds.

    cards: a name or number, or a list of them; values: a list of integers or a text like
    '4..10'; overrides: extra numbers applied to every arm. precision: per arm, keep adding
    games (to every value alike, so all arms keep the same games) until the CI half-width of
    `precision_metrics` (columns of the table) is at most this at every value, or max_games.
    The card's current value is always played too: each row's `delta_*` columns are the paired
    change from it (same seeds), with CIs. cards=None with `field` a rules parameter (see `seiya
    rules`) sweeps that parameter instead. The game options, or `config` (a sim.config.GameConfig),
    set up every arm. The worth and residual columns are measured on games 0..games-1 (precision
    adds games to the other metrics only)."""
    base = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                       cardset=cardset, overrides=overrides, rules=rules)
    if cards is None:
        if target is not None and parse_target(target)[0] in CURVE_METRICS:
            raise ValueError(f"bad target '{target}': a rules sweep has no card worth; use e.g. {RULE_TARGET}")
        return sweep_rule(field, values, base, games, workers, target, precision, precision_metrics,
                          max_games)
    if base.mode == "coop":
        raise ValueError(NOT_IN_COOP)
    target = target or DEFAULT_TARGET
    if field not in NUMERIC_FIELDS:
        from sim.spelling import did_you_mean
        raise ValueError(f"unknown field '{field}'{did_you_mean(field, NUMERIC_FIELDS)}; allowed: {', '.join(NUMERIC_FIELDS)}")
    values = parse_values(values) if isinstance(values, str) else [int(v) for v in values]
    target = measured_target(target, CARD_METRICS, "a card sweep")
    cards = [cards] if isinstance(cards, (str, int)) else list(cards)
    frame = config_cards(base)
    rows, precisions, capped = [], [], {}
    curve = worth(None, games, config=base, workers=workers)  # one curve for every card and value
    for key in cards:
        card = card_row(frame, key)
        cid, current = int(card["id"]), int(card[field])
        arm_values = values if current in values else sorted(values + [current])
        parts = {v: [] for v in arm_values}

        def step(first, n, card=card, parts=parts):
            for v in parts:
                arm = base.with_changes(overrides={**base.overrides, f"{card['name']}.{field}": v})
                parts[v].append(play_arm(arm, n, first, workers))
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
        on_curve = curve_columns(curve, card, field, arm_values, base, games, workers)
        for v in arm_values:
            row = {"card": card["name"], "id": cid, "field": field, "value": v, "current": v == current,
                   **arm_row(ests[v], ests[current]), **on_curve[v], "capped_share": capped_share(results[v])}
            rows.append(row)
            capped[f"at {card['name']} {field} = {v}{' (current)' if v == current else ''}"] = row["capped_share"]
        if prec is not None:
            precisions.append((card["name"], prec))
    return Sweep(pd.DataFrame(rows), field, target, precisions, estimated_cards(base),
                 arms_cap_sentence(capped, base.model_dump()))


def curve_columns(w, card, field: str, values, base, games: int, workers: int) -> dict:
    """Per value: the card's worth (gift vs none in the game with that value) and its residual on
    the curve of `w` (a sim.tools.worth.Worth) at its price then, with 95% CIs, and their paired
    change from the current value."""
    name, current = card["name"], int(card[field])
    row = w.table.loc[w.table["name"] == name].iloc[0]
    own_cost = isinstance(row["currency"], str) and field == f"{row['currency']}_cost"
    per_game = {}
    for v in values:
        shares = measure(base.with_changes(overrides={**base.overrides, f"{name}.{field}": v}), [name], games, 0,
                         workers=workers)[1]
        per_game[v] = shares[name, "gift"] - shares["none"]
    out = {}
    for v in values:
        wv = paired_mean(per_game[v], 1, "worth")
        r = w.curve.residual(w.table, name, v if own_cost else row["price"], wv["worth"], wv["worth_se"], w.tolerance)
        h = z_value(0.95) * r["residual_se"]
        d = paired_mean(per_game[v] - per_game[current], 1, "delta_worth")
        shift = r["fitted"] - row["fitted"]  # the curve's own change with the price
        out[v] = {**wv, "residual": r["residual"], "residual_lo": r["residual"] - h, "residual_hi": r["residual"] + h,
                  **d, **{f"delta_residual{s}": d[f"delta_worth{s}"] - shift for s in ("", "_lo", "_hi")}}
    return out


def sweep_rule(name: str, values, base, games: int = 1000, workers: int = 1, target: str | None = None,
               precision: float | None = None, precision_metrics=("rounds",), max_games: int | None = None) -> Sweep:
    """Play the rules parameter `name` at each value (its value in `base` too), on the same seeds;
    the table has the overall metrics of each value (`card` is "rule"). The default target is the
    mode's balance: first_player_advantage=0, the solo player's or the co-op team's win rate 0.5,
    the Duel's seat_edge=0."""
    from sim.engine.params import BY_NAME
    if name not in BY_NAME:
        from sim.spelling import did_you_mean
        raise ValueError(f"unknown rules parameter '{name}'{did_you_mean(name, BY_NAME)}; allowed: {', '.join(BY_NAME)}")
    values = parse_rule_values(BY_NAME[name], values)
    target = target or {"solo": SOLO_TARGET, "coop": COOP_TARGET, "duel": DUEL_TARGET}.get(base.mode, RULE_TARGET)
    target = measured_target(target, RULE_METRICS[base.mode], f"a rules sweep in {base.mode} mode")
    current = base.rules[name]
    arm_values = values if current in values else (values + [current] if BY_NAME[name].type is str
                                                   else sorted(values + [current]))
    parts = {v: [] for v in arm_values}

    def step(first, n):
        for v in parts:
            parts[v].append(play_arm(base.with_changes(rules={**base.rules, name: v}), n, first, workers))
        return {v: concat_results(p) for v, p in parts.items()}

    none = np.array([], np.int64)

    def ests_of(res):
        x = game_arrays(res, card_ids=none)
        om = {**overall_metrics(x), "seat_edge": seat_edge(x)}
        return {m: om[m] for m in RULE_METRICS[base.mode]}

    def widths(results):
        rows = [arm_row(ests_of(res)) for res in results.values()]
        return {m: max((r[f"{m}_hi"] - r[f"{m}_lo"]) / 2 for r in rows) for m in precision_metrics}

    results, prec = until_precise(step, widths, games, precision, max_games)
    ests = {v: ests_of(res) for v, res in results.items()}
    card_columns = {f"{p}{m}{q}": np.nan for m in ("worth", "residual", "acquisition_rate", "win_share_diff",
                                                   "acquired_share")
                    for p in ("", "delta_") for q in ("", "_lo", "_hi")}
    rows = [{"card": "rule", "id": -1, "field": name, "value": v, "current": v == current, **card_columns,
             **arm_row(ests[v], ests[current]), "capped_share": capped_share(results[v])} for v in arm_values]
    capped = {f"at {name} = {r['value']}{' (current)' if r['current'] else ''}": r["capped_share"] for r in rows}
    return Sweep(pd.DataFrame(rows), name, target, [("rule " + name, prec)] if prec else [],
                 estimated_cards(*(base.with_changes(rules={**base.rules, name: v}) for v in arm_values)),
                 arms_cap_sentence(capped, base.model_dump(), swept=name))
