"""What the tuning commands (compare, sweep, impact, suggest, robustness) share: checking every
arm before any game is played, default output folders, printing tables."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from sim.cli.common import fail, user_errors


def check_arm(config):
    """One-line error (exit 2) for an arm whose cards cannot be built (bad card, field, value,
    box); nothing is played or written."""
    from sim.runs.runner import check_config
    with user_errors():
        check_config(config)


def check_precision(precision, max_games, games):
    if precision is not None and not 0 < precision < 1:
        fail(f"--precision must be a CI half-width between 0 and 1, e.g. 0.01, not {precision}")
    if max_games is not None and max_games < games:
        fail(f"--max-games must be at least --games ({games}), not {max_games}")


def output_folder(out: Path | None, kind: str) -> Path:
    """The given folder (new or empty), or runs/<time>-<kind>/."""
    if out is None:
        base = Path("runs") / f"{datetime.now().strftime('%Y%m%d-%H%M%S')}-{kind}"
        out, n = base, 1
        while out.exists():
            n += 1
            out = base.with_name(f"{base.name}-{n}")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        fail(f"output folder {out} already exists and is not empty; choose a new --out")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"cannot write the output folder {out}: {e.strerror or e}")
    return out


def default_workers(workers: int | None) -> int:
    import os
    if workers is not None and workers < 1:
        fail(f"--workers must be 1 or more, not {workers}")
    return workers or os.cpu_count() or 1


def print_table(df, title: str, formats: dict | None = None):
    """A DataFrame as rich tables on stdout (floats to 3 decimals unless `formats` says): one table
    if it fits the terminal's width, else its columns in as few parts as fit, each part led by the
    first column, no cell wrapped."""
    import pandas as pd
    from rich.console import Console
    cells = {}
    for col in df.columns:
        f = (formats or {}).get(col)
        cells[col] = [f(v) if f else ("–" if pd.isna(v) else f"{v:.3f}") if isinstance(v, float) else str(v)
                      for v in df[col]]
    console = Console()
    parts = column_parts(list(df.columns), cells, console)
    for i, columns in enumerate(parts):
        part = title if len(parts) == 1 else f"{title} ({i + 1}/{len(parts)})"
        console.print(rich_table(part, columns, cells))


def say_capped(text: str | None):
    """What the round cap did to the arms (reports.render.arms_cap_sentence), in yellow; None: nothing."""
    if text is not None:
        from rich.console import Console
        Console().print(text, style="yellow", markup=False, highlight=False)


def rich_table(title: str, columns: list, cells: dict):
    from rich.table import Table
    table = Table(title=title, title_justify="left")
    for i, col in enumerate(columns):
        table.add_column(str(col), justify="left" if i == 0 else "right", no_wrap=True)
    for r in range(len(cells[columns[0]])):
        table.add_row(*(cells[col][r] for col in columns))
    return table


def column_parts(columns: list, cells: dict, console) -> list[list]:
    """The columns in consecutive groups, each (after the first column) as wide as fits."""
    def width(cols):
        return console.measure(rich_table("", cols, cells), options=console.options.update_width(10**6)).maximum
    parts, current = [], [columns[0]]
    for col in columns[1:]:
        if len(current) > 1 and width(current + [col]) > console.width:
            parts.append(current)
            current = [columns[0]]
        current.append(col)
    return parts + [current]


def quiet_matplotlib():
    import matplotlib
    matplotlib.use("Agg")
