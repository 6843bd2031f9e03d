"""`seiya cache info|clear`: where the compiled engine kernels are cached, and removing them."""
from __future__ import annotations

import typer

from sim.cli.help import examples

app = typer.Typer(help="Show or clear the cache of compiled engine kernels.", no_args_is_help=True,
                  epilog=examples("seiya cache info", "seiya cache clear"))


def human(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


@app.command("info", epilog=examples("seiya cache info"))
def info():
    """The cache folder (SEIYA_CACHE_DIR, default ~/.cache/seiya-sim), this engine's kernel folder and the size of each."""
    from sim.engine import cache
    i = cache.info()
    typer.echo(f"Cache folder: {i['root']}")
    typer.echo(f"This engine: {i['current']}")
    folders = [f for f in i["folders"] if f["files"]]
    if not folders:
        typer.echo(f"No compiled kernels cached (the next game compiles the engine: {cache.COMPILE_TIME}).")
        return
    for f in folders:
        typer.echo(f"  {f['folder'].name}: {human(f['bytes'])}, {f['files']} files"
                   f"{' (this engine)' if f['current'] else ''}")
    typer.echo(f"Total: {human(i['bytes'])} in {len(folders)} kernel folders")


@app.command("clear", epilog=examples("seiya cache clear"))
def clear():
    """Delete every cached kernel folder (the next game compiles the engine again)."""
    from sim.engine import cache
    removed = cache.clear()
    if not removed:
        typer.echo(f"Nothing to remove: no compiled kernels under {cache.cache_root()}")
        return
    for folder, size in removed:
        typer.echo(f"Removed {folder} ({human(size)})")
    typer.echo(f"Cleared {len(removed)} kernel folders, {human(sum(s for _, s in removed))}")
