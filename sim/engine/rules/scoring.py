"""End of the game: victory points (GEN-11 zones, variable VP) and win shares (R7)."""
import numpy as np
from sim.engine.jit import kernel

from sim.engine import enums as E
from sim.engine.params import EPICS_CURRENT_ONLY, R_DUEL_HOUSE_VP, R_EPIC_ENDGAME_SCOPE
from sim.engine.state import G_DUEL, G_EPIC, G_NPLAYERS, PL_ELIMINATED, PL_VP_TOKENS
from sim.engine.rules.fight import cond_holds
from sim.engine.rules.zones import count_in_deck, count_in_zone, is_deck_zone, log_event, matches


@kernel
def distinct_names_in_deck(s, c, p, f):
    seen = np.zeros(c.card_id.shape[0] + 1, np.bool_)
    n = 0
    for z in range(E.N_PLAYER_ZONES):
        if not is_deck_zone(z):
            continue
        for j in range(s.zone_n[p, z]):
            inst = s.zone[p, z, j]
            if matches(c, inst, f):
                nid = c.name_id[c.inst_card[inst]]
                if not seen[nid]:
                    seen[nid] = True
                    n += 1
    return n


@kernel
def count_owned(s, c, p, f, source):
    """p's cards passing filter f in its deck (CNT_DECK, GEN-11), among its marked cards (CNT_MARKED)
    or among its Houses (CNT_HOUSES, the Duel)."""
    if source == E.CNT_MARKED:
        return count_in_zone(s, c, p, E.Z_WOUNDED, f, -1) + count_in_zone(s, c, p, E.Z_FROZEN, f, -1)
    if source == E.CNT_HOUSES:
        return count_in_zone(s, c, p, E.Z_HOUSES, f, -1)
    return count_in_deck(s, c, p, f)


@kernel
def has_most(s, c, p, f, source):
    """"The player with the most": strictly more than every other player (a tie gives nothing)."""
    mine = count_owned(s, c, p, f, source)
    for q in range(s.g[G_NPLAYERS]):
        if q != p and count_owned(s, c, q, f, source) >= mine:
            return False
    return True


@kernel
def card_vp(s, c, p, k):
    """VP of one copy of card k in p's deck: printed VP plus its score program."""
    return c.vp[k] + program_vp(s, c, p, k, E.T_SCORE)


@kernel
def program_vp(s, c, p, k, trigger):
    """The VP that card k's `trigger` program (its score program, or a Duel Altar's) gives p."""
    vp = 0
    start, n = c.prog[k, trigger, 0], c.prog[k, trigger, 1]
    for i in range(start, start + n):
        op = c.ops[i]
        code = op[E.F_OP]
        f = op[E.F_FILTER]
        if not cond_holds(s, c, op[E.F_COND], -1, -1, p):
            continue
        if code == E.OP_VP_PER:
            if op[E.F_C] == E.CNT_DECK:
                cnt = count_in_deck(s, c, p, f)
            elif op[E.F_C] == E.CNT_DECK_NAMES:
                cnt = distinct_names_in_deck(s, c, p, f)
            else:
                z = E.Z_VOID if op[E.F_C] == E.CNT_VOID else E.Z_HOUSES if op[E.F_C] == E.CNT_HOUSES else E.Z_DESTROYED
                cnt = count_in_zone(s, c, p, z, f, -1)
            vp += cnt * op[E.F_B] // op[E.F_A]
        elif code == E.OP_VP_IF_MOST:
            if has_most(s, c, p, f, op[E.F_C]):
                per = s.g[G_NPLAYERS] if op[E.F_B] == 1 else \
                    count_in_zone(s, c, E.COMMON, E.Z_BF_DISCARD, f, -1) if op[E.F_B] == 2 else 1
                vp += op[E.F_A] * per
        elif code == E.OP_VP_IF_OWN:
            if count_owned(s, c, p, f, op[E.F_C]) >= op[E.F_N]:
                vp += op[E.F_A]
    return vp


@kernel
def zone_vp(s, c, p, z):
    """The VP of the cards of p's zone z, as p's score counts them."""
    total = 0
    for j in range(s.zone_n[p, z]):
        inst = s.zone[p, z, j]
        total += card_vp(s, c, p, c.inst_card[inst]) + s.inst_vp[inst]
    return total


@kernel
def score_player(s, c, p):
    """p's VP: its deck's cards (GEN-11) and the Pillars it destroyed (POS-12), with the VP tokens
    it took and those still on its cards (POS-14), and the Epics' end-of-game effects (POS-5);
    with Hades, the Characters under its Void token, less those of its Shackle pile (HAD-30); in the
    Duel, `duel_house_vp` per House it owns and the Altar's VP (DUEL-5, DUEL-9)."""
    total = s.pl[p, PL_VP_TOKENS] + epic_vp(s, c, p)
    if s.g[G_DUEL]:
        total += s.zone_n[p, E.Z_HOUSES] * s.rules[R_DUEL_HOUSE_VP]
        if s.zone_n[E.COMMON, E.Z_ALTAR] > 0:
            total += program_vp(s, c, p, c.inst_card[s.zone[E.COMMON, E.Z_ALTAR, 0]], E.T_ALTAR)
    for j in range(s.zone_n[p, E.Z_SHACKLE]):
        total -= card_vp(s, c, p, c.inst_card[s.zone[p, E.Z_SHACKLE, j]])
    for z in range(E.N_PLAYER_ZONES):
        if not (is_deck_zone(z) or z == E.Z_PILLARS or z == E.Z_VOID):
            continue
        for j in range(s.zone_n[p, z]):
            inst = s.zone[p, z, j]
            total += card_vp(s, c, p, c.inst_card[inst]) + s.inst_vp[inst]
            under = s.inst_under[inst]  # the card beneath a Relic scores with it (Athena's Urn, POS-24)
            if under >= 0:
                total += card_vp(s, c, p, c.inst_card[under]) + s.inst_vp[under]
    return total


@kernel
def scoring_epics(s, out):
    """The Epics whose end-of-game effects count, into out; how many: every Epic revealed during
    the game, in reveal order, or with `epic_endgame_scope = current_only` the one showing (POS-5)."""
    if s.rules[R_EPIC_ENDGAME_SCOPE] == EPICS_CURRENT_ONLY:
        out[0] = s.g[G_EPIC] - 1
        return 1 if s.g[G_EPIC] > 0 else 0
    n = s.zone_n[E.COMMON, E.Z_EPICS_REVEALED]
    for j in range(n):
        out[j] = s.zone[E.COMMON, E.Z_EPICS_REVEALED, j]
    return n


@kernel
def epic_vp(s, c, p):
    """The VP of the Epics' end-of-game effects for p (POS-5)."""
    epics = np.empty(s.zone_n[E.COMMON, E.Z_EPICS_REVEALED] + 1, np.int64)
    vp = 0
    for j in range(scoring_epics(s, epics)):
        vp += card_vp(s, c, p, c.inst_card[epics[j]])
    return vp


@kernel
def eliminated(s, c, p):
    """Is p eliminated, by an effect during the game (Graad Foundation Attack, POS-7) or by an
    Epic's end-of-game effect (`eliminated_unless`: Fonte des glaces, POS-9)? They cannot win (GEN-10)."""
    if s.pl[p, PL_ELIMINATED]:
        return True
    epics = np.empty(s.zone_n[E.COMMON, E.Z_EPICS_REVEALED] + 1, np.int64)
    for j in range(scoring_epics(s, epics)):
        k = c.inst_card[epics[j]]
        start, n = c.prog[k, E.T_SCORE, 0], c.prog[k, E.T_SCORE, 1]
        for i in range(start, start + n):
            op = c.ops[i]
            if op[E.F_OP] == E.OP_ELIMINATED_UNLESS and cond_holds(s, c, op[E.F_COND], -1, -1, p) \
                    and count_in_deck(s, c, p, op[E.F_FILTER]) == 0:
                return True
    return False


@kernel
def final_shares(s, c, vps, n, out):
    """The win shares of the game's end (R7), where an eliminated player cannot win: the others
    share it by their VP; if every player is, nobody wins (POS-9)."""
    out[:n] = 0.0
    alive = np.empty(n, np.int64)
    m = 0
    for p in range(n):
        if eliminated(s, c, p):
            log_event(s, c, E.EV_ELIMINATED, p, -1, 0, 0)
        else:
            alive[m] = p
            m += 1
    if m == n:
        win_shares(vps, n, out)
    elif m > 0:
        left = np.empty(m, np.int64)
        for j in range(m):
            left[j] = vps[alive[j]]
        part = np.empty(m, np.float64)
        win_shares(left, m, part)
        for j in range(m):
            out[alive[j]] = part[j]


@kernel
def win_shares(vps, n, out):
    """R7: equal top VP is a shared win, split equally."""
    best = vps[0]
    for i in range(1, n):
        best = max(best, vps[i])
    k = 0
    for i in range(n):
        if vps[i] == best:
            k += 1
    for i in range(n):
        out[i] = 1.0 / k if vps[i] == best else 0.0
