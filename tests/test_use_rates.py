"""Use rates: the cards each player had in hand (`held`), the uses of a card's use ability and the
answers to its optional cost, as the engine records them, as the counters sum them, and as the
card table and the report show them (cards whose text the bots never used are named)."""
import numpy as np
import pandas as pd
import pytest

import sim
from sim.engine.policies.weights import W_PAY
from sim.runs.counters import make_counters, total
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
