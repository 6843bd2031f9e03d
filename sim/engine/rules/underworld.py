"""Hades's Underworld: its five spaces, the Styx, the Gate tokens, the Hero markers, the Souls
and the Shackle piles, and the fights and placements they offer (hades.txt; HAD-2..6, HAD-16..18,
HAD-22, HAD-25, HAD-27). The annihilation itself runs card programs: it is in
sim/engine/resolution/actions.py (`annihilate`).

    Styx ─▶ [Elysion][space 2][space 3][space 4][the Gate] ─▶ case C: the active player's Shackle pile
    index:    0        1        2        3        4
                                                  holds tokens, then a card

Cards come from the Styx onto the right-most free spaces and slide right at each upkeep (step 4,
`prepare_underworld`). A card on a space at or right of any Hero marker is face up (HAD-5); the
markers start on the Gate, so nothing is face up at setup.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import (BONUSES_NONE, BONUSES_TO_GATE, BONUSES_VP_FIRST, ELYSION_ANY_DIAMOND,
                               GRADE_TOKENS_CASE_C_ONLY, GRADE_TOKENS_GATE_ONLY, R_HADES_CLOCK_FLAMES,
                               R_HADES_ELYSION_CARD, R_HADES_GATE_TOKENS, R_HADES_GRADE_TOKENS_ON,
                               R_HADES_SHACKLE_FREE_ANY, R_HADES_SOUL_POOL, R_HADES_SPACE_BONUSES)
from sim.engine.rules.field import statue_flipped
from sim.engine.rules.fight import fight_totals
from sim.engine.rules.zones import (banned, detach_fighters, discard_fighters, hades_rules, log_event, move_to,
                                    push_pending, rules_sum, shuffle_zone, take_top, trial_event, underworld_reach,
                                    zone_insert, zone_remove)
from sim.engine.state import (G_ATHENA, G_DUEL, G_FLAMES, G_GATE_TOKENS, G_HADES, G_LAST_FLAMES_SEEN, G_NPLAYERS, G_SOUL_POOL, P_EXIT,
                              P_PROGRAM, P_SHACKLE, PL_AWAKENING, PL_HERO, PL_SENSES, PL_SOULS, PL_SPACE)


@kernel
def setup_underworld(s, c, n_players):
    """HAD-25, once the Styx cards are in the Styx: the Clock's flames (HAD-20), the Styx shuffled
    and 4 cards face down on spaces 1-4, the Gate's tokens, every marker on the Gate, each player's
    5th Sense and Awakening, and seat k's k Souls from the pool (HAD-16). Nothing happens without
    Styx cards."""
    if s.zone_n[E.COMMON, E.Z_STYX] == 0:
        return
    s.g[G_HADES] = 1
    s.g[G_FLAMES] = s.g[G_LAST_FLAMES_SEEN] = s.rules[R_HADES_CLOCK_FLAMES]
    shuffle_zone(s, E.COMMON, E.Z_STYX)
    for space in range(E.GATE - 1, -1, -1):
        deal(s, c, space)
    s.g[G_GATE_TOKENS] = s.rules[R_HADES_GATE_TOKENS] * n_players
    s.g[G_SOUL_POOL] = s.rules[R_HADES_SOUL_POOL] if s.rules[R_HADES_SOUL_POOL] > 0 else -1
    for p in range(n_players):
        s.pl[p, PL_SPACE] = E.GATE
        s.pl[p, PL_SENSES] = 1  # the 5th Sense and the Awakening, active (HAD-25)
        s.pl[p, PL_AWAKENING] = 1
        gain_souls(s, c, p, p)


@kernel
def gain_souls(s, c, p, n):
    """p gains n Souls, or what the pool has left (HAD-16), unless a rule bans it; returns the
    Souls gained."""
    if banned(s, c, p, E.BAN_SOULS):
        return 0
    if s.g[G_SOUL_POOL] >= 0:
        n = min(n, s.g[G_SOUL_POOL])
        s.g[G_SOUL_POOL] -= n
    if n > 0:
        s.pl[p, PL_SOULS] += n
        log_event(s, c, E.EV_SOULS, p, -1, n, s.pl[p, PL_SOULS])
        trial_event(s, p, E.EVT_GAIN_SOULS, -1)
    return n


@kernel
def deal(s, c, space):
    """The top Styx card onto an empty space, face down (`reveal_reachable` turns it up); -1 if
    the Styx is empty (HAD-4: there is no reshuffle)."""
    n = s.zone_n[E.COMMON, E.Z_STYX]
    if n == 0:
        return -1
    inst = s.zone[E.COMMON, E.Z_STYX, n - 1]
    take_top(s, E.COMMON, E.Z_STYX)
    s.under[space] = inst
    s.under_up[space] = False
    s.inst_row[inst] = E.COMMON
    s.inst_zone[inst] = E.Z_UNDERWORLD
    log_event(s, c, E.EV_UNDERWORLD, -1, inst, space, 0)
    return inst


@kernel
def leftmost_marker(s):
    """The space of the Hero marker nearest Elysion: every card at or right of it is face up."""
    m = E.GATE
    for p in range(s.g[G_NPLAYERS]):
        m = min(m, s.pl[p, PL_SPACE])
    return m


@kernel
def reveal_reachable(s, c, seat):
    """HAD-5: every face-down card at or right of a marker turns face up, and its Appearance
    resolves for the active player, right to left (the pending stack resolves its last push first)."""
    for space in range(leftmost_marker(s), E.UNDER_SPACES):
        inst = s.under[space]
        if inst >= 0 and not s.under_up[space]:
            s.under_up[space] = True
            log_event(s, c, E.EV_UNDER_UP, seat, inst, space, 0)
            if c.prog[c.inst_card[inst], E.T_APPEARANCE, 1] > 0:
                push_pending(s, P_PROGRAM, inst, E.T_APPEARANCE, 0, 0)


@kernel
def gate_tokens(s, c, n, seat):
    s.g[G_GATE_TOKENS] += n
    log_event(s, c, E.EV_GATE, seat, -1, n, s.g[G_GATE_TOKENS])


@kernel
def grade_tokens(s, c, inst, space, case_c, seat):
    """HAD-3: a Character that left the Underworld from `space` adds its Grade in Gate tokens,
    unless `hades_grade_tokens_on` limits them to the Gate or to case C."""
    on = s.rules[R_HADES_GRADE_TOKENS_ON]
    if (on == GRADE_TOKENS_GATE_ONLY and space != E.GATE) or (on == GRADE_TOKENS_CASE_C_ONLY and not case_c):
        return
    extra = hades_rules(s, c, -1, E.OP_EXTRA_GATE_TOKENS, -1, E.F_N, inst)  # `extra_gate_tokens` rules
    gate_tokens(s, c, c.grade[c.inst_card[inst]] + extra, seat)


@kernel
def shackle_top(s, p):
    """The top card of p's Shackle pile (there is one): the card whose Shackle effect applies (HAD-17)."""
    return s.zone[p, E.Z_SHACKLE, s.zone_n[p, E.Z_SHACKLE] - 1]


@kernel
def shackle(s, c, inst, p, how):
    """inst joins p's Shackle pile (HAD-17): above every card of a lower or equal Grade, below the
    higher ones, so the highest Grade is on top. Cards facing it stop facing it."""
    detach_fighters(s, inst)
    zone_remove(s, inst)
    g = c.grade[c.inst_card[inst]]
    at = s.zone_n[p, E.Z_SHACKLE]
    while at > 0 and c.grade[c.inst_card[s.zone[p, E.Z_SHACKLE, at - 1]]] > g:
        at -= 1
    zone_insert(s, p, E.Z_SHACKLE, at, inst)
    log_event(s, c, E.EV_SHACKLED, p, inst, at, how)


@kernel
def shift_and_complete(s, c, seat):
    """HAD-2: slide the cards right, in their order, up to the Gate if it holds neither a card
    nor a token (a card on the Gate stays); then fill the empty spaces from the Styx, right to
    left; then reveal what a marker reaches (HAD-5)."""
    last = E.GATE if s.under[E.GATE] < 0 and s.g[G_GATE_TOKENS] == 0 else E.GATE - 1
    dst = last
    for space in range(last, -1, -1):
        inst = s.under[space]
        if inst >= 0:
            if space != dst:
                s.under[dst] = inst
                s.under_up[dst] = s.under_up[space]
                s.under[space] = -1
                s.under_up[space] = False
                log_event(s, c, E.EV_UNDERWORLD, seat, inst, dst, 3 if s.under_up[dst] else 2)
            dst -= 1
    for space in range(dst, -1, -1):
        if deal(s, c, space) < 0:
            break
    reveal_reachable(s, c, seat)


@kernel
def prepare_underworld(s, c, p):
    """Upkeep step 4 (HAD-2), evaluated once. C: spaces 1-4 and the Gate all hold a card, and the
    Gate card shackles p (HAD-18). B: spaces 1-4 hold a card and the Gate holds tokens only: one
    token goes, and with the last one the cards shift. A: otherwise, the cards shift."""
    full = True
    for space in range(E.GATE):
        if s.under[space] < 0:
            full = False
    if full and s.under[E.GATE] >= 0:
        shackle_from_gate(s, c, p)
    elif full and s.g[G_GATE_TOKENS] > 0:
        gate_tokens(s, c, -1, p)
        if s.g[G_GATE_TOKENS] == 0:
            shift_and_complete(s, c, p)
    else:
        shift_and_complete(s, c, p)


@kernel
def shackle_from_gate(s, c, p):
    """Case C (HAD-18): the Gate card's Exit resolves (twice once the Odin statue flipped, GEN-3)
    while the card is still on the Gate; then `gate_card_shackles`, pending below the Exit."""
    inst = s.under[E.GATE]
    push_pending(s, P_SHACKLE, inst, p, 0, 0)
    if c.prog[c.inst_card[inst], E.T_EXIT, 1] > 0:
        push_pending(s, P_EXIT, inst, p, 0, 0)
        if statue_flipped(s):
            push_pending(s, P_EXIT, inst, p, 0, 0)


@kernel
def gate_card_shackles(s, c, inst, p):
    """Case C once the Exit resolved: the card joins p's Shackle pile, then its Grade goes on the
    Gate in tokens (if its Exit took it off the Gate, nothing more happens)."""
    if s.under[E.GATE] != inst:
        return
    shackle(s, c, inst, p, E.SHACKLE_GATE)
    grade_tokens(s, c, inst, E.GATE, True, p)


# --- Fights in the Underworld and in the Shackle piles, and placing with Souls ------------------

@kernel
def bonus_offered(s, p, space, bonus):
    """Does the space p annihilates on offer `bonus` (HAD-6)? Only p's own marker's space offers
    any, by the ladder of `hades_space_bonuses`: the Gate 1 bonus, one more per space toward
    Elysion (or the other way), in the order -1 Strength, Soul, VP token, Energy, draw."""
    ladder = s.rules[R_HADES_SPACE_BONUSES]
    if bonus == E.BONUS_NONE:
        return True
    if ladder == BONUSES_NONE or space != s.pl[p, PL_SPACE]:
        return False
    offered = space + 1 if ladder == BONUSES_TO_GATE else E.UNDER_SPACES - space
    rank = bonus - 1
    if ladder == BONUSES_VP_FIRST and (bonus == E.BONUS_SOUL or bonus == E.BONUS_VP):
        rank = E.BONUS_VP + E.BONUS_SOUL - bonus - 1  # the Soul and the VP token swap places
    return rank < offered


@kernel
def annihilation_need(s, c, t, bonus):
    """The Strength that annihilates t: its Strength cost, less its cut this turn (`underworld_cut`)
    and 1 with that bonus, at least 1 (HAD-22)."""
    return max(c.strength_cost[c.inst_card[t]] - s.inst_cut_str[t] - (1 if bonus == E.BONUS_STRENGTH else 0), 1)


@kernel
def annihilation_souls(s, c, p, t):
    """The Souls p gains for annihilating t: its Soul gain, and what the `annihilate_souls` rules
    of p's Relics in play (Shaka's Rosary) and of the Underworld cards add (HAD-26)."""
    extra = hades_rules(s, c, -1, E.OP_ANNIHILATE_SOULS, -1, E.F_N, t)
    for j in range(s.zone_n[p, E.Z_RELICS]):
        extra += rules_sum(c, s.zone[p, E.Z_RELICS, j], E.T_IN_PLAY, E.OP_ANNIHILATE_SOULS, -1, E.F_N)
    return c.soul_gain[c.inst_card[t]] + extra


@kernel
def annihilation_won(s, c, p, space, bonus):
    """Do p's fighters facing the card on `space` reach what annihilates it, with `bonus`?"""
    t = underworld_reach(s, p, space)
    return t >= 0 and bonus_offered(s, p, space, bonus) and fight_totals(s, c, t, p)[0] >= annihilation_need(s, c, t, bonus)


@kernel
def shackle_card(s, p, j):
    """The j-th card from the bottom of p's Shackle pile that p may face (HAD-17: any card, or only
    the top one without `hades_shackle_free_any`), else -1."""
    n = s.zone_n[p, E.Z_SHACKLE]
    if j >= n or (not s.rules[R_HADES_SHACKLE_FREE_ANY] and j != n - 1):
        return -1
    return s.zone[p, E.Z_SHACKLE, j]


@kernel
def shackle_won(s, c, p, j):
    """Do p's fighters facing the j-th card of its Shackle pile reach its Strength cost (at least 1)?"""
    t = shackle_card(s, p, j)
    return t >= 0 and fight_totals(s, c, t, p)[0] >= max(c.strength_cost[c.inst_card[t]], 1)


@kernel
def free_shackle_card(s, c, p, t, take_souls):
    """HAD-17: p's fighters reached the cost of t, a card of p's Shackle pile. p may gain its Soul
    gain while it is still in the pile (the top card's effect still applies); then it goes face
    down under the Styx, and the fighters are discarded. No Grade tokens; not an acquisition."""
    log_event(s, c, E.EV_FREED, p, t, 1 if take_souls else 0, 0)
    trial_event(s, p, E.EVT_FREE_SHACKLE, t)
    if take_souls:
        gain_souls(s, c, p, c.soul_gain[c.inst_card[t]])
    discard_fighters(s, c, p, t)
    zone_remove(s, t)
    zone_insert(s, E.COMMON, E.Z_STYX, 0, t)


@kernel
def soul_cost(s, c, t):
    """What placing t with Souls costs: its Soul cost, changed by the other Underworld cards'
    `soul_cost` rules, at least 1 (HAD-22)."""
    return max(c.soul_cost[c.inst_card[t]] + hades_rules(s, c, -1, E.OP_SOUL_COST, -1, E.F_A, t), 1)


@kernel
def may_place(s, c, p, space, q):
    """May p place the card on `space` onto q's Shackle pile with Souls (HAD-27)?"""
    t = underworld_reach(s, p, space)
    return t >= 0 and q != p and 0 <= q < s.g[G_NPLAYERS] and s.pl[p, PL_SOULS] >= soul_cost(s, c, t)


@kernel
def place_with_souls(s, c, p, space, q):
    """HAD-27: p pays the card's Soul cost back to the pool; the card goes onto q's Shackle pile
    (cards facing it stop facing it) and adds its Grade in Gate tokens. No effect, no bonus."""
    t = s.under[space]
    lose_souls(s, c, p, soul_cost(s, c, t))
    log_event(s, c, E.EV_PLACE, p, t, space, q)
    trial_event(s, p, E.EVT_PLACE_WITH_SOULS, t)
    detach_fighters(s, t)
    shackle(s, c, t, q, E.SHACKLE_PLACED)
    grade_tokens(s, c, t, space, False, p)


@kernel
def lose_souls(s, c, p, n):
    """p loses n Souls, or all it has; they go back to the pool (HAD-16)."""
    n = min(n, s.pl[p, PL_SOULS])
    if n > 0:
        s.pl[p, PL_SOULS] -= n
        if s.g[G_SOUL_POOL] >= 0:
            s.g[G_SOUL_POOL] += n
        log_event(s, c, E.EV_SOULS, p, -1, -n, s.pl[p, PL_SOULS])
    return n


# --- What the Hades ops do ---------------------------------------------------------------------

@kernel
def elysion_card(s, c, p):
    """A set-aside copy of p's Hades ◆ Hero (HAD-13), or with `hades_elysion_card` = any_diamond of
    any ◆ Hero card of p's; in the Duel, Athena, Divine Warrior while she is set aside (DUEL-10,
    DUEL-18); -1 if none is left."""
    if s.g[G_DUEL]:
        return s.g[G_ATHENA] - 1
    any_box = s.rules[R_HADES_ELYSION_CARD] == ELYSION_ANY_DIAMOND
    for j in range(s.zone_n[p, E.Z_SETASIDE]):
        inst = s.zone[p, E.Z_SETASIDE, j]
        k = c.inst_card[inst]
        if (any_box or E.HADES_FIRST_ID <= c.card_id[k] <= E.HADES_LAST_ID) and c.ranks[k] & E.RANK_UNCOMMON \
                and c.classes[k] & E.CLASS_HERO and c.hero[k] == s.pl[p, PL_HERO]:
            return inst
    return -1


@kernel
def move_marker(s, c, p, steps):
    """p's Hero marker moves `steps` spaces (negative: toward Elysion), never past Elysion or the
    Gate (HAD-23); the cards it now reaches turn face up (HAD-5). Arriving on Elysion puts a
    set-aside copy of p's Hades ◆ Hero into p's hand (HAD-13: not an acquisition). Returns the
    spaces moved."""
    was = s.pl[p, PL_SPACE]
    if steps < 0 and banned(s, c, p, E.BAN_MARKER_TO_ELYSION):
        return 0
    now = min(max(was + steps, E.ELYSION), E.GATE)
    if now == was:
        return 0
    s.pl[p, PL_SPACE] = now
    log_event(s, c, E.EV_MARKER, p, -1, was, now)
    trial_event(s, p, E.EVT_MOVE_MARKER, -1)
    reveal_reachable(s, c, p)
    if now == E.ELYSION:
        hero = elysion_card(s, c, p)
        if hero >= 0:
            s.g[G_ATHENA] = 0  # the Duel's one Athena: later arrivals get nothing
            move_to(s, hero, p, E.Z_HAND)
            log_event(s, c, E.EV_MOVE, p, hero, E.Z_SETASIDE, E.Z_HAND)
    return now - was


@kernel
def count_for_most(s, p, most):
    """What a `lose_souls` with `most` compares: p's Souls, Void cards or Abilities."""
    if most == E.MOST_SOULS:
        return s.pl[p, PL_SOULS]
    return s.zone_n[p, E.Z_VOID if most == E.MOST_VOID else E.Z_ABILITIES]


@kernel
def has_the_most(s, p, most):
    """Is p THE player with the most (a tie: nobody, HAD-28)?"""
    mine = count_for_most(s, p, most)
    for q in range(s.g[G_NPLAYERS]):
        if q != p and count_for_most(s, q, most) >= mine:
            return False
    return True


@kernel
def free_one(s, c, p, top):
    """A card of p's Shackle pile goes face down under the Styx, with no Souls (`free_shackle`): its
    top card, or the one that costs p most at the end (the most VP; the higher in the pile on a tie).
    A fight against it ends: its fighters stop facing it."""
    n = s.zone_n[p, E.Z_SHACKLE]
    if n == 0:
        return False
    pick = n - 1
    if not top:
        for j in range(n - 2, -1, -1):
            if c.vp[c.inst_card[s.zone[p, E.Z_SHACKLE, j]]] > c.vp[c.inst_card[s.zone[p, E.Z_SHACKLE, pick]]]:
                pick = j
    inst = s.zone[p, E.Z_SHACKLE, pick]
    log_event(s, c, E.EV_FREED, p, inst, 0, 1)
    trial_event(s, p, E.EVT_FREE_SHACKLE, inst)
    detach_fighters(s, inst)  # p's cards facing it stop facing it
    zone_remove(s, inst)
    zone_insert(s, E.COMMON, E.Z_STYX, 0, inst)
    return True


@kernel
def styx_top(s, n, buf):
    """The top n cards of the Styx (fewer if it holds fewer) into buf, top first; how many."""
    m = min(n, s.zone_n[E.COMMON, E.Z_STYX])
    for j in range(m):
        buf[j] = s.zone[E.COMMON, E.Z_STYX, s.zone_n[E.COMMON, E.Z_STYX] - 1 - j]
    return m


@kernel
def restack_styx(s, buf, m):
    """Put the top m Styx cards back in the order of buf, buf[0] on top (`styx_look`)."""
    top = s.zone_n[E.COMMON, E.Z_STYX] - 1
    for j in range(m):
        s.zone[E.COMMON, E.Z_STYX, top - j] = buf[j]
