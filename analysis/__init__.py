"""From a run to tables: small pandas pipelines, one module per question.

    analysis.cards.card_table(run)         one row per card: offers, acquisitions, win share
    analysis.boards.board_table(run)       one row per board card (Asgard techniques): uses, who used them
    analysis.poseidon.epic_table(run)      one row per Epic: revealed, and its effect on the Clock (randomized)
    analysis.poseidon.pillar_table(run)    one row per Pillar: revealed, destroyed, the destroyers' win share
    analysis.clock.length_summary(run)     game length; also flames_by_round, flame_removals, end_reasons, capped_share
    analysis.balance.win_share_by(run, by) win share by "hero", "seat" or "policy" with CIs
    analysis.solo.solo_summary(run)        solo runs: the player's win rate against Hilda, ties, margin
    analysis.coop.coop_summary(run)        co-op runs: the team's win rate against Poseidon, margin, Pillars
    analysis.hades.hades_summary(run)      Hades runs: Souls, the Void, the Shackle pile and Senses at the end
    analysis.duel.duel_sides(run)          Duel runs: each side's win rate and Houses; also duel_houses, duel_altars
    analysis.paired                        the confidence intervals of ratios of sums over games
    analysis.compare.game_arrays(run)      a run as per-game arrays, for paired comparisons

`run` is a run folder path, a `sim.Run`, or anything with the DataFrames `.games`, `.players`,
`.events`, `.decks` and `.cards` (a `sim.PlayResult` works too). A run folder's tables come from
its per-batch counters (sim.runs.counters), never from its whole tables; in-memory results from
their DataFrames. A result played with events="none" (or an older run folder made so) has no
card table, flames-by-round or flame-removals table: those raise NoEventsError (check first
with `analysis.has_events(run)`).

The tools that play games (compare, sweep, impact, suggest, robustness) are `sim.compare` etc.
(sim/tools); their old names here still work and say where they moved.
"""
import importlib
import warnings

from analysis import balance, boards, cards, clock, compare, coop, duel, hades, paired, poseidon, solo, stats
from analysis._data import NoEventsError, has_events
from analysis.balance import run_summary, tie_rate, vp_distribution, win_share_by
from analysis.boards import board_table
from analysis.poseidon import epic_table, pillar_table
from analysis.cards import card_table
from analysis.clock import capped_share, end_reasons, flame_removals, flames_by_round, length_distribution, length_summary
from analysis.coop import coop_summary, is_coop, pillars_destroyed
from analysis.duel import duel_altars, duel_houses, duel_sides, is_duel
from analysis.hades import hades_summary, is_hades
from analysis.solo import is_solo, margin_distribution, solo_summary

# Names of earlier versions, now in the tools layer (sim/tools): module, name there.
MOVED = {"compare_runs": ("sim.tools.compare", "compare_runs"), "play_comparison": ("sim.tools.compare", "compare"),
         "sweep": ("sim.tools.sweep", "sweep"), "sweeps": ("sim.tools.sweep", None),
         "impact": ("sim.tools.impact", "impact"), "suggest": ("sim.tools.suggest", "suggest"),
         "robustness": ("sim.tools.robustness", "robustness"), "robustness_of": ("sim.tools.robustness", "robustness_of"),
         "counters": ("sim.runs.counters", None)}

__all__ = ["balance", "boards", "cards", "clock", "coop", "coop_summary", "is_coop", "pillars_destroyed", "hades",
           "duel", "duel_sides", "duel_houses", "duel_altars", "is_duel",
           "hades_summary", "is_hades", "solo", "stats", "compare", "paired", "poseidon", "card_table",
           "board_table", "epic_table", "pillar_table",
           "length_summary",
           "length_distribution", "flames_by_round", "flame_removals", "end_reasons", "capped_share", "win_share_by",
           "vp_distribution", "tie_rate", "run_summary", "is_solo", "solo_summary", "margin_distribution",
           "NoEventsError", "has_events"]


def __getattr__(name):
    if name not in MOVED:
        raise AttributeError(f"module 'analysis' has no attribute {name!r}")
    module, attr = MOVED[name]
    where = module if attr is None else f"{module}.{attr}"
    warnings.warn(f"analysis.{name} moved to {where}", FutureWarning, stacklevel=2)
    found = importlib.import_module(module)
    return found if attr is None else getattr(found, attr)
