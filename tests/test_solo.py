"""The solo mode against Hilda (asgard-rulings.md SOLO-1..19): her faces, her zones, what reaches
her, her score, and whole games (end, determinism, invariants, rules parameters)."""
import pytest

import sim
from sim.config import ConfigError
from sim.engine.state import G_SAPPHIRES
from sim.games import engine_for, game_config
from sim.scenario import Scenario

HILDA = 1


def _solo(**kw):
    sc = Scenario(players=2, heroes=("Shiryu", "Seiya"), boxes=("base", "asgard"), **kw)
    sc.make_hilda()
    return sc


def test_the_rolled_card_is_hers_for_free_and_a_god_warrior_gives_its_sapphire():
    sc = _solo()
    sc.field(2, "Hagen of Merak")  # slot 3
    sc.field(5, "Taurus Aldebaran")
    sc.hilda_roll(3, "discard")
    assert sc.names(HILDA, "hand") == ["Hagen of Merak"]
    assert sc.field_names()[2] is None  # not refilled before the player's turn (SOLO-15)
    assert sc.st.g[G_SAPPHIRES] == 1


def test_an_armor_is_equipped_and_the_old_one_discarded():
    sc = _solo()
    sc.put(HILDA, "cloth", "Aries Cloth")
    sc.field(0, "Taurus Cloth")
    sc.hilda_roll(1, "discard")
    assert sc.names(HILDA, "cloth") == ["Taurus Cloth"]
    assert sc.names(HILDA, "discard") == ["Aries Cloth"]


def test_an_empty_slot_takes_nothing_and_the_icon_still_applies():
    sc = _solo()
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.hilda_roll(4, "discard")
    assert sc.count(HILDA, "hand") == 0
    assert sc.names(0, "discard") == ["Pegasus Seiya (civilian)"] and sc.count(0, "hand") == 0


def test_her_hand_keeps_five_cards_the_oldest_goes_to_her_discard():
    sc = _solo()
    for name in ("Cassios", "Phaeton", "Oko", "Spartan", "Docrates"):
        sc.put(HILDA, "hand", name)
    sc.field(0, "Geist")
    sc.hilda_roll(1, "freeze")  # the player's hand is empty: nothing to freeze
    assert [sc.name_of(i) for i in sc.insts(HILDA, "hand")] == ["Phaeton", "Oko", "Spartan", "Docrates", "Geist"]
    assert sc.names(HILDA, "discard") == ["Cassios"]


def test_draw_face_takes_the_top_of_her_discard_and_sets_the_rest_aside():
    sc = _solo()
    for name in ("Cassios", "Phaeton", "Oko"):  # Oko on top
        sc.put(HILDA, "discard", name)
    sc.hilda_roll(2, "draw")
    assert sc.names(HILDA, "hand") == ["Oko"]
    assert sc.count(HILDA, "discard") == 0
    assert sc.names(HILDA, "draw") == ["Cassios", "Phaeton"]  # her set-aside pile


def test_strength_face_discards_her_strength_and_buys_the_most_vp_first():
    sc = _solo()
    sc.put(HILDA, "cloth", "Aries Cloth")          # no Strength: stays
    for name in ("Aries Mu", "Siegfried of Dubhe", "Cassios", "Jango"):  # Strength 2 + 2 + 1; Jango 0
        sc.put(HILDA, "hand", name)
    sc.field(5, "Lizard Misty")    # 5 - 1 (last slot) = 4 Strength, 1 VP
    sc.field(2, "Perseus Algol")   # 5 Strength, 2 VP
    sc.field(3, "Unicorn Jabu")    # 3 Strength, 2 VP: after Algol, 0 points are left
    sc.hilda_roll(1, "strength")   # slot 1 is empty
    assert sc.names(HILDA, "discard") == ["Aries Mu", "Cassios", "Siegfried of Dubhe"]
    assert sc.names(HILDA, "hand") == ["Jango", "Perseus Algol"]
    assert sc.names(HILDA, "cloth") == ["Aries Cloth"]
    assert sc.field_names()[5] == "Lizard Misty" and sc.field_names()[3] == "Unicorn Jabu"


def test_cosmos_face_spends_cosmos_and_ties_go_to_the_card_closest_to_slot_six():
    sc = _solo()
    sc.put(HILDA, "cloth", "Aries Cloth")  # Cosmos 2, discarded first
    sc.put(HILDA, "hand", "Virgo Shaka")   # Cosmos 3
    sc.field(1, "Taurus Cloth")            # 5 Cosmos, 3 VP
    sc.field(4, "Leo Cloth")               # 5 Cosmos, 3 VP, closer to slot 6
    sc.hilda_roll(1, "cosmos")
    assert sc.names(HILDA, "cloth") == ["Leo Cloth"]
    assert sc.field_names()[1] == "Taurus Cloth"
    assert sc.names(HILDA, "discard") == ["Aries Cloth", "Virgo Shaka"]


def test_purify_empties_the_field_gives_her_the_god_warriors_refills_and_heals():
    sc = _solo()
    sc.field(0, "Cassios")
    sc.field(3, "Syd of Mizar")
    sc.reserve("Phaeton", "Phaeton", "Oko", "Oko", "Spartan", "Spartan")
    sc.put(HILDA, "hand", "Athena (Asgard)")    # Heal 1: 2 hearts with her own
    sc.put(HILDA, "wounded", "Lizard Misty")     # 1 VP
    sc.put(HILDA, "wounded", "Perseus Algol")    # 2 VP: healed first
    sc.put(HILDA, "frozen", "Cassios")           # a Freeze token: 2 hearts
    sc.hilda_roll(2, "purify")
    assert sc.names(HILDA, "hand") == ["Athena (Asgard)", "Syd of Mizar"]
    assert sc.field_names() == ["Phaeton", "Phaeton", "Oko", "Oko", "Spartan", "Spartan"]  # right to left
    assert sc.names("common", "field_discard") == ["Cassios"]
    assert sc.names(HILDA, "discard") == ["Lizard Misty", "Perseus Algol"]
    assert sc.names(HILDA, "frozen") == ["Cassios"]


def test_a_lone_last_heart_turns_a_freeze_token():
    sc = _solo()
    frozen = sc.put(HILDA, "frozen", "Geist")
    sc.hilda_roll(1, "purify")
    assert sc.freeze_side(frozen) == 1 and sc.names(HILDA, "frozen") == ["Geist"]


def test_freeze_face_freezes_a_card_of_the_players_choice():
    sc = _solo()
    sc.hand(0, "Pegasus Seiya (civilian)", "Taurus Aldebaran")
    sc.hilda_roll(1, "freeze")
    assert sc.names(0, "frozen") == ["Pegasus Seiya (civilian)"]  # the heuristic gives up the weaker card
    assert sc.names(0, "hand") == ["Taurus Aldebaran"]


def test_exits_hit_the_player_only_and_the_god_warrior_joins_her_hand():
    sc = _solo()
    sc.field(5, "Fenrir of Alioth")  # Exit: each player freezes 1 card from their hand or discards a Shiryu
    sc.hand(0, "Dragon Shiryu (civilian)")
    sc.put(HILDA, "hand", "Cassios")
    sc.upkeep(0)
    assert "Fenrir of Alioth" in sc.names(HILDA, "hand")
    assert sc.names(HILDA, "frozen") == [] and sc.count(HILDA, "discard") == 0
    assert sc.st.g[G_SAPPHIRES] == 1


def test_each_opponent_effects_reach_her_and_she_never_draws():
    sc = _solo()
    alberich = sc.hand(0, "Alberich of Megrez")  # Freeze: each opponent freezes every Hero in hand, then draws 1
    sc.put(HILDA, "hand", "Pegasus Seiya")
    sc.put(HILDA, "hand", "Cassios")
    sc.use(0, alberich)
    assert sc.names(HILDA, "frozen") == ["Pegasus Seiya"]
    assert sc.names(HILDA, "hand") == ["Cassios"]


def test_her_choice_when_she_discards_is_the_lowest_strength_plus_cosmos():
    sc = _solo()
    sc.put(HILDA, "hand", "Taurus Aldebaran")   # 2 + 1
    sc.put(HILDA, "hand", "Cassios")            # 1 + 0
    sc.put(HILDA, "hand", "Leo Aiolia")         # 2 + 2
    from sim.engine import enums as E
    from sim.engine.policies.interface import pick_cards
    from sim.engine.state import G_MOVE_DST
    buf = sc.st.scratch
    hand = sc.insts(HILDA, "hand")
    buf[:3] = hand
    sc.st.g[G_MOVE_DST] = E.Z_DISCARD
    pick_cards(sc.s, sc.c, HILDA, buf, 3, 1, False)
    assert sc.name_of(buf[0]) == "Cassios"


def test_her_score_counts_her_zones_and_loses_one_per_marked_character():
    sc = _solo()
    sc.put(HILDA, "hand", "Taurus Aldebaran")    # 5
    sc.put(HILDA, "cloth", "Aries Cloth")        # 3
    sc.put(HILDA, "discard", "Perseus Algol")    # 2
    sc.put(HILDA, "draw", "Hagen of Merak")      # 4, her set-aside pile
    sc.put(HILDA, "wounded", "Lizard Misty")     # 1, and -1: a marked Character
    sc.put(HILDA, "frozen", "Taurus Cloth")      # 3: a marked Armor costs nothing
    sc.put(HILDA, "destroyed", "Leo Aiolia")     # destroyed: nothing
    assert sc.hilda_score() == 5 + 3 + 2 + 4 + 1 - 1 + 3


# --- whole games --------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def games():
    return sim.play(12, config=game_config(mode="solo", seed=5), check_invariants=True)


def test_a_solo_game_lasts_24_turns_against_hilda(games):
    g = games.games
    assert (g.players == 1).all() and len(games.players) == 12
    assert (g.violations == 0).all() and (g.illegal_actions == 0).all()
    assert set(g.end_reason) <= {"turns played", "reserve exhausted"}
    assert (g.rounds[g.end_reason == "turns played"] == 24).all()
    won = games.players.vp.to_numpy() > g.hilda_vp.to_numpy()
    assert (games.players.win_share.to_numpy() == won).all()  # a tie is a loss
    assert (g.hilda_vp > 0).all() and (g.flames_removed == 0).all()


def test_a_solo_game_is_the_same_alone_or_in_a_batch(games):
    again = sim.play(1, first_game=7, config=game_config(mode="solo", seed=5))
    assert again.players.vp.iloc[0] == games.players.vp.iloc[7]
    assert again.games.hilda_vp.iloc[0] == games.games.hilda_vp.iloc[7]


def test_the_rules_parameters_of_the_solo_mode(tmp_path):
    short = sim.play(3, config=game_config(mode="solo", seed=5, rules={"solo_turns": 5}))
    assert (short.games.rounds == 5).all()
    listed = sim.play(2, config=game_config(mode="solo", seed=5, rules={"hilda_die": "cardsets/hilda-die.toml"}))
    assert len(listed.games) == 2
    bad = tmp_path / "die.toml"
    bad.write_text('[[face]]\nface = 1\nslot = 7\nicon = "draw"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="die.toml: face entry 1: field 'slot'"):
        game_config(mode="solo", rules={"hilda_die": str(bad)})


def test_the_solo_reserve_leaves_out_the_relics_hilda_and_the_pope():
    names = {c.name for c in engine_for(game_config(mode="solo")).cards}
    assert not names & {"Ring of the Nibelungen", "Balmung", "Hilda", "Pope"}
    assert "Siegfried of Dubhe" in names and "Taurus Aldebaran" in names
    with pytest.raises(ConfigError, match="solo mode plays the boxes base, asgard"):
        game_config(mode="solo", boxes=("base",))
    with pytest.raises(ConfigError, match="solo mode takes 1 player, not 2"):
        game_config(mode="solo", players=2)


def test_a_die_file_gives_each_face_its_slot_and_icon():
    from sim.cards.die import LISTED_DIE, die_estimate
    from sim.engine.modes.solo import setup_die
    from sim.engine.state import G_DIE
    config = game_config(mode="solo", rules={"hilda_die": str(LISTED_DIE)})
    sc = _solo()
    sc.st.rules[:] = config.engine_arrays()[3]
    setup_die(sc.s)
    assert [int(sc.st.g[G_DIE + face]) for face in range(6)] == [face * 8 + face for face in range(6)]
    assert die_estimate("solo", config.rules) == "Hilda's die (hilda-die.toml)"  # the shipped file is an estimate
    assert die_estimate("solo", game_config(mode="solo").rules).startswith("Hilda's die (random pairing")
    assert die_estimate("classic", game_config().rules) is None


# --- the command line ---------------------------------------------------------------------------
def _invoke(*args):
    from typer.testing import CliRunner
    from sim.cli.app import app
    return CliRunner().invoke(app, [str(a) for a in args])


def test_simulate_and_report_a_solo_run(tmp_path):
    out = tmp_path / "solo"
    r = _invoke("simulate", "--mode", "solo", "--games", 60, "--workers", 1, "--seed", 2, "--out", out)
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "60 solo games" in text and "games/s, 1 worker)" in text and "the player beat Hilda in" in text
    r = _invoke("report", out)
    assert r.exit_code == 0, r.output
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "## Against Hilda" in text and "Hilda's die (random pairing of slots and icons)" in text


def test_a_solo_sweep_measures_the_win_rate_against_hilda(tmp_path):
    r = _invoke("sweep", "--mode", "solo", "--field", "solo_turns", "--values", "6,12", "--games", 40,
                "--workers", 1, "--out", tmp_path / "sweep")
    assert r.exit_code == 0, r.output
    assert "win rate vs Hilda" in r.output and "comes closest to win_rate=0.5" in r.output


@pytest.mark.parametrize("args, message", [
    (("--mode", "duet"), "--mode must be classic, solo, coop or duel, not 'duet'"),
    (("--mode", "solo", "--players", 3), "--players must be 1 in solo mode, not 3"),
    (("--mode", "solo", "--boxes", "base,poseidon"), "solo mode plays the boxes base, asgard"),
])
def test_bad_solo_options_get_one_line(args, message):
    r = _invoke("trace", *args)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output
