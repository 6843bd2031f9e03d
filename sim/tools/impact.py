"""Card impact: what removing a card from the game (banned from the reserve: copies = 0, same
seeds; an Epic: left out of the pile) does to game length, first-player advantage and Hero
balance; in co-op, to the team's win rate, its margin over Poseidon, the Pillars destroyed and
the game length (a Marina General keeps the copy that guards its Pillar: it leaves the piles).

    imp = sim.impact(games=1000)                   # every reserve card and Epic; or cards=["Athena", ...]
    imp.table     # per card and metric: with the card, without, change (without - with), paired
                  # 95% CI, Benjamini-Hochberg q over the cards, significant
    imp.wide()    # one row per card, the clearest impact first

This is the interventional view beside the card table's observational one: the card table says
how the players who took a card fared (association); impact says how the game changes when the
card is not there at all (cause, for these policies). Removing a card also makes the reserve
smaller (every non-Gold ban shortens the game by about a quarter of a round, whatever the card):
impact measures the game without the card *and* with a smaller reserve. What a card itself is
worth is `sim.worth`, whose arms keep the reserve as it is. Removing a card reshuffles the
reserve, so the paired games diverge from the first reveal; pairing still shares the Heroes,
seats and much of the randomness, and the CIs account for whatever it does not.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import card_row
from analysis.clock import capped_share
from analysis.compare import game_arrays, overall_metrics
from analysis.paired import bh_qvalues, diff
from reports.render import arms_cap_sentence
from sim.games import config_cards, estimated_cards
from sim.tools.arms import base_config, play_arm

# The headline metrics first (the CLI prints 3, the report 4).
IMPACT_METRICS = ("rounds", "first_player_advantage", "hero_imbalance", "tie_rate", "clock_end_share",
                  "player_turns")
COOP_IMPACT_METRICS = ("team_win_rate", "margin", "pillars_destroyed", "rounds", "player_turns")  # against Poseidon


def impact_metrics(config) -> tuple[str, ...]:
    return COOP_IMPACT_METRICS if config.mode == "coop" else IMPACT_METRICS


@dataclass
class Impact:
    table: pd.DataFrame
    games: int
    fdr: float = 0.05
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of the games (said next)

    def wide(self) -> pd.DataFrame:
        """One row per card: each metric's change and CI; the clearest impact (largest |z|) first."""
        t = self.table.copy()
        t["z"] = (t["delta"].abs() / t["se"].where(t["se"] > 0)).fillna(0)
        w = t.pivot(index=["id", "name"], columns="metric", values=["delta", "lo", "hi", "q", "significant"])
        w.columns = [f"{v}_{m}" for v, m in w.columns]
        w = w.join(t.groupby(["id", "name"])["z"].max().rename("max_abs_z")).reset_index()
        return w.sort_values("max_abs_z", ascending=False).reset_index(drop=True)

    def figure(self, metric: str = "rounds", n: int = 30):
        from reports.tuning import comparison_forest_data, draw_comparison_forest
        return draw_comparison_forest(comparison_forest_data(self.table, metric, n), metric, "without − with")

    def report(self, out):
        from reports.tuning import write_impact_report
        return write_impact_report(self, out)

    def __repr__(self):
        return f"Impact({self.table['id'].nunique()} cards, {self.games} games each, " \
               f"{int(self.table['significant'].sum())} changes hold at FDR {self.fdr})"


BANNABLE = ("reserve", "epic")  # a reserve card's copies, or an Epic left out of the pile


def reserve_cards(frame: pd.DataFrame) -> list[str]:
    """The cards dealt into the reserve (not starting decks or Heroes)."""
    return list(frame.loc[(frame["start"] == "reserve") & (frame["copies"] > 0), "name"])


def banned_copies(frame: pd.DataFrame, name: str, config) -> int:
    """The copies a ban leaves: none; in co-op a Marina General keeps the one that guards its
    Pillar (COOP-5), so its ban takes it out of the piles."""
    general = card_row(frame, name)["class"] == "marina_general"
    return 1 if config.mode == "coop" and general else 0


def bannable_cards(frame: pd.DataFrame) -> list[str]:
    """Cards that can be banned: the reserve's and the Epics of the pile."""
    return list(frame.loc[frame["start"].isin(BANNABLE) & (frame["copies"] > 0), "name"])


def impact(cards=None, games: int = 1000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
           boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1,
           fdr: float = 0.05, confidence: float = 0.95, rules: dict | None = None, config=None) -> Impact:
    """Play the card set once, then once per card with that card banned (copies = 0), all on the
    same seeds and game indices; return the paired changes (without - with) per card. The game
    options, or `config` (a sim.config.GameConfig), set up every arm."""
    config = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                         cardset=cardset, overrides=overrides, rules=rules)
    frame = config_cards(config)
    names = bannable_cards(frame) if cards is None else [card_row(frame, c)["name"] for c in cards]
    for n in names:
        if card_row(frame, n)["start"] not in BANNABLE:
            raise ValueError(f"'{n}' is not a reserve card or an Epic; only those can be banned")
    none = np.array([], dtype=np.int64)
    played = play_arm(config, games, 0, workers)
    base = overall_metrics(game_arrays(played, card_ids=none))
    rows = []
    for name in names:
        banned = config.with_changes(overrides={**config.overrides, f"{name}.copies": banned_copies(frame, name, config)})
        arm = overall_metrics(game_arrays(play_arm(banned, games, 0, workers), card_ids=none))
        cid = int(card_row(frame, name)["id"])
        for m in impact_metrics(config):
            d = diff(base[m], arm[m], True, confidence)
            rows.append(dict(id=cid, name=name, metric=m, with_card=float(d.a), without=float(d.b),
                             delta=float(d.delta), lo=float(d.lo), hi=float(d.hi), se=float(d.se),
                             se_unpaired=float(d.se_unpaired), p=float(d.p)))
    t = pd.DataFrame(rows)
    t["q"] = np.nan
    for m, idx in t.groupby("metric").groups.items():
        t.loc[idx, "q"] = bh_qvalues(t.loc[idx, "p"].to_numpy())
    t["significant"] = t["q"] <= fdr
    return Impact(t, games, fdr, estimated_cards(config),
                  arms_cap_sentence({"of the games with every card": capped_share(played)}, config.model_dump()))
