"""Poseidon's Epics (POS-1..5, POS-8, POS-9): the pile, the hourglasses, the replacement, the
end-of-game effects, and each Epic the engine plays, on the Poseidon cards it plays."""
from pathlib import Path

import numpy as np
import pytest

from sim.engine import enums as E
from sim.engine.state import PL_VP_TOKENS
from sim.games import engine_for, game_config, play
from sim.scenario import Scenario
from tests.test_poseidon_heroes import write_encoded_poseidon

HEROES = ("Seiya", "Shiryu", "Hyoga")


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    return write_encoded_poseidon(tmp_path_factory.mktemp("poseidon"))


# A designer's Epics, to test the triggers no Poseidon Epic the engine plays uses yet.
MY_EPICS = '''box = "poseidon"

[[card]]
id = 2990
name = "Test Epic Ending"
classes = ["epic"]
copies = 1
start = "epic"
hourglasses = 2
text = "End of Epic: each player draws 1 card. Start of turn: the active player draws 1 card. End of game: 1 VP per Guard of your deck."

[[card.effects]]
on = "epic_end"
do = [{op = "draw", who = "each_player", n = 1}]

[[card.effects]]
on = "turn_start"
do = [{op = "draw", n = 1}]

[[card.effects]]
on = "score"
do = [{op = "vp_per", count = "deck", select = {class = "guard"}}]

[[card]]
id = 2991
name = "Test Epic Next"
classes = ["epic"]
copies = 1
start = "epic"
hourglasses = 2
text = "End of game: 2 VP per Guard of your deck."

[[card.effects]]
on = "score"
do = [{op = "vp_per", count = "deck", select = {class = "guard"}, factor = 2}]
'''


@pytest.fixture(scope="module")
def my_epics(tmp_path_factory):
    """(card file, pool file): the two test Epics, the only ones of the classic pile."""
    folder = tmp_path_factory.mktemp("my-epics")
    cards = folder / "epics.toml"
    cards.write_text(MY_EPICS, encoding="utf-8")
    pool = folder / "pools.toml"
    pool.write_text("[classic]\nepics = [2990, 2991]\nwithout_asgard = []\n[solo]\nepics = []\nwithout_asgard = []\n"
                    "[coop]\nepics = []\nwithout_asgard = []\n", encoding="utf-8")
    return cards, pool


def _scenario(cardset, players=2, rules=None):
    return Scenario(players=players, heroes=HEROES, boxes=("base", "asgard"), cardset=cardset, rules=rules)


def _my_scenario(my_epics, scope="all_revealed"):
    cards, pool = my_epics
    return _scenario(cards, rules={"epic_pools": str(pool), "epic_endgame_scope": scope})


def _revealed(sc) -> list[str]:
    """The revealed Epics, in reveal order."""
    return [sc.name_of(i) for i in sc.insts("common", "epics_revealed")]


def _tokens_on_field(sc) -> list[int]:
    return [int(sc.st.inst_vp[i]) for i in sc.st.field if i >= 0]


# --- The pile and the hourglasses (POS-1..4) ---------------------------------------------------
def test_a_game_reveals_one_epic_at_setup_and_one_hourglass_per_flame(cardset):
    r = play(3, players=2, boxes=("base", "asgard"), cardset=cardset, seed=5, events="full", check_invariants=True)
    assert (r.games["violations"] == 0).all() and (r.games["illegal_actions"] == 0).all()
    ev = r.events
    for game, g in ev.groupby("game"):
        epics = g[g["kind"] == "epic"]
        assert epics.iloc[0]["a"] == 0 and epics.iloc[0]["b"] == 1 and epics.iloc[0]["turn"] == 0  # at setup
        flames = int(r.games.loc[r.games["game"] == game, "flames_removed"].iloc[0])
        hourglasses = int((g["kind"] == "hourglass").sum())
        # the five Epics the engine plays last 12 hourglasses in all: then the pile is empty (POS-4)
        assert hourglasses == min(flames, 12)
        assert int(((epics["a"] == 1)).sum()) == int((epics["a"] == 0).sum()) - (0 if hourglasses == 12 else 1)


def test_epics_off_no_epic_is_revealed(cardset):
    config = game_config(players=2, boxes=("base", "asgard"), cardset=cardset, rules={"epics": "off"})
    assert not [c for c in engine_for(config).cards if c.start == "epic"]
    r = play(1, players=2, boxes=("base", "asgard"), cardset=cardset, seed=5, events="full",
             rules={"epics": "off"})
    assert not (r.events["kind"] == "epic").any()


def test_the_epic_is_replaced_once_its_hourglasses_reach_its_duration(cardset):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Doubts")  # 3 hourglasses
    sc.remove_flames(2)
    assert (sc.current_epic, sc.hourglasses) == ("Doubts", 2)
    sc.remove_flames(1)
    assert (sc.current_epic, sc.hourglasses) == ("Defiance", 0)
    assert _revealed(sc) == ["Doubts", "Defiance"]


def test_several_flames_at_once_each_hourglass_goes_to_the_epic_current_then(cardset):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Telepathic Support")  # 2 hourglasses
    sc.remove_flames(3)
    assert (sc.current_epic, sc.hourglasses) == ("Defiance", 1)


def test_with_the_pile_empty_play_goes_on_without_an_epic(cardset):
    sc = _scenario(cardset)
    sc.epic("Defiance")
    sc.remove_flames(3)
    assert sc.current_epic is None and sc.hourglasses == 0
    assert _revealed(sc) == ["Defiance"]


def test_the_last_flame_still_adds_its_hourglass(cardset):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Telepathic Support")
    sc.set_flames(2)
    sc.remove_flames(2)
    assert sc.flames == 0 and sc.current_epic == "Defiance"


def test_the_end_of_epic_effect_resolves_before_the_next_epic_is_revealed(my_epics):
    sc = _my_scenario(my_epics)
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.put(1, "draw", "Dragon Shiryu (civilian)")
    sc.epic_pile("Test Epic Next")
    sc.epic("Test Epic Ending")
    sc.remove_flames(2)
    assert sc.count(0, "hand") == 1 and sc.count(1, "hand") == 1
    assert sc.current_epic == "Test Epic Next"
    kinds = sc.events()
    ending = kinds.index[(kinds["kind"] == "epic") & (kinds["a"] == 1)][0]
    draws = kinds.index[kinds["kind"] == "draw"]
    revealed = kinds.index[(kinds["kind"] == "epic") & (kinds["a"] == 0)]
    assert (draws < revealed[-1]).all() and ending < revealed[-1]


def test_the_turn_start_program_runs_before_the_first_action(my_epics):
    sc = _my_scenario(my_epics)
    sc.epic("Test Epic Ending")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.turn(0)
    ev = sc.events()
    ev = ev[(ev.index > ev.index[ev["kind"] == "epic"][-1]) & (ev["kind"] != "energy")]  # what the turn did
    assert list(ev["kind"][:2]) == ["effect", "draw"]
    assert (ev["card_id"].iloc[0], ev["a"].iloc[0], ev["seat"].iloc[1]) == (2990, E.T_TURN_START, 0)


@pytest.mark.parametrize("scope, expected", [("all_revealed", 3), ("current_only", 2)])
def test_end_of_game_effects_of_every_revealed_epic_or_the_current_one(my_epics, scope, expected):
    sc = _my_scenario(my_epics, scope)
    sc.put(0, "discard", "Asgard Guard (no Cosmos)")  # 1 Guard: 1 VP by the first Epic, 2 by the second
    guard_vp = sc.score(0)
    sc.epic_pile("Test Epic Next")
    sc.epic("Test Epic Ending")
    sc.remove_flames(2)
    assert sc.score(0) - guard_vp == expected


# --- The Epics the engine plays -------------------------------------------------------------
def _field_of(sc, names):
    for slot, name in enumerate(names):
        sc.field(slot, name)


FIELD = ["Cassios", "Lizard Misty", "Unicorn Jabu", "Wolf Nachi", "Bear Geki", "Lionet Ban"]


def test_2903_defiance_puts_a_minus_1_token_on_a_field_card_at_the_end_of_the_turn(cardset):
    sc = _scenario(cardset)
    sc.epic("Defiance")
    _field_of(sc, FIELD)
    sc.reserve("Hydra Ichi")
    sc.upkeep(0)
    assert sorted(_tokens_on_field(sc)) == [-1, 0, 0, 0, 0, 0]


def test_2918_decisive_victory_puts_a_plus_1_token_on_a_field_card_that_has_none(cardset):
    sc = _scenario(cardset)
    sc.epic("Decisive Victory")
    _field_of(sc, FIELD[:2])
    sc.st.inst_vp[sc.st.field[0]] = 1  # Cassios carries a token already
    sc.upkeep(0)
    tokens = {sc.name_of(i): int(sc.st.inst_vp[i]) for i in sc.st.field if i >= 0}
    assert tokens == {"Cassios": 1, "Lizard Misty": 1}


def test_2914_hostage_taking_the_active_player_takes_minus_1_per_guard_and_ghost_saint(cardset):
    sc = _scenario(cardset)
    sc.epic("Hostage Taking")
    _field_of(sc, ["Asgard Guard (no Cosmos)", "Geist", "Marina Soldier (Guards +1)", "Lizard Misty"])
    before = sc.score(0)
    sc.upkeep(0)
    assert int(sc.st.pl[0, PL_VP_TOKENS]) == -3 and sc.score(0) == before - 3
    assert int(sc.st.pl[1, PL_VP_TOKENS]) == 0


@pytest.mark.parametrize("marked, hand", [(True, 6), (False, 5)])
def test_2916_telepathic_support_draw_up_to_6_with_a_marked_card(cardset, marked, hand):
    sc = _scenario(cardset)
    sc.epic("Telepathic Support")
    for _ in range(8):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    if marked:
        sc.put(0, "wounded", "Dragon Shiryu (civilian)")
    sc.upkeep(0)
    assert sc.count(0, "hand") == hand


def test_2906_doubts_lowers_the_costs_it_names_by_its_hourglasses(cardset):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Doubts")
    sc.field(0, "Lizard Misty")          # ◆ (uncommon) Character
    sc.field(1, "Taurus Aldebaran")      # ★ (rare) Character
    misty, aldebaran = sc.cost(0, 0), sc.cost(0, 1)
    base = Scenario(players=2, heroes=HEROES, boxes=("base", "asgard"))
    base.field(0, "Lizard Misty")
    base.field(1, "Taurus Aldebaran")
    assert (misty, aldebaran) == (base.cost(0, 0) - 1, base.cost(0, 1))
    sc.remove_flames(1)
    assert (sc.cost(0, 0), sc.cost(0, 1)) == (base.cost(0, 0), base.cost(0, 1) - 1)
    sc.remove_flames(1)
    assert sc.cost(0, 1) == base.cost(0, 1) - 1
    assert sc.cost(0, 1, "cosmos") == max(base.cost(0, 1, "cosmos") - 1, 0)
    sc.remove_flames(1)  # replaced by Defiance: no cut any more
    assert (sc.cost(0, 0), sc.cost(0, 1)) == (base.cost(0, 0), base.cost(0, 1))


def test_the_epics_the_engine_plays_run_in_games_without_violations(cardset):
    r = play(20, players=3, boxes=("base", "asgard"), cardset=cardset, seed=11, check_invariants=True)
    assert (r.games["violations"] == 0).all() and (r.games["illegal_actions"] == 0).all()
    assert (r.games["end_reason"] == "clock").mean() >= 0.9
    assert np.isfinite(r.players["vp"]).all()


def test_an_epic_pool_file_names_only_known_epics(tmp_path):
    from sim.cards.epics import epic_pool
    from sim.cards.schema import CardFileError
    bad = tmp_path / "pools.toml"
    bad.write_text("[classic]\nepics = [2990]\nwithout_asgard = []\n", encoding="utf-8")
    with pytest.raises(CardFileError, match="no Epic numbered 2990"):
        epic_pool("classic", {2901}, True, bad)
    assert Path(bad).exists()
