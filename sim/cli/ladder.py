"""`seiya ladder`: a round robin between policies on paired seeds, with Bradley-Terry ratings."""
from __future__ import annotations

import textwrap
from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya ladder --games 2000",
                    "seiya ladder --policies value,clock --players 3 --games 1000 --out runs/ladder-3p",
                    "seiya ladder --games 4000 --save")


def ladder(
    policies: List[str] = typer.Option(["value,greedy,clock,random"], "--policies", help="Policies to rate (comma-separate or repeat; at least two). See `seiya policies`."),
    games: int = typer.Option(1000, "--games", "-n", help="Game seeds per pairing (2 or more); each is played twice with the seats swapped, so 2 x N games."),
    players: options.Players = 2,
    seed: options.Seed = 0,
    workers: options.Workers = None,
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Folder to create with ladder.csv (ratings), pairings.csv and ladder.md."),
    save: bool = typer.Option(False, "--save", help="Store the ratings in the package (sim/ratings.json): run reports then show each policy's rating."),
):
    """Play every pair of policies on the same seeds, both seatings, and rate them (Bradley-Terry, Elo scale, value = 1500) with 95% CIs."""
    from sim.cli.progress import compile_engine, run_progress
    from sim.cli.tuning_common import default_workers, output_folder, print_table, say_capped
    pols = split_list(policies)
    if len(pols) < 2 or len(set(pols)) != len(pols):
        fail(f"--policies needs at least two different policies, not '{','.join(pols)}'")
    if games < 2:
        fail(f"--games must be at least 2, not {games}")
    base = options.game_config(players, seed=seed)
    with user_errors():
        for p in pols:
            base.with_changes(policies=(p,))
    n_workers = default_workers(workers)
    folder = output_folder(out, "ladder") if out is not None else None
    compile_engine(base)
    from sim.tools.ladder import ladder as play_ladder
    total = len(pols) * (len(pols) - 1) * games
    with run_progress(total, label="Playing") as progress, user_errors():
        progress.started(0)
        lad = play_ladder(tuple(pols), games, workers=n_workers, config=base,
                          on_games=lambda n: progress.advance(progress.done + n))
    from reports.ladder import pairings_view, ratings_view
    typer.echo(repr(lad))
    say_capped(lad.capped)
    typer.echo(f"Ratings: Bradley-Terry, {lad.anchor()}, 95% CIs by a bootstrap over game seeds")
    print_table(ratings_view(lad.ratings), "", {"win share": lambda v: f"{v:.3f}"})
    typer.echo("Pairings: A's win share over B, 95% CI over seeds (a seed's two games are one unit)")
    print_table(pairings_view(lad.pairings), "")
    for note in lad.notes():
        typer.echo(textwrap.fill(note, 100, subsequent_indent="  "))
    if folder is not None:
        typer.echo(f"Report: {lad.report(folder)}")
    if save:
        typer.echo(f"Ratings saved: {lad.save()}")
