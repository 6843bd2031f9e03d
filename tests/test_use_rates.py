"""Use rates: the cards each player had in hand (`held`), the uses of a card's use ability and the
answers to its optional cost, as the engine records them, as the counters sum them, and as the
card table and the report show them (cards whose text the bots never used are named)."""
import shutil

import numpy as np
import pandas as pd
import pytest

import analysis
import sim
from analysis.cards import MIN_HELD, USE_COLUMNS, card_table, finish_card_table, never_used
from reports import render
from sim.engine.policies.weights import W_PAY
from sim.runs.counters import KEYS, Counters, make_counters, total
from sim.scenario import Scenario


def held_names(sc, seat):
    return sorted(sc.engine.cards[k].name for k in np.flatnonzero(sc.st.held[seat]))


# --- The engine ---------------------------------------------------------------------------------
def test_held_marks_cards_drawn_taken_into_hand_or_used_and_no_other():
    """Virgo Cloth, equipped without passing through the hand, is held once used; its draw marks
    the two cards drawn, not the one left in the draw pile. Cancer Cloth puts two revealed cards
    into the hand (held) and has the third wounded (never in hand)."""
    sc = Scenario()
    virgo = sc.put(0, "cloth", "Virgo Cloth")
    for name in ("Oko", "Jaki", "Cassios"):  # Cassios on top
        sc.put(0, "draw", name)
    assert held_names(sc, 0) == []
    sc.use(0, virgo)
    assert held_names(sc, 0) == ["Cassios", "Jaki", "Virgo Cloth"]
    assert held_names(sc, 1) == []

    sc = Scenario()
    cancer = sc.put(0, "cloth", "Cancer Cloth")
    for name in ("Oko", "Pegasus Cloth", "Cassios", "Dragon Cloth"):  # Dragon Cloth on top
        sc.put(0, "draw", name)
    sc.use(0, cancer)
    assert sc.names(0, "wounded") == ["Cassios"]
    assert held_names(sc, 0) == ["Cancer Cloth", "Dragon Cloth", "Pegasus Cloth"]


def test_held_marks_a_card_acquired_into_the_hand_with_cosmos():
    sc = Scenario(heroes=("Shun", "Seiya"))
    sc.field(5, "Sky Cloth Sho")
    sc.put(0, "draw", "Oko")
    sc.play(0, sc.hand(0, "Andromeda Shun"), 5)
    assert held_names(sc, 0) == ["Andromeda Shun"]
    sc.acquire(0, 5, "cosmos")
    assert sc.names(0, "hand") == ["Oko", "Sky Cloth Sho"]
    assert held_names(sc, 0) == ["Andromeda Shun", "Oko", "Sky Cloth Sho"]


@pytest.mark.parametrize("pay, paid", [(99.0, 1), (-1.0, 0)])
def test_an_optional_cost_is_logged_paid_or_declined(pay, paid):
    """Leo Cloth asks its user to wound a Saint in hand: a "pay" event names the card and the
    payer, a = 1 paid, 0 declined; the use itself is a "use" event."""
    sc = Scenario()
    sc.st.mind.weights[0, W_PAY] = pay
    sc.field(2, "Perseus Algol")
    cloth = sc.hand(0, "Leo Cloth")
    sc.play(0, sc.hand(0, "Pegasus Seiya"), 2)
    sc.hand(0, "Pegasus Seiya")
    sc.equip(0, cloth)
    sc.use(0, cloth)
    ev = sc.events()
    names = dict(zip(sc.engine.frame["id"], sc.engine.frame["name"]))
    rows = [(str(r.kind), names[r.card_id], int(r.seat), int(r.a)) for r in ev.itertuples()
            if r.kind in ("use", "pay")]
    assert rows == [("use", "Leo Cloth", 0, 4), ("pay", "Leo Cloth", 0, paid)]
    assert sc.names(0, "wounded") == (["Pegasus Seiya"] if paid else [])


# --- Counted over games ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def random_games():
    return sim.play(300, players=3, seed=4, policies=("random",))


def test_the_random_policy_uses_cards_and_pays_some_costs(random_games):
    """The random policy takes every kind of legal action, uses included, and pays an optional
    cost half the time: a starting Cloth has a use rate above 0; a cost is never paid more often
    than asked; only a card with a use ability has a use rate."""
    t = card_table(random_games).set_index("name")
    ev = random_games.events
    assert t.loc["Pegasus Cloth", "use_rate"] > 0
    assert t.loc["Pegasus Cloth", "uses"] == ((ev["kind"] == "use") & (ev["card_id"] == 6)).sum()
    assert t.loc["Pegasus Cloth", "held"] <= len(random_games.players)
    assert (t["pay_offered"] >= t["pay_paid"]).all()
    assert t["pay_paid"].sum() > 0 and (t["pay_paid"] < t["pay_offered"]).any()
    with_use = analysis.cards.has_use(random_games.cards.set_index("name")).reindex(t.index)
    assert t.loc[~with_use, "use_rate"].isna().all()
    assert t.loc[with_use & (t["held"] > 0), "use_rate"].notna().all()


def test_every_use_and_every_turns_hand_is_held():
    """In full logs: each card used and each card in the active player's hand at the start of a
    turn ("hand" events) is among that player's held cards of the game."""
    res = sim.play(40, players=2, seed=6, policies=("random", "value"), events="full")
    held = set(res.held[["game", "seat", "card_id"]].astype("int64").itertuples(index=False, name=None))
    ev = res.events
    for kind in ("use", "hand"):
        rows = ev.loc[ev["kind"] == kind, ["game", "seat", "card_id"]].astype("int64")
        seen = set(rows.itertuples(index=False, name=None))
        assert seen and seen <= held, kind


def use_counters(counters: pd.DataFrame) -> pd.DataFrame:
    keep = counters["counter"].isin(["uses_counted", "card.held", "card.uses", "card.pay_offered", "card.pay_paid"])
    return counters.loc[keep].reset_index(drop=True)


def test_counters_of_two_batches_add_up_to_those_of_one():
    """Two batches played apart (the engine refills `held` for each game) sum to the counters of
    the same games played as one batch."""
    whole = sim.play(80, players=3, seed=2, policies=("random", "value", "greedy"), seats="fixed")
    parts = [sim.play(40, players=3, seed=2, policies=("random", "value", "greedy"), seats="fixed", first_game=g)
             for g in (0, 40)]
    summed = total([make_counters(p.games, p.players, p.events, p.decks, p.held) for p in parts])
    one = make_counters(whole.games, whole.players, whole.events, whole.decks, whole.held)
    assert len(use_counters(one)) > 20
    pd.testing.assert_frame_equal(use_counters(summed), use_counters(one))
    pd.testing.assert_frame_equal(summed, one)


# --- The card table and the report ---------------------------------------------------------------
def hand_made_counters(cards: pd.DataFrame, uses: dict) -> Counters:
    """Counters of 500 two-player games with the given use sums per card name (held, uses,
    pay_offered, pay_paid), and nothing else of interest."""
    ids = dict(zip(cards["name"], cards["id"]))
    rows = [("games", "", 0, 0, 500), ("logged", "", 0, 0, 500), ("uses_counted", "", 0, 0, 500),
            ("seat.player_games", "0", 3, 2, 500), ("seat.player_games", "1", 3, 2, 500),
            ("seat.wins", "0", 3, 2, 250 * 60), ("seat.wins", "1", 3, 2, 250 * 60)]
    for name, values in uses.items():
        for col, v in zip(("held", "uses", "pay_offered", "pay_paid"), values):
            rows.append((f"card.{col}", "", ids[name], 0, v))
    return Counters(pd.DataFrame(rows, columns=KEYS + ["value"]))


HAND_MADE = {"Leo Cloth": (441, 0, 0, 0),            # a use never used
             "Pegasus Cloth": (300, 120, 0, 0),      # used
             "Aries Cloth": (MIN_HELD - 1, 0, 0, 0),  # too rarely held to say
             "Dragon Shiryu": (60, 0, 35, 0),        # a cost asked, never paid
             "Phaeton": (80, 0, 50, 4),              # a cost paid sometimes
             "Spartan": (3, 0, MIN_HELD, 0)}         # a cost asked often enough, never paid


def hand_made_table(cards):
    counters = hand_made_counters(cards, HAND_MADE)
    return finish_card_table(cards, counters.card_sums(), counters.player_games(), counters.wins(),
                             uses=counters.use_sums())


def test_card_table_use_columns_from_counters():
    cards = sim.load_cards()
    t = hand_made_table(cards).set_index("name")
    assert t.loc["Pegasus Cloth", "use_rate"] == pytest.approx(0.4)
    assert t.loc["Leo Cloth", "use_rate"] == 0 and np.isnan(t.loc["Leo Cloth", "pay_share"])
    assert t.loc["Phaeton", "pay_share"] == pytest.approx(4 / 50) and np.isnan(t.loc["Phaeton", "use_rate"])
    assert t.loc["Cassios", "held"] == 0 and np.isnan(t.loc["Cassios", "use_rate"])


def test_the_report_names_the_cards_never_used_and_only_those():
    cards = sim.load_cards()
    table = hand_made_table(cards)
    unused = never_used(table, cards)
    assert dict(zip(unused["name"], unused["what"])) == {"Leo Cloth": "use", "Dragon Shiryu": "cost", "Spartan": "cost"}
    words = render.unused_words(type("R", (), {"cards": cards})(), table)
    assert words.startswith("Never used by the bots in this run: ")
    assert "Leo Cloth (use ability never used in 441 games held)" in words
    assert "Dragon Shiryu (cost never paid in 60 games held, asked 35 times)" in words
    for name in ("Pegasus Cloth", "Aries Cloth", "Phaeton"):
        assert name not in words
    assert "numbers only" in words


def test_an_older_run_has_blank_use_columns_and_still_reports(tmp_path):
    """A run folder of an older version has no held tables and no use counters: the use columns
    are blank, the report says the uses were not counted, and nothing fails."""
    run = sim.simulate(40, players=2, seed=1, workers=1, batch_size=20, out=tmp_path / "new")
    assert run.card_table()["held"].sum() > 0
    old = tmp_path / "old"
    shutil.copytree(run.folder, old)
    shutil.rmtree(old / "held")
    for f in (old / "counters").glob("batch-*.parquet"):  # counters as an older version wrote them
        c = pd.read_parquet(f)
        c.loc[~c["counter"].isin(use_counters(c)["counter"].unique())].to_parquet(f, index=False)
    older = sim.Run(old)
    assert older.held is None and older.counters.use_sums() is None
    t = older.card_table()
    assert t[list(USE_COLUMNS)].isna().all().all()
    pd.testing.assert_frame_equal(t.drop(columns=list(USE_COLUMNS)), run.card_table().drop(columns=list(USE_COLUMNS)))
    older.report(tmp_path / "rep")
    assert "Uses were not counted in this run" in (tmp_path / "rep" / "report.md").read_text()
    shutil.rmtree(old / "counters")  # older still: counted from its tables, which have no held cards
    assert sim.Run(old).card_table()["use_rate"].isna().all() and analysis.has_events(sim.Run(old))
