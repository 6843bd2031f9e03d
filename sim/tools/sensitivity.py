"""Estimate sensitivity: which conclusions hold whatever the estimated Hades cards.

No public list of the Hades cards exists, so the Hades box is played on an estimate built by a
method (docs/hades.md); the method with another seed builds another estimate, equally valid. Here
the same games (same seeds, same game indices) are played on the method's own estimate and on the
estimates of other seeds, and each conclusion is compared:

    sens = sim.sensitivity(seeds=(2, 3), games=2000, boxes=("base", "asgard", "poseidon", "hades"))
    sens.conclusions   # per game-level metric: its value and 95% CI on each estimate, the largest
                       # change from the method's own (of a length or an amount, also as a share
                       # of its value: relative_change), and "holds" or "moves"
    sens.changes       # per metric and other estimate: the paired change, its CI, p and q
    sens.cards         # per card: its verdict on each estimate (sim.tools.robustness), real or estimated
    sens.report(folder)

A metric "moves" when its change on some estimate is significant (Benjamini-Hochberg across every
metric and estimate at `fdr`); otherwise it "holds": that conclusion rests on the rules and the real
cards, not on the estimate. A card verdict is compared the same way as across policies: an
estimated card is a different card on each estimate (same number, other numbers and text).
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.clock import capped_share
from analysis.compare import game_arrays, overall_metrics, seat_edge
from analysis.paired import bh_qvalues, diff, mean
from reports.render import arms_cap_sentence
from sim.games import estimated_cards
from sim.runs.counters import HADES_END
from sim.tools.arms import base_config, play_arm
from sim.tools.robustness import Robustness, robustness_of

METHOD = "method"  # the label of the method's own estimate (cardsets/hades-estimated.toml)
METRICS = {  # per mode, the game-level conclusions compared
    "classic": ("rounds", "clock_end_share", "first_player_advantage", "tie_rate", "hero_imbalance"),
    "duel": ("rounds", "seat_edge", "tie_rate"),
}
HADES_METRICS = ("souls", "void_vp", "shackle_vp", "senses")  # each player's Underworld at the end
RELATIVE = ("rounds", *HADES_METRICS)  # the changes also given as a share of the method's value
WORDS = {"rounds": "game length (rounds)", "clock_end_share": "games ended by the Clock",
         "first_player_advantage": "first player's win share − the fair share", "tie_rate": "games with a tie for first",
         "seat_edge": "the Renegades' win share − the Gold Saints'",
         "hero_imbalance": "Hero imbalance (largest win-share gap)", "souls": "Souls left per player",
         "void_vp": "VP of the Void per player", "shackle_vp": "VP of the Shackle pile per player",
         "senses": "Senses held per player"}


def label(seed: int) -> str:
    return f"seed {seed}"


@dataclass
class Sensitivity:
    conclusions: pd.DataFrame
    changes: pd.DataFrame
    cards: Robustness
    estimates: dict            # label -> (card file, its hash)
    games: int
    fdr: float = 0.05
    runs: dict = field(default_factory=dict, repr=False)  # label -> PlayResult
    config: object = None

    @property
    def capped(self) -> str | None:
        """What the round cap did, when it stopped more than 1% of an estimate's games (said first)."""
        shares = {"on the method's own estimate" if lab == METHOD else f"on the estimate of {lab}": capped_share(r)
                  for lab, r in self.runs.items()}
        return arms_cap_sentence(shares, self.config.model_dump() if self.config is not None else None)

    def card_summary(self) -> pd.DataFrame:
        """How many real and estimated cards keep their verdict on every estimate."""
        t = self.cards.table
        kind = np.where(t["estimated"], "estimated", "real")
        return (pd.crosstab(pd.Series(kind, name="cards"), t["robustness"])
                .reindex(columns=["consistent", "differs", "flips"], fill_value=0).reset_index())

    def figure(self):
        from reports.sensitivity import draw_sensitivity
        return draw_sensitivity(self)

    def report(self, out):
        from reports.sensitivity import write_sensitivity_report
        return write_sensitivity_report(self, out)

    def __repr__(self):
        verdicts = self.conclusions.set_index("metric")["verdict"].to_dict()
        return f"Sensitivity({', '.join(self.estimates)}; {self.games} games each: {verdicts})"


def metric_ests(result, mode: str) -> dict:
    """The compared metrics of one estimate's games, as estimates with per-game influence."""
    x = game_arrays(result, card_ids=np.array([], np.int64))
    om = {**overall_metrics(x), "seat_edge": seat_edge(x)}
    ests = {m: om[m] for m in METRICS[mode]}
    players = result.players
    if HADES_END[0] in players:
        games = np.sort(result.games["game"].to_numpy(np.int64))
        per_game = players.groupby("game", observed=True)[list(HADES_METRICS)].mean().reindex(games)
        ests.update({m: mean(per_game[m].to_numpy(float), (0.0, np.inf) if m != "shackle_vp" else
                             (-np.inf, np.inf)) for m in HADES_METRICS})
    return ests


def compare_estimates(runs: dict, mode: str, fdr: float = 0.05) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(conclusions, changes) of runs keyed by estimate label, the method's own first; every run
    played on the same game indices."""
    ests = {lab: metric_ests(res, mode) for lab, res in runs.items()}
    ref = ests[METHOD]
    changes = []
    for lab, e in ests.items():
        if lab == METHOD:
            continue
        for m in ref:
            d = diff(ref[m], e[m])
            changes.append({"metric": m, "estimate": lab, "delta": float(d.delta), "lo": float(d.lo),
                            "hi": float(d.hi), "p": float(d.p)})
    changes = pd.DataFrame(changes)
    changes["q"] = bh_qvalues(changes["p"].to_numpy())
    changes["significant"] = changes["q"] <= fdr
    rows = []
    for m in ref:
        row = {"metric": m, "meaning": WORDS[m]}
        for lab, e in ests.items():
            lo, hi = e[m].ci()
            row[lab], row[f"{lab}_lo"], row[f"{lab}_hi"] = float(e[m].value), float(lo), float(hi)
        c = changes.loc[changes["metric"] == m]
        big = c.loc[c["delta"].abs().idxmax()]
        relative = big["delta"] / row[METHOD] if m in RELATIVE and row[METHOD] > 0 else np.nan
        row.update({"largest_change": big["delta"], "largest_change_lo": big["lo"], "largest_change_hi": big["hi"],
                    "on": big["estimate"], "relative_change": relative,
                    "verdict": "moves" if c["significant"].any() else "holds"})
        rows.append(row)
    return pd.DataFrame(rows), changes


def sensitivity(seeds=(2, 3), games: int = 2000, players: int = 2, seed: int = 0,
                boxes=("base", "asgard", "poseidon", "hades"), mode: str = "classic", rules: dict | None = None,
                workers: int = 1, fdr: float = 0.05, config=None, estimates_dir=None) -> Sensitivity:
    """Play `games` games (same seeds) on the method's own Hades estimate and on the estimate of
    each seed in `seeds`, and compare the conclusions. The game options, or `config` (a
    sim.config.GameConfig with the Hades box, without a card file of its own), set up every arm.
    estimates_dir: where the seeds' estimate files are written (default: a temporary folder)."""
    config = base_config(config, players=players, seed=seed, boxes=boxes, rules=rules, mode=mode)
    seeds = [int(s) for s in seeds]
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError(f"give one or more different estimate seeds, not {seeds}")
    if config.mode not in METRICS:
        raise ValueError(f"the estimate sensitivity compares the classic game and the Duel, not mode '{config.mode}'")
    if "hades" not in config.boxes and config.mode != "duel":
        raise ValueError("the estimate sensitivity needs the Hades box (--boxes ...,hades): "
                         "without it no estimated Hades card is played")
    if config.cardset is not None:
        raise ValueError("the estimate sensitivity replaces the Hades cards by each estimate: "
                         "a card file of your own (--cardset) is played with `seiya simulate` instead")
    from sim.cards.hades_estimates import CLASSIC_FILE, estimate_hash, write_estimate
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(estimates_dir) if estimates_dir is not None else Path(tmp)
        files = {METHOD: CLASSIC_FILE, **{label(s): write_estimate(s, folder / f"seed-{s}") for s in seeds}}
        estimates = {lab: (path, estimate_hash(path)) for lab, path in files.items()}
        arms = {lab: config.with_changes(cardset=None if lab == METHOD else str(path)) for lab, path in files.items()}
        runs = {lab: play_arm(arm, games, 0, workers) for lab, arm in arms.items()}
        used = estimated_cards(*arms.values())
    conclusions, changes = compare_estimates(runs, config.mode, fdr)
    cards = robustness_of(runs, fdr)
    cards.estimates = used
    played = runs[METHOD].cards.set_index("id")
    played = played.loc[played["copies"] > 0] if "copies" in played else played  # not the cards a mode leaves out
    t = cards.table.loc[cards.table["id"].isin(played.index)].reset_index(drop=True)
    t.insert(2, "estimated", played["estimate"].astype(bool).reindex(t["id"]).to_numpy(bool))
    cards.table = t
    return Sensitivity(conclusions, changes, cards, estimates, games, fdr, runs, config)
