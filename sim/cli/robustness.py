"""`seiya robustness`: the card verdicts under several policies side by side."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya robustness --policies value,greedy,clock --games 2000")


def robustness(
    policies: List[str] = typer.Option(["value,greedy,clock"], "--policies", help="Policies to compare (comma-separate or repeat; at least two). Every seat plays the policy; same seeds for each."),
    games: options.Games = 2000,
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    seed: options.Seed = 0,
    heroes: options.Heroes = [],
    rules: options.Rule = [],
    cardset: options.Cardset = None,
    sets: options.Set = [],
    workers: options.Workers = None,
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate across cards for a verdict (Benjamini-Hochberg)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-robustness/)."),
):
    """The card table under several policies: flags the cards whose verdict (buyers significantly above or below the others) flips between policies."""
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import (check_arm, default_workers, output_folder, print_table, quiet_matplotlib,
                                      say_capped)
    pols = split_list(policies)
    if len(pols) < 2 or len(set(pols)) != len(pols):
        fail(f"--policies needs at least two different policies, not '{','.join(pols)}'")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    options.check_games(games)
    base = options.game_config(players, boxes, seed, (), heroes, rules, sets, cardset, mode=mode)
    check_arm(base)
    with user_errors():
        for p in pols:
            base.with_changes(policies=(p,))
    folder = output_folder(out, "robustness")
    quiet_matplotlib()
    from sim.tools.robustness import robustness as play_robustness
    compile_engine(base)
    from sim.cli.progress import playing
    with playing(games * len(pols)), user_errors():
        rob = play_robustness(tuple(pols), games, workers=default_workers(workers), fdr=fdr, config=base)
    import pandas as pd
    f = rob.flagged()
    view = pd.DataFrame({"card": f["name"], "robustness": f["robustness"]})
    for p in pols:
        view[p] = [f"{v:+.3f} {vd}" if not pd.isna(v) else "–" for v, vd in zip(f[f"win_share_diff:{p}"], f[f"verdict:{p}"])]
    typer.echo(repr(rob))
    say_capped(rob.capped)
    print_table(view, "Cards whose verdict is not the same under every policy (buyers' win-share difference, verdict)")
    typer.echo(f"Report: {rob.report(folder)}")
