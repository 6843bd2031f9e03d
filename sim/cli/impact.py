"""`seiya impact`: what removing each card from the game does (banned from the reserve, same seeds)."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli.common import FIRST_RUN, fail, parse_sets, split_list, user_errors


def impact(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Cards to remove, one at a time (repeat or comma-separate); default: every reserve card."),
    games: int = typer.Option(1000, "--games", "-n", help="Games per arm (the same game indices in every arm)."),
    players: int = typer.Option(2, "--players", "-p", help="Players per game: 2 to 5."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards (repeat or comma-separate)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed, shared by every arm."),
    policy: List[str] = typer.Option(["value"], "--policy", help="Policy for all seats, or one per seat."),
    heroes: List[str] = typer.Option([], "--heroes", help="One Hero per seat (default: random, distinct)."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file under every arm."),
    sets: List[str] = typer.Option([], "--set", help="Overrides under every arm: \"CARD.FIELD=VALUE\" (repeatable)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: the machine's cores)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate across cards (Benjamini-Hochberg)."),
    top: int = typer.Option(15, "--top", help="Card rows to print (the clearest impact first)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-impact/)."),
):
    """Remove each card (copies = 0, same seeds) and measure the change in game length, first-player advantage and Hero balance, with paired 95% CIs."""
    from sim.cli.tuning_common import check_arm, default_workers, output_folder, print_table, quiet_matplotlib
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    over = parse_sets(sets)
    pol, her, box = split_list(policy) or ["value"], split_list(heroes), split_list(boxes) or ["base"]
    check_arm(games, players, box, seed, pol, her, cardset, over)
    cards = split_list(card)
    import sim
    with user_errors():
        frame = sim.load_cards(tuple(box), str(cardset) if cardset else None, over or None)
        from analysis.sweep import _card_row
        for c in cards:
            if _card_row(frame, c)["start"] != "reserve":
                fail(f"'{c}' is not a reserve card; only reserve cards can be removed")
    folder = output_folder(out, "impact")
    quiet_matplotlib()
    import analysis
    typer.echo(f"Playing {len(cards) or 'every reserve'} card(s) removed, {games} games each "
               f"({FIRST_RUN})...", err=True)
    with user_errors():
        imp = analysis.impact(cards or None, games, players, seed, tuple(pol), tuple(her) or None, tuple(box),
                              str(cardset) if cardset else None, over or None, default_workers(workers), fdr)
    import pandas as pd
    from reports.tuning import ci_text
    w = imp.wide().head(top)
    view = pd.DataFrame({"card removed": w["name"]})
    for m in ("rounds", "first_player_advantage", "hero_imbalance"):
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in zip(w[f"delta_{m}"], w[f"lo_{m}"], w[f"hi_{m}"])]
        view[f"q {m}"] = w[f"q_{m}"].astype(float)
    typer.echo(repr(imp))
    print_table(view, "Impact of removing a card (without - with), clearest first")
    typer.echo(f"Report: {imp.report(folder)}")
