"""Asgard: exchanging the base Bronze Cloth for the V2 one (ASG-18).

When anyone acquires one of the base box's Gold Saints, by any means, every player whose own base
Bronze Cloth is equipped or in hand swaps it for their set-aside V2 Cloth, the active player first,
then in seat order. The V2 takes the base Cloth's place; the base Cloth leaves the game (it joins
the set-aside cards, which only an upgrade's Characters leave). Once per player and game: the V2 is
then no longer set aside. The swap is optional, but a V2 Cloth is better in every way (1 Strength
more, its upgrade goes to the hand), so every player makes it: the ruling's default policy, with
no decision for a policy to weigh. Without Asgard cards nobody has a V2 set aside and nothing happens.
Under the Ring of the Nibelungen (ASG-19) an equipped base Cloth is not exchanged: the V2 would be
equipped anew; one in hand is.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.zones import equip_locked, hold, log_event, move_to
from sim.engine.state import G_ACTIVE, G_NPLAYERS, PL_HERO


@kernel
def opens_exchange(c, k):
    """Is card k one of the base box's Gold Saints?"""
    return (c.classes[k] & E.CLASS_GOLD_SAINT) != 0 and c.card_id[k] <= E.BASE_BOX_MAX_ID


@kernel
def own_bronze_cloth(s, c, p, z, start):
    """The Bronze Cloth of p's own Hero in p's zone z whose card starts the game in `start` (the
    card file's start code: 1 the deck, the base Cloth; 2 set aside, the V2), -1 if none."""
    for j in range(s.zone_n[p, z]):
        inst = s.zone[p, z, j]
        k = c.inst_card[inst]
        if c.hero[k] == s.pl[p, PL_HERO] and (c.classes[k] & E.CLASS_BRONZE_CLOTH) and c.start[k] == start:
            return inst
    return -1


@kernel
def exchange_bronze_cloths(s, c):
    n = s.g[G_NPLAYERS]
    for i in range(n):
        p = (s.g[G_ACTIVE] + i) % n
        v2 = own_bronze_cloth(s, c, p, E.Z_SETASIDE, 2)
        if v2 < 0:
            continue
        base = own_bronze_cloth(s, c, p, E.Z_CLOTH, 1)
        if base >= 0 and equip_locked(s, c, p):
            base = -1  # the V2 would be equipped anew: not under the Ring (ASG-19)
        if base < 0:
            base = own_bronze_cloth(s, c, p, E.Z_HAND, 1)
        if base < 0:
            continue
        z = s.inst_zone[base]
        move_to(s, base, p, E.Z_SETASIDE)
        move_to(s, v2, p, z)
        if z == E.Z_HAND:
            hold(s, c, p, v2)
        log_event(s, c, E.EV_EXCHANGE, p, v2, z, 0)
