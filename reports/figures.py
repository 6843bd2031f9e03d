"""The report's figures, each in two steps: a dataset (a small DataFrame from the analysis
tables, easy to test and to reuse) and a drawing (that DataFrame -> a matplotlib Figure).

Figures are built with `matplotlib.figure.Figure` (no pyplot), so nothing depends on a global
backend or figure registry: they save as PNG through Agg and display inline in Jupyter.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

import analysis
from analysis._data import as_run, run_estimates
from sim.cards.hades_estimates import estimate_flags

BLUE, GREY, RED = "#1f77b4", "#888888", "#d62728"


def stamp(fig, estimates):
    """The estimated Hades files' flags, written in the bottom left corner of a figure drawn from games
    that used them (clear of its title and axis labels); the figure."""
    flags = estimate_flags(estimates or ())
    if flags:
        fig.text(0.003, 0.003, " · ".join(flags), ha="left", va="bottom", fontsize=7, color="#a00000")
    return fig


# --- Datasets ---------------------------------------------------------------------------------
def forest_data(card_table: pd.DataFrame) -> pd.DataFrame:
    """Cards with a defined difference (acquired by some but not all player-games), sorted by it."""
    t = card_table.dropna(subset=["win_share_diff", "diff_lo", "diff_hi"])
    return t[["name", "win_share_diff", "diff_lo", "diff_hi", "acquirers"]] \
        .sort_values("win_share_diff").reset_index(drop=True)


def cost_data(card_table: pd.DataFrame) -> pd.DataFrame:
    """Cards that were offered: acquisition rate against Strength and Cosmos cost."""
    t = card_table.loc[card_table["offered"] > 0]
    return t[["name", "strength_cost", "cosmos_cost", "acquisition_rate", "offered"]].reset_index(drop=True)


# --- Drawings ---------------------------------------------------------------------------------
def draw_forest(data: pd.DataFrame) -> Figure:
    """Forest plot: each card's win-share difference (acquired - not) with its 95% CI."""
    n = len(data)
    fig = Figure(figsize=(8, max(2.5, 0.2 * n + 1.2)), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(n)
    sig = (data["diff_lo"] > 0) | (data["diff_hi"] < 0)
    colors = np.where(sig, np.where(data["win_share_diff"] > 0, BLUE, RED), GREY)
    ax.hlines(y, data["diff_lo"], data["diff_hi"], colors=colors, lw=1.5)
    ax.scatter(data["win_share_diff"], y, c=colors, s=14, zorder=3)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(y, data["name"], fontsize=7)
    ax.set_ylim(-1, n)
    ax.set_xlabel("win share if acquired − win share if not (95% Newcombe CI)")
    ax.set_title("Card win-share difference (coloured: CI excludes 0)")
    return fig


NAMED_OUTLIERS = 4  # per panel: the cards farthest from the mean of their cost, named


def draw_acquisition_vs_cost(data: pd.DataFrame) -> Figure:
    """Acquisition rate when offered against cost, one panel per currency (cards without that cost
    are left out of its panel); in each, the NAMED_OUTLIERS cards farthest from the mean rate of
    their cost are named."""
    fig = Figure(figsize=(9, 4), layout="constrained")
    for i, (col, label) in enumerate([("strength_cost", "Strength cost"), ("cosmos_cost", "Cosmos cost")]):
        ax = fig.add_subplot(1, 2, i + 1)
        d = data.loc[data[col] > 0]
        ax.scatter(d[col], d["acquisition_rate"], s=18, alpha=0.7, color=BLUE)
        if len(d):
            mean = d.groupby(col)["acquisition_rate"].mean()
            ax.plot(mean.index, mean.values, color=RED, lw=1, label="mean by cost")
            ax.legend(fontsize=8)
            off = (d["acquisition_rate"] - d[col].map(mean)).abs()
            for _, r in d.loc[off.nlargest(NAMED_OUTLIERS).index].iterrows():
                last = r[col] == d[col].max()  # named on its left, inside the panel
                ax.annotate(r["name"], (r[col], r["acquisition_rate"]), fontsize=7, xytext=(-4 if last else 4, 2),
                            textcoords="offset points", ha="right" if last else "left")
        ax.set_xlabel(label)
        ax.set_ylabel("acquisition rate when offered")
        ax.set_ylim(-0.02, 1.02)
    fig.suptitle("Acquisition rate vs cost (one dot per card; named: the farthest from their cost's mean)")
    return fig


def draw_game_length(data: pd.DataFrame) -> Figure:
    """Histogram of game length in rounds (from `analysis.length_distribution`)."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.add_subplot()
    ax.bar(data["rounds"], data["games"], width=0.85, color=BLUE)
    ax.set_xlabel("game length (rounds)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return fig


MIN_RUNNING = 0.05  # the share of a run's games a round needs still running to be drawn


def draw_flames_by_round(data: pd.DataFrame) -> Figure:
    """Mean flames left after each round, with the p10-p90 band (from `analysis.flames_by_round`),
    over the rounds that at least MIN_RUNNING of the games reach: past them the mean is that of a
    handful of long games, not of the run."""
    data = data[data["games"] >= MIN_RUNNING * data["games"].max()]
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.add_subplot()
    ax.fill_between(data["round"], data["p10"], data["p90"], color=BLUE, alpha=0.2, label="p10–p90")
    ax.plot(data["round"], data["mean_flames_left"], color=BLUE, label="mean")
    ax.set_xlabel("round")
    ax.set_ylabel("flames left on the Clock")
    ax.set_ylim(bottom=0)
    ax.legend()
    ax.set_title(f"Flames left by round (games still running; rounds that {MIN_RUNNING:.0%} of games reach)")
    return fig


def draw_win_share_bars(data: pd.DataFrame, by: str) -> Figure:
    """Win share by Hero or seat with Wilson 95% CIs and the fair share 1/players as a line."""
    fig = Figure(figsize=(6, 3.6), layout="constrained")
    ax = fig.add_subplot()
    labels = data[by].astype(str)
    err = np.vstack([data["win_share"] - data["lo"], data["hi"] - data["win_share"]])
    ax.bar(labels, data["win_share"], yerr=err, capsize=4, color=BLUE)
    for fair in data["fair"].unique():
        ax.axhline(fair, color=RED, lw=1, ls="--", label=f"fair share {fair:.3f}")
    ax.legend(fontsize=8)
    ax.set_ylabel("win share")
    ax.set_xlabel(by)
    ax.set_title(f"Win share by {by} (95% Wilson CI)")
    return fig


def draw_margin(data: pd.DataFrame) -> Figure:
    """Solo: games by score margin (player VP − Hilda VP, from `analysis.margin_distribution`),
    wins, ties (losses too, SOLO-5) and losses coloured apart."""
    fig = Figure(figsize=(7, 3.8), layout="constrained")
    ax = fig.add_subplot()
    for outcome, color in (("win", BLUE), ("tie", GREY), ("loss", RED)):
        d = data.loc[data["outcome"] == outcome]
        ax.bar(d["margin"], d["games"], width=0.85, color=color, label=outcome)
    ax.legend(fontsize=8)
    ax.set_xlabel("margin: player VP − Hilda VP (a tie is a loss)")
    ax.set_ylabel("games")
    ax.set_title("Score margin against Hilda")
    return fig


class Figures:
    """The figures of a run as methods returning matplotlib Figures (`run.figures.card_forest()`)."""

    def __init__(self, run):
        self.run = as_run(run)

    def _stamped(self, fig: Figure) -> Figure:
        """A figure of games that used estimated Hades cards carries their flag (HAD-1)."""
        return stamp(fig, run_estimates(self.run))

    def _cards(self):
        if not hasattr(self, "_card_table"):
            self._card_table = analysis.card_table(self.run)
        return self._card_table

    def card_forest(self) -> Figure:
        return self._stamped(draw_forest(forest_data(self._cards())))

    def acquisition_vs_cost(self) -> Figure:
        return self._stamped(draw_acquisition_vs_cost(cost_data(self._cards())))

    def game_length(self) -> Figure:
        return self._stamped(draw_game_length(analysis.length_distribution(self.run)))

    def flames_by_round(self) -> Figure:
        return self._stamped(draw_flames_by_round(analysis.flames_by_round(self.run)))

    def hero_bars(self) -> Figure:
        return self._stamped(draw_win_share_bars(analysis.win_share_by(self.run, "hero"), "hero"))

    def seat_bars(self) -> Figure:
        return self._stamped(draw_win_share_bars(analysis.win_share_by(self.run, "seat"), "seat"))

    def solo_margin(self) -> Figure:
        return self._stamped(draw_margin(analysis.margin_distribution(self.run)))

    NAMES = ("card_forest", "acquisition_vs_cost", "game_length", "flames_by_round", "hero_bars", "seat_bars")
    NEED_EVENTS = ("card_forest", "acquisition_vs_cost", "flames_by_round")  # none without an event log
    SOLO = ("solo_margin",)  # solo runs only
    NOT_SOLO = ("hero_bars", "seat_bars")  # one player: no fair share for a bar to be measured against

    def names(self) -> list[str]:
        """The report figures of this run."""
        if analysis.is_solo(self.run):
            return [n for n in self.NAMES if n not in self.NOT_SOLO] + list(self.SOLO)
        if analysis.is_coop(self.run):  # no Clock; the team wins or loses together
            return [n for n in self.NAMES if n not in self.NOT_SOLO + ("flames_by_round",)]
        return list(self.NAMES)

    def all(self) -> dict:
        """name -> Figure for every report figure."""
        return {name: getattr(self, name)() for name in self.names()}
