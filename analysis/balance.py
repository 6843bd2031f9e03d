"""Hero, seat and policy balance: win share with CIs, first-player advantage, VP, ties.

Win share: a player-game scores 1 for a win, 1/k for a k-way tie for first, 0 otherwise; a
group's win share is the mean over its player-games. A fair group scores what the run's
player-games of its player count score on average (the `fair` column): 1/players, less when
some games have no winner (Epic 2901 can eliminate every player), which would otherwise count
against every group. The CI is Wilson's interval with the summed win shares as successes.
"""
from __future__ import annotations

import pandas as pd

from analysis._data import as_run, counters_of
from analysis.solo import is_solo, solo_summary
from analysis.stats import hist_moments, hist_quantile, wilson

from sim.runs.counters import GROUPS  # noqa: E402


def _with_players(run) -> pd.DataFrame:
    """Player rows with the game's number of players and the fair share (the mean win share of
    the run's player-games of that player count)."""
    run = as_run(run)
    n = run.games[["game", "players"]].astype({"game": "int64", "players": "int64"})
    pl = run.players.astype({"game": "int64"}).merge(n, on="game", how="left")
    pl["fair"] = pl.groupby("players")["win_share"].transform("mean")
    return pl


def _group_order(by: str, groups) -> list:
    """Groups in the order pandas gives a run's tables: seats by number, Heroes in the game's
    order, policies alphabetically."""
    from sim.engine.enums import HEROES
    groups = sorted(set(groups))
    if by == "seat":
        return sorted(groups, key=int)
    if by == "hero":
        return sorted(groups, key=lambda h: (HEROES.index(h) if h in HEROES else len(HEROES), h))
    return groups


def _counted_groups(counters, by: str) -> pd.DataFrame:
    """Per group, from the counters: player_games, wins (summed win share), fair (as in
    `_with_players`) and the histogram of final VP: vp_values, vp_counts (player-games) and
    winner_counts."""
    h = counters.groups(by)
    per_count = h.groupby("players")[["wins", "player_games"]].sum()
    h["fair"] = h["players"].map(per_count["wins"] / per_count["player_games"])
    rows = {}
    for group, g in h.groupby(by, sort=False):
        vp = g.groupby("vp")[["player_games", "winners"]].sum()
        n = int(g["player_games"].sum())
        rows[group] = {"player_games": n, "wins": float(g["wins"].sum()),
                       "fair": float((g["player_games"] * g["fair"]).sum() / n),
                       "vp_values": vp.index.to_numpy(), "vp_counts": vp["player_games"].to_numpy(),
                       "winner_counts": vp["winners"].to_numpy()}
    order = _group_order(by, rows)
    t = pd.DataFrame([rows[k] for k in order], index=pd.Index(order, name=by),
                     columns=["player_games", "wins", "fair", "vp_values", "vp_counts", "winner_counts"])
    if by == "seat":
        t.index = t.index.astype("int64")
    return t


def win_share_by(run, by: str, confidence: float = 0.95) -> pd.DataFrame:
    """One row per hero, seat or policy: player-games, wins (summed win shares), win share and CI,
    fair share, advantage (win share - fair), mean and median VP."""
    if by not in GROUPS:
        raise ValueError(f"by must be one of {', '.join(GROUPS)}, not {by!r}")
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        c = _counted_groups(counters, by)
        t = c[["player_games", "wins", "fair"]].copy()
        t["mean_vp"] = [hist_moments(v, n)[1] for v, n in zip(c["vp_values"], c["vp_counts"])]
        t["median_vp"] = [hist_quantile(v, n, 0.5) for v, n in zip(c["vp_values"], c["vp_counts"])]
    else:
        pl = _with_players(run)
        g = pl.groupby(by, observed=True)
        t = pd.DataFrame({"player_games": g.size(), "wins": g["win_share"].sum(), "fair": g["fair"].mean(),
                          "mean_vp": g["vp"].mean(), "median_vp": g["vp"].median()})
    t["win_share"] = t["wins"] / t["player_games"]
    t["lo"], t["hi"] = wilson(t["wins"], t["player_games"], confidence)
    t["advantage"] = t["win_share"] - t["fair"]
    t = _group_column(t.reset_index(), by)
    return t[[by, "player_games", "wins", "win_share", "lo", "hi", "fair", "advantage", "mean_vp", "median_vp"]]


def _group_column(t: pd.DataFrame, by: str) -> pd.DataFrame:
    t[by] = t[by].astype("int64") if by == "seat" else t[by].astype(str)
    return t


def first_player_advantage(run, confidence: float = 0.95) -> dict:
    """Seat 0's win share minus the fair share (1/players when every game has a winner), with
    seat 0's Wilson interval shifted."""
    seats = win_share_by(run, "seat", confidence).set_index("seat")
    s0 = seats.loc[0]
    return {"win_share": s0["win_share"], "fair": s0["fair"], "advantage": s0["advantage"],
            "lo": s0["lo"] - s0["fair"], "hi": s0["hi"] - s0["fair"]}


def tie_rate(run) -> float:
    """Share of games won by more than one player (a tie for first)."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        return counters.scalar("ties") / counters.games if counters.games else float("nan")
    pl = run.players
    winners = (pl["win_share"] > 0).groupby(pl["game"]).sum()
    return float((winners > 1).mean()) if len(winners) else float("nan")


def vp_distribution(run, by: str = "seat") -> pd.DataFrame:
    """Final VP by hero, seat or policy: mean, sd, p10, median, p90; and the winners' mean VP."""
    run = as_run(run)
    counters = counters_of(run)
    if counters is not None:
        c = _counted_groups(counters, by)
        rows = []
        for v, n, w in zip(c["vp_values"], c["vp_counts"], c["winner_counts"]):
            _, mean, sd = hist_moments(v, n)
            rows.append({"mean": mean, "sd": sd, "p10": hist_quantile(v, n, 0.1), "median": hist_quantile(v, n, 0.5),
                         "p90": hist_quantile(v, n, 0.9),
                         "winner_mean": hist_moments(v, w)[1] if w.sum() else float("nan")})
        t = pd.DataFrame(rows, index=c.index)
    else:
        pl = run.players
        g = pl.groupby(by, observed=True)["vp"]
        t = pd.DataFrame({"mean": g.mean(), "sd": g.std(), "p10": g.quantile(0.1), "median": g.median(),
                          "p90": g.quantile(0.9)})
        t["winner_mean"] = pl.loc[pl["win_share"] > 0].groupby(by, observed=True)["vp"].mean()
    return _group_column(t.reset_index(), by)


def margin(run) -> pd.Series:
    """Per game: the winner's VP minus the best other player's VP (0 for a tie)."""
    pl = as_run(run).players
    top2 = pl.sort_values(["game", "vp"], ascending=[True, False]).groupby("game")["vp"].head(2)
    v = pl.loc[top2.index].groupby("game")["vp"]
    return (v.max() - v.min()).rename("margin")


def run_summary(run) -> dict:
    """The headline numbers of a run, as label -> text (for the CLI, the notebook and the report)."""
    from analysis.clock import end_reasons, length_summary
    run = as_run(run)
    m = getattr(run, "manifest", {}) or {}
    cfg = m.get("config", {})
    counters = counters_of(run)
    if counters is not None:
        n_games = counters.games
        sizes = counters.histogram("players")[0]
        policies = set(counters.table("policy.player_games")["key"])
    else:
        n_games, sizes, policies = len(run.games), run.games["players"].to_numpy(), set(run.players["policy"].astype(str))
    out = {
        "status": m.get("status", "in memory"),
        "games": f"{n_games}" + (f" of {m['games_planned']}" if m.get("games_planned") not in (None, n_games) else ""),
        "players": int(sizes[0]) if n_games else cfg.get("players"),
        "boxes": ", ".join(cfg.get("boxes", [])) or "-",
        "policies": ", ".join(sorted(policies)),
        "seed": int(cfg["seed"] if "seed" in cfg else run.games["seed"].iloc[0] if n_games else 0),
    }
    if m.get("seconds"):
        out["games/s"] = f"{m['games_done'] / m['seconds']:.0f}"
    if is_solo(run):  # one player: no seats to compare, a tie with Hilda is a loss
        s = solo_summary(run).iloc[0]
        out["win rate against Hilda"] = f"{s['win_rate']:.3f} [{s['lo']:.3f}, {s['hi']:.3f}]"
        out["ties with Hilda (losses)"] = f"{s['tie_rate']:.3f}"
    else:
        seats = win_share_by(run, "seat")
        out["win share by seat"] = ", ".join(f"{int(r.seat)}: {r.win_share:.3f}" for r in seats.itertuples())
        if n_games:
            fpa = first_player_advantage(run)
            out["first-player advantage"] = f"{fpa['advantage']:+.3f} [{fpa['lo']:+.3f}, {fpa['hi']:+.3f}]"
        out["tie rate"] = f"{tie_rate(run):.3f}"
    if m.get("precision"):
        p = m["precision"]
        out["precision"] = (f"{p['metric']} ±{p['half_width']:.4f} after {p['games']} games: target ±{p['target']} "
                            + ("reached" if p["reached"] else f"not reached (budget {p['max_games']})"))
    out["median rounds"] = f"{length_summary(run).loc['rounds', 'median']:g}" if n_games else "-"
    ends = end_reasons(run)
    out["end reasons"] = ", ".join(f"{r.end_reason} {r.share:.1%}" for r in ends.itertuples() if r.games) or "-"
    return out
