"""The report's drawings, from small datasets: what they show and what they leave out."""
import numpy as np
import pandas as pd

from reports.figures import MIN_RUNNING, NAMED_OUTLIERS, draw_acquisition_vs_cost, draw_flames_by_round
from reports.tuning import SWEEP_PANELS, draw_sweep


def test_flames_by_round_stops_where_few_games_still_run():
    """The mean of the last rounds is that of a handful of long games: it is not drawn."""
    rounds = np.arange(1, 21)
    games = np.where(rounds <= 15, 1000, 10)  # 1% of the games reach rounds 16..20
    data = pd.DataFrame({"round": rounds, "games": games, "mean_flames_left": 9.0 - rounds * 0.5,
                         "p10": 8.0 - rounds * 0.5, "p90": 10.0 - rounds * 0.5})
    data.loc[data["round"] > 15, "mean_flames_left"] = 6.0  # the few long games rise again
    assert 10 < MIN_RUNNING * 1000
    ax = draw_flames_by_round(data).axes[0]
    assert max(ax.lines[0].get_xdata()) == 15


def test_a_sweep_is_drawn_with_ticks_on_the_swept_values_only():
    values = np.array([4, 5, 6, 7])
    cols = {"value": values, "current": values == 5}
    for m in [m for m, _ in SWEEP_PANELS] + ["hero_imbalance"]:
        cols[m] = np.linspace(0.1, 0.4, len(values))
        cols[f"{m}_lo"], cols[f"{m}_hi"] = cols[m] - 0.05, cols[m] + 0.05
    fig = draw_sweep(pd.DataFrame(cols), "Taurus Aldebaran", "strength_cost", ("acquisition_rate", 0.3))
    for ax in fig.axes:
        assert list(ax.get_xticks()) == [4, 5, 6, 7]


def test_the_cards_farthest_from_their_cost_s_mean_rate_are_named():
    data = pd.DataFrame({"name": [f"card{i}" for i in range(8)] + ["Outlier"],
                         "strength_cost": [5] * 9, "cosmos_cost": [0] * 9, "offered": 100,
                         "acquisition_rate": [0.5, 0.52, 0.48, 0.5, 0.51, 0.49, 0.5, 0.5, 0.98]})
    names = [t.get_text() for t in draw_acquisition_vs_cost(data).axes[0].texts]
    assert len(names) == NAMED_OUTLIERS and names[0] == "Outlier"
