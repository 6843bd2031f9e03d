"""Poseidon's Epics (POS-1..5, POS-8, POS-9): the pile, the hourglasses, the replacement, the
end-of-game effects, and each Epic the engine plays, on the Poseidon cards it plays."""
from pathlib import Path

import numpy as np
import pytest

from sim.engine import enums as E
from sim.engine.state import G_ACTIVE, PL_VP_TOKENS
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
        assert hourglasses == flames  # the Epics the engine plays last more than the 12 flames
        assert int((epics["a"] == 1).sum()) == int((epics["a"] == 0).sum()) - 1  # one is current at the end


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
    assert r.games["end_reason"].isin(["clock", "epic"]).all()  # the Clock, or Graad Foundation Attack (POS-7)
    assert np.isfinite(r.players["vp"]).all()


def test_an_epic_pool_file_names_only_known_epics(tmp_path):
    from sim.cards.epics import epic_pool
    from sim.cards.schema import CardFileError
    bad = tmp_path / "pools.toml"
    bad.write_text("[classic]\nepics = [2990]\nwithout_asgard = []\n", encoding="utf-8")
    with pytest.raises(CardFileError, match="no Epic numbered 2990"):
        epic_pool("classic", {2901}, True, bad)
    assert Path(bad).exists()


def _refill_with(sc, name):
    """Seat 0's upkeep, with 5 cards to draw and `name` on top of the reserve: it arrives on the
    empty field's last slot (the refill goes right to left), during the active player's turn."""
    for _ in range(5):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.reserve(name)
    sc.upkeep(0)


@pytest.mark.parametrize("arriving, frozen", [("Hagen of Merak", 1), ("Cassios", 0)])
def test_2902_blizzard_a_god_warrior_arriving_makes_the_active_player_freeze_a_card(cardset, arriving, frozen):
    sc = _scenario(cardset)
    sc.epic("Blizzard")
    _refill_with(sc, arriving)
    assert sc.field_names()[5] == arriving
    assert (sc.count(0, "frozen"), sc.count(0, "hand")) == (frozen, 5 - frozen)
    assert sc.count(1, "frozen") == 0


@pytest.mark.parametrize("arriving, discarded", [("Lymnades Kasa", 1), ("Cassios", 0)])
def test_2904_deluge_a_marina_arriving_makes_the_active_player_discard(cardset, arriving, discarded):
    sc = _scenario(cardset)
    sc.epic("Deluge")
    _refill_with(sc, arriving)
    assert (sc.count(0, "discard"), sc.count(0, "hand")) == (discarded, 5 - discarded)


def test_2904_deluge_ends_with_each_player_wounding_the_marinas_of_their_discard_pile(cardset):
    sc = _scenario(cardset)
    sc.put(0, "discard", "Marina Soldier (Guards +1)")
    sc.put(0, "discard", "Cassios")
    sc.put(1, "discard", "Siren Sorrento")
    sc.epic_pile("Defiance")
    sc.epic("Deluge")
    sc.remove_flames(3)
    assert sc.names(0, "wounded") == ["Marina Soldier (Guards +1)"] and sc.names(0, "discard") == ["Cassios"]
    assert sc.names(1, "wounded") == ["Siren Sorrento"]
    assert sc.current_epic == "Defiance"


def test_2905_death_queen_island_discard_a_black_saint_of_the_field_and_complete_it(cardset):
    sc = _scenario(cardset)
    epic = sc.epic("Destruction of Death Queen Island")
    sc.field(2, "Black Pegasus")
    sc.field(3, "Cassios")
    sc.reserve("Lizard Misty")
    sc.trigger("turn_start", epic, 0)
    assert sc.names("common", "field_discard") == ["Black Pegasus"]
    assert sc.field_names()[2:4] == ["Lizard Misty", "Cassios"]


@pytest.mark.parametrize("black_saints, gain", [((("Black Dragon", "Black Pegasus"), ("Black Dragon",)), (3, 0)),
                                                ((("Black Dragon",), ("Black Dragon",)), (0, 0))])
def test_2905_death_queen_island_the_most_black_saints_score_the_field_discards(cardset, black_saints, gain):
    sc = _scenario(cardset)
    for seat, names in enumerate(black_saints):
        for name in names:
            sc.put(seat, "discard", name)
    sc.field_discard("Black Cygnus", "Black Andromeda", "Black Phoenix", "Cassios")
    before = (sc.score(0), sc.score(1))
    sc.epic("Destruction of Death Queen Island")
    assert (sc.score(0) - before[0], sc.score(1) - before[1]) == gain


def test_2907_surrounded_guards_cost_1_more_and_score_1_more(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Asgard Guard (no Cosmos)")
    sc.put(0, "discard", "Marina Soldier (Guards +1)")
    cost, score = sc.cost(0, 0), sc.score(0)
    sc.epic("Surrounded")
    assert sc.cost(0, 0) == cost + 1 and sc.score(0) == score + 1


def test_2907_surrounded_a_marked_guard_is_shuffled_into_the_reserve(cardset):
    sc = _scenario(cardset)
    sc.put(0, "wounded", "Asgard Guard (no Cosmos)")
    sc.put(0, "wounded", "Cassios")
    sc.epic("Surrounded")  # a Guard that is marked ...
    assert sc.names(0, "wounded") == ["Cassios"] and sc.names("common", "reserve") == ["Asgard Guard (no Cosmos)"]
    sc.hand(1, "Marina Soldier (Guards +1)")
    sc.hand(0, "Hound Asterion")
    sc.use(0, sc.insts(0, "hand")[0])  # ... or becomes marked: seat 1's Guard is wounded
    assert sc.count(1, "wounded") == 0 and sc.count(1, "hand") == 0
    assert "Marina Soldier (Guards +1)" in sc.names("common", "reserve")


@pytest.mark.parametrize("flight, sapphires", [(True, 0), (False, 1)])
def test_2911_flight_a_god_warrior_leaving_the_field_unacquired_places_no_sapphire(cardset, flight, sapphires):
    from sim.engine.state import G_SAPPHIRES
    sc = _scenario(cardset)
    if flight:
        sc.epic("Flight")
    sc.field(5, "Hagen of Merak")
    sc.upkeep(0)
    assert sc.names("common", "field_discard") == ["Hagen of Merak"] and int(sc.st.g[G_SAPPHIRES]) == sapphires


def test_2908_athenas_exhaustion_each_athena_joining_a_discard_pile_puts_out_a_flame(cardset):
    sc = _scenario(cardset)
    sc.epic("Athena's Exhaustion")
    sc.set_flames(8)
    for name in ("Athena", "Athena (Asgard)", "Cassios"):
        sc.put(0, "play", name)
    sc.field(5, "Athena (Poseidon)")
    sc.upkeep(0)  # the three cards in play go to the discard pile; the last field card to the field discard
    assert sc.flames == 8 - 3
    assert sc.names("common", "field_discard") == ["Athena (Poseidon)"]


@pytest.mark.parametrize("epic, flames", [("Ice Melt", 7), (None, 8)])
def test_2909_ice_melt_each_god_warrior_joining_the_field_discard_puts_out_a_flame(cardset, epic, flames):
    sc = _scenario(cardset)
    if epic:
        sc.epic(epic)
    sc.set_flames(8)
    sc.field(5, "Hagen of Merak")
    sc.put(0, "play", "Syd of Mizar")  # into a player's discard pile: no flame
    sc.upkeep(0)
    assert sc.flames == flames


WARRIORS = ["Siegfried of Dubhe", "Hagen of Merak", "Thor of Phecda", "Alberich of Megrez", "Fenrir of Alioth",
            "Mime of Benetnash", "Syd of Mizar"]


@pytest.mark.parametrize("warriors, robes, shares", [
    (7, (1, 0), [1.0, 0.0]),      # seat 1 has no God Robe: eliminated, seat 0 wins
    (6, (1, 0), None),            # 6 God Warriors: nobody is eliminated, VP decide
    (7, (0, 0), [0.0, 0.0]),      # every player is eliminated: no winner
])
def test_2909_ice_melt_at_the_end_7_god_warriors_eliminate_the_players_without_a_god_robe(
        cardset, warriors, robes, shares):
    from sim.engine.rules.scoring import final_shares, win_shares
    sc = _scenario(cardset)
    sc.field_discard(*WARRIORS[:warriors])
    for seat, n in enumerate(robes):
        if n:
            sc.put(seat, "discard", "God Robe Alpha (Dubhe)")
    sc.put(1, "discard", "Taurus Aldebaran")  # seat 1 has more VP
    sc.epic("Ice Melt")
    vps = np.array([sc.score(0), sc.score(1)], np.int64)
    out = np.zeros(2)
    final_shares(sc.s, sc.c, vps, 2, out)
    if shares is None:
        win_shares(vps, 2, expected := np.zeros(2))
        shares = list(expected)
    assert list(out) == shares


def _upgrade(sc):
    """Seat 0 equips the Pegasus Cloth and uses it on two civilian Seiyas (GEN-6)."""
    cloth = sc.hand(0, "Pegasus Cloth")
    sc.hand(0, "Pegasus Seiya (civilian)", "Pegasus Seiya (civilian)")
    sc.equip(0, cloth)
    sc.use(0, cloth)


@pytest.mark.parametrize("scope", ["any_destroy", "forced_only"])
def test_2912_unyielding_a_hero_that_would_be_destroyed_may_be_discarded_instead(cardset, scope):
    sc = _scenario(cardset, rules={"epic_inflexible_scope": scope})
    sc.epic("Unyielding")
    sc.put(0, "setaside", "Pegasus Seiya")
    _upgrade(sc)  # the two civilians are the upgrade's cost: a destroy of one's own
    civilians = ["Pegasus Seiya (civilian)"] * 2
    if scope == "any_destroy":
        assert sc.names(0, "destroyed") == [] and sc.names(0, "discard").count("Pegasus Seiya (civilian)") == 2
    else:
        assert sc.names(0, "destroyed") == civilians
    assert "Pegasus Seiya" in sc.names(0, "discard")  # the upgrade still completes


def test_2912_unyielding_spares_a_hero_another_players_card_destroys_under_either_scope(cardset):
    sc = _scenario(cardset, rules={"epic_inflexible_scope": "forced_only"})
    sc.epic("Unyielding")
    sc.put(1, "wounded", "Dragon Shiryu (civilian)")
    babel = sc.field(0, "Centaurus Babel")
    sc.trigger("defeated", babel, 0)  # destroy a wounded Character of any player
    assert sc.names(1, "destroyed") == [] and sc.names(1, "discard") == ["Dragon Shiryu (civilian)"]


@pytest.mark.parametrize("marked", [True, False])
def test_2913_never_give_up_a_character_with_heal_may_only_heal_while_a_card_is_marked(cardset, marked):
    sc = _scenario(cardset)
    sc.epic("Never Give Up")
    sc.field(0, "Cassios")
    healer = sc.hand(0, "Pegasus Seiya (civilian)")  # 1 Heal
    if marked:
        sc.put(0, "wounded", "Dragon Shiryu (civilian)")
    plays = [a for a in sc.legal_actions(0) if a[0] == "play"]
    heals = [a for a in sc.legal_actions(0) if a[0] == "heal"]
    assert (plays == []) == marked and (heals != []) == marked and sc.names(0, "hand") == [sc.name_of(healer)]


def test_2915_seventh_sense_an_upgrade_gives_the_uncommon_hero_instead_of_the_common_one(cardset):
    sc = _scenario(cardset)
    sc.epic("Seventh Sense")
    sc.put(0, "setaside", "Pegasus Seiya")
    sc.put(0, "setaside", "Pegasus Seiya (Poseidon)")
    _upgrade(sc)
    assert "Pegasus Seiya (Poseidon)" in sc.names(0, "discard") and sc.names(0, "setaside") == ["Pegasus Seiya"]


def test_2915_seventh_sense_ends_with_marked_heroes_swapped_for_destroyed_civilians(cardset):
    sc = _scenario(cardset)
    sc.put(0, "wounded", "Pegasus Seiya")
    sc.put(0, "frozen", "Pegasus Seiya (Poseidon)")
    sc.put(0, "destroyed", "Pegasus Seiya (civilian)")
    sc.put(1, "wounded", "Dragon Shiryu")
    sc.epic_pile("Defiance")
    sc.epic("Seventh Sense")
    sc.remove_flames(3)
    marked = sc.names(0, "wounded") + sc.names(0, "frozen")
    assert sorted(marked) == ["Pegasus Seiya (Poseidon)", "Pegasus Seiya (civilian)"]
    assert sc.names(0, "destroyed") == ["Pegasus Seiya"]
    assert sc.names(1, "wounded") == ["Dragon Shiryu"]  # no destroyed civilian to swap with


def test_2917_galaxian_wars_every_hero_has_1_strength_and_1_heal(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Cassios")
    hero = sc.hand(0, "Pegasus Seiya (Poseidon)")  # 2 Strength
    sc.play(0, hero, 0)
    printed = sc.total(0, 0)
    sc.epic("Galaxian Wars")
    assert sc.total(0, 0) == printed - 1


@pytest.mark.parametrize("heroes, tokens", [((2, 1), (2, 0)), ((1, 1), (0, 0))])
def test_2917_galaxian_wars_ends_with_two_tokens_for_the_most_heroes_in_a_discard_pile(cardset, heroes, tokens):
    sc = _scenario(cardset)
    for seat, n in enumerate(heroes):
        for _ in range(n):
            sc.put(seat, "discard", ("Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")[seat])
    sc.epic_pile("Defiance")
    sc.epic("Galaxian Wars")
    sc.remove_flames(3)
    assert (int(sc.st.pl[0, PL_VP_TOKENS]), int(sc.st.pl[1, PL_VP_TOKENS])) == tokens


# --- Epic actions (POS-8): used from the Epic, in the main phase --------------------------------
def _epic_uses(sc, seat):
    return [a for a in sc.legal_actions(seat) if a[0] == "use" and a[2] == E.T_EPIC_ACTION]


def test_2910_the_power_of_friendship_once_a_turn_each_holder_of_the_named_hero_discards(cardset):
    sc = _scenario(cardset)
    sc.epic("The Power of Friendship")
    sc.field(0, "Cassios")
    assert _epic_uses(sc, 0) == []  # no card of a Hero in play to name
    seiya = sc.hand(0, "Pegasus Seiya (civilian)")
    sc.play(0, seiya, 0)
    sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")
    sc.hand(1, "Pegasus Seiya (civilian)")
    total = sc.total(0, 0)
    assert len(_epic_uses(sc, 0)) == 1
    sc.use_epic(0)
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"] and sc.names(1, "discard") == ["Pegasus Seiya (civilian)"]
    assert sc.total(0, 0) == total + 2  # +1 Strength per player who discarded
    assert _epic_uses(sc, 0) == []  # once a turn


@pytest.mark.parametrize("hourglasses, cost_zone, cost", [(0, "discard", 4), (1, "wounded", 3), (2, "destroyed", 2)])
def test_2919_free_will_acquire_a_field_cloth_for_heroes_by_the_hourglasses(cardset, hourglasses, cost_zone, cost):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Free Will")
    sc.remove_flames(hourglasses)
    sc.field(0, "Aries Cloth")
    assert _epic_uses(sc, 0) == []  # no Heroes to pay with
    for _ in range(2):
        sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")
    sc.use_epic(0)
    assert sc.count(0, cost_zone) == cost + (1 if cost_zone == "discard" else 0)
    assert "Aries Cloth" in sc.names(0, "discard") and sc.count(0, "hand") == 4 - cost


def test_2919_free_will_can_be_used_again_in_the_same_turn(cardset):
    sc = _scenario(cardset)
    sc.epic("Free Will")
    sc.field(0, "Aries Cloth")
    sc.field(1, "Taurus Cloth")
    for _ in range(4):
        sc.hand(0, "Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")
    sc.use_epic(0)
    sc.use_epic(0)
    assert {"Aries Cloth", "Taurus Cloth"} <= set(sc.names(0, "discard")) and sc.count(0, "hand") == 0


SAINTS = ["Unicorn Jabu", "Hydra Ichi", "Wolf Nachi", "Lionet Ban", "Bear Geki", "Sky Cloth Sho", "Marine Cloth Ushio"]


def test_2901_graad_foundation_attack_bronze_and_steel_saints_become_graad_cards_with_a_token(cardset):
    sc = _scenario(cardset)
    sc.epic("Graad Foundation Attack")
    sc.hand(0, "Unicorn Jabu", "Sky Cloth Sho", "Cassios", "Transcended Pegasus Seiya")
    score = sc.score(0)
    sc.use_epic(0)  # the policy keeps at least the 2 that avoid elimination
    assert sorted(sc.names(0, "graad")) == ["Sky Cloth Sho", "Unicorn Jabu"]
    assert sc.names(0, "wounded") == [] and sc.score(0) == score + 2  # in play, +1 VP token each
    assert _epic_uses(sc, 0) == []  # once a turn
    sc.upkeep(0)
    assert sorted(sc.names(0, "graad")) == ["Sky Cloth Sho", "Unicorn Jabu"]  # not discarded at upkeep


def test_2901_graad_foundation_attack_with_7_graad_cards_they_go_to_the_discard_piles(cardset):
    sc = _scenario(cardset)
    sc.epic_pile("Defiance")
    sc.epic("Graad Foundation Attack")
    for i, name in enumerate(SAINTS):  # 4 Graad cards for seat 0, 3 for seat 1, a +1 VP token each
        sc.st.inst_vp[sc.put(i % 2, "graad", name)] = 1
    scores = sc.score(0), sc.score(1)
    sc.remove_flames(4)
    assert sc.count(0, "graad") + sc.count(1, "graad") == 0 and sc.count(0, "discard") == 4
    assert int(sc.st.pl[0, PL_VP_TOKENS]) == 4 and int(sc.st.pl[1, PL_VP_TOKENS]) == 3  # the tokens taken
    assert (sc.score(0), sc.score(1)) == scores and sc.current_epic == "Defiance"


def test_2901_graad_foundation_attack_with_fewer_than_7_the_game_ends_and_eliminates(cardset):
    from sim.engine.rules.scoring import final_shares
    from sim.engine.state import G_END_NOW
    sc = _scenario(cardset, players=3)
    sc.epic("Graad Foundation Attack")
    sc.hand(0, "Unicorn Jabu", "Hydra Ichi")
    sc.hand(1, "Wolf Nachi")
    sc.use_epic(0)
    sc.st.g[G_ACTIVE] = 1
    sc.use_epic(1)
    sc.put(1, "discard", "Taurus Aldebaran")  # seat 1 leads on VP, but has 1 Graad card only
    sc.remove_flames(4)
    assert int(sc.st.g[G_END_NOW]) == 1
    vps = np.array([sc.score(q) for q in range(3)], np.int64)
    out = np.zeros(3)
    final_shares(sc.s, sc.c, vps, 3, out)
    assert list(out) == [1.0, 0.0, 0.0]  # seats 1 and 2 are eliminated


def test_2901_a_game_ended_by_graad_foundation_attack_says_so(cardset, tmp_path):
    only = tmp_path / "pools.toml"
    only.write_text("[classic]\nepics = [2901]\nwithout_asgard = []\n[solo]\nepics = []\nwithout_asgard = []\n"
                    "[coop]\nepics = []\nwithout_asgard = []\n", encoding="utf-8")
    r = play(20, players=3, boxes=("base", "asgard"), cardset=cardset, seed=2, check_invariants=True,
             rules={"epic_pools": str(only)}, policies=("random",))
    assert (r.games["violations"] == 0).all() and (r.games["illegal_actions"] == 0).all()
    ended = r.games[r.games["end_reason"] == "epic"]
    assert len(ended) > 0 and (ended["flames_removed"] >= 4).all()


# --- Reports: the Epics' and the Pillars' rows ---------------------------------------------------
def test_the_epic_and_pillar_tables_count_reveals_and_compare_the_games_each_epic_opened(cardset):
    import analysis
    r = play(40, players=3, boxes=("base", "asgard"), cardset=cardset, seed=4)
    epics, pillars = analysis.epic_table(r), analysis.pillar_table(r)
    encoded = {c.id for c in engine_for(game_config(boxes=("base", "asgard"), cardset=cardset)).cards
               if c.start == "epic"}
    assert set(epics["id"]) == encoded and epics["opened"].sum() == 40  # one Epic opens each game
    assert epics["revealed_in"].between(0, 1).all() and (epics["ended_in"] <= epics["revealed_in"]).all()
    shown = r.events[(r.events["kind"] == "epic") & (r.events["a"] == 0)]
    assert epics["revealed_in"].sum() * 40 == pytest.approx(shown.groupby("card_id")["game"].nunique().sum())
    assert (pillars["destroyed_in"] <= pillars["revealed_in"]).all() and len(pillars) == 7
    assert analysis.epic_table(play(5, players=2)) is None  # the base game has none
