"""The co-operative mode against Poseidon (COOP-1..20): the board, the player phase, Poseidon's
phase, the end and the scoring, and whole games.

Rules: shared/rules/poseidon.txt (Cooperative Mode) and poseidon-rulings COOP-1..20. The
rulebook's worked examples are the tests named after them.
"""
import numpy as np
import pytest

import analysis
import sim
from sim.engine import enums as E
from sim.engine.rules.zones import move_to
from sim.engine.state import PL_MARKER, PL_VP_TOKENS
from sim.games import game_config
from sim.scenario import Scenario

BOXES = ("base", "asgard", "poseidon")
FILLER = "Phoenix Ikki (civilian)"


def _coop(players=2, water=0, gap=0):
    sc = Scenario(players=players, boxes=BOXES)
    sc.make_coop(water=water, gap=gap)
    return sc


# --- the board -----------------------------------------------------------------------------------
def test_field_runs_from_the_pile_left_of_the_marker_to_the_pile_it_reaches_next():
    """COOP-6: the last space is the pile next clockwise from the Submersion marker."""
    sc = _coop(gap=3)
    sc.pile_top(3, "Cassios")  # Poseidon's next stop
    sc.pile_top(2, "Oko")      # the first space, next counterclockwise
    assert sc.field_names()[6] == "Cassios" and sc.field_names()[0] == "Oko"


def test_the_last_space_costs_1_less_unless_the_rules_parameter_says_not():
    sc = _coop()
    sc.pile_top(0, "Phaeton")  # gap 0: pile 0 is the last space
    assert sc.cost(0, 6) == 1
    sc = Scenario(players=2, boxes=BOXES, rules={"coop_last_space_discount": False})
    sc.make_coop()
    sc.pile_top(0, "Phaeton")
    assert sc.cost(0, 6) == 2


# --- the player phase ----------------------------------------------------------------------------
def test_a_player_fights_only_at_the_pile_its_marker_faces():
    """COOP-4."""
    sc = _coop()
    sc.marker(0, 2)
    sc.pile_top(2, "Cassios")
    sc.pile_top(3, "Oko")
    hero = sc.hand(0, FILLER)
    plays = [a for a in sc.legal_actions(0) if a[0] == "play" and a[1] == hero]
    assert [a[2] for a in plays] == [sc.slot_of(2)]


def test_moving_discards_a_card_and_reveals_the_new_piles_top_with_its_arrival():
    """COOP-8, COOP-18: the player-phase example's move; the face-down top turns face up at once."""
    sc = _coop()
    sc.marker(0, 0)
    sc.pile(1, "Scylla Io", "Eagle Marin")
    card = sc.hand(0, FILLER)
    sc.move(0, card, 1)
    assert sc.names(0, "discard") == [FILLER] and int(sc.st.pl[0, PL_MARKER]) == 1
    assert sc.top_of(1) == "Eagle Marin" and sc.pile_names(1) == ["Scylla Io"]


def test_played_cards_follow_the_marker():
    """COOP-18 (`coop_played_cards_follow_marker`): a card played at the old pile faces the new one's."""
    sc = _coop()
    sc.marker(0, 0)
    sc.pile(0, "Scylla Io")
    sc.pile_top(0, "Cassios")
    sc.pile(6, "Siren Sorrento")
    oko = sc.pile_top(6, "Oko")
    fighter = sc.hand(0, FILLER)
    sc.play(0, fighter, sc.slot_of(0))
    sc.move(0, sc.hand(0, FILLER), -1)
    assert int(sc.st.inst_facing[fighter]) == oko


def test_gifts_follow_the_literal_rule_and_the_hand_limit():
    """COOP-7: a ▲ Hero card cannot be given, a ● civilian can; any number at the same pile, one a
    turn to a player at an adjacent pile; none to a player holding 10 cards."""
    sc = _coop(players=3)
    sc.marker(0, 0)
    sc.marker(1, 0)
    sc.marker(2, 1)
    seiya = sc.hand(0, "Pegasus Seiya")
    civilians = [sc.hand(0, FILLER) for _ in range(3)]
    gifts = [a for a in sc.legal_actions(0) if a[0] == "give"]
    assert all(a[1] != seiya for a in gifts)
    sc.give(0, civilians[0], 1)
    sc.give(0, civilians[1], 1)
    sc.give(0, civilians[2], 2)
    assert sc.names(1, "hand") == [FILLER] * 2 and sc.names(2, "hand") == [FILLER]
    another = sc.hand(0, "Dragon Shiryu (civilian)")
    assert ("give", another, 2) not in sc.legal_actions(0)  # one a turn to an adjacent pile
    for _ in range(8):
        sc.hand(1, "Cygnus Hyoga (civilian)")
    assert ("give", another, 1) not in sc.legal_actions(0)  # 10 cards in hand


def test_the_team_orders_its_turns_weakest_hand_first_and_gives_to_those_who_play_later():
    """COOP-3, `coop_turn_order = "policy"`: the heuristic lets the players most teammates can give
    to play last, and among as many the hand that reaches least first; a card pooled for a
    teammate (`pool_value`) counts only for one who plays later in the phase."""
    from sim.engine.policies import heuristic
    from sim.engine.state import PL_PLACE
    sc = _coop(players=3)
    sc.hand(0, "Scorpio Milo", "Taurus Aldebaran", FILLER)
    sc.hand(1, FILLER)
    sc.hand(2, FILLER, FILLER)
    order = np.zeros(3, np.int64)
    heuristic.choose_turn_order(sc.s, sc.c, 0, order)  # all three at pile 0
    assert order.tolist() == [1, 2, 0]
    sc.marker(1, 1)
    sc.marker(2, 3)  # 0 and 1 neighbours (one giver each), 2 alone
    heuristic.choose_turn_order(sc.s, sc.c, 0, order)
    assert order.tolist() == [2, 1, 0]
    sc.marker(0, 2)
    sc.marker(1, 2)
    sc.st.pl[0, PL_PLACE], sc.st.pl[1, PL_PLACE] = 0, 1
    assert heuristic.pool_value(sc.s, sc.c, 0, 2, -1) > 0 and heuristic.pool_value(sc.s, sc.c, 1, 2, -1) == 0
    sc.st.pl[0, PL_PLACE], sc.st.pl[1, PL_PLACE] = 1, 0
    assert heuristic.pool_value(sc.s, sc.c, 0, 2, -1) == 0 and heuristic.pool_value(sc.s, sc.c, 1, 2, -1) > 0


def test_an_opponent_in_the_player_phase_is_poseidon():
    """COOP-19: a card aimed at each opponent reaches Poseidon alone: Lionet Ban's Wound use
    wounds a Saint of its hand (the top 5 of the Main Breadwinner), its fewest VP (COOP-12)."""
    sc = _coop()
    h = sc.poseidon
    sc.put(h, "hand", "Scorpio Milo")
    sc.put(h, "hand", "Unicorn Jabu")
    sc.put(1, "hand", "Eagle Marin")
    sc.use(0, sc.hand(0, "Lionet Ban"))
    assert sc.names(h, "wounded") == ["Unicorn Jabu"] and sc.names(1, "wounded") == []


# --- defeating the last General of a pile, destroying its Pillar ----------------------------------
def test_defeating_the_last_general_sends_it_to_the_abysses_and_reveals_its_pillar():
    """COOP-5, COOP-14: the General's +1 VP tokens go to its defeater; no Balance Weapon."""
    sc = _coop()
    sc.marker(0, 0)
    pillar = sc.pillar_under(0, "Arctic Pillar")
    isaak = sc.pile_top(0, "Kraken Isaak")  # 7 Strength, on the last space: 6
    sc.st.inst_vp[isaak] = 1  # a token Poseidon added: +1 to its cost (COOP-14)
    assert sc.cost(0, 6) == 7
    for _ in range(7):
        sc.play(0, sc.hand(0, FILLER), 6)
    sc.acquire(0, 6)
    assert sc.names("common", "field_discard") == ["Kraken Isaak"]
    assert sc.insts("common", "pillar_row") == [pillar]
    assert sc.weapons(0) == 0 and int(sc.st.pl[0, PL_VP_TOKENS]) == 1  # its token is the defeater's
    assert sc.names(0, "discard") == [FILLER] * 7


def test_no_effect_moves_the_last_general():
    """COOP-5: Whale Moses's Defeated removes ●▲◆ field cards, not a pile's last General."""
    sc = _coop()
    sc.marker(0, 0)
    general = sc.pile_top(0, "Mermaid Thetis")  # a pile's last card: its General stands for it here
    moses = sc.field(0, "Whale Moses")
    sc.trigger("defeated", moses, 0, moses, 0)
    assert sc.zone_of(general) == ("common", "field")


def test_destroying_a_pillar_lowers_the_water():
    """COOP-2 and the diagram: -1 per Pillar destroyed, not below 0."""
    sc = _coop(water=2)
    sc.marker(0, 0)
    pillar = sc.pillar_under(0, "Arctic Pillar")
    move_to(sc.s, pillar, E.COMMON, E.Z_PILLAR_ROW)  # revealed: its General was defeated
    for _ in range(5):
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), sc.pillar_slot(pillar))
    for _ in range(4):
        sc.play(0, sc.hand(0, "Dragon Shiryu (civilian)"), sc.pillar_slot(pillar))
    sc.play(0, sc.hand(0, "Cygnus Hyoga (civilian)"), sc.pillar_slot(pillar))
    sc.acquire(0, sc.pillar_slot(pillar))
    assert sc.names(0, "pillars") == ["Arctic Pillar"] and sc.water == 1


# --- Poseidon's phase ----------------------------------------------------------------------------
def test_rulebook_example_the_4_player_poseidon_phase():
    """The marker advances 4 gaps: (1) a face-down card goes face up into the Breadwinner; (2) Kanon
    goes there, his Exit puts a -1 VP token on the Pillar in play; (3) a +1 VP token on the face-up
    last General; (4) Moses goes there, his Defeated discards Thetis and the Soldier to the Abysses
    and the reserve completes the pile Seiya faces."""
    sc = _coop(players=4)
    h = sc.poseidon
    sc.pile(0, "Siren Sorrento", "Cassios")
    sc.pile(1, "Kraken Isaak", "Oko")
    sc.pile_top(1, "Sea Dragon Kanon")
    general = sc.pile_top(2, "Lymnades Kasa")
    sc.pile(3, "Chrysaor Krishna", "Jaki")
    sc.pile_top(3, "Whale Moses")
    sc.pile(4, "Scylla Io", "Phaeton")
    sc.pile_top(4, "Mermaid Thetis")
    sc.pile(5, "Sea Horse Baian", "Gigas")
    sc.pile_top(5, "Marina Soldier (Guards +1)")
    sc.pile(6, "Eagle Marin", "Lizard Misty")
    sc.pile_top(6, "Aries Mu")  # a ★ card: Moses leaves it
    for seat, pile in enumerate((4, 6, 6, 6)):  # Seiya faces pile 4
        sc.marker(seat, pile)
    pillar = sc.reveal_pillar("Arctic Pillar")
    sc.reserve("Unicorn Jabu")
    assert sc.poseidon_phase() is None
    assert sc.gap == 4
    mb = sc.names(h, "hand") + sc.names(h, "draw")
    assert sorted(mb) == ["Cassios", "Sea Dragon Kanon", "Whale Moses"]
    assert int(sc.st.inst_vp[pillar]) == -1
    assert int(sc.st.inst_vp[general]) == 1
    assert sc.names("common", "field_discard") == ["Marina Soldier (Guards +1)", "Mermaid Thetis"]
    assert sc.top_of(4) == "Unicorn Jabu"
    assert sc.top_of(5) is None and sc.pile_names(5) == ["Sea Horse Baian", "Gigas"]


def test_rulebook_water_crossing_raises_the_water_then_adds_an_hourglass():
    """COOP-2, COOP-13: passing or stopping on the starting gap: water +1, then 1 hourglass."""
    sc = _coop(players=2, water=2, gap=5)
    sc.pile(5, "Scylla Io", "Cassios")
    sc.pile(6, "Kraken Isaak", "Oko")
    assert sc.poseidon_phase() is None
    assert sc.gap == 0 and sc.water == 3


def test_the_water_reaching_the_top_submerges_the_breadwinner():
    sc = _coop(players=2, water=4, gap=6)
    sc.pile(6, "Scylla Io", "Cassios")
    assert sc.poseidon_phase() == "submerged"
    assert sc.water == 5


def test_poseidon_moves_on_until_it_collects():
    """COOP-13: empty piles give nothing; the marker moves on past the players' count until it
    collects, at most 7 gaps; turning a last General face up is no collection."""
    sc = _coop(players=2, water=0, gap=0)
    sc.pile(1, "Scylla Io")  # a face-down last General: turned face up, no collection
    sc.pile(4, "Kraken Isaak", "Oko")
    assert sc.poseidon_phase() is None
    assert sc.gap == 5 and sc.top_of(1) == "Scylla Io"
    assert sc.names(sc.poseidon, "hand") == ["Oko"]


def test_rulebook_submersion_scoring():
    """COOP-15: Poseidon scores its Breadwinner and marked cards, the face-up pile tops with their
    tokens, and 5 per Pillar not destroyed."""
    sc = _coop(players=2)
    h = sc.poseidon
    sc.put(h, "hand", "Scorpio Milo")    # 5 VP
    sc.put(h, "wounded", "Cassios")      # marked: counts
    general = sc.pile_top(2, "Lymnades Kasa")  # 4 VP, +1 token
    sc.st.inst_vp[general] = 1
    sc.pillar_under(0, "Arctic Pillar")
    sc.pillar_under(1, "Antarctic Pillar")
    assert sc.poseidon_score() == 5 + 1 + 4 + 1 + 2 * 5


# --- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_coop_games_keep_every_invariant(players):
    cfg = game_config(mode="coop", players=players, seed=21, boxes=BOXES)
    res = sim.play(3, config=cfg, check_invariants=True)
    g = res.games
    assert (g["violations"] == 0).all() and (g["illegal_actions"] == 0).all()
    assert set(g["end_reason"]) <= {"pillars", "submerged", "turn cap"}
    won = res.players.groupby("game")["win_share"].sum()
    team = res.players.groupby("game")["vp"].sum()
    assert ((won == 1) == ((g.set_index("game")["end_reason"] == "pillars") | (team > g.set_index("game")["poseidon_vp"]))).all()
    assert np.isin(won.to_numpy(), [0.0, 1.0]).all()


@pytest.mark.parametrize("policy", ["coop", "random"])
def test_with_the_policys_turn_order_each_player_plays_once_a_round(policy):
    """COOP-3: the order varies from round to round; each seat still takes one turn in each."""
    cfg = game_config(mode="coop", players=4, seed=3, boxes=BOXES, policies=(policy,),
                      rules={"coop_turn_order": "policy"})
    res = sim.play(3, config=cfg, check_invariants=True, events="full")
    assert (res.games["violations"] == 0).all() and (res.games["illegal_actions"] == 0).all()
    turns = res.events[res.events["kind"] == "turn"]
    orders = turns.groupby(["game", "round"])["seat"].apply(tuple)
    assert all(len(set(o)) == len(o) for o in orders)  # nobody twice in a round
    last_round = turns.groupby("game")["round"].transform("max")
    full = turns[(turns["round"] < last_round)].groupby(["game", "round"])["seat"].apply(sorted)
    assert all(o == [0, 1, 2, 3] for o in full)  # a game may end in the middle of its last round
    assert len(set(orders)) > 1


def test_coop_games_are_the_same_whatever_the_batch():
    cfg = game_config(mode="coop", players=3, seed=5, boxes=BOXES)
    whole = sim.play(4, config=cfg)
    parts = [sim.play(1, config=cfg, first_game=i) for i in range(4)]
    assert whole.games["poseidon_vp"].tolist() == [p.games["poseidon_vp"].iloc[0] for p in parts]
    assert whole.players["vp"].tolist() == sum((p.players["vp"].tolist() for p in parts), [])


def test_coop_needs_the_poseidon_box():
    from sim.config import ConfigError
    with pytest.raises(ConfigError, match="needs the box poseidon"):
        game_config(mode="coop", players=2, boxes=("base",))


# --- the command line, the report and the trace ---------------------------------------------------
def _invoke(*args):
    from typer.testing import CliRunner
    from sim.cli.app import app
    return CliRunner().invoke(app, [str(a) for a in args])


def test_simulate_and_report_a_coop_run(tmp_path):
    out = tmp_path / "coop"
    r = _invoke("simulate", "--mode", "coop", "--players", 3, "--games", 12, "--workers", 1, "--seed", 2,
                "--out", out)
    assert r.exit_code == 0, r.output
    run = sim.Run(out)
    summary = analysis.coop_summary(run).iloc[0]
    assert summary["games"] == 12 and 0 <= summary["lo"] <= summary["win_rate"] <= summary["hi"] <= 1
    assert summary["wins"] == int((run.players.groupby("game")["win_share"].sum() > 0).sum())
    r = _invoke("report", out)
    assert r.exit_code == 0, r.output
    text = (out / "report.md").read_text()
    assert "## Against Poseidon" in text and "The players beat Poseidon in" in text
    assert "seiya impact --mode coop" in text and "**Turn order**: seat (COOP-3" in text
    assert "flames left by round" not in text


def test_a_coop_game_told_turn_by_turn():
    r = _invoke("trace", "--mode", "coop", "--players", 2, "--seed", 1)
    assert r.exit_code == 0, r.output
    assert "Poseidon's phase; water level 3" in r.output and "The players" in r.output


def test_the_search_policy_is_refused_in_coop():
    from sim.config import ConfigError
    with pytest.raises(ConfigError, match="search policy plays the classic game ahead"):
        game_config(mode="coop", players=2, boxes=BOXES, policies=("search",))


def test_a_card_swapped_onto_another_pile_leaves_the_fight():
    """COOP-4: Crow Jamian swaps two field cards, that is two piles' tops; the cards facing the one
    that left the player's pile face nothing now, and cannot win it there."""
    sc = _coop()
    sc.marker(0, 0)
    sc.pile(0, "Scylla Io")  # the piles' Generals, below their tops
    sc.pile(3, "Kraken Isaak")
    faced = sc.pile_top(0, "Cassios")
    sc.pile_top(3, "Oko")
    fighter = sc.hand(0, FILLER)
    sc.play(0, fighter, sc.slot_of(0))
    jamian = sc.put(0, "play", "Crow Jamian")
    sc.trigger("engagement", jamian, 0)
    assert sc.top_of(0) == "Oko" and sc.top_of(3) == "Cassios"
    assert int(sc.st.inst_facing[fighter]) == -1 and faced not in [a[1] for a in sc.legal_actions(0) if a[0] == "acquire"]


# --- causal effects on the team's chances ---------------------------------------------------------
def test_an_epic_with_no_copies_is_left_out_of_the_pile():
    cfg = game_config(mode="coop", players=3, seed=4, boxes=BOXES, overrides={"Blizzard.copies": 0})
    res = sim.play(30, config=cfg)
    assert "Blizzard" not in set(res.cards["name"])
    assert not (res.events["card_id"] == 2902).any() and (res.events["kind"] == "epic").any()


def test_impact_of_a_card_and_an_epic_on_the_team(tmp_path):
    r = _invoke("impact", "--mode", "coop", "--players", 3, "--cards", "Blizzard,Taurus Aldebaran", "--games", 60,
                "--workers", 1, "--out", tmp_path / "i")
    assert r.exit_code == 0, r.output
    assert "team_win_rate" in r.stdout and "margin" in r.stdout and "Blizzard" in r.stdout
    t = __import__("pandas").read_csv(tmp_path / "i" / "tables" / "impact.csv")
    assert set(t["metric"]) == {"team_win_rate", "margin", "pillars_destroyed", "rounds", "player_turns"}
    assert (t.groupby("metric")["with_card"].nunique() == 1).all()
    assert (tmp_path / "i" / "figures" / "impact_margin.png").exists()


def test_a_rules_sweep_in_coop_measures_the_team(tmp_path):
    r = _invoke("sweep", "--mode", "coop", "--players", 2, "--field", "coop_water_height", "--values", "6",
                "--games", 40, "--workers", 1, "--out", tmp_path / "s")
    assert r.exit_code == 0, r.output
    t = __import__("pandas").read_csv(tmp_path / "s" / "tables" / "sweep.csv")
    assert {"team_win_rate", "margin", "delta_margin"} <= set(t.columns) and len(t) == 2
    assert t.loc[t["value"] == 6, "rounds"].iloc[0] > t.loc[t["value"] == 5, "rounds"].iloc[0]  # higher water lasts longer
    for args in (("sweep", "--card", "Taurus Aldebaran", "--field", "vp", "--values", "3"), ("worth",)):
        r = _invoke(*args, "--mode", "coop", "--out", tmp_path / "c")
        assert r.exit_code == 2 and "seiya impact --mode coop" in r.output and not (tmp_path / "c").exists()
        assert len(r.output.strip().splitlines()) == 1


def test_a_marina_general_banned_in_coop_leaves_the_piles_but_still_guards_its_pillar():
    from sim.cards.schema import CardFileError
    from sim.games import config_cards
    from sim.tools.impact import banned_copies
    cfg = game_config(mode="coop", players=2, seed=1, boxes=BOXES)
    assert banned_copies(config_cards(cfg), "Lymnades Kasa", cfg) == 1
    assert banned_copies(config_cards(cfg), "Jaki", cfg) == 0
    with pytest.raises(CardFileError, match="'Lymnades Kasa' has none"):
        sim.play(1, config=game_config(mode="coop", players=2, seed=1, boxes=BOXES,
                                       overrides={"Lymnades Kasa.copies": 0}))
