"""`seiya tune`: fit the heuristic policy's weights by CMA-ES against a panel of policies."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya tune --generations 20 --games 100",
                    "seiya tune --start clock --panel value,clock --name clock2 --out clock2.json",
                    "seiya tune --generations 40 --population 16 --games 200 --name tuned2 --save",
                    "seiya tune --mode coop --players 3 --start tuned --name coop --save")


def tune(
    start: str = typer.Option("value", "--start", help="The heuristic policy whose weights to start from. See `seiya policies`."),
    panel: List[str] = typer.Option([], "--panel", help="The opponents (comma-separate or repeat; default value,greedy,clock): a candidate's objective is its mean win share against them. Co-op has none: the candidate plays every seat, and its objective is the team's margin over Poseidon."),
    generations: int = typer.Option(20, "--generations", "-g", help="CMA-ES generations (1 or more)."),
    population: Optional[int] = typer.Option(None, "--population", help="Candidates per generation (2 or more; default CMA-ES's, 11)."),
    games: int = typer.Option(100, "--games", "-n", help="Game seeds per candidate and panel member (2 or more), each played twice with the seats swapped."),
    validation_games: int = typer.Option(2000, "--validation-games", help="Fresh game seeds per panel member to validate the fit (2 or more), each played twice."),
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    seed: options.Seed = 0,
    name: str = typer.Option("tuned", "--name", help="The fitted policy's name."),
    workers: options.Workers = None,
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="The policy file (JSON) to write (default runs/<time>-tune-NAME.json)."),
    save: bool = typer.Option(False, "--save", help="Also store the policy in the package (sim/policies/NAME.json, replacing one of that name), so `--policy NAME` plays it."),
):
    """Fit the heuristic's continuous weights (CMA-ES) to win against a panel on paired seeds (co-op: to raise the team's margin over Poseidon); validate on fresh seeds; write the policy file."""
    from sim.cli.progress import compile_engine, run_progress
    from sim.cli.tuning_common import default_workers
    from sim.tools.tune import DEFAULT_PANEL, check_settings, default_population
    team = mode == "coop"
    if team and panel:
        fail("co-op has no --panel: the candidate plays every seat against Poseidon")
    members = [] if team else split_list(panel) or list(DEFAULT_PANEL)
    base = options.game_config(players, boxes, seed, mode=mode)
    with user_errors():
        start_policy = base.with_changes(policies=(start,)).policies[0]
        panel_policies = [base.with_changes(policies=(m,)).policies[0] for m in members]
        check_settings(start_policy, panel_policies, generations, population, games, validation_games, name, team)
    out = out or Path("runs") / f"{datetime.now().strftime('%Y%m%d-%H%M%S')}-tune-{name}.json"
    if out.exists():
        fail(f"{out} already exists; choose a new --out")
    n_workers = default_workers(workers)
    compile_engine(base)
    from sim.tools.tune import tune as fit
    pop = population or default_population()
    total = generations * pop * games + 2 * validation_games if team else \
        2 * len(members) * (generations * pop * games + validation_games)
    with run_progress(total, label="Tuning") as progress, user_errors():
        progress.started(0)

        def generation_done(g, best, _history):
            progress.note = f"generation {g}/{generations}, best {best:.3f}"

        tuned = fit(start_policy, panel_policies, generations, pop, games, name=name,
                    validation_games=validation_games, workers=n_workers, config=base,
                    on_games=lambda n: progress.advance(progress.done + n), on_generation=generation_done)
    _print(tuned, start_policy)
    typer.echo(f"Policy file: {tuned.write(out)}")
    if save:
        typer.echo(f"Saved in the package: {tuned.save()} (play it with --policy {name})")


def _print(tuned, start):
    import pandas as pd
    from reports.ladder import ci
    from sim.cli.tuning_common import print_table, say_capped
    from sim.tools.tune import TUNED
    typer.echo(repr(tuned))
    say_capped(tuned.capped)
    v = tuned.validation
    if "margin" in v:  # co-op
        typer.echo("By generation: the best and the mean candidate's margin over Poseidon (the last 10)")
        print_table(tuned.history.tail(10), "", {"generation": str})
        typer.echo("Validation on fresh seeds, the same for both (change: fitted - start, paired)")
        print_table(pd.DataFrame({"policy": [f"{r} ({n})" if n else r for r, n in zip(v["policy"], v["name"])],
                                  "games": v["games"],
                                  "team win rate [95% CI]": [ci(s, lo, hi) for s, lo, hi in zip(v["team_win_rate"], v["lo"], v["hi"])],
                                  "margin [95% CI]": [f"{m:+.1f} [{lo:+.1f}, {hi:+.1f}]" for m, lo, hi in
                                                      zip(v["margin"], v["margin_lo"], v["margin_hi"])]}), "")
    else:
        typer.echo("By generation: the best and the mean candidate's win share against the panel (the last 10)")
        print_table(tuned.history.tail(10), "", {"generation": str})
        typer.echo("Validation on fresh seeds: win share, 95% CI over seeds (a seed's two games are one unit)")
        print_table(pd.DataFrame({"opponent": v["opponent"], "games": v["games"],
                                  "win share [95% CI]": [ci(s, lo, hi) for s, lo, hi in zip(v["win_share"], v["lo"], v["hi"])]}),
                    "")
    w = tuned.record["weights"]
    w0 = tuned.record["fitted"]["start_weights"]
    typer.echo("Weights")
    print_table(pd.DataFrame({"weight": list(TUNED), start.name: [w0[k] for k in TUNED],
                              tuned.policy.name: [w[k] for k in TUNED]}), "")
