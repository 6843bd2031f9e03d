"""A round robin between policies on paired seeds, and their Bradley-Terry ratings.

    lad = sim.ladder(("value", "greedy", "clock", "random"), games=2000)
    lad.ratings     # per policy: Elo-like rating (value = 1500) with a 95% bootstrap CI, games, win share
    lad.pairings    # per pairing: A's win share over B with a paired 95% CI, and by seating
    lad.report(out) # ladder.csv, pairings.csv, ladder.md
    lad.save()      # sim/ratings.json, which run reports read to rate their policies

Every pairing plays the same game seeds, each twice with the seats swapped (sim/tools/duel.py);
the statistics are in analysis/ratings.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import pandas as pd

from analysis.ratings import ladder_ratings, pairing_table
from reports.render import arms_cap_sentence
from sim.policy_catalog import Policy, policy_by_name
from sim.policy_files import RATINGS_FILE, write_json
from sim.tools.arms import base_config, worker_pool
from sim.tools.duel import play_matches

ANCHOR = "value"
PRIOR = 1.0        # virtual drawn games per pairing: keeps a clean sweep's ratings finite
BOOTSTRAP = 1000   # bootstrap replicates for the ratings' CIs


@dataclass
class Ladder:
    ratings: pd.DataFrame
    pairings: pd.DataFrame
    duels: pd.DataFrame = field(repr=False)   # one row per pairing and seed: a, b, game, first, second
    settings: dict = field(default_factory=dict)
    policies: dict = field(default_factory=dict, repr=False)  # name -> Policy, as played
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of the games

    def notes(self) -> list[str]:
        """A line for each pairing one side won in every game: its rating gap is set by the prior."""
        out = []
        for r in self.pairings.loc[self.pairings["win_share"].isin((0.0, 1.0))].itertuples():
            winner, loser = (r.a, r.b) if r.win_share == 1 else (r.b, r.a)
            out.append(f"{winner} won all {r.games} games against {loser}: their rating gap comes from the prior "
                       f"({self.settings['prior']:g} virtual drawn game); the true gap may be larger.")
        return out

    def anchor(self) -> str:
        return f"{ANCHOR} = 1500" if ANCHOR in self.policies else "mean rating 1500"

    def method(self) -> str:
        s = self.settings
        anchor = self.anchor()
        return (f"Bradley-Terry (ties count half), fitted by maximum likelihood (MM) with {s['prior']:g} virtual "
                f"drawn game per pairing; Elo scale (400 log10 of the strength), {anchor}; 95% CIs: percentile "
                f"bootstrap over game seeds ({s['bootstrap']} replicates, the same seeds in every pairing). "
                f"Every seed played twice, seats swapped.")

    def record(self) -> dict:
        """The ratings as `save` writes them (sim.policy_files.SavedRatings)."""
        s = self.settings
        from sim.engine.policies.weights import WEIGHT_NAMES
        return {"date": s["date"], "version": s["version"], "players": s["players"],
                "games_per_pairing": s["games"], "seed": s["seed"], "method": self.method(),
                "ratings": [{"policy": r.policy, "rating": r.rating, "lo": r.lo, "hi": r.hi,
                             "weights": dict(zip(WEIGHT_NAMES, self.policies[r.policy].weights))}
                            for r in self.ratings.itertuples()]}

    def save(self, path=None):
        """Write the ratings where run reports read them (default sim/ratings.json)."""
        return write_json(self.record(), path or RATINGS_FILE)

    def report(self, out):
        """Write ladder.csv, pairings.csv and ladder.md into the folder `out`; return ladder.md's path."""
        from reports.ladder import write_ladder_report
        return write_ladder_report(self, out)

    def __repr__(self):
        best = self.ratings.iloc[0]
        return (f"Ladder({', '.join(self.ratings['policy'])}: {self.settings['players']} players, "
                f"{self.settings['games']} seeds x 2 games per pairing; top {best.policy} {best.rating:.0f})")


def ladder(policies=("value", "greedy", "clock", "random"), games: int = 1000, players: int = 2, seed: int = 0,
           workers: int = 1, heroes=None, boxes=("base",), rules: dict | None = None, config=None,
           on_games=None) -> Ladder:
    """Play every pair of `policies` (names or Policies) on game seeds 0 .. games - 1, each seed
    twice with the seats swapped, and rate them. The other game options, or `config` (a
    sim.config.GameConfig, whose policies are ignored), set up the games; on_games(n) is called
    as games finish (a progress bar)."""
    config = base_config(config, players=players, seed=seed, heroes=heroes, boxes=boxes, rules=rules)
    pols = [p if isinstance(p, Policy) else policy_by_name(p) for p in policies]
    names = [p.name for p in pols]
    if len(pols) < 2 or len(set(names)) != len(names):
        raise ValueError(f"a ladder needs at least two different policies, not {', '.join(names) or 'none'}")
    if games < 2:
        raise ValueError(f"a ladder needs at least 2 game seeds per pairing, not {games}")
    matches = [(a, b) for i, a in enumerate(pols) for b in pols[i + 1:]]
    with worker_pool(workers, config) as pool:
        scores, capped = play_matches(config, matches, games, 0, pool, on_games)
    duels = pd.concat([pd.DataFrame({"a": a.name, "b": b.name, "game": range(games), "first": s[:, 0],
                                     "second": s[:, 1]}) for (a, b), s in zip(matches, scores)], ignore_index=True)
    from sim import __version__
    settings = {"policies": names, "players": config.players, "games": games, "seed": config.seed,
                "prior": PRIOR, "bootstrap": BOOTSTRAP, "date": date.today().isoformat(), "version": __version__}
    return Ladder(ladder_ratings(duels, ANCHOR, PRIOR, BOOTSTRAP, config.seed), pairing_table(duels), duels,
                  settings, {p.name: p for p in pols},
                  arms_cap_sentence({"of the games played": capped}, config.model_dump()))
