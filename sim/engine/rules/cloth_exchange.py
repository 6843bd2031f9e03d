"""Exchanging a Bronze Armor for a better one: the V2 Cloth (Asgard, ASG-18) and the Hades Armor
(HAD-15).

Asgard: when anyone acquires one of the base box's Gold Saints, by any means, every player whose own
base Bronze Cloth is equipped or in hand swaps it for their set-aside V2 Cloth. Hades: when anyone
acquires a Character (`hades_armor_exchange_trigger` may narrow it; annihilating one counts), every
player whose own base or V2 Bronze Armor is equipped or in hand swaps it for their set-aside Hades
Armor. The active player first, then in seat order; the V2 first when one acquisition opens both.
The new Armor takes the old one's place; the old one leaves the game (it joins the set-aside cards,
which only an upgrade's Characters leave). Once per player and game: the new Armor is then no longer
set aside. The swap is optional, but each new Armor is better in every way (the V2: 1 Strength more,
its upgrade goes to the hand; the Hades Armor: the V2's numbers and its upgrade is a Talent, HAD-12),
so every player makes it: the rulings' default policy, with no decision for a policy to weigh.
Without the box nobody has the new Armor set aside and nothing happens. Under the Ring of the
Nibelungen (ASG-19) an equipped Armor is not exchanged: the new one would be equipped anew; one in
hand is.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.params import EXCHANGE_GOLD_SAINT, EXCHANGE_STAR_OR_TRIANGLE, R_HADES_ARMOR_EXCHANGE
from sim.engine.rules.zones import equip_locked, hold, log_event, move_to
from sim.engine.state import G_ACTIVE, G_HADES, G_NPLAYERS, PL_HERO

V2_CLOTH, HADES_ARMOR = 1, 2  # the exchanges


@kernel
def is_hades_card(c, k):
    return E.HADES_FIRST_ID <= c.card_id[k] <= E.HADES_LAST_ID


@kernel
def opens_exchange(s, c, k, exchange):
    """Does acquiring card k open `exchange`: a base Gold Saint the V2's (ASG-18), a Character (of
    the kind `hades_armor_exchange_trigger` names) the Hades Armor's (HAD-15)?"""
    if exchange == V2_CLOTH:
        return (c.classes[k] & E.CLASS_GOLD_SAINT) != 0 and c.card_id[k] <= E.BASE_BOX_MAX_ID
    if not s.g[G_HADES] or not c.classes[k] & E.CLASS_CHARACTER:
        return False
    trigger = s.rules[R_HADES_ARMOR_EXCHANGE]
    if trigger == EXCHANGE_STAR_OR_TRIANGLE:
        return (c.ranks[k] & (E.RANK_RARE | E.RANK_COMMON)) != 0
    if trigger == EXCHANGE_GOLD_SAINT:
        return (c.classes[k] & E.CLASS_GOLD_SAINT) != 0
    return True


@kernel
def own_armor(s, c, p, z, exchange, new):
    """p's own Bronze Armor in zone z that `exchange` gives (new) or takes: the set-aside V2 for the
    base Cloth (the card file's start codes 2 and 1), the Hades Armor for a base or V2 one; -1 if none."""
    for j in range(s.zone_n[p, z]):
        inst = s.zone[p, z, j]
        k = c.inst_card[inst]
        if c.hero[k] != s.pl[p, PL_HERO] or not c.classes[k] & E.CLASS_BRONZE_CLOTH:
            continue
        if exchange == V2_CLOTH:
            if c.start[k] == (2 if new else 1) and not is_hades_card(c, k):
                return inst
        elif is_hades_card(c, k) == new:
            return inst
    return -1


@kernel
def exchange_for(s, c, exchange):
    n = s.g[G_NPLAYERS]
    for i in range(n):
        p = (s.g[G_ACTIVE] + i) % n
        better = own_armor(s, c, p, E.Z_SETASIDE, exchange, True)
        if better < 0:
            continue
        old = own_armor(s, c, p, E.Z_CLOTH, exchange, False)
        if old >= 0 and equip_locked(s, c, p):
            old = -1  # the new Armor would be equipped anew: not under the Ring (ASG-19)
        if old < 0:
            old = own_armor(s, c, p, E.Z_HAND, exchange, False)
        if old < 0:
            continue
        z = s.inst_zone[old]
        move_to(s, old, p, E.Z_SETASIDE)
        move_to(s, better, p, z)
        if z == E.Z_HAND:
            hold(s, c, p, better)
        log_event(s, c, E.EV_EXCHANGE, p, better, z, 0)


@kernel
def exchange_armors(s, c, k):
    """Card k was acquired: the Armor exchanges it opens."""
    for exchange in (V2_CLOTH, HADES_ARMOR):
        if opens_exchange(s, c, k, exchange):
            exchange_for(s, c, exchange)
