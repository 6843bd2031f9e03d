"""The power–cost curve: card worth (sim.tools.worth) against price, and each card's verdict."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.paired import bh_qvalues
from analysis.stats import z_value


def paired_mean(d: np.ndarray, copies: int, name: str, confidence: float = 0.95) -> dict:
    """The mean of per-game paired differences, per copy, with its standard error and CI (kept in
    the metric's range [-1, 1] / copies)."""
    d = np.asarray(d, dtype=float) / copies
    m = float(d.mean())
    se = float(d.std(ddof=1) / math.sqrt(len(d))) if len(d) > 1 else math.nan
    h = z_value(confidence) * se
    bound = 1.0 / copies
    return {name: m, f"{name}_se": se, f"{name}_lo": max(m - h, -bound), f"{name}_hi": min(m + h, bound)}


def card_prices(frame: pd.DataFrame) -> pd.DataFrame:
    """The reserve cards' numbers, with the currency and price the curve reads."""
    t = frame.loc[frame["start"] == "reserve", ["id", "name", "rank", "strength_cost", "cosmos_cost", "strength",
                                                "cosmos", "heal", "vp", "copies", "triggers"]].copy()
    t["currency"] = [currency_of(s, c) for s, c in zip(t["strength_cost"], t["cosmos_cost"])]
    t["price"] = np.where(t["currency"] == "strength", t["strength_cost"],
                          np.where(t["currency"] == "cosmos", t["cosmos_cost"], np.nan))
    return t.reset_index(drop=True)


def currency_of(strength_cost, cosmos_cost) -> str | None:
    """A card's price is in Strength when it has a Strength cost, else in Cosmos; None: no price
    (it cannot be bought: the Pope, Gigas)."""
    return "strength" if strength_cost > 0 else "cosmos" if cosmos_cost > 0 else None


MIN_CARDS = 3  # cards of a currency (besides the one judged) to fit its line


@dataclass
class Line:
    """worth = intercept + slope * price for the cards of one currency, by least squares; a
    constant (slope 0, `sloped` False) when fewer than 3 distinct prices leave no slope to fit."""
    currency: str
    coef: np.ndarray    # (intercept, slope)
    cov: np.ndarray     # their covariance: the scatter of the cards around the line, not only noise
    n: int
    sloped: bool

    def at(self, price) -> tuple[np.ndarray, np.ndarray]:
        """The fitted worth at `price` and its standard error."""
        x = np.stack([np.ones_like(np.asarray(price, float)), np.asarray(price, float)], -1)
        return x @ self.coef, np.sqrt(np.einsum("...i,ij,...j->...", x, self.cov, x))


def fit_line(price, worth, currency: str, slope: float | None = None) -> Line:
    """Least squares; with fewer than 3 distinct prices, the line through the cards' mean with the
    given `slope` (another currency's: a cost point is worth the same), or flat if none."""
    price, worth = np.asarray(price, float), np.asarray(worth, float)
    sloped = len(np.unique(price)) >= 3
    x = np.stack([np.ones_like(price), price], 1) if sloped else np.ones((len(price), 1))
    coef, *_ = np.linalg.lstsq(x, worth, rcond=None)
    dof = max(len(price) - x.shape[1], 1)
    s2 = float(np.sum((worth - x @ coef) ** 2) / dof)
    cov = s2 * np.linalg.inv(x.T @ x)
    if not sloped:  # the mean's variance, carried at the mean price
        b = 0.0 if slope is None or np.isnan(slope) else slope
        coef = np.array([coef[0] - b * price.mean(), b])
        cov = cov[0, 0] * np.array([[1.0, 0.0], [0.0, 0.0]])  # the slope is taken as known
    return Line(currency, coef, cov, len(price), sloped)


SLOPE_CURRENCY = "strength"  # the currency with the widest range of costs: its slope prices a cost point


@dataclass
class Curve:
    """The power–cost curve: a line per currency fitted to the priced cards' worth; a currency with
    too few distinct costs for a slope of its own takes the Strength line's slope through its mean."""
    lines: dict

    @property
    def point(self) -> float:
        """What one cost point is worth: the Strength line's slope (NaN if it has none above 0)."""
        line = self.lines.get(SLOPE_CURRENCY)
        return float(line.coef[1]) if line is not None and line.sloped and line.coef[1] > 0 else math.nan

    def describe(self) -> str:
        if not self.lines:
            return (f"none: a line needs {MIN_CARDS + 1} or more measured cards priced in one currency (each judged "
                    f"against the line of the {MIN_CARDS} or more others); name more cards, or none for every "
                    "reserve card")
        parts = [f"{c}: worth = {l.coef[0]:+.3f} {l.coef[1]:+.4f} × cost ({l.n} cards"
                 + ("" if l.sloped else ", too few distinct costs: the Strength slope through their mean") + ")"
                 for c, l in self.lines.items()]
        return "; ".join(parts) + f"; a cost point is worth {self.point:.4f}"

    def line_without(self, table: pd.DataFrame, name: str) -> Line | None:
        """The line of the card's currency fitted to the other cards, so that a card out of line
        does not pull the line to itself (None: no price, or too few other cards)."""
        r = table.loc[table["name"] == name].iloc[0]
        if not isinstance(r["currency"], str):
            return None
        others = table.loc[(table["currency"] == r["currency"]) & (table["name"] != name)].dropna(subset=["worth"])
        if len(others) < MIN_CARDS:
            return None
        return fit_line(others["price"], others["worth"], r["currency"], self.point)

    def residual(self, table: pd.DataFrame, name: str, price: float, worth: float, worth_se: float,
                 tolerance: float) -> dict:
        """A worth measured at `price` against the line without the card: fitted value, residual and
        its standard error, and the one-sided p-value of |residual| > tolerance cost points."""
        line = self.line_without(table, name)
        if line is None:
            return dict(fitted=math.nan, fitted_se=math.nan, residual=math.nan, residual_se=math.nan, p=math.nan)
        f, fse = (float(v) for v in line.at(price))
        res, se = worth - f, math.hypot(worth_se, fse)
        z = (abs(res) - tolerance * self.point) / se if se > 0 else math.nan
        return dict(fitted=f, fitted_se=fse, residual=res, residual_se=se, p=one_sided_p(z))

    def verdicts(self, table: pd.DataFrame, tolerance: float = 1.0, fdr: float = 0.05,
                 confidence: float = 0.95) -> pd.DataFrame:
        """Each card against the line without it: fitted worth, residual with CI, the cost its worth
        implies, a one-sided test of |residual| > tolerance cost points, Benjamini–Hochberg q across
        cards, and the verdict: under-costed (worth more than its cost says), over-costed, fair,
        too few (no line without it), no price."""
        t = table.reset_index(drop=True)
        fits = pd.DataFrame([self.residual(t, r["name"], r["price"], r["worth"], r["worth_se"], tolerance)
                             for _, r in t.iterrows()], index=t.index)
        t = pd.concat([t, fits], axis=1)
        h = z_value(confidence) * t["residual_se"]
        t["residual_lo"], t["residual_hi"] = t["residual"] - h, t["residual"] + h
        for s in ("", "_lo", "_hi"):
            t[f"implied_cost{s}"] = t["price"] + t[f"residual{s}"] / self.point
        t["q"] = bh_qvalues(t["p"].to_numpy())
        out = t["q"] <= fdr
        priced = t["currency"].map(lambda c: isinstance(c, str))
        t["verdict"] = np.select([~priced, t["p"].isna(), out & (t["residual"] > 0), out],
                                 ["no price", "too few", "under-costed", "over-costed"], "fair")
        return t


def fit_curve(table: pd.DataFrame) -> Curve:
    """The line of each currency with at least MIN_CARDS priced cards (the Strength line first:
    the others may take its slope)."""
    priced = table.dropna(subset=["price", "worth"])
    groups = {c: g for c, g in priced.groupby("currency") if len(g) >= MIN_CARDS}
    curve = Curve({})
    for c in sorted(groups, key=lambda c: c != SLOPE_CURRENCY):
        curve.lines[c] = fit_line(groups[c]["price"], groups[c]["worth"], c, curve.point)
    return curve


def one_sided_p(z: float) -> float:
    """P(Z > z) for a standard normal Z (NaN for NaN)."""
    return math.nan if math.isnan(z) else 0.5 * math.erfc(z / math.sqrt(2))


def residual_by_rank(table: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Per rank: the cards' mean residual on the curve with a 95% CI over the cards (is a whole rank
    above or below the line?), and how many of its cards are under- and over-costed."""
    t = table.dropna(subset=["residual"])
    rows = []
    for rank, g in t.groupby("rank", sort=False):
        n = len(g)
        m = float(g["residual"].mean())
        h = z_value(confidence) * float(g["residual"].std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        rows.append({"rank": rank, "cards": n, "mean_residual": m, "mean_residual_lo": m - h, "mean_residual_hi": m + h,
                     "under_costed": int((g["verdict"] == "under-costed").sum()),
                     "over_costed": int((g["verdict"] == "over-costed").sum())})
    return pd.DataFrame(rows, columns=["rank", "cards", "mean_residual", "mean_residual_lo", "mean_residual_hi",
                                       "under_costed", "over_costed"])  # the columns, when no card has a residual
