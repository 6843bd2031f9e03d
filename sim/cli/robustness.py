"""`seiya robustness`: the card verdicts under several policies side by side."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli.common import fail, parse_sets, split_list, user_errors


def robustness(
    policies: List[str] = typer.Option(["value,greedy,clock"], "--policies", help="Policies to compare (comma-separate or repeat; at least two). Every seat plays the policy; same seeds for each."),
    games: int = typer.Option(2000, "--games", "-n", help="Games per policy."),
    players: int = typer.Option(2, "--players", "-p", help="Players per game: 2 to 5."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards (repeat or comma-separate)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed, shared by every policy."),
    heroes: List[str] = typer.Option([], "--heroes", help="One Hero per seat (default: random, distinct)."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file."),
    sets: List[str] = typer.Option([], "--set", help="Overrides: \"CARD.FIELD=VALUE\" (repeatable)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: the machine's cores)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate across cards for a verdict (Benjamini-Hochberg)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-robustness/)."),
):
    """The card table under several policies: flags the cards whose verdict (buyers significantly above or below the others) flips between policies."""
    from sim.cli.tuning_common import check_arm, default_workers, output_folder, print_table, quiet_matplotlib
    pols = split_list(policies)
    if len(pols) < 2 or len(set(pols)) != len(pols):
        fail(f"--policies needs at least two different policies, not '{','.join(pols)}'")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    over = parse_sets(sets)
    her, box = split_list(heroes), split_list(boxes) or ["base"]
    for p in pols:
        check_arm(games, players, box, seed, [p], her, cardset, over)
    folder = output_folder(out, "robustness")
    quiet_matplotlib()
    import analysis
    typer.echo(f"Playing {games} games under each of {', '.join(pols)}...", err=True)
    with user_errors():
        rob = analysis.robustness(tuple(pols), games, players, seed, tuple(her) or None, tuple(box),
                                  str(cardset) if cardset else None, over or None, default_workers(workers), fdr)
    import pandas as pd
    f = rob.flagged()
    view = pd.DataFrame({"card": f["name"], "robustness": f["robustness"]})
    for p in pols:
        view[p] = [f"{v:+.3f} {vd}" if not pd.isna(v) else "–" for v, vd in zip(f[f"win_share_diff:{p}"], f[f"verdict:{p}"])]
    typer.echo(repr(rob))
    print_table(view, "Cards whose verdict is not the same under every policy (buyers' win-share difference, verdict)")
    typer.echo(f"Report: {rob.report(folder)}")
