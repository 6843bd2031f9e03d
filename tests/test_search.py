"""The search policy: it plays each action on in games dealt again from what its seat can see,
never from the hidden cards, reproducibly, and it is the stronger player."""
import sim
from sim.engine import enums as E
from sim.engine.policies import search
from sim.engine.rng import seed_game
from sim.scenario import Scenario

FIELD = ("Cassios", "Unicorn Jabu", "Eagle Marin", "Black Dragon", "Sea Serpent", "Phaeton")
OWN_HAND = ("Pegasus Seiya (civilian)", "Pegasus Seiya (civilian)", "Pegasus Seiya", "Pegasus Cloth", "Wolf Nachi")
OWN_DRAW = ("Pegasus Seiya (civilian)", "Lionet Ban", "Bear Geki", "Pegasus Seiya (civilian)")
OPPONENT = ("Dragon Shiryu (civilian)", "Dragon Shiryu", "Hydra Ichi", "Jaki", "Dragon Cloth", "Oko", "Ophiuchus Shaina")
RESERVE = ("Gigas", "Crystal Saint", "Centaurus Babel", "Canis Major Sirius", "Black Andromeda", "Peacock Shiva")


def scenario(opponent_hand, opponent_draw, own_draw, reserve):
    sc = Scenario(policies=("search", "value"), seed=4)
    for slot, name in enumerate(FIELD):
        sc.field(slot, name)
    sc.hand(0, *OWN_HAND)
    for name in own_draw:
        sc.put(0, "draw", name)
    sc.hand(1, *opponent_hand)
    for name in opponent_draw:
        sc.put(1, "draw", name)
    sc.reserve(*reserve)
    return sc


def spare(sc, i):
    """The view of the state's i-th spare state (what the kernels are given) and its arrays."""
    view = next(v for v in sc.s.parts if v.address == sc.st.spares[i])
    return view, view.table


def test_the_hidden_cards_are_dealt_again_from_what_the_seat_can_see():
    sc = scenario(OPPONENT[:5], OPPONENT[5:], OWN_DRAW, RESERVE)
    view, work = spare(sc, 1)
    seen = {"opponent hands": set(), "own draw orders": set(), "reserve orders": set()}
    for r in range(8):
        search.start_playing_on(sc.s, sc.c, 0, view)
        seed_game(work.rng, 99, r)
        search.determinize(view, sc.c, 0)
        hand = list(work.zone[1, E.Z_HAND, :work.zone_n[1, E.Z_HAND]])
        draw = list(work.zone[1, E.Z_DRAW, :work.zone_n[1, E.Z_DRAW]])
        # the opponent's own cards, as many in hand as before; what seat 0 sees unchanged
        assert sorted(hand + draw) == sorted(sc.insts(1, "hand") + sc.insts(1, "draw")) and len(hand) == 5
        assert all(work.inst_zone[i] == E.Z_HAND for i in hand) and all(work.inst_zone[i] == E.Z_DRAW for i in draw)
        assert list(work.zone[0, E.Z_HAND, :5]) == sc.insts(0, "hand") and list(work.field) == list(sc.st.field)
        seen["opponent hands"].add(tuple(sorted(hand)))
        seen["own draw orders"].add(tuple(work.zone[0, E.Z_DRAW, :len(OWN_DRAW)]))
        seen["reserve orders"].add(tuple(work.zone[E.COMMON, E.Z_RESERVE, :len(RESERVE)]))
    assert all(len(v) > 1 for v in seen.values()), {k: len(v) for k, v in seen.items()}  # dealt again, not left where they lay
    assert list(sc.st.zone[1, E.Z_HAND, :5]) == sc.insts(1, "hand")  # and the game itself untouched


def test_the_decision_does_not_depend_on_where_the_hidden_cards_lie():
    """The same visible game with the hidden cards elsewhere (the opponent's hand and draw pile
    swapped, the draw pile and the reserve in another order): the same actions."""
    a = scenario(OPPONENT[:5], OPPONENT[5:], OWN_DRAW, RESERVE)
    b = scenario(OPPONENT[2:], OPPONENT[:2], OWN_DRAW[::-1], RESERVE[::-1])
    assert a.names(1, "hand") != b.names(1, "hand")
    assert [a.step(0) for _ in range(4)] == [b.step(0) for _ in range(4)]


def test_it_is_reproducible_and_its_games_do_not_depend_on_the_batch():
    one = sim.play(6, seed=8, policies=("search", "value"))
    again = sim.play(3, seed=8, policies=("search", "value"), first_game=3)
    assert one.players.equals(sim.play(6, seed=8, policies=("search", "value")).players)
    tail = one.players[one.players.game >= 3].reset_index(drop=True)
    assert tail.equals(again.players.reset_index(drop=True))


def test_it_beats_the_value_policy():
    res = sim.play(40, seed=21, policies=("search", "value"))
    share = res.players.groupby("policy", observed=True)["win_share"].mean()
    assert share["search"] > 0.6, share
