"""Per-batch counters: every report table of a run folder, computed from its summed counters
alone, equals the table computed from the run's raw DataFrames; the counters do not depend on
the worker count or the batch size; a folder without counters (an older version) reports the same."""
import shutil
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import analysis
import sim
from sim.runs.tally import card_sums
from sim.runs.counters import WIN_UNIT, make_counters, run_counters, total
from analysis.stats import hist_moments, hist_quantile
from reports import render
from sim.runs import run_data

GAMES, BATCH = 300, 100


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("counters")

    def play(name, players, **kw):
        return sim.simulate(GAMES, players=players, seed=3, out=root / name, **{"workers": 1, "batch_size": BATCH, **kw})

    return {"2p": play("2p", 2), "3p": play("3p", 3, workers=2), "3p-one-batch": play("3p-one-batch", 3, batch_size=GAMES),
            "3p-none": play("3p-none", 3, events="none", batch_size=70), "2p-full": play("2p-full", 2, events="full")}


def raw(run, data=None):
    """The run as in-memory DataFrames (no counters): the tables then come from the raw data.
    `data`: another run folder holding the same games (for a run that wrote no events table)."""
    data = data or run
    return SimpleNamespace(games=data.games, players=data.players, events=data.events, decks=data.decks,
                           held=data.held, cards=data.cards, manifest=run.manifest, folder=run.folder)


def assert_same_report(run, reference):
    ours, theirs = render.tables(run), render.tables(reference)
    assert list(ours) == list(theirs) and "cards" in ours and "flame_removals" in ours
    for name in ours:
        pd.testing.assert_frame_equal(ours[name], theirs[name], check_exact=False, rtol=1e-12, obj=name)
    assert render.balance(run, ours) == render.balance(reference, theirs)
    assert render.clock(ours) == render.clock(theirs)
    assert render.what_was_run(run) == render.what_was_run(reference)
    assert analysis.run_summary(run) == analysis.run_summary(reference)
    for metric in ("first_player_advantage", "rounds", "tie_rate"):
        from analysis.precision import run_half_widths
        assert run_half_widths(run, [metric]) == pytest.approx(run_half_widths(reference, [metric]), rel=1e-12)


@pytest.mark.parametrize("name", ["2p", "3p", "2p-full"])
def test_tables_from_counters_equal_tables_from_the_raw_data(runs, name):
    run = runs[name]
    assert len(list((run.folder / "counters").glob("batch-*.parquet"))) == run.manifest["batches_done"]
    assert_same_report(run, raw(run))


def test_a_run_without_events_table_still_has_the_full_report(runs):
    none, summary = runs["3p-none"], runs["3p"]
    assert not list((none.folder / "events").glob("*.parquet")) and analysis.has_events(none)
    assert_same_report(none, raw(none, data=summary))


def test_counters_do_not_depend_on_workers_or_batch_size(runs):
    a, b = runs["3p"].counters.frame, runs["3p-one-batch"].counters.frame
    pd.testing.assert_frame_equal(a, b)
    pd.testing.assert_frame_equal(runs["3p-none"].counters.frame, a)
    direct = sim.play(GAMES, players=3, seed=3)
    pd.testing.assert_frame_equal(make_counters(direct.games, direct.players, direct.events, direct.decks,
                                                direct.held), a)
    assert a["value"].dtype == "int64" and (a["value"] != 0).all()


def test_the_report_reads_only_the_counters(runs, tmp_path, monkeypatch):
    def no_raw_tables(*args):
        raise AssertionError("the report read a whole table")

    monkeypatch.setattr(run_data, "read_table", no_raw_tables)
    run = sim.Run(runs["2p"].folder)
    path = run.report(tmp_path / "rep")
    assert path.exists() and (tmp_path / "rep" / "tables" / "cards.csv").exists()
    assert "tie rate" in run._repr_html_()


def test_a_folder_without_counters_reports_the_same(runs, tmp_path):
    old = tmp_path / "old"
    shutil.copytree(runs["2p"].folder, old)
    shutil.rmtree(old / "counters")
    pd.testing.assert_frame_equal(run_counters(old).frame, runs["2p"].counters.frame)
    run = sim.Run(old)
    assert_same_report(run, raw(run, data=runs["2p"]))


def test_counters_files_of_an_earlier_writer_sum_the_same(runs, tmp_path):
    """A run resumed or extended by a newer version mixes counters files written by pandas (its
    schema stored, strings as large_string) with the runner's own; they sum as one."""
    mixed = tmp_path / "mixed"
    shutil.copytree(runs["2p"].folder, mixed)
    first = sorted((mixed / "counters").iterdir())[0]
    pd.read_parquet(first).to_parquet(first, index=False)
    pd.testing.assert_frame_equal(run_counters(mixed).frame, runs["2p"].counters.frame)


def test_an_older_run_without_events_reports_what_it_can(runs, tmp_path):
    old = tmp_path / "old-none"
    shutil.copytree(runs["3p-none"].folder, old)
    shutil.rmtree(old / "counters")
    run = sim.Run(old)
    assert not analysis.has_events(run)
    with pytest.raises(analysis.NoEventsError, match="recorded no events.*no card table"):
        run.card_table()
    tabs = render.tables(run)
    assert "cards" not in tabs and "flames_by_round" not in tabs
    pd.testing.assert_frame_equal(tabs["heroes"], render.tables(runs["3p"])["heroes"])
    run.report(tmp_path / "rep")
    assert (tmp_path / "rep" / "report.md").read_text().count(render.NO_EVENTS) == 5


def test_counters_are_tiny(runs):
    sizes = [p.stat().st_size for p in (runs["2p"].folder / "counters").glob("batch-*.parquet")]
    assert max(sizes) < 40_000


def test_sums_of_batches_equal_counters_of_all_games():
    res = sim.play(60, players=4, seed=9)
    parts = []
    for lo in range(0, 60, 25):
        keep = lambda df: df.loc[(df["game"] >= lo) & (df["game"] < lo + 25)]  # noqa: E731
        parts.append(make_counters(keep(res.games), keep(res.players), keep(res.events), keep(res.decks),
                                   keep(res.held)))
    pd.testing.assert_frame_equal(total(parts), make_counters(res.games, res.players, res.events, res.decks,
                                                              res.held))


def test_group_counters_equal_a_groupby_of_the_players():
    """<by>.player_games / wins / winners: per (group as str, final VP, players), as a pandas
    groupby sums them; negative VP included."""
    res = sim.play(150, players=3, seed=5, policies=("value", "random", "value"))
    players = res.players.assign(vp=res.players["vp"] - 3 * (res.players["seat"] == 1))  # some below 0
    assert (players["vp"] < 0).any()
    counters = make_counters(res.games, players, None, res.decks)
    units = np.rint(players["win_share"] * WIN_UNIT).astype("int64")
    pl = pd.DataFrame({"vp": players["vp"].astype("int64"), "players": 3, "player_games": 1, "wins": units,
                       "winners": (units > 0).astype("int64")})
    for by in ("seat", "hero", "policy"):
        expected = pl.groupby([players[by].astype(str).rename("key"), "vp", "players"]).sum()
        for col in ("player_games", "wins", "winners"):
            got = counters.loc[counters["counter"] == f"{by}.{col}"].set_index(["key", "i0", "i1"])["value"]
            want = expected[col].loc[expected[col] != 0]
            assert dict(got) == {(k, v, n): x for (k, v, n), x in want.items()}, (by, col)


def test_card_acquisition_sums_equal_a_pandas_reference():
    """offered, acquired (from the field), their rounds, and the acquirers (player-games that took
    the card at least once) with their summed win shares and per-game second moments, against
    pandas; the events' order does not matter."""
    res = sim.play(200, players=2, seed=8)
    ev = res.events
    acq = ev.loc[ev["kind"] == "acquire"]
    takers = acq.drop_duplicates(["game", "seat", "card_id"]).merge(res.players[["game", "seat", "win_share"]])
    want = pd.DataFrame({
        "offered": ev.loc[ev["kind"] == "reveal"].groupby("card_id").size(),
        "acquired": acq.groupby("card_id").size(),
        "acquired_from_field": acq.loc[acq["b"] >= 0].groupby("card_id").size(),
        "acquire_rounds": acq.groupby("card_id")["round"].sum(),
        "acquirers": takers.groupby("card_id").size(),
        "acquirer_wins": takers.groupby("card_id")["win_share"].sum()}).fillna(0).astype(float)
    per_game = takers.groupby(["card_id", "game"])["win_share"].agg(["size", "sum"])  # b_g, a_g
    moments = pd.DataFrame({"acquirers_sq": per_game["size"] ** 2, "acquirer_wins_sq": per_game["sum"] ** 2,
                            "acquirer_wins_acquirers": per_game["size"] * per_game["sum"]}).groupby("card_id").sum()
    want = want.join(moments).fillna(0.0)
    assert want["acquirers"].sum() > 100 and (want["acquirers"] < want["acquired"]).any()
    for events in (ev, ev.sample(frac=1, random_state=0)):
        got = card_sums(res.games, res.players, events, res.decks)[list(want.columns)]
        got = got.loc[(got != 0).any(axis=1)]
        pd.testing.assert_frame_equal(got, want.rename_axis("card_id"), check_exact=False, rtol=1e-12,
                                      check_index_type=False)


@pytest.mark.parametrize("seed", range(20))
def test_histogram_quantiles_are_pandas_quantiles(seed):
    rng = np.random.default_rng(seed)
    data = pd.Series(rng.integers(0, rng.integers(1, 40), size=rng.integers(1, 200)))
    counts = data.value_counts()
    for q in (0.0, 0.1, 0.25, 0.5, 0.9, 1.0):
        assert hist_quantile(counts.index, counts.values, q) == pytest.approx(data.quantile(q), rel=1e-12, abs=1e-12)
    assert hist_quantile(counts.index, counts.values, 0.5) == data.median()
    n, mean, sd = hist_moments(counts.index, counts.values)
    assert n == len(data) and mean == pytest.approx(data.mean(), rel=1e-12)
    assert (np.isnan(sd) and len(data) == 1) or sd == pytest.approx(data.std(), rel=1e-12, abs=1e-12)
