"""The players' board cards (Asgard's techniques and the Robe of Odin): how often each was used,
and how the players who used it fared against those who could have and did not.

    analysis.board_table(run)   # one row per board card; None without board cards or events

A technique sits on the board of its hero's player: the player-games that could use it are those of
that hero (every player-game for the Robe of Odin, which every board has). The win shares are an
association (a player ahead uses more Energy), not the technique's worth.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from analysis._data import as_run, has_events
from analysis.stats import z_value


def board_table(run, confidence: float = 0.95) -> pd.DataFrame | None:
    run = as_run(run)
    cards = run.cards
    board = cards.loc[(cards["start"] == "board") & (cards.get("copies", 1) > 0)]  # a Duel has no Bronze Hero's board
    if not len(board) or not has_events(run):
        return None
    ev = run.events
    uses = ev.loc[(ev["kind"] == "use") & ev["card_id"].isin(board["id"])]
    per_player = uses.groupby(["game", "seat", "card_id"]).size().rename("uses").reset_index()
    players = run.players[["game", "seat", "hero", "win_share"]]
    z = z_value(confidence)
    rows = []
    for b in board.itertuples(index=False):
        able = players if not b.hero else players.loc[players["hero"] == b.hero]
        used = able.merge(per_player.loc[per_player["card_id"] == b.id], on=["game", "seat"], how="left")
        n_uses = used["uses"].fillna(0).to_numpy()
        won = used["win_share"].to_numpy(float)
        by, not_by = won[n_uses > 0], won[n_uses == 0]
        diff, half = _difference(by, not_by, z)
        rows.append({"id": b.id, "name": b.name, "hero": b.hero or "(every board)", "estimate": bool(b.estimate),
                     "player_games": len(able), "uses": int(n_uses.sum()),
                     "uses_per_game": n_uses.mean() if len(able) else np.nan,
                     "used_in": (n_uses > 0).mean() if len(able) else np.nan,
                     "win_share_used": by.mean() if len(by) else np.nan,
                     "win_share_not_used": not_by.mean() if len(not_by) else np.nan,
                     "diff": diff, "diff_lo": diff - half, "diff_hi": diff + half})
    return pd.DataFrame(rows)


MIN_GROUP = 10  # player-games on each side below which no difference is given


def _difference(a: np.ndarray, b: np.ndarray, z: float) -> tuple[float, float]:
    """Mean of a minus mean of b, and its CI half-width (independent samples, the normal
    approximation; NaN when either side has fewer than MIN_GROUP player-games)."""
    if len(a) < MIN_GROUP or len(b) < MIN_GROUP:
        return np.nan, np.nan
    return a.mean() - b.mean(), z * np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
