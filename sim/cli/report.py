"""`seiya report RUN`: tables (CSV), figures (PNG), report.html and report.md for a run folder."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli.common import fail, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya report runs/<name>",
                    "seiya report runs/<name> --out /tmp/report-of-name")


def make_report(run, out: Path | None = None) -> Path:
    """Write the report of a run folder or Run; return the path of report.html."""
    import matplotlib
    matplotlib.use("Agg")
    from reports.render import write_report
    return write_report(run, out)


def report(
    run: Path = typer.Argument(..., help="A run folder made by `seiya simulate`."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Where to write the report (default: the run folder)."),
):
    """Write report.html, report.md, tables/*.csv and figures/*.png for a run, and print the path."""
    from sim.runs.folder import read_manifest
    with user_errors():
        manifest = read_manifest(run)
    if manifest.get("games_done", 0) < 1:
        fail(f"{run} holds no finished games yet (status {manifest.get('status')}); nothing to report")
    if out is not None:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            fail(f"cannot write the report folder {out}: {e.strerror or e}")
    typer.echo(f"Report: {make_report(run, out)}")
