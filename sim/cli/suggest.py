"""`seiya suggest`: the costs that bring cards out of line back onto the power–cost curve (or a
market metric to a target), verified on new games."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya suggest",
                    'seiya suggest --card "Aquarius Camus" --set "Aquarius Camus.strength_cost=4"',
                    'seiya suggest --card "Ophiuchus Shaina" --target acquisition_rate=0.5 --tolerance 0.1')


def suggest(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Card(s) to tune: a name as in `seiya cards list` or a number (repeat or comma-separate). Default: every card out of line on the power–cost curve (or, with a METRIC=VALUE target, flagged as an outlier)."),
    field: List[str] = typer.Option([], "--field", "-f", help="With a METRIC=VALUE target, the cost(s) that may change: strength_cost, cosmos_cost (default: each the card has). On the curve, the card's price's currency."),
    games: options.Games = 5000,
    tolerance: Optional[float] = typer.Option(None, "--tolerance", help="On the curve: cost points a card may stray from it (default 1). With METRIC=VALUE: the target ± this (default 0.05)."),
    target: str = typer.Option("curve", "--target", help="curve (the power–cost curve of `seiya worth`), or METRIC=VALUE with METRIC one of win_share_diff, acquisition_rate, acquired_share."),
    max_change: int = typer.Option(4, "--max-change", help="Costs stay within this of the current one (and at least 1)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate for flagging outliers (Benjamini-Hochberg)."),
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
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-suggest/)."),
):
    """Suggest the cost at which each card's causal worth meets the power–cost curve (or the smallest change that brings a market metric within --tolerance of --target), verified on new games."""
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import (check_arm, default_workers, output_folder, print_table, quiet_matplotlib,
                                      say_capped)
    cards, fields = split_list(card), split_list(field) or ["strength_cost", "cosmos_cost"]
    for f in fields:
        if f not in ("strength_cost", "cosmos_cost"):
            fail(f"unknown --field '{f}'; allowed: strength_cost, cosmos_cost")
    if games < 2:
        fail(f"--games must be at least 2, not {games}")
    curve = target == "curve"
    if tolerance is not None and not (tolerance > 0 if curve else 0 < tolerance < 1):
        fail(f"--tolerance must be {'above 0 (cost points)' if curve else 'between 0 and 1'}, not {tolerance}")
    if max_change < 1:
        fail(f"--max-change must be 1 or more, not {max_change}")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    from sim.tools.suggest import SUGGEST_METRICS, suggest as play_suggest
    from sim.tools.sweep import parse_target
    try:
        if not curve and parse_target(target)[0] not in SUGGEST_METRICS:
            fail(f"bad target '{target}': use curve or METRIC=VALUE with METRIC one of {', '.join(SUGGEST_METRICS)}")
    except ValueError:
        fail(f"bad target '{target}': use curve or METRIC=VALUE with METRIC one of {', '.join(SUGGEST_METRICS)}")
    base = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, mode=mode)
    if base.mode == "coop":
        from sim.tools.worth import NOT_IN_COOP
        fail(NOT_IN_COOP)
    check_arm(base)
    for c in cards:
        check_arm(base.with_changes(overrides={**base.overrides, f"{c}.{fields[0]}": 1}))
    tolerance = tolerance if tolerance is not None or curve else 0.05
    folder = output_folder(out, "suggest")
    quiet_matplotlib()
    compile_engine(base)
    if curve:
        return suggest_on_curve(cards, games, base, default_workers(workers), tolerance, max_change, fdr, folder)
    from sim.cli.progress import playing
    with playing(games * (1 + len(cards) * (2 * max_change + 3))), user_errors():
        sug = play_suggest(cards or None, games, workers=default_workers(workers), tolerance=tolerance,
                           max_change=max_change, target=target, fdr=fdr, fields=tuple(fields), config=base)
    from reports.tuning import suggest_view
    m, goal = sug.target
    tolerance = sug.tolerance
    if sug.flagged is not None:
        typer.echo(f"{int(sug.flagged['outlier'].sum())} of {len(sug.flagged)} cards flagged: "
                   f"|{m} − {goal:g}| > {tolerance:g} at FDR {fdr}")
    if len(sug.table):
        print_table(suggest_view(sug), f"Cost suggestions ({m} = {goal:g} ± {tolerance:g}; verified on new games, 95% CIs)")
    for r in sug.table.itertuples(index=False):
        what = f"{r.field} {r.current} → {r.suggested}" if r.change else f"keep {r.field} {r.current}"
        typer.echo(f"{r.card}: {what}: {m} {getattr(r, m + '_before'):+.3f} → {getattr(r, m + '_after'):+.3f} on "
                   f"{r.games_verify // (2 if r.change else 1)} new games (paired change {r.delta:+.3f} "
                   f"[{r.delta_lo:+.3f}, {r.delta_hi:+.3f}]); "
                   + ("within the tolerance" if r.meets else "not within the tolerance"
                      + ("" if r.search_meets else ": no cost tried reached it, this is the closest")))
    say_capped(sug.capped)
    typer.echo(f"Report: {sug.report(folder)}")


def suggest_on_curve(cards, games, base, workers, tolerance, max_change, fdr, folder):
    """The curve target: measure every card's worth (progress bar), suggest, verify, print."""
    from sim.cli.progress import playing
    from sim.cli.tuning_common import print_table, say_capped
    from sim.games import config_cards
    from sim.tools.impact import reserve_cards
    from sim.tools.suggest import suggest as play_suggest
    from reports.worth import curve_suggest_view
    n_cards = len(reserve_cards(config_cards(base)))
    with playing(games * (n_cards + 1), "Measuring"), user_errors():  # the verification adds to it as it goes
        sug = play_suggest(cards or None, games, workers=workers, tolerance=tolerance, max_change=max_change,
                           fdr=fdr, config=base)
    flagged = sug.flagged["verdict"].isin(("under-costed", "over-costed"))
    typer.echo(f"{int(flagged.sum())} of {len(sug.flagged)} cards out of line on the power–cost curve "
               f"(more than {sug.tolerance:g} cost point(s), FDR {fdr})")
    if len(sug.table):
        print_table(curve_suggest_view(sug), "Cost suggestions on the power–cost curve (verified on new games, 95% CIs)")
    for r in sug.table.itertuples(index=False):
        what = f"{r.field} {r.current} → {r.suggested}" if r.change else f"keep {r.field} {r.current}"
        typer.echo(f"{r.card}: {what}: residual {r.residual_before:+.3f} → {r.residual_after:+.3f} on "
                   f"{games} new games; " + ("fair at the new cost" if r.fair_after else "still out of line"))
    say_capped(sug.capped)
    typer.echo(f"Report: {sug.report(folder)}")
