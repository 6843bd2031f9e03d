"""`seiya worth`: each card's causal worth (a copy given vs none, same seeds) and the power–cost curve."""
from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya worth",
                    "seiya worth --run runs/<name>   # then `seiya report runs/<name>` opens with the verdicts",
                    'seiya worth --set "Aquarius Camus.strength_cost=4"')


def worth(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Cards to measure (repeat or comma-separate); default: every reserve card (the curve needs them all)."),
    games: options.Games = 5000,
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
    copies: int = typer.Option(1, "--copies", help="Copies given to the receiving seat (1 or more); the worth is per copy."),
    text: bool = typer.Option(True, "--text/--no-text", help="Also give each card as a twin without text: the difference is its text's worth (twice the games)."),
    tolerance: float = typer.Option(1.0, "--tolerance", help="Cost points a card's worth may stray from the curve and still be fair (0 or more)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate across cards (Benjamini-Hochberg)."),
    run: Optional[Path] = typer.Option(None, "--run", help="A run folder: measure its game set-up, write the report into RUN/worth/ and save worth.csv in the run folder, which its report then opens with."),
    top: int = typer.Option(20, "--top", help="Cards out of line to print (the clearest first)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-worth/; with --run, RUN/worth/)."),
):
    """Give each card to one seat (outside the reserve, same seeds) and measure its worth: the change in that seat's win share per copy, with paired 95% CIs; fit worth against cost and name the cards out of line."""
    from sim.cli.progress import compile_engine, playing
    from sim.cli.tuning_common import check_arm, default_workers, output_folder, quiet_matplotlib
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    if copies < 1 or tolerance < 0:
        fail("--copies must be 1 or more and --tolerance 0 or more")
    options.check_games(games)
    if games < 2:
        fail("--games must be at least 2 (a paired CI needs two games)")
    if run is not None:
        base = run_config(run)
    else:
        base = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, mode=mode)
    if base.mode == "coop":
        from sim.tools.worth import NOT_IN_COOP
        fail(NOT_IN_COOP)
    check_arm(base)
    cards = split_list(card)
    from sim.games import config_cards
    from sim.tools.impact import reserve_cards
    from sim.tools.worth import gift_arms, worth as measure_worth
    with user_errors():
        from analysis._data import card_row
        frame = config_cards(base)
        names = [card_row(frame, c)["name"] for c in cards] or reserve_cards(frame)
    if run is not None and out is None and (run / "worth").is_dir():
        import shutil
        shutil.rmtree(run / "worth")  # a new measurement of the run replaces the last one
    folder = output_folder(out if out is not None or run is None else run / "worth", "worth")
    quiet_matplotlib()
    compile_engine(base)
    total = games * len(gift_arms(base, names, copies, text))
    with playing(total, "Measuring"), user_errors():
        w = measure_worth(names, games, copies=copies, text=text, tolerance=tolerance, fdr=fdr,
                          workers=default_workers(workers), config=base)
    print_worth(w, top)
    typer.echo(f"Report: {w.report(folder)}")
    if run is not None:
        typer.echo(f"Saved for the run's report: {save_to_run(w, folder, run)}")


def print_worth(w, top: int = 20):
    from reports.worth import verdict_view
    from sim.cli.tuning_common import print_table, say_capped
    typer.echo(repr(w))
    say_capped(w.capped)
    typer.echo(f"Curve: {w.curve.describe()}")
    out_of_line = w.verdicts()
    if len(out_of_line):
        print_table(verdict_view(out_of_line.head(top)).drop(columns=["curve"]),
                    "Cards out of line on the power–cost curve, clearest first")
    else:  # none out of line (or no curve to judge by): what was measured
        print_table(verdict_view(w.table.head(top)).drop(columns=["curve"]),
                    f"No card out of line on the power–cost curve; the cards measured{'' if len(w.table) <= top else f' (the first {top})'}")


def measure_run(run: Path, games: int, workers: int | None = None, quiet: bool = False):
    """`seiya worth --run RUN` with its defaults, for `seiya simulate --report`: measure, write
    RUN/worth/, save worth.csv and the figure in the run folder."""
    import shutil
    from sim.cli.progress import playing
    from sim.cli.tuning_common import default_workers, quiet_matplotlib
    from sim.tools.worth import worth as measure_worth
    base = run_config(run)
    quiet_matplotlib()
    if (run / "worth").is_dir():
        shutil.rmtree(run / "worth")
    from sim.games import config_cards
    from sim.tools.impact import reserve_cards
    arms = 1 + 2 * len(reserve_cards(config_cards(base)))
    with (playing(games * arms, "Measuring card worth") if not quiet else nullcontext()), user_errors():
        w = measure_worth(None, games, text=True, workers=default_workers(workers), config=base)
    if not quiet:
        print_worth(w, 10)
    w.report(run / "worth")
    save_to_run(w, run / "worth", run)


def save_to_run(w, folder: Path, run: Path) -> Path:
    """worth.csv and figures/power_cost.png in the run folder, where its report looks for them."""
    import shutil
    w.table.to_csv(run / "worth.csv", index=False)
    (run / "figures").mkdir(exist_ok=True)
    shutil.copy(folder / "figures" / "power_cost.png", run / "figures" / "power_cost.png")
    return run / "worth.csv"


def run_config(folder: Path):
    """The game set-up of a run folder (one-line error if it is not one)."""
    from sim.runs.folder import config_from_manifest, read_manifest
    with user_errors():
        return config_from_manifest(read_manifest(folder)).game()
