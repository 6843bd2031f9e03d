"""Invariants over many seeded games, for every player count and policy.

The engine checks, after every action and every upkeep: each card is in exactly one place,
no counter is negative, the Clock never goes up, fighters face cards on the field, at most one
equipped Cloth, the field rules noted are those of the field's cards. Policies must only propose legal actions, and every game records why it ended.
"""
import numpy as np
import pytest

import sim
from sim.engine import enums as E
from sim.engine.rules.invariants import V_ZONE_MISMATCH, check_invariants
from sim.engine.state import G_FIRST_VIOLATION, G_VIOLATIONS

GAMES = {2: 120, 3: 50, 4: 40, 5: 30}
SLOW = {"search": 6}  # a policy that plays games on for each decision: fewer games


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_invariants_hold_in_every_game(players, policy):
    res = sim.play(GAMES[players] // SLOW.get(policy, 1), players=players, seed=11, policies=(policy,), check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all(), g.loc[g.violations > 0, ["game", "violations"]]
    assert (g["illegal_actions"] == 0).all()
    assert g["end_reason"].notna().all()
    assert ((g["flames_left"] >= 0) & (g["flames_left"] <= 12)).all()
    assert ((g["flames_removed"] + g["flames_left"]) == 12).all()
    # a game that ends by the Clock has no flame left
    assert (g.loc[g.end_reason == "clock", "flames_left"] == 0).all()
    # shares of the win sum to 1 per game
    assert np.allclose(res.players.groupby("game")["win_share"].sum(), 1.0)
    # every copy of the game's cards is counted once at the end: decks + destroyed + out of decks
    n_reserve = sim.load_cards().query("start == 'reserve'")["copies"].sum()
    assert (res.decks.groupby("game")["copies"].sum() <= n_reserve + 15 * players).all()


ASGARD_GAMES = {2: 40, 3: 16, 4: 12, 5: 10}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_invariants_hold_with_the_asgard_box(players, policy):
    """Base + Asgard: Energy, techniques, Freeze, Relics, the statue and its Robe, the Guards' rules."""
    games = max(ASGARD_GAMES[players] // SLOW.get(policy, 1), 2)
    res = sim.play(games, players=players, seed=13, boxes=("base", "asgard"), policies=(policy,), check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all(), g.loc[g.violations > 0, ["game", "violations"]]
    assert (g["illegal_actions"] == 0).all()
    assert g["end_reason"].notna().all()
    assert np.allclose(res.players.groupby("game")["win_share"].sum(), 1.0)


FOUR_BOXES = ("base", "asgard", "poseidon", "hades")
HADES_GAMES = {2: 20, 3: 8, 4: 6, 5: 4}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_invariants_hold_with_the_four_boxes(players, policy):
    """Every box, Hades on its estimated cards: the Underworld and its Souls (conserved), the
    Shackle piles in Grade order, Senses, Trials and Abilities held, Talents, the Hades Armors,
    the Pillars and the Epics of both boxes."""
    games = max(HADES_GAMES[players] // SLOW.get(policy, 1), 2)
    res = sim.play(games, players=players, seed=17, boxes=FOUR_BOXES, policies=(policy,), check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all(), g.loc[g.violations > 0, ["game", "violations"]]
    assert (g["illegal_actions"] == 0).all()
    assert g["end_reason"].notna().all()
    shares = res.players.groupby("game")["win_share"].sum()
    assert (np.isclose(shares, 1.0) | (shares == 0)).all()  # 0: every player eliminated by Epic 2901 (POS-7)


@pytest.mark.parametrize("policy", list(sim.POLICIES))
def test_invariants_hold_in_the_solo_mode(policy):
    """Solo against Hilda: her zones, her takes and faces, no Clock."""
    games = max(24 // SLOW.get(policy, 1), 2)
    res = sim.play(games, seed=13, policies=(policy,), check_invariants=True,
                   config=sim.game_config(mode="solo", seed=13, policies=(policy,)))
    g = res.games
    assert (g["violations"] == 0).all(), g.loc[g.violations > 0, ["game", "violations"]]
    assert (g["illegal_actions"] == 0).all()
    assert (g["flames_removed"] == 0).all() and g["end_reason"].isin(["turns played", "reserve exhausted"]).all()


def test_the_checker_catches_a_corrupt_state():
    """A test that cannot fail is a defect: corrupt one card's place and expect a violation."""
    from sim.scenario import Scenario
    sc = Scenario()
    inst = sc.hand(0, "Cassios")
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] == 0
    sc.st.inst_zone[inst] = E.Z_DISCARD  # recorded in the discard pile, but held by the hand
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] > 0 and sc.st.g[G_FIRST_VIOLATION] == V_ZONE_MISMATCH


def test_the_checker_catches_stale_field_rules():
    """The field rules are noted until a card comes or goes: a change the engine did not count
    leaves them stale, and the checker says so."""
    from sim.engine.rules.fight import acquisition_banned, field_rules
    from sim.engine.rules.invariants import V_FIELD_RULES
    from sim.scenario import Scenario
    sc = Scenario()
    sc.field(0, "Cassios")
    saint = sc.field(1, "Eagle Marin")
    assert not acquisition_banned(sc.s, sc.c, saint)
    kuraggu = sc.field(2, "Jellyfish Kuraggu")
    assert acquisition_banned(sc.s, sc.c, saint)  # the rule came with the card
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] == 0
    sc.st.field[2] = -1  # Kuraggu gone, behind the engine's back
    sc.st.inst_row[kuraggu] = -1
    sc.st.inst_zone[kuraggu] = -1
    check_invariants(sc.s, sc.c, 2)
    assert sc.st.g[G_VIOLATIONS] > 0 and sc.st.g[G_FIRST_VIOLATION] == V_FIELD_RULES
    assert field_rules(sc.s, sc.c) != 0  # stale: the checker is right


@pytest.mark.parametrize("game", [1863, 4445, 5201, 6409, 7810])
def test_cards_to_play_under_the_ring_and_relics_among_them_stay_legal(game):
    """Games where a Gamma Robe's cards (a Cloth under the Ring's lock, a Relic) once drew an
    illegal proposal from the heuristic."""
    res = sim.play(1, players=2, seed=26, first_game=game, boxes=("base", "asgard"), policies=("tuned",),
                   check_invariants=True)
    assert int(res.games["illegal_actions"].iloc[0]) == 0 and int(res.games["violations"].iloc[0]) == 0
