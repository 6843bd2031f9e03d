"""Poseidon's Pillars and Balance Weapons (POS-10, POS-11, POS-13).

The Pillars wait set aside (common zone Z_PILLARS_ASIDE). Acquiring a Marina General gives a
Balance Weapon token while the supply has one, then reveals the General's Pillar into the Pillar
row (Z_PILLAR_ROW), unless it is revealed or destroyed already. A revealed Pillar is fought like a
field card but is none (GEN-16, POS-21): its action index is PILLAR_AT + its place in the row
(`zones.fight_target`), its cost a fixed 10 Strength, less 1 per fighter it names (its
`cost_per_fighter` rule: "each Marina gets +1 Strength"), without the field's modifiers. A Balance
Weapon spent on a Hero facing it adds 4 Strength (one per Hero card). Destroyed, it goes face B
into its destroyer's Pillar area (Z_PILLARS), scored there (POS-12); the fighters are discarded.
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.fight import fight_totals, fighter_cuts
from sim.engine.rules.zones import discard_fighters, log_event, move_to, rule_total, trial_event, zone_push
from sim.engine.rules.coop import water_down
from sim.engine.state import G_POSEIDON, G_TURN_MARKS, G_WEAPONS, IF_ARMED, PL_WEAPONS, PL_WON_FIGHTS


@kernel
def general_acquired(s, c, inst, p):
    """p acquired inst: if it is a Marina General, p takes a Balance Weapon while the supply has
    one, then its Pillar is revealed if it is still set aside (POS-10, POS-13)."""
    pillar = c.pillar_of[c.inst_card[inst]]
    if pillar < 0:
        return
    if s.g[G_POSEIDON]:  # co-op: a General from inside a pile gives its Weapon; no Pillar is revealed (COOP-5)
        gain_weapon(s, c, p, inst)
        return
    gain_weapon(s, c, p, inst)
    for j in range(s.zone_n[E.COMMON, E.Z_PILLARS_ASIDE]):
        x = s.zone[E.COMMON, E.Z_PILLARS_ASIDE, j]
        if c.inst_card[x] == pillar:
            move_to(s, x, E.COMMON, E.Z_PILLAR_ROW)
            log_event(s, c, E.EV_PILLAR, p, x, 0, 0)
            return


@kernel
def gain_weapon(s, c, p, source):
    """p takes a Balance Weapon token from the supply, if one is left (a gain is lost otherwise,
    POS-13); `source`: the card that gives it, for the log."""
    if s.g[G_WEAPONS] > 0:
        s.g[G_WEAPONS] -= 1
        s.pl[p, PL_WEAPONS] += 1
        log_event(s, c, E.EV_WEAPON, p, source, 1, s.g[G_WEAPONS])


@kernel
def take_weapon(s, c, p, q, source):
    """p takes one of q's Balance Weapon tokens, if q has one (Marina Soldier #2021's Marked)."""
    if q >= 0 and q != p and s.pl[q, PL_WEAPONS] > 0:
        s.pl[q, PL_WEAPONS] -= 1
        s.pl[p, PL_WEAPONS] += 1
        log_event(s, c, E.EV_WEAPON, p, source, 1, s.g[G_WEAPONS])


@kernel
def is_pillar(c, inst):
    return (c.classes[c.inst_card[inst]] & E.CLASS_PILLAR) != 0


@kernel
def pillar_need(s, c, pillar, p):
    """The Strength p's fighters must reach to destroy `pillar`: its 10, less what the fighters it
    names cut (POS-11)."""
    return max(c.strength_cost[c.inst_card[pillar]] - fighter_cuts(s, c, pillar, p)[0], 1)


@kernel
def fighter_bonus(c, target, inst):
    """What the fighter inst cuts from target's Strength cost by target's `cost_per_fighter` rule
    (a Pillar's "each Marina gets +1 Strength"): as much Strength as it adds."""
    return rule_total(c, c.inst_card[target], E.T_COST, E.OP_COST_PER_FIGHTER, inst, E.F_A)


@kernel
def pillar_won(s, c, pillar, p):
    """Do p's fighters facing the revealed `pillar` reach what destroys it?"""
    if s.inst_row[pillar] != E.COMMON or s.inst_zone[pillar] != E.Z_PILLAR_ROW:
        return False
    return fight_totals(s, c, pillar, p)[0] >= pillar_need(s, c, pillar, p)


@kernel
def destroy_pillar(s, c, p, pillar):
    """p destroys the Pillar its fighters face: it joins p's Pillar area (an acquisition, with no
    Defeated and no Flame); the fighters are discarded, as after a fight (POS-11)."""
    discard_fighters(s, c, p, pillar)
    move_to(s, pillar, p, E.Z_PILLARS)
    s.pl[p, PL_WON_FIGHTS] += 1
    log_event(s, c, E.EV_PILLAR, p, pillar, 1, 0)
    trial_event(s, p, E.EVT_DESTROY_PILLAR, pillar)
    if s.g[G_POSEIDON]:
        water_down(s, c, p)  # co-op: the water goes down (COOP-2)


@kernel
def can_arm(s, c, p, hero):
    """May p spend a Balance Weapon on `hero`: a Hero card of its play facing a Pillar, not armed yet?"""
    if s.pl[p, PL_WEAPONS] <= 0 or hero < 0 or s.inst_row[hero] != p or s.inst_zone[hero] != E.Z_PLAY:
        return False
    t = s.inst_facing[hero]
    return t >= 0 and is_pillar(c, t) and (c.classes[c.inst_card[hero]] & E.CLASS_HERO) != 0 \
        and (s.inst_flags[hero] & IF_ARMED) == 0


@kernel
def arm_hero(s, c, p, hero):
    """p spends a Balance Weapon on `hero`: +4 Strength this turn; the token goes back to the supply."""
    s.pl[p, PL_WEAPONS] -= 1
    s.g[G_WEAPONS] += 1
    s.inst_buff_str[hero] += E.WEAPON_STRENGTH
    s.inst_flags[hero] |= IF_ARMED
    s.g[G_TURN_MARKS] = 1  # cleared at the end of the turn with the other buffs
    log_event(s, c, E.EV_WEAPON, p, hero, -1, s.g[G_WEAPONS])


@kernel
def setaside_pillars(s, c, inst):
    """Setup: a Pillar waits set aside (POS-10); the Balance Weapons come with the Pillars (POS-13)."""
    zone_push(s, E.COMMON, E.Z_PILLARS_ASIDE, inst)
    s.g[G_WEAPONS] = E.N_WEAPONS
