"""A run folder on disk: its layout, its manifest, its tables written atomically and read back.

    manifest.json            the full configuration (sim.config.RunConfig, whole), card-set hash,
                             engine version, progress, status
    cards.parquet            the card table as run (so reports survive later edits of the card file)
    games/batch-00000.parquet, players/..., events/..., decks/..., held/...   one file per table
                             per batch (held: the cards each player had in hand, for the use rates)
    counters/batch-00000.parquet   the batch's additive counters (sim.runs.counters): the report
                                   is computed from these alone

Each file is written under a temporary name and then renamed, and a batch counts as done only
once the manifest lists it, so an interrupted run folder is never half-written: it is a smaller run.
"""
from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from sim.config import ConfigError, RunConfig

TABLES = ("games", "players", "events", "decks", "held")
COUNTERS = "counters"
MANIFEST = "manifest.json"
EVENT_LEVELS = ("summary", "full", "none")
# The events table's columns (as sim.play makes them), for a run that recorded none.
EVENT_COLUMNS = {"game": "int64", "turn": "int16", "round": "int16", "seat": "int8", "kind": "object",
                 "card_id": "int16", "how": "object", "a": "int32", "b": "int32"}


class RunConfigError(ConfigError):
    """A run that cannot be started (bad card, policy, box, player count or output folder)."""


def check_out_folder(out: str | Path):
    """Refuse, before any work and without creating anything, an output folder that is in use or
    whose nearest existing parent is not a writable folder."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise RunConfigError(f"output folder {out} already exists and is not empty; choose a new --out")
    parent = out
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        why = "not a directory" if not parent.is_dir() else "permission denied"
        raise RunConfigError(f"cannot write the output folder {out}: {parent} is {why}")


def prepare_folder(out: str | Path) -> Path:
    """Create an empty run folder (or accept an existing empty one); refuse anything else."""
    out = Path(out)
    check_out_folder(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise RunConfigError(f"cannot write the output folder {out}: {e.strerror or e}") from None
    return out


def default_folder(config: RunConfig, root: str | Path = "runs") -> Path:
    """runs/<time>-<boxes>-<players>p-<games>g-s<seed>: sortable by time, readable at a glance."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-{'+'.join(config.boxes)}-{config.players}p-{config.games}g-s{config.seed}"
    path = Path(root) / name
    n = 1
    while path.exists():
        n += 1
        path = Path(root) / f"{name}-{n}"
    return path


def write_atomic_bytes(path: Path, data: bytes):
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_manifest(folder: Path, manifest: dict):
    write_atomic_bytes(folder / MANIFEST, json.dumps(manifest, indent=2, default=str).encode())


# Integer columns that run in order or by small steps (the game, turn and round of each row; an
# event's slot or code): delta-encoded, they write about a quarter faster than as dictionaries
# and take about as much room (the games and players tables less).
DELTA_COLUMNS = ("game", "turn", "round", "a", "b")


def _parquet(df, where):
    """Write df as Parquet to a path or a binary file. A categorical column is written as the
    dictionary it is (no string made per row) and no schema of the writer's is stored, so every
    reader gets plain strings and batches with different categories concatenate without clashes.
    Statistics only for `game`, the column a reader filters batches on: the others' cost time. A
    column without missing values is written as required, which spares the writer the null
    bookkeeping of every value (about 15% of the write) and reads back the same."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    table = pa.Table.from_pandas(df, preserve_index=False).replace_schema_metadata(None)
    table = table.cast(pa.schema([field.with_nullable(column.null_count > 0)
                                  for field, column in zip(table.schema, table.columns)]))
    delta = [name for name in DELTA_COLUMNS
             if name in table.column_names and pa.types.is_integer(table.schema.field(name).type)]
    pq.write_table(table, where, store_schema=False,
                   use_dictionary=[name for name in table.column_names if name not in delta],
                   column_encoding=dict.fromkeys(delta, "DELTA_BINARY_PACKED"),
                   write_statistics=["game"] if "game" in df.columns else False)


def write_parquet_atomic(df, path: Path):
    tmp = path.with_name(f".{path.name}.tmp")
    _parquet(df, tmp)
    os.replace(tmp, path)


def parquet_bytes(df) -> bytes:
    """The bytes `write_parquet_atomic` would write (a Dask worker sends these to the client)."""
    import io
    buf = io.BytesIO()
    _parquet(df, buf)
    return buf.getvalue()


def batch_name(index: int) -> str:
    return f"batch-{index:05d}.parquet"


def batch_tables(events: str) -> tuple[str, ...]:
    """The data tables a batch writes: all of TABLES, without `events` when the run records none
    (and its counters, see `play_batch`)."""
    return tuple(t for t in TABLES if not (t == "events" and events == "none"))


def logged_events(events: str) -> str:
    """The event log the engine keeps for a run's `events` setting: at least the summary, which
    the counters need; `events` decides only what is written."""
    return "summary" if events == "none" else events


def config_dict(config: RunConfig) -> dict:
    """The config as the manifest stores it, whole (the card file by its absolute path)."""
    return config.with_changes(cardset=str(Path(config.cardset).resolve()) if config.cardset else None) \
        .model_dump(mode="json")


def config_from_manifest(manifest: dict) -> RunConfig:
    """The RunConfig a run folder was made with (older manifests name their policies, and have
    no mode or rules parameters: the defaults of then)."""
    try:
        return RunConfig.build(**manifest["config"])
    except ConfigError as e:
        raise RunConfigError(f"the manifest's config cannot be played: {e}") from None


def read_manifest(folder: str | Path) -> dict:
    path = Path(folder) / MANIFEST
    if not path.is_file():
        raise RunConfigError(f"{folder} is not a run folder (no {MANIFEST}); give a folder made by `seiya simulate`")
    return json.loads(path.read_text())


def read_table(folder: str | Path, table: str):
    """One table of a run: the done batches (as listed in the manifest), in game order."""
    import pandas as pd
    folder = Path(folder)
    manifest = read_manifest(folder)
    if table not in batch_tables((manifest.get("config") or {}).get("events", "summary")):
        return pd.DataFrame({c: pd.Series(dtype=t) for c, t in EVENT_COLUMNS.items()})  # none recorded
    parts = [pd.read_parquet(folder / table / batch_name(b["index"]))
             for b in sorted(manifest["batches"], key=lambda b: b["first_game"])]
    if not parts:
        return pd.DataFrame()
    return pd.concat(parts, ignore_index=True)
