"""The Hades Duel (DUEL-1..19): its setup, the Houses and their counters, the Altars, Athena, the
Duel's Abilities and Talents, its end and its scoring, on scenarios built on the estimated Duel
cards, and whole Duels played with the invariants checked."""
import numpy as np
import pandas as pd
import pytest

from sim.config import ConfigError
from sim.engine import enums as E
from sim.engine.resolution.actions import drain
from sim.engine.rules.trials import draw_ability
from sim.engine.rules.underworld import move_marker
from sim.engine.rules.zones import gain_energy
from sim.engine.state import (G_ATHENA, G_DUEL_OVER, G_GATE_TOKENS, G_IN_MAIN, G_NO_CLOCK, PL_ENERGY, PL_HOUSE_COUNTER,
                              PL_SOULS)
from sim.games import game_config, play
from sim.scenario import Scenario

HOUSES = ("House of Aries", "House of Taurus", "House of Gemini", "House of Cancer", "House of Leo", "House of Virgo",
          "House of Libra", "House of Scorpio", "House of Sagittarius", "House of Capricorn", "House of Aquarius",
          "House of Pisces")
RENEGADES, GOLD_SAINTS = 0, 1


def duel(rules=None, **kw) -> Scenario:
    """A Duel as its setup leaves it (seat 0: the Renegades, seat 1: the Gold Saints)."""
    return Scenario(mode="duel", empty=False, rules=rules, **kw)


def side_of(sc, inst) -> int:
    return int(sc.t.side[sc.t.inst_card[inst]])


def fighters(sc, seat, n, name="Gemini Saga (Duel)"):
    """n copies of a 1-Strength Duel Hero put into the seat's hand; their instances."""
    return [sc.put(seat, "hand", name) for _ in range(n)]


def free_copies(sc, seat, name, n):
    """n copies of a Duel Hero out of the seat's deck, put back into its hand (a Duel deck holds all
    of a side's Heroes, so a scenario takes them from it)."""
    out = []
    for inst in sc.insts(seat, "draw") + sc.insts(seat, "hand"):
        if sc.name_of(inst) == name and len(out) < n:
            if sc.zone_of(inst) != (seat, "hand"):
                sc._move(inst, seat, E.Z_HAND)
            out.append(inst)
    assert len(out) == n
    return out


def gain_on_turn(sc, seat):
    """The seat gains 1 Energy while the active player's main phase runs."""
    sc.st.g[G_IN_MAIN] = 1
    gain_energy(sc.s, sc.c, seat, 1)
    drain(sc.s, sc.c)


def epic_duration(sc) -> int:
    return int(sc.t.hourglasses[sc.by_name[sc.current_epic]])


# --- Setup (DUEL-1, DUEL-2, DUEL-3, DUEL-7, DUEL-9, DUEL-10) --------------------------------------
def test_each_side_starts_with_its_twelve_heroes_and_its_own_six_abilities():
    sc = duel()
    for seat in (RENEGADES, GOLD_SAINTS):
        deck = sc.insts(seat, "draw") + sc.insts(seat, "hand")
        assert len(deck) == 12 and sc.count(seat, "hand") == 5
        assert {side_of(sc, i) for i in deck} == {seat}
        assert all(sc.t.classes[sc.t.inst_card[i]] & E.CLASS_HERO for i in deck)  # DUEL-3: Heroes, Gold Saints
        pile = sc.insts(seat, "ability_pile")
        assert len(pile) == 6 and {side_of(sc, i) for i in pile} == {seat}
    assert sc.insts("common", "ability_pile") == []  # no classic Ability (DUEL-2)


def test_the_setup_leaves_out_the_bronze_heroes_and_the_clock():
    sc = duel()
    placed = [i for i in range(len(sc.t.inst_card)) if sc.st.inst_row[i] >= 0]
    assert not any(sc.t.hero[sc.t.inst_card[i]] >= 0 for i in placed)  # no Bronze Hero, Cloth or board (DUEL-2)
    assert sc.st.g[G_NO_CLOCK] == 1
    assert [int(sc.st.pl[p, PL_SOULS]) for p in (0, 1)] == [0, 1]  # HAD-16: Renegades 0, Gold Saints 1
    assert sc.st.g[G_GATE_TOKENS] == 4


def test_the_houses_are_stacked_aries_on_top_and_both_counters_start_at_six():
    sc = duel()
    pile = [sc.name_of(i) for i in sc.insts("common", "house_pile")]
    assert pile == list(reversed(HOUSES))  # Pisces at the bottom (DUEL-7)
    assert sc.revealed_house() == "House of Aries"
    assert sc.house_counter(0) == sc.house_counter(1) == 6


def test_athena_is_set_aside_and_one_altar_is_chosen():
    sc = duel()
    athena = int(sc.st.g[G_ATHENA]) - 1
    assert sc.name_of(athena) == "Athena, Divine Warrior" and sc.zone_of(athena) == ("common", "out")
    assert len(sc.names("common", "altar")) == 1


@pytest.mark.parametrize("altar, name", [("121", "Altar of Glory"), ("125", "Altar of Athena"), ("none", None)])
def test_duel_altar_fixes_the_altar_or_leaves_it_out(altar, name):
    sc = duel(rules={"duel_altar": altar})
    assert sc.names("common", "altar") == ([name] if name else [])


def test_a_random_altar_varies_with_the_game():
    seen = {duel(seed=seed).names("common", "altar")[0] for seed in range(12)}
    assert len(seen) >= 3


def test_duel_houses_removes_houses_at_random_and_keeps_the_order():
    sc = duel(rules={"duel_houses": 8})
    pile = [sc.name_of(i) for i in sc.insts("common", "house_pile")]
    assert len(pile) == 8 and len(sc.names("common", "out")) >= 4
    assert pile == sorted(pile, key=HOUSES.index, reverse=True)


def test_shuffled_houses_change_the_first_house():
    tops = {duel(seed=seed, rules={"duel_house_order": "shuffled"}).revealed_house() for seed in range(8)}
    assert len(tops) > 1


# --- The House counter (DUEL-6, DUEL-17) -----------------------------------------------------------
def test_the_rulebook_house_counter_example():
    """H: after the House of Gemini, a new House is revealed; the Gold Saint has 1 House and sets
    their counter to 7, the Renegade has 3 and sets it to 9. Meeting the House of Leo's condition
    (gain 1 Energy) lowers the Gold Saint's by 2; the end of their turn, by 1."""
    sc = duel(active=GOLD_SAINTS)
    sc.give_houses(RENEGADES, "House of Aries", "House of Taurus", "House of Gemini")
    sc.give_houses(GOLD_SAINTS, "House of Cancer")
    sc.stack_houses("House of Virgo", "House of Leo")
    assert (sc.house_counter(GOLD_SAINTS), sc.house_counter(RENEGADES)) == (7, 9)
    gain_on_turn(sc, GOLD_SAINTS)
    assert sc.house_counter(GOLD_SAINTS) == 5 and sc.house_counter(RENEGADES) == 9  # only your own counter
    sc.end_turn_counter(GOLD_SAINTS)
    assert sc.house_counter(GOLD_SAINTS) == 4


def test_leo_gives_nothing_at_the_energy_cap():
    """DUEL-17: the gain must really happen, so nothing counts at the 3-Energy cap."""
    sc = duel(active=RENEGADES)
    sc.stack_houses("House of Leo")
    sc.st.pl[RENEGADES, PL_ENERGY] = 3
    gain_on_turn(sc, RENEGADES)
    assert sc.house_counter(RENEGADES) == 6


def test_a_condition_met_outside_your_turn_does_not_count():
    sc = duel(active=RENEGADES)
    sc.stack_houses("House of Leo")
    gain_on_turn(sc, GOLD_SAINTS)  # the Gold Saints gain Energy on the Renegades' turn
    assert sc.house_counter(GOLD_SAINTS) == 6


def test_sagittarius_destroying_a_hero_of_the_hand_lowers_the_counter_by_five_never_below_one():
    sc = duel(active=RENEGADES)
    sc.stack_houses("House of Sagittarius")
    first, second = free_copies(sc, RENEGADES, "Gemini Saga (Duel)", 2)
    assert ("destroy_hero", first, -1) in sc.legal_actions(RENEGADES)
    sc.destroy_hero(RENEGADES, first)
    assert sc.zone_of(first) == (RENEGADES, "destroyed") and sc.house_counter(RENEGADES) == 1
    sc.destroy_hero(RENEGADES, second)
    assert sc.house_counter(RENEGADES) == 1


def test_destroying_a_hero_is_no_action_under_another_house():
    sc = duel(active=RENEGADES)
    hero = free_copies(sc, RENEGADES, "Gemini Saga (Duel)", 1)[0]
    assert not [a for a in sc.legal_actions(RENEGADES) if a[0] == "destroy_hero"]
    with pytest.raises(AssertionError, match="illegal"):
        sc.destroy_hero(RENEGADES, hero)


def test_a_reset_never_goes_above_twelve_and_the_counter_never_below_one():
    sc = duel()
    sc.give_houses(RENEGADES, *HOUSES[:7])
    sc.stack_houses("House of Pisces")
    assert sc.house_counter(RENEGADES) == 12 and sc.house_counter(GOLD_SAINTS) == 6
    for _ in range(8):
        sc.end_turn_counter(GOLD_SAINTS)
    assert sc.house_counter(GOLD_SAINTS) == 1


@pytest.mark.parametrize("altar, reset, step", [("123", 6, 2), ("124", 5, 1)])
def test_the_altars_change_the_counter_rules(altar, reset, step):
    sc = duel(rules={"duel_altar": altar})
    sc.give_houses(RENEGADES, "House of Aries")
    sc.stack_houses("House of Leo")
    assert sc.house_counter(RENEGADES) == reset + 1 and sc.house_counter(GOLD_SAINTS) == reset
    sc.end_turn_counter(GOLD_SAINTS)
    assert sc.house_counter(GOLD_SAINTS) == reset - step


# --- Fighting a House (DUEL-19, DUEL-12) -------------------------------------------------------------
def test_a_house_is_fought_until_the_counter_is_reached_then_taken():
    sc = duel(active=RENEGADES)
    heroes = free_copies(sc, RENEGADES, "Gemini Saga (Duel)", 2) + free_copies(sc, RENEGADES, "Cancer Deathmask (Duel)", 2)
    sc.st.pl[RENEGADES, PL_HOUSE_COUNTER] = 4
    for h in heroes[:3]:
        sc.play(RENEGADES, h, sc.HOUSE_SLOT)
        assert ("acquire", E.HOUSE_AT, 0) not in sc.legal_actions(RENEGADES)
    sc.play(RENEGADES, heroes[3], sc.HOUSE_SLOT)
    assert ("acquire", E.HOUSE_AT, 0) in sc.legal_actions(RENEGADES)
    sc.take_house(RENEGADES)
    assert sc.names(RENEGADES, "houses") == ["House of Aries"]
    assert all(sc.zone_of(h) == (RENEGADES, "discard") for h in heroes)
    assert sc.revealed_house() == "House of Taurus"
    assert (sc.house_counter(RENEGADES), sc.house_counter(GOLD_SAINTS)) == (7, 6)
    assert sc.st.g[G_DUEL_OVER] == 0


def test_taking_a_house_before_the_counter_is_reached_is_illegal():
    sc = duel(active=RENEGADES)
    hero = free_copies(sc, RENEGADES, "Gemini Saga (Duel)", 1)[0]
    sc.play(RENEGADES, hero, sc.HOUSE_SLOT)
    with pytest.raises(AssertionError, match="illegal"):
        sc.take_house(RENEGADES)


def test_a_house_adds_an_hourglass_to_the_epic():
    """DUEL-12: 1 hourglass per House acquired (an Epic lasting 2 or more, so that it stays)."""
    sc = next(sc for sc in (duel(active=RENEGADES, seed=seed) for seed in range(20))
              if sc.current_epic is not None and epic_duration(sc) >= 2)
    assert sc.hourglasses == 0
    sc.st.pl[RENEGADES, PL_HOUSE_COUNTER] = 1
    sc.play(RENEGADES, free_copies(sc, RENEGADES, "Gemini Saga (Duel)", 1)[0], sc.HOUSE_SLOT)
    sc.take_house(RENEGADES)
    assert sc.hourglasses == 1


def test_the_last_house_ends_the_duel():
    sc = duel(active=GOLD_SAINTS)
    sc.stack_houses("House of Pisces")
    sc.st.pl[GOLD_SAINTS, PL_HOUSE_COUNTER] = 1
    sc.play(GOLD_SAINTS, free_copies(sc, GOLD_SAINTS, "Aries Mu (Duel)", 1)[0], sc.HOUSE_SLOT)
    sc.take_house(GOLD_SAINTS)
    assert sc.st.g[G_DUEL_OVER] == 1 and sc.revealed_house() is None


def test_under_the_altar_of_athena_a_seventh_house_ends_the_duel():
    sc = duel(active=GOLD_SAINTS, rules={"duel_altar": "125"})
    sc.give_houses(GOLD_SAINTS, *HOUSES[:6])
    sc.stack_houses("House of Pisces", "House of Aquarius")
    sc.st.pl[GOLD_SAINTS, PL_HOUSE_COUNTER] = 1
    sc.play(GOLD_SAINTS, free_copies(sc, GOLD_SAINTS, "Aries Mu (Duel)", 1)[0], sc.HOUSE_SLOT)
    sc.take_house(GOLD_SAINTS)
    assert sc.st.g[G_DUEL_OVER] == 1 and sc.revealed_house() == "House of Pisces"


# --- Abilities, Talents, Athena (DUEL-10, DUEL-11) -------------------------------------------------
def test_a_duel_talent_is_paid_only_with_the_ability_of_its_constellation():
    sc = duel(active=GOLD_SAINTS)
    mu = free_copies(sc, GOLD_SAINTS, "Aries Mu (Duel)", 1)[0]
    sc.play(GOLD_SAINTS, mu, 2)
    own = [i for i in sc.insts(GOLD_SAINTS, "ability_pile") if sc.name_of(i) == "Psychokinesis (Mu)"][0]
    other = [i for i in sc.insts(GOLD_SAINTS, "ability_pile") if sc.name_of(i) == "Leo Ability (Aiolia)"][0]
    for a in (own, other):
        sc._move(a, GOLD_SAINTS, E.Z_ABILITIES)
    talents = [a for a in sc.legal_actions(GOLD_SAINTS) if a[0] == "talent"]
    assert talents == [("talent", mu, own)]
    with pytest.raises(AssertionError, match="illegal"):
        sc.talent(GOLD_SAINTS, mu, other)
    sc.talent(GOLD_SAINTS, mu, own)
    assert sc.insts(GOLD_SAINTS, "ability_pile")[0] == own  # under the side's own pile


def test_a_trial_draws_from_the_sides_own_ability_pile():
    sc = duel()
    top = sc.insts(RENEGADES, "ability_pile")[-1]
    draw_ability(sc.s, sc.c, RENEGADES)
    assert sc.insts(RENEGADES, "abilities") == [top] and len(sc.insts(GOLD_SAINTS, "ability_pile")) == 6


def test_the_first_marker_on_elysion_takes_athena_and_the_second_gets_nothing():
    sc = duel()
    athena = int(sc.st.g[G_ATHENA]) - 1
    sc.hero_space(RENEGADES, 1)
    move_marker(sc.s, sc.c, RENEGADES, -1)
    assert sc.zone_of(athena) == (RENEGADES, "hand") and sc.st.g[G_ATHENA] == 0
    hand = sc.count(GOLD_SAINTS, "hand")
    sc.hero_space(GOLD_SAINTS, 1)
    move_marker(sc.s, sc.c, GOLD_SAINTS, -1)
    assert sc.count(GOLD_SAINTS, "hand") == hand


# --- Scoring (DUEL-5, DUEL-9) ------------------------------------------------------------------------
@pytest.mark.parametrize("house_vp", [0, 3, 5])
def test_each_house_scores_duel_house_vp(house_vp):
    sc = duel(rules={"duel_house_vp": house_vp, "duel_altar": "none"})
    base = sc.score(RENEGADES)
    sc.give_houses(RENEGADES, "House of Aries", "House of Taurus")
    assert sc.score(RENEGADES) == base + 2 * house_vp


def test_the_scoring_altars():
    glory = duel(rules={"duel_altar": "121"})
    base = glory.score(GOLD_SAINTS)
    glory.give_houses(GOLD_SAINTS, "House of Aries", "House of Taurus")
    assert glory.score(GOLD_SAINTS) == base + 2 * 3 + 2
    supremacy = duel(rules={"duel_altar": "122"})
    base0, base1 = supremacy.score(RENEGADES), supremacy.score(GOLD_SAINTS)
    supremacy.give_houses(RENEGADES, "House of Aries", "House of Taurus")
    supremacy.give_houses(GOLD_SAINTS, "House of Gemini")
    assert supremacy.score(RENEGADES) == base0 + 6 + 4 and supremacy.score(GOLD_SAINTS) == base1 + 3


# --- Configuration ------------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, message", [
    (dict(players=3), "duel mode takes 2 players"),
    (dict(heroes=("Seiya", "Shiryu")), "no Bronze Heroes"),
    (dict(policies=("search",)), "search policy"),
    (dict(boxes=("base", "asgard")), "needs the box hades"),
])
def test_a_duel_config_refuses_what_the_duel_has_not(fields, message):
    with pytest.raises(ConfigError, match=message):
        game_config(mode="duel", **fields)


def test_a_duel_plays_all_four_boxes_at_two_players_by_default():
    config = game_config(mode="duel")
    assert config.players == 2 and config.boxes == ("base", "asgard", "poseidon", "hades")
    assert [p.name for p in config.policies] == ["duel"]  # the policy fitted for the Duel


# --- Whole Duels ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["duel", "tuned", "value", "random"])
def test_whole_duels_keep_the_invariants(policy):
    res = play(12, config=game_config(mode="duel", policies=(policy,), seed=5), check_invariants=True)
    g, pl = res.games, res.players
    assert (g.violations == 0).all() and (g.illegal_actions == 0).all() and (g.log_lost == 0).all()
    assert set(g.end_reason) <= {"houses", "turn cap", "epic"}
    assert np.allclose(pl.groupby("game").win_share.sum(), 1.0) or (g.end_reason == "epic").any()
    assert list(pl.hero.cat.categories) == ["Renegades", "Gold Saints"] and (pl.houses >= 0).all()
    if policy != "random":
        assert (g.end_reason == "houses").mean() > 0.5
        assert pl.houses.groupby(pl.game).sum().max() == 12


def test_a_duel_is_the_same_alone_as_in_its_batch():
    config = game_config(mode="duel", policies=("tuned", "value"), seed=9)
    batch = play(4, config=config)
    alone = play(1, first_game=2, config=config)
    pd_row = batch.players[batch.players.game == 2].reset_index(drop=True)
    assert pd_row[["vp", "houses", "policy"]].equals(alone.players[["vp", "houses", "policy"]])


def test_fixed_sides_give_the_first_policy_the_renegades():
    res = play(6, config=game_config(mode="duel", policies=("tuned", "random"), seed=2,
                                     rules={"duel_side_assignment": "fixed"}))
    assert (res.players[res.players.seat == 0].policy == "tuned").all()


# --- The command line, the report and the trace ------------------------------------------------------
def _invoke(*args):
    from typer.testing import CliRunner
    from sim.cli.app import app
    return CliRunner().invoke(app, [str(a) for a in args])


def test_simulate_and_report_a_duel_run(tmp_path):
    import analysis
    import sim
    out = tmp_path / "duel"
    r = _invoke("simulate", "--mode", "duel", "--games", 12, "--workers", 1, "--seed", 4, "--out", out, "--report",
                "--worth-games", 0, "--house-vp-games", 4, "--quiet")
    assert r.exit_code == 0, r.output
    run = sim.Run(out)
    sides = analysis.duel_sides(run)
    assert list(sides["side"]) == ["Renegades", "Gold Saints"] and (sides["games"] == 12).all()
    wins = run.players.groupby("hero", observed=True)["win_share"].sum()
    assert sides["win_rate"].tolist() == pytest.approx([wins["Renegades"] / 12, wins["Gold Saints"] / 12])
    houses = run.players.groupby("hero", observed=True)["houses"].mean()
    assert sides["houses"].tolist() == pytest.approx([houses["Renegades"], houses["Gold Saints"]])
    altars = analysis.duel_altars(run)
    assert altars["games"].sum() == 12 and set(altars["altar"]) <= {"Altar of Glory", "Altar of Supremacy",
                                                                   "Altar of Haste", "Altar of Renewal", "Altar of Athena"}
    houses = analysis.duel_houses(run)
    assert houses["house"].iloc[0] == "House of Aries" and houses["revealed"].iloc[0] == 12  # on top in every Duel
    assert round((houses["taken"] * houses["revealed"]).sum()) == run.players["houses"].sum()
    text = (out / "report.md").read_text()
    assert "## Renegades against Gold Saints" in text and "## Duel: the Altars of Athena" in text
    assert "## Duel: the Houses" in text
    assert "## Duel: the VP of a House (our estimate)" in text and "flames left by round" not in text
    assert "hades-estimated.toml" in text and "hades-duel-estimated.toml" in text  # both files' flags
    sweep = pd.read_csv(out / "house_vp.csv")
    assert sorted(sweep["value"]) == [0, 1, 2, 3, 4, 5] and sweep.loc[sweep["current"], "value"].tolist() == [3]


def test_a_sweep_of_a_duel_parameter(tmp_path):
    r = _invoke("sweep", "--mode", "duel", "--field", "duel_house_vp", "--values", "2,4", "--games", 6,
                "--workers", 1, "--out", tmp_path / "sweep")
    assert r.exit_code == 0, r.output
    assert "Renegades' edge" in r.output and "seat_edge=0" in r.output and "Report:" in r.output


def test_the_house_table_of_games_played_in_memory():
    import analysis
    res = play(8, config=game_config(mode="duel", seed=3, policies=("tuned",)))
    houses = analysis.duel_houses(res)
    assert round((houses["taken"] * houses["revealed"]).sum()) == res.players["houses"].sum()
    assert ((houses["by_renegades"] >= 0) & (houses["by_renegades"] <= 1)).all()
    assert (houses["rounds_held"] >= 0).all() and (houses["rounds_held_p90"] >= 0).all()


def test_a_duel_told_turn_by_turn():
    r = _invoke("trace", "--mode", "duel", "--seed", 1)
    assert r.exit_code == 0, r.output
    assert "the Renegade player (seat 0) to play; House counter 6" in r.output and "House of Aries is revealed" in r.output
