"""Zone primitives: moving card instances between stacks, drawing, shuffling, logging, filters.

Every card movement of the engine goes through `move_to` (a draw and a reveal take the top card
of their stack themselves, as `move_to` would), so an instance is always in exactly one place
(the conservation invariant the tests check).
"""
from sim.engine.jit import inline_kernel, kernel

from sim.engine import enums as E
from sim.engine.rng import shuffle_prefix
from sim.engine.params import R_HADES_STAR_ENTRY, R_HADES_TRIAL_WINDOW, STAR_ENTRY_NONE
from sim.engine.state import (G_POSEIDON, G_NPLAYERS, G_BENEATH, G_DISCARD_WATCH, G_ENERGY_ON, G_EPIC, G_EPIC_RULES, G_FLAMES_DUE, G_OPEN_SEAT, G_OPEN_TARGET, G_FIELD_CHANGES, G_LENT, G_LOG_LEVEL, G_LOG_N, G_LOG_OVERFLOW, G_NMARKS,
                              G_NPEND, G_TURN, G_ROUND, G_ACTIVE, G_FREEZES_ON, G_HADES, G_IN_MAIN, G_TRIALS_ON, G_DUEL, MARK_CAP, P_TRIAL, PEND_CAP, PL_ENERGY, PL_SPACE, PL_VP_TOKENS)

MAX_ENERGY = 3  # a board holds 3 Energy tokens (ASG-3)


@kernel
def is_summary_event(kind):
    return (kind == E.EV_REVEAL or kind == E.EV_ACQUIRE or kind == E.EV_FLAME
            or kind == E.EV_END or kind == E.EV_USE or kind == E.EV_PAY or kind == E.EV_EPIC or kind == E.EV_PILLAR
            or kind == E.EV_HOUSE)


@kernel
def log_event(s, c, kind, seat, inst, a, b):
    """Record one event if the log level asks for it (nothing is written when logging is off)."""
    level = s.g[G_LOG_LEVEL]
    if level == E.LOG_NONE or (level == E.LOG_SUMMARY and not is_summary_event(kind)):
        return
    n = s.g[G_LOG_N]
    if n >= s.log.shape[0]:
        s.g[G_LOG_OVERFLOW] += 1
        return
    row = s.log[n]
    row[E.E_TURN] = s.g[G_TURN]
    row[E.E_ROUND] = s.g[G_ROUND]
    row[E.E_SEAT] = seat
    row[E.E_KIND] = kind
    row[E.E_CARD] = c.card_id[c.inst_card[inst]] if inst >= 0 else -1
    row[E.E_A] = a
    row[E.E_B] = b
    row[E.E_INST] = inst
    s.g[G_LOG_N] = n + 1


@inline_kernel
def hold(s, c, p, inst):
    """Note that p had inst's card in hand this game (the counters' `held`). Called where a card
    enters a hand (a draw, a Cosmos acquisition, an effect) and when a card is used, never for
    the other moves."""
    s.held[p, c.inst_card[inst]] = True


@kernel
def card_of(c, inst):
    return c.inst_card[inst]


@kernel
def push_pending(s, kind, a, b, cc, d):
    """An event to resolve once the running program or action is over (a LIFO stack, `state.P_*`)."""
    n = s.g[G_NPEND]
    if n >= PEND_CAP:
        return  # cannot happen with base cards; dropping beats overflowing the array
    s.pend[n, 0] = kind
    s.pend[n, 1] = a
    s.pend[n, 2] = b
    s.pend[n, 3] = cc
    s.pend[n, 4] = d
    s.g[G_NPEND] = n + 1


@kernel
def zone_push(s, row, z, inst):
    if s.g[G_LENT] > 0 and s.inst_owner[inst] >= 0:  # a card another player plays (Delta Robe)
        row = lent_row(s, inst, row, z)
    if s.inst_vp[inst] != 0:
        settle_vp_tokens(s, inst, row, z)
    n = s.zone_n[row, z]
    s.zone[row, z, n] = inst
    s.zone_n[row, z] = n + 1
    s.inst_row[inst] = row
    s.inst_zone[inst] = z
    if s.g[G_DISCARD_WATCH] and s.inst_watch[inst]:
        watched_discard(s, row, z)


@kernel
def zone_insert(s, row, z, at, inst):
    """Put a card taken off its place into row's zone z at position `at` (0 the bottom), above
    the cards below it (a Shackle pile's Grade order, HAD-17)."""
    n = s.zone_n[row, z]
    for k in range(n, at, -1):
        s.zone[row, z, k] = s.zone[row, z, k - 1]
    s.zone[row, z, at] = inst
    s.zone_n[row, z] = n + 1
    s.inst_row[inst] = row
    s.inst_zone[inst] = z


@kernel
def watched_discard(s, row, z):
    """A card the current Epic watches joins a zone: a flame is due if it is a discard pile it names."""
    pile = 1 if row < E.COMMON and z == E.Z_DISCARD else 2 if row == E.COMMON and z == E.Z_BF_DISCARD else 0
    if s.g[G_DISCARD_WATCH] & pile:
        s.g[G_FLAMES_DUE] += 1


@kernel
def settle_vp_tokens(s, inst, row, z):
    """POS-14: the VP tokens on a card joining a player's hand or discard pile are that player's;
    joining another zone of theirs (marked area, Cloth, Relics, Pillar area) they stay on it and
    count there at the end; in the field discard pile or the reserve they are lost."""
    if row < E.MAX_SEATS and (z == E.Z_HAND or z == E.Z_DISCARD):
        s.pl[row, PL_VP_TOKENS] += s.inst_vp[inst]
        s.inst_vp[inst] = 0
    elif row == E.COMMON and (z == E.Z_BF_DISCARD or z == E.Z_RESERVE):
        s.inst_vp[inst] = 0


@kernel
def detach_fighters(s, target):
    """Cards facing a card that leaves (a field card, a Relic) stop facing it (they are discarded at upkeep)."""
    for row in range(E.MAX_SEATS):
        for k in range(s.zone_n[row, E.Z_PLAY]):
            inst = s.zone[row, E.Z_PLAY, k]
            if s.inst_facing[inst] == target:
                s.inst_facing[inst] = -1


@kernel
def lent_row(s, inst, row, z):
    """Where a card that belongs to another seat goes, sent to seat `row`'s zone z (Delta Robe): it
    stays with another player while played (to play, in play, equipped); anywhere else of a
    seat's (a discard pile, the marked area, the destroyed cards, a hand) it goes to its owner's
    zone, and is theirs again, as it is once in any zone of its owner's (the Gemini Cloth's swap)
    or a common one (the reserve)."""
    owner = s.inst_owner[inst]
    if row != owner and row < E.MAX_SEATS and (z == E.Z_PLAY or z == E.Z_CLOTH or z == E.Z_TO_PLAY):
        return row
    s.inst_owner[inst] = -1
    s.g[G_LENT] -= 1
    return owner if row < E.MAX_SEATS else row


@kernel
def lend(s, inst, owner):
    """inst, owner's card, is now played by another seat (Delta Robe) until it leaves its play."""
    s.inst_owner[inst] = owner
    s.g[G_LENT] += 1


@kernel
def zone_remove(s, inst):
    """Take an instance out of wherever it is (keeping the order of the others)."""
    row = s.inst_row[inst]
    z = s.inst_zone[inst]
    if z == E.Z_BATTLEFIELD:
        field = s.field
        for k in range(E.N_SLOTS):
            if field[k] == inst:
                field[k] = -1
        s.g[G_FIELD_CHANGES] += 1
    elif z == E.Z_UNDERWORLD:
        for k in range(E.UNDER_SPACES):
            if s.under[k] == inst:
                s.under[k] = -1
                s.under_up[k] = False
    elif row >= 0 and z >= 0:
        stack = s.zone[row, z]
        n = s.zone_n[row, z]
        at = n - 1
        while at >= 0 and stack[at] != inst:  # most moves take the top card
            at -= 1
        if at >= 0:
            for k in range(at + 1, n):
                stack[k - 1] = stack[k]
            s.zone_n[row, z] = n - 1
            stack[n - 1] = -1
    leave_zone(s, inst, z)


@kernel
def leave_zone(s, inst, z):
    """What a card leaving zone z loses, once it is off the stack."""
    if z == E.Z_PLAY:
        s.inst_facing[inst] = -1
    if z == E.Z_WOUNDED:
        s.inst_wounds[inst] = 0
    elif z == E.Z_FROZEN:  # healed or taken back: the Freeze token goes (ASG-14)
        s.inst_freeze[inst] = 0
    s.inst_row[inst] = -1
    s.inst_zone[inst] = -1


@inline_kernel
def take_top(s, row, z):
    """Take the top card off row's zone z, as `zone_remove` would, without looking for it (a draw,
    a reveal); the caller puts it somewhere."""
    top = s.zone_n[row, z] - 1
    s.zone[row, z, top] = -1
    s.zone_n[row, z] = top


@inline_kernel
def enter_zone(s, inst, row, z):
    if s.inst_home[inst] >= 0 and (z == E.Z_DISCARD or z == E.Z_WOUNDED or z == E.Z_FROZEN or z == E.Z_DESTROYED):
        row = s.inst_home[inst]  # a Transcended Hero goes back to its set-aside area instead (POS-15)
        z = E.Z_SETASIDE
    zone_push(s, row, z, inst)
    if z == E.Z_WOUNDED:
        s.inst_wounds[inst] = 1
    elif z == E.Z_FROZEN:
        s.inst_freeze[inst] = 2  # ASG-12: one Freeze token, on side 2
    if s.g[G_BENEATH] > 0 and s.inst_under[inst] >= 0 and z != E.Z_RELICS:
        carry_beneath(s, inst, row, z)


@kernel
def carry_beneath(s, inst, row, z):
    """inst left its play area for zone z of `row`: the card beneath it goes there too, and is
    beneath it no more (Athena's Urn: "the Character beneath undergoes the same", POS-24)."""
    under = s.inst_under[inst]
    s.inst_under[inst] = -1
    s.inst_rival[inst] = -1
    s.g[G_BENEATH] -= 1
    zone_remove(s, under)
    zone_push(s, row, z, under)
    if z == E.Z_WOUNDED:
        s.inst_wounds[under] = 1
    elif z == E.Z_FROZEN:
        s.inst_freeze[under] = 2


@kernel
def rival_relic(s, p):
    """A Relic of another player's play area that p may face to win it back (Athena's Urn), or -1."""
    for q in range(E.MAX_SEATS):
        if q != p:
            for j in range(s.zone_n[q, E.Z_RELICS]):
                r = s.zone[q, E.Z_RELICS, j]
                if s.inst_rival[r] == p:
                    return r
    return -1


@inline_kernel
def move_to(s, inst, row, z):
    if z == E.Z_DESTROYED and (s.g[G_TRIALS_ON] or s.g[G_DUEL]):  # a Trial's or a House's "destroy" conditions
        trial_event(s, row, E.EVT_DESTROY, inst)
        if s.inst_zone[inst] == E.Z_HAND and s.inst_row[inst] == row:
            trial_event(s, row, E.EVT_DESTROY_HERO_IN_HAND, inst)
    zone_remove(s, inst)
    enter_zone(s, inst, row, z)


@kernel
def trial_event(s, p, event, inst):
    """An event of p's (EVT_*; inst: the card it concerns, or -1) that may meet a revealed Trial's
    condition: while p is the active player in its main phase (or its whole turn,
    `hades_trial_window`), a pending P_TRIAL lets p claim such a Trial (HAD-10); in the Duel, it may
    meet the revealed House's condition too (DUEL-17, `houses.meet_condition`)."""
    if (s.g[G_TRIALS_ON] or s.g[G_DUEL]) and p == s.g[G_ACTIVE] \
            and (s.g[G_IN_MAIN] or s.rules[R_HADES_TRIAL_WINDOW] == 1):
        push_pending(s, P_TRIAL, event, p, inst, 0)


@kernel
def first_hero_in_play(s, c, p):
    """The first Character of a Hero that p has played against a card, or -1."""
    for j in range(s.zone_n[p, E.Z_PLAY]):
        x = s.zone[p, E.Z_PLAY, j]
        k = c.inst_card[x]
        if c.hero[k] >= 0 and (c.classes[k] & E.CLASS_CHARACTER) and s.inst_facing[x] >= 0:
            return x
    return -1


@kernel
def is_marked_zone(z):
    """The marked area: cards with a Wound or a Freeze token, in play until healed (ASG-15)."""
    return z == E.Z_WOUNDED or z == E.Z_FROZEN


@kernel
def place_token(s, c, inst, row, z):
    """Wound (z = Z_WOUNDED) or freeze (Z_FROZEN) inst, a card of seat row's: it moves to the marked
    area and its Marked program, if it has one, waits to fire for its owner (ASG-15): the seat
    whose marked area it joined (a card another seat played goes back to its owner's). A card
    beneath it (Athena's Urn) is marked with it, and its Marked program waits too (POS-24)."""
    under = s.inst_under[inst] if s.g[G_BENEATH] > 0 else -1
    move_to(s, inst, row, z)
    queue_marked(s, c, inst)
    if s.g[G_TRIALS_ON]:
        trial_event(s, row, E.EVT_FREEZE_OWN if z == E.Z_FROZEN else E.EVT_WOUND_OWN, inst)
    if under >= 0 and s.inst_zone[under] == z:
        queue_marked(s, c, under)


@kernel
def queue_marked(s, c, inst):
    """inst was just marked: its Marked program waits to fire for the seat holding it. An Epic may
    also shuffle it into the reserve once that is over (Encerclés)."""
    if c.prog[c.inst_card[inst], E.T_MARKED, 1] > 0 or s.g[G_EPIC_RULES] & E.FIELD_BIT[E.OP_MARKED_TO_RESERVE]:
        n = s.g[G_NMARKS]
        if n < MARK_CAP:  # cannot fill: one op marks at most a hand or a pile
            s.marks[n, 0] = inst
            s.marks[n, 1] = s.inst_row[inst]
            s.g[G_NMARKS] = n + 1


@kernel
def move_all(s, row, z, dest):
    """Move all the cards of row's zone z onto dest, bottom card first (as a move_to of each)."""
    stack = s.zone[row, z]
    for j in range(s.zone_n[row, z]):
        inst = stack[j]
        stack[j] = -1
        leave_zone(s, inst, z)
        enter_zone(s, inst, row, dest)
    s.zone_n[row, z] = 0


@kernel
def move_all_but(s, row, z, dest, keep):
    """Move the cards of row's zone z that keep[i] does not mark onto dest, in order (as a move_to
    of each); the kept cards stay, in order."""
    stack = s.zone[row, z]
    n = s.zone_n[row, z]
    kept = 0
    for j in range(n):
        inst = stack[j]
        if keep[j]:
            stack[kept] = inst
            kept += 1
        else:
            leave_zone(s, inst, z)
            enter_zone(s, inst, row, dest)
    stack[kept:n] = -1
    s.zone_n[row, z] = kept


@kernel
def place_on_field(s, inst, slot):
    """Put a card taken off its stack on an empty slot."""
    s.field[slot] = inst
    s.g[G_FIELD_CHANGES] += 1
    s.inst_row[inst] = E.COMMON
    s.inst_zone[inst] = E.Z_BATTLEFIELD


@kernel
def field_slot(s, inst):
    field = s.field
    for k in range(E.N_SLOTS):
        if field[k] == inst:
            return k
    return -1


@kernel
def shuffle_zone(s, row, z):
    shuffle_prefix(s.rng, s.zone[row, z], s.zone_n[row, z])


@kernel
def reshuffle_discard(s, c, p):
    """GEN-2: the discard pile becomes the draw pile only when a card must be drawn from an empty one."""
    n = s.zone_n[p, E.Z_DISCARD]
    if n == 0:
        return False
    for k in range(n):
        inst = s.zone[p, E.Z_DISCARD, k]
        s.zone[p, E.Z_DRAW, k] = inst
        s.inst_zone[inst] = E.Z_DRAW
        s.zone[p, E.Z_DISCARD, k] = -1
    s.zone_n[p, E.Z_DRAW] = n
    s.zone_n[p, E.Z_DISCARD] = 0
    shuffle_zone(s, p, E.Z_DRAW)
    log_event(s, c, E.EV_SHUFFLE, p, -1, E.Z_DISCARD, n)
    return True


@kernel
def top_of_draw(s, c, p):
    """The top card of p's draw pile, reshuffling the discard pile if needed; -1 if none."""
    if s.zone_n[p, E.Z_DRAW] == 0 and not reshuffle_discard(s, c, p):
        return -1
    return s.zone[p, E.Z_DRAW, s.zone_n[p, E.Z_DRAW] - 1]


@kernel
def location(s, inst):
    """Where a card is, as events record it: a player zone, Z_BATTLEFIELD, or LOC_COMMON + a
    common zone (the reserve, the battlefield discard...)."""
    z = s.inst_zone[inst]
    if s.inst_row[inst] == E.COMMON and z != E.Z_BATTLEFIELD and z != E.Z_UNDERWORLD:
        return E.LOC_COMMON + z
    return z


@kernel
def draw_cards(s, c, p, n):
    if p == s.g[G_POSEIDON] - 1:  # co-op: Poseidon draws from the reserve onto its Breadwinner (COOP-19)
        return poseidon_draws(s, c, p, n)
    drawn = 0
    for _ in range(n):
        inst = top_of_draw(s, c, p)
        if inst < 0:
            break
        take_top(s, p, E.Z_DRAW)
        enter_zone(s, inst, p, E.Z_HAND)
        hold(s, c, p, inst)
        drawn += 1
        if s.zone_n[p, E.Z_DRAW] == 0 and s.g[G_ENERGY_ON]:
            gain_energy(s, c, p, 1)  # ASG-2: this draw took the last card of the draw pile
        if s.zone_n[p, E.Z_DRAW] == 0 and s.g[G_TRIALS_ON]:
            trial_event(s, p, E.EVT_DRAW_LAST, -1)
    if drawn > 0:
        log_event(s, c, E.EV_DRAW, p, -1, drawn, 0)
    return drawn


@kernel
def poseidon_draws(s, c, p, n):
    """Poseidon's draws: the reserve's top cards go face up on top of its Main Breadwinner, its hand
    (sim/engine/rules/coop.py keeps that hand its top 5)."""
    drawn = 0
    for _ in range(n):
        m = s.zone_n[E.COMMON, E.Z_RESERVE]
        if m == 0:
            break
        inst = s.zone[E.COMMON, E.Z_RESERVE, m - 1]
        take_top(s, E.COMMON, E.Z_RESERVE)
        zone_push(s, p, E.Z_HAND, inst)
        drawn += 1
    if drawn > 0:
        log_event(s, c, E.EV_DRAW, p, -1, drawn, 0)
    return drawn


@kernel
def uses_energy(c):
    """Do the run's cards use Energy: a board technique, or an effect gaining it?"""
    for k in range(c.classes.shape[0]):
        if c.classes[k] & E.CLASS_TECHNIQUE:
            return True
    for r in range(c.ops.shape[0]):
        if c.ops[r, E.F_OP] == E.OP_GAIN_ENERGY:
            return True
    return False


@kernel
def has_program(c, trig):
    """Has some card of the run a program for this trigger?"""
    for k in range(c.prog.shape[0]):
        if c.prog[k, trig, 1] > 0:
            return True
    return False


@kernel
def has_field_rule(c, bits):
    """Has some card of the run a `field` op among these (`E.FIELD_BIT` bits)?"""
    for k in range(c.field_rules.shape[0]):
        if c.field_rules[k] & bits:
            return True
    return False


@kernel
def has_op(c, trig, opcode):
    """Has some card of the run an op of this code in its `trig` program (Isaak's `fighting`
    `freeze_alongside`, Baian's `cost` `wound_cut`)?"""
    for k in range(c.prog.shape[0]):
        for i in range(c.prog[k, trig, 0], c.prog[k, trig, 0] + c.prog[k, trig, 1]):
            if c.ops[i, E.F_OP] == opcode:
                return True
    return False


@kernel
def cards_matching(s, c, q, z, f, buf):
    """q's cards of zone z passing filter f, into buf; how many."""
    n = 0
    for j in range(s.zone_n[q, z]):
        x = s.zone[q, z, j]
        if matches(c, x, f):
            buf[n] = x
            n += 1
    return n


@kernel
def program_op(c, inst, trig, opcode):
    """The row of inst's first `trig` op of this code, or -1."""
    k = c.inst_card[inst]
    for i in range(c.prog[k, trig, 0], c.prog[k, trig, 0] + c.prog[k, trig, 1]):
        if c.ops[i, E.F_OP] == opcode:
            return i
    return -1


@kernel
def freeze_fellow_fighters(s, c, p, target):
    """POS-22, Isaak: the cards of p's play that a card facing the same card (`target`, or any
    with -1) freezes by its `freeze_alongside` rule are frozen into p's marked area, before the
    fighters are discarded (their Marked effects then fire)."""
    j = 0
    while j < s.zone_n[p, E.Z_PLAY]:
        f = s.zone[p, E.Z_PLAY, j]
        t = s.inst_facing[f]
        if t >= 0 and (target < 0 or t == target) and frozen_by_fellow(s, c, p, f, t):
            place_token(s, c, f, p, E.Z_FROZEN)
            log_event(s, c, E.EV_FREEZE, p, f, E.Z_PLAY, 0)
        else:
            j += 1


@kernel
def frozen_by_fellow(s, c, p, f, t):
    for j in range(s.zone_n[p, E.Z_PLAY]):
        x = s.zone[p, E.Z_PLAY, j]
        if x != f and s.inst_facing[x] == t and rule_total(c, c.inst_card[x], E.T_FIGHTING, E.OP_FREEZE_ALONGSIDE,
                                                           f, -1) > 0:
            return True
    return False


@kernel
def discard_fighters(s, c, p, target):
    """The fight against `target` is over: p's cards facing it are discarded, but for those a
    fellow fighter freezes (Isaak, POS-22)."""
    if s.g[G_FREEZES_ON]:
        freeze_fellow_fighters(s, c, p, target)
    j = 0
    while j < s.zone_n[p, E.Z_PLAY]:
        f = s.zone[p, E.Z_PLAY, j]
        if s.inst_facing[f] == target:
            move_to(s, f, p, E.Z_DISCARD)
        else:
            j += 1


@kernel
def rule_total(c, k, trig, opcode, inst, col):
    """Over card k's `trig` program, the ops of this code whose filter the card inst passes: the
    sum of their column `col` (-1: how many there are)."""
    total = 0
    for i in range(c.prog[k, trig, 0], c.prog[k, trig, 0] + c.prog[k, trig, 1]):
        if c.ops[i, E.F_OP] == opcode and matches(c, inst, c.ops[i, E.F_FILTER]):
            total += 1 if col < 0 else c.ops[i, col]
    return total


@kernel
def has_relics(c):
    """Do the run's cards include a Relic (ASG-19)?"""
    for k in range(c.classes.shape[0]):
        if c.classes[k] & E.CLASS_RELIC:
            return True
    return False


@kernel
def relic_lock(c, inst):
    """The Strength that facing the Relic inst takes to beat it, if its ongoing text locks its
    holder's Armor slot (`equip_lock`, the Ring of the Nibelungen); 0 if it does not."""
    k = c.inst_card[inst]
    start, n = c.prog[k, E.T_IN_PLAY, 0], c.prog[k, E.T_IN_PLAY, 1]
    for i in range(start, start + n):
        if c.ops[i, E.F_OP] == E.OP_EQUIP_LOCK:
            return max(c.ops[i, E.F_A], 1)
    return 0


@inline_kernel
def equip_locked(s, c, p):
    """May p not equip a Cloth now: is a Relic that locks the Armor slot in p's play area (ASG-19)?
    An Armor already equipped stays. A marked Relic is not in play: its text is off (ASG-16).
    Copied into its callers: without a Relic in play it is one look at a count."""
    return s.zone_n[p, E.Z_RELICS] > 0 and any_relic_lock(s, c, p)


@kernel
def any_relic_lock(s, c, p):
    for j in range(s.zone_n[p, E.Z_RELICS]):
        if relic_lock(c, s.zone[p, E.Z_RELICS, j]) > 0:
            return True
    return False


@kernel
def fight_target(s, p, at):
    """The card p fights by the action index `at`: the field card in slot `at` (0..5); from N_SLOTS
    on, the Relic number at - N_SLOTS of p's play area (the Ring, faced to be beaten); from
    PILLAR_AT on, the revealed Pillar number at - PILLAR_AT (POS-11); OPEN_AT, the card an effect
    opened to p this turn (POS-23); URN_AT, another player's Relic p may win back (POS-24); HOUSE_AT,
    the revealed House of the Duel (DUEL-19); from
    UNDER_AT on, the Underworld card of space at - UNDER_AT within p's reach (HAD-5); from SHACKLE_AT
    on, the card at - SHACKLE_AT from the bottom of p's Shackle pile (HAD-17); -1 none."""
    if at < 0:
        return -1
    if at < E.N_SLOTS:
        return s.field[at]
    if at == E.OPEN_AT:
        return s.g[G_OPEN_TARGET] - 1 if s.g[G_OPEN_SEAT] == p + 1 else -1
    if at == E.URN_AT:
        return rival_relic(s, p)
    if at == E.HOUSE_AT:
        n = s.zone_n[E.COMMON, E.Z_HOUSE_PILE]
        return s.zone[E.COMMON, E.Z_HOUSE_PILE, n - 1] if n > 0 else -1
    if at >= E.SHACKLE_AT:
        j = at - E.SHACKLE_AT
        return s.zone[p, E.Z_SHACKLE, j] if j < s.zone_n[p, E.Z_SHACKLE] else -1
    if at >= E.UNDER_AT:
        return underworld_reach(s, p, at - E.UNDER_AT)
    if at >= E.PILLAR_AT:
        j = at - E.PILLAR_AT
        return s.zone[E.COMMON, E.Z_PILLAR_ROW, j] if j < s.zone_n[E.COMMON, E.Z_PILLAR_ROW] else -1
    j = at - E.N_SLOTS
    return s.zone[p, E.Z_RELICS, j] if j < s.zone_n[p, E.Z_RELICS] else -1


@kernel
def underworld_reach(s, p, space):
    """The face-up card on Underworld `space` if it is at or right of p's Hero marker (HAD-5: p may
    face it or place it), else -1."""
    inst = s.under[space]
    return inst if inst >= 0 and s.under_up[space] and space >= s.pl[p, PL_SPACE] else -1


@kernel
def rules_sum(c, inst, trig, opcode, what, col):
    """Over inst's `trig` program, the ops of this code (with F_A == what, if what >= 0): the sum of
    their column `col` (-1: how many)."""
    k = c.inst_card[inst]
    total = 0
    for i in range(c.prog[k, trig, 0], c.prog[k, trig, 0] + c.prog[k, trig, 1]):
        if c.ops[i, E.F_OP] == opcode and (what < 0 or c.ops[i, E.F_A] == what):
            total += 1 if col < 0 else c.ops[i, col]
    return total


@kernel
def hades_rules(s, c, p, opcode, what, col, excluded):
    """The Hades rules of this code (`rules_sum`) that reach p now: those of the field cards' and the
    current Epic's `field` programs, of the face-up Underworld cards' `underworld` programs but
    `excluded`'s (HAD-5), and, for p >= 0, of the `shackle` program of the top card of p's Shackle
    pile (HAD-17)."""
    total = 0
    if s.g[G_EPIC] > 0:
        total += rules_sum(c, s.g[G_EPIC] - 1, E.T_FIELD, opcode, what, col)
    for slot in range(E.N_SLOTS):
        inst = s.field[slot]
        if inst >= 0 and c.field_rules[c.inst_card[inst]] & E.FIELD_BIT[opcode]:
            total += rules_sum(c, inst, E.T_FIELD, opcode, what, col)
    for space in range(E.UNDER_SPACES):
        inst = s.under[space]
        if inst >= 0 and inst != excluded and s.under_up[space]:
            total += rules_sum(c, inst, E.T_UNDERWORLD, opcode, what, col)
    if p >= 0 and s.zone_n[p, E.Z_SHACKLE] > 0:
        total += rules_sum(c, s.zone[p, E.Z_SHACKLE, s.zone_n[p, E.Z_SHACKLE] - 1], E.T_SHACKLE, opcode, what, col)
    return total


@kernel
def banned(s, c, p, what):
    """May p not do `what` (BAN_*) now (a `ban` rule)?"""
    return hades_rules(s, c, p, E.OP_BAN, what, -1, -1) > 0


@kernel
def gain_energy(s, c, p, n):
    """p gains n Energy (n < 0: spends it); a gain above MAX_ENERGY is lost (ASG-3), and so is a
    gain a Hades `ban` forbids."""
    if n > 0 and s.g[G_HADES] and banned(s, c, p, E.BAN_ENERGY):
        return
    before = s.pl[p, PL_ENERGY]
    now = min(max(before + n, 0), MAX_ENERGY)
    if now != before:
        s.pl[p, PL_ENERGY] = now
        log_event(s, c, E.EV_ENERGY, p, -1, now - before, now)
        if now > before:
            trial_event(s, p, E.EVT_GAIN_ENERGY, -1)


@kernel
def matches(c, inst, f):
    """Does the card of `inst` pass filter row f (-1: any card)? (`compiler.filter_passes`)"""
    return f < 0 or c.passes[f, inst]


@kernel
def has_class(c, inst, bits):
    return (c.classes[c.inst_card[inst]] & bits) != 0


@kernel
def count_in_zone(s, c, row, z, f, exclude):
    n = 0
    for k in range(s.zone_n[row, z]):
        inst = s.zone[row, z, k]
        if inst != exclude and matches(c, inst, f):
            n += 1
    return n


@kernel
def buff_times(s, c, op):
    """How many times a buff op gives its bonus: once, or (F_C = filter row + 1) once per wounded
    card passing that filter, every player's (Libra Shiryu, promo #9002)."""
    if op[E.F_C] == 0:
        return 1
    n = 0
    for p in range(s.g[G_NPLAYERS]):
        n += count_in_zone(s, c, p, E.Z_WOUNDED, op[E.F_C] - 1, -1)
    return n


@kernel
def count_in_play(s, c, row, f):
    """row's cards in play that pass filter f: played, equipped, Relics, wounded and frozen (GEN-11)."""
    n = 0
    for z in (E.Z_PLAY, E.Z_CLOTH, E.Z_RELICS, E.Z_WOUNDED, E.Z_FROZEN):
        n += count_in_zone(s, c, row, z, f, -1)
    return n


@kernel
def collect_count(s, c, op, q, exclude):
    """How many of q's cards a move `op` from one of q's zones could take (other than `exclude`),
    as far as anyone can see: in a hidden zone (a hand, a draw pile), any card."""
    z = op[E.F_ZONE]
    if z == E.Z_HAND or z == E.Z_DRAW:
        return s.zone_n[q, z]
    if z < E.N_PLAYER_ZONES:
        return count_in_zone(s, c, q, z, op[E.F_FILTER], exclude)
    return 0


@kernel
def count_on_field(s, c, f, exclude):
    n = 0
    for k in range(E.N_SLOTS):
        inst = s.field[k]
        if inst >= 0 and inst != exclude and matches(c, inst, f):
            n += 1
    return n


@kernel
def is_deck_zone(z):
    """GEN-11: "your deck" = hand, draw pile, discard pile, cards in play (Cloth, wounded, frozen,
    Relics: ASG-19; Graad cards: POS-7; the cards revealed or to play, during an effect)."""
    return (z == E.Z_DRAW or z == E.Z_HAND or z == E.Z_DISCARD or z == E.Z_PLAY or z == E.Z_CLOTH
            or z == E.Z_WOUNDED or z == E.Z_REVEALED or z == E.Z_FROZEN or z == E.Z_RELICS or z == E.Z_TO_PLAY
            or z == E.Z_GRAAD)


@kernel
def count_in_deck(s, c, p, f):
    n = 0
    for z in range(E.N_PLAYER_ZONES):
        if is_deck_zone(z):
            n += count_in_zone(s, c, p, z, f, -1)
    return n


@kernel
def count_alongside_any(s, c, p, f):
    """p's cards in play that face a field card and pass filter f."""
    n = 0
    for k in range(s.zone_n[p, E.Z_PLAY]):
        inst = s.zone[p, E.Z_PLAY, k]
        if s.inst_facing[inst] >= 0 and matches(c, inst, f):
            n += 1
    return n


@kernel
def next_rank_copy(s, c, p, hero, rank):
    """A set-aside copy of `hero` one rank above `rank` (a Character: the set-aside V2 Bronze Cloth
    is not an upgrade), -1 if none is left. A Hades ◆ Hero comes only at Elysion (HAD-13); a Hades
    ★ Hero by this upgrade unless `hades_star_entry` = none (HAD-14)."""
    nxt = rank << 1
    for m in range(s.zone_n[p, E.Z_SETASIDE]):
        up = s.zone[p, E.Z_SETASIDE, m]
        ku = c.inst_card[up]
        if c.hero[ku] == hero and (c.ranks[ku] & nxt) and (c.classes[ku] & E.CLASS_CHARACTER):
            if E.HADES_FIRST_ID <= c.card_id[ku] <= E.HADES_LAST_ID and (
                    nxt & E.RANK_UNCOMMON or s.rules[R_HADES_STAR_ENTRY] == STAR_ENTRY_NONE):
                continue
            return up
    return -1
