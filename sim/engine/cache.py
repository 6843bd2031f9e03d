"""Where numba keeps compiled kernels: a folder keyed on the engine sources and numba's version.

numba does not notice an edit to a jitted callee in another file, so a cache shared across
versions could serve stale code. Keying the folder on a hash of every engine source makes an
edited engine compile afresh. Must run before numba is imported (see sim/__init__.py).
"""
from __future__ import annotations

import hashlib
import os
import pickletools
import shutil
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent
COMPILE_TIME = "about 5 minutes"  # a cold compile on one core of the bench log's machine
COUNT_DECISIONS = "SEIYA_COUNT_DECISIONS"  # =1: a build that counts decisions (sim/engine/decision_count.py)
DECISIONS_SUFFIX = "-decisions"  # the end of such a build's kernel folder's name


def kernel_sources() -> list[Path]:
    """What the kernels are compiled from: every module of the engine (it imports nothing else of
    the project)."""
    return sorted(ENGINE_DIR.rglob("*.py"))


def engine_hash() -> str:
    h = hashlib.sha256()
    for path in kernel_sources():
        h.update(path.relative_to(ENGINE_DIR.parent).as_posix().encode())
        h.update(path.read_bytes())
    try:
        h.update(version("numba").encode())
    except PackageNotFoundError:
        pass
    return h.hexdigest()[:12]


def counting_decisions() -> bool:
    return os.environ.get(COUNT_DECISIONS) == "1"


def cache_root() -> Path:
    base = os.environ.get("SEIYA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "seiya-sim")
    return Path(base)


def engine_folder() -> Path:
    """This engine version's kernel folder (a build that counts decisions has its own)."""
    return cache_root() / f"numba-{engine_hash()}{DECISIONS_SUFFIX if counting_decisions() else ''}"


def configure() -> Path:
    """Point numba at this engine version's cache folder (unless NUMBA_CACHE_DIR is set)."""
    if "NUMBA_CACHE_DIR" not in os.environ:
        folder = engine_folder()
        folder.mkdir(parents=True, exist_ok=True)
        os.environ["NUMBA_CACHE_DIR"] = str(folder)
    numba_config = sys.modules.get("numba.core.config")
    if numba_config is not None:  # numba was imported first (a notebook's cell): it reads the folder again,
        numba_config.reload_config()  # or it would cache the kernels beside their sources
    return Path(os.environ["NUMBA_CACHE_DIR"])


def kernels_cached() -> bool:
    """Are this checkout's engine kernels in the cache (the index of the top kernel exists)?
    numba keeps one subfolder per source folder, so other checkouts' kernels do not count."""
    from numba.core.caching import _CacheLocator
    sub = _CacheLocator.get_suitable_cache_subpath(str(ENGINE_DIR / "batch.py"))
    return any((configure() / sub).glob("batch.play_batch-*.nbi"))


def folder_size(folder: Path) -> tuple[int, int]:
    """(bytes, files) under a folder."""
    size = files = 0
    for p in folder.rglob("*"):
        if p.is_file():
            size += p.stat().st_size
            files += 1
    return size, files


def info() -> dict:
    """Where the kernels are cached: the root, this engine's folder, and every kernel folder with
    its size (one folder per engine version that was ever run)."""
    root = cache_root()
    current = Path(os.environ.get("NUMBA_CACHE_DIR") or engine_folder())
    folders = []
    for d in sorted(root.glob("numba-*")) if root.exists() else []:
        size, files = folder_size(d)
        folders.append({"folder": d, "bytes": size, "files": files, "current": d == current})
    return {"root": root, "current": current, "folders": folders,
            "bytes": sum(f["bytes"] for f in folders), "files": sum(f["files"] for f in folders)}


def clear() -> list[tuple[Path, int]]:
    """Delete every cached kernel folder; return [(folder, bytes)] of those removed. The next game
    compiles the engine again."""
    root = cache_root()
    removed = []
    if root.exists():
        for d in sorted(root.glob("numba-*")):
            size, _ = folder_size(d)
            shutil.rmtree(d, ignore_errors=True)
            removed.append((d, size))
    return removed


# --- Recovering from a corrupt cache --------------------------------------------------------------
def _pickles_ok(data: bytes, count: int) -> bool:
    """True if `data` is `count` complete pickles one after another (checked without loading)."""
    pos = 0
    try:
        for _ in range(count):
            end = None
            for op, _arg, at in pickletools.genops(data[pos:]):
                if op.name == "STOP":
                    end = at + 1
                    break
            if end is None:
                return False
            pos += end
    except Exception:
        return False
    return pos == len(data)


def corrupt_files(folder: Path) -> list[Path]:
    """The cache files numba could not read: an index (.nbi: two pickles) or a kernel (.nbc: one
    pickle) that is truncated or garbled."""
    bad = []
    for p in sorted(folder.rglob("*.nb[ic]")) if folder.is_dir() else []:
        try:
            data = p.read_bytes()
        except OSError:
            bad.append(p)
            continue
        if not _pickles_ok(data, 2 if p.suffix == ".nbi" else 1):
            bad.append(p)
    return bad


def _raised_by_numba_cache(exc: BaseException) -> bool:
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.replace("\\", "/").endswith("numba/core/caching.py"):
            return True
        tb = tb.tb_next
    return False


def repair(exc: BaseException) -> bool:
    """After running a kernel raised `exc`: if the kernel cache is corrupt, remove the unreadable
    files (or, if numba's cache code raised and no file looks bad, this engine's whole cache
    folder), print a one-line notice and return True (the caller runs the kernel again, which
    compiles what was removed). Return False if the cache is not to blame."""
    folder = Path(os.environ.get("NUMBA_CACHE_DIR") or engine_folder())
    bad = corrupt_files(folder)
    if bad:
        for p in bad:
            p.unlink(missing_ok=True)
            if p.suffix == ".nbc":  # its index points at it: drop that too
                p.with_name(p.name.rsplit(".", 2)[0] + ".nbi").unlink(missing_ok=True)
        what = f"removed {len(bad)} unreadable files"
    elif _raised_by_numba_cache(exc):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        what = "cleared it"
    else:
        return False
    print(f"Note: the compiled-kernel cache {folder} was corrupt ({type(exc).__name__}); {what} and "
          f"compiling again ({COMPILE_TIME}).", file=sys.stderr)
    return True
