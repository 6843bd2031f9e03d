"""Hades: Talents (HAD-12), the Hades Heroes' entry into play (HAD-13, HAD-14), the Hades Armor
exchange (HAD-15), the Hades Epics (HAD-29) and heals by effect as Trials (HAD-10), on scenarios
built on the estimated Hades cards."""
import pytest

from sim.cards.schema import CardFileError
from sim.engine import enums as E
from sim.engine.state import PL_SPACE
from sim.games import build_engine, engine_for, game_config
from sim.scenario import Scenario

SEIYA_STAR, SHIRYU_STAR = "Pegasus Seiya (Hades ★)", "Dragon Shiryu (Hades ★)"
SEIYA_DIAMOND = "Pegasus Seiya (Hades)"
CIVILIAN = "Pegasus Seiya (civilian)"


def board(players=2, rules=None, boxes=("base", "hades"), **kw) -> Scenario:
    return Scenario(players=players, boxes=boxes, rules=rules, **kw)


def facing(sc, seat, name, slot=2, field="Cassios"):
    """`name` played from the seat's hand against a field card; its instance."""
    if sc.st.field[slot] < 0:
        sc.field(slot, field)
    inst = sc.hand(seat, name)
    sc.play(seat, inst, slot)
    return inst


def test_hades_runs_are_no_longer_refused():
    engine = build_engine(("base", "asgard", "poseidon", "hades"))
    assert any(c.name == SEIYA_STAR for c in engine.cards)


def test_a_talent_paid_with_a_discard_uses_the_card_up():
    """H: "Discard: the Hero is discarded"; the Talent is the card's Discard use (HAD-12)."""
    sc = board()
    sc.put(0, "draw", CIVILIAN)
    star = facing(sc, 0, SEIYA_STAR)
    sc.hero_space(0, 3)
    assert ("use", star, E.T_DISCARD_USE) in sc.legal_actions(0)
    sc.use(0, star)
    assert sc.zone_of(star) == (0, "discard") and sc.names(0, "hand") == [CIVILIAN]
    assert int(sc.st.pl[0, PL_SPACE]) == 2


def test_a_talent_paid_with_an_ability_keeps_the_card_in_play_once_a_turn():
    """H: "Talent: the player places one of their Abilities under the Ability draw pile (the Hero is
    not discarded)"; HAD-12: once per turn and card by default."""
    sc = board()
    sc.put(0, "draw", CIVILIAN)
    sc.put(0, "draw", CIVILIAN)
    star = facing(sc, 0, SEIYA_STAR)
    first, second = sc.put(0, "abilities", "Ability #9"), sc.put(0, "abilities", "Ability #1")
    sc.hero_space(0, 3)
    talents = [a for a in sc.legal_actions(0) if a[0] == "talent"]
    assert talents == [("talent", star, first), ("talent", star, second)]
    sc.talent(0, star, first)
    assert sc.zone_of(star) == (0, "play") and sc.total(0, 2) == 3  # still in its fight, with its Strength
    assert sc.insts("common", "ability_pile") == [first] and sc.count(0, "hand") == 1
    assert int(sc.st.pl[0, PL_SPACE]) == 2
    assert not [a for a in sc.legal_actions(0) if a[0] == "talent"]  # once this turn
    with pytest.raises(AssertionError, match="illegal"):
        sc.talent(0, star, second)
    assert "talent" in sc.trace()


def test_talent_uses_and_value_are_rules_parameters():
    sc = board(rules={"hades_talent_uses_per_card": "unlimited", "hades_talent_keeps_value": False})
    sc.put(0, "draw", CIVILIAN)
    star = facing(sc, 0, SEIYA_STAR)
    ability = sc.put(0, "abilities", "Ability #9")
    sc.talent(0, star, ability)
    assert sc.zone_of(star) == (0, "discard")  # paid with the Ability, and used up as well
    sc = board(rules={"hades_talent_uses_per_card": "unlimited"})
    star = facing(sc, 0, SHIRYU_STAR, field="Lizard Misty")
    abilities = [sc.put(0, "abilities", name) for name in ("Ability #9", "Ability #1")]
    for a in abilities:
        sc.talent(0, star, a)
    assert sc.total(0, 2) == 3 + 4


def test_a_talent_on_the_card_itself_needs_an_ability_and_a_fight():
    """Dragon Shiryu ★: "this card gets +2 Strength". A discarded card would give nothing, so it is
    no Discard use; the Talent is paid only with an Ability, and only while the card faces one."""
    sc = board()
    ability = sc.put(0, "abilities", "Ability #9")
    star = sc.hand(0, SHIRYU_STAR)
    sc.field(2, "Lizard Misty")  # 5 Strength
    assert not [a for a in sc.legal_actions(0) if a[1] == star and a[0] in ("use", "talent")]
    sc.play(0, star, 2)
    assert not [a for a in sc.legal_actions(0) if a[0] == "use" and a[1] == star]
    assert not sc.can_acquire(0, 2)
    sc.talent(0, star, ability)
    assert sc.total(0, 2) == 5 and sc.can_acquire(0, 2)


def test_the_heuristic_pays_a_talent_that_wins_its_fight():
    sc = board()
    ability = sc.put(0, "abilities", "Ability #5")  # recharge a Sense: none is spent, it waits
    star = facing(sc, 0, SHIRYU_STAR, field="Lizard Misty")
    assert sc.step(0) == ("talent", star, ability)
    assert sc.step(0)[0] == "acquire"
    sc = board()
    sc.put(0, "abilities", "Ability #5")
    facing(sc, 0, SHIRYU_STAR, field="Cassios")  # already won: no Talent
    assert sc.step(0)[0] == "acquire"


def test_a_card_file_buff_of_the_card_itself_outside_a_talent_is_refused(tmp_path):
    own = tmp_path / "talent.toml"
    own.write_text('box = "base"\n[[card]]\nid = 9500\nname = "Probe"\nrank = ["rare"]\ncopies = 1\n'
                   'strength_cost = 3\n[[card.effects]]\non = "discard_use"\n'
                   'do = [{op = "buff", strength = 1, from = "this"}]\n', encoding="utf-8")
    with pytest.raises(CardFileError, match=r"#9500 'Probe'.*only a 'talent' program"):
        build_engine(("base",), own)


def upgrade_hand(sc, seat, pair, cloth="Pegasus Cloth"):
    """The seat holds 2 copies of `pair` and its Bronze Cloth equipped; the Cloth's instance."""
    sc.hand(seat, pair, pair)
    return sc.put(seat, "cloth", cloth)


def test_a_bronze_armor_upgrade_of_two_diamond_copies_gives_the_hades_star_hero():
    """HAD-14: `hades_star_entry` = armor_upgrade; `none` leaves the ★ Heroes out."""
    sc = board()
    star = sc.put(0, "setaside", SEIYA_STAR)
    cloth = upgrade_hand(sc, 0, SEIYA_DIAMOND)
    sc.use(0, cloth)
    assert sc.zone_of(star) == (0, "discard") and sc.count(0, "hand") == 0
    sc = board(rules={"hades_star_entry": "none"})
    sc.put(0, "setaside", SEIYA_STAR)
    cloth = upgrade_hand(sc, 0, SEIYA_DIAMOND)
    assert not [a for a in sc.legal_actions(0) if a[0] == "use" and a[1] == cloth]


def test_the_hades_diamond_hero_comes_only_at_elysion():
    """HAD-13: an upgrade of 2 ▲ copies never gives the Hades ◆ Hero; `any_diamond` lets Elysion give
    another box's ◆ copy."""
    sc = board()
    sc.put(0, "setaside", SEIYA_DIAMOND)
    cloth = upgrade_hand(sc, 0, "Pegasus Seiya")
    assert not [a for a in sc.legal_actions(0) if a[0] == "use" and a[1] == cloth]
    for rule, given in (("hades_diamond", None), ("any_diamond", "Pegasus Seiya (Asgard)")):
        sc = board(rules={"hades_elysion_card": rule}, boxes=("base", "asgard", "hades"))
        sc.put(0, "setaside", "Pegasus Seiya (Asgard)")
        sc.hero_space(0, 1)
        sc.trigger("annihilated", sc.underworld(2, "Underworld Specter #60", face_up=True), 0)  # 1 toward Elysion
        assert int(sc.st.pl[0, PL_SPACE]) == E.ELYSION
        assert sc.names(0, "hand") == ([given] if given else [])


def test_the_hades_armor_talent_upgrades_and_the_armor_stays_equipped():
    sc = board()
    star = sc.put(0, "setaside", SEIYA_STAR)
    armor = upgrade_hand(sc, 0, SEIYA_DIAMOND, cloth="Pegasus Armor (Hades)")
    ability = sc.put(0, "abilities", "Ability #9")
    assert ("use", armor, E.T_DISCARD_USE) in sc.legal_actions(0)
    sc.talent(0, armor, ability)
    assert sc.names(0, "cloth") == ["Pegasus Armor (Hades)"] and sc.zone_of(star) == (0, "hand")  # V2-like: to hand


def exchange_board(rule):
    sc = board(rules={"hades_armor_exchange_trigger": rule})
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.put(0, "setaside", "Pegasus Armor (Hades)")
    sc.hand(1, "Dragon Cloth")
    sc.put(1, "setaside", "Dragon Armor (Hades)")
    facing(sc, 0, CIVILIAN)
    facing(sc, 0, CIVILIAN)  # 2 Strength: Cassios is won
    return sc


@pytest.mark.parametrize("rule, swapped", [("any_character", True), ("star_or_triangle_character", False),
                                           ("gold_saint", False)])
def test_acquiring_a_character_lets_every_player_swap_for_the_hades_armor(rule, swapped):
    """HAD-15: the Bronze Armor equipped or in hand goes out, the Hades Armor takes its place; Cassios
    is a ● Character, no Gold Saint."""
    sc = exchange_board(rule)
    sc.acquire(0, 2)
    if swapped:
        assert sc.names(0, "cloth") == ["Pegasus Armor (Hades)"] and sc.names(1, "hand") == ["Dragon Armor (Hades)"]
        assert "Pegasus Cloth" in sc.names(0, "setaside") and "exchange" in sc.log_kinds()
    else:
        assert sc.names(0, "cloth") == ["Pegasus Cloth"] and sc.names(1, "hand") == ["Dragon Cloth"]


def test_annihilating_opens_the_hades_armor_exchange():
    sc = board()
    sc.put(0, "cloth", "Pegasus Cloth")
    sc.put(0, "setaside", "Pegasus Armor (Hades)")
    sc.underworld(4, "Underworld Specter #36", face_up=True)
    sc.gate_tokens = 0
    for _ in range(4):
        sc.play(0, sc.hand(0, CIVILIAN), sc.under_slot(4))
    sc.annihilate(0, 4)
    assert sc.names(0, "cloth") == ["Pegasus Armor (Hades)"]


def test_a_heal_by_effect_meets_the_heal_trial():
    """HAD-10: "Heal a card" is met by an effect's heal (Ability #6) as by a heal action."""
    sc = board()
    trial = sc.trials("Trial: Heal a card")[0]
    wounded = sc.put(0, "wounded", CIVILIAN)
    heal = sc.put(0, "abilities", "Ability #6")
    sc.use_ability(0, heal)
    assert sc.zone_of(wounded) == (0, "discard") and sc.insts("common", "trial_discard") == [trial]


def test_a_hades_epic_rule_reaches_every_player():
    """HAD-29: Closed Trials, "No player can claim Trials", while it is the current Epic."""
    sc = board()
    sc.trials("Trial: Heal a card")
    sc.epic("Epic: Closed Trials")
    sc.put(0, "wounded", CIVILIAN)
    sc.use_ability(0, sc.put(0, "abilities", "Ability #6"))
    assert sc.count("common", "trials") == 1 and sc.count("common", "trial_discard") == 0


@pytest.mark.parametrize("on", [True, False])
def test_the_hades_epics_join_the_classic_pile(on):
    cards = engine_for(game_config(boxes=("base", "poseidon", "hades"), rules={"hades_epics": on})).cards
    names = {c.name for c in cards if c.start == "epic"}
    assert ("Epic: Closed Trials" in names) == on and "Athena's Exhaustion" in names  # 2908, Poseidon's


@pytest.mark.parametrize("policy", ["value", "random"])
def test_whole_turns_with_every_box_keep_the_invariants(policy):
    """Whole turns by a policy on a real setup with the four boxes, the invariants checked after
    every action: no violation, no illegal action; the heuristic pays Talents."""
    from sim.engine.state import G_CHECK, G_ILLEGAL, G_VIOLATIONS
    sc = Scenario(players=3, boxes=("base", "asgard", "poseidon", "hades"), policies=(policy,), empty=False, seed=3)
    sc.st.g[G_CHECK] = 1
    for turn in range(90):
        sc.turn(turn % 3)
    assert int(sc.st.g[G_VIOLATIONS]) == 0 and int(sc.st.g[G_ILLEGAL]) == 0
    assert {"gate", "shackled", "trial"} <= set(sc.log_kinds())
