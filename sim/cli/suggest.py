"""`seiya suggest`: the smallest cost changes that bring outlier cards back to a target, verified."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples('seiya suggest --card "Ophiuchus Shaina"',
                    "seiya suggest --games 1000 --max-change 2")


def suggest(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Card(s) to tune: a name as in `seiya cards list` or a number (repeat or comma-separate). Default: every card flagged as an outlier by a baseline run."),
    field: List[str] = typer.Option([], "--field", "-f", help="The cost(s) that may change: strength_cost, cosmos_cost (default: each the card has)."),
    games: options.Games = 2000,
    tolerance: float = typer.Option(0.05, "--tolerance", help="Aim for the target ± this."),
    target: str = typer.Option("win_share_diff=0", "--target", help="METRIC=VALUE, METRIC one of win_share_diff, acquisition_rate, acquired_share."),
    max_change: int = typer.Option(3, "--max-change", help="Try costs up to this far from the current one (costs stay at least 1)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate for flagging outliers (Benjamini-Hochberg)."),
    players: options.Players = 2,
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
    """Suggest the smallest integer cost changes that bring each card's buyers' win-share difference (or --target) within --tolerance, searched by paired sweeps and verified on new games."""
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import check_arm, default_workers, output_folder, print_table, quiet_matplotlib
    cards, fields = split_list(card), split_list(field) or ["strength_cost", "cosmos_cost"]
    for f in fields:
        if f not in ("strength_cost", "cosmos_cost"):
            fail(f"unknown --field '{f}'; allowed: strength_cost, cosmos_cost")
    if games < 2:
        fail(f"--games must be at least 2, not {games}")
    if not 0 < tolerance < 1:
        fail(f"--tolerance must be between 0 and 1, not {tolerance}")
    if max_change < 1:
        fail(f"--max-change must be 1 or more, not {max_change}")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    from sim.tools.suggest import SUGGEST_METRICS, suggest as play_suggest
    from sim.tools.sweep import parse_target
    try:
        if parse_target(target)[0] not in SUGGEST_METRICS:
            fail(f"bad target '{target}': the metric must be one of {', '.join(SUGGEST_METRICS)}")
    except ValueError as e:
        fail(str(e))
    base = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset)
    check_arm(base)
    for c in cards:
        check_arm(base.with_changes(overrides={**base.overrides, f"{c}.{fields[0]}": 1}))
    folder = output_folder(out, "suggest")
    quiet_matplotlib()
    compile_engine(base)
    typer.echo(f"Suggesting costs for {', '.join(cards) if cards else 'the outlier cards'} with {games} games per arm...",
               err=True)
    with user_errors():
        sug = play_suggest(cards or None, games, workers=default_workers(workers), tolerance=tolerance,
                           max_change=max_change, target=target, fdr=fdr, fields=tuple(fields), config=base)
    from reports.tuning import suggest_view
    m, goal = sug.target
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
    typer.echo(f"Report: {sug.report(folder)}")
