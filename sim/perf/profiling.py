"""Where the engine's time goes: Linux perf samples of a child process playing games, laid onto
the jitted engine functions.

perf cannot name numba's code by itself: it runs from memory, not from a file. The child loads
the kernels from the cache, keeps the object code of `play_batch` (the engine with every callee
that LLVM did not inline), and writes its symbols to /tmp/perf-PID.map, where perf looks for the
names of such code. Only the samples taken while the child plays its timed games count.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

# What each engine function is part of, by module (then a few functions by name).
DECISIONS = "policy decisions"  # with the fight values and costs (fight.py) they weigh
CATEGORIES = {"heuristic": DECISIONS, "fight": DECISIONS,
              "effects": "card effects and actions", "actions": "card effects and actions",
              "rng": "shuffles and random numbers", "zones": "moving and drawing cards",
              "field": "the field, reserve and Clock", "turn": "turns, setup and scoring",
              "classic": "turns, setup and scoring", "scoring": "turns, setup and scoring",
              "invariants": "turns, setup and scoring"}
BY_NAME = {"log_event": "event logging", "log_table": "event logging", "setup_game": "turns, setup and scoring",
           "init_values": "turns, setup and scoring", "shuffle_zone": "shuffles and random numbers"}
OUTSIDE = "outside the engine (Python, numpy, system)"

_CHILD = r"""
import json, os, subprocess, sys, time
import sim
from numba.core import codegen
from sim import games as api
from sim.engine import enums as E
from sim.engine.batch import GM_TURNS, play_batch

_set = codegen.JITCodeLibrary._set_compiled_object
def _keep(self, value):
    self.kept_object = value
    return _set(self, value)
codegen.JITCodeLibrary._set_compiled_object = _keep

players, policy, games, obj_path = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
engine = api.get_engine()
config = api.game_config(players=players, policies=policy)
api.run_kernel(engine, config, 0, 2, E.LOG_SUMMARY)
cres = next(iter(play_batch.overloads.values()))
obj = getattr(cres.library, "kept_object", None)
if obj is None:
    sys.exit("the engine kernels were compiled in this process, not loaded from the cache")
with open(obj_path, "wb") as f:
    f.write(obj)
nm = subprocess.run(["nm", "-S", "--defined-only", obj_path], capture_output=True, text=True, check=True).stdout
symbols = [(int(a, 16), int(n, 16), name) for a, n, kind, name in
           (line.split() for line in nm.splitlines() if len(line.split()) == 4) if kind in "tTwW"]
entry = cres.fndesc.llvm_func_name
base = cres.library.get_pointer_to_function(entry) - next(a for a, _, name in symbols if name == entry)
with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
    for a, n, name in symbols:
        f.write(f"{base + a:x} {n:x} {name}\n")
t0 = time.clock_gettime(time.CLOCK_MONOTONIC)
raw = api.run_kernel(engine, config, 0, games, E.LOG_SUMMARY)
t1 = time.clock_gettime(time.CLOCK_MONOTONIC)
print(json.dumps({"start": t0, "end": t1, "turns": int(raw[0][:, GM_TURNS].sum()), "pid": os.getpid()}))
"""


class ProfileError(RuntimeError):
    """perf or nm is missing, or perf may not sample here."""


def engine_function(symbol: str) -> tuple[str, str] | None:
    """(module, function) of a jitted engine symbol, None for other code: the module is the last
    part of the mangled path (`_ZN3sim6engine5rules5zones7move_to...` -> zones, move_to)."""
    m = re.match(r"_ZN(?:7cpython)?3sim", symbol)
    if not m:
        return None
    rest = symbol[m.end():]
    parts = []
    while (n := re.match(r"\d+", rest)) and len(parts) < 6:
        size = int(n.group())
        parts.append(rest[n.end():n.end() + size])
        rest = rest[n.end() + size:]
    if len(parts) < 2:
        return None
    return parts[-2], parts[-1]


def category(module: str, function: str) -> str:
    return BY_NAME.get(function, CATEGORIES.get(module, "turns, setup and scoring"))


def profile(players: int = 2, policy: str = "value", games: int = 20000):
    """Sample a child process playing `games` games; return (functions, categories, info):
    two DataFrames of sample shares, and the child's seconds and player-turns."""
    import pandas as pd
    from sim.games import play
    for tool in ("perf", "nm"):
        if shutil.which(tool) is None:
            raise ProfileError(f"--profile needs `{tool}` on the PATH (Debian packages linux-perf and binutils)")
    play(1, players=players)  # the child must find the kernels in the cache
    with tempfile.TemporaryDirectory(prefix="seiya-profile-") as tmp:
        data, obj = Path(tmp) / "perf.data", Path(tmp) / "engine.o"
        cmd = ["perf", "record", "-q", "-e", "cpu-clock", "-k", "CLOCK_MONOTONIC", "-o", str(data), "--",
               sys.executable, "-c", _CHILD, str(players), policy, str(games), str(obj)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.strip():
            raise ProfileError(f"perf record failed: {(r.stderr.strip().splitlines() or ['no output'])[-1]}")
        window = json.loads(r.stdout.strip().splitlines()[-1])
        script = subprocess.run(["perf", "script", "-i", str(data), "-F", "time,ip,sym"],
                                capture_output=True, text=True).stdout
        Path(f"/tmp/perf-{window['pid']}.map").unlink(missing_ok=True)
    samples = Counter()
    for line in script.splitlines():
        m = re.match(r"\s*([\d.]+):\s+[0-9a-f]+\s*(\S*)", line)
        if m and window["start"] <= float(m.group(1)) <= window["end"]:
            samples[engine_function(m.group(2)) or (None, None)] += 1
    total = sum(samples.values())
    if total == 0:
        raise ProfileError("perf took no samples while the games were played")
    rows = [{"module": mod or "", "function": fn or OUTSIDE, "samples": n,
             "category": category(mod, fn) if mod else OUTSIDE} for (mod, fn), n in samples.items()]
    functions = pd.DataFrame(rows).sort_values("samples", ascending=False, ignore_index=True)
    functions["share"] = functions["samples"] / total
    categories = (functions.groupby("category", as_index=False)["samples"].sum()
                  .sort_values("samples", ascending=False, ignore_index=True))
    categories["share"] = categories["samples"] / total
    seconds = window["end"] - window["start"]
    info = {"games": games, "seconds": seconds, "player_turns": window["turns"], "samples": total}
    return functions, categories, info
