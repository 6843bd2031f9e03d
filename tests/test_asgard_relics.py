"""The Asgard Relics (ASG-19): the Ring of the Nibelungen (#1011) and Balmung (#1012), and what a
Relic is: played from hand without facing a card, it stays in play through upkeep, beside the Armor
slot, any number of them, and it scores; marked (wounded or frozen), its text is off (ASG-16).

Rules: shared/rules/asgard-rulings.md ASG-16, ASG-19, ASG-21, ASG-23; card data: card-facts §3.
"""
import pytest

import sim
from sim.engine import enums as E
from sim.engine.state import G_SAPPHIRES
from sim.cards.cardsets import STATUE, TECHNIQUES
from tests.test_asgard_cards import ASGARD, _scenario, _try_use

RING = "Ring of the Nibelungen"
BALMUNG = "Balmung"


@pytest.fixture(scope="module")
def encoded_cardset(tmp_path_factory):
    """The encoded Asgard cards with the boards, on top of the base box (as tests/test_asgard_cards.py)."""
    blocks = ["[[card]]" + b for b in ASGARD.read_text(encoding="utf-8").split("[[card]]")[1:]
              if "[[card.effects]]" in b]
    for board in (TECHNIQUES, STATUE):
        blocks += ["[[card]]" + b for b in board.read_text(encoding="utf-8").split("[[card]]")[1:]]
    path = tmp_path_factory.mktemp("relics") / "encoded.toml"
    path.write_text('box = "asgard"\n\n' + "\n".join(blocks), encoding="utf-8")
    return path


def _kinds(actions):
    return [a[0] for a in actions]


# --- A Relic ------------------------------------------------------------------------------------
def test_1012_a_relic_in_hand_is_played_into_its_players_play_area_and_stays_through_upkeep(encoded_cardset):
    """Played without facing a card, beside the equipped Cloth; upkeep leaves it in play, and it
    scores its printed VP (GEN-11: Relics are in the deck)."""
    sc = _scenario(encoded_cardset)
    cloth = sc.put(0, "cloth", "Pegasus Cloth")
    balmung = sc.hand(0, BALMUNG)
    assert ("play_relic", balmung, -1) in sc.legal_actions(0)
    assert not [a for a in sc.legal_actions(0) if a[0] == "use" and a[1] == balmung]  # played first
    sc.play_relic(0, balmung)
    assert sc.zone_of(balmung) == (0, "relics") and sc.zone_of(cloth) == (0, "cloth")
    sc.upkeep(0)
    assert sc.zone_of(balmung) == (0, "relics") and sc.zone_of(cloth) == (0, "cloth")
    assert sc.score(0) == 2


def test_1011_any_number_of_relics_in_play_and_each_scores(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(1, "relics", RING)
    sc.put(1, "relics", BALMUNG)
    sc.put(1, "discard", "Whale Moses")  # 3 VP
    assert sc.count(1, "relics") == 2
    assert sc.score(1) == 3 - 2 + 2


# --- The Ring of the Nibelungen (#1011) -----------------------------------------------------------
def test_1011_ring_played_goes_to_the_chosen_opponent_as_their_acquisition(encoded_cardset):
    sc = _scenario(encoded_cardset)
    ring = sc.hand(0, RING)
    sc.play_relic(0, ring)
    assert sc.zone_of(ring) == (1, "relics")
    assert sc.score(0) == 0 and sc.score(1) == -2
    ev = sc.events()
    gift = ev[(ev.kind == "acquire") & (ev.card_id == 1011)]
    assert list(gift.seat) == [1] and list(gift.how) == ["gift"]


def test_1011_the_policy_plays_the_ring_at_the_opponent_who_leads(encoded_cardset):
    """Three players: seat 2 leads on printed VP; the Ring costs them 2 VP and locks their Armor slot.
    It is never kept to score -2 for its holder."""
    sc = _scenario(encoded_cardset, players=3)
    ring = sc.hand(0, RING)
    sc.hand(0, "Pegasus Seiya (civilian)")
    sc.put(1, "discard", "Canis Major Sirius")  # 2 VP
    sc.put(2, "discard", "Whale Moses")  # 3 VP
    assert sc.step(0) == ("play_relic", ring, -1)
    assert sc.zone_of(ring) == (2, "relics")


def test_1011_ring_locks_equipping_but_an_equipped_cloth_stays(encoded_cardset):
    """Its holder keeps the Armor already equipped (and may use it), but cannot equip another:
    no equip action, and the engine refuses one; a Cloth in hand cannot be used either (using it
    would equip it)."""
    sc = _scenario(encoded_cardset)
    equipped = sc.put(1, "cloth", "Pegasus Cloth")
    sc.put(1, "relics", RING)
    sc.field(0, "Cassios")
    spare = sc.hand(1, "Libra Cloth")
    assert sc.zone_of(equipped) == (1, "cloth")
    assert "equip" not in _kinds(sc.legal_actions(1))
    with pytest.raises(AssertionError):
        sc.equip(1, spare)
    sc.cloth_fights(1, 0)  # the equipped Cloth is still used
    assert sc.zone_of(equipped) == (1, "play")
    sc2 = _scenario(encoded_cardset)
    sc2.put(1, "relics", RING)
    libra = sc2.hand(1, "Libra Cloth")
    assert "equip" not in _kinds(sc2.legal_actions(1)) and not _try_use(sc2, 1, libra)
    assert sc2.zone_of(libra) == (1, "hand")


def test_1011_under_the_ring_an_effect_that_equips_does_nothing(encoded_cardset):
    """ASG-23: Andromeda Shun ◆'s Marked (equip a ▲ or ◆ Cloth from the discard pile) does nothing
    under the Ring: the Cloth stays in the discard pile, the equipped one stays."""
    sc = _scenario(encoded_cardset)
    sc.put(0, "relics", RING)
    equipped = sc.put(0, "cloth", "Dragon Cloth")
    cloth = sc.put(0, "discard", "Andromeda Cloth")
    shun = sc.put(0, "wounded", "Andromeda Shun (Asgard)")
    sc.trigger("marked", shun, seat=0)
    assert sc.zone_of(cloth) == (0, "discard") and sc.zone_of(equipped) == (0, "cloth")
    sc2 = _scenario(encoded_cardset)
    sc2.put(0, "cloth", "Dragon Cloth")
    cloth2 = sc2.put(0, "discard", "Andromeda Cloth")
    shun2 = sc2.put(0, "wounded", "Andromeda Shun (Asgard)")
    sc2.trigger("marked", shun2, seat=0)
    assert sc2.zone_of(cloth2) == (0, "cloth")


def test_1011_facing_the_ring_with_5_strength_puts_it_into_its_holders_discard_pile(encoded_cardset):
    """A fight (R3): Characters from hand face the Ring; 3 Strength do not beat it, 5 do. It goes to
    the discard pile of the player who faced it, now a card of their deck, and its fighters are
    discarded; the Armor slot is free again."""
    sc = _scenario(encoded_cardset)
    ring = sc.put(1, "relics", RING)
    shura = sc.hand(1, "Capricorn Shura")  # 3 Strength
    moses = sc.hand(1, "Whale Moses")  # 2 Strength
    cloth = sc.hand(1, "Pegasus Cloth")
    at = sc.relic_slot(1, ring)
    assert ("play", shura, at) in sc.legal_actions(1)
    sc.play(1, shura, at)
    assert ("acquire", at, 0) not in sc.legal_actions(1)
    with pytest.raises(AssertionError):
        sc.acquire(1, at)
    sc.play(1, moses, at)
    assert ("acquire", at, 0) in sc.legal_actions(1)
    sc.acquire(1, at)
    assert sc.zone_of(ring) == (1, "discard")
    assert sc.zone_of(shura) == (1, "discard") and sc.zone_of(moses) == (1, "discard")
    assert ("equip", cloth, -1) in sc.legal_actions(1)
    assert sc.score(1) == 6 + 3 - 2  # the Ring still scores -2: it is a card of their deck
    assert "relic_won" in sc.log_kinds()


def test_1011_a_ring_beaten_is_played_again_at_an_opponent(encoded_cardset):
    """It then belongs to their deck: drawn, it is played like any Relic, to an opponent."""
    sc = _scenario(encoded_cardset)
    ring = sc.hand(1, RING)
    sc.play_relic(1, ring)
    assert sc.zone_of(ring) == (0, "relics")


def test_1011_only_its_holder_faces_the_ring(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.put(1, "relics", RING)
    sc.hand(0, "Capricorn Shura")
    assert all(a[2] < E.N_SLOTS for a in sc.legal_actions(0) if a[0] == "play")


def test_1011_arrival_the_active_player_gives_the_ring_and_the_slot_refills(encoded_cardset):
    """Revealed during a refill, the Ring goes to an opponent of the active player (seat 0 here), as
    Gigas goes to a discard pile; the refill goes on and fills its slot."""
    sc = _scenario(encoded_cardset)
    sc.reserve("Cassios", RING)  # the Ring on top
    sc.upkeep(0)
    ring = next(i for i in sc.insts(1, "relics"))
    assert sc.name_of(ring) == RING
    assert sc.field_names()[5] == "Cassios"


def test_1011_a_frozen_ring_locks_nothing(encoded_cardset):
    """ASG-16: a marked Relic is an ordinary marked card, its text off: its holder may equip, and
    it cannot be faced; it still scores -2."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "frozen", RING)
    cloth = sc.hand(1, "Pegasus Cloth")
    sc.hand(1, "Capricorn Shura")
    acts = sc.legal_actions(1)
    assert ("equip", cloth, -1) in acts and all(a[2] < E.N_SLOTS for a in acts if a[0] == "play")
    assert sc.score(1) == 6 - 2


def test_1011_the_policy_beats_the_ring_with_cards_it_would_not_use(encoded_cardset):
    """With nothing to buy, the heuristic faces its Ring with 5 Strength of cards it would not keep
    (the Ring then sits in its deck, to be played at an opponent later) and equips the Cloth it
    unlocks. Cards it would keep (Capricorn Shura, 6 VP) it does not spend so."""
    sc = _scenario(encoded_cardset)
    ring = sc.put(0, "relics", RING)
    shura = sc.hand(0, "Capricorn Shura")
    sc.hand(0, *["Dragon Shiryu (civilian)"] * 5, "Pegasus Cloth")
    acts = []
    for _ in range(12):
        act = sc.step(0)
        acts.append(act[0])
        if act[0] == "end":
            break
    assert sc.zone_of(ring) == (0, "discard")
    assert sc.names(0, "cloth") == ["Pegasus Cloth"] and sc.zone_of(shura) == (0, "hand")
    assert acts[:6] == ["play"] * 5 + ["acquire"] and "equip" in acts


def test_1011_the_policy_does_not_face_the_ring_without_enough_strength(encoded_cardset):
    sc = _scenario(encoded_cardset)
    ring = sc.put(0, "relics", RING)
    sc.hand(0, *["Dragon Shiryu (civilian)"] * 4, "Pegasus Cloth")
    assert sc.step(0)[0] == "end"
    assert sc.zone_of(ring) == (0, "relics")


# --- Balmung (#1012) --------------------------------------------------------------------------------
def test_1012_balmung_costs_1_cosmos_less_per_sapphire_at_least_1(encoded_cardset):
    sc = _scenario(encoded_cardset)
    sc.field(0, BALMUNG)
    assert sc.cost(0, 0, "cosmos") == 9 and sc.cost(0, 0, "strength") == 0
    sc.st.g[G_SAPPHIRES] = 3
    assert sc.cost(0, 0, "cosmos") == 6
    sc.st.g[G_SAPPHIRES] = 7
    assert sc.cost(0, 0, "cosmos") == 2
    sc.field(5, "Cassios")
    sc2 = _scenario(encoded_cardset)
    sc2.field(5, BALMUNG)  # the last slot: 1 less again, and never below 1 (GEN-15)
    sc2.st.g[G_SAPPHIRES] = 7
    assert sc2.cost(0, 5, "cosmos") == 1


def test_1012_balmung_destroys_its_users_own_ring_and_stays_frozen_with_them(encoded_cardset):
    """Freeze: the Ring in the user's play area is destroyed (2 VP back, the Armor slot free);
    Balmung, frozen, stays with its user (the Ring was theirs)."""
    sc = _scenario(encoded_cardset)
    ring = sc.put(0, "relics", RING)
    balmung = sc.put(0, "relics", BALMUNG)
    before = sc.score(0)
    sc.use(0, balmung)
    assert sc.zone_of(ring) == (0, "destroyed")
    assert sc.zone_of(balmung) == (0, "frozen") and sc.freeze_side(balmung) == 2
    assert sc.score(0) == before + 2


def test_1012_balmung_destroys_an_opponents_rare_cloth_and_goes_to_their_marked_area(encoded_cardset):
    """A ★ Cloth in an opponent's discard pile is destroyed; Balmung, frozen, moves to that
    player's marked area (its 2 VP with it); a ▲ Cloth is no target."""
    sc = _scenario(encoded_cardset)
    aries = sc.put(1, "discard", "Aries Cloth")
    bronze = sc.put(1, "discard", "Dragon Cloth")
    balmung = sc.put(0, "relics", BALMUNG)
    sc.use(0, balmung)
    assert sc.zone_of(aries) == (1, "destroyed") and sc.zone_of(bronze) == (1, "discard")
    assert sc.zone_of(balmung) == (1, "frozen") and sc.freeze_side(balmung) == 2
    assert sc.score(0) == 0 and sc.score(1) == 2


def test_1012_balmung_destroys_a_relic_in_an_opponents_play_area(encoded_cardset):
    sc = _scenario(encoded_cardset)
    ring = sc.put(1, "relics", RING)
    balmung = sc.put(0, "relics", BALMUNG)
    sc.use(0, balmung)
    assert sc.zone_of(ring) == (1, "destroyed") and sc.zone_of(balmung) == (1, "frozen")


def test_1012_balmung_without_a_target_cannot_be_used(encoded_cardset):
    """No Relic in play, no ★ Cloth in a discard pile: the Freeze use would do nothing (ASG-21), the
    rules do not offer it."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "discard", "Dragon Cloth")
    sc.put(0, "discard", "Cassios")
    balmung = sc.put(0, "relics", BALMUNG)
    assert not _try_use(sc, 0, balmung)
    assert sc.zone_of(balmung) == (0, "relics")


def test_1012_a_frozen_balmung_cannot_be_used(encoded_cardset):
    """ASG-16: marked, its text is off (a healed card goes to the discard pile, ASG-14); it still
    scores its 2 VP."""
    sc = _scenario(encoded_cardset)
    sc.put(1, "relics", RING)
    balmung = sc.put(0, "frozen", BALMUNG)
    assert not [a for a in sc.legal_actions(0) if a[1] == balmung and a[0] == "use"]
    assert not _try_use(sc, 0, balmung)
    assert sc.score(0) == 2


def test_1012_the_policy_uses_balmung_on_its_own_ring(encoded_cardset):
    sc = _scenario(encoded_cardset)
    ring = sc.put(0, "relics", RING)
    balmung = sc.put(0, "relics", BALMUNG)
    assert sc.step(0) == ("use", balmung, E.T_FREEZE_USE)
    assert sc.zone_of(ring) == (0, "destroyed") and sc.zone_of(balmung) == (0, "frozen")


def test_1012_the_policy_picks_its_own_ring_over_an_opponents_cloth(encoded_cardset):
    """Both a target of the "or": the heuristic destroys the one worth most to it, its own Ring
    (and keeps Balmung), not the opponent's Cloth (which would hand them Balmung)."""
    sc = _scenario(encoded_cardset)
    ring = sc.put(0, "relics", RING)
    aries = sc.put(1, "discard", "Aries Cloth")
    balmung = sc.put(0, "relics", BALMUNG)
    sc.step(0)
    assert sc.zone_of(ring) == (0, "destroyed") and sc.zone_of(aries) == (1, "discard")
    assert sc.zone_of(balmung) == (0, "frozen")


def test_1012_the_policy_never_frees_an_opponent_of_the_ring(encoded_cardset):
    """The opponent's Ring costs them 2 VP and their Armor slot: Balmung is not spent on it."""
    sc = _scenario(encoded_cardset)
    ring = sc.put(1, "relics", RING)
    balmung = sc.put(0, "relics", BALMUNG)
    assert sc.step(0)[0] == "end"
    assert sc.zone_of(ring) == (1, "relics") and sc.zone_of(balmung) == (0, "relics")


# --- Games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["random", "tuned"])
def test_1011_1012_relics_are_played_in_games_keeping_the_invariants(encoded_cardset, policy):
    """Games with the Relics in the reserve: every action legal, every card somewhere, and the Relics
    played."""
    res = sim.play(150, players=2, seed=3, cardset=str(encoded_cardset), check_invariants=True, events="full",
                   policies=(policy,))
    g, ev = res.games, res.events
    assert int(g.violations.sum()) == 0 and int(g.illegal_actions.sum()) == 0
    relics = ev[ev.card_id.isin([1011, 1012])]
    assert (relics.kind == "relic").any() or (relics.kind == "acquire").any()
