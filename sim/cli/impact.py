"""`seiya impact`: what removing each card from the game does (banned from the reserve, same seeds)."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples('seiya impact --card "Taurus Aldebaran,Gemini Saga" --games 2000',
                    "seiya impact --top 10")


def impact(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Cards to remove, one at a time (repeat or comma-separate): reserve cards or Epics; default: every one."),
    games: options.Games = 1000,
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    seed: options.Seed = 0,
    policy: options.Policy = [],
    heroes: options.Heroes = [],
    rules: options.Rule = [],
    cardset: options.Cardset = None,
    sets: options.Set = [],
    workers: options.Workers = None,
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate across cards (Benjamini-Hochberg)."),
    top: int = typer.Option(15, "--top", help="Card rows to print (the clearest impact first)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-impact/)."),
):
    """Remove each card (copies = 0, same seeds; an Epic: out of the pile) and measure the change in game length, first-player advantage and Hero balance (co-op: the team's win rate, margin over Poseidon and Pillars destroyed), with paired 95% CIs."""
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import (check_arm, default_workers, output_folder, print_table, quiet_matplotlib,
                                      say_capped)
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    options.check_games(games)
    base = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, mode=mode)
    check_arm(base)
    cards = split_list(card)
    from analysis._data import card_row
    from sim.games import config_cards
    from sim.tools.impact import BANNABLE, impact_metrics
    from sim.tools.impact import impact as play_impact
    with user_errors():
        frame = config_cards(base)
        for c in cards:
            if card_row(frame, c)["start"] not in BANNABLE:
                fail(f"'{c}' is not a reserve card or an Epic; only those can be removed")
    folder = output_folder(out, "impact")
    quiet_matplotlib()
    compile_engine(base)
    from sim.cli.progress import playing
    from sim.tools.impact import bannable_cards
    with playing(games * (1 + (len(cards) or len(bannable_cards(frame))))), user_errors():
        imp = play_impact(cards or None, games, workers=default_workers(workers), fdr=fdr, config=base)
    import pandas as pd
    from reports.tuning import ci_text
    w = imp.wide().head(top)
    view = pd.DataFrame({"card removed": w["name"]})
    for m in impact_metrics(base)[:3]:
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in zip(w[f"delta_{m}"], w[f"lo_{m}"], w[f"hi_{m}"])]
        view[f"q {m}"] = w[f"q_{m}"].astype(float)
    typer.echo(repr(imp))
    say_capped(imp.capped)
    print_table(view, "Impact of removing a card (without - with), clearest first")
    typer.echo(f"Report: {imp.report(folder)}")
