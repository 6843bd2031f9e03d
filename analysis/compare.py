"""What a paired comparison of two runs is made of: per-game arrays, the card and overall metrics
with their paired estimates (sim.tools.compare plays and compares the arms; analysis.paired has
the statistics).

Per game index g, both arms played game g from the same (seed, g), so each metric's per-game
influence values can be subtracted game by game (see `analysis.paired`).

Card metrics (one value per card and arm, as in the card table):
- acquisition_rate: taken from a battlefield slot / offered (revealed);
- acquired_share: player-games that acquired it at least once / all player-games;
- win_share_acq, win_share_not: win share of the player-games that acquired it / of the others;
- win_share_diff: win_share_acq - win_share_not (its change is "the change in win share").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis._data import as_run
from analysis.coop import N_PILLARS
from analysis.paired import SHARE, Est, diff, mean, ratio
from sim.engine.enums import HEROES
from sim.runs.tally import coop_outcome

CARD_METRICS = ("win_share_diff", "acquisition_rate", "acquired_share", "win_share_acq", "win_share_not")
# One test per question: win_share_acq and win_share_not are the two sides of win_share_diff, shown
# but not tested apart (three tests of one question would let it through at three times the level).
TESTED_CARD_METRICS = ("win_share_diff", "acquisition_rate", "acquired_share")
NUMBERS = ("copies", "strength_cost", "cosmos_cost", "strength", "heal", "cosmos", "vp")


# --- Per-game arrays ------------------------------------------------------------------------------


@dataclass
class GameArrays:
    """One run reduced to per-game counts: rows are game indices, card columns follow `card_ids`."""
    games: np.ndarray
    card_ids: np.ndarray
    n_players: int
    offered: np.ndarray      # (G, C) reveals
    taken: np.ndarray        # (G, C) acquisitions from a battlefield slot
    buyers: np.ndarray       # (G, C) seats that acquired the card at least once (any means)
    buyer_wins: np.ndarray   # (G, C) their summed win shares
    wins: np.ndarray         # (G,) summed win shares (1 per game)
    rounds: np.ndarray
    turns: np.ndarray
    seat0: np.ndarray        # seat 0's win share
    tie: np.ndarray          # 1 if two or more players tied for first
    clock_end: np.ndarray    # 1 if the game ended on the Clock
    hero_n: np.ndarray       # (G, H) players with each Hero
    hero_w: np.ndarray       # (G, H) their summed win shares
    coop: dict | None = None  # co-op runs: (G,) arrays team_won, margin, pillars_destroyed


def game_arrays(run, games: np.ndarray | None = None, card_ids: np.ndarray | None = None) -> GameArrays:
    """Reduce a run to per-game arrays, restricted to (and ordered by) `games` if given."""
    run = as_run(run)
    g = run.games.astype({"game": "int64"}).sort_values("game")
    games = np.sort(g["game"].to_numpy()) if games is None else np.asarray(games, dtype=np.int64)
    g = g.loc[g["game"].isin(games)]
    cards = np.sort(run.cards["id"].to_numpy()) if card_ids is None else np.asarray(card_ids)
    G, C = len(games), len(cards)

    def rows(x):
        return np.searchsorted(games, np.asarray(x, dtype=np.int64))

    ev = run.events
    ev = ev.loc[ev["game"].isin(games) & ev["card_id"].isin(cards)]
    offered, taken = np.zeros((G, C)), np.zeros((G, C))
    rev = ev.loc[ev["kind"] == "reveal"]
    np.add.at(offered, (rows(rev["game"]), np.searchsorted(cards, rev["card_id"])), 1)
    acq = ev.loc[ev["kind"] == "acquire"]
    fld = acq.loc[acq["b"] >= 0]
    np.add.at(taken, (rows(fld["game"]), np.searchsorted(cards, fld["card_id"])), 1)

    pl = run.players.astype({"game": "int64", "seat": "int64"})
    pl = pl.loc[pl["game"].isin(games)]
    who = acq[["game", "seat", "card_id"]].astype({"game": "int64", "seat": "int64"}).drop_duplicates()
    who = who.merge(pl[["game", "seat", "win_share"]], on=["game", "seat"], how="inner")
    buyers, buyer_wins = np.zeros((G, C)), np.zeros((G, C))
    idx = (rows(who["game"]), np.searchsorted(cards, who["card_id"]))
    np.add.at(buyers, idx, 1)
    np.add.at(buyer_wins, idx, who["win_share"].to_numpy())

    r = rows(pl["game"])
    ws = pl["win_share"].to_numpy(dtype=float)
    wins = np.bincount(r, ws, G)
    seat0 = np.bincount(r, np.where(pl["seat"] == 0, ws, 0.0), G)
    tie = (np.bincount(r, (ws > 0).astype(float), G) > 1).astype(float)
    hero = pd.Index(HEROES).get_indexer(pl["hero"].astype(str))  # -1: no Hero (a Duel's sides)
    hero_n, hero_w = np.zeros((G, len(HEROES))), np.zeros((G, len(HEROES)))
    ok = hero >= 0
    np.add.at(hero_n, (r[ok], hero[ok]), 1)
    np.add.at(hero_w, (r[ok], hero[ok]), ws[ok])
    return GameArrays(
        games=games, card_ids=cards, n_players=int(g["players"].iloc[0]) if len(g) else 0,
        offered=offered, taken=taken, buyers=buyers, buyer_wins=buyer_wins, wins=wins,
        rounds=g["rounds"].to_numpy(dtype=float), turns=g["player_turns"].to_numpy(dtype=float),
        seat0=seat0, tie=tie, clock_end=(g["end_reason"].astype(str) == "clock").to_numpy(dtype=float),
        hero_n=hero_n, hero_w=hero_w, coop=coop_arrays(g, pl) if "poseidon_vp" in g else None)


def coop_arrays(games: pd.DataFrame, players: pd.DataFrame) -> dict[str, np.ndarray]:
    """Per co-op game, in the order of `games`: the team's win, its margin over Poseidon and the
    Pillars destroyed."""
    out = coop_outcome(games, players)
    return {"team_won": out["won"].to_numpy(float), "margin": out["margin"].to_numpy(float),
            "pillars_destroyed": N_PILLARS - games["pillars_left"].to_numpy(float)}


def card_metrics(x: GameArrays) -> dict[str, Est]:
    """Each card metric as an Est over the card columns (see the module docstring)."""
    n = np.broadcast_to(float(x.n_players), x.buyers.shape)
    acq = ratio(x.buyer_wins, x.buyers, SHARE)
    not_ = ratio(x.wins[:, None] - x.buyer_wins, n - x.buyers, SHARE)
    return {"win_share_diff": acq - not_, "acquisition_rate": ratio(x.taken, x.offered, SHARE),
            "acquired_share": ratio(x.buyers, n, SHARE), "win_share_acq": acq, "win_share_not": not_}


def hero_imbalance(shares: Est, fair: float) -> Est:
    """Root-mean-square distance of the Heroes' win shares from the fair share (0 = balanced), with
    its delta-method influence; Heroes never dealt are left out."""
    ok = ~np.isnan(shares.value)
    dev = shares.value[ok] - fair
    rms = float(np.sqrt(np.mean(dev ** 2))) if ok.any() else np.nan
    grad = dev / (ok.sum() * rms) if rms > 0 else np.zeros_like(dev)
    return Est(np.asarray(rms), shares.infl[:, ok] @ grad, bounds=SHARE)


def overall_metrics(x: GameArrays) -> dict[str, Est]:
    """Game-level metrics: length, first-player advantage, ties, Clock endings, Hero balance; in
    co-op, length and the team's win rate, margin over Poseidon and Pillars destroyed."""
    if x.coop is not None:
        return {"rounds": mean(x.rounds, (0.0, np.inf)), "player_turns": mean(x.turns, (0.0, np.inf)),
                "team_win_rate": mean(x.coop["team_won"], SHARE), "margin": mean(x.coop["margin"]),
                "pillars_destroyed": mean(x.coop["pillars_destroyed"], (0.0, float(N_PILLARS)))}
    # The fair share: 1/players, less in the games nobody wins (Epic 2901), which count against no seat
    fair_share = x.wins / x.n_players if x.n_players else np.full_like(x.wins, np.nan)
    fair = float(fair_share.mean()) if len(fair_share) else np.nan
    bound = 1.0 / x.n_players if x.n_players else np.nan
    length = (0.0, np.inf)
    out = {"rounds": mean(x.rounds, length), "player_turns": mean(x.turns, length),
           "first_player_advantage": mean(x.seat0 - fair_share, (-bound, 1 - bound)),
           "tie_rate": mean(x.tie, SHARE), "clock_end_share": mean(x.clock_end, SHARE)}
    heroes = ratio(x.hero_w, x.hero_n, SHARE)
    out["hero_imbalance"] = hero_imbalance(heroes, fair)
    if x.n_players == 1:  # solo: the player's win rate against Hilda (a tie is a loss)
        out["win_rate"] = mean(x.seat0, SHARE)
    for i, h in enumerate(HEROES):
        if not np.isnan(heroes.value[i]):
            out[f"win_share:{h}"] = heroes.column(i)
    return out


def seat_edge(x: GameArrays) -> Est:
    """2 players: seat 0's win share minus seat 1's, a game nobody wins (Epic 2901) counting for
    neither; in the Duel, the Renegades' edge over the Gold Saints (seat 0 is the Renegades)."""
    return mean(2 * x.seat0 - x.wins, (-1.0, 1.0))


def diff_rows(a: dict[str, Est], b: dict[str, Est], paired: bool, confidence: float) -> list[dict]:
    rows = []
    for name in a:
        if name not in b:
            continue
        d = diff(a[name], b[name], paired, confidence)
        rows.append(dict(metric=name, a=d.a, b=d.b, delta=d.delta, lo=d.lo, hi=d.hi, se=d.se,
                         se_unpaired=d.se_unpaired, p=d.p, too_few=d.too_few))
    for r in rows:  # plain floats and bools (0-d arrays would make object columns)
        for k, v in r.items():
            if k != "metric":
                kind = bool if k == "too_few" else float
                r[k] = np.asarray(v, dtype=kind) if np.ndim(v) else kind(v)
    return rows


def card_changes(cards_a: pd.DataFrame, cards_b: pd.DataFrame) -> list[tuple[int, str]]:
    """(card id, "strength_cost 8→1, vp 2→20") for every card whose numbers differ between arms."""
    a = cards_a.set_index("id")
    b = cards_b.set_index("id")
    out = []
    for cid in sorted(set(a.index) | set(b.index)):
        if cid not in a.index or cid not in b.index:
            out.append((cid, "only in " + ("B" if cid in b.index else "A")))
            continue
        parts = [f"{f} {a.at[cid, f]}→{b.at[cid, f]}" for f in NUMBERS
                 if f in a.columns and f in b.columns and a.at[cid, f] != b.at[cid, f]]
        if parts:
            out.append((cid, ", ".join(parts)))
    return out


def arm_ests(result, card_id: int) -> dict[str, Est]:
    """The sweep metrics of one arm for one card, as estimates with per-game influence."""
    x = game_arrays(result, card_ids=np.array([card_id]))
    cm, om = card_metrics(x), overall_metrics(x)
    ests = {m: cm[m].column(0) for m in ("acquisition_rate", "win_share_diff", "acquired_share")}
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
