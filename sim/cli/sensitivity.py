"""`seiya sensitivity`: which conclusions hold whatever the estimated Hades cards."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya sensitivity --estimates 2,3,4 --games 3000",
                    "seiya sensitivity --mode duel --estimates 2,3 --games 5000")
ALL_BOXES = ["base,asgard,poseidon,hades"]


def sensitivity(
    estimates: List[str] = typer.Option(["2,3"], "--estimates", help="Seeds of the other estimates of the method "
                                        "(comma-separate or repeat), each compared with the method's own. A seed "
                                        "whose estimate leaves a mechanic on fewer than two cards is refused."),
    games: options.Games = 2000,
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ALL_BOXES,
    seed: options.Seed = 0,
    policy: options.Policy = [],
    rules: options.Rule = [],
    workers: options.Workers = None,
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate for a change (Benjamini-Hochberg)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default "
                                       "runs/<time>-sensitivity/); the estimates' card files are written into it."),
):
    """The same games on the method's own Hades estimate and on other seeds' estimates: which conclusions (length, Clock, first player or side, Heroes, the Underworld, the card verdicts) hold whatever the estimate, and which move with it."""
    from sim.cli.progress import compile_engine, playing
    from sim.cli.tuning_common import (check_arm, default_workers, output_folder, print_table, quiet_matplotlib,
                                      say_capped)
    from sim.tools.sensitivity import METRICS
    try:
        seeds = [int(s) for s in split_list(estimates)]
    except ValueError:
        fail(f"--estimates takes seeds (whole numbers 0 or more), not '{','.join(estimates)}'")
    if not seeds or len(set(seeds)) != len(seeds) or min(seeds) < 0:
        fail(f"--estimates needs one or more different seeds, 0 or more, not '{','.join(estimates)}'")
    if mode not in METRICS:
        fail(f"--mode must be {' or '.join(METRICS)} (the modes that play the Hades cards), not '{mode}'")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    options.check_games(games)
    config = options.game_config(players, boxes, seed, policy, (), rules, (), None, mode=mode)
    if "hades" not in config.boxes:
        fail("--boxes must include hades: without it no estimated Hades card is played")
    check_arm(config)
    from sim.cards.hades_estimates import checked_build
    with user_errors():  # a seed the method refuses: said before anything is played or written
        for s in seeds:
            checked_build(s)
    folder = output_folder(out, "sensitivity")
    quiet_matplotlib()
    from sim.tools.sensitivity import sensitivity as play_sensitivity
    compile_engine(config)
    with playing(games * (len(seeds) + 1)), user_errors():
        sens = play_sensitivity(seeds, games, workers=default_workers(workers), fdr=fdr, config=config,
                                estimates_dir=folder / "estimates")
    from reports.sensitivity import conclusions_view
    typer.echo(repr(sens))
    say_capped(sens.capped)
    print_table(conclusions_view(sens), "Each conclusion on each estimate (95% CI) and the largest change "
                                        "from the method's own")
    print_table(sens.card_summary(), "Card verdicts on every estimate")
    typer.echo(f"Report: {sens.report(folder)}")
