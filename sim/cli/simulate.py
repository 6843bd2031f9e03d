"""`seiya simulate`: play games in batches across worker processes (or a Dask cluster) into a run
folder; `seiya simulate --resume RUN` finishes an interrupted or failed run."""
from __future__ import annotations

import signal
import threading
from contextlib import nullcontext
from pathlib import Path
from typing import Optional

import typer

from sim.cli import options
from sim.cli.common import fail, user_errors
from sim.cli.help import examples

# The options that decide the games: with --resume they come from the run's manifest.
CONFIG_OPTIONS = {"games": "--games", "players": "--players", "mode": "--mode", "boxes": "--boxes", "seed": "--seed",
                  "policy": "--policy", "heroes": "--heroes", "rules": "--rule", "out": "--out",
                  "cardset": "--cardset", "sets": "--set", "batch_size": "--batch-size", "events": "--events",
                  "seats": "--seats"}

EXAMPLES = examples("seiya simulate --games 20000 --report",
                    'seiya simulate -n 4000 -p 3 --set "Taurus Aldebaran.strength_cost=7"',
                    "seiya simulate --resume runs/<name>")


def simulate(
    ctx: typer.Context,
    games: options.Games = 10000,
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    seed: options.Seed = 0,
    policy: options.Policy = [],
    heroes: options.Heroes = [],
    rules: options.Rule = [],
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: the machine's cores); with --cluster local, the Dask workers."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Run folder to create (new or empty); default runs/<time>-<config>/."),
    cardset: options.Cardset = None,
    sets: options.Set = [],
    batch_size: Optional[int] = typer.Option(None, "--batch-size", help="Games per batch (default: about 4 batches per worker); does not change the results."),
    seats: options.Seats = "random",
    events: str = typer.Option("summary", "--events", help="Event table to write: summary (reveals, acquisitions, flames, uses, optional costs), full (every step) or none (no events table, smaller). The report is complete either way: it comes from per-batch counters."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Finish this interrupted or failed run folder: play only its missing batches, with the configuration in its manifest (do not repeat the game options)."),
    # "\\[" keeps the help's markup from reading [dask] as a style
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Run the batches on an existing Dask cluster: its scheduler address, e.g. tcp://10.0.0.5:8786 (default: $DASK_SCHEDULER_ADDRESS if set). Needs `pip install 'seiya-sim\\[dask]'`."),
    cluster: Optional[str] = typer.Option(None, "--cluster", help="'local': start a Dask LocalCluster of --workers processes for this run. Needs `pip install 'seiya-sim\\[dask]'`."),
    precision: Optional[float] = typer.Option(None, "--precision", help="Keep adding batches (next game indices) until the 95% CI half-width of --metric is at most this (e.g. 0.01), or --max-games; the summary and the manifest say which."),
    metric: str = typer.Option("first_player_advantage", "--metric", help="The metric for --precision: first_player_advantage (seat 0's win share), tie_rate or rounds (mean game length)."),
    max_games: Optional[int] = typer.Option(None, "--max-games", help="Game budget for --precision (default 20 x --games)."),
    report: bool = typer.Option(False, "--report", help="Also write the report (as `seiya report RUN`) and print its path."),
    worth_games: int = typer.Option(5000, "--worth-games", help="With --report: games per arm to measure each card's causal worth first (as `seiya worth --run RUN`), which the report opens with; 0: do not measure. Not in co-op (`seiya impact --mode coop` measures the team)."),
    house_vp_games: int = typer.Option(1000, "--house-vp-games", help="With --report on a Duel run: games per value to sweep the VP of a House over 0-5 first (DUEL-5: its value is our estimate), on the same seeds; the report shows each value's game length and first-player advantage. 0: do not sweep."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar and no summary; print only the run folder (and report) path."),
):
    """Play games in batches across worker processes into a run folder (manifest.json, Parquet tables) and print a summary."""
    from sim.config import RunConfig
    options.check_games(games)
    if worth_games < 0 or worth_games == 1:
        fail(f"--worth-games must be 0 (do not measure) or at least 2, not {worth_games}")
    if house_vp_games < 0 or house_vp_games == 1:
        fail(f"--house-vp-games must be 0 (do not sweep) or at least 2, not {house_vp_games}")
    if workers is not None and workers < 1:
        fail(f"--workers must be 1 or more, not {workers}")
    if batch_size is not None and batch_size < 1:
        fail(f"--batch-size must be 1 or more, not {batch_size}")
    if events not in ("summary", "full", "none"):
        fail(f"--events must be summary, full or none, not '{events}'")
    if cluster is not None and cluster != "local":
        fail(f"--cluster must be 'local', not '{cluster}' (for a remote cluster give --scheduler tcp://HOST:PORT)")
    if cluster is not None and scheduler is not None:
        fail("give --scheduler or --cluster, not both")
    if precision is not None:
        from analysis.precision import RUN_METRICS, SHARE_METRICS
        if resume is not None:
            fail("--precision plays a new run; it cannot be combined with --resume")
        if metric not in RUN_METRICS:
            fail(f"--metric must be one of {', '.join(RUN_METRICS)}, not '{metric}'")
        if not precision > 0 or (metric in SHARE_METRICS and precision >= 1):
            fail(f"--precision must be a CI half-width above 0 (below 1 for a share), e.g. 0.01, not {precision}")
        if max_games is not None and max_games < games:
            fail(f"--max-games must be at least --games ({games}), not {max_games}")
    elif max_games is not None:
        fail("--max-games is the game budget of --precision; give --precision too")
    from sim.runs.executors import require_dask, wants_dask
    if wants_dask(scheduler, cluster):
        with user_errors():
            require_dask()  # before any message or compiling
    if resume is not None:
        given = [flag for name, flag in CONFIG_OPTIONS.items()  # (typer may vendor its own click)
                 if getattr(ctx.get_parameter_source(name), "name", None) == "COMMANDLINE"]
        if given:
            fail(f"--resume takes the run's configuration from its manifest; drop {', '.join(given)}")
        config = None
    else:
        game = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, seats, mode=mode)
        with user_errors():
            config = RunConfig.build(**game.model_dump(), games=games, events=events)
    prec = None
    with user_errors():
        if precision is None:
            folder = _run_with_progress(config, out, workers, batch_size, quiet, resume, scheduler, cluster)
        else:
            folder, prec = _until_precise(config, out, workers, batch_size, quiet, scheduler, cluster,
                                          precision, metric, max_games)
    run = None
    if not quiet:
        run = print_summary(folder)
        if prec is not None:
            typer.echo(str(prec))
    typer.echo(f"Run folder: {folder}")
    if report:
        from sim.cli.report import print_report
        from sim.tools.run import Run
        from sim.cli.worth import measure_run, run_config
        if worth_games > 0 and run_config(folder).mode != "coop":  # co-op: the team shares a seat's win share
            measure_run(folder, worth_games, workers, quiet)
        if house_vp_games > 0 and run_config(folder).mode == "duel":
            sweep_house_vp(folder, house_vp_games, workers, quiet)
        print_report(Run(folder) if run is None else run, say_cap=False)  # the Run keeps its summed counters


HOUSE_VP_FILE = "house_vp.csv"  # in a Duel's run folder: the sweep of duel_house_vp its report shows


def sweep_house_vp(run: Path, games: int, workers: int | None = None, quiet: bool = False) -> Path:
    """DUEL-5: every Duel report shows the sweep of `duel_house_vp` over 0-5, the run's own config
    otherwise, on the same seeds; saved in the run folder."""
    from sim.cli.progress import playing
    from sim.cli.tuning_common import default_workers
    from sim.cli.worth import run_config
    from sim.tools.sweep import sweep_rule
    base = run_config(run)
    with (playing(games * 6, "Sweeping the VP of a House (0-5)") if not quiet else nullcontext()), user_errors():
        sw = sweep_rule("duel_house_vp", "0..5", base, games=games, workers=default_workers(workers))
    sw.table.to_csv(run / HOUSE_VP_FILE, index=False)
    return run / HOUSE_VP_FILE


def _until_precise(config, out, workers, batch_size, quiet, scheduler, cluster, target, metric, max_games):
    """Play the run, then extend it by batches on the next game indices (sim.tools.precision.until_precise)
    until the metric's 95% CI half-width is at most `target` or `max_games` games are played.
    Records how it stopped in the manifest's `precision`."""
    from analysis.precision import run_half_widths
    from sim.tools.precision import until_precise
    from sim.runs.folder import default_folder, read_manifest, write_manifest
    out = out if out is not None else default_folder(config)

    def step(first_game: int, n: int) -> Path:
        if first_game == 0:
            return _run_with_progress(config, out, workers, batch_size, quiet, None, scheduler, cluster)
        return _run_with_progress(None, out, workers, batch_size, quiet, out, scheduler, cluster, extend=n)

    folder, prec = until_precise(step, lambda f: run_half_widths(f, [metric]), config.games, target, max_games)
    manifest = read_manifest(folder)
    manifest["precision"] = {"metric": metric, "target": target, "half_width": prec.half_widths[metric],
                             "games": prec.games, "max_games": prec.max_games, "reached": prec.reached,
                             "stopped_by": "target" if prec.reached else "max_games"}
    write_manifest(Path(folder), manifest)
    return folder, prec


def _run_with_progress(config, out, workers, batch_size, quiet, resume=None, scheduler=None, cluster=None,
                       extend: int = 0) -> Path:
    """simulate_to_folder (or resume_run, or extend_run by `extend` games) showing on stderr the
    compile on a first run, then a progress bar (games done, the play's games/s, time left)."""
    from rich.console import Console

    from sim.cli.progress import run_progress
    from sim.runs.folder import check_out_folder, config_from_manifest, read_manifest
    from sim.runs.runner import check_config, extend_run, resume_run, simulate_to_folder

    console = Console(stderr=True)

    def notice(line: str):
        console.print(f"[yellow]{line}[/yellow]")

    def start(on_progress=None, on_start=None):
        shown = dict(on_progress=on_progress, on_start=on_start, scheduler=scheduler, cluster=cluster, notice=notice)
        if extend:
            return extend_run(resume, extend, workers, **shown)
        if resume is not None:
            return resume_run(resume, workers, **shown)
        return simulate_to_folder(config, out, workers, batch_size, **shown)

    if resume is not None:
        manifest = read_manifest(resume)
        total, done = config_from_manifest(manifest).games + extend, manifest.get("games_done", 0)
    else:
        from sim.runs.folder import default_folder
        total, done = config.games, 0
        out = out if out is not None else default_folder(config)  # named now, for the Ctrl-C message
    previous = _stop_on_sigterm()
    try:
        if quiet:
            return start()
        if resume is None:  # a new run: report bad input before showing any work
            check_config(config)
            check_out_folder(out)
        with run_progress(total, done, console) as progress:
            return start(progress.advance, progress.started)
    except KeyboardInterrupt:
        console.print("Interrupted: the finished batches are kept (manifest status 'interrupted'); "
                      f"finish with `seiya simulate --resume {resume or out}`.", soft_wrap=True)
        raise typer.Exit(130)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt


def _stop_on_sigterm():
    """A SIGTERM (a batch system stopping the job) stops the run like Ctrl-C: the finished batches
    are kept and the manifest says 'interrupted'. Returns the previous handler, to restore."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_interrupt)


def print_summary(folder: Path):
    """Print games, games/s, win share by seat, Hero and policy, tie rate, median Clock length, and
    what the round cap did when it stopped many games; return the Run."""
    from rich.console import Console
    from rich.table import Table

    import analysis
    from reports.render import cap_sentence
    from sim.tools.run import Run
    run = Run(folder)
    console = Console()
    m = run.manifest
    rate = m["games_done"] / m["seconds"] if m.get("seconds") else float("nan")
    workers = f"{m['workers']} worker{'s' if m['workers'] != 1 else ''}"
    pace = f"in {m['seconds']:.1f} s ({rate:,.0f} games/s, {workers})"
    if analysis.is_solo(run):
        s = analysis.solo_summary(run).iloc[0]
        console.print(f"[bold]{m['games_done']:,} solo games[/bold] {pace}: the player beat Hilda in [bold]{s.win_rate:.1%}[/bold] "
                      f"[95% CI {s.lo:.1%}, {s.hi:.1%}]; ties (losses) {s.tie_rate:.1%}; median margin "
                      f"{s.median_margin:+g} VP")
        by_groups = ("hero", "policy")
    elif analysis.is_duel(run):  # the Duel: seat 0 is the Renegades, the `hero` column the side
        s = analysis.duel_sides(run)
        console.print(f"[bold]{m['games_done']:,} Duels[/bold] {pace}: the Renegades won [bold]{s.win_rate[0]:.1%}[/bold] "
                      f"[95% CI {s.lo[0]:.1%}, {s.hi[0]:.1%}]; Houses a Duel {s.houses[0]:.2f} to {s.houses[1]:.2f}; "
                      f"median length {analysis.length_summary(run).loc['rounds', 'median']:g} rounds")
        by_groups = ("policy",)
    else:
        console.print(f"[bold]{m['games_done']:,} games[/bold] {pace}; tie rate {analysis.tie_rate(run):.3f}; median Clock length "
                      f"{analysis.length_summary(run).loc['rounds', 'median']:g} rounds")
        by_groups = ("seat", "hero", "policy")
    if (capped := cap_sentence(run)) is not None:
        console.print(capped, style="yellow", markup=False, highlight=False)
    solo = by_groups == ("hero", "policy")
    for by in by_groups:
        t = analysis.win_share_by(run, by)
        table = Table(title=f"Win {'rate against Hilda' if solo else 'share'} by {by}", title_justify="left")
        for col in (by, "player-games", "win rate" if solo else "win share", "95% CI") + (() if solo else ("vs fair",)):
            table.add_column(col, justify="left" if col == by else "right")
        for r in t.itertuples(index=False):
            table.add_row(str(getattr(r, by)), str(r.player_games), f"{r.win_share:.3f}",
                          f"{r.lo:.3f}–{r.hi:.3f}", *(() if solo else (f"{r.advantage:+.3f}",)))
        console.print(table)
    return run
