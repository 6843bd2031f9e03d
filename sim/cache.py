"""Where numba keeps compiled kernels: a folder keyed on the engine sources and numba's version.

numba does not notice an edit to a jitted callee in another file, so a cache shared across
versions could serve stale code. Keying the folder on a hash of every engine source makes an
edited engine compile afresh. Must run before numba is imported (see sim/__init__.py).
"""
from __future__ import annotations

import hashlib
import os
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent
# The modules compiled by numba, and those whose constants they read.
KERNEL_MODULES = ("enums", "state", "structs", "jit", "rng", "zones", "fight", "field", "policies",
                  "policy_catalog", "effects", "resolve", "turn", "scoring", "game", "invariants")


def engine_hash() -> str:
    h = hashlib.sha256()
    for name in KERNEL_MODULES:
        path = ENGINE_DIR / f"{name}.py"
        h.update(name.encode())
        h.update(path.read_bytes())
    try:
        h.update(version("numba").encode())
    except PackageNotFoundError:
        pass
    return h.hexdigest()[:12]


def cache_root() -> Path:
    base = os.environ.get("SEIYA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "seiya-sim")
    return Path(base)


def configure() -> Path:
    """Point numba at this engine version's cache folder (unless NUMBA_CACHE_DIR is set)."""
    if "NUMBA_CACHE_DIR" not in os.environ:
        folder = cache_root() / f"numba-{engine_hash()}"
        folder.mkdir(parents=True, exist_ok=True)
        os.environ["NUMBA_CACHE_DIR"] = str(folder)
    return Path(os.environ["NUMBA_CACHE_DIR"])


def clear() -> int:
    """Delete every cached kernel folder; return how many were removed."""
    root = cache_root()
    n = 0
    if root.exists():
        for d in root.glob("numba-*"):
            shutil.rmtree(d, ignore_errors=True)
            n += 1
    return n
