"""Fitting the heuristic's weights by CMA-ES against a panel of policies.

    fit = sim.tune(start="value", panel=("value", "greedy", "clock"), generations=20, games=100)
    fit.policy       # the fitted Policy (named `name`), playable at once: sim.play(..., policies=(fit.policy,))
    fit.validation   # its win share against each panel member on fresh seeds, with 95% CIs
    fit.write(path)  # the policy file (JSON): weights by name and how they were fitted
    fit.save()       # ... into the package (sim/policies/NAME.json): then `--policy NAME` plays it

The objective is a candidate's mean win share against the panel members, each on `games` seeds
played twice with the seats swapped (sim/tools/duel.py). In co-op there is no panel: the candidate
plays every seat, and its objective is the team's mean margin over Poseidon (its VP minus
Poseidon's; the win rate alone is too rare to steer by), validated against the start policy on
fresh seeds (`team_validation`). Every candidate of a generation plays
the same seeds (common random numbers, so candidates are compared on the same deals);
generation g plays game indices g * games .. (g + 1) * games - 1 of the master seed, and the
validation the indices after the last generation's, which the fit never saw.

The optimizer moves the continuous weights (TUNED) in a scaled space, w = start + scale * x with
scale = max(|start weight|, SCALE_FLOOR), so a step of 1 changes each weight by about its own
size; the switches (clock_aware, upgrade, plan) and the search's budget (rollouts, horizon) keep
the start policy's values. The result is the search distribution's mean after the last generation (less flattered by the noise than the best
single candidate). CMA-ES is seeded from the master seed, and every game depends only on its
seed and index, so the same call gives the same weights bit for bit on any number of workers.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.ratings import paired_share
from reports.render import arms_cap_sentence
from sim.engine.policies.weights import WEIGHT_NAMES
from sim.policy_catalog import BUILT_IN, Policy, policy_by_name
from sim.policy_files import NAME, POLICY_DIR, write_json
from sim.tools.arms import base_config, play_in_chunks, worker_pool
from sim.tools.duel import play_matches

TUNED = ("vp", "strength", "cosmos", "heal", "draw", "effect", "flame", "cost", "keep", "pay", "use", "heal_min",
         "harm", "spend")
SCALE_FLOOR = 0.5   # the step scale of a weight that starts at 0 (or near it)
SIGMA0 = 0.3        # CMA-ES's initial step size in the scaled space


@dataclass
class Tuned:
    policy: Policy
    record: dict                    # the policy file's content
    history: pd.DataFrame           # per generation: best and mean candidate objective, step size
    validation: pd.DataFrame        # per panel member (and "panel" overall): win share, lo, hi, games
    capped: str | None = None       # what the round cap did, when it stopped more than 1% of the validation games

    def write(self, path) -> Path:
        """Write the policy file (JSON) to `path`."""
        return write_json(self.record, path)

    def save(self, folder=None) -> Path:
        """Write the policy file into the package's policy folder (sim/policies/), where the
        catalog loads it."""
        return self.write(Path(folder or POLICY_DIR) / f"{self.policy.name}.json")

    def __repr__(self):
        v = self.validation.iloc[-1]
        if "margin" in self.validation:
            f = self.validation.iloc[1]
            return (f"Tuned({self.policy.name} from {self.record['fitted']['start']}: the team's margin "
                    f"{f.margin:+.1f} (change {v.margin:+.1f} [{v.margin_lo:+.1f}, {v.margin_hi:+.1f}]), win rate "
                    f"{f.team_win_rate:.3f} on {int(f.games)} fresh co-op games)")
        return (f"Tuned({self.policy.name} from {self.record['fitted']['start']}: win share {v.win_share:.3f} "
                f"[{v.lo:.3f}, {v.hi:.3f}] against the panel on {int(v.games)} fresh games per member)")


def default_population() -> int:
    """CMA-ES's default number of candidates per generation for the tuned weights: 4 + 3 ln n."""
    return 4 + int(3 * np.log(len(TUNED)))


def search_space(start: Policy) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(indices of the tuned weights, their start values, their scales)."""
    idx = np.array([WEIGHT_NAMES[k] for k in TUNED])
    w0 = np.array(start.weights)[idx]
    return idx, w0, np.maximum(np.abs(w0), SCALE_FLOOR)


def candidate(start: Policy, name: str, x, space) -> Policy:
    idx, w0, scale = space
    w = np.array(start.weights, dtype=float)
    w[idx] = w0 + scale * np.asarray(x, dtype=float)
    return Policy(name=name, algorithm=start.algorithm, weights=tuple(float(v) for v in w),
                  description=f"Weights fitted from '{start.name}'.")


def win_shares(config, policies, panel, seeds: int, first_game: int, pool, on_games) -> tuple[np.ndarray, float]:
    """Each policy's per-seed score against each panel member: an array (policies, members, seeds);
    and the share of these games that the round cap stopped."""
    matches = [(p, m) for p in policies for m in panel]
    scores, capped = play_matches(config, matches, seeds, first_game, pool, on_games)
    return np.array([s.mean(axis=1) for s in scores]).reshape(len(policies), len(panel), seeds), capped


def play_team(config, policy: Policy, first_game: int, games: int) -> np.ndarray:
    """Co-op, `policy` in every seat: per game (won, margin over Poseidon, 1 if the round cap
    stopped it), an array (games, 3)."""
    from sim.games import play
    from sim.runs.tally import coop_outcome
    res = play(games, first_game=first_game, config=config.with_changes(policies=(policy,)), events="none")
    out = coop_outcome(res.games, res.players)
    capped = (res.games["end_reason"].astype(str) == "turn cap").to_numpy(float)
    return np.stack([out["won"].to_numpy(float), out["margin"].to_numpy(float), capped], axis=1)


def team_results(config, policies, seeds: int, first_game: int, pool, on_games) -> np.ndarray:
    """Each policy's (won, margin, capped) per seed: an array (policies, seeds, 3)."""
    return np.array(play_in_chunks(play_team, [(config, p) for p in policies], seeds, first_game, pool, on_games))


def team_validation(results: np.ndarray, names) -> pd.DataFrame:
    """The start and the fitted policy (rows "start", "fitted"; same fresh seeds): the team's win
    rate (Wilson 95% CI) and mean margin (95% CI); then the paired change (row "change")."""
    from analysis.stats import wilson, z_value
    z = z_value(0.95)
    rows = []
    for role, name, r in zip(("start", "fitted"), names, results):
        lo, hi = wilson(int(r[:, 0].sum()), len(r), 0.95)
        m, h = r[:, 1].mean(), z * r[:, 1].std(ddof=1) / np.sqrt(len(r))
        rows.append({"policy": role, "name": name, "team_win_rate": r[:, 0].mean(), "lo": float(lo), "hi": float(hi),
                     "margin": m, "margin_lo": m - h, "margin_hi": m + h, "games": len(r)})
    d = results[-1] - results[0]
    m, h = d.mean(axis=0), z * d.std(axis=0, ddof=1) / np.sqrt(len(d))
    rows.append({"policy": "change", "name": "", "team_win_rate": m[0], "lo": m[0] - h[0], "hi": m[0] + h[0],
                 "margin": m[1], "margin_lo": m[1] - h[1], "margin_hi": m[1] + h[1], "games": len(d)})
    return pd.DataFrame(rows)


DEFAULT_PANEL = ("value", "greedy", "clock")


def tune(start="value", panel=None, generations: int = 20, population: int | None = None,
         games: int = 100, seed: int = 0, players: int = 2, name: str = "tuned", validation_games: int = 2000,
         workers: int = 1, config=None, on_games=None, on_generation=None) -> Tuned:
    """Fit the start policy's continuous weights by CMA-ES to maximise the mean win share against
    the panel (policies or names), `games` seeds per candidate and member, both seatings; then
    validate the fit on `validation_games` fresh seeds per member. population: candidates per
    generation (default CMA-ES's, 4 + 3 ln 14, so 11); on_games(n) is called as games finish and
    on_generation(generation, best_so_far, history) after each generation."""
    import cma
    config = base_config(config, players=players, seed=seed)
    start = start if isinstance(start, Policy) else policy_by_name(start)
    team = config.mode == "coop"
    panel = (() if team else DEFAULT_PANEL) if panel is None else panel
    members = [m if isinstance(m, Policy) else policy_by_name(m) for m in panel]
    check_settings(start, members, generations, population, games, validation_games, name, team)
    space = search_space(start)
    options = {"seed": config.seed + 1, "verbose": -9,   # cma reads a seed of 0 as "from the clock"
               "popsize": population or default_population()}
    es = cma.CMAEvolutionStrategy(np.zeros(len(TUNED)), SIGMA0, options)
    rows = []
    with worker_pool(workers, config) as pool:
        for g in range(generations):
            xs = es.ask()
            candidates = [candidate(start, name, x, space) for x in xs]
            if team:
                objective = team_results(config, candidates, games, g * games, pool, on_games)[:, :, 1].mean(axis=1)
            else:
                objective = win_shares(config, candidates, members, games, g * games, pool, on_games)[0].mean(axis=(1, 2))
            es.tell(xs, list(-objective))
            rows.append({"generation": g + 1, "best": float(objective.max()), "mean": float(objective.mean()),
                         "sigma": float(es.sigma)})
            if on_generation:
                on_generation(g + 1, max(r["best"] for r in rows), rows)
        fitted = candidate(start, name, es.mean, space)
        if team:
            results = team_results(config, [start, fitted], validation_games, generations * games, pool, on_games)
            validation, capped = team_validation(results, [start.name, name]), float(results[:, :, 2].mean())
        else:
            scores, capped = win_shares(config, [fitted], members, validation_games, generations * games, pool, on_games)
            validation = validation_table(scores[0], members)
    history = pd.DataFrame(rows)
    record = policy_record(fitted, start, members, config, es, validation, history,
                           dict(generations=generations, games=games, validation_games=validation_games))
    record["fitted"]["objective"]["validation_capped_share"] = capped
    fitted = fitted.model_copy(update={"description": record["description"]})
    return Tuned(fitted, record, history, validation,
                 arms_cap_sentence({"of the validation games": capped}, config.model_dump()))


def check_settings(start, members, generations, population, games, validation_games, name, team=False):
    if start.algorithm != "heuristic":
        raise ValueError(f"the start policy '{start.name}' has no weights to tune (algorithm {start.algorithm}); "
                         "start from a heuristic policy, e.g. value")
    if not members and not team:
        raise ValueError("the panel needs at least one policy")
    if members and team:
        raise ValueError("co-op has no panel: the candidate plays every seat against Poseidon")
    for what, v, low in (("generations", generations, 1), ("games", games, 2), ("validation games", validation_games, 2)):
        if v < low:
            raise ValueError(f"the number of {what} must be at least {low}, not {v}")
    if population is not None and population < 2:
        raise ValueError(f"the population must be at least 2, not {population}")
    if not NAME.fullmatch(name) or name in BUILT_IN:
        raise ValueError(f"'{name}' cannot name the fitted policy: a letter, then letters, digits, _ or -, "
                         f"and not a built-in policy ({', '.join(BUILT_IN)})")


def validation_table(scores: np.ndarray, members) -> pd.DataFrame:
    """Win share with a paired 95% CI against each member and over the panel (per seed, the mean
    over the members: they played the same seeds)."""
    rows = []
    for label, s in [(m.name, scores[i]) for i, m in enumerate(members)] + [("panel", scores.mean(axis=0))]:
        share, lo, hi = paired_share(s)
        rows.append({"opponent": label, "win_share": share, "lo": lo, "hi": hi, "games": 2 * len(s)})
    return pd.DataFrame(rows)


def policy_record(fitted: Policy, start: Policy, members, config, es, validation, history, budget) -> dict:
    """The policy file: the weights by name, and how they were fitted."""
    import cma
    from sim import __version__
    from sim.engine.cache import engine_hash
    panel = [m.name for m in members]
    if "margin" in validation:  # co-op: the team against Poseidon
        v = validation.set_index("policy")
        description = (f"Fitted from '{start.name}' by CMA-ES for the co-op team ({config.players} players): margin "
                       f"over Poseidon {v.loc['fitted', 'margin']:+.1f} ({start.name}: {v.loc['start', 'margin']:+.1f}), "
                       f"win rate {v.loc['fitted', 'team_win_rate']:.3f} on fresh seeds.")
        what = "the team's mean margin over Poseidon (its VP minus Poseidon's), the candidate in every seat; 95% CIs over seeds"
    else:
        v = validation.set_index("opponent")
        description = (f"Fitted from '{start.name}' by CMA-ES against {', '.join(panel)} ({config.players} players): "
                       f"win share {v.loc['panel', 'win_share']:.3f} [{v.loc['panel', 'lo']:.3f}, "
                       f"{v.loc['panel', 'hi']:.3f}] on fresh seeds.")
        what = ("mean win share against the panel members, each seed played twice with the seats swapped; 95% CI "
                "over seeds (a seed's games paired)")
    return {
        "name": fitted.name, "algorithm": fitted.algorithm, "description": description,
        "weights": dict(zip(WEIGHT_NAMES, fitted.weights)),
        "fitted": {
            "start": start.name, "start_weights": dict(zip(WEIGHT_NAMES, start.weights)), "panel": panel,
            "mode": config.mode, "players": config.players, "seed": config.seed, **budget, "population": int(es.popsize),
            "optimizer": {"name": "CMA-ES", "package": f"cma {cma.__version__}", "sigma0": SIGMA0,
                          "seed": config.seed + 1, "tuned": list(TUNED),
                          "space": f"w = start + max(|start|, {SCALE_FLOOR}) * x, x from 0"},
            "objective": {"what": what,
                          "first_game": budget["generations"] * budget["games"],
                          "validation": validation.to_dict(orient="records")},
            "history": history.to_dict(orient="records"),
            "date": date.today().isoformat(), "version": __version__, "engine": engine_hash(),
        },
    }
