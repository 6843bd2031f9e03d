"""Runs on disk: play a range of games in batches across worker processes into a run folder.

A run folder holds
    manifest.json            the full configuration, card-set hash, engine version, progress, status
    cards.parquet            the card table as run (so reports survive later edits of the card file)
    games/batch-00000.parquet, players/..., events/..., decks/...   one file per table per batch
    counters/batch-00000.parquet   the batch's additive counters (analysis.counters): the report
                                   is computed from these alone

The engine always logs at least the summary events (the counters need them); the run's `events`
setting (summary, full or none) decides only which event table is written.

A batch is just a range of game indices, and every game is reproducible from (seed, game index)
alone, so the data do not depend on the number of workers or the batch size. Each Parquet file is
written under a temporary name and then renamed, and a batch counts as done only once the
manifest lists it, so an interrupted run folder is never half-written: it is a smaller run.

The manifest's status is running, complete, interrupted (Ctrl-C) or failed (a batch failed twice;
`error` says why); `batches` lists the finished ones. `resume_run(folder)` plays the missing ones
with the configuration from the manifest, giving the same tables as an uninterrupted run.
Batches run in this process, in a local process pool or on Dask (sim.runs.executors); a failed batch
is retried once.
"""
from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

TABLES = ("games", "players", "events", "decks")
COUNTERS = "counters"
MANIFEST = "manifest.json"
MAX_PLAYERS = 5
EVENT_LEVELS = ("summary", "full", "none")
# The events table's columns (as sim.play makes them), for a run that recorded none.
EVENT_COLUMNS = {"game": "int64", "turn": "int16", "round": "int16", "seat": "int8", "kind": "object",
                 "card_id": "int16", "how": "object", "a": "int32", "b": "int32"}


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
    events: str = "summary"   # "summary" (reveals, acquisitions, flames), "full" or "none"
    seats: str = "random"     # R9: "random" (different policies trade seats each game) or "fixed"

    def play_kwargs(self) -> dict:
        """The keyword arguments of `sim.play` shared by every batch."""
        return dict(players=self.players, boxes=tuple(self.boxes), seed=self.seed,
                    policies=tuple(self.policies), heroes=tuple(self.heroes) if self.heroes else None,
                    cardset=self.cardset, overrides=dict(self.overrides) or None, seats=self.seats)


# --- Checking a config before anything is written ---------------------------------------------
def check_config(config: RunConfig):
    """Raise RunConfigError (one line, saying what is allowed) for a run that cannot start.

    Builds the card set (box names, the designer's card file, the overrides) and the seat set-up
    (policies, Heroes, player count) exactly as the engine will, without playing."""
    from sim import games as api
    from sim.cards.schema import CardFileError
    if not 2 <= config.players <= MAX_PLAYERS:
        raise RunConfigError(f"--players must be 2 to {MAX_PLAYERS}, not {config.players}")
    if config.seats not in ("random", "fixed"):
        raise RunConfigError(f"--seats must be random or fixed, not {config.seats}")
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


# --- Atomic writes ------------------------------------------------------------------------------
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


# --- The worker ---------------------------------------------------------------------------------
# A test hook: called with the batch index at the start of every batch, in the worker (a forked
# worker inherits it). Tests set it to make a batch fail or a worker die.
_before_batch: Callable[[int], None] | None = None


def batch_tables(events: str) -> tuple[str, ...]:
    """The data tables a batch writes: all four, without `events` when the run records none
    (and its counters, see `play_batch`)."""
    return tuple(t for t in TABLES if not (t == "events" and events == "none"))


def logged_events(events: str) -> str:
    """The event log the engine keeps for a run's `events` setting: at least the summary, which
    the counters need; `events` decides only what is written."""
    return "summary" if events == "none" else events


def play_batch(kwargs: dict, events: str, first_game: int, n_games: int, index: int,
               folder: str | None = None) -> tuple[dict, dict | None]:
    """Play one batch in a worker (the engine is imported here; its kernels load from the on-disk
    numba cache). With a `folder` (workers on this machine) write its tables there and return
    (info, None); without (Dask workers, maybe on another machine) return (info, {table: Parquet
    bytes}) for the client to write."""
    import sim
    from sim.engine.cache import engine_hash
    if _before_batch is not None:
        _before_batch(index)
    from analysis.counters import make_counters
    t0 = time.perf_counter()
    res = sim.play(n_games, first_game=first_game, events=logged_events(events), **kwargs)
    frames = {table: getattr(res, table) for table in batch_tables(events)}
    frames[COUNTERS] = make_counters(res.games, res.players, res.events, res.decks)
    payload = {}
    for table, df in frames.items():
        if folder is not None:
            write_parquet_atomic(df, Path(folder) / table / batch_name(index))
        else:
            payload[table] = parquet_bytes(df)
    info = {"index": index, "first_game": first_game, "games": n_games,
            "seconds": round(time.perf_counter() - t0, 3), "engine_hash": engine_hash()}
    return info, (None if folder is not None else payload)


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

    from sim import __version__
    from sim.engine.cache import engine_hash
    return {"version": __version__, "engine_hash": engine_hash(), "numba": numba.__version__,
            "python": platform.python_version()}


def config_dict(config: RunConfig) -> dict:
    return {**asdict(config), "boxes": list(config.boxes), "policies": list(config.policies),
            "heroes": list(config.heroes) if config.heroes else None,
            "cardset": str(Path(config.cardset).resolve()) if config.cardset else None}


def config_from_manifest(manifest: dict) -> RunConfig:
    """The RunConfig a run folder was made with (older manifests: events "summary")."""
    c = manifest["config"]
    return RunConfig(games=c["games"], players=c["players"], boxes=tuple(c["boxes"]), seed=c["seed"],
                     policies=tuple(c["policies"]), heroes=tuple(c["heroes"]) if c.get("heroes") else None,
                     cardset=c.get("cardset"), overrides=dict(c.get("overrides") or {}),
                     first_game=c.get("first_game", 0), events=c.get("events", "summary"),
                     seats=c.get("seats", "random"))


def new_manifest(config: RunConfig, workers: int, batch_size: int, batches) -> dict:
    from sim.games import get_engine
    engine = get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
    return {
        "kind": "seiya-sim run",
        "status": "running",
        "config": config_dict(config),
        "cardset_hash": engine.hash,
        "n_cards": len(engine.cards),
        "engine": engine_info(),
        "workers": workers,
        "executor": None,
        "batch_size": batch_size,
        "games_planned": config.games,
        "games_done": 0,
        "batches_planned": len(batches),
        "batches_done": 0,
        "batches": [],
        "error": None,
        "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "resumed": [],
        "finished": None,
        "seconds": None,
        "argv": sys.argv,
        "host": platform.node(),
        "pid": os.getpid(),
    }


# --- The run ------------------------------------------------------------------------------------
class RunFailed(RuntimeError):
    """A batch failed twice (or a worker runs another engine): the run stops with status failed.
    The message is one line; the finished batches are kept and `resume_run` can finish the run."""


def simulate_to_folder(config: RunConfig, out: str | Path | None = None, workers: int | None = None,
                       batch_size: int | None = None,
                       on_progress: Callable[[int], None] | None = None,
                       scheduler: str | None = None, cluster: str | None = None,
                       notice: Callable[[str], None] | None = None) -> Path:
    """Check the config, play every batch (in this process for one worker, else in a process pool,
    or on Dask with `scheduler`/`cluster`), write the run folder and return its path.
    `on_progress(games_done)` is called after each batch; `notice(line)` for retries.
    On Ctrl-C the manifest is marked 'interrupted', on a batch that fails twice 'failed'; the
    finished batches stay usable and `resume_run(folder)` plays the rest."""
    from sim.runs.executors import make_executor, wants_dask
    check_config(config)
    if config.events not in EVENT_LEVELS:
        raise RunConfigError(f"events must be one of {', '.join(EVENT_LEVELS)}, not '{config.events}'")
    if out is not None and Path(out).exists() and (not Path(out).is_dir() or any(Path(out).iterdir())):
        prepare_folder(out)  # refuse a used folder before connecting or compiling
    executor = make_executor(workers, scheduler, cluster) if wants_dask(scheduler, cluster) else None
    try:
        warm_up(config.play_kwargs())
        n_workers = executor.workers if executor else max(1, int(workers or os.cpu_count() or 1))
        batch_size = int(batch_size or default_batch_size(config.games, n_workers))
        batches = plan_batches(config.first_game, config.games, batch_size)
        if executor is None:
            executor = make_executor(n_workers, n_batches=len(batches))
        folder = prepare_folder(out if out is not None else default_folder(config))
        for table in batch_tables(config.events) + (COUNTERS,):
            (folder / table).mkdir(exist_ok=True)
        manifest = new_manifest(config, n_workers, batch_size, batches)
        write_manifest(folder, manifest)
        _write_cards(config, folder)
    except BaseException:
        if executor is not None:
            executor.close(cancel=True)
        raise
    _execute(config, folder, manifest, batches, executor, on_progress, notice)
    return folder


def resume_run(folder: str | Path, workers: int | None = None,
               on_progress: Callable[[int], None] | None = None,
               scheduler: str | None = None, cluster: str | None = None,
               notice: Callable[[str], None] | None = None) -> Path:
    """Finish an interrupted or failed run with the configuration in its manifest: play only the
    batches it does not list as done (same batch plan), so the tables end up identical to those
    of an uninterrupted run. Refuses if the card set or the engine changed since the run began."""
    from sim.games import get_engine
    from sim.engine.cache import engine_hash
    from sim.runs.executors import make_executor, wants_dask
    folder = Path(folder)
    manifest = read_manifest(folder)
    try:
        config = config_from_manifest(manifest)
        batch_size = int(manifest["batch_size"])
    except (KeyError, TypeError, ValueError) as e:
        raise RunConfigError(f"{folder}: the manifest is incomplete ({e}); cannot resume") from None
    check_config(config)
    engine = get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
    if engine.hash != manifest.get("cardset_hash"):
        raise RunConfigError(f"{folder}: the cards changed since the run began (card-set hash "
                             f"{manifest.get('cardset_hash')}, now {engine.hash}); start a new run")
    if engine_hash() != manifest.get("engine", {}).get("engine_hash"):
        raise RunConfigError(f"{folder}: the engine changed since the run began (engine hash "
                             f"{manifest.get('engine', {}).get('engine_hash')}, now {engine_hash()}); "
                             "resume with the same seiya-sim version, or start a new run")
    if _still_running(manifest):
        raise RunConfigError(f"{folder} is still being played (process {manifest['pid']} on this machine); "
                             "stop it first, or wait for it to finish")
    batches = run_plan(manifest, config, batch_size)
    tables = batch_tables(config.events)  # an older version's batches have no counters: counted when read
    done = [b for b in manifest.get("batches", [])
            if all((folder / t / batch_name(b["index"])).is_file() for t in tables)]
    done_ids = {b["index"] for b in done}
    todo = [b for b in batches if b[0] not in done_ids]
    for tmp in folder.rglob(".*.tmp"):  # files a stopped worker was writing
        tmp.unlink(missing_ok=True)
    manifest["batches"] = sorted(done, key=lambda b: b["index"])
    manifest["batches_done"] = len(done)
    manifest["games_done"] = sum(b["games"] for b in done)
    manifest["batches_planned"] = len(batches)
    if not todo:
        manifest["status"] = "complete"
        write_manifest(folder, manifest)
        return folder
    executor = make_executor(workers, scheduler, cluster) if wants_dask(scheduler, cluster) else None
    try:
        warm_up(config.play_kwargs())
        if executor is None:
            executor = make_executor(workers, n_batches=len(todo))
    except BaseException:
        if executor is not None:
            executor.close(cancel=True)
        raise
    for table in batch_tables(config.events) + (COUNTERS,):
        (folder / table).mkdir(exist_ok=True)
    manifest["status"] = "running"
    manifest["error"] = None
    manifest["host"], manifest["pid"] = platform.node(), os.getpid()
    manifest.setdefault("resumed", []).append(datetime.now(timezone.utc).isoformat(timespec="seconds"))
    write_manifest(folder, manifest)
    _execute(config, folder, manifest, todo, executor, on_progress, notice)
    return folder


def run_plan(manifest: dict, config: RunConfig, batch_size: int) -> list[tuple[int, int, int]]:
    """A run's batches: the manifest's `plan` once the run was extended, else the plain plan."""
    if manifest.get("plan"):
        return [tuple(b) for b in manifest["plan"]]
    return plan_batches(config.first_game, config.games, batch_size)


def extend_run(folder: str | Path, games: int, workers: int | None = None,
               on_progress: Callable[[int], None] | None = None,
               scheduler: str | None = None, cluster: str | None = None,
               notice: Callable[[str], None] | None = None) -> Path:
    """Add `games` games to a complete run: new batches (same batch size) on the next game indices,
    appended to the manifest's `plan` and played by `resume_run`. Every game depends only on
    (seed, game index), so the result equals one run of the final size."""
    folder = Path(folder)
    manifest = read_manifest(folder)
    if manifest.get("status") != "complete":
        raise RunConfigError(f"{folder} is {manifest.get('status')}, not complete; "
                             f"finish it first with `seiya simulate --resume {folder}`")
    if games < 1:
        raise RunConfigError(f"games to add must be at least 1, not {games}")
    config = config_from_manifest(manifest)
    batch_size = int(manifest["batch_size"])
    plan = run_plan(manifest, config, batch_size)
    nxt = max(b[0] for b in plan) + 1
    new = [(nxt + i, first, n) for i, first, n in plan_batches(config.first_game + config.games, games, batch_size)]
    manifest["plan"] = [list(b) for b in plan + new]
    manifest["config"]["games"] = manifest["games_planned"] = config.games + games
    manifest["batches_planned"] = len(manifest["plan"])
    manifest["status"] = "interrupted"  # until resume_run has played the new batches
    write_manifest(folder, manifest)
    return resume_run(folder, workers, on_progress=on_progress, scheduler=scheduler, cluster=cluster,
                      notice=notice)


def _still_running(manifest: dict) -> bool:
    """True if the manifest says running and its process is alive on this machine."""
    pid = manifest.get("pid")
    if manifest.get("status") != "running" or manifest.get("host") != platform.node() or not pid \
            or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # alive, owned by someone else
    return True


def _execute(config, folder, manifest, todo, executor, on_progress, notice):
    """Play the batches `todo` on `executor`, recording each finished one; set the final status."""
    manifest["executor"] = executor.describe()
    manifest["workers"] = executor.workers
    seconds_before = manifest.get("seconds") or 0.0
    t0 = time.perf_counter()
    cancel = True
    try:
        _drive(config, folder, manifest, todo, executor, on_progress, notice)
        manifest["status"] = "complete"
        cancel = False
    except KeyboardInterrupt:
        manifest["status"] = "interrupted"
        raise
    except BaseException as e:
        manifest["status"] = "failed"
        manifest["error"] = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise
    finally:
        try:
            executor.close(cancel=cancel)
        finally:
            manifest["batches"].sort(key=lambda b: b["index"])
            manifest["batches_done"] = len(manifest["batches"])
            manifest["finished"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
            manifest["seconds"] = round(seconds_before + time.perf_counter() - t0, 3)
            write_manifest(folder, manifest)


def _write_cards(config: RunConfig, folder: Path):
    from sim.games import get_engine
    engine = get_engine(tuple(config.boxes), config.cardset, config.overrides or None)
    write_parquet_atomic(engine.frame, folder / "cards.parquet")


def _describe_batch(b) -> str:
    return f"batch {b[0]} (games {b[1]}-{b[1] + b[2] - 1})"


def _error_line(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e).strip() else ""
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _drive(config, folder, manifest, todo, executor, on_progress, notice):
    """Keep up to `executor.capacity` batches in flight; record each as it finishes (writing the
    tables a Dask worker sent back); retry a failed batch once (a dead worker process counts as a
    failure of the batches in its pool), then stop with RunFailed."""
    from sim.engine.cache import engine_hash
    kwargs = config.play_kwargs()
    here = engine_hash()
    target = str(folder) if executor.writes_locally else None
    queue = deque(todo)
    attempts: dict[int, int] = {}
    pending: dict = {}

    def record(info: dict, payload: dict | None):
        theirs = info.pop("engine_hash", here)
        if theirs != here:
            raise RunFailed(f"a worker runs another engine (hash {theirs}, here {here}): the engine's sources "
                            "changed during the run, or the client, the scheduler and the workers of a cluster "
                            "do not run the same seiya-sim version")
        for table, data in (payload or {}).items():
            write_atomic_bytes(folder / table / batch_name(info["index"]), data)
        manifest["batches"].append(info)
        manifest["batches_done"] = len(manifest["batches"])
        manifest["games_done"] += info["games"]
        write_manifest(folder, manifest)
        if on_progress:
            on_progress(manifest["games_done"])

    try:
        while queue or pending:
            while queue and len(pending) < executor.capacity:
                b = queue.popleft()
                attempts[b[0]] = attempts.get(b[0], 0) + 1
                pending[executor.submit(play_batch, kwargs, config.events, b[1], b[2], b[0], target)] = b
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for f in sorted(finished, key=lambda f: pending[f][0]):
                b = pending.pop(f)
                try:
                    info, payload = f.result()
                except Exception as e:  # a dead worker process: BrokenProcessPool (the pool restarts)
                    if attempts[b[0]] >= 2:
                        raise RunFailed(f"{_describe_batch(b)} failed twice ({_error_line(e)}); the finished "
                                        f"batches are kept: `seiya simulate --resume {folder}` retries") from e
                    if notice:
                        notice(f"{_describe_batch(b)} failed ({_error_line(e)}); retrying it once")
                    queue.appendleft(b)
                    continue
                record(info, payload)
    except BaseException:
        for f, b in list(pending.items()):  # keep what finished while we stopped
            if f.done() and not f.cancelled() and f.exception() is None:
                try:
                    record(*f.result())
                except Exception:
                    pass
            else:
                f.cancel()
        raise


def warm_up(kwargs: dict):
    """Play one game and count it in the parent so the numba kernels (engine and counters) are
    compiled (and cached on disk) once, before any worker starts (workers then load them instead
    of each compiling its own) and before the clock starts (games/s measures playing, not
    compiling). Compiling takes about 1 GB that the process keeps: when the kernels are not
    cached yet, a fresh interpreter compiles them (the kernels are the same for every card set
    and seat set-up), so that neither the parent nor the workers it forks hold that memory.
    Should it fail, this process compiles them."""
    from sim.engine.cache import kernels_cached
    if not kernels_cached():
        in_fresh_interpreter("from sim.runs.runner import play_and_count; play_and_count({'players': 2})")
    play_and_count(kwargs)


def in_fresh_interpreter(code: str) -> int:
    """Run `python -c code` with this checkout on its path and this process's kernel cache
    (nothing of the caller's main module runs again there, unlike a spawned multiprocessing
    child); its exit code. On an interruption it is not left running."""
    import subprocess
    root = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    child = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=path),
                             stdin=subprocess.DEVNULL)
    try:
        return child.wait()
    finally:
        if child.poll() is None:
            child.kill()


def play_and_count(kwargs: dict):
    """One game played and counted (this compiles or loads every kernel a batch runs)."""
    import sim
    from analysis.counters import make_counters
    res = sim.play(1, events="summary", **kwargs)
    make_counters(res.games, res.players, res.events, res.decks)


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
    if table not in batch_tables((manifest.get("config") or {}).get("events", "summary")):
        return pd.DataFrame({c: pd.Series(dtype=t) for c, t in EVENT_COLUMNS.items()})  # none recorded
    parts = [pd.read_parquet(folder / table / batch_name(b["index"]))
             for b in sorted(manifest["batches"], key=lambda b: b["first_game"])]
    if not parts:
        return pd.DataFrame()
    return pd.concat(parts, ignore_index=True)
