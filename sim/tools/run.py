"""A run folder as a Python object, and `sim.simulate` (the Python twin of `seiya simulate`).

    run = sim.simulate(5000, players=3)            # plays, writes runs/<name>/, returns a Run
    run = sim.Run("runs/<name>")                    # or open an existing run folder
    run.games, run.players, run.events, run.decks, run.held   # the DataFrames of `sim.play`
    run.card_table(), run.clock_table(), run.hero_table(), ...   # from the per-batch counters
    run.figures.card_forest()                       # matplotlib Figures
"""
from __future__ import annotations

import html
from functools import cached_property
from pathlib import Path

from sim.config import RunConfig
from sim.runs import runner
from sim.runs.run_data import RunFolder


class Run(RunFolder):
    """A run folder (its raw tables, as RunFolder reads them) with its report tables and figures."""

    # --- Tables ----------------------------------------------------------------------------
    def card_table(self):
        from analysis import cards
        return cards.card_table(self)

    def clock_table(self):
        from analysis import clock
        return clock.length_summary(self)

    def length_distribution(self):
        from analysis import clock
        return clock.length_distribution(self)

    def flames_by_round(self):
        from analysis import clock
        return clock.flames_by_round(self)

    def flame_removals(self):
        from analysis import clock
        return clock.flame_removals(self)

    def end_reasons(self):
        from analysis import clock
        return clock.end_reasons(self)

    def hero_table(self):
        from analysis import balance
        return balance.win_share_by(self, "hero")

    def seat_table(self):
        from analysis import balance
        return balance.win_share_by(self, "seat")

    def policy_table(self):
        from analysis import balance
        return balance.win_share_by(self, "policy")

    def vp_table(self):
        from analysis import balance
        return balance.vp_distribution(self)

    def summary(self) -> dict:
        from analysis import balance
        return balance.run_summary(self)

    @cached_property
    def figures(self):
        from reports.figures import Figures
        return Figures(self)

    def report(self, out: str | Path | None = None) -> Path:
        """Write report.html, report.md, tables/*.csv and figures/*.png; return report.html's path."""
        from reports.render import write_report
        return write_report(self, out)

    # --- Display ---------------------------------------------------------------------------
    def __repr__(self):
        m = self.manifest
        return (f"Run({str(self.folder)!r}: {m['games_done']} of {m['games_planned']} games, "
                f"{self.config['players']} players, {m['status']})")

    def _repr_html_(self):
        from analysis import balance
        s = balance.run_summary(self)
        rows = "".join(f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
                       f"<td style='text-align:left'>{html.escape(str(v))}</td></tr>" for k, v in s.items())
        return f"<div><b>Run</b> <code>{html.escape(str(self.folder))}</code><table>{rows}</table></div>"


def simulate(games: int | None = None, players: int = 2, boxes=("base",), seed: int = 0,
             policies=("<default>",), workers: int | None = None, out: str | Path | None = None,
             overrides: dict | None = None, heroes=None, cardset: str | Path | None = None,
             batch_size: int | None = None, events: str = "summary", resume: str | Path | None = None,
             scheduler: str | None = None, cluster: str | None = None, rules: dict | None = None,
             seats: str = "random", config=None) -> Run:
    """Play `games` games across `workers` processes (default: all cores) into a run folder
    (default runs/<time>-<config>/) exactly like `seiya simulate`, and return the Run.

    policies: one for all seats or one per seat (a name or a `sim.policy_catalog.Policy`); heroes:
    None (random) or one per seat; rules: rules parameters by name; seats: "random" or "fixed"; or
    instead of these game options, config: a `sim.config.GameConfig`;
    overrides: {"Taurus Aldebaran.strength_cost": 7, ...}; cardset: a designer's card file;
    events: the event table to write: "summary" (reveals, acquisitions, flames, uses, optional
    costs), "full" (every step) or "none" (no events table, smaller; the report is complete either
    way: it comes from the per-batch counters, counted from the summary log the engine always keeps).
    scheduler: a Dask scheduler address ("tcp://host:8786"; default $DASK_SCHEDULER_ADDRESS) or
    cluster="local" (a Dask LocalCluster of `workers` processes): see docs/cluster.md.
    resume: an interrupted or failed run folder to finish with the configuration in its manifest
    (the other arguments that decide the games are then ignored); same as `sim.resume(folder)`."""
    if resume is not None:
        return resume_run(resume, workers=workers, scheduler=scheduler, cluster=cluster)
    if games is None:
        raise ValueError("give the number of games (or resume=<run folder>)")
    if config is None:
        config = RunConfig.build(games=games, players=players, boxes=boxes, seed=seed,
                                 policies=() if policies in (("<default>",), "<default>") else policies,
                                 heroes=heroes, cardset=cardset, overrides=overrides, events=events, rules=rules,
                                 seats=seats)
    else:
        config = RunConfig.build(**config.model_dump(), games=games, events=events)
    folder = runner.simulate_to_folder(config, out, workers, batch_size, scheduler=scheduler, cluster=cluster)
    return Run(folder)


def resume_run(folder: str | Path, workers: int | None = None, scheduler: str | None = None,
               cluster: str | None = None) -> Run:
    """Finish an interrupted or failed run (only its missing batches are played; the tables end up
    identical to an uninterrupted run's) and return it."""
    return Run(runner.resume_run(folder, workers=workers, scheduler=scheduler, cluster=cluster))


def as_run(obj) -> "Run":
    """A Run from a run folder path; anything with .games/.players/.events is returned as is."""
    if isinstance(obj, (str, Path)):
        return Run(obj)
    return obj
