"""Solo runs (the player against Hilda): the margin counter sums over batches, the summary counts a
tie as a loss, and the report opens with "Against Hilda" for a solo run only. Built on synthetic
games shaped as the engine's solo tables (one player row per game, the games' `hilda_vp`)."""
import json
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import analysis
from analysis.solo import is_solo, margin_distribution, solo_summary
from reports.render import write_report
from sim.runs.counters import SOLO_MARGIN, Counters, make_counters, total
from sim.runs.folder import COUNTERS, MANIFEST, batch_name

# 5 wins (3, 5, 1, 2, 2), 2 ties, 3 losses; sorted: -4 -2 -1 0 0 1 2 2 3 5
MARGINS = [3, 0, -1, 5, -2, 0, 1, -4, 2, 2]


def solo_frames(margins, first_game: int = 0, hilda: int = 20):
    """games and players tables as a solo run makes them: one player (seat 0) per game."""
    n = len(margins)
    game = np.arange(first_game, first_game + n)
    hilda_vp = hilda + game % 3
    vp = hilda_vp + np.asarray(margins)
    games = pd.DataFrame({"game": game, "seed": 1, "players": np.int8(1), "rounds": 24, "player_turns": 24,
                          "end_reason": np.where(game % 4 == 0, "reserve exhausted", "turns played"),
                          "hilda_vp": hilda_vp.astype("int16")})
    players = pd.DataFrame({"game": game, "seat": 0, "hero": np.where(game % 2, "Seiya", "Shiryu"),
                            "policy": "value", "vp": vp, "win_share": (vp > hilda_vp).astype(float)})
    return games, players


def classic_frames(n: int = 10):
    game = np.repeat(np.arange(n), 2)
    vp = np.where(np.arange(2 * n) % 2, 30, 25) + game % 5
    win = (np.arange(2 * n) % 2).astype(float)
    games = pd.DataFrame({"game": np.arange(n), "seed": 1, "players": np.int8(2), "rounds": 12,
                          "player_turns": 24, "end_reason": "clock"})
    players = pd.DataFrame({"game": game, "seat": np.arange(2 * n) % 2, "hero": np.where(game % 2, "Seiya", "Shiryu"),
                            "policy": "value", "vp": vp, "win_share": win})
    return games, players


def counters_of(frames) -> pd.DataFrame:
    return make_counters(*frames, None, pd.DataFrame())


# --- Counters -----------------------------------------------------------------------------------
def test_the_margin_counter_is_a_histogram_of_player_vp_minus_hilda_vp():
    c = Counters(counters_of(solo_frames(MARGINS)))
    margins, games = c.histogram(SOLO_MARGIN)
    assert dict(zip(margins, games)) == {-4: 1, -2: 1, -1: 1, 0: 2, 1: 1, 2: 2, 3: 1, 5: 1}
    assert c.scalar("ties") == 0  # a tie with Hilda is no tie for first between players


def test_margin_counters_summed_over_batches_equal_one_batch():
    rng = np.random.default_rng(4)
    margins = rng.integers(-9, 9, size=50)
    parts = [counters_of(solo_frames(margins[lo:lo + 17], first_game=lo)) for lo in range(0, 50, 17)]
    whole = counters_of(solo_frames(margins))
    pd.testing.assert_frame_equal(total(parts), whole)
    m, g = Counters(whole).histogram(SOLO_MARGIN)
    assert g.sum() == 50 and dict(zip(m, g)) == pd.Series(margins).value_counts().to_dict()


def test_a_classic_run_has_no_margin_counter():
    c = Counters(counters_of(classic_frames()))
    assert c.games == 10 and not len(c.table(SOLO_MARGIN))


# --- Analysis -----------------------------------------------------------------------------------
def in_memory(frames):
    return SimpleNamespace(games=frames[0], players=frames[1])


def counted(frames):
    return SimpleNamespace(counters=Counters(counters_of(frames)))


@pytest.mark.parametrize("make", [in_memory, counted])
def test_the_summary_counts_a_tie_as_a_loss(make):
    run = make(solo_frames(MARGINS))
    assert is_solo(run)
    s = solo_summary(run).iloc[0]
    assert (s["games"], s["wins"], s["ties"], s["losses"]) == (10, 5, 2, 3)
    assert s["win_rate"] == 0.5 and s["tie_rate"] == 0.2
    assert s["median_margin"] == 0.5 and s["margin_q1"] == -0.75 and s["margin_q3"] == 2.0
    assert s["mean_margin"] == pytest.approx(0.6)
    assert (s["lo"], s["hi"]) == pytest.approx((0.2366, 0.7634), abs=1e-4)  # Wilson, 5 of 10


def test_the_summary_matches_pandas_on_many_games():
    margins = np.random.default_rng(7).integers(-12, 8, size=1000)
    s = solo_summary(counted(solo_frames(margins))).iloc[0]
    m = pd.Series(margins)
    assert s["wins"] == (m > 0).sum() and s["ties"] == (m == 0).sum()
    assert s["median_margin"] == m.median()
    assert (s["margin_q1"], s["margin_q3"]) == (m.quantile(0.25), m.quantile(0.75))
    assert s["lo"] < s["win_rate"] < s["hi"] and s["hi"] - s["lo"] < 0.07


def test_the_margin_distribution_shares_sum_to_one_and_name_each_outcome():
    d = margin_distribution(in_memory(solo_frames(MARGINS)))
    assert list(d["margin"]) == [-4, -2, -1, 0, 1, 2, 3, 5] and d["games"].sum() == 10
    assert d["share"].sum() == pytest.approx(1.0)
    assert list(d["outcome"]) == ["loss"] * 3 + ["tie"] + ["win"] * 4


def test_a_classic_run_is_not_solo():
    assert not is_solo(in_memory(classic_frames())) and not is_solo(counted(classic_frames()))
    with pytest.raises(ValueError, match="not a solo run"):
        solo_summary(in_memory(classic_frames()))
    assert analysis.solo_summary is solo_summary


def test_the_run_summary_of_a_solo_run_gives_the_win_rate_not_seat_balance():
    out = analysis.run_summary(in_memory(solo_frames(MARGINS)))
    assert out["win rate against Hilda"] == "0.500 [0.237, 0.763]" and out["ties with Hilda (losses)"] == "0.200"
    assert "first-player advantage" not in out and "win share by seat" not in out
    assert "first-player advantage" in analysis.run_summary(in_memory(classic_frames()))


# --- Report -------------------------------------------------------------------------------------
def run_folder(folder, frames, batches: int = 2, mode: str = "solo"):
    """A run folder holding only what a report reads: manifest, counters per batch, card table."""
    games, players = frames
    (folder / COUNTERS).mkdir(parents=True)
    bounds = np.linspace(0, len(games), batches + 1).astype(int)
    for i, (lo, hi) in enumerate(zip(bounds[:-1], bounds[1:])):
        keep = games["game"].iloc[lo:hi]
        counters_of((games.loc[games["game"].isin(keep)], players.loc[players["game"].isin(keep)])) \
            .to_parquet(folder / COUNTERS / batch_name(i))
    rules = {"solo_turns": 24, "hilda_die": "random_pairing"} if mode == "solo" else {}
    config = {"mode": mode, "boxes": ["base", "asgard"], "players": int(games["players"].iloc[0]), "policies": ["value"],
              "rules": rules, "heroes": None, "first_game": 0, "seed": 1, "events": "summary", "overrides": {}}
    manifest = {"config": config, "status": "done", "games_done": len(games), "games_planned": len(games),
                "n_cards": 1, "cardset_hash": "0" * 12, "batches": [{"index": i} for i in range(batches)],
                "engine": {"version": "0", "engine_hash": "0" * 12, "numba": "0", "python": "3"}}
    (folder / MANIFEST).write_text(json.dumps(manifest))
    pd.DataFrame({"id": [0], "name": ["Pegasus Seiya"], "start": ["reserve"], "estimate": [False]}) \
        .to_parquet(folder / "cards.parquet")
    return folder


@pytest.fixture(scope="module")
def solo_report(tmp_path_factory):
    folder = run_folder(tmp_path_factory.mktemp("solo") / "run", solo_frames(MARGINS))
    write_report(folder)
    return folder, (folder / "report.md").read_text(), (folder / "report.html").read_text()


def test_a_solo_report_opens_with_the_record_against_hilda(solo_report):
    folder, md, page = solo_report
    titles = [line[3:] for line in md.splitlines() if line.startswith("## ")]
    assert titles[0] == "Against Hilda" and "Balance: Heroes and seats" not in titles
    assert ("The player beat Hilda in 50.0% of 10 games [95% CI 23.7%, 76.3%]; 20.0% were ties, "
            "which count as losses; median margin +0.5 VP.") in md
    assert "5 wins, 2 ties, 3 losses" in md and "Hilda's die: random_pairing (our estimate, SOLO-1)" in md
    assert "![Against Hilda](figures/solo_margin.png)" in md and (folder / "figures" / "solo_margin.png").is_file()
    assert page.index("id='against-hilda'") < page.index("id='contents'") and "Win rate against Hilda" in page


def test_a_solo_report_has_no_seat_balance_and_lists_turns_played(solo_report):
    folder, md, _ = solo_report
    titles = [line[3:] for line in md.splitlines() if line.startswith("## ")]
    assert "Seats" not in titles and "VP by seat" not in titles and "First-player advantage" not in md
    assert not (folder / "figures" / "seat_bars.png").exists() and not (folder / "tables" / "seats.csv").exists()
    assert "win rate vs Hilda [95% CI]" in md and "advantage" not in pd.read_csv(folder / "tables" / "heroes.csv")
    ends = pd.read_csv(folder / "tables" / "end_reasons.csv").set_index("end_reason")["games"]
    assert ends["turns played"] == 7 and ends["reserve exhausted"] == 3
    summary = pd.read_csv(folder / "tables" / "solo_summary.csv").iloc[0]
    assert (summary["wins"], summary["ties"], summary["losses"]) == (5, 2, 3)


def test_a_classic_report_says_nothing_of_hilda(tmp_path):
    folder = run_folder(tmp_path / "run", classic_frames(), mode="classic")
    write_report(folder)
    md, page = (folder / "report.md").read_text(), (folder / "report.html").read_text()
    assert "Hilda" not in md and "Hilda" not in page and "Balance: Heroes and seats" in md
    assert (folder / "figures" / "seat_bars.png").is_file() and not (folder / "figures" / "solo_margin.png").exists()
