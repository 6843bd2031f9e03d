"""From a run to tables: small pandas pipelines, one module per question.

    analysis.cards.card_table(run)         one row per card: offers, acquisitions, win share
    analysis.clock.length_summary(run)     game length; also flames_by_round, flame_removals, end_reasons
    analysis.balance.win_share_by(run, by) win share by "hero", "seat" or "policy" with CIs
    analysis.stats.wilson / newcombe_diff  the confidence intervals
    analysis.compare_runs(run_a, run_b)    paired comparison of two card sets (same seeds)
    analysis.play_comparison(games, overrides=...)   play both arms, then compare_runs
    analysis.sweep(card, field, values)    one card's number at several values, same seeds
    analysis.impact(cards)                 each card removed: change in length and balance
    analysis.suggest(cards=None)           smallest cost changes bringing outliers back, verified
    analysis.robustness(policies)          card verdicts under several policies, flips flagged

`run` is a run folder path, a `sim.Run`, or anything with the DataFrames `.games`, `.players`,
`.events`, `.decks` and `.cards` (a `sim.PlayResult` works too). A run folder's tables come from
its per-batch counters (analysis.counters), never from its whole tables; in-memory results from
their DataFrames. A result played with events="none" (or an older run folder made so) has no
card table, flames-by-round or flame-removals table: those raise NoEventsError (check first
with `analysis.has_events(run)`).
"""
from analysis import balance, cards, clock, compare, counters, paired, stats, sweep as sweeps
from analysis._data import NoEventsError, has_events
from analysis.impact import impact
from analysis.robustness import robustness, robustness_of
from analysis.balance import run_summary, tie_rate, vp_distribution, win_share_by
from analysis.cards import card_table
from analysis.compare import compare_runs, play_comparison
from analysis.sweep import sweep
from analysis.suggest import suggest
from analysis.clock import end_reasons, flame_removals, flames_by_round, length_distribution, length_summary

__all__ = ["balance", "cards", "clock", "counters", "stats", "compare", "paired", "compare_runs", "play_comparison",
           "sweep", "sweeps", "suggest", "impact", "robustness", "robustness_of", "card_table", "length_summary",
           "length_distribution", "flames_by_round", "flame_removals", "end_reasons", "win_share_by",
           "vp_distribution", "tie_rate", "run_summary", "NoEventsError", "has_events"]
