"""Asgard's player boards: Energy (ASG-1..3), the techniques (ASG-4..6) and the Robe of Odin
(ASG-9), with the cards that gain Energy (Asgard Seiya ◆ #1001, Freya #1036).

Energy: 0 at the start; +1 each time a draw takes the last card of the draw pile (upkeep refill or
an effect), never by another way of taking it; at most 3, a gain above is lost; spent Energy can
be gained again. Techniques (cardsets/asgard-techniques.toml, rules parameter technique_set): one
per turn, in the main phase, for its Energy and the cost its program pays first. The games here
are the base box plus the encoded Asgard cards and the techniques, as a designer's card file (the
whole Asgard box the engine still refuses).
"""
from pathlib import Path

import pytest

import analysis
import sim
from sim.cards.cardsets import STATUE, TECHNIQUES, load_card_records, load_techniques
from sim.cards.schema import CardFileError
from sim.config import ConfigError
from sim.engine.rules.fight import STRENGTH
from sim.engine.state import G_SAPPHIRES
from sim.games import game_config
from sim.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
HEROES = ("Seiya", "Shiryu", "Hyoga", "Shun", "Ikki")


def _blocks(path: Path, only_with_effects: bool) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return ["[[card]]" + b for b in text.split("[[card]]")[1:] if not only_with_effects or "[[card.effects]]" in b]


@pytest.fixture(scope="module")
def boards_cardset(tmp_path_factory):
    """The encoded Asgard cards, the estimated techniques and the Robe of Odin, on top of the base box."""
    blocks = _blocks(ROOT / "cardsets" / "asgard.toml", True) + _blocks(TECHNIQUES, False) + _blocks(STATUE, False)
    path = tmp_path_factory.mktemp("boards") / "boards.toml"
    path.write_text('box = "asgard"\n\n' + "\n".join(blocks), encoding="utf-8")
    return path


def _scenario(cardset, players=2, **kw):
    return Scenario(players=players, cardset=cardset, **kw)


def _board(sc, seat, hero):
    """Place the four techniques of `hero` on the seat's board: their instances, by slot."""
    return [sc.put(seat, "board", c.name) for c in load_techniques() if c.hero == hero]


def _uses(sc, seat):
    """The legal uses: ("use", card name, trigger)."""
    return [(a[0], sc.name_of(a[1]), a[2]) for a in sc.legal_actions(seat) if a[0] == "use"]


# --- Energy (ASG-1..3) -------------------------------------------------------------------------
def test_a_draw_taking_the_last_card_gains_1_energy_and_a_gain_above_3_is_lost(boards_cardset):
    sc = _scenario(boards_cardset)
    _board(sc, 0, "Seiya")
    assert sc.energy(0) == 0  # ASG-1
    freya = sc.put(0, "play", "Freya")
    for _ in range(4):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
        sc.trigger("engagement", freya, 0)  # Freya: draw 1, the last card of the pile
    assert sc.energy(0) == 3  # four draws of a last card: the fourth gain is lost (ASG-3)
    assert sc.count(0, "draw") == 0


def test_a_draw_leaving_cards_in_the_pile_gains_nothing(boards_cardset):
    sc = _scenario(boards_cardset)
    _board(sc, 0, "Seiya")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.trigger("engagement", sc.put(0, "play", "Freya"), 0)
    assert sc.energy(0) == 0 and sc.count(0, "draw") == 1


def test_the_upkeep_refill_gains_energy_when_it_takes_the_last_card(boards_cardset):
    sc = _scenario(boards_cardset)
    _board(sc, 0, "Seiya")
    for _ in range(5):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.upkeep(0)
    assert sc.count(0, "hand") == 5 and sc.energy(0) == 1


def test_no_energy_without_boards_or_energy_cards():
    sc = Scenario(players=2)
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.upkeep(0)
    assert sc.energy(0) == 0 and "energy" not in sc.log_kinds()


def test_spent_energy_can_be_gained_again(boards_cardset):
    sc = _scenario(boards_cardset)
    board = _board(sc, 0, "Seiya")
    sc.set_energy(0, 1)
    sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.use(0, board[1])  # Pegasus Focus: 1 Energy, draw 1 (the last card: +1 again)
    assert sc.count(0, "hand") == 1 and sc.energy(0) == 1


# --- Techniques (ASG-4..6) ---------------------------------------------------------------------
def test_one_technique_a_turn_paid_with_its_energy(boards_cardset):
    sc = _scenario(boards_cardset)
    board = _board(sc, 0, "Seiya")
    for _ in range(3):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    assert _uses(sc, 0) == []  # no Energy, no Cloth for the Knight: nothing to use
    sc.set_energy(0, 2)
    assert [a[1] for a in _uses(sc, 0)] == ["Pegasus Focus"]  # Recovery has nothing to take back
    sc.use(0, board[1])
    assert sc.energy(0) == 1 and sc.count(0, "hand") == 1
    assert _uses(sc, 0) == []  # the turn's technique is used
    with pytest.raises(AssertionError, match="illegal"):
        sc.use(0, board[1])


def test_swan_knight_upgrades_one_civilian_hyoga_keeping_the_cloth_equipped(boards_cardset):
    """The rulebook's Hyoga: "discard a card from your hand; use the effect of your Swan Armor,
    destroying only one Hyoga instead of two" (ASG-5): no Energy; the Cloth stays equipped."""
    sc = _scenario(boards_cardset, heroes=("Hyoga", "Seiya"))
    board = _board(sc, 0, "Hyoga")
    cloth = sc.put(0, "cloth", "Cygnus Cloth")
    sc.hand(0, "Cygnus Hyoga (civilian)", "Pegasus Seiya (civilian)")
    sc.put(0, "setaside", "Cygnus Hyoga")
    sc.use(0, board[0])
    assert sc.names(0, "destroyed") == ["Cygnus Hyoga (civilian)"]  # one copy, not two
    assert "Cygnus Hyoga" in sc.names(0, "discard")                  # the base Cloth's destination
    assert "Pegasus Seiya (civilian)" in sc.names(0, "discard")      # the cost
    assert sc.zone_of(cloth) == (0, "cloth") and sc.energy(0) == 0


def test_the_knight_with_a_v2_cloth_puts_the_upgrade_into_the_hand(boards_cardset):
    sc = _scenario(boards_cardset, heroes=("Hyoga", "Seiya"))
    board = _board(sc, 0, "Hyoga")
    sc.put(0, "cloth", "Cygnus Cloth V2")
    sc.hand(0, "Cygnus Hyoga (civilian)", "Cygnus Hyoga (civilian)")
    sc.put(0, "setaside", "Cygnus Hyoga")
    sc.use(0, board[0])
    assert sc.names(0, "hand") == ["Cygnus Hyoga"] and sc.names(0, "destroyed") == ["Cygnus Hyoga (civilian)"]


@pytest.mark.parametrize("ranks, usable", [("civilian", False), ("any", True)])
def test_knight_ranks_decides_whether_a_common_copy_can_be_upgraded(boards_cardset, ranks, usable):
    sc = _scenario(boards_cardset, heroes=("Hyoga", "Seiya"), rules={"knight_ranks": ranks})
    board = _board(sc, 0, "Hyoga")
    sc.put(0, "cloth", "Cygnus Cloth")
    sc.hand(0, "Cygnus Hyoga", "Pegasus Seiya (civilian)")  # a ▲ copy only
    sc.put(0, "setaside", "Cygnus Hyoga (Asgard)")
    assert any(a[1] == "Swan Knight" for a in _uses(sc, 0)) is usable
    if usable:
        sc.use(0, board[0])
        assert sc.names(0, "discard") == ["Cygnus Hyoga (Asgard)", "Pegasus Seiya (civilian)"]


def test_the_knight_needs_a_bronze_cloth_of_the_hero_equipped(boards_cardset):
    sc = _scenario(boards_cardset, heroes=("Hyoga", "Seiya"))
    _board(sc, 0, "Hyoga")
    sc.hand(0, "Cygnus Hyoga (civilian)", "Cygnus Cloth")  # in hand, not equipped
    sc.put(0, "setaside", "Cygnus Hyoga")
    assert not any(a[1] == "Swan Knight" for a in _uses(sc, 0))


@pytest.mark.parametrize("armor_zone", ["hand", "cloth"])
def test_circle_of_ice_returns_every_frozen_hyoga_to_hand_for_2_energy_and_an_armor(boards_cardset, armor_zone):
    """ASG-6: the Armor may be in hand or equipped; the frozen Hyoga go to hand, tokens removed
    (not a heal); a wounded Hyoga stays."""
    sc = _scenario(boards_cardset, heroes=("Hyoga", "Seiya"))
    board = _board(sc, 0, "Hyoga")
    sc.set_energy(0, 3)
    armor = sc.put(0, armor_zone, "Cygnus Cloth")
    frozen = [sc.put(0, "frozen", "Cygnus Hyoga (civilian)"), sc.put(0, "frozen", "Cygnus Hyoga")]
    sc.put(0, "frozen", "Pegasus Seiya (civilian)")
    sc.put(0, "wounded", "Cygnus Hyoga (civilian)")
    sc.use(0, board[2])
    assert sc.energy(0) == 1 and sc.zone_of(armor) == (0, "discard")
    assert all(sc.zone_of(i) == (0, "hand") and sc.freeze_side(i) == 0 for i in frozen)
    assert sc.names(0, "frozen") == ["Pegasus Seiya (civilian)"] and sc.count(0, "wounded") == 1


def test_the_estimated_third_technique_returns_wounded_and_frozen_copies(boards_cardset):
    sc = _scenario(boards_cardset)
    board = _board(sc, 0, "Seiya")
    sc.set_energy(0, 2)
    sc.hand(0, "Pegasus Cloth")
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.put(0, "frozen", "Pegasus Seiya")
    sc.use(0, board[2])
    assert sorted(sc.names(0, "hand")) == ["Pegasus Seiya", "Pegasus Seiya (civilian)"]
    assert sc.names(0, "discard") == ["Pegasus Cloth"] and sc.energy(0) == 0


def test_burning_cosmos_gives_a_hero_in_play_3_strength_and_3_cosmos(boards_cardset):
    sc = _scenario(boards_cardset)
    board = _board(sc, 0, "Seiya")
    sc.field(0, "Taurus Aldebaran")
    seiya = sc.hand(0, "Pegasus Seiya (civilian)")
    sc.play(0, seiya, 0)
    before = sc.total(0, 0, "strength"), sc.total(0, 0, "cosmos")
    sc.set_energy(0, 3)
    sc.use(0, board[3])
    assert (sc.total(0, 0, "strength"), sc.total(0, 0, "cosmos")) == (before[0] + 3, before[1] + 3)
    assert sc.energy(0) == 0


def test_burning_cosmos_needs_3_energy_and_a_hero_in_play(boards_cardset):
    sc = _scenario(boards_cardset)
    _board(sc, 0, "Seiya")
    sc.set_energy(0, 3)
    assert not any(a[1] == "Pegasus Burning Cosmos" for a in _uses(sc, 0))  # no Hero in play
    sc.field(0, "Taurus Aldebaran")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    sc.set_energy(0, 2)
    assert not any(a[1] == "Pegasus Burning Cosmos" for a in _uses(sc, 0))


# --- The Robe of Odin (ASG-9) --------------------------------------------------------------------
def _odin(sc, seat, flipped=True):
    robe = sc.put(seat, "board", "Robe of Odin")
    sc.st.g[G_SAPPHIRES] = 7 if flipped else 6
    return robe


def test_the_robe_of_odin_discards_the_equipped_armor_for_2_strength_and_2_cosmos(boards_cardset):
    """ASG-9: once the statue has flipped, once a turn: the equipped Armor goes to the discard pile,
    a Hero played this turn and still facing a card gains +2/+2; the turn's technique is apart."""
    sc = _scenario(boards_cardset)
    robe = _odin(sc, 0)
    board = _board(sc, 0, "Seiya")
    cloth = sc.put(0, "cloth", "Pegasus Cloth")
    sc.field(0, "Taurus Aldebaran")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    before = sc.total(0, 0, "strength"), sc.total(0, 0, "cosmos")
    sc.use(0, robe)
    assert sc.zone_of(cloth) == (0, "discard") and sc.zone_of(robe) == (0, "board")
    assert (sc.total(0, 0, "strength"), sc.total(0, 0, "cosmos")) == (before[0] + 2, before[1] + 2)
    assert not any(a[1] == "Robe of Odin" for a in _uses(sc, 0))  # once a turn
    sc.put(0, "cloth", "Dragon Cloth")
    assert not any(a[1] == "Robe of Odin" for a in _uses(sc, 0))
    sc.set_energy(0, 3)
    sc.use(0, board[3])  # Burning Cosmos: the turn's technique is still there
    assert sc.total(0, 0, "strength") == before[0] + 5


def test_the_policy_keeps_the_armor_the_robe_of_odin_will_discard_out_of_the_fight(boards_cardset):
    """Two 1-Strength Seiyas against a 4-Strength card, one played, with a 1-Strength Armor equipped: sent into
    the fight, the Armor gives 1 and leaves the slot, so the Robe (+2) has nothing to discard and
    the fight is lost; kept for the Robe, the fight is won."""
    sc = _scenario(boards_cardset, policies=("tuned",))
    _odin(sc, 0)
    sc.put(0, "cloth", "God Robe Alpha (Dubhe)")
    sc.field(0, "Auriga Capella")
    sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)  # a Hero faces it: the Robe is usable
    sc.hand(0, "Pegasus Seiya (civilian)")
    actions = [sc.step(0)]
    while actions[-1][0] != "end" and len(actions) < 8:
        actions.append(sc.step(0))
    assert ("cloth_fights", -1, 0) not in actions
    assert ("acquire", 0, STRENGTH) in actions


@pytest.mark.parametrize("flipped, cloth, hero_in_play", [(False, True, True), (True, False, True),
                                                          (True, True, False)])
def test_the_robe_of_odin_needs_the_flip_an_equipped_armor_and_a_hero_facing_a_card(
        boards_cardset, flipped, cloth, hero_in_play):
    sc = _scenario(boards_cardset)
    _odin(sc, 0, flipped)
    if cloth:
        sc.put(0, "cloth", "Pegasus Cloth")
    sc.hand(0, "Dragon Cloth")  # an Armor in hand does not qualify
    sc.field(0, "Taurus Aldebaran")
    if hero_in_play:
        sc.play(0, sc.hand(0, "Pegasus Seiya (civilian)"), 0)
    assert not any(a[1] == "Robe of Odin" for a in _uses(sc, 0))


def test_setup_puts_each_players_techniques_and_a_robe_of_odin_on_their_board(boards_cardset):
    from sim.engine.modes.classic import setup_game
    sc = _scenario(boards_cardset, players=4)
    algorithms, weights, heroes, _ = sc.config.engine_arrays()
    setup_game(sc.s, sc.c, 0, 0, 4, heroes, algorithms, weights, 0, 0, 0)
    for seat, hero in enumerate(HEROES[:4]):
        mine = sorted(c.name for c in load_techniques() if c.hero == hero)
        assert sc.names(seat, "board") == sorted(mine + ["Robe of Odin"])
    assert sc.energy(0) == 0


# --- An equipped Armor's Heal (ASG-17) -------------------------------------------------------------
def test_an_equipped_armor_printing_heal_heals_once_and_is_discarded(boards_cardset):
    sc = _scenario(boards_cardset)
    robe = sc.put(0, "cloth", "God Robe Beta (Merak)")  # Heal 1
    wounded = sc.put(0, "wounded", "Pegasus Seiya")
    assert ("heal", robe, wounded) in sc.legal_actions(0)
    sc.heal(0, robe, wounded)
    assert sc.zone_of(wounded) == (0, "discard") and sc.zone_of(robe) == (0, "discard")
    assert sc.count(0, "cloth") == 0


def test_an_equipped_armor_without_heal_does_not_heal(boards_cardset):
    sc = _scenario(boards_cardset)
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.put(0, "wounded", "Pegasus Seiya")
    assert not [a for a in sc.legal_actions(0) if a[0] == "heal"]


# --- The technique set (rules parameter technique_set, ASG-4) ------------------------------------
def test_the_estimated_set_has_four_techniques_per_hero_and_marks_its_estimates():
    techniques = load_techniques()
    assert [sum(c.hero == h for c in techniques) for h in HEROES] == [4] * 5
    assert [c.energy for c in techniques if c.hero == "Ikki"] == [0, 1, 2, 3]
    known = {c.name for c in techniques if not c.estimate}
    assert known == {f"{a} Knight" for a in ("Pegasus", "Dragon", "Swan", "Andromeda", "Phoenix")} | {"Circle of Ice"}


def test_first_only_none_and_a_file_of_ones_own(tmp_path):
    assert {c.technique for c in load_techniques("first_only")} == {1}
    assert load_techniques("none") == []
    own = tmp_path / "mine.toml"
    own.write_text('box = "asgard"\n\n' + _blocks(TECHNIQUES, False)[0], encoding="utf-8")
    assert [c.name for c in load_techniques(str(own))] == ["Pegasus Knight"]
    with_asgard = load_card_records(("base", "asgard"), techniques=str(own))
    assert [c.name for c in with_asgard if c.start == "board"] == ["Robe of Odin", "Pegasus Knight"]
    assert not any(c.start == "board" for c in load_card_records(("base",)))  # boards come with Asgard


def test_a_technique_file_holding_another_card_is_refused_naming_it(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text((ROOT / "cardsets" / "base.toml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CardFileError, match=r"bad.toml: card #1 .*field 'start'"):
        load_techniques(str(bad))


def test_a_technique_without_its_place_is_refused_naming_the_field(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('box = "asgard"\n\n' + _blocks(TECHNIQUES, False)[0].replace("technique = 1\n", ""),
                   encoding="utf-8")
    with pytest.raises(CardFileError, match=r"card #1101 'Pegasus Knight'.*technique = 1..4"):
        load_techniques(str(bad))


@pytest.mark.parametrize("value, message", [
    ("all", "technique_set is estimated, first_only, none or the path of a file, not 'all'"),
    ("nowhere/t.toml", "(no such file)"),
])
def test_a_bad_technique_set_says_what_is_allowed(value, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_config(rules={"technique_set": value})


def test_the_kernels_read_a_choice_as_its_index():
    from sim.engine.params import BY_NAME, R_KNIGHT_RANKS
    config = game_config(rules={"knight_ranks": "any"})
    assert config.engine_arrays()[3][R_KNIGHT_RANKS] == BY_NAME["knight_ranks"].choices.index("any")


# --- The cards that gain Energy ------------------------------------------------------------------
def test_1001_seiya_engagement_draws_one_card_per_seiya_in_the_discard_pile(boards_cardset):
    sc = _scenario(boards_cardset)
    sc.field(0, "Taurus Aldebaran")
    for name in ("Pegasus Seiya (civilian)", "Pegasus Seiya", "Dragon Shiryu (civilian)"):
        sc.put(0, "discard", name)
    for _ in range(4):
        sc.put(0, "draw", "Phoenix Ikki (civilian)")
    sc.play(0, sc.hand(0, "Pegasus Seiya (Asgard)"), 0)
    assert sc.count(0, "hand") == 2 and sc.count(0, "draw") == 2


def test_1001_seiya_counts_before_a_reshuffle(boards_cardset):
    sc = _scenario(boards_cardset)
    sc.field(0, "Taurus Aldebaran")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    sc.play(0, sc.hand(0, "Pegasus Seiya (Asgard)"), 0)  # empty draw pile: 2 counted, then reshuffled and drawn
    assert sc.names(0, "hand") == ["Pegasus Seiya (civilian)"] * 2


def test_1001_seiya_marked_gains_1_energy(boards_cardset):
    sc = _scenario(boards_cardset)
    seiya = sc.hand(1, "Pegasus Seiya (Asgard)")
    mizar = sc.put(0, "cloth", "God Robe Zeta (Mizar)")  # each opponent wounds a ◆ Character from hand
    sc.use(0, mizar)
    assert sc.zone_of(seiya) == (1, "wounded") and sc.energy(1) == 1


def test_1036_freya_engagement_draws_1_and_marked_gains_1_energy(boards_cardset):
    sc = _scenario(boards_cardset)
    sc.field(0, "Taurus Aldebaran")
    sc.put(0, "draw", "Phoenix Ikki (civilian)")
    sc.put(0, "draw", "Phoenix Ikki (civilian)")
    freya = sc.hand(0, "Freya")
    sc.play(0, freya, 0)
    assert sc.count(0, "hand") == 1 and sc.energy(0) == 0
    sc.set_energy(0, 3)
    sc.trigger("marked", freya, 0)
    assert sc.energy(0) == 3  # at the cap: the gain is lost
    sc.set_energy(0, 1)
    sc.trigger("marked", freya, 0)
    assert sc.energy(0) == 2


# --- Games ---------------------------------------------------------------------------------
def test_every_technique_is_used_and_the_policies_spend_energy(boards_cardset):
    """Games with boards: the random policy uses every technique but Circle of Ice (no frozen Hyoga
    in these cards, or rarely); the default policy uses the Knights, the draws and Burning Cosmos."""
    names = {c.id: c.name for c in load_techniques()}
    used = {}
    for policy in ("random", "tuned"):
        res = sim.play(150, players=2, seed=3, policies=(policy,), cardset=boards_cardset, check_invariants=True)
        assert (res.games["violations"] == 0).all() and (res.games["illegal_actions"] == 0).all()
        uses = res.events[res.events["kind"] == "use"]
        used[policy] = {names[i] for i in uses["card_id"] if i in names}
    assert used["random"] >= set(names.values()) - {"Circle of Ice", "Phoenix Rebirth", "Pegasus Recovery",
                                                    "Dragon Recovery", "Andromeda Recovery"}
    for h, armor in zip(HEROES, ("Pegasus", "Dragon", "Swan", "Andromeda", "Phoenix")):
        assert f"{armor} Knight" in used["tuned"]
    assert {n for n in used["tuned"] if n.endswith("Focus")} and {n for n in used["tuned"] if "Burning" in n}


def test_a_choice_parameter_is_swept_like_a_number(boards_cardset, tmp_path):
    """`seiya sweep --field knight_ranks --values any` plays both choices (the current one too) on
    the same seeds, and says which comes closest to the target; a name not allowed is one line."""
    from typer.testing import CliRunner
    from sim.cli.app import app
    r = CliRunner().invoke(app, ["sweep", "--field", "knight_ranks", "--values", "any", "--games", "30",
                                 "--workers", "1", "--cardset", str(boards_cardset), "--out", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    assert "civilian (current)" in r.stdout and "any" in r.stdout and "rule: knight_ranks = " in r.stdout
    report = (tmp_path / "s" / "report.md").read_text(encoding="utf-8").splitlines()
    assert report[2].startswith("> **Estimates.**") and "Pegasus Focus" in report[2]  # said first
    bad = CliRunner().invoke(app, ["sweep", "--field", "knight_ranks", "--values", "civilian,all",
                                   "--cardset", str(boards_cardset), "--out", str(tmp_path / "x")])
    assert bad.exit_code == 2 and "knight_ranks" in bad.output and "any" in bad.output
    assert len(bad.output.strip().splitlines()) == 1 and not (tmp_path / "x").exists()


def test_a_report_of_a_run_with_estimated_techniques_says_so_before_anything_else(boards_cardset, tmp_path):
    """Issue rule: every report of a run that used an estimate says which, at the top."""
    run = sim.simulate(6, players=2, seed=3, workers=1, cardset=boards_cardset, out=tmp_path / "run")
    run.report()
    md = (run.folder / "report.md").read_text(encoding="utf-8").splitlines()
    assert md[0].startswith("# Balance report") and md[2].startswith("> **Estimates.**")
    assert "Pegasus Focus" in md[2] and "Pegasus Knight" not in md[2]  # the Knight technique is known
    page = (run.folder / "report.html").read_text(encoding="utf-8")
    assert page.index("<strong>Estimates.</strong>") < page.index("<div class='answers'>")


def test_the_report_has_a_row_for_every_board_card_with_its_uses(boards_cardset, tmp_path):
    """Issue 26: a report of a run with the boards shows each technique and the Robe of Odin as a row
    of its own: uses, the share of its hero's player-games that used it, the users' win share."""
    run = sim.simulate(20, players=2, seed=4, workers=1, cardset=boards_cardset, out=tmp_path / "run")
    t = analysis.board_table(run)
    assert len(t) == 21 and set(t.loc[t["name"] == "Robe of Odin", "hero"]) == {"(every board)"}
    assert t["player_games"].sum() == 40 * 4 + 40  # a player-game: its hero's 4 techniques and the Robe
    ev = run.events
    focus = int(t.loc[t["name"] == "Pegasus Focus", "id"].iloc[0])
    assert t.loc[t["name"] == "Pegasus Focus", "uses"].iloc[0] == ((ev["kind"] == "use") & (ev["card_id"] == focus)).sum() > 0
    run.report()
    md = (run.folder / "report.md").read_text(encoding="utf-8")
    assert "## Board techniques" in md and "| Pegasus Focus (estimate) | Seiya |" in md
