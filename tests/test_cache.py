"""The kernel cache: `seiya cache info|clear`, and a corrupt cache repaired (then compiled) rather
than crashing the engine."""
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

from numba.core.caching import _CacheLocator
from typer.testing import CliRunner

import sim
from sim.engine import cache
from sim.cli.app import app
from tests import background


def _fake_root(tmp_path, monkeypatch):
    root = tmp_path / "cache"
    for name in ("numba-aaaaaaaaaaaa", "numba-bbbbbbbbbbbb"):
        (root / name / "sim_x").mkdir(parents=True)
        (root / name / "sim_x" / "f.nbc").write_bytes(b"x" * 2048)
    (root / "other").mkdir()  # not ours: left alone
    monkeypatch.setenv("SEIYA_CACHE_DIR", str(root))
    return root


def test_cache_info_and_clear(tmp_path, monkeypatch):
    root = _fake_root(tmp_path, monkeypatch)
    r = CliRunner().invoke(app, ["cache", "info"])
    assert r.exit_code == 0, r.output
    assert f"Cache folder: {root}" in r.stdout and "numba-aaaaaaaaaaaa: 2.0 KB, 1 files" in r.stdout
    assert "Total: 4.0 KB in 2 kernel folders" in r.stdout
    r = CliRunner().invoke(app, ["cache", "clear"])
    assert r.exit_code == 0, r.output
    assert f"Removed {root / 'numba-aaaaaaaaaaaa'} (2.0 KB)" in r.stdout and "Cleared 2 kernel folders" in r.stdout
    assert sorted(p.name for p in root.iterdir()) == ["other"]
    r = CliRunner().invoke(app, ["cache", "clear"])
    assert r.exit_code == 0 and "Nothing to remove" in r.stdout


def _this_checkout(root: Path) -> Path:
    """numba keeps one subfolder per source folder: other checkouts may share the cache root."""
    return root / _CacheLocator.get_suitable_cache_subpath(importlib.import_module("sim.engine.batch").__file__)


def test_corrupt_files_are_found_without_loading_them(tmp_path):
    sim.play(1)  # the kernels are in this session's cache
    root = Path(os.environ["NUMBA_CACHE_DIR"])
    good = sorted(_this_checkout(root).glob("batch.play_batch-*.nb[ic]"))
    assert len(good) == 2 and cache.corrupt_files(root) == []
    for p in good:
        (tmp_path / p.name).write_bytes(p.read_bytes()[:-10])
    assert sorted(p.name for p in cache.corrupt_files(tmp_path)) == sorted(p.name for p in good)


REPAIR_TEST = f"{__name__}.test_a_corrupt_cache_is_repaired_and_compiled_again"
REPAIR = """
import json, os, shutil, subprocess, sys, time
from pathlib import Path
from sim.engine import cache
folder, kernels = Path(os.environ["REPAIR_FOLDER"]), os.environ["REPAIR_KERNELS"]  # this checkout's subfolder
# The session compiles the engine early in the suite: wait for its kernels rather than compile them
# a second time, unless the test is already waiting (run alone, before any test compiled them)
while not cache.kernels_cached() and not (folder / os.environ["REPAIR_WAITED_ON"]).exists():
    time.sleep(2)
own = folder / "cache"
if cache.kernels_cached():  # copy them, leaving out the files numba is still writing
    shutil.copytree(cache.configure(), own, ignore=shutil.ignore_patterns("*.tmp.*"))
os.environ["NUMBA_CACHE_DIR"] = str(own)
if not cache.kernels_cached():
    subprocess.run([sys.executable, "-c", "import sim; sim.play(1)"], check=True, capture_output=True)
files = sorted((cache.configure() / kernels).glob("batch.play_batch-*.nb[ic]"))
for p in files:
    p.write_bytes(p.read_bytes()[:100])
r = subprocess.run([sys.executable, "-c", "import sim; print(len(sim.play(5, seed=3).games))"],
                   capture_output=True, text=True)
print(json.dumps({"truncated": len(files), "returncode": r.returncode, "stdout": r.stdout, "stderr": r.stderr,
                  "corrupt_after": len(cache.corrupt_files(cache.configure())),
                  "sizes_after": [p.stat().st_size for p in files]}))
"""


@background.child_of(REPAIR_TEST)  # a compile of minutes: it starts with the session (tests/conftest.py)
def truncated_cache(folder: str) -> tuple[str, dict]:
    """The child copies this session's cache once its kernels are cached (or compiles its own, when
    its test waits first) and works on the copy."""
    cache.configure()  # NUMBA_CACHE_DIR: the session's folder
    return REPAIR, dict(os.environ, REPAIR_FOLDER=folder, REPAIR_WAITED_ON=background.WAITED_ON,
                        REPAIR_KERNELS=str(_this_checkout(Path())))


def test_a_corrupt_cache_is_repaired_and_compiled_again():
    """Truncate the cached entry kernel (index and code): a new process notices, removes them with
    a one-line note, compiles them again and plays."""
    r = background.result(REPAIR_TEST, timeout=1800)
    assert r.returncode == 0, r.stderr[-3000:]
    done = json.loads(r.stdout.splitlines()[-1])
    assert done["truncated"] == 2
    assert done["returncode"] == 0, done["stderr"]
    assert done["stdout"].strip() == "5"
    notes = [line for line in done["stderr"].splitlines() if "was corrupt" in line]
    assert len(notes) == 1 and "compiling again" in notes[0] and "Traceback" not in done["stderr"]
    assert done["corrupt_after"] == 0 and all(size > 100 for size in done["sizes_after"])


def test_kernels_cached_looks_at_this_checkouts_kernels(tmp_path, monkeypatch):
    sim.play(1)
    assert cache.kernels_cached()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # an empty cache: a run compiles in a child
    assert not cache.kernels_cached()
    other = tmp_path / "sim_other_checkout"
    other.mkdir()
    (other / "game.play_batch-169.py311.nbi").write_bytes(b"x")
    assert not cache.kernels_cached()


def test_numba_imported_first_still_caches_in_the_engine_folder(tmp_path):
    """A notebook may import numba (or a library that does) before sim: numba has read
    NUMBA_CACHE_DIR by then, and without being told again it would cache the kernels beside their
    sources, keyed on their file times only."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["SEIYA_CACHE_DIR"] = str(tmp_path)
    code = ("import numba; from numba.core import config; before = config.CACHE_DIR; import sim; "
            "from sim.engine.cache import engine_folder; print(repr(before)); "
            "print(config.CACHE_DIR == str(engine_folder()))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["''", "True"]


def test_the_engine_s_first_call_collects_garbage_rarely_and_then_as_before(monkeypatch):
    import gc
    import sim.engine.batch as batch
    from sim import games
    seen, real = [], batch.play_batch

    def spy(*args):
        seen.append(gc.get_threshold())
        return real(*args)

    monkeypatch.setattr(batch, "play_batch", spy)
    monkeypatch.setattr(games, "_kernels_frozen", False)  # as in a new process
    before = gc.get_threshold()
    sim.play(1)
    sim.play(1)
    assert seen == [games.COMPILE_GC_THRESHOLD, before] and before != games.COMPILE_GC_THRESHOLD
    assert gc.get_threshold() == before


def test_a_kernel_python_calls_is_loaded_from_the_cache_by_a_new_process(tmp_path):
    """The entry point made for a kernel Python calls (sim/engine/jit.py `python_entry`) is cached,
    and a second process loads it rather than compiling it."""
    (tmp_path / "tiny_kernels.py").write_text("from sim.engine.jit import kernel\n\n\n@kernel\n"
                                              "def plus_one(x):\n    return x + 1\n")
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    code = ("import tiny_kernels as t; print(t.plus_one(41), "
            "sum(t.plus_one.dispatcher.stats.cache_hits.values()))")
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr[-2000:]
    assert [r.stdout.split() for r in runs] == [["42", "0"], ["42", "1"]]
