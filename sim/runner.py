"""Runs on disk: play a range of games in batches across worker processes into a run folder.

A run folder holds
    manifest.json            the full configuration, card-set hash, engine version, progress, status
    cards.parquet            the card table as run (so reports survive later edits of the card file)
    games/batch-00000.parquet, players/..., events/..., decks/...   one file per table per batch

A batch is just a range of game indices, and every game is reproducible from (seed, game index)
alone, so the data do not depend on the number of workers or the batch size. Each Parquet file is
written under a temporary name and then renamed, and a batch counts as done only once the
manifest lists it, so an interrupted run folder is never half-written: it is a smaller run.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import platform
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

TABLES = ("games", "players", "events", "decks")
MANIFEST = "manifest.json"
MAX_PLAYERS = 5


class RunConfigError(ValueError):
    """A run that cannot be started (bad card, policy, box, player count or output folder)."""


@dataclass
class RunConfig:
    """Everything that decides a run's games. Two runs with equal configs hold equal data."""
    games: int = 1000
    players: int = 2
    boxes: tuple = ("base",)
    seed: int = 0
    policies: tuple = ("<default>",)
    heroes: tuple | None = None
    cardset: str | None = None
    overrides: dict = field(default_factory=dict)
    first_game: int = 0

    def play_kwargs(self) -> dict:
        """The keyword arguments of `sim.play` shared by every batch."""
        return dict(players=self.players, boxes=tuple(self.boxes), seed=self.seed,
                    policies=tuple(self.policies), heroes=tuple(self.heroes) if self.heroes else None,
                    cardset=self.cardset, overrides=dict(self.overrides) or None)


# --- Checking a config before anything is written ---------------------------------------------
def check_config(config: RunConfig):
    """Raise RunConfigError (one line, saying what is allowed) for a run that cannot start.

    Builds the card set (box names, the designer's card file, the overrides) and the seat set-up
    (policies, Heroes, player count) exactly as the engine will, without playing."""
    from . import api
    from .schema import CardFileError
    if not 2 <= config.players <= MAX_PLAYERS:
        raise RunConfigError(f"--players must be 2 to {MAX_PLAYERS}, not {config.players}")
    if config.games < 1:
        raise RunConfigError(f"--games must be at least 1, not {config.games}")
    if config.seed < 0:
        raise RunConfigError(f"--seed must be 0 or more, not {config.seed}")
    if config.cardset and not Path(config.cardset).is_file():
        raise RunConfigError(f"--cardset {config.cardset}: no such card file")
    try:
        api.get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
        api._seat_config(config.players, tuple(config.policies),
                         tuple(config.heroes) if config.heroes else None)
    except (CardFileError, ValueError, NotImplementedError) as e:
        raise RunConfigError(str(e).splitlines()[0]) from None


def prepare_folder(out: str | Path) -> Path:
    """Create an empty run folder (or accept an existing empty one); refuse anything else."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise RunConfigError(f"output folder {out} already exists and is not empty; choose a new --out")
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


# --- Atomic writes ------------------------------------------------------------------------------
def write_atomic_bytes(path: Path, data: bytes):
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_manifest(folder: Path, manifest: dict):
    write_atomic_bytes(folder / MANIFEST, json.dumps(manifest, indent=2, default=str).encode())


def write_parquet_atomic(df, path: Path):
    """Parquet with categories stored as plain strings, so batches concatenate without clashes."""
    df = df.copy()
    for col in df.columns:
        if str(df[col].dtype) == "category":
            df[col] = df[col].astype(str)
    tmp = path.with_name(f".{path.name}.tmp")
    df.to_parquet(tmp, index=False)
    os.replace(tmp, path)


def batch_name(index: int) -> str:
    return f"batch-{index:05d}.parquet"


# --- The worker ---------------------------------------------------------------------------------
def play_batch_to_disk(kwargs: dict, first_game: int, n_games: int, folder: str, index: int) -> dict:
    """Play one batch and write its four tables. Runs in a worker: imports the engine there (its
    compiled kernels load from the on-disk numba cache the parent filled)."""
    import sim
    t0 = time.perf_counter()
    res = sim.play(n_games, first_game=first_game, events="summary", **kwargs)
    for table in TABLES:
        write_parquet_atomic(getattr(res, table), Path(folder) / table / batch_name(index))
    return {"index": index, "first_game": first_game, "games": n_games,
            "seconds": round(time.perf_counter() - t0, 3)}


def plan_batches(first_game: int, games: int, batch_size: int) -> list[tuple[int, int, int]]:
    """(index, first game, number of games) for each batch."""
    out = []
    for i, start in enumerate(range(0, games, batch_size)):
        out.append((i, first_game + start, min(batch_size, games - start)))
    return out


def default_batch_size(games: int, workers: int) -> int:
    """About four batches per worker (smooth progress, balanced load), 50 to 5000 games each."""
    return max(50, min(5000, -(-games // (4 * max(workers, 1)))))


def engine_info() -> dict:
    import numba

    from . import __version__
    from .cache import engine_hash
    return {"version": __version__, "engine_hash": engine_hash(), "numba": numba.__version__,
            "python": platform.python_version()}


def new_manifest(config: RunConfig, workers: int, batch_size: int, batches) -> dict:
    from .api import get_engine
    engine = get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
    return {
        "kind": "seiya-sim run",
        "status": "running",
        "config": {**asdict(config), "boxes": list(config.boxes), "policies": list(config.policies),
                   "heroes": list(config.heroes) if config.heroes else None,
                   "cardset": str(Path(config.cardset).resolve()) if config.cardset else None},
        "cardset_hash": engine.hash,
        "n_cards": len(engine.cards),
        "engine": engine_info(),
        "workers": workers,
        "batch_size": batch_size,
        "games_planned": config.games,
        "games_done": 0,
        "batches_planned": len(batches),
        "batches": [],
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "finished": None,
        "seconds": None,
        "argv": sys.argv,
    }


# --- The run ------------------------------------------------------------------------------------
def simulate_to_folder(config: RunConfig, out: str | Path | None = None, workers: int | None = None,
                       batch_size: int | None = None,
                       on_progress: Callable[[int], None] | None = None) -> Path:
    """Check the config, play every batch (in-process for one worker, else in a process pool),
    write the run folder and return its path. `on_progress(games_done)` is called after each batch.
    On Ctrl-C the manifest is marked 'interrupted' and the finished batches stay usable."""
    check_config(config)
    warm_up(config.play_kwargs())
    workers = max(1, int(workers or os.cpu_count() or 1))
    folder = prepare_folder(out if out is not None else default_folder(config))
    batch_size = int(batch_size or default_batch_size(config.games, workers))
    batches = plan_batches(config.first_game, config.games, batch_size)
    for table in TABLES:
        (folder / table).mkdir(exist_ok=True)
    manifest = new_manifest(config, workers, batch_size, batches)
    write_manifest(folder, manifest)
    _write_cards(config, folder)
    t0 = time.perf_counter()
    try:
        _play_all(config, folder, workers, batches, manifest, on_progress)
        manifest["status"] = "complete"
    except KeyboardInterrupt:
        manifest["status"] = "interrupted"
        raise
    except BaseException:
        manifest["status"] = "failed"
        raise
    finally:
        manifest["batches"].sort(key=lambda b: b["index"])
        manifest["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        manifest["seconds"] = round(time.perf_counter() - t0, 3)
        write_manifest(folder, manifest)
    return folder


def _write_cards(config: RunConfig, folder: Path):
    from .api import get_engine
    engine = get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
    write_parquet_atomic(engine.frame, folder / "cards.parquet")


def _record(manifest: dict, folder: Path, done: dict, on_progress):
    manifest["batches"].append(done)
    manifest["games_done"] += done["games"]
    write_manifest(folder, manifest)
    if on_progress:
        on_progress(manifest["games_done"])


def _play_all(config, folder, workers, batches, manifest, on_progress):
    kwargs = config.play_kwargs()
    if workers == 1 or len(batches) == 1:
        for b in batches:
            _record(manifest, folder, play_batch_to_disk(kwargs, b[1], b[2], str(folder), b[0]), on_progress)
        return
    with ProcessPoolExecutor(max_workers=min(workers, len(batches)), mp_context=_context()) as pool:
        pending = {pool.submit(play_batch_to_disk, kwargs, b[1], b[2], str(folder), b[0]) for b in batches}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    _record(manifest, folder, f.result(), on_progress)
        except BaseException:
            for f in pending:
                f.cancel()
            raise


def warm_up(kwargs: dict):
    """Play one game in the parent so the numba kernels are compiled (and cached on disk) once,
    before any worker starts (workers then load them instead of each compiling its own) and
    before the clock starts (games/s measures playing, not compiling)."""
    import sim
    sim.play(1, events="summary", **kwargs)


def _context():
    """fork on Linux (workers start with the compiled engine already in memory), spawn elsewhere."""
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


# --- Reading a run folder -------------------------------------------------------------------------
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
    parts = [pd.read_parquet(folder / table / batch_name(b["index"]))
             for b in sorted(manifest["batches"], key=lambda b: b["first_game"])]
    if not parts:
        return pd.DataFrame()
    return pd.concat(parts, ignore_index=True)
