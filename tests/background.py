"""Child processes that a test waits for, started when the suite's collection ends.

A child that compiles the engine afresh (with numba's bounds checks, say) works for minutes. Started
with the session, it runs beside the rest of the suite on the machine's other core, and its test,
moved to the end of the run, collects what it did (tests/conftest.py). A test run alone starts its
child itself. A child that needs something of the session first (its compiled engine, say) can
wait for it until its test waits on it: the file `WAITED_ON` in its folder says so.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

WAITED_ON = "waited-on"


@dataclass
class Child:
    process: subprocess.Popen
    folder: str  # a scratch folder: the child's output, and its own kernel cache if it wants one

    def result(self, timeout: float) -> subprocess.CompletedProcess:
        Path(self.folder, WAITED_ON).touch()
        try:
            self.process.wait(timeout=timeout)
            out, err = (Path(self.folder, name).read_text() for name in ("stdout", "stderr"))
        finally:
            self.stop()
        return subprocess.CompletedProcess(self.process.args, self.process.returncode, out, err)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


_STARTERS: dict[str, Callable[[str], tuple[str, dict]]] = {}  # "module.test" -> (code, env) for a folder
_running: dict[str, Child] = {}


def child_of(test: str):
    """Register the child of a test ("tests.test_bounds.test_engine_indices_stay_in_bounds"): the
    decorated function takes a scratch folder and returns the Python code the child runs and its
    environment."""
    def register(make: Callable[[str], tuple[str, dict]]):
        _STARTERS[test] = make
        return make
    return register


def has_child(test: str) -> bool:
    return test in _STARTERS


def start(test: str) -> None:
    if test in _STARTERS and test not in _running:
        folder = tempfile.mkdtemp(prefix="seiya-test-child-")
        code, env = _STARTERS[test](folder)
        with open(Path(folder, "stdout"), "w") as out, open(Path(folder, "stderr"), "w") as err:
            process = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=out, stderr=err)
        _running[test] = Child(process, folder)


def result(test: str, timeout: float) -> subprocess.CompletedProcess:
    """What the test's child did, once it ends (started now if it was not)."""
    start(test)
    return _running.pop(test).result(timeout)


def stop_all() -> None:
    while _running:
        _running.popitem()[1].stop()
