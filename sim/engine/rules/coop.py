"""The co-operative mode's board (COOP-1..20): seven piles around the Main Breadwinner, the
Submersion marker and the water, the Hero markers, and what Poseidon collects.

The piles are the common zones Z_PILE + i, i = 0..6 clockwise: face-down cards, the bottom one the
General guarding the pile's Pillar (g[G_PILE_PILLAR + i]: that Pillar + 1, set aside until its
General is defeated). A pile's face-up top is off its zone, on the field. The field runs from the
first space, position 0 (the pile next counterclockwise of the Submersion marker), to the last,
position 6 (the next clockwise, where Poseidon goes next; COOP-6). The marker stands in gap
g[G_GAP], between piles G_GAP - 1 and G_GAP: the pile at position pos is (G_GAP - 1 - pos) mod 7.
Moving one gap clockwise, the marker passes the last space's pile, which becomes the first: the
field turns by one. Gap 0 is the starting gap. A player's Hero marker stands at a pile
(pl[p, PL_MARKER]); the player fights only there (COOP-4). A face-up card on a pile whose zone is
empty is its last card, the General: no effect moves it (COOP-5).

Poseidon holds the seat after the players' (g[G_POSEIDON] - 1). The Main Breadwinner is its
draw-pile zone, its top 5 cards its hand zone (the top of the hand is the top of the Breadwinner);
its marked cards are in its marked zones; its discard and destroyed piles are the Abysses, the
field discard; its draws come from the reserve (COOP-19).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import GIFT_HERO_CARDS, GIFT_STRICT, R_COOP_GIFT_RULE
from sim.engine.rules.zones import field_slot, log_event, move_to, place_on_field, push_pending, take_top, zone_push
from sim.engine.state import G_TURN, G_EPIC, G_GAP, G_SAPPHIRES, P_EXIT, PL_GIFTS, PL_VP_TOKENS, G_LAST_PLAYER, G_PILE_PILLAR, G_POSEIDON, G_WATER, P_ARRIVAL, P_EPIC_ARRIVAL, PL_MARKER

N_PILES = 7
START_GAP = 0
POSEIDON_HAND = 5  # its hand: the top 5 cards of the Main Breadwinner (COOP-19)
GIFT_HAND_LIMIT = 10  # a player holding this many cards receives none (COOP-7)


@kernel
def poseidon_seat(s):
    """Poseidon's seat, or -1 outside the co-operative mode."""
    return s.g[G_POSEIDON] - 1


@kernel
def pile_at(s, pos):
    """The pile at field position pos."""
    return (s.g[G_GAP] - 1 - pos) % N_PILES


@kernel
def pos_of(s, pile):
    """The field position of a pile."""
    return (s.g[G_GAP] - 1 - pile) % N_PILES


@kernel
def pile_size(s, pile):
    """The face-down cards of a pile (its face-up top, if any, is on the field)."""
    return s.zone_n[E.COMMON, E.Z_PILE + pile]


@kernel
def is_last_general(s, inst):
    """Is inst a pile's last card, face up: its General, which only a fight defeats (COOP-5)?"""
    if s.g[G_POSEIDON] == 0:
        return False
    pos = field_slot(s, inst)
    return pos >= 0 and pile_size(s, pile_at(s, pos)) == 0


@kernel
def faced_pos(s, p):
    """The field position of the pile p's Hero marker faces."""
    return pos_of(s, s.pl[p, PL_MARKER])


@kernel
def faced_pillar(s, p):
    """The revealed Pillar of the pile p faces, or -1."""
    pillar = s.g[G_PILE_PILLAR + s.pl[p, PL_MARKER]] - 1
    if pillar >= 0 and s.inst_row[pillar] == E.COMMON and s.inst_zone[pillar] == E.Z_PILLAR_ROW:
        return pillar
    return -1


@kernel
def may_face(s, c, p, target):
    """COOP-4: p faces only the face-up top card or the revealed Pillar of the pile its marker faces
    (a card off the field an effect opens to it aside)."""
    pos = field_slot(s, target)
    if pos >= 0:
        return pos == faced_pos(s, p)
    if c.classes[c.inst_card[target]] & E.CLASS_PILLAR:
        return target == faced_pillar(s, p)
    return True


@kernel
def faced_by_a_player(s, pile):
    for p in range(s.g[G_POSEIDON] - 1):  # the players: the seats before Poseidon's
        if s.pl[p, PL_MARKER] == pile:
            return True
    return False


@kernel
def turn_top_up(s, c, pos, seat):
    """The face-down top of the pile at pos is turned face up onto the field; its instance, or -1
    (a face-up top already, or an empty pile). The caller applies its Arrival or not (COOP-8);
    before the first turn, it is a setup reveal (R5)."""
    pile = pile_at(s, pos)
    if s.field[pos] >= 0 or pile_size(s, pile) == 0:
        return -1
    n = pile_size(s, pile)
    inst = s.zone[E.COMMON, E.Z_PILE + pile, n - 1]
    take_top(s, E.COMMON, E.Z_PILE + pile)
    place_on_field(s, inst, pos)
    log_event(s, c, E.EV_REVEAL, seat, inst, pos, 1 if s.g[G_TURN] == 0 else 0)
    return inst


@kernel
def announce(s, c, inst, seat):
    """A card revealed on the field in play: its Arrival is pending, then the Epic's card_arrival
    program (as `field.reveal` does)."""
    epic = s.g[G_EPIC] - 1
    if epic >= 0 and c.prog[c.inst_card[epic], E.T_CARD_ARRIVAL, 1] > 0:
        push_pending(s, P_EPIC_ARRIVAL, inst, seat, 0, 0)
    if c.prog[c.inst_card[inst], E.T_ARRIVAL, 1] > 0:
        push_pending(s, P_ARRIVAL, inst, seat, 0, 0)


@kernel
def reveal_faced_tops(s, c, arrival):
    """COOP-8: the face-down top of each pile a Hero marker faces turns face up, clockwise from the
    Submersion marker (the last space first); with `arrival`, its Arrival applies, aimed at the
    last player who played (the end of Poseidon's phase); without, none (setup)."""
    for pos in range(N_PILES - 1, -1, -1):
        if faced_by_a_player(s, pile_at(s, pos)):
            inst = turn_top_up(s, c, pos, -1)
            if inst >= 0 and arrival:
                announce(s, c, inst, s.g[G_LAST_PLAYER])


@kernel
def reveal_for(s, c, p):
    """COOP-8, in the player phase: the face-down top of the pile p faces turns face up at once,
    its Arrival for p."""
    inst = turn_top_up(s, c, faced_pos(s, p), p)
    if inst >= 0:
        announce(s, c, inst, p)


@kernel
def complete_faced(s, c, seat):
    """COOP-9, completing the field: each pile a Hero marker faces whose top is face down gets the
    reserve's top card, face up, its Arrival applying; an empty pile gets none."""
    for pos in range(N_PILES - 1, -1, -1):
        pile = pile_at(s, pos)
        n = s.zone_n[E.COMMON, E.Z_RESERVE]
        if s.field[pos] < 0 and pile_size(s, pile) > 0 and faced_by_a_player(s, pile) and n > 0:
            inst = s.zone[E.COMMON, E.Z_RESERVE, n - 1]
            take_top(s, E.COMMON, E.Z_RESERVE)
            place_on_field(s, inst, pos)
            log_event(s, c, E.EV_REVEAL, seat, inst, pos, 0)
            announce(s, c, inst, seat)


@kernel
def tidy_poseidon(s, c):
    """Poseidon's discarded and destroyed cards join the Abysses; its hand is the Breadwinner's top 5."""
    h = poseidon_seat(s)
    for z in (E.Z_DISCARD, E.Z_DESTROYED, E.Z_PLAY):
        while s.zone_n[h, z] > 0:
            move_to(s, s.zone[h, z, s.zone_n[h, z] - 1], E.COMMON, E.Z_BF_DISCARD)
    tidy_breadwinner(s)


@kernel
def turn_board(s):
    """The Submersion marker moves one gap clockwise: the last space's pile becomes the first."""
    last = s.field[N_PILES - 1]
    for pos in range(N_PILES - 1, 0, -1):
        s.field[pos] = s.field[pos - 1]
    s.field[0] = last
    s.g[G_GAP] = (s.g[G_GAP] + 1) % N_PILES


@kernel
def water_down(s, c, seat):
    """A Pillar destroyed lowers the water by 1, not below 0 (COOP-2)."""
    if s.g[G_WATER] > 0:
        s.g[G_WATER] -= 1
    log_event(s, c, E.EV_WATER, seat, -1, s.g[G_WATER], -1)


@kernel
def poseidon_gains(s, c, inst):
    """inst, off wherever it was, goes face up on top of the Main Breadwinner: the top of
    Poseidon's hand; the hand's 6th card goes down into the rest of the Breadwinner."""
    h = poseidon_seat(s)
    move_to(s, inst, h, E.Z_HAND)
    log_event(s, c, E.EV_MB, h, inst, 0, 0)
    tidy_breadwinner(s)


@kernel
def tidy_breadwinner(s):
    """Poseidon's hand is the top 5 of the Breadwinner: too many, the lowest goes down; too few,
    the top of the rest comes up under it. The Breadwinner's order stays."""
    h = poseidon_seat(s)
    while s.zone_n[h, E.Z_HAND] > POSEIDON_HAND:
        low = s.zone[h, E.Z_HAND, 0]
        n = s.zone_n[h, E.Z_HAND]
        for j in range(n - 1):
            s.zone[h, E.Z_HAND, j] = s.zone[h, E.Z_HAND, j + 1]
        s.zone[h, E.Z_HAND, n - 1] = -1
        s.zone_n[h, E.Z_HAND] = n - 1
        zone_push(s, h, E.Z_DRAW, low)
    while s.zone_n[h, E.Z_HAND] < POSEIDON_HAND and s.zone_n[h, E.Z_DRAW] > 0:
        up = s.zone[h, E.Z_DRAW, s.zone_n[h, E.Z_DRAW] - 1]
        take_top(s, h, E.Z_DRAW)
        n = s.zone_n[h, E.Z_HAND]
        for j in range(n, 0, -1):
            s.zone[h, E.Z_HAND, j] = s.zone[h, E.Z_HAND, j - 1]
        s.zone[h, E.Z_HAND, 0] = up
        s.zone_n[h, E.Z_HAND] = n + 1
        s.inst_row[up] = h
        s.inst_zone[up] = E.Z_HAND


@kernel
def giftable(s, c, inst):
    """COOP-7: may this card be given (`coop_gift_rule`)? 'literal': not a ★ or ◆ card, a ▲ Hero
    card nor a ▲ Armor; 'hero_cards': not a ★, ◆ or ▲ Hero card nor a Bronze Armor; 'strict': as
    'literal', nor a ● Hero."""
    k = c.inst_card[inst]
    rank, cls = c.ranks[k], c.classes[k]
    hero = (cls & E.CLASS_HERO) != 0
    rule = s.rules[R_COOP_GIFT_RULE]
    if rule == GIFT_HERO_CARDS:
        return not ((hero and rank & (E.RANK_RARE | E.RANK_UNCOMMON | E.RANK_COMMON))
                    or cls & E.CLASS_BRONZE_CLOTH)
    if rank & (E.RANK_RARE | E.RANK_UNCOMMON):
        return False
    if rank & E.RANK_COMMON and (hero or cls & E.CLASS_CLOTH):
        return False
    return not (rule == GIFT_STRICT and hero)


@kernel
def may_receive(s, p, q):
    """COOP-7: may p give a card to q now? Any number to a player at the same pile, one a turn to a
    player at an adjacent pile; never to a player holding 10 cards or more."""
    if q == p or q < 0 or q >= s.g[G_POSEIDON] - 1 or s.zone_n[q, E.Z_HAND] >= GIFT_HAND_LIMIT:
        return False
    gap = (s.pl[q, PL_MARKER] - s.pl[p, PL_MARKER]) % N_PILES
    if gap == 0:
        return True
    return (gap == 1 or gap == N_PILES - 1) and not (s.pl[p, PL_GIFTS] >> q) & 1


@kernel
def give(s, c, p, inst, q):
    """p gives inst, a card of its hand, to q: it joins q's hand and deck (not an acquisition)."""
    if (s.pl[q, PL_MARKER] - s.pl[p, PL_MARKER]) % N_PILES != 0:
        s.pl[p, PL_GIFTS] |= 1 << q
    move_to(s, inst, q, E.Z_HAND)
    log_event(s, c, E.EV_GIFT, p, inst, q, 0)


@kernel
def faced_target(s, p):
    """What p's marker faces: its pile's face-up top, else the pile's revealed Pillar, else -1."""
    t = s.field[faced_pos(s, p)]
    return t if t >= 0 else faced_pillar(s, p)


@kernel
def general_defeated(s, c, inst, p):
    """COOP-5: p defeated inst, the last General of its pile (its Defeated effect has applied): p
    takes its +1 VP tokens, it joins the Abysses, its Exit applying to the players only (twice once
    the statue has flipped), and its Pillar is revealed: the empty pile's whose Pillar is still
    aside (every other empty pile's is revealed or destroyed)."""
    s.pl[p, PL_VP_TOKENS] += s.inst_vp[inst]
    s.inst_vp[inst] = 0
    if c.prog[c.inst_card[inst], E.T_EXIT, 1] > 0:
        for _ in range(2 if s.g[G_SAPPHIRES] >= E.SAPPHIRE_SPACES else 1):
            push_pending(s, P_EXIT, inst, p, s.g[G_POSEIDON], 0)
    move_to(s, inst, E.COMMON, E.Z_BF_DISCARD)
    log_event(s, c, E.EV_FIELD_OUT, p, inst, -1, E.OUT_DEFEATED)
    for pile in range(N_PILES):
        pillar = s.g[G_PILE_PILLAR + pile] - 1
        if pillar >= 0 and pile_size(s, pile) == 0 and s.field[pos_of(s, pile)] < 0 \
                and s.inst_row[pillar] == E.COMMON and s.inst_zone[pillar] == E.Z_PILLARS_ASIDE:
            move_to(s, pillar, E.COMMON, E.Z_PILLAR_ROW)
            log_event(s, c, E.EV_PILLAR, p, pillar, 0, 0)
            return


@kernel
def pillars_left(s):
    """The Pillars not destroyed (COOP-15: 5 VP each for Poseidon)."""
    n = 0
    for pile in range(N_PILES):
        pillar = s.g[G_PILE_PILLAR + pile] - 1
        if pillar >= 0 and not (s.inst_row[pillar] < E.MAX_SEATS and s.inst_zone[pillar] == E.Z_PILLARS):
            n += 1
    return n


@kernel
def release_moved_fighters(s):
    """COOP-4: a card swapped onto another pile is out of reach of the cards that faced it from
    their player's pile: they face nothing now (in play until the upkeep)."""
    for p in range(s.g[G_POSEIDON] - 1):
        here = s.field[faced_pos(s, p)]
        for j in range(s.zone_n[p, E.Z_PLAY]):
            x = s.zone[p, E.Z_PLAY, j]
            t = s.inst_facing[x]
            if t >= 0 and s.inst_zone[t] == E.Z_BATTLEFIELD and t != here:
                s.inst_facing[x] = -1
