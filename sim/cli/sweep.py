"""`seiya sweep`: one card's number set to each of several values, all on the same seeds."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli import options
from sim.cli.common import fail, split_list, user_errors
from sim.cli.help import examples

EXAMPLES = examples('seiya sweep --card "Taurus Aldebaran" --field strength_cost --values 5..10',
                    "seiya sweep --field round_cap --values 20,30,60 --games 2000",
                    "seiya sweep --field knight_ranks --values civilian,any --cardset my-asgard.toml")


def sweep(
    card: List[str] = typer.Option([], "--card", "--cards", "-c", help="Card(s) to sweep, one at a time: a name as in `seiya cards list` or a number (repeat or comma-separate)."),
    field: str = typer.Option(..., "--field", "-f", help="The number to sweep: copies, strength_cost, cosmos_cost, strength, heal, cosmos or vp; or, without --card, a rules parameter (see `seiya rules`)."),
    values: str = typer.Option(..., "--values", "-v", help="Values: LOW..HIGH (e.g. 4..10), LOW..HIGH..STEP, or a list 3,5,8; a rules parameter with named values takes a list of them (e.g. civilian,any). The current value is always played too."),
    games: options.Games = 1000,
    target: Optional[str] = typer.Option(None, "--target", help="METRIC=VALUE: name the value whose METRIC comes closest (residual, worth, acquisition_rate, win_share_diff, acquired_share, rounds, first_player_advantage, hero_imbalance, win_rate: solo, against Hilda; team_win_rate, margin, pillars_destroyed: co-op; seat_edge: the Duel, the Renegades' win share minus the Gold Saints'). Default: residual=0 for a card (its worth meets the power–cost curve), first_player_advantage=0 for a rules parameter (win_rate=0.5 in solo, team_win_rate=0.5 in co-op, seat_edge=0 in the Duel)."),
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
    precision: Optional[float] = typer.Option(None, "--precision", help="Keep adding games (to every value) until the 95% CI half-width of the --metric values is at most this at every value, or --max-games."),
    metrics: List[str] = typer.Option([], "--metric", help="Metrics for --precision (table columns, e.g. win_share_diff, acquisition_rate, rounds; default win_share_diff for a card, rounds for a rules parameter)."),
    max_games: Optional[int] = typer.Option(None, "--max-games", help="Game budget per value for --precision (default 20 x --games)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Report folder to create (default runs/<time>-sweep/)."),
):
    """Play a card's cost (or any number) at each value on the same seeds: its causal worth and residual on the power–cost curve, acquisition rate, game length and balance against the value, with 95% CIs and the value closest to a target."""
    from sim.cards.cardsets import NUMERIC_FIELDS
    from sim.cli.progress import compile_engine
    from sim.cli.tuning_common import (check_arm, check_precision, default_workers, output_folder, print_table,
                                      quiet_matplotlib, say_capped)
    from sim.engine.params import BY_NAME as RULES
    from sim.spelling import did_you_mean
    from sim.tools.sweep import (CARD_METRICS, CURVE_METRICS, RULE_METRICS, SWEEP_METRICS, measured_target,
                                 parse_rule_values, parse_target, parse_values, sweep as play_sweep)
    cards = split_list(card)
    if not cards and field not in RULES:
        fail(f"give the card to sweep (--card NAME, or --cards A,B), or as --field a rules parameter"
             f"{did_you_mean(field, RULES)}: {', '.join(RULES)}")
    if cards and field not in NUMERIC_FIELDS:
        fail(f"unknown --field '{field}'{did_you_mean(field, NUMERIC_FIELDS)}; allowed: {', '.join(NUMERIC_FIELDS)}")
    try:
        vals = parse_values(values) if cards else parse_rule_values(RULES[field], values)
        if target is not None and parse_target(target)[0] in CURVE_METRICS and not cards:
            fail(f"bad target '{target}': a rules sweep has no card worth; use e.g. first_player_advantage=0")
    except ValueError as e:
        fail(str(e))
    for m in split_list(metrics):
        if m not in SWEEP_METRICS or m in CURVE_METRICS:
            fail(f"unknown --metric '{m}'; allowed: {', '.join(m for m in SWEEP_METRICS if m not in CURVE_METRICS)}")
    check_precision(precision, max_games, games)
    options.check_games(games)
    base = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, mode=mode)
    if cards and base.mode == "coop":
        from sim.tools.worth import NOT_IN_COOP
        fail(NOT_IN_COOP)
    measured, what = (CARD_METRICS, "a card sweep") if cards else (RULE_METRICS[base.mode], f"a rules sweep in {mode} mode")
    with user_errors():  # a metric this kind of sweep does not measure: said before any game
        if target is not None:
            measured_target(target, measured, what)
    metrics = split_list(metrics) or (["win_share_diff"] if cards else ["rounds"])
    for m in metrics:
        if m not in measured:
            fail(f"--metric {m}: {what} measures {', '.join(x for x in measured if x not in CURVE_METRICS)}")
    for c in cards:
        for v in vals:
            check_arm(base.with_changes(overrides={**base.overrides, f"{c}.{field}": v}))
    for v in ([] if cards else vals):
        with user_errors():
            base.with_changes(rules={**base.rules, field: v})
    folder = output_folder(out, "sweep")
    quiet_matplotlib()
    compile_engine(base)
    from sim.cli.progress import playing
    arms = len(vals) + 1   # the values and the current one
    if cards:              # the curve (every reserve card given, and none), and each value's gift and none
        from sim.games import config_cards
        from sim.tools.impact import reserve_cards
        arms = len(cards) * 3 * arms + len(reserve_cards(config_cards(base))) + 1
    with playing(games * arms), user_errors():
        sw = play_sweep(cards or None, field, vals, games, workers=default_workers(workers), target=target,
                        precision=precision, precision_metrics=tuple(metrics),
                        max_games=max_games, config=base)
    t = sw.table
    from reports.tuning import ci_text
    import pandas as pd
    view = pd.DataFrame({field: t["value"].astype(str) + t["current"].map({True: " (current)", False: ""}),
                         "games": t["games"]})
    if cards:  # a rules sweep's rows are all "rule": its value leads each part of the table
        view.insert(0, "card", t["card"])
    for m in ("residual", "acquisition_rate", "rounds") if cards else ("rounds",):
        view[m] = [f"{v:.3f} [{lo:.3f}, {hi:.3f}]" for v, lo, hi in zip(t[m], t[f"{m}_lo"], t[f"{m}_hi"])]
    view["Δ rounds vs current"] = [ci_text(v, lo, hi) for v, lo, hi in zip(t["delta_rounds"], t["delta_rounds_lo"], t["delta_rounds_hi"])]
    # solo: the player's win rate against Hilda; co-op: the team's against Poseidon, and its margin; the
    # Duel: the Renegades' win share minus the Gold Saints'
    for m, label in (("win_rate", "win rate vs Hilda"), ("team_win_rate", "team win rate"), ("margin", "margin"),
                     ("seat_edge", "Renegades' edge")):
        if m in t:
            view[label] = [f"{v:.3f} [{lo:.3f}, {hi:.3f}]" for v, lo, hi in zip(t[m], t[f"{m}_lo"], t[f"{m}_hi"])]
            view[f"Δ {label} vs current"] = [ci_text(v, lo, hi) for v, lo, hi in
                                             zip(t[f"delta_{m}"], t[f"delta_{m}_lo"], t[f"delta_{m}_hi"])]
    if "first_player_advantage" in t and "win_rate" not in t:
        view["first-player adv."] = [f"{v:+.3f}" for v in t["first_player_advantage"]]
    if t["capped_share"].gt(0).any():
        view["games capped"] = t["capped_share"].map("{:.1%}".format)
    print_table(view, f"Sweep of {field} (95% CIs; Δ: paired change from the current value)")
    say_capped(sw.capped)
    for r in sw.best.itertuples(index=False):
        m = sw.target[0]
        typer.echo(f"{r.card}: {field} = {r.best_value} comes closest to {r.target} "
                   f"({m} {getattr(r, m):+.3f} [{getattr(r, m + '_lo'):+.3f}, {getattr(r, m + '_hi'):+.3f}]"
                   f"{', covers the target' if r.covers_target else ''}; current {r.current})"
                   + ("; at the end of the swept range: the target may lie beyond it" if r.at_edge and not r.covers_target else ""))
    for c, prec in sw.precision:
        typer.echo(f"{c}: {prec}")
    typer.echo(f"Report: {sw.report(folder)}")
