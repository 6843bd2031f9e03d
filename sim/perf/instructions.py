"""Instructions per player-turn, counted by callgrind: the engine's speed figure of record.

On a shared machine wall-clock speed moves several-fold within an hour; the instructions executed
for the same games stay within about 0.01%. A child process plays the games under callgrind, which
counts only inside calls from Python into jitted code (numba's `call_cfunc`): the engine's batch
kernel, not Python's start-up. Instructions per decision come from a build that counts decisions
and turns callgrind's collection on while a policy answers (sim/engine/decision_count.py).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# numba keys its kernel cache on the CPU name and features, which it detects differently under
# valgrind, and valgrind 3.19 cannot run AVX-512 code (the host, a znver5, has it): so every process
# of a measurement (the warm-up and the measured child) compiles for, and loads, this fixed target.
PINNED_TARGET = {
    "NUMBA_CPU_NAME": "haswell",
    "NUMBA_CPU_FEATURES": "+64bit,+avx,+avx2,+bmi,+bmi2,+cmov,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,"
                          "+movbe,+popcnt,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+xsave,+sahf,+pclmul,"
                          "+aes,-avx512f",
}
SEED = 12345
_PLAY = ("import sim; r = sim.play({games}, players={players}, seed={seed}, policies=({policy!r},), "
         "events='none'); print(int(r.games['player_turns'].sum()))")
_DECIDE = ("import sim; from sim import games as api; from sim.engine.batch import GM_DECISIONS, GM_TURNS; "
           "from sim.engine.enums import LOG_NONE; "
           "c = api.game_config(players={players}, seed={seed}, policies=({policy!r},)); "
           "g = api.run_kernel(api.engine_for(c), c, 0, {games}, LOG_NONE)[0]; "
           "print(int(g[:, GM_DECISIONS].sum()), int(g[:, GM_TURNS].sum()))")


class InstructionsError(RuntimeError):
    """valgrind is missing, or a child process failed."""


def pinned_env(decisions: bool = False) -> dict:
    """This environment with the pinned target and that target's own kernel folder (beside the
    normal one, `numba-<hash>-haswell`; `seiya cache` lists and clears it), so that the normal
    folder keeps only the host's kernels, one entry each. decisions: the build that counts them,
    in a folder of its own (`-decisions`)."""
    from sim.engine.cache import COUNT_DECISIONS, DECISIONS_SUFFIX, configure
    folder = f"{configure()}-{PINNED_TARGET['NUMBA_CPU_NAME']}{DECISIONS_SUFFIX if decisions else ''}"
    return dict(os.environ, **PINNED_TARGET, NUMBA_CACHE_DIR=folder, **{COUNT_DECISIONS: "1" if decisions else "0"})


def valgrind() -> str:
    path = shutil.which("valgrind")
    if path is None:
        raise InstructionsError("--instructions needs `valgrind` on the PATH (Debian package valgrind)")
    return path


def _run(cmd: list[str], what: str, decisions: bool = False) -> str:
    r = subprocess.run(cmd, env=pinned_env(decisions), capture_output=True, text=True)
    if r.returncode != 0:
        raise InstructionsError(f"{what} failed: {(r.stderr.strip().splitlines() or ['no output'])[-1]}")
    return r.stdout


def warm_cache(players: int = 2, policy: str = "value", decisions: bool = False) -> None:
    """Compile (the first time) or load the pinned target's kernels (decisions: the build that
    counts them) in a child without valgrind, so that the measured child under valgrind only loads
    them."""
    _run([sys.executable, "-c", (_DECIDE if decisions else _PLAY).format(games=1, players=players, seed=SEED,
                                                                        policy=policy)],
         "the warm-up child", decisions)


def parse_callgrind(path: Path) -> int:
    """Instructions (the Ir event) of a callgrind out file: its `totals:` lines, else `summary:`
    (one of each per part)."""
    events, totals, summary = ["Ir"], [], []
    for line in Path(path).read_text().splitlines():
        key, _, rest = line.partition(":")
        if key == "events":
            events = rest.split()
        elif key in ("totals", "summary"):
            (totals if key == "totals" else summary).append(int(rest.split()[events.index("Ir")]))
    if not (totals or summary):
        raise InstructionsError(f"no totals or summary line in {path}")
    return sum(totals or summary)


def measure(players: int, policy: str, games: int, seed: int = SEED) -> tuple[int, int, int]:
    """Play `games` games under callgrind; (instructions, player-turns, games)."""
    with tempfile.TemporaryDirectory(prefix="seiya-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        stdout = _run([valgrind(), "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                       "--toggle-collect=*call_cfunc*", sys.executable, "-c",
                       _PLAY.format(games=games, players=players, seed=seed, policy=policy)],
                      "the child under valgrind")
        return parse_callgrind(out), int(stdout.split()[-1]), games


def measure_decisions(players: int, policy: str, games: int, seed: int = SEED) -> tuple[int, int, int]:
    """Play `games` games under callgrind with the build that counts decisions, collecting only
    while a policy answers; (instructions, decisions, player-turns)."""
    with tempfile.TemporaryDirectory(prefix="seiya-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        stdout = _run([valgrind(), "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
                       sys.executable, "-c", _DECIDE.format(games=games, players=players, seed=seed, policy=policy)],
                      "the child under valgrind", decisions=True)
        decisions, turns = (int(x) for x in stdout.split()[-2:])
        return parse_callgrind(out), decisions, turns
