"""A run folder's data as a Python object: its manifest, its tables (as `sim.play` makes them)
and its counters, each read on first use."""
from __future__ import annotations

from functools import cached_property
from pathlib import Path

from sim.runs.counters import run_counters
from sim.runs.folder import read_manifest, read_table


class RunFolder:
    """A run folder's data, loaded lazily: tables are read from Parquet on first use and kept."""

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.manifest = read_manifest(self.folder)

    # --- Raw data (as from sim.play) -------------------------------------------------------
    @cached_property
    def games(self):
        from sim.engine import enums as E
        return _categories(read_table(self.folder, "games"), end_reason=E.END_REASONS)

    @cached_property
    def players(self):
        from sim.engine import enums as E
        players = read_table(self.folder, "players")
        duel = len(players) > 0 and set(players["hero"].astype(str)) <= set(E.SIDE_NAMES)  # a Duel's: the sides
        return _categories(players, hero=E.SIDE_NAMES if duel else E.HEROES, policy=None)

    @cached_property
    def events(self):
        return _categories(read_table(self.folder, "events"), kind=None, how=None)

    @cached_property
    def decks(self):
        return read_table(self.folder, "decks")

    @cached_property
    def held(self):
        """None for a run folder of an older version, which did not record the cards held."""
        return read_table(self.folder, "held") if (self.folder / "held").is_dir() else None

    @cached_property
    def cards(self):
        import pandas as pd
        return pd.read_parquet(self.folder / "cards.parquet")

    @cached_property
    def counters(self):
        """The run's counters (sim.runs.counters.Counters) summed over its batches: every table
        below and the report are computed from these, not from the DataFrames above."""
        return run_counters(self.folder)

    @property
    def config(self) -> dict:
        return self.manifest["config"]


def _categories(df, **columns):
    """Parquet stores categories as strings; give them back their (ordered, complete) categories."""
    import pandas as pd
    for col, cats in columns.items():
        if col in df.columns:
            df[col] = pd.Categorical(df[col], categories=list(cats)) if cats else df[col].astype("category")
    return df
