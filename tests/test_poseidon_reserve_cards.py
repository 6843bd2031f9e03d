"""The Poseidon reserve cards the engine plays, card by card: Kiki (#2026) and the Scylla and Sea
Horse Scales (#2035, #2036). Played from a card file of the Poseidon cards the engine plays, on
top of base + Asgard (tests/test_poseidon_heroes.py)."""
import pytest

from sim.engine import enums as E
from sim.engine.policies.weights import W_PAY
from sim.engine.rules.field import discard_from_field
from sim.engine.resolution.actions import drain
from sim.engine.resolution.turn import relic_tokens
from sim.engine.rules.zones import move_to, place_token
from sim.engine.state import G_ACTIVE, G_WEAPONS, PL_VP_TOKENS, PL_WEAPONS
from tests.test_asgard_cards import _paying
from tests.test_poseidon_heroes import _scenario, write_encoded_poseidon

FILLER = "Phoenix Ikki (civilian)"  # 9 copies: a draw pile's cards


@pytest.fixture(scope="module")
def cardset(tmp_path_factory):
    return write_encoded_poseidon(tmp_path_factory.mktemp("poseidon"))


def test_2026_kiki_destroyed_for_its_use_gives_a_balance_weapon(cardset):
    """Destroy: gain a Balance Weapon token from the supply (POS-13)."""
    sc = _scenario(cardset)
    sc.use(0, sc.hand(0, "Kiki"))
    assert sc.names(0, "destroyed") == ["Kiki"]
    assert sc.weapons(0) == 1 and sc.weapons("common") == E.N_WEAPONS - 1


def test_2026_kiki_with_no_weapon_left_is_not_destroyed_for_nothing(cardset):
    sc = _scenario(cardset)
    sc.st.g[G_WEAPONS] = 0
    kiki = sc.hand(0, "Kiki")
    assert ("use", kiki, E.TRIGGER_NAMES["destroy_use"]) not in sc.legal_actions(0)


def test_2026_kiki_defeated_draws_1(cardset):
    sc = _scenario(cardset)
    kiki = sc.field(0, "Kiki")
    sc.put(0, "draw", FILLER)
    sc.trigger("defeated", kiki, 0, kiki, 0)
    assert sc.names(0, "hand") == [FILLER]


def test_2035_scylla_scale_arrival_each_player_draws_5_then_discards_5(cardset):
    sc = _scenario(cardset, players=3)
    civilians = ("Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)", "Cygnus Hyoga (civilian)")
    for seat in range(3):
        sc.put(seat, "hand", "Cassios" if seat < 2 else "Lionet Ban")
        for _ in range(5):
            sc.put(seat, "draw", civilians[seat])
    sc.arrive(0, "Scylla Scale")
    for seat in range(3):
        assert len(sc.names(seat, "hand")) == 1 and len(sc.names(seat, "discard")) == 5
        assert sc.names(seat, "draw") == []


def test_2035_scylla_scale_defeated_each_player_freezes_a_card_from_hand(cardset):
    sc = _scenario(cardset)
    scale = sc.field(0, "Scylla Scale")
    sc.hand(0, "Cassios")
    sc.hand(1, "Lionet Ban")
    sc.trigger("defeated", scale, 0, scale, 0)
    assert sc.names(0, "frozen") == ["Cassios"] and sc.names(1, "frozen") == ["Lionet Ban"]
    assert sc.names(0, "hand") == [] and sc.names(1, "hand") == []


def test_2036_sea_horse_scale_engagement_gives_a_hero_in_play_1_cosmos(cardset):
    """The Scale sent into a fight is played (GEN-21): its Engagement gives the Hero +1 Cosmos."""
    sc = _scenario(cardset)
    sc.field(0, "Lizard Misty")
    seiya = sc.hand(0, "Pegasus Seiya")
    sc.play(0, seiya, 0)
    sc.equip(0, sc.hand(0, "Sea Horse Scale"))
    sc.cloth_fights(0, 0)
    assert sc.st.inst_buff_cos[seiya] == 1


def test_2036_sea_horse_scale_arrival_each_player_may_discard_a_cloth_to_draw_2(cardset):
    """Seat 0 pays (a Cloth discarded, 2 cards drawn); seat 1 has no Cloth: nothing."""
    sc = _paying(_paying(_scenario(cardset), 0), 1)
    sc.hand(0, "Aries Cloth")
    sc.hand(1, "Cassios")
    for seat in range(2):
        for _ in range(2):
            sc.put(seat, "draw", FILLER)
    sc.arrive(0, "Sea Horse Scale")
    assert sc.names(0, "discard") == ["Aries Cloth"] and sc.names(0, "hand") == [FILLER, FILLER]
    assert sc.names(1, "hand") == ["Cassios"] and len(sc.names(1, "draw")) == 2


def test_2018_io_marked_each_opponent_wounds_a_character_with_at_least_2_strength(cardset):
    """Io wounded in seat 0's hand (Hound Asterion, seat 1's): seat 1 wounds a Character of 2
    Strength or more from its hand (a 1-Strength one stays)."""
    sc = _scenario(cardset)
    io = sc.hand(0, "Scylla Io")
    sc.hand(1, "Lionet Ban", "Black Pegasus")
    sc.use(1, sc.hand(1, "Hound Asterion"))
    assert sc.names(0, "wounded") == ["Scylla Io"] and sc.st.inst_row[io] == 0
    assert sc.names(1, "wounded") == ["Black Pegasus"] and sc.names(1, "hand") == ["Lionet Ban"]


def test_2018_io_defeated_destroys_the_fighters_with_less_than_2_strength(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Scylla Io")
    for name in ("Black Pegasus", "Black Dragon", "Black Cygnus", "Lionet Ban"):  # 2 + 2 + 2 + 1
        sc.play(0, sc.hand(0, name), 0)
    sc.acquire(0, 0)
    assert sc.names(0, "destroyed") == ["Lionet Ban"]
    assert sc.names(0, "discard") == ["Black Cygnus", "Black Dragon", "Black Pegasus", "Scylla Io"]


def test_2022_soldier_marked_freezes_a_character_in_an_opponents_hand(cardset):
    """Marked (wounded by seat 1's Hound Asterion): seat 0 looks at seat 1's hand and freezes the
    Character it picks (a Cloth is none)."""
    sc = _scenario(cardset)
    sc.hand(0, "Marina Soldier (Guards +1)")
    sc.hand(1, "Aries Cloth", "Lizard Misty")
    sc.use(1, sc.hand(1, "Hound Asterion"))
    assert sc.names(0, "wounded") == ["Marina Soldier (Guards +1)"]
    assert sc.names(1, "frozen") == ["Lizard Misty"] and sc.names(1, "hand") == ["Aries Cloth"]


def test_2022_soldier_on_the_field_makes_every_guard_cost_1_more_strength(cardset):
    """Guards, itself and the Asgard ones included, cost +1 Strength; a Gold Saint does not."""
    def costs(with_soldier):
        sc = _scenario(cardset)
        sc.field(0, "Marina Soldier (Guards +1)" if with_soldier else "Cassios")
        sc.field(1, "Asgard Guard (no Cosmos)")
        sc.field(2, "Taurus Aldebaran")
        return [sc.cost(0, slot) for slot in range(3)]
    with_it, without = costs(True), costs(False)
    assert with_it[0] == 3 + 1 and with_it[1:] == [without[1] + 1, without[2]]


def test_2034_chrysaor_scale_destroyed_cuts_a_rare_characters_cost_by_4_and_4(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Lizard Misty")
    sc.field(1, "Taurus Aldebaran")
    sc.use(0, sc.hand(0, "Chrysaor Scale"))
    assert sc.names(0, "destroyed") == ["Chrysaor Scale"]
    assert sc.cost(0, 1) == 8 - 4 and sc.cost(0, 0) == 5


def test_2034_chrysaor_scale_arrival_each_player_may_equip_a_cloth_to_draw_1(cardset):
    """Seat 0 equips its Cloth out of turn and draws 1; seat 1, with none, does nothing."""
    sc = _paying(_paying(_scenario(cardset), 0), 1)
    sc.hand(0, "Pegasus Cloth")
    sc.put(0, "draw", FILLER)
    sc.hand(1, "Cassios")
    sc.arrive(0, "Chrysaor Scale")
    assert sc.names(0, "cloth") == ["Pegasus Cloth"] and sc.names(0, "hand") == [FILLER]
    assert sc.names(1, "hand") == ["Cassios"] and sc.names(1, "cloth") == []


def test_2013_kanon_wound_use_puts_a_relic_in_play_into_your_discard_pile(cardset):
    sc = _scenario(cardset)
    balmung = sc.put(1, "relics", "Balmung")
    kanon = sc.hand(0, "Sea Dragon Kanon")
    sc.use(0, kanon)
    assert sc.names(0, "wounded") == ["Sea Dragon Kanon"]
    assert sc.zone_of(balmung) == (0, "discard") and sc.names(1, "relics") == []


def test_2013_kanon_exit_puts_a_minus_1_vp_token_on_every_pillar_in_play(cardset):
    """POS-17: the revealed Pillars, not the ones set aside; the destroyer takes the token with the
    Pillar, which keeps it in the Pillar area (POS-14): 2 VP - 1."""
    sc = _scenario(cardset)
    arctic = sc.reveal_pillar("Arctic Pillar")
    indian = sc.reveal_pillar("Indian Ocean Pillar")
    aside = sc.pillars_aside("North Pacific Pillar")[0]
    kanon = sc.field(0, "Sea Dragon Kanon")
    sc.trigger("exit", kanon, 0)
    assert (sc.st.inst_vp[arctic], sc.st.inst_vp[indian], sc.st.inst_vp[aside]) == (-1, -1, 0)
    before = sc.score(0)
    at = sc.pillar_slot(arctic)
    for name in ("Black Pegasus", "Black Pegasus", "Black Dragon", "Black Dragon", "Black Cygnus"):
        sc.play(0, sc.hand(0, name), at)
    sc.acquire(0, at)
    assert sc.names(0, "pillars") == ["Arctic Pillar"] and sc.score(0) - before == 2 - 1


@pytest.mark.parametrize("currency, vp", [("cosmos", 1), ("strength", 1)])
def test_vp_tokens_on_a_card_go_to_the_player_whose_hand_or_discard_pile_it_joins(cardset, currency, vp):
    """POS-14: a +1 VP token on a field card acquired (into hand with Cosmos, into the discard
    pile with Strength) is its acquirer's: it scores though the card leaves the deck."""
    sc = _scenario(cardset)
    misty = sc.field(0, "Unicorn Jabu")  # 3 Strength or 3 Cosmos
    sc.st.inst_vp[misty] = 1
    fighters = ("Black Pegasus", "Lionet Ban") if currency == "strength" else ("Virgo Shaka",)
    for name in fighters:
        sc.play(0, sc.hand(0, name), 0)
    before = sc.score(0)
    sc.acquire(0, 0, currency)
    assert sc.st.inst_vp[misty] == 0 and sc.st.pl[0, PL_VP_TOKENS] == vp
    move_to(sc.s, misty, 0, E.Z_DESTROYED)
    assert sc.score(0) == before + vp  # the token stays taken: Misty destroyed scores nothing


def test_vp_tokens_on_a_card_leaving_the_field_for_the_field_discard_pile_are_lost(cardset):
    sc = _scenario(cardset)
    misty = sc.field(0, "Lizard Misty")
    sc.st.inst_vp[misty] = -1
    discard_from_field(sc.s, sc.c, misty, E.FLAME_EFFECT, E.OUT_EFFECT, 0, -1)
    assert sc.st.inst_vp[misty] == 0 and sc.names("common", "field_discard") == ["Lizard Misty"]
    assert sc.st.pl[0, PL_VP_TOKENS] == 0


def test_2016_kasa_gets_1_strength_per_rare_cloth_in_the_discard_pile(cardset):
    """Fighting: +1 Strength per ★ Cloth of his player's discard pile (a Gold Cloth; not a ● one)."""
    sc = _scenario(cardset)
    sc.field(0, "Cassios")
    for name in ("Aries Cloth", "Taurus Cloth", "Pegasus Cloth"):
        sc.put(0, "discard", name)
    sc.play(0, sc.hand(0, "Lymnades Kasa"), 0)
    assert sc.total(0, 0) == 0 + 2


def test_2016_kasa_costs_1_strength_more_per_character_facing_him(cardset):
    """4 Strength, +1 per Character facing him: 2 fighters, 6; the equipped Cloth is no Character."""
    sc = _scenario(cardset)
    sc.field(0, "Lymnades Kasa")
    assert sc.cost(0, 0) == 4
    for name in ("Black Pegasus", "Black Dragon"):
        sc.play(0, sc.hand(0, name), 0)
    assert sc.cost(0, 0) == 4 + 2
    sc.equip(0, sc.hand(0, "Aries Cloth"))
    sc.cloth_fights(0, 0)
    assert sc.cost(0, 0) == 4 + 2


@pytest.mark.parametrize("discards", [True, False])
def test_2014_sorento_engagement_the_named_player_discards_a_hero_or_you_draw(cardset, discards):
    """The named opponent may discard a Hero; if they do not, Sorento's player draws 1."""
    sc = _scenario(cardset)
    sc.field(0, "Cassios")
    sc.hand(1, "Pegasus Seiya (civilian)", "Cassios")
    sc.put(0, "draw", FILLER)
    sc.st.mind.weights[1, W_PAY] = 99.0 if discards else -99.0  # whether seat 1 takes the "may"
    sc.play(0, sc.hand(0, "Siren Sorrento"), 0)
    if discards:
        assert sc.names(1, "discard") == ["Pegasus Seiya (civilian)"] and sc.names(0, "hand") == []
    else:
        assert sc.names(1, "discard") == [] and sc.names(0, "hand") == [FILLER]


def test_2014_sorento_costs_cannot_be_reduced(cardset):
    """Not the last slot's 1 less, nor a cost cut; a raise (a Guard +1 rule) still counts."""
    sc = _scenario(cardset)
    sc.field(5, "Siren Sorrento")
    assert sc.cost(0, 5) == 7 and sc.cost(0, 5, "cosmos") == 6
    sc.field(4, "Marina Soldier (Guards +1)")
    sc.use(0, sc.hand(0, "Chrysaor Scale"))  # a ★ Character costs 4 and 4 less: Sorento is the one
    assert sc.cost(0, 5) == 7 and sc.cost(0, 5, "cosmos") == 6


def test_2032_kraken_scale_discard_takes_a_marked_character_with_cosmos_into_hand(cardset):
    sc = _scenario(cardset)
    sc.put(0, "wounded", "Cassios")  # no Cosmos
    sc.put(0, "frozen", "Unicorn Jabu")
    sc.use(0, sc.hand(0, "Kraken Scale"))
    assert sc.names(0, "hand") == ["Unicorn Jabu"] and sc.names(0, "wounded") == ["Cassios"]


def test_2032_kraken_scale_arrival_wounds_a_revealed_character_without_cosmos_cost_else_hands_it(cardset):
    """Seat 0 reveals Cassios (no Cosmos cost): wounded; seat 1 reveals Jabu (a Cosmos cost): to hand."""
    sc = _scenario(cardset)
    sc.put(0, "draw", "Cassios")
    sc.put(1, "draw", "Unicorn Jabu")
    sc.arrive(0, "Kraken Scale")
    assert sc.names(0, "wounded") == ["Cassios"] and sc.names(0, "hand") == []
    assert sc.names(1, "hand") == ["Unicorn Jabu"] and sc.names(1, "wounded") == []


def test_2020_thetis_gets_1_strength_per_guard_fighting_alongside_her(cardset):
    """Read as she fights: each Guard facing the same card adds 1 to her Strength (1)."""
    sc = _scenario(cardset)
    sc.field(0, "Taurus Aldebaran")
    sc.play(0, sc.hand(0, "Marina Soldier (Guards +1)"), 0)
    sc.play(0, sc.hand(0, "Asgard Guard (no Cosmos)"), 0)
    sc.play(0, sc.hand(0, "Mermaid Thetis"), 0)
    assert sc.total(0, 0) == 1 + 1 + 1 + 2


def test_2020_thetis_on_the_field_heroes_face_no_other_character(cardset):
    """A Hero may face Thetis, a Cloth or a Pillar, not another field Character; a non-Hero may."""
    sc = _scenario(cardset)
    sc.field(0, "Mermaid Thetis")
    sc.field(1, "Cassios")
    sc.field(2, "Aries Cloth")
    pillar = sc.reveal_pillar("Arctic Pillar")
    seiya = sc.hand(0, "Pegasus Seiya")
    sc.hand(0, "Lionet Ban")
    plays = {(a, b) for kind, a, b in sc.legal_actions(0) if kind == "play"}
    assert (seiya, 0) in plays and (seiya, 2) in plays and (seiya, sc.pillar_slot(pillar)) in plays
    assert (seiya, 1) not in plays and len({b for a, b in plays if a != seiya} & {0, 1, 2}) == 3


def test_2025_soldier_marked_takes_a_destroyed_guard_of_any_player_into_hand(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Marina Soldier (2 Strength barred)")
    sc.put(1, "destroyed", "Asgard Guard (no Cosmos)")
    sc.put(1, "destroyed", "Cassios")
    sc.use(1, sc.hand(1, "Hound Asterion"))
    assert sc.names(0, "hand") == ["Asgard Guard (no Cosmos)"] and sc.names(1, "destroyed") == ["Cassios"]


def test_2025_soldier_on_the_field_characters_with_2_strength_face_no_other_field_character(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Marina Soldier (2 Strength barred)")
    sc.field(1, "Cassios")
    misty, ban = sc.hand(0, "Lizard Misty", "Lionet Ban")  # 2 and 1 Strength
    plays = {(a, b) for kind, a, b in sc.legal_actions(0) if kind == "play"}
    assert (misty, 0) in plays and (misty, 1) not in plays and {(ban, 0), (ban, 1)} <= plays


def test_2012_poseidon_wound_use_destroys_a_civilian_hero_for_an_uncommon_one(cardset):
    """Destroy a ● Hero from hand to put a ◆ Hero of the set-aside area into the discard pile (the
    player's own Hero: the ● cards of a deck are its own Hero's)."""
    sc = _paying(_scenario(cardset), 0)
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.put(0, "setaside", "Pegasus Seiya (Poseidon)")
    sc.use(0, sc.hand(0, "Poseidon"))
    assert sc.names(0, "wounded") == ["Poseidon"] and sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]
    assert sc.names(0, "discard") == ["Pegasus Seiya (Poseidon)"] and sc.names(0, "setaside") == []


def test_2012_poseidon_defeated_takes_every_very_rare_card_and_every_relic_in_play_into_hand(cardset):
    """✻ field cards (acquired, into the hand), ✻ cards of the field discard pile, every Relic in
    any player's Relic area; other cards stay."""
    sc = _scenario(cardset)
    poseidon = sc.field(0, "Poseidon")
    sc.field(1, "Athena")
    sc.field(2, "Cassios")
    sc.field_discard("Pope", "Lizard Misty")
    sc.put(1, "relics", "Balmung")
    sc.put(0, "relics", "Ring of the Nibelungen")
    sc.trigger("defeated", poseidon, 0, poseidon, 0)
    assert sc.names(0, "hand") == ["Athena", "Balmung", "Pope", "Ring of the Nibelungen"]
    assert sc.field_names()[2] == "Cassios" and sc.names("common", "field_discard") == ["Lizard Misty"]
    assert sc.names(1, "relics") == []


def test_2015_isaak_the_guards_fighting_alongside_him_are_frozen_after_a_fight_won(cardset):
    """POS-22: frozen into their owner's marked area instead of discarded; Isaak and the other
    fighters are discarded; a Guard facing another card is not his fellow."""
    sc = _scenario(cardset)
    sc.field(0, "Cassios")
    sc.field(1, "Lizard Misty")
    for name in ("Kraken Isaak", "Marina Soldier (Guards +1)"):
        sc.play(0, sc.hand(0, name), 0)
    sc.play(0, sc.hand(0, "Asgard Guard (no Cosmos)"), 1)
    sc.acquire(0, 0)
    assert sc.names(0, "frozen") == ["Marina Soldier (Guards +1)"]
    assert sc.names(0, "discard") == ["Cassios", "Kraken Isaak"]
    assert sc.names(0, "play") == ["Asgard Guard (no Cosmos)"]


def test_2015_isaak_the_guards_alongside_him_are_frozen_at_upkeep_too(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Taurus Aldebaran")
    for name in ("Kraken Isaak", "Asgard Guard (no Cosmos)", "Lionet Ban"):
        sc.play(0, sc.hand(0, name), 0)
    for _ in range(5):
        sc.put(0, "draw", FILLER)  # the upkeep draws these, not the discard pile
    sc.upkeep(0)
    assert sc.names(0, "frozen") == ["Asgard Guard (no Cosmos)"]
    assert sorted(sc.names(0, "discard")) == ["Kraken Isaak", "Lionet Ban"]


def test_2015_isaak_freeze_use_puts_a_marked_guard_into_the_discard_pile(cardset):
    sc = _scenario(cardset)
    sc.put(0, "wounded", "Asgard Guard (no Cosmos)")
    sc.put(0, "wounded", "Cassios")
    sc.use(0, sc.hand(0, "Kraken Isaak"))
    assert sc.names(0, "frozen") == ["Kraken Isaak"] and sc.names(0, "discard") == ["Asgard Guard (no Cosmos)"]
    assert sc.names(0, "wounded") == ["Cassios"]


def test_2037_mermaid_scale_discard_draws_1_per_marina_and_scale_on_the_field(cardset):
    sc = _scenario(cardset)
    for slot, name in enumerate(("Kraken Isaak", "Mermaid Thetis", "Scylla Scale", "Cassios")):
        sc.field(slot, name)
    for _ in range(4):
        sc.put(0, "draw", FILLER)
    sc.use(0, sc.hand(0, "Mermaid Scale"))
    assert sc.names(0, "hand") == [FILLER] * 3


def test_2037_mermaid_scale_exit_each_top_card_goes_to_another_players_discard_pile_or_is_frozen(cardset):
    """Active player first: seat 0's top card (a Bronze Cloth) is frozen; seat 1's (Cassios) goes
    into seat 0's discard pile (the only other player), an acquisition of seat 0's."""
    sc = _scenario(cardset)
    sc.put(0, "draw", "Pegasus Cloth")
    sc.put(1, "draw", "Cassios")
    scale = sc.field(0, "Mermaid Scale")
    sc.trigger("exit", scale, 0)
    assert sc.names(0, "frozen") == ["Pegasus Cloth"] and sc.names(0, "discard") == ["Cassios"]
    assert sc.names(1, "draw") == [] and sc.names(1, "discard") == []


def test_2021_soldier_marked_takes_a_balance_weapon_from_another_player(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Marina Soldier (takes a Balance Weapon)")
    sc.st.pl[1, PL_WEAPONS] = 2
    sc.st.g[G_WEAPONS] = E.N_WEAPONS - 2
    sc.use(1, sc.hand(1, "Hound Asterion"))
    assert sc.names(0, "wounded") == ["Marina Soldier (takes a Balance Weapon)"]
    assert sc.weapons(0) == 1 and sc.weapons(1) == 1 and sc.weapons("common") == E.N_WEAPONS - 2


def test_2021_soldier_on_the_field_facing_a_marina_takes_a_discard(cardset):
    """To face a Marina (Kanon, or the Soldier itself) a player discards a card from hand, once per
    card faced this turn; facing Cassios takes none."""
    sc = _scenario(cardset)
    sc.field(0, "Marina Soldier (takes a Balance Weapon)")
    sc.field(1, "Sea Dragon Kanon")
    sc.field(2, "Cassios")
    jabu = sc.hand(0, "Unicorn Jabu")
    plays = {(a, b) for kind, a, b in sc.legal_actions(0) if kind == "play"}
    assert plays == {(jabu, 2)}  # no other card to discard
    ban = sc.hand(0, "Lionet Ban")
    sc.play(0, jabu, 1)
    assert sc.names(0, "discard") == ["Lionet Ban"] and sc.zone_of(ban) == (0, "discard")
    sc.play(0, sc.hand(0, "Black Pegasus"), 1)  # paid already this turn
    assert sc.names(0, "discard") == ["Lionet Ban"]


def test_games_with_the_encoded_poseidon_cards_keep_the_invariants(cardset):
    """Base + Asgard + the Poseidon cards the engine plays, 3 players, the tuned and random
    policies: no invariant broken (Balance Weapons conserved, tokens where they belong, every
    Transcended Hero where the rules put it), no illegal action; the new rules all come into play."""
    import sim
    run = sim.play(30, players=3, boxes=("base", "asgard"), cardset=cardset, policies=("tuned", "random", "tuned"),
                   check_invariants=True, events="full")
    assert (run.games["violations"] == 0).all() and (run.games["illegal_actions"] == 0).all()
    events = run.events
    kinds = events["kind"].astype(str)
    assert {"pillar", "weapon", "vp_token"} <= set(kinds)
    played = set(events.loc[kinds == "play", "card_id"])
    assert played & set(range(2006, 2011)), "a Transcended Hero is played"


def test_2033_lymnades_scale_discard_applies_the_arrival_of_a_field_card(cardset):
    """The Scylla Scale's Arrival applies again (each player draws 5, then discards 5); the
    Scylla Scale stays on the field."""
    sc = _scenario(cardset)
    sc.field(0, "Scylla Scale")
    civilians = ("Pegasus Seiya (civilian)", "Dragon Shiryu (civilian)")
    for seat in range(2):
        for _ in range(5):
            sc.put(seat, "draw", civilians[seat])
    sc.use(0, sc.hand(0, "Lymnades Scale"))
    assert sc.field_names()[0] == "Scylla Scale"
    assert len(sc.names(0, "discard")) == 5 + 1 and len(sc.names(1, "discard")) == 5


def test_2033_lymnades_scale_arrival_applies_every_exit_of_the_field(cardset):
    """Kanon's Exit (a -1 VP token on every Pillar in play) applies; Kanon stays on the field."""
    sc = _scenario(cardset)
    pillar = sc.reveal_pillar("Arctic Pillar")
    sc.field(0, "Sea Dragon Kanon")
    sc.arrive(1, "Lymnades Scale")
    assert sc.st.inst_vp[pillar] == -1 and sc.field_names()[0] == "Sea Dragon Kanon"


# --- 2029 Poseidon's Scale ----------------------------------------------------------------------
def test_2029_poseidons_scale_discard_swaps_a_marked_card_with_a_discarded_character(cardset):
    sc = _scenario(cardset)
    sc.put(0, "wounded", "Taurus Aldebaran")
    sc.put(0, "discard", "Pegasus Seiya (civilian)")
    sc.put(0, "discard", "Lizard Misty")
    scale = sc.hand(0, "Poseidon's Scale")
    sc.use(0, scale)
    assert sc.names(0, "wounded") == ["Pegasus Seiya (civilian)"]  # the least valuable, with the Wound token
    assert "Taurus Aldebaran" in sc.names(0, "discard") and "Lizard Misty" in sc.names(0, "discard")
    assert sc.log_kinds().count("wound") == 0  # no token placed: no Marked trigger


@pytest.mark.parametrize("scale_on_field, zone", [(True, "frozen"), (False, "discard")])
def test_2029_poseidons_scale_on_the_field_acquired_cards_are_frozen_instead(cardset, scale_on_field, zone):
    sc = _scenario(cardset)
    if scale_on_field:
        sc.field(0, "Poseidon's Scale")
    sc.field(1, "Sea Serpent")
    sc.trigger("discard_use", sc.hand(0, "Geist"), 0)  # Geist: acquire a Ghost Saint of the field
    assert sc.names(0, zone) == ["Sea Serpent"]


# --- 2024 Marina Soldier (Exit: wound) ------------------------------------------------------------
def test_2024_soldier_marked_applies_the_engagement_of_a_card_of_the_discard_pile(cardset):
    sc = _scenario(cardset)
    sc.put(0, "discard", "Pegasus Seiya")  # Engagement: draw 1 with a Seiya in the discard pile
    sc.put(0, "draw", "Cassios")
    sc.hand(0, "Marina Soldier (Exit: wound)")
    sc.hand(1, "Hound Asterion")
    sc.use(1, sc.insts(1, "hand")[0])  # seat 1 wounds the Soldier in seat 0's hand: its Marked fires
    assert sc.names(0, "wounded") == ["Marina Soldier (Exit: wound)"]
    assert sc.names(0, "hand") == ["Cassios"] and sc.names(0, "discard") == ["Pegasus Seiya"]


@pytest.mark.parametrize("soldier, wounded", [(True, 1), (False, 0)])
def test_2024_soldier_on_the_field_gives_the_other_field_cards_an_exit_that_wounds(cardset, soldier, wounded):
    sc = _scenario(cardset)
    if soldier:
        sc.field(0, "Marina Soldier (Exit: wound)")
    sc.field(5, "Cassios")
    for _ in range(5):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.upkeep(0)  # Cassios leaves the last slot: its granted Exit wounds a Character of the active player's hand
    assert sc.count(0, "wounded") == wounded and sc.count(0, "hand") == 5 - wounded


# --- 2023 Marina Soldier (Cosmos next to it) ---------------------------------------------------
def test_2023_soldier_marked_trades_places_with_a_marked_marina_of_another_player(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Marina Soldier (Cosmos next to it)")
    sc.put(1, "frozen", "Siren Sorrento")
    sc.hand(1, "Hound Asterion")
    sc.use(1, sc.insts(1, "hand")[0])  # seat 1 wounds the Soldier in seat 0's hand: its Marked fires
    # each takes the other's place: the Soldier's Wound token, Sorrento's Freeze token
    assert sc.names(0, "wounded") == ["Siren Sorrento"] and sc.names(1, "frozen") == ["Marina Soldier (Cosmos next to it)"]
    assert sc.names(0, "frozen") == [] and sc.names(1, "wounded") == []


def test_2023_soldier_on_the_field_the_characters_next_to_it_cost_cosmos(cardset):
    sc = _scenario(cardset)
    sc.field(1, "Lizard Misty")     # 5 Strength
    sc.field(2, "Marina Soldier (Cosmos next to it)")
    sc.field(3, "Aries Cloth")      # a Cloth: not a Character
    sc.field(4, "Cassios")          # not next to it
    assert (sc.cost(0, 1, "strength"), sc.cost(0, 1, "cosmos")) == (0, 5)
    assert sc.cost(0, 3, "cosmos") > 0 and sc.cost(0, 3, "strength") == 0  # the Cloth's own Cosmos cost
    assert sc.cost(0, 4, "strength") > 0


# --- 2027 Poseidon's Trident (POS-16) -------------------------------------------------------------
def test_2027_trident_takes_a_minus_1_token_each_turn_up_to_3(cardset):
    """At the start of each turn its holder may add a token; the default policy does while a
    Marina is on the field (a token is a VP lost unless the Trident's use returns it)."""
    sc = _scenario(cardset)
    trident = sc.put(0, "relics", "Poseidon's Trident")
    sc.field(0, "Scylla Io")
    for _ in range(4):
        relic_tokens(sc.s, sc.c, 0)
    assert int(sc.st.inst_vp[trident]) == -3


def test_2027_trident_takes_no_token_without_a_marina_on_the_field(cardset):
    sc = _scenario(cardset)
    trident = sc.put(0, "relics", "Poseidon's Trident")
    sc.field(0, "Cassios")
    for _ in range(2):
        sc.turn(0)
    assert int(sc.st.inst_vp[trident]) == 0


def test_2027_trident_spends_its_tokens_to_cut_a_marinas_costs_then_is_discarded(cardset):
    sc = _scenario(cardset)
    trident = sc.put(0, "relics", "Poseidon's Trident")
    sc.st.inst_vp[trident] = -2
    sc.field(0, "Cassios")  # not a Marina
    sc.field(1, "Scylla Io")
    before = sc.cost(0, 1), sc.cost(0, 1, "cosmos")
    vp = sc.score(0)
    sc.use(0, trident)
    assert (sc.cost(0, 1), sc.cost(0, 1, "cosmos")) == (before[0] - 2, before[1] - 2)
    assert sc.names(0, "discard") == ["Poseidon's Trident"] and int(sc.st.inst_vp[trident]) == 0
    assert sc.score(0) == vp + 2  # the -1 tokens went back to the supply


def test_2027_trident_arrival_each_player_discards_their_hand_and_draws_as_many(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Cassios", "Lizard Misty")
    for _ in range(3):
        sc.put(0, "draw", "Pegasus Seiya (civilian)")
    sc.hand(1, "Cassios")
    sc.put(1, "draw", "Dragon Shiryu (civilian)")
    sc.arrive(0, "Poseidon's Trident")
    assert sc.names(0, "hand") == ["Pegasus Seiya (civilian)"] * 2 and sorted(sc.names(0, "discard")) == ["Cassios", "Lizard Misty"]
    assert sc.names(1, "hand") == ["Dragon Shiryu (civilian)"]


# --- 2019 Sea Horse Baian -------------------------------------------------------------------------
def test_2019_baian_marked_each_opponent_wounds_a_character_with_2_cosmos(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Sea Horse Baian")
    sc.hand(1, "Leo Aiolia", "Eagle Marin", "Hound Asterion")  # Aiolia: 2 Cosmos; Marin: 1
    sc.use(1, sc.insts(1, "hand")[2])  # seat 1 wounds Baian in seat 0's hand: its Marked fires
    assert sc.names(0, "wounded") == ["Sea Horse Baian"] and sc.names(1, "wounded") == ["Leo Aiolia"]


def test_2019_baian_wounding_a_character_with_cosmos_lowers_his_cost_by_2_once_a_turn(cardset):
    sc = _scenario(cardset)
    sc.field(0, "Sea Horse Baian")
    cost = sc.cost(0, 0)
    sc.hand(0, "Pegasus Seiya (civilian)")  # no Cosmos: cannot pay
    assert ("use", sc.st.field[0], E.T_COST) not in sc.legal_actions(0)
    sc.hand(0, "Eagle Marin", "Lizard Misty")
    assert ("use", sc.st.field[0], E.T_COST) in sc.legal_actions(0)
    sc.wound_cut(0, 0)
    assert sc.cost(0, 0) == cost - 2 and sc.count(0, "wounded") == 1  # the least valuable of the two
    assert ("use", sc.st.field[0], E.T_COST) not in sc.legal_actions(0)  # once a turn


# --- 2031 Siren Scale ----------------------------------------------------------------------------
def test_2031_siren_scale_arrival_wound_a_character_to_take_back_a_hero_of_the_same_rank(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Pegasus Seiya", "Cassios")             # ▲ Hero, ● Character
    sc.put(0, "discard", "Dragon Shiryu")              # ▲ Hero
    sc.hand(1, "Cassios")
    sc.put(1, "discard", "Dragon Shiryu (civilian)")  # ● Hero: Cassios is ●
    sc.arrive(0, "Siren Scale")
    assert sc.names(0, "wounded") == ["Pegasus Seiya"] and sorted(sc.names(0, "hand")) == ["Cassios", "Dragon Shiryu"]
    assert sc.names(1, "wounded") == ["Cassios"] and sc.names(1, "hand") == ["Dragon Shiryu (civilian)"]


def test_2031_siren_scale_discard_swap_an_opponents_saint_for_a_card_of_the_same_rank(cardset):
    sc = _scenario(cardset)
    scale = sc.hand(0, "Siren Scale")
    sc.hand(0, "Lizard Misty")        # ◆
    sc.hand(1, "Centaurus Babel")     # ◆ Saint
    sc.hand(1, "Cassios")
    sc.use(0, scale)
    assert sc.names(0, "hand") == ["Centaurus Babel"] and sorted(sc.names(1, "hand")) == ["Cassios", "Lizard Misty"]


# --- 2017 Chrysaor Krishna, 2030 Sea Dragon Scale: a card off the field to face (POS-23) -------------
def test_2017_krishna_discard_opens_a_marked_card_of_an_opponent_to_a_fight(cardset):
    sc = _scenario(cardset)
    sc.put(1, "wounded", "Lizard Misty")  # 5 Strength
    sc.st.inst_vp[sc.insts(1, "wounded")[0]] = 1
    krishna = sc.hand(0, "Chrysaor Krishna")
    sc.use(0, krishna)
    misty = sc.insts(1, "wounded")[0]
    fighters = [sc.hand(0, name) for name in ("Taurus Aldebaran", "Leo Aiolia", "Pegasus Seiya (civilian)")]
    for f in fighters[:2]:
        sc.play(0, f, E.OPEN_AT)  # faced off the field
    assert ("acquire", E.OPEN_AT, 0) in sc.legal_actions(0)
    sc.acquire(0, E.OPEN_AT)
    assert sc.zone_of(misty) == (0, "discard") and int(sc.st.inst_vp[misty]) == 0  # its tokens removed
    assert sc.names(1, "wounded") == [] and "Taurus Aldebaran" in sc.names(0, "discard")
    assert not [a for a in sc.legal_actions(0) if a[2] == E.OPEN_AT]  # once taken, closed


def test_2017_krishna_the_opened_card_is_closed_at_the_end_of_the_turn(cardset):
    sc = _scenario(cardset)
    sc.put(1, "wounded", "Lizard Misty")
    sc.use(0, sc.hand(0, "Chrysaor Krishna"))
    sc.hand(0, "Taurus Aldebaran")
    assert [a for a in sc.legal_actions(0) if a[2] == E.OPEN_AT]
    sc.upkeep(0)
    assert not [a for a in sc.legal_actions(0) if a[2] == E.OPEN_AT]


def test_2017_krishna_exit_each_player_freezes_a_hero_or_destroys_a_marked_card(cardset):
    sc = _scenario(cardset)
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.put(1, "wounded", "Cassios")
    krishna = sc.field(5, "Chrysaor Krishna")
    sc.trigger("exit", krishna, 0)
    assert sc.names(0, "frozen") == ["Pegasus Seiya (civilian)"] and sc.names(1, "destroyed") == ["Cassios"]


def test_2030_sea_dragon_scale_arrival_an_opponent_discards_at_random_and_that_card_may_be_faced(cardset):
    sc = _scenario(cardset)
    sc.hand(1, "Lizard Misty")
    sc.arrive(0, "Sea Dragon Scale")
    assert sc.names(1, "discard") == ["Lizard Misty"]
    for name in ("Taurus Aldebaran", "Leo Aiolia", "Scorpio Milo"):
        sc.play(0, sc.hand(0, name), E.OPEN_AT)
    sc.acquire(0, E.OPEN_AT)
    assert "Lizard Misty" in sc.names(0, "discard") and sc.names(1, "discard") == []


def test_2030_sea_dragon_scale_exit_discards_every_cloth_of_the_field(cardset):
    sc = _scenario(cardset)
    sc.field(1, "Aries Cloth")
    sc.field(2, "Cassios")
    scale = sc.field(5, "Sea Dragon Scale")
    sc.trigger("exit", scale, 0)
    assert sc.names("common", "field_discard") == ["Aries Cloth"] and "Cassios" in sc.field_names()


# --- 2028 Athena's Urn (POS-24) --------------------------------------------------------------------
def _urn_with_misty(sc):
    """Seat 0 plays the Urn: Lizard Misty, from seat 1's discard pile, goes beneath it."""
    if "Lizard Misty" not in sc.names(1, "discard"):
        sc.put(1, "discard", "Lizard Misty")
    urn = sc.hand(0, "Athena's Urn")
    sc.play_relic(0, urn)
    return urn


def test_2028_urn_a_character_of_an_opponents_discard_pile_goes_beneath_it_and_scores_for_its_holder(cardset):
    sc = _scenario(cardset)
    sc.put(1, "discard", "Lizard Misty")
    base = sc.score(0), sc.score(1)
    urn = _urn_with_misty(sc)
    assert sc.names(1, "discard") == [] and sc.names(0, "relics") == ["Athena's Urn"]
    assert sc.name_of(int(sc.st.inst_under[urn])) == "Lizard Misty"
    misty = 1  # Lizard Misty's VP
    assert sc.score(0) == base[0] + 1 + misty and sc.score(1) == base[1] - misty  # the Urn's VP and Misty's


def test_2028_urn_its_opponent_wins_both_back_with_4_cosmos(cardset):
    sc = _scenario(cardset)
    urn = _urn_with_misty(sc)
    sc.st.g[G_ACTIVE] = 1
    assert not [a for a in sc.legal_actions(0) if a[2] == E.URN_AT]  # only the player the card came from
    sc.play(1, sc.hand(1, "Virgo Shaka"), E.URN_AT)  # 3 Cosmos: not enough
    assert ("acquire", E.URN_AT, 1) not in sc.legal_actions(1)
    sc.play(1, sc.hand(1, "Perseus Algol"), E.URN_AT)  # 2 more
    sc.acquire(1, E.URN_AT, "cosmos")
    assert sorted(sc.names(1, "discard")) == ["Athena's Urn", "Lizard Misty", "Perseus Algol", "Virgo Shaka"]
    assert sc.names(0, "relics") == [] and int(sc.st.inst_under[urn]) == -1


def test_2028_urn_wounded_the_card_beneath_is_wounded_too_and_its_marked_effect_fires(cardset):
    """Pegasus Seiya (Asgard), beneath seat 0's Urn, is wounded with it: his Marked effect gives
    the player holding him 1 Energy (ASG-15)."""
    sc = _scenario(cardset)
    sc.put(1, "discard", "Pegasus Seiya (Asgard)")
    sc.play_relic(0, sc.hand(0, "Athena's Urn"))
    urn = sc.insts(0, "relics")[0]
    before = sc.energy(0)
    place_token(sc.s, sc.c, urn, 0, E.Z_WOUNDED)
    drain(sc.s, sc.c)
    assert sorted(sc.names(0, "wounded")) == ["Athena's Urn", "Pegasus Seiya (Asgard)"]
    assert sc.energy(0) == before + 1


def test_2028_urn_whatever_the_urn_undergoes_the_card_beneath_undergoes_too(cardset):
    sc = _scenario(cardset)
    urn = _urn_with_misty(sc)
    move_to(sc.s, urn, 0, E.Z_DESTROYED)
    assert sorted(sc.names(0, "destroyed")) == ["Athena's Urn", "Lizard Misty"]
