"""Causal card worth: what a copy of a card is worth to the player who owns it, measured by giving it.

    w = sim.worth(games=5000)           # every reserve card; or cards=["Aquarius Camus", ...]
    w.table     # per card: worth (change in win share per copy given) with a 95% CI, the text's
                # worth (given vs a text-less twin) when text=True, and the power–cost curve's
                # verdict: fitted worth at the card's price, residual with CI, implied cost
    w.curve     # the fitted power–cost curve (analysis.worth.Curve)
    w.figure()  # worth against price, the curve and the cards out of line named
    w.report("out/")

Every arm plays the same games (seed, game index): the plain game, and for each card the game in
which one seat (game index mod players, so every seat equally often) starts with `copies` extra
copies of it shuffled into its starting deck, copies that come from outside the reserve, so the
reserve, the market and everything the other players can buy stay as they are. The card's worth
is that seat's win share with the gift minus without, per copy, paired game by game: a cause,
not an association (the buyers' win share mixes the card with the players who could afford it).
With text=True each card is also given as a twin with the same numbers and no text: the
difference is what the card's text is worth. The gift's worth does not depend on the card's cost,
which is what lets the power–cost curve say whether the cost is right (analysis.worth).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import card_row
from analysis.worth import Curve, card_prices, fit_curve, paired_mean
from sim.config import GameConfig
from reports.render import arms_cap_sentence
from sim.games import config_cards, estimated_cards, play_outcomes
from sim.tools.arms import base_config, games_done, play_in_chunks, worker_pool
from sim.tools.impact import reserve_cards


@dataclass
class Worth:
    table: pd.DataFrame
    curve: Curve
    games: int
    copies: int
    tolerance: float = 1.0
    facts: list = field(default_factory=list)
    shares: dict = field(default_factory=dict, repr=False)  # arm -> the gift seat's win share per game
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of the games (said next)

    def difference(self, a: str, b: str) -> dict:
        """Card a's worth minus card b's, paired on the same games, with its 95% CI: tells apart two
        cards with the same numbers (their text is the difference)."""
        return paired_mean(self.shares[a, "gift"] - self.shares[b, "gift"], self.copies, "difference")

    def verdicts(self) -> pd.DataFrame:
        """The cards out of line on the power–cost curve, the clearest first."""
        t = self.table.loc[self.table["verdict"].isin(("under-costed", "over-costed"))]
        return t.sort_values("q").reset_index(drop=True)

    def figure(self):
        from reports.worth import draw_power_cost
        return draw_power_cost(self.table, self.curve, self.tolerance)

    def report(self, out):
        from reports.worth import write_worth_report
        return write_worth_report(self, out)

    def __repr__(self):
        v = self.table["verdict"].value_counts()
        return (f"Worth({len(self.table)} cards, {self.games} games each: {v.get('under-costed', 0)} under-costed, "
                f"{v.get('over-costed', 0)} over-costed, {v.get('fair', 0)} fair, {v.get('too few', 0)} too few)")


def gift_shares(config: GameConfig, first_game: int, games: int) -> np.ndarray:
    """Per game (rows): the win share of the seat that receives the gifts (game index mod
    players), and 1 where the round cap ended the game."""
    shares, capped = play_outcomes(games, first_game, config)
    seat = np.arange(first_game, first_game + games) % config.players
    return np.column_stack([shares[np.arange(games), seat], capped])


def play_arms(arms: dict, games: int, first_game: int = 0, workers: int = 1, on_games=None) -> tuple[dict, float]:
    """Each arm's (a GameConfig) gift-seat win shares over the same games, chunked over `workers`
    processes (on_games(n) after each chunk); and the share of all these games that the round cap
    stopped."""
    def counted(n):
        games_done(n)
        if on_games:
            on_games(n)
    with worker_pool(workers, next(iter(arms.values()))) as pool:
        played = play_in_chunks(gift_shares, [(c,) for c in arms.values()], games, first_game, pool, counted)
    return dict(zip(arms, (p[:, 0] for p in played))), float(np.mean([p[:, 1].mean() for p in played]))


def gift_arms(config: GameConfig, names, copies: int, text: bool) -> dict:
    """The arms: "none" (no gift), and per card (name, "gift") and, with text, (name, "gift_blank")."""
    arms = {"none": config}
    for name in names:
        for kind in ("gift", "gift_blank") if text else ("gift",):
            arms[name, kind] = config.with_changes(overrides={**config.overrides, f"{name}.{kind}": copies})
    return arms


def measure(config: GameConfig, names, games: int, first_game: int = 0, copies: int = 1, text: bool = False,
            workers: int = 1, on_games=None) -> tuple[pd.DataFrame, dict, float]:
    """Per card: worth per copy (gift vs none) and, with text, the text's worth (gift vs text-less
    gift), each with its paired 95% CI and standard error; the arms' per-game shares; and the share
    of the games played that the round cap stopped."""
    shares, capped = play_arms(gift_arms(config, names, copies, text), games, first_game, workers, on_games)
    rows = []
    for name in names:
        row = {"name": name, **paired_mean(shares[name, "gift"] - shares["none"], copies, "worth")}
        if text:
            row.update(paired_mean(shares[name, "gift"] - shares[name, "gift_blank"], copies, "text_worth"))
        rows.append(row)
    return pd.DataFrame(rows), shares, capped


NOT_IN_COOP = ("a card's worth is one seat's win share, which the co-op team shares; in co-op use `seiya impact "
               "--mode coop` (each card and Epic left out) or `seiya compare --mode coop --set` (a number changed)")


def worth(cards=None, games: int = 5000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
          boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1, copies: int = 1,
          text: bool = False, tolerance: float = 1.0, fdr: float = 0.05, first_game: int = 0,
          rules: dict | None = None, config=None, on_games=None) -> Worth:
    """Measure every reserve card's worth (or the named cards', the curve then fitted to them) and
    fit the power–cost curve; a card is under- or over-costed when its worth is significantly
    more than `tolerance` cost points away from the curve (Benjamini–Hochberg across cards at
    `fdr`). The game options, or `config` (a sim.config.GameConfig), set up every arm."""
    config = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                         cardset=cardset, overrides=overrides, rules=rules)
    if config.mode == "coop":
        raise ValueError(NOT_IN_COOP)
    if games < 2 or copies < 1 or tolerance < 0:
        raise ValueError("worth needs at least 2 games, at least 1 copy and a tolerance of 0 or more")
    frame = config_cards(config)
    names = reserve_cards(frame) if cards is None else [card_row(frame, c)["name"] for c in
                                                       ([cards] if isinstance(cards, (str, int)) else cards)]
    measured, shares, capped = measure(config, names, games, first_game, copies, text, workers, on_games)
    table = card_prices(frame).merge(measured, on="name")
    curve = fit_curve(table)
    table = curve.verdicts(table, tolerance, fdr)
    facts = [("measure", f"a seat (game index mod {config.players}) starts with {copies} extra "
                         f"cop{'y' if copies == 1 else 'ies'} from outside the reserve vs none; its win share, paired "
                         f"over games {first_game}..{first_game + games - 1}"),
             ("curve", curve.describe()),
             ("verdict", f"worth more than {tolerance:g} cost point{'s' if tolerance != 1 else ''} from the curve, "
                         f"one-sided tests, Benjamini–Hochberg at {fdr}"),
             ("set-up", f"{config.players} players, seed {config.seed}, policies "
                        f"{', '.join(p.name for p in config.policies)}, boxes {', '.join(config.boxes)}"
                        + (f", overrides {config.overrides}" if config.overrides else ""))]
    return Worth(table, curve, games, copies, tolerance, facts, shares, estimated_cards(config),
                 arms_cap_sentence({"of the games played (every arm)": capped}, config.model_dump()))
