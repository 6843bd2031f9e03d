"""`seiya report RUN`: tables (CSV), figures (PNG), report.html and report.md for a run folder."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli.common import fail, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya report runs/<name>",
                    "seiya report runs/<name> --out /tmp/report-of-name")


def print_report(run, out: Path | None = None, say_cap: bool = True):
    """Write the report of a Run, print its path, what the round cap did when it stopped many games
    (unless `say_cap` is off: `seiya simulate`'s summary has said it), and how many cards' text the
    bots never used."""
    import matplotlib
    matplotlib.use("Agg")
    import analysis
    from analysis.cards import never_used
    from reports.render import cap_sentence, write_report
    typer.echo(f"Report: {write_report(run, out)}")
    if say_cap and (capped := cap_sentence(run)) is not None:
        typer.echo(capped)
    if analysis.has_events(run):
        table = run.card_table()
        if table.attrs.get("note"):
            typer.echo(table.attrs["note"])
        if table["held"].notna().any():  # else a run folder of an older version: uses not counted
            n = len(never_used(table, run.cards))
            typer.echo(f"Cards whose use or optional cost the bots never used: {n}"
                       + (" (listed in the report)" if n else ""))


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
    from sim.tools.run import Run
    print_report(Run(run), out)  # the Run keeps its summed counters for both
