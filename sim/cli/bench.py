"""`seiya bench`: how fast the engine plays (games/s, µs per player-turn), compiles and starts.

Every in-process figure is the median of several timed runs after a warm-up, for the base game
with the default policy and with `random`, at 2 and 4 players. Compile and start-up times come
from child processes: one with an empty temporary cache (cold compile), one with the warm cache.
Wall-clock figures move with the load of a shared machine; `--instructions` gives the figure that
does not (sim/perf/instructions.py).
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

import typer

from sim.cli.common import fail
from sim.cli.help import examples

PLAYER_COUNTS = (2, 4)
GAMES = 2000  # per timed run
INSTRUCTION_GAMES = 200  # per case under callgrind: about 40 s each, mostly Python's start-up there
SEARCH_SHARE = 200  # the search policy plays 1/200 of them when its decisions are counted: each plays games ahead
STARTS = 5  # cached start-ups timed (the first also writes the modules' bytecode)
_CHILD = ("import time; t = time.perf_counter(); import sim; sim.play(1, players=2); "
          "print(time.perf_counter() - t)")
_COLD_CHILD = ("import json, sim; from sim.perf.compile_time import watching_compiles\n"
               "with watching_compiles() as work:\n    sim.play(1, players=2)\n"
               "print(json.dumps(vars(work)))")

EXAMPLES = examples("seiya bench --quick",
                    "seiya bench --profile")


def _kernel_run(players: int, policy: str, first_game: int, games: int) -> tuple[float, int]:
    """Play games in this process with the bare kernel; (seconds, player-turns)."""
    from sim import games as api
    from sim.engine import enums as E
    from sim.engine.batch import GM_TURNS
    engine = api.get_engine()
    config = api.game_config(players=players, policies=policy)
    t0 = time.perf_counter()
    raw = api.run_kernel(engine, config, first_game, games, E.LOG_SUMMARY)
    return time.perf_counter() - t0, int(raw[0][:, GM_TURNS].sum())


def _load() -> str:
    """The machine's load (1-minute average) and cores: what other processes take from the
    wall-clock figures printed beside it."""
    try:
        return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    except (AttributeError, OSError):  # no load average on this system
        return "load unknown"


def _child_seconds(cache_dir: str, code: str = _CHILD) -> tuple[float, float, str]:
    """A fresh interpreter that imports sim and plays one game with this cache: (wall seconds,
    CPU seconds, user + system, of it and every process it waited for, and what it printed)."""
    import resource
    env = dict(os.environ, SEIYA_CACHE_DIR=cache_dir)
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps the modules' bytecode too
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def _folder_mb(folder: str) -> float:
    return sum(f.stat().st_size for f in Path(folder).rglob("*") if f.is_file()) / 1e6


def _throughput(players: int, policy: str, games: int, workers: int) -> float:
    """Games/s of `workers` processes playing ranges of games (fork: the engine is in memory)."""
    from concurrent.futures import ProcessPoolExecutor
    from sim.runs.executors import process_context
    if workers == 1:
        seconds, _ = _kernel_run(players, policy, 0, games)
        return games / seconds
    per = -(-games // workers)
    ranges = [(i * per, min(per, games - i * per)) for i in range(workers) if i * per < games]
    with ProcessPoolExecutor(max_workers=workers, mp_context=process_context()) as pool:
        list(pool.map(_kernel_run, [players] * workers, [policy] * workers, [0] * workers, [1] * workers))
        t0 = time.perf_counter()
        list(pool.map(_kernel_run, [players] * len(ranges), [policy] * len(ranges),
                      [r[0] for r in ranges], [r[1] for r in ranges]))
        return games / (time.perf_counter() - t0)


def bench(
    games: Optional[int] = typer.Option(None, "--games", "-n", help="Games per timed run (1 or more; default "
                                        f"{GAMES}; with --instructions, per measured case, default {INSTRUCTION_GAMES})."),
    repeats: int = typer.Option(5, "--repeats", "-r", help="Timed runs per figure; the median is shown (1 or more)."),
    workers: int = typer.Option(0, "--workers", "-w", help="Processes for the multi-process figure (default: all cores)."),
    quick: bool = typer.Option(False, "--quick", help="A fast check: few games, 2 runs, no cold compile."),
    profile: bool = typer.Option(False, "--profile", help="Instead: where the time goes, by part of the engine "
                                 "and by function (2 players, default policy, 10 x --games games; needs Linux perf)."),
    instructions: bool = typer.Option(False, "--instructions", help="Instead: instructions per player-turn, "
                                      "per game and per decision of each policy, counted by callgrind (steady "
                                      "under any load; needs valgrind; about 15 minutes, and two engine "
                                      "compiles the first time)."),
):
    """Measure the engine: games/s and µs per player-turn, compile and start-up time, memory."""
    import resource
    from sim.policy_catalog import DEFAULT_POLICY
    if (games is not None and games < 1) or repeats < 1 or workers < 0:
        fail("--games and --repeats must be 1 or more, --workers 0 (all cores) or more")
    if profile and instructions:
        fail("--profile and --instructions are separate measures: give one of them")
    if instructions:
        _print_instructions((DEFAULT_POLICY, "random"), games or INSTRUCTION_GAMES)
        return
    games = games or GAMES
    if profile:
        _print_profile(DEFAULT_POLICY, 10 * games)
        return
    if quick:
        games, repeats = min(games, 50), min(repeats, 2)
    workers = workers or os.cpu_count() or 1
    policies = (DEFAULT_POLICY, "random")

    t0 = time.perf_counter()
    for players in PLAYER_COUNTS:
        for policy in policies:
            _kernel_run(players, policy, 0, 2)  # warm-up: load (or compile) the kernels
    typer.echo(f"warm-up (load or compile in this process): {time.perf_counter() - t0:.1f} s")
    typer.echo(f"one process, median of {repeats} runs of {games} games (base game; {_load()}):")
    for players in PLAYER_COUNTS:
        for policy in policies:
            rates, per_turn = [], []
            for _ in range(repeats):
                seconds, turns = _kernel_run(players, policy, 0, games)
                rates.append(games / seconds)
                per_turn.append(seconds / max(turns, 1) * 1e6)
            typer.echo(f"  {players} players, {policy:<8} {statistics.median(rates):10.0f} games/s "
                       f"{statistics.median(per_turn):8.2f} µs/player-turn")

    starts = sorted(_child_seconds(_cache_dir())[:2] for _ in range(STARTS))
    wall, cpu = starts[STARTS // 2]
    typer.echo(f"cached start-up (import sim, play 1 game, new process; median of {STARTS}): {wall:.2f} s, "
               f"{cpu:.2f} CPU-s")
    if quick:
        typer.echo("cold compile (empty cache, new process): skipped with --quick")
    else:
        with tempfile.TemporaryDirectory(prefix="seiya-bench-") as tmp:
            wall, cpu, printed = _child_seconds(tmp, _COLD_CHILD)
            work = json.loads(printed.splitlines()[-1])
            typer.echo(f"cold compile (empty cache, new process): {wall:.1f} s, {cpu:.1f} CPU-s; "
                       f"kernel cache {_folder_mb(tmp):.1f} MB")
            typer.echo(f"  {work['kernels']} kernel versions compiled; LLVM {work['llvm_seconds']:.1f} s (optimizing "
                       "each kernel with all it calls, and its machine code), numba's own passes the rest")

    total = games * repeats
    typer.echo(f"throughput, 2 players, {DEFAULT_POLICY}, {total} games ({_load()}):")
    typer.echo(f"  1 process:   {_throughput(2, DEFAULT_POLICY, total, 1):10.0f} games/s")
    typer.echo(f"  {workers} processes: {_throughput(2, DEFAULT_POLICY, total, workers):10.0f} games/s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    typer.echo(f"peak memory (this process): {peak:.0f} MB")


def _cache_dir() -> str:
    from sim.engine.cache import cache_root
    return str(cache_root())


def _print_instructions(policies: tuple[str, ...], games: int) -> None:
    """Instructions per player-turn and per game of each policy, then per decision, with the
    search policy (its decisions play games ahead: it plays fewer games)."""
    from sim.perf.instructions import (PINNED_TARGET, SEED, InstructionsError, measure, measure_decisions,
                                       valgrind, warm_cache)
    target = PINNED_TARGET["NUMBA_CPU_NAME"]
    try:
        valgrind()  # before the warm-up, which may compile for minutes
        t0 = time.perf_counter()
        warm_cache()
        typer.echo(f"warm-up ({target} kernels, load or compile in a child): {time.perf_counter() - t0:.1f} s")
        typer.echo(f"instructions (callgrind, {target} target, {games} games each, seed {SEED}):")
        per_turn = {}
        for players in PLAYER_COUNTS:
            for policy in policies:
                total, turns, played = measure(players, policy, games)
                per_turn[players, policy] = total / max(turns, 1)
                typer.echo(f"  {players} players, {policy:<8} {per_turn[players, policy]:10,.0f} per player-turn "
                           f"{total / played:11,.0f} per game")
        t0 = time.perf_counter()
        warm_cache(decisions=True)
        typer.echo(f"warm-up (the build that counts decisions, load or compile in a child): "
                   f"{time.perf_counter() - t0:.1f} s")
        search_games = max(1, games // SEARCH_SHARE)
        typer.echo(f"instructions per decision (collected only while a policy answers; {games} games each, "
                   f"search {search_games}):")
        for players in PLAYER_COUNTS:
            for policy in policies + ("search",):
                total, decisions, turns = measure_decisions(players, policy, search_games if policy == "search"
                                                            else games)
                line = (f"  {players} players, {policy:<8} {total / max(decisions, 1):10,.0f} per decision "
                        f"{decisions / max(turns, 1):5.1f} decisions per player-turn")
                if (players, policy) in per_turn:
                    line += f"  {total / max(turns, 1) / per_turn[players, policy]:4.0%} of the player-turn"
                typer.echo(line)
    except InstructionsError as e:
        fail(str(e))


def _print_profile(policy: str, games: int) -> None:
    from sim.perf.profiling import ProfileError, profile
    try:
        functions, categories, info = profile(2, policy, games)
    except ProfileError as e:
        fail(str(e))
    per_turn = info["seconds"] / max(info["player_turns"], 1) * 1e6
    typer.echo(f"{info['games']} games of 2 players, {policy}, in {info['seconds']:.1f} s "
               f"({info['games'] / info['seconds']:.0f} games/s under perf, {per_turn:.2f} µs/player-turn); "
               f"{info['samples']} samples")
    typer.echo("by part of the engine (policy decisions include the fight values and costs they weigh):")
    for row in categories.itertuples():
        typer.echo(f"  {row.share:6.1%}  {row.share * per_turn:5.2f} µs/player-turn  {row.category}")
    typer.echo("by function (what LLVM inlined counts in its caller), the top 25:")
    for row in functions.head(25).itertuples():
        name = f"{row.module}.{row.function}" if row.module else row.function
        typer.echo(f"  {row.share:6.1%}  {name}  ({row.category})")
