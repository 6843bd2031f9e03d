"""The tuning tools in the Python API: thin wrappers over `analysis` (compare, sweep, impact, suggest).

    cmp = sim.compare(2000, overrides={"Taurus Aldebaran.strength_cost": 7})   # paired, same seeds
    cmp.overall; cmp.card_summary(); cmp.forest(); cmp.report("out/")
"""
from __future__ import annotations


def compare(games: int = 2000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
            boxes=("base",), overrides: dict | None = None, cardset=None, base_overrides: dict | None = None,
            base_cardset=None, workers: int = 1, precision: float | None = None,
            precision_metrics=("win_share_diff",), max_games: int | None = None, fdr: float = 0.05):
    """Play our cards (or base_cardset / base_overrides) and the changed cards (cardset /
    overrides) on the same seeds and game indices, and return an `analysis.compare.Comparison`
    (B - A, paired CIs, Benjamini-Hochberg q-values across cards). See `analysis.compare`."""
    from analysis.compare import play_comparison
    return play_comparison(games, players, seed, policies, heroes, boxes, overrides, cardset, base_overrides,
                           base_cardset, workers, precision, precision_metrics, max_games, fdr=fdr)


def sweep(cards, field: str, values, games: int = 1000, players: int = 2, seed: int = 0, policies=("<default>",),
          heroes=None, boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1,
          target: str = "win_share_diff=0", precision: float | None = None, precision_metrics=("win_share_diff",),
          max_games: int | None = None):
    """Play each card (one at a time) with `field` at each value (a list or '4..10') on the same
    seeds; return an `analysis.sweep.Sweep` (.table, .best, .figure(card), .report(out))."""
    from analysis.sweep import sweep as _sweep
    return _sweep(cards, field, values, games, players, seed, policies, heroes, boxes, cardset, overrides,
                  workers, target, precision, precision_metrics, max_games)


def impact(cards=None, games: int = 1000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
           boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1, fdr: float = 0.05):
    """Remove each card (default: every reserve card) on the same seeds; return an
    `analysis.impact.Impact` (.table, .wide(), .figure(metric), .report(out))."""
    from analysis.impact import impact as _impact
    return _impact(cards, games, players, seed, policies, heroes, boxes, cardset, overrides, workers, fdr)


def suggest(cards=None, games: int = 2000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
            boxes=("base",), cardset=None, overrides: dict | None = None, workers: int = 1, tolerance: float = 0.05,
            max_change: int = 3, target: str = "win_share_diff=0", fdr: float = 0.05):
    """Suggest the smallest integer cost change per card (default: each card flagged as an outlier by
    a baseline run) that brings `target` within `tolerance`, verified on new games; return an
    `analysis.suggest.Suggestion` (.table, .searched, .flagged, .report(out))."""
    from analysis.suggest import suggest as _suggest
    return _suggest(cards, games, players, seed, policies, heroes, boxes, cardset, overrides, workers,
                    tolerance, max_change, target, fdr)
