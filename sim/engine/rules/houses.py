"""The Houses and the Altar of the Hades Duel (DUEL-6..9, DUEL-17, DUEL-19).

The House pile (common zone Z_HOUSE_PILE) has the revealed House on top; it is fought like a
Pillar, at the action index HOUSE_AT. Each player's counter (PL_HOUSE_COUNTER) is the Strength they
need to acquire it:
- whenever a House is revealed, both counters reset to min(6 + the Houses their player owns, 12)
  (the Altar's `counter_reset` may replace the 6);
- each time a player meets the revealed House's condition in their own main phase, their counter
  drops by its reduction (`meet_condition`);
- after their upkeep, the active player's drops by 1 (the Altar's `counter_step` may replace it);
- a counter never goes below 1.
Acquiring a House puts it among the player's Houses, reveals the next, resets both counters and
adds an hourglass to the current Epic. The Duel ends after the turn in which the last House is
acquired, or in which a player's Houses reach the Altar's `end_at_houses` (#125: 7).
"""
from sim.engine import enums as E
from sim.engine.jit import kernel
from sim.engine.rules.epics import add_hourglass
from sim.engine.rules.fight import fight_totals
from sim.engine.rules.zones import discard_fighters, log_event, move_to
from sim.engine.state import G_DUEL_OVER, G_NPLAYERS, PL_HOUSE_COUNTER, PL_WON_FIGHTS

START_COUNTER = 6   # a counter's reset value before the Houses owned are added (DUEL-6)
MAX_COUNTER = 12    # the most a reset gives
NO_LIMIT = 99       # no Altar ends the Duel at a number of Houses


@kernel
def altar_rule(s, c, code, default):
    """The n of the chosen Altar's rule `code` (OP_COUNTER_STEP, OP_COUNTER_RESET or
    OP_END_AT_HOUSES), or `default` if the Altar has no such rule or there is no Altar."""
    if s.zone_n[E.COMMON, E.Z_ALTAR] == 0:
        return default
    k = c.inst_card[s.zone[E.COMMON, E.Z_ALTAR, 0]]
    for i in range(c.prog[k, E.T_ALTAR, 0], c.prog[k, E.T_ALTAR, 0] + c.prog[k, E.T_ALTAR, 1]):
        if c.ops[i, E.F_OP] == code:
            return c.ops[i, E.F_N]
    return default


@kernel
def revealed_house(s):
    """The revealed House (the top of the House pile), or -1 once the pile is empty."""
    n = s.zone_n[E.COMMON, E.Z_HOUSE_PILE]
    return s.zone[E.COMMON, E.Z_HOUSE_PILE, n - 1] if n > 0 else -1


@kernel
def set_counter(s, c, p, value, why):
    """p's House counter becomes value, never below 1 (DUEL-6); `why`: E.HC_*."""
    value = max(value, 1)
    if value != s.pl[p, PL_HOUSE_COUNTER] or why == E.HC_RESET:
        s.pl[p, PL_HOUSE_COUNTER] = value
        log_event(s, c, E.EV_HOUSE_COUNTER, p, -1, value, why)


@kernel
def reveal_house(s, c):
    """The top House is revealed (setup, or after an acquisition): both counters reset (DUEL-6)."""
    house = revealed_house(s)
    if house < 0:
        return
    log_event(s, c, E.EV_HOUSE, -1, house, 0, 0)
    base = altar_rule(s, c, E.OP_COUNTER_RESET, START_COUNTER)
    for p in range(s.g[G_NPLAYERS]):
        set_counter(s, c, p, min(base + s.zone_n[p, E.Z_HOUSES], MAX_COUNTER), E.HC_RESET)


@kernel
def meet_condition(s, c, p, event):
    """An event of the active player p's main phase (EVT_*): if it is the revealed House's condition,
    p's counter drops by its reduction (DUEL-17)."""
    house = revealed_house(s)
    if house >= 0 and c.event[c.inst_card[house]] == event:
        set_counter(s, c, p, s.pl[p, PL_HOUSE_COUNTER] - c.reduction[c.inst_card[house]], E.HC_CONDITION)


@kernel
def house_won(s, c, p):
    """Do p's fighters facing the revealed House reach p's counter (DUEL-19)?"""
    house = revealed_house(s)
    return house >= 0 and fight_totals(s, c, house, p)[0] >= s.pl[p, PL_HOUSE_COUNTER]


@kernel
def take_house(s, c, p):
    """p ends its won fight against the revealed House: its fighters are discarded, the House joins
    p's Houses (an acquisition: no Sense lost, no Defeated, no Armor exchange), the next is revealed
    and an hourglass goes on the Epic; the last House, or the Altar's count of Houses, ends the Duel
    once the turn is over (DUEL-8, DUEL-19)."""
    house = revealed_house(s)
    discard_fighters(s, c, p, house)
    move_to(s, house, p, E.Z_HOUSES)
    s.pl[p, PL_WON_FIGHTS] += 1
    log_event(s, c, E.EV_HOUSE, p, house, 1, s.zone_n[p, E.Z_HOUSES])
    if s.zone_n[E.COMMON, E.Z_HOUSE_PILE] == 0 \
            or s.zone_n[p, E.Z_HOUSES] >= altar_rule(s, c, E.OP_END_AT_HOUSES, NO_LIMIT):
        s.g[G_DUEL_OVER] = 1
    reveal_house(s, c)
    add_hourglass(s, c)


@kernel
def turn_end_step(s, c, p):
    """After p's upkeep: p's counter drops by 1, or by the Altar's `counter_step` (DUEL-6)."""
    set_counter(s, c, p, s.pl[p, PL_HOUSE_COUNTER] - altar_rule(s, c, E.OP_COUNTER_STEP, 1), E.HC_TURN_END)
