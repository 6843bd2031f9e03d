"""Counters: the small additive count tables every standard report table is computed from.

Each batch of a run writes its counters (`make_counters` of its games, players, events and
decks) to counters/batch-XXXXX.parquet. A batch holds whole games and every report number is a
sum over games or a histogram of a per-game value, so a run's counters are exactly the sums of
its batches' counters, and a report reads only these files (a few thousand rows per batch)
instead of the games, players, events and decks tables. Quantiles come from the histograms
(pandas' definition of quantiles), CIs from the sums and counts.

Stored long, one row per (counter, key, i0, i1), with an int64 `value`:

    counter                key            i0            i1        value: how many ...
    games                  -              -             -         games
    logged                 -              -             -         games counted with their event log
    ties                   -              -             -         games with 2+ players tied for first
    players                -              players       -         games of i0 players
    rounds                 -              rounds        -         games that lasted i0 rounds
    player_turns           -              player-turns  -         games that lasted i0 player-turns
    end_reason             reason         -             -         games that ended so
    flames_left            -              round         flames    games that reached round i0 with i1
                                                                  flames left after it
    flame                  how            card id       -         flames the card put out that way
    card.<sum>             -              card id       -         sim.runs.tally.card_sums (SUMS)
    moments_counted        -              -             -         games counted with the card sums'
                                                                  MOMENT_SUMS
    uses_counted           -              -             -         games counted with the cards held
    card.<use sum>         -              card id       -         sim.runs.tally.use_sums (USE_SUMS)
    <by>.player_games      group          final VP      players   player-games of the group (<by>:
                                                                  seat, hero or policy)
    <by>.wins              group          final VP      players   their summed win share
    <by>.winners           group          final VP      players   those with a win share above 0
    solo.margin            -              margin        -         solo games won by i0 VP over Hilda
                                                                  (player VP - Hilda VP: 0 a tie, below
                                                                  0 a loss); only for solo runs
    duel.houses            side           Houses        won (0/1)     Duel player-games of that side that
                                                                  ended with i0 Houses; only for Duels
    duel.house             taker          House id      rounds        Duel Houses revealed, by who took them
                                                                  (renegades, gold_saints or none), held
                                                                  i1 rounds from their reveal until taken
                                                                  (or the end); needs the event log
    duel.altar             Altar          winner        rounds        Duel games of that Altar won by seat
                                                                  i0 (2: shared; 3: nobody, both
                                                                  eliminated) that lasted i1 rounds

Win shares are counted in 1/60ths (WIN_UNIT): a k-way tie gives each 1/k, a whole number of
1/60ths for k <= 5, so every counter is an integer and sums do not depend on how games were
batched (the squared win shares of MOMENT_SUMS in 1/3600ths). Event-log counters (logged,
flames_left, flame, moments_counted, card.*) exist only for batches counted with an event log; a
run folder always has one (the engine logs a summary whatever --events says), except the batches
of an older run made with --events none. The use counters (uses_counted and the USE_SUMS) need the
cards held too, which the engine returns since it counts them: an older run's batches have none;
nor have they the MOMENT_SUMS (moments_counted).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.runs.tally import (MOMENT_SUMS, SUMS, USE_SUMS, WIN_SQ_SUMS, WIN_SUMS, card_sums, coop_outcome, flames_left,
                            solo_margin, use_sums)

GROUPS = ("hero", "seat", "policy")  # the player-game groups counted

KEYS = ["counter", "key", "i0", "i1"]
SOLO_MARGIN = "solo.margin"  # made only for games with a `hilda_vp` (solo mode)
COOP_MARGIN = "coop.margin"  # co-op games (with a `poseidon_vp`): i0 the team's VP minus Poseidon's, i1 1 if the team won
COOP_PILLARS = "coop.pillars_left"  # co-op games by the Pillars left standing at the end
DUEL_HOUSES, DUEL_HOUSE, DUEL_ALTAR = "duel.houses", "duel.house", "duel.altar"  # only for Duels (an `altar`)
HADES_END = ("souls", "void_cards", "void_vp", "shackle_cards", "shackle_vp", "senses")  # Hades: each player's,
# at the end; counters "hades.<column>": i0 the value, i1 1 if the player won (a share of the win)
WIN_UNIT = 60           # lcm(1..5): win shares of up to 5 tied players are whole 1/60ths
MERGE_EVERY = 64        # batch files summed at a time when reading a run


# --- Making one batch's counters --------------------------------------------------------------
def win_units(win_share: pd.Series) -> pd.Series:
    """Win shares as whole numbers of 1/WIN_UNIT."""
    units = np.rint(win_share.to_numpy(dtype=float) * WIN_UNIT)
    if not np.allclose(units, win_share.to_numpy(dtype=float) * WIN_UNIT, rtol=0, atol=1e-6):
        raise ValueError(f"win shares that are not whole 1/{WIN_UNIT}ths (more than 5 players tied?)")
    return pd.Series(units.astype("int64"), index=win_share.index)


def _rows(counter: str, values, key="", i0=0, i1=0) -> dict:
    """Counter rows as columns (arrays), for `_frame`."""
    values = np.atleast_1d(np.asarray(values, dtype="int64"))
    n = len(values)
    return {"counter": np.full(n, counter), "key": np.broadcast_to(np.asarray(key, dtype=object), n),
            "i0": np.broadcast_to(np.asarray(i0, dtype="int64"), n),
            "i1": np.broadcast_to(np.asarray(i1, dtype="int64"), n), "value": values}


def _frame(rows: list[dict]) -> pd.DataFrame:
    """One frame of several `_rows` (one DataFrame built, not one per counter)."""
    return pd.DataFrame({col: np.concatenate([r[col] for r in rows]) for col in KEYS + ["value"]})


def _histogram(counter: str, values: pd.Series) -> dict:
    counts = values.astype("int64").value_counts()
    return _rows(counter, counts.to_numpy(), i0=counts.index.to_numpy())


def _group_rows(by: str, labels: pd.Series, vp: np.ndarray, size: np.ndarray, counts: dict) -> list[dict]:
    """The <by>.<count> rows: for each (label as str, final VP, players) of the player-games, the
    sum of each of `counts` (per player-game, whole numbers) over them. Summed with np.bincount
    over a dense key of the three (a pandas groupby on the strings takes about 8 times as long)."""
    codes, names = pd.factorize(labels)
    vp0 = vp.min(initial=0)
    n_vp, n_size = vp.max(initial=0) - vp0 + 1, size.max(initial=0) + 1
    key = (codes * n_vp + vp - vp0) * n_size + size
    present = np.flatnonzero(np.bincount(key))
    label, rest = np.divmod(present, n_vp * n_size)
    names = np.asarray(names).astype(str).astype(object)[label]
    return [_rows(f"{by}.{col}", np.rint(np.bincount(key, weights=values)[present]), key=names,
                  i0=rest // n_size + vp0, i1=rest % n_size) for col, values in counts.items()]


def make_counters(games: pd.DataFrame, players: pd.DataFrame, events: pd.DataFrame | None,
                  decks: pd.DataFrame, held: pd.DataFrame | None = None) -> pd.DataFrame:
    """The counters (see the module docstring) of some whole games, as a long DataFrame sorted by
    KEYS. `events` None: games played without an event log (no event-log counters); `held` (the
    cards held, as `sim.play` makes them) None: not known (no use counters)."""
    wins = win_units(players["win_share"])
    winners = (wins > 0).groupby(players["game"].to_numpy()).sum()
    rows = [_rows("games", len(games)), _rows("ties", int((winners > 1).sum())),
            _histogram("players", games["players"]), _histogram("rounds", games["rounds"]),
            _histogram("player_turns", games["player_turns"])]
    reasons = games["end_reason"].astype(str).value_counts()
    rows.append(_rows("end_reason", reasons.to_numpy(), key=reasons.index.to_numpy(dtype=object)))
    size = games[["game", "players"]].astype("int64").set_index("game")["players"]
    counts = {"player_games": np.ones(len(players)), "wins": wins.to_numpy(), "winners": (wins > 0).to_numpy(float)}
    for by in GROUPS:
        rows += _group_rows(by, players[by], players["vp"].to_numpy("int64"),
                            size.reindex(players["game"].astype("int64")).to_numpy(), counts)
    if "hilda_vp" in games:
        rows.append(_histogram(SOLO_MARGIN, solo_margin(games, players)))
    if "poseidon_vp" in games:
        out = coop_outcome(games, players)
        h = out.groupby(["margin", "won"]).size()
        rows.append(_rows(COOP_MARGIN, h.to_numpy(), i0=h.index.get_level_values(0).to_numpy("int64"),
                          i1=h.index.get_level_values(1).to_numpy("int64")))
        rows.append(_histogram(COOP_PILLARS, games["pillars_left"]))
    if "altar" in games:
        rows += duel_rows(games, players, wins)
    if HADES_END[0] in players:
        for col in HADES_END:
            h = hades_histogram(players, col)
            rows.append(_rows(f"hades.{col}", h["count"].to_numpy(), i0=h["value"].to_numpy(), i1=h["won"].to_numpy()))
    if events is not None and "poseidon_vp" in games:  # co-op: what Poseidon's seat does is no player's
        events = events.loc[events["seat"].to_numpy() < games["players"].to_numpy().max(initial=0)]
    if events is not None:
        rows.append(_rows("logged", len(games)))
        if "altar" in games:
            h = house_holds(games, events).groupby(["taker", "house", "rounds"]).size()
            rows.append(_rows(DUEL_HOUSE, h.to_numpy(), key=h.index.get_level_values(0).to_numpy(dtype=object),
                              i0=h.index.get_level_values(1).to_numpy("int64"),
                              i1=h.index.get_level_values(2).to_numpy("int64")))
        left = flames_left(games, events).to_numpy()  # games x rounds: flames left, NaN once a game is over
        running = ~np.isnan(left)
        rnd, n_left = np.nonzero(running)[1], left[running].astype("int64")  # (never below 0: GEN-8)
        width = n_left.max(initial=0) + 1
        h = np.bincount(rnd * width + n_left)
        seen = np.flatnonzero(h)
        rows.append(_rows("flames_left", h[seen], i0=seen // width, i1=seen % width))
        fl = events.loc[events["kind"] == "flame", ["how", "card_id"]]
        h = fl.groupby(["how", "card_id"], observed=True).size()  # a categorical `how` grouped as is: faster
        rows.append(_rows("flame", h.to_numpy(), key=h.index.get_level_values(0).astype(str).to_numpy(dtype=object),
                          i0=h.index.get_level_values(1)))
        sums = card_sums(games, players.assign(win_share=wins), events, decks)  # wins in whole 1/60ths
        rows.append(_rows("moments_counted", len(games)))
        for col in SUMS:
            rows.append(_rows(f"card.{col}", np.rint(sums[col].to_numpy()), i0=sums.index.to_numpy()))
        if held is not None:
            rows.append(_rows("uses_counted", len(games)))
            used = use_sums(events, held)
            for col in USE_SUMS:
                rows.append(_rows(f"card.{col}", used[col].to_numpy(), i0=used.index.to_numpy()))
    return total([_frame(rows)])


def duel_rows(games: pd.DataFrame, players: pd.DataFrame, wins: pd.Series) -> list[dict]:
    """The Duel's counters: Houses owned by side and outcome, games by Altar, winner and length."""
    h = pd.DataFrame({"side": players["hero"].astype(str).to_numpy(), "houses": players["houses"].to_numpy("int64"),
                      "won": (wins.to_numpy() > 0).astype("int64")}).groupby(["side", "houses", "won"]).size()
    rows = [_rows(DUEL_HOUSES, h.to_numpy(), key=h.index.get_level_values(0).to_numpy(dtype=object),
                  i0=h.index.get_level_values(1).to_numpy("int64"), i1=h.index.get_level_values(2).to_numpy("int64"))]
    share = wins.to_numpy().reshape(len(games), 2)  # a Duel's two seats, in game order
    winner = np.where(share[:, 0] != share[:, 1], np.argmax(share, axis=1), np.where(share[:, 0] > 0, 2, 3))
    g = pd.DataFrame({"altar": games["altar"].astype(str).to_numpy(), "winner": winner,
                      "rounds": games["rounds"].to_numpy("int64")}).groupby(["altar", "winner", "rounds"]).size()
    rows.append(_rows(DUEL_ALTAR, g.to_numpy(), key=g.index.get_level_values(0).to_numpy(dtype=object),
                      i0=g.index.get_level_values(1).to_numpy("int64"), i1=g.index.get_level_values(2).to_numpy("int64")))
    return rows


TAKERS = ("renegades", "gold_saints", "none")  # who took a revealed House: seat 0, seat 1, nobody by the end


def house_holds(games: pd.DataFrame, events: pd.DataFrame) -> pd.DataFrame:
    """One row per House revealed in a Duel (the `house` events: a = 0 revealed, 1 acquired): the
    game, the House's id, who took it (TAKERS) and the rounds it held, from its reveal until it was
    taken, or until the end of the game."""
    ev = events.loc[events["kind"] == "house", ["game", "round", "seat", "card_id", "a"]]
    shown = ev.loc[ev["a"] == 0].drop_duplicates(["game", "card_id"])
    taken = ev.loc[ev["a"] == 1, ["game", "card_id", "round", "seat"]].rename(columns={"round": "taken"})
    out = shown.merge(taken, on=["game", "card_id"], how="left", suffixes=("", "_taker"))
    end = games.set_index("game")["rounds"].reindex(out["game"]).to_numpy()
    held = np.where(out["taken"].notna(), out["taken"].to_numpy(float), end) - out["round"].to_numpy()
    taker = np.where(out["taken"].isna(), 2, out["seat_taker"].fillna(2).to_numpy()).astype("int64")
    return pd.DataFrame({"game": out["game"].to_numpy(), "house": out["card_id"].to_numpy("int64"),
                         "taker": np.asarray(TAKERS, dtype=object)[taker], "rounds": held.astype("int64")})


def hades_histogram(players: pd.DataFrame, col: str) -> pd.DataFrame:
    """(value, won, count) rows of a Hades end-of-game column: how many player-games had each value,
    among the players who won (a share of the win) and the others."""
    h = pd.DataFrame({"value": players[col].to_numpy("int64"), "won": (players["win_share"].to_numpy() > 0).astype("int64")})
    return h.groupby(["value", "won"]).size().rename("count").reset_index()


def total(parts) -> pd.DataFrame:
    """The sum of several counters (batches), as DataFrames or Arrow tables (counters files read
    with pyarrow): one row per key, sorted, zeros dropped. Summed by Arrow's group-by, a few times
    faster than pandas' on string keys."""
    import pyarrow as pa
    tables = [p if isinstance(p, pa.Table) else pa.Table.from_pandas(p, preserve_index=False)
              for p in parts if len(p)]
    if not tables:
        return _frame([_rows("games", [])])
    t = pa.concat_tables(tables, promote_options="permissive").group_by(KEYS).aggregate([("value", "sum")])
    t = t.rename_columns(KEYS + ["value"]).to_pandas()
    t = t.loc[t["value"] != 0].sort_values(KEYS).reset_index(drop=True)
    return t.astype({"counter": str, "key": str, "i0": "int64", "i1": "int64", "value": "int64"})


# --- A run's counters ---------------------------------------------------------------------------
def run_counters(folder: str | Path) -> "Counters":
    """The counters of a run folder, summed over its finished batches, MERGE_EVERY batches at a
    time (bounded memory). A batch without a counters file (a run folder of an older version) is
    counted from its games, players, events, decks and held files (held only if it has one)."""
    import pyarrow.parquet as pq
    from sim.runs.folder import COUNTERS, batch_name, read_manifest
    folder = Path(folder)
    manifest = read_manifest(folder)
    with_events = (manifest.get("config") or {}).get("events", "summary") != "none"
    frames, files = [], []  # batches counted here (DataFrames), counters files read (Arrow tables)
    for b in sorted(manifest.get("batches", []), key=lambda b: b["index"]):
        name = batch_name(b["index"])
        path = folder / COUNTERS / name
        if path.is_file():
            files.append(pq.read_table(path))
        else:
            tables = {t: pd.read_parquet(folder / t / name) for t in ("games", "players", "decks")}
            events = pd.read_parquet(folder / "events" / name) if with_events else None
            held = pd.read_parquet(folder / "held" / name) if (folder / "held" / name).is_file() else None
            frames.append(make_counters(tables["games"], tables["players"], events, tables["decks"], held))
        if len(frames) + len(files) >= MERGE_EVERY:
            frames, files = [total(frames + files)], []
    return Counters(total(frames + files))


class Counters:
    """Summed counters (a long frame as made by `make_counters` / `total`) and the sums and
    histograms the report tables are computed from."""

    def __init__(self, frame: pd.DataFrame):
        self.frame = frame
        self._by_counter = {name: t for name, t in frame.groupby("counter", sort=False)}

    def table(self, counter: str) -> pd.DataFrame:
        """The rows of one counter: key, i0, i1, value."""
        t = self._by_counter.get(counter)
        return (t if t is not None else self.frame.iloc[:0])[["key", "i0", "i1", "value"]].reset_index(drop=True)

    def scalar(self, counter: str) -> int:
        return int(self.table(counter)["value"].sum())

    def histogram(self, counter: str) -> tuple[np.ndarray, np.ndarray]:
        """(values, counts) of a histogram counter (rounds, player_turns, players, solo.margin), by value."""
        t = self.table(counter).sort_values("i0")
        return t["i0"].to_numpy(), t["value"].to_numpy()

    @property
    def games(self) -> int:
        return self.scalar("games")

    @property
    def has_events(self) -> bool:
        """True when every game was counted with its event log."""
        return self.scalar("logged") == self.games

    def player_games(self) -> int:
        return self.scalar("seat.player_games")

    def wins(self) -> float:
        """The summed win shares of all player-games."""
        return self.scalar("seat.wins") / WIN_UNIT

    def groups(self, by: str) -> pd.DataFrame:
        """Per (group, final VP, players): player_games, wins (summed win share) and winners."""
        t = None
        for col in ("player_games", "wins", "winners"):
            part = self.table(f"{by}.{col}").set_index(["key", "i0", "i1"])["value"].rename(col)
            t = part.to_frame() if t is None else t.join(part, how="outer")
        t = t.fillna(0).astype("int64").rename_axis([by, "vp", "players"]).reset_index()
        t["wins"] = t["wins"] / WIN_UNIT
        return t

    def card_sums(self) -> pd.DataFrame:
        """sim.runs.tally.card_sums summed over the run (win sums back in win shares); the
        MOMENT_SUMS are NaN unless every game was counted with them (an older run folder)."""
        cols = {}
        for col in SUMS:
            t = self.table(f"card.{col}")
            cols[col] = pd.Series(t["value"].to_numpy(dtype=float), index=t["i0"].to_numpy())
        sums = pd.DataFrame(cols).fillna(0.0).rename_axis("card_id")
        sums[list(WIN_SUMS)] = sums[list(WIN_SUMS)] / WIN_UNIT
        sums[list(WIN_SQ_SUMS)] = sums[list(WIN_SQ_SUMS)] / WIN_UNIT ** 2
        if self.scalar("moments_counted") != self.games:
            sums[list(MOMENT_SUMS)] = np.nan
        return sums.sort_index()

    def use_sums(self) -> pd.DataFrame | None:
        """sim.runs.tally.use_sums summed over the run; None unless every game was counted with
        the cards held (an older run folder)."""
        if not self.games or self.scalar("uses_counted") != self.games:
            return None
        cols = {col: self.table(f"card.{col}").set_index("i0")["value"] for col in USE_SUMS}
        return pd.DataFrame(cols).fillna(0).astype("int64").rename_axis("card_id").sort_index()
