"""`seiya compare`: two card sets on the same seeds (paired), or two existing runs."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, parse_sets, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples('seiya compare --set "Taurus Aldebaran.strength_cost=6" --games 4000',
                    "seiya compare runs/<before> runs/<after>")


def compare(
    runs: List[Path] = typer.Argument(None, help="Two run folders made with the same seed (RUN_A RUN_B); or none, to play both arms here."),
    sets: options.Set = [],
    cardset: options.Cardset = None,
    base_sets: List[str] = typer.Option([], "--base-set", help="Arm A: override a card number (default: our cards as they are)."),
    base_cardset: Optional[Path] = typer.Option(None, "--base-cardset", help="Arm A: a card file (default: none)."),
    games: options.Games = 2000,
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    seed: options.Seed = 0,
    policy: options.Policy = [],
    heroes: options.Heroes = [],
    rules: options.Rule = [],
    workers: options.Workers = None,
    precision: Optional[float] = typer.Option(None, "--precision", help="Keep adding games until the 95% CI half-width of the --metric values is at most this (e.g. 0.01), or --max-games."),
    metrics: List[str] = typer.Option(["win_share_diff"], "--metric", help="Metrics for --precision: a card metric (win_share_diff, acquisition_rate, acquired_share; over the changed cards) or an overall one (rounds, first_player_advantage, hero_imbalance, ...)."),
    max_games: Optional[int] = typer.Option(None, "--max-games", help="Game budget per arm for --precision (default 20 x --games)."),
    fdr: float = typer.Option(0.05, "--fdr", help="False-discovery rate for marking changes that hold (Benjamini-Yekutieli over every card and overall test)."),
    top: int = typer.Option(15, "--top", help="Card rows to print (the clearest changes first)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-compare/)."),
):
    """Paired comparison: per card and overall, the change in win share, acquisition rate and game length (B - A), with 95% CIs and FDR-corrected significance."""
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import (check_arm, check_precision, default_workers, output_folder, quiet_matplotlib)
    runs = list(runs or [])
    if runs and len(runs) != 2:
        fail(f"give two run folders (RUN_A RUN_B) or none, not {len(runs)}")
    if not 0 < fdr < 1:
        fail(f"--fdr must be between 0 and 1, not {fdr}")
    if runs and (sets or cardset or base_sets or base_cardset or precision):
        fail("--set, --cardset, --base-set, --base-cardset and --precision play new games; with two run folders give none of them")
    if not runs and not (sets or cardset or base_sets or base_cardset):
        fail("nothing to compare: give --set/--cardset (arm B), or two run folders")
    check_precision(precision, max_games, games)
    quiet_matplotlib()
    if runs:
        from sim.runs.folder import read_manifest
        from sim.tools.compare import compare_runs
        with user_errors():
            for r in runs:
                read_manifest(r)
            cmp = compare_runs(runs[0], runs[1], fdr=fdr, label_a=runs[0].name, label_b=runs[1].name)
    else:
        options.check_games(games)
        base = options.game_config(players, boxes, seed, policy, heroes, rules, mode=mode)
        arm_a = base.with_changes(overrides=parse_sets(base_sets), cardset=base_cardset)
        arm_b = base.with_changes(overrides=parse_sets(sets), cardset=cardset)
        check_arm(arm_a)
        check_arm(arm_b)
        from analysis.compare import CARD_METRICS
        known = set(CARD_METRICS) | {"rounds", "player_turns", "first_player_advantage", "tie_rate",
                                     "clock_end_share", "hero_imbalance", "team_win_rate", "margin",
                                     "pillars_destroyed"}
        for m in split_list(metrics):
            if m not in known and not m.startswith("win_share:"):
                fail(f"unknown --metric '{m}'; allowed: {', '.join(sorted(known))}, win_share:HERO")
        folder = output_folder(out, "compare")
        compile_engine(base)
        from sim.cli.progress import playing
        from sim.tools.compare import compare as play_both
        with playing(2 * games), user_errors():
            cmp = play_both(games, workers=default_workers(workers), precision=precision,
                            precision_metrics=tuple(split_list(metrics)), max_games=max_games, fdr=fdr,
                            base_overrides=arm_a.overrides, base_cardset=arm_a.cardset, overrides=arm_b.overrides,
                            cardset=arm_b.cardset, config=base,
                            label_a=base_cardset.name if base_cardset else ("base+" + ",".join(base_sets) if base_sets else "base"),
                            label_b=cardset.name if cardset else ",".join(sets))
    if runs:
        folder = output_folder(out, "compare")
    _print(cmp, top)
    typer.echo(f"Report: {cmp.report(folder)}")


def _print(cmp, top: int):
    from reports.tuning import ci_text
    from sim.cli.tuning_common import print_table, say_capped
    typer.echo(repr(cmp))
    say_capped(cmp.capped)
    if cmp.precision is not None:
        typer.echo(str(cmp.precision))
    ov = cmp.overall
    import pandas as pd
    print_table(pd.DataFrame({"metric": ov["metric"], "A": ov["a"], "B": ov["b"],
                              "B - A [95% CI]": [ci_text(d, lo, hi) for d, lo, hi in zip(ov["delta"], ov["lo"], ov["hi"])]}),
                "Overall")
    s = cmp.card_summary().head(top)
    view = pd.DataFrame({"card": s["name"], "role": s["role"], "changed": s["changed"]})
    for m in ("win_share_diff", "acquisition_rate"):
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in zip(s[f"delta_{m}"], s[f"lo_{m}"], s[f"hi_{m}"])]
        view[f"q {m}"] = [("too few" if few else f"{q:.3g}") for q, few in zip(s[f"q_{m}"], s[f"too_few_{m}"])]
    print_table(view, f"Cards: the {top} first, changed cards then the clearest knock-ons (q: Benjamini-Yekutieli over "
                f"every card and overall test; holds if q <= {cmp.fdr})")
    r = cmp.ci_ratio()
    if cmp.paired:
        typer.echo("Paired / unpaired CI width (median over cards): " + ", ".join(
            f"{m} {v:.2f}" for m, v in zip(r["metric"], r["ratio"]) if m in ("win_share_diff", "acquisition_rate", "rounds", "first_player_advantage")))
