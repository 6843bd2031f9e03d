"""Build small game states by hand and drive the engine's kernels on them (for card tests).

    sc = Scenario(players=2, heroes=("Seiya", "Shiryu"))   # empty board: no cards anywhere
    misty = sc.hand(0, "Lizard Misty")                     # a copy into seat 0's hand
    sc.put(0, "wounded", "Pegasus Seiya (civilian)")
    sc.use(0, misty)                                       # the Discard use, as a player does it
    assert sc.names(0, "destroyed") == ["Pegasus Seiya (civilian)"]

Zones: draw (last = top), hand, discard, play, cloth, wounded, destroyed, setaside, revealed;
the field is slots 0..5 (slot 5 is the sixth, last slot); the reserve's last card is its top.
Seat 0 is the active player unless `active=` says otherwise. Choices are made by each seat's
policy ("value" unless `policies=` says otherwise); set up states where the choice is forced
when the outcome must not depend on a policy's taste.
"""
from __future__ import annotations

import numpy as np

import sim  # noqa: F401  (configures the numba cache)
from sim.engine import enums as E
from sim.games import _seat_config, get_engine
from sim.engine.resolution.effects import run_program
from sim.engine.rules.fight import COSMOS, STRENGTH, can_acquire, effective_cost, fight_total
from sim.engine.modes.classic import setup_game
from sim.engine.policies.heuristic import (A_ACQUIRE, A_CLOTH_FIGHT, A_EQUIP, A_HEAL, A_PLAY, A_USE,
                          use_trigger)
from sim.policy_catalog import N_WEIGHTS
from sim.engine.resolution.actions import apply_action, drain
from sim.engine.rules.scoring import score_player
from sim.engine.state import G_ACTIVE, G_FIELD_CHANGES, G_FLAMES, G_ILLEGAL, G_LOG_N, allocate_state
from sim.engine.structs import card_ref, state_ref
from sim.engine.resolution.turn import upkeep

CURRENCY = {"strength": STRENGTH, "cosmos": COSMOS}


class Scenario:
    def __init__(self, players=2, heroes=("Seiya", "Shiryu", "Hyoga", "Shun", "Ikki"), policies=("value",),
                 seed=0, active=0, boxes=("base",), overrides=None):
        self.engine = get_engine(boxes, None, overrides)
        t = self.engine.table
        self.t = t
        self.by_name = {c.name: i for i, c in enumerate(self.engine.cards)}
        self.id_of = {c.name: c.id for c in self.engine.cards}
        names, ids, weights, hero_ids = _seat_config(players, policies, tuple(heroes[:players]))
        self.st = allocate_state(len(t.inst_card), len(t.card_id), N_WEIGHTS, 20000)
        self.c = card_ref(t)
        self.s = state_ref(self.st)
        setup_game(self.s, self.c, 0, seed, players, hero_ids, ids, weights, E.LOG_FULL, 40, 0, 0)
        # an empty board: every card out of the game until a test places it
        st = self.st
        st.zone_n[:, :] = 0
        st.zone[:, :, :] = -1
        st.field[:] = -1
        st.g[G_FIELD_CHANGES] += 1  # as the engine counts its own changes of the field
        st.inst_row[:] = -1
        st.inst_zone[:] = -1
        st.g[G_LOG_N] = 0
        st.g[G_ACTIVE] = active
        self.action = np.zeros(3, np.int64)

    # --- placing cards ---------------------------------------------------------------------
    def _free_copy(self, name: str) -> int:
        k = self.by_name[name]
        for inst in np.nonzero(self.t.inst_card == k)[0]:
            if self.st.inst_row[inst] == -1:
                return int(inst)
        raise ValueError(f"no copy of {name!r} left to place (the box has {self.t.copies[k]})")

    def _push(self, row, zone, inst):
        st = self.st
        n = st.zone_n[row, zone]
        st.zone[row, zone, n] = inst
        st.zone_n[row, zone] = n + 1
        st.inst_row[inst] = row
        st.inst_zone[inst] = zone
        if zone == E.Z_WOUNDED:
            st.inst_wounds[inst] = 1

    def put(self, seat: int, zone: str, name: str) -> int:
        """Place a free copy of `name` in a zone of `seat`; return its instance id."""
        inst = self._free_copy(name)
        self._push(seat, E.PLAYER_ZONE_NAMES[zone], inst)
        return inst

    def hand(self, seat: int, *names: str):
        insts = [self.put(seat, "hand", n) for n in names]
        return insts[0] if len(insts) == 1 else insts

    def field(self, slot: int, name: str) -> int:
        """Place a card face up on a field slot (no Arrival, as at setup)."""
        inst = self._free_copy(name)
        self.st.field[slot] = inst
        self.st.g[G_FIELD_CHANGES] += 1
        self.st.inst_row[inst] = E.COMMON
        self.st.inst_zone[inst] = E.Z_BATTLEFIELD
        return inst

    def reserve(self, *names: str):
        """Put cards in the reserve; the last one named is on top (revealed first)."""
        return [self._push_common(E.Z_RESERVE, n) for n in names]

    def field_discard(self, *names: str):
        return [self._push_common(E.Z_BF_DISCARD, n) for n in names]

    def _push_common(self, zone, name):
        inst = self._free_copy(name)
        self._push(E.COMMON, zone, inst)
        return inst

    def set_flames(self, n: int):
        self.st.g[G_FLAMES] = n

    # --- acting ------------------------------------------------------------------------------
    def _act(self, seat, kind, a, b):
        before = self.st.g[G_ILLEGAL]
        apply_action(self.s, self.c, seat, kind, a, b)
        if self.st.g[G_ILLEGAL] != before:
            raise AssertionError(f"the engine refused action {kind} ({a}, {b}) as illegal")

    def play(self, seat: int, inst: int, slot: int):
        """Play a card from hand against the field card in `slot` (its Engagement applies)."""
        self._act(seat, A_PLAY, inst, slot)

    def equip(self, seat: int, inst: int):
        self._act(seat, A_EQUIP, inst, -1)

    def cloth_fights(self, seat: int, slot: int):
        self._act(seat, A_CLOTH_FIGHT, -1, slot)

    def use(self, seat: int, inst: int):
        """Spend a card (in hand, in play or the equipped Cloth) for its Discard/Wound/Destroy use."""
        trig = use_trigger(self.c, self.t.inst_card[inst])
        self._act(seat, A_USE, inst, trig)

    def heal(self, seat: int, healer: int, wounded: int):
        self._act(seat, A_HEAL, healer, wounded)

    def acquire(self, seat: int, slot: int, currency: str = "strength"):
        """End the fight against the card in `slot`, won in `currency`."""
        self._act(seat, A_ACQUIRE, slot, CURRENCY[currency])

    def can_acquire(self, seat: int, slot: int, currency: str = "strength") -> bool:
        return bool(can_acquire(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def cost(self, seat: int, slot: int, currency: str = "strength") -> int:
        return int(effective_cost(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def total(self, seat: int, slot: int, currency: str = "strength") -> int:
        return int(fight_total(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def trigger(self, trigger: str, inst: int, seat: int = 0, target: int = -1, slot: int = -1):
        """Run one program of a card directly (e.g. "arrival", "defeated"), then resolve what it caused."""
        run_program(self.s, self.c, E.TRIGGER_NAMES[trigger], inst, seat, target, slot)
        drain(self.s, self.c)

    def arrive(self, slot: int, name: str) -> int:
        """Reveal a card on a slot during play: its Arrival applies (seat = the active player)."""
        inst = self.field(slot, name)
        self.trigger("arrival", inst, int(self.st.g[G_ACTIVE]), inst, slot)
        return inst

    def upkeep(self, seat: int):
        keep = np.zeros(len(self.t.inst_card), np.bool_)
        upkeep(self.s, self.c, seat, keep)

    def score(self, seat: int) -> int:
        return int(score_player(self.s, self.c, seat))

    # --- looking -------------------------------------------------------------------------------
    def name_of(self, inst: int) -> str:
        return self.engine.cards[self.t.inst_card[inst]].name

    def insts(self, seat: int, zone: str) -> list[int]:
        row = E.COMMON if seat == "common" else seat
        z = {"reserve": E.Z_RESERVE, "field_discard": E.Z_BF_DISCARD}.get(zone) if seat == "common" \
            else E.PLAYER_ZONE_NAMES[zone]
        n = self.st.zone_n[row, z]
        return [int(x) for x in self.st.zone[row, z, :n]]

    def names(self, seat, zone: str) -> list[str]:
        return sorted(self.name_of(i) for i in self.insts(seat, zone))

    def count(self, seat, zone: str) -> int:
        return len(self.insts(seat, zone))

    def field_names(self) -> list:
        return [self.name_of(i) if i >= 0 else None for i in self.st.field]

    def zone_of(self, inst: int):
        """(row, zone name) of an instance; row "common" for the reserve/field/battlefield discard."""
        row, z = int(self.st.inst_row[inst]), int(self.st.inst_zone[inst])
        if z == E.Z_BATTLEFIELD:
            return ("common", "field")
        if row == E.COMMON:
            return ("common", {E.Z_RESERVE: "reserve", E.Z_BF_DISCARD: "field_discard", E.Z_PENDING: "pending"}[z])
        if row < 0:
            return (None, None)
        inv = {v: k for k, v in E.PLAYER_ZONE_NAMES.items()}
        return (row, inv[z])

    @property
    def flames(self) -> int:
        return int(self.st.g[G_FLAMES])

    def log_kinds(self) -> list[str]:
        n = int(self.st.g[G_LOG_N])
        return [E.EV_NAMES[k] for k in self.st.log[:n, E.E_KIND]]
