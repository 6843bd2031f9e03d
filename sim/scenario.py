"""What happens if...: build a game state by hand, act on it, read it back.

    from sim.scenario import Scenario
    sc = Scenario.from_description({
        "players": 2, "heroes": ["Seiya", "Shiryu"], "flames": 5,
        "field": {5: "Taurus Aldebaran"},                  # slots 0..5 (5 is the sixth, the last)
        "reserve": ["Cassios"],                            # the last named is on top
        "seats": [{"hand": ["Pegasus Seiya (civilian)"] * 3, "cloth": "Pegasus Cloth"},
                  {"draw": ["Dragon Shiryu (civilian)"]}],  # draw pile: the last named is on top
    })
    sc.legal_actions(0)                 # what seat 0 may do now, as (kind, a, b) with names
    sc.play(0, sc.insts(0, "hand")[0], 5)
    sc.step(0)                          # one action chosen by seat 0's policy
    sc.turn(0)                          # the rest of the turn (main phase and upkeep), by its policy
    sc.names(0, "discard"), sc.field_names(), sc.flames, sc.score(0)
    print(sc.trace())                   # everything that happened, told as in `seiya trace`

A scenario starts as a game set up by the engine (Heroes, policies, rules parameters), with every
card then taken out of the game: nothing is anywhere until placed (`empty=False` keeps the setup's
cards where it put them). `partial_hades=True` builds an engine on Hades cards the engine does not
fully play yet, to test the Hades rules it plays. Seat 0 is the active player
unless `active=` says otherwise. Choices are made by each seat's policy ("value" unless
`policies=` says otherwise). Zones of a seat: draw (the last is the top), hand, discard, play,
cloth, wounded (a Wound token), destroyed, setaside, revealed, frozen (a Freeze token on side 2),
board (the techniques of an Asgard board: place them to use them);
common: the field (slots 0..5), the reserve (the last is the top), the field discard, the
Pillars, the Epic pile (no Epic is current until `epic` reveals one); with Hades, the Styx and
the Underworld's spaces, the Trials and the Ability pile, and each seat's Void, Shackle pile
(its top is the last) and Abilities. The card tests use this API.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from sim.engine import enums as E
from sim.engine.allocation import allocate_state, state_view
from sim.engine.policies.interface import choose_action
from sim.engine.resolution.actions import apply_action, drain, new_epic
from sim.engine.resolution.effects import run_program
from sim.engine.resolution.turn import main_phase, upkeep
from sim.engine.rules.fight import COSMOS, STRENGTH, can_acquire, effective_cost, fight_total
from sim.engine.rules.legal import (A_ACQUIRE, A_CLOTH_FIGHT, A_DESTROY_HERO, A_END, A_EQUIP, A_GIFT, A_HEAL, A_MOVE, A_PLACE, A_PLAY, A_RELIC, A_SENSE, A_TALENT,
                                    A_USE, A_WEAPON, legal_actions, use_trigger)
from sim.engine.modes import MODE_IDS, MODES
from sim.engine.modes.duel import DEFAULT_BOXES as DUEL_BOXES
from sim.engine.rules.field import remove_flames
from sim.engine.rules.houses import reveal_house, turn_end_step
from sim.engine.rules.scoring import score_player
from sim.engine.rules.zones import move_to
from sim.engine.rules.underworld import prepare_underworld
from sim.engine.params import R_UPKEEP_REMOVE_LAST_CARD
from sim.engine.state import (G_ACTIONS, G_ACTIVE, G_EPIC, G_FIELD_CHANGES, G_FIELD_END, G_FLAMES, G_HOURGLASSES, G_HEAL_HEARTS, G_HILDA, G_ILLEGAL,
                              G_GATE_TOKENS, G_IN_MAIN, G_LAST_FLAMES_SEEN, G_LOG_N, G_SOUL_POOL, G_TRIALS_ON, G_NO_CLOCK, G_TURN, G_WEAPONS, PL_ALGO, PL_ENERGY, PL_HERO, PL_HOUSE_COUNTER,
                              PL_WEAPONS, G_GAP, G_PILE_PILLAR, G_POSEIDON, G_WATER, PL_AWAKENING, PL_MARKER, PL_SENSES, PL_SENSES_SPENT, PL_SOULS,
                              PL_SPACE)
from sim.engine.structs import card_ref
from sim.games import engine_for, events_frame, game_config

CURRENCY = {"strength": STRENGTH, "cosmos": COSMOS}
ACTION_NAMES = {A_END: "end", A_EQUIP: "equip", A_PLAY: "play", A_CLOTH_FIGHT: "cloth_fights", A_USE: "use",
                A_HEAL: "heal", A_ACQUIRE: "acquire", A_RELIC: "play_relic", A_WEAPON: "arm", A_MOVE: "move",
                A_GIFT: "give", A_PLACE: "place", A_SENSE: "sense", A_TALENT: "talent",
                A_DESTROY_HERO: "destroy_hero"}
SEAT_ZONES = tuple(E.PLAYER_ZONE_NAMES)
LOG_CAPACITY = 20000


class Scenario:
    def __init__(self, players=2, heroes=("Seiya", "Shiryu", "Hyoga", "Shun", "Ikki"), policies=("value",),
                 seed=0, active=0, boxes=("base",), overrides=None, rules=None, cardset=None, partial_hades=False,
                 empty=True, mode="classic"):
        duel = mode == "duel"  # the Duel has no Bronze Heroes (DUEL-3) and plays all four boxes by default
        self.config = game_config(players=players, policies=policies, heroes=None if duel else tuple(heroes[:players]),
                                  seed=seed, boxes=DUEL_BOXES if duel and boxes == ("base",) else boxes,
                                  overrides=overrides, rules=rules, cardset=cardset, mode=mode)
        self.engine = engine_for(self.config, partial_hades)
        t = self.engine.table
        self.t = t
        self.by_name = {c.name: i for i, c in enumerate(self.engine.cards)}
        self.id_of = {c.name: c.id for c in self.engine.cards}
        algorithms, weights, hero_ids, rule_values = self.config.engine_arrays()
        self.st = allocate_state(len(t.inst_card), len(t.card_id), LOG_CAPACITY)
        self.st.rules[:] = rule_values
        self.c = card_ref(t)
        self.s = state_view(self.st)
        MODES[MODE_IDS[mode]].setup_game(self.s, self.c, 0, seed, players, hero_ids, algorithms, weights, E.LOG_FULL,
                                         0, 0)
        st = self.st
        if empty:  # an empty board: every card out of the game until it is placed
            st.zone_n[:, :] = 0
            st.zone[:, :, :] = -1
            st.field[:] = -1
            st.under[:] = -1
            st.under_up[:] = False
            st.g[G_FIELD_CHANGES] += 1  # as the engine counts its own changes of the field
            st.g[G_EPIC] = st.g[G_HOURGLASSES] = 0
            st.inst_row[:] = -1
            st.inst_zone[:] = -1
            st.held[:, :] = False
            st.g[G_LOG_N] = 0
        st.g[G_ACTIVE] = active
        st.g[G_TURN] = 1
        self.players = players

    @classmethod
    def from_description(cls, d: dict) -> "Scenario":
        """A scenario from a readable description: players, heroes, policies, seed, active, boxes,
        overrides, rules (as for the constructor); "flames"; "field" ({slot: name}); "reserve" and
        "field_discard" (lists of names); "seats" (one dict per seat: zone -> names, "cloth" a
        name)."""
        known = {"players", "heroes", "policies", "seed", "active", "boxes", "overrides", "rules", "flames", "field",
                 "reserve", "field_discard", "seats"}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)}; allowed: {', '.join(sorted(known))}")
        args = {k: d[k] for k in ("players", "heroes", "policies", "seed", "active", "boxes", "overrides", "rules")
                if k in d}
        if "heroes" in args:
            args["heroes"] = tuple(args["heroes"])
        if "policies" in args and isinstance(args["policies"], str):
            args["policies"] = (args["policies"],)
        sc = cls(**args)
        if "flames" in d:
            sc.set_flames(d["flames"])
        for slot, name in (d.get("field") or {}).items():
            sc.field(int(slot), name)
        sc.reserve(*(d.get("reserve") or ()))
        sc.field_discard(*(d.get("field_discard") or ()))
        for seat, zones in enumerate(d.get("seats") or ()):
            for zone, names in zones.items():
                if zone not in SEAT_ZONES:
                    raise ValueError(f"seat {seat}: unknown zone '{zone}'; allowed: {', '.join(SEAT_ZONES)}")
                for name in ([names] if isinstance(names, str) else names):
                    sc.put(seat, zone, name)
        return sc

    # --- placing cards ---------------------------------------------------------------------
    def _free_copy(self, name: str) -> int:
        if name not in self.by_name:
            raise ValueError(f"no card named {name!r} in boxes {', '.join(sorted(set(self.engine.origin.values())))}")
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
        if row >= E.MAX_SEATS:  # a common zone (its codes overlap the seats')
            return
        if zone == E.Z_WOUNDED:
            st.inst_wounds[inst] = 1
        elif zone == E.Z_FROZEN:
            st.inst_freeze[inst] = 2  # a Freeze token on side 2, as placed (ASG-12)
        elif zone == E.Z_HAND:
            st.held[row, self.t.inst_card[inst]] = True  # as the engine marks a card entering a hand

    def put(self, seat: int, zone: str, name: str) -> int:
        """Place a free copy of `name` in a zone of `seat` (on top of a pile); its instance id."""
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

    def pillars_aside(self, *names: str):
        """Set Pillars aside, as at setup (POS-10): those named, or every Pillar of the cards."""
        if not names:
            names = tuple(c.name for c in self.engine.cards if c.start == "pillar")
        return [self._push_common(E.Z_PILLARS_ASIDE, n) for n in names]

    def reveal_pillar(self, name: str) -> int:
        """Put a Pillar into the row of revealed Pillars (as a General's acquisition does); its instance."""
        return self._push_common(E.Z_PILLAR_ROW, name)

    def epic_pile(self, *names: str):
        """Put Epics in the Epic pile; the last one named is on top (revealed next)."""
        return [self._push_common(E.Z_EPICS, n) for n in names]

    def epic(self, name: str) -> int:
        """Reveal this Epic now, as a replacement does: it becomes the current one, with no
        hourglass, and applies at once (POS-3)."""
        inst = self._push_common(E.Z_EPICS, name)
        epic = int(self.st.g[G_EPIC]) - 1
        new_epic(self.s, self.c, epic)
        drain(self.s, self.c)
        return inst

    @property
    def current_epic(self) -> str | None:
        epic = int(self.st.g[G_EPIC]) - 1
        return self.name_of(epic) if epic >= 0 else None

    @property
    def hourglasses(self) -> int:
        return int(self.st.g[G_HOURGLASSES])

    def wound_cut(self, seat: int, slot: int):
        """Buy the cost of the field card in `slot` down by wounding a Character from hand (its
        `wound_cut`: Baian)."""
        self._act(seat, A_USE, int(self.st.field[slot]), E.T_COST)

    def use_epic(self, seat: int):
        """Use the current Epic's action (POS-8)."""
        self._act(seat, A_USE, int(self.st.g[G_EPIC]) - 1, E.T_EPIC_ACTION)

    def remove_flames(self, n: int, seat: int | None = None):
        """Put out n flames by a card text (each adds an hourglass to the current Epic, POS-2),
        then resolve what they caused."""
        seat = int(self.st.g[G_ACTIVE]) if seat is None else seat
        remove_flames(self.s, self.c, n, E.FLAME_TEXT, -1, seat)
        drain(self.s, self.c)

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
        self.st.g[G_IN_MAIN] = 1  # an action is a main-phase action (a Trial's condition is met then)
        before = self.st.g[G_ILLEGAL]
        go_on = apply_action(self.s, self.c, seat, kind, a, b)
        if self.st.g[G_ILLEGAL] != before:
            raise AssertionError(f"the engine refused action {ACTION_NAMES.get(kind, kind)} ({a}, {b}) as illegal")
        return bool(go_on)

    def play(self, seat: int, inst: int, slot: int):
        """Play a card from hand against the field card in `slot` (its Engagement applies)."""
        self._act(seat, A_PLAY, inst, slot)

    def equip(self, seat: int, inst: int):
        self._act(seat, A_EQUIP, inst, -1)

    def play_relic(self, seat: int, inst: int):
        """Play a Relic from hand into the seat's play area (ASG-19; its Engagement applies)."""
        self._act(seat, A_RELIC, inst, -1)

    def relic_slot(self, seat: int, relic: int) -> int:
        """The "slot" by which seat fights a Relic of its play area (the Ring): for `play`,
        `cloth_fights` and `acquire`."""
        return E.N_SLOTS + self.insts(seat, "relics").index(relic)

    def pillar_slot(self, pillar: int) -> int:
        """The "slot" by which a seat fights a revealed Pillar (POS-11): for `play`, `cloth_fights`
        and `acquire` (which destroys it)."""
        return E.PILLAR_AT + self.insts("common", "pillar_row").index(pillar)

    def arm(self, seat: int, hero: int):
        """Spend one of the seat's Balance Weapons on its Hero facing a Pillar (+4 Strength, POS-11)."""
        self._act(seat, A_WEAPON, hero, -1)

    def weapons(self, seat: int) -> int:
        """The seat's Balance Weapon tokens (seat "common": those left in the supply)."""
        return int(self.st.g[G_WEAPONS] if seat == "common" else self.st.pl[seat, PL_WEAPONS])

    def cloth_fights(self, seat: int, slot: int):
        self._act(seat, A_CLOTH_FIGHT, -1, slot)

    def use(self, seat: int, inst: int):
        """Spend a card (in hand, in play or the equipped Cloth) for its Discard/Wound/Destroy/Freeze use, or
        use a technique of the seat's board."""
        trig = use_trigger(self.c, self.t.inst_card[inst])
        self._act(seat, A_USE, inst, trig)

    def heal(self, seat: int, healer: int | None, marked: int):
        """Play a healer from hand (or the equipped Armor) on a wounded or frozen card; healer None
        spends the hearts the heal action has left (ASG-14)."""
        self._act(seat, A_HEAL, -1 if healer is None else healer, marked)

    def hearts_left(self) -> int:
        """The hearts the heal action going on has left (ASG-14)."""
        return int(self.st.g[G_HEAL_HEARTS])

    def freeze_side(self, inst: int) -> int:
        """The side of a frozen card's Freeze token: 2 as placed, 1 once a heart turned it, 0 none."""
        return int(self.st.inst_freeze[inst])

    def acquire(self, seat: int, slot: int, currency: str = "strength"):
        """End the fight against the card in `slot`, won in `currency`."""
        self._act(seat, A_ACQUIRE, slot, CURRENCY[currency])

    # --- the solo mode -------------------------------------------------------------------------
    def make_hilda(self):
        """Seat 1 becomes Hilda (the solo mode, base + Asgard): no Clock, her priorities choose for
        her, God Warriors leaving the field join her hand, Exits spare her."""
        from sim.engine.modes.solo import HILDA_SEAT
        from sim.engine.policies.registry import HILDA
        st = self.st
        st.g[G_HILDA] = HILDA_SEAT + 1
        st.g[G_NO_CLOCK] = 1
        st.g[G_FLAMES] = 0
        st.g[G_LAST_FLAMES_SEEN] = 0
        st.pl[HILDA_SEAT, PL_ALGO] = HILDA
        st.pl[HILDA_SEAT, PL_HERO] = -1
        st.rules[R_UPKEEP_REMOVE_LAST_CARD] = 1

    def hilda_roll(self, slot: int, icon: str):
        """Hilda's steps for a roll of slot 1-6 and an icon (discard, draw, purify, freeze,
        strength or cosmos)."""
        from sim.engine.modes.solo import hilda_face
        hilda_face(self.s, self.c, slot - 1, E.DIE_ICONS.index(icon))

    def hilda_score(self) -> int:
        from sim.engine.modes.solo import hilda_vp
        return int(hilda_vp(self.s, self.c))

    # --- the co-operative mode ----------------------------------------------------------------
    def make_coop(self, water: int = 0, gap: int = 0):
        """The co-op board (COOP-1..20): Poseidon at the seat after the players', no Clock, the
        field's 7 piles (empty), the Submersion marker in `gap`, the water at `water`; every
        player's Hero marker at pile 0 until `marker` moves it."""
        from sim.engine.policies.registry import POSEIDON
        st = self.st
        h = self.players
        st.g[G_POSEIDON] = h + 1
        st.pl[h, PL_ALGO] = POSEIDON
        st.pl[h, PL_HERO] = -1
        st.g[G_NO_CLOCK] = 1
        st.g[G_FLAMES] = 0
        st.g[G_LAST_FLAMES_SEEN] = 0
        st.g[G_FIELD_END] = 6
        st.g[G_GAP] = gap
        st.g[G_WATER] = water
        st.pl[:h, PL_MARKER] = 0

    @property
    def poseidon(self) -> int:
        """Poseidon's seat (co-op)."""
        return self.players

    def pile(self, pile: int, *names: str) -> list[int]:
        """Put face-down cards on a pile (co-op), the first named at the bottom (its General)."""
        return [self._push_common(E.Z_PILE + pile, n) for n in names]

    def pile_names(self, pile: int) -> list[str]:
        """A pile's face-down cards, bottom first."""
        n = self.st.zone_n[E.COMMON, E.Z_PILE + pile]
        return [self.name_of(i) for i in self.st.zone[E.COMMON, E.Z_PILE + pile, :n]]

    def pile_top(self, pile: int, name: str) -> int:
        """Put a face-up card on top of a pile (co-op): on the field, at the pile's position."""
        from sim.engine.rules.coop import pos_of
        return self.field(int(pos_of(self.s, pile)), name)

    def slot_of(self, pile: int) -> int:
        """The field position of a pile (co-op): the action index of its face-up top."""
        from sim.engine.rules.coop import pos_of
        return int(pos_of(self.s, pile))

    def top_of(self, pile: int):
        """The name of a pile's face-up top (co-op), or None."""
        from sim.engine.rules.coop import pos_of
        inst = self.st.field[pos_of(self.s, pile)]
        return self.name_of(inst) if inst >= 0 else None

    def pillar_under(self, pile: int, name: str) -> int:
        """Set a Pillar aside under a pile (co-op)."""
        inst = self._push_common(E.Z_PILLARS_ASIDE, name)
        self.st.g[G_PILE_PILLAR + pile] = inst + 1
        return inst

    def marker(self, seat: int, pile: int):
        self.st.pl[seat, PL_MARKER] = pile

    def move(self, seat: int, card: int, way: int):
        """Discard `card` from hand to move the seat's Hero marker one pile (+1 clockwise, -1 counter)."""
        self._act(seat, A_MOVE, card, way)

    def give(self, seat: int, card: int, receiver: int):
        self._act(seat, A_GIFT, card, receiver)

    def poseidon_phase(self):
        """Play a Poseidon phase (co-op); the reason it ended the game, or None."""
        from sim.engine.modes.coop import poseidon_phase
        end = int(poseidon_phase(self.s, self.c, self.players))
        return E.END_REASONS[end] if end >= 0 else None

    def poseidon_score(self) -> int:
        from sim.engine.modes.coop import poseidon_score
        return int(poseidon_score(self.s, self.c))

    @property
    def water(self) -> int:
        return int(self.st.g[G_WATER])

    @property
    def gap(self) -> int:
        return int(self.st.g[G_GAP])

    # --- Hades's Underworld --------------------------------------------------------------------
    def styx(self, *names: str):
        """Put cards in the Styx; the last one named is on top (dealt first)."""
        return [self._push_common(E.Z_STYX, n) for n in names]

    def underworld(self, space: int, name: str, face_up: bool = False) -> int:
        """Put a Styx card on an Underworld space: 0 is Elysion, 4 the Gate (no Appearance)."""
        inst = self._free_copy(name)
        self.st.under[space] = inst
        self.st.under_up[space] = face_up
        self.st.inst_row[inst] = E.COMMON
        self.st.inst_zone[inst] = E.Z_UNDERWORLD
        return inst

    def underworld_names(self) -> list:
        """The card on each space, Elysion first (None: empty); a face-down card's name in brackets."""
        return [None if i < 0 else self.name_of(i) if up else f"[{self.name_of(i)}]"
                for i, up in zip(self.st.under, self.st.under_up)]

    @property
    def gate_tokens(self) -> int:
        return int(self.st.g[G_GATE_TOKENS])

    @gate_tokens.setter
    def gate_tokens(self, n: int):
        self.st.g[G_GATE_TOKENS] = n

    def souls(self, seat) -> int:
        """The seat's Souls (seat "common": those left in the pool, -1 if it is unlimited)."""
        return int(self.st.g[G_SOUL_POOL] if seat == "common" else self.st.pl[seat, PL_SOULS])

    def hero_space(self, seat: int, space: int):
        """Put the seat's Hero marker on an Underworld space (0 Elysion .. 4 the Gate); the cards it
        reaches are not turned up until the Underworld is next prepared or a marker moves."""
        self.st.pl[seat, PL_SPACE] = space

    @staticmethod
    def under_slot(space: int) -> int:
        """The "slot" by which a seat fights the card on an Underworld space (for `play`,
        `cloth_fights` and `annihilate`)."""
        return E.UNDER_AT + space

    def shackle_slot(self, seat: int, inst: int) -> int:
        """The "slot" by which `seat` fights a card of its own Shackle pile (for `play` and `free`)."""
        return E.SHACKLE_AT + self.insts(seat, "shackle").index(inst)

    def annihilate(self, seat: int, space: int, bonus: str = "no bonus"):
        """End the fight against the card on `space`, taking one bonus of the space (E.BONUS_NAMES)."""
        self._act(seat, A_ACQUIRE, E.UNDER_AT + space, E.BONUS_NAMES.index(bonus))

    def free(self, seat: int, inst: int, take_souls: bool = True):
        """End the fight against a card of the seat's Shackle pile: it goes under the Styx."""
        self._act(seat, A_ACQUIRE, self.shackle_slot(seat, inst), int(take_souls))

    def place(self, seat: int, space: int, target: int):
        """Place the card on `space` onto `target`'s Shackle pile with Souls (HAD-27)."""
        self._act(seat, A_PLACE, space, target)

    def sense(self, seat: int, sense: int, b: int = -1):
        """Use the seat's Sense number `sense` (5 to 8, HAD-9) on b: a Character of its in play, the
        8th Sense's move in spaces (negative: toward Elysion), or -1."""
        self._act(seat, A_SENSE, sense - 5, b)

    def senses(self, seat: int) -> tuple:
        """(Senses held, the spent ones as a bit mask from the 5th, the Awakening active)."""
        return tuple(int(self.st.pl[seat, x]) for x in (PL_SENSES, PL_SENSES_SPENT, PL_AWAKENING))

    def set_senses(self, seat: int, n: int, spent: int = 0, awakening: int = 1):
        self.st.pl[seat, PL_SENSES], self.st.pl[seat, PL_SENSES_SPENT], self.st.pl[seat, PL_AWAKENING] = n, spent, awakening

    def trials(self, *names: str):
        """Reveal these Trials (HAD-10): their conditions are looked for in the active player's main phase."""
        self.st.g[G_TRIALS_ON] = 1
        return [self._push_common(E.Z_TRIALS, n) for n in names]

    def ability_pile(self, *names: str):
        """Put Abilities in their pile; the last one named is on top (drawn first)."""
        return [self._push_common(E.Z_ABILITY_PILE, n) for n in names]

    def use_ability(self, seat: int, inst: int):
        """Use an Ability the seat holds for its effect (HAD-11)."""
        self._act(seat, A_USE, inst, E.T_ABILITY)

    def talent(self, seat: int, inst: int, ability: int):
        """Pay the Talent of inst, a card of the seat's in play, with the Ability it holds (HAD-12)."""
        self._act(seat, A_TALENT, inst, ability)

    # --- the Duel (DUEL-1..19) -------------------------------------------------------------------
    HOUSE_SLOT = E.HOUSE_AT  # the "slot" by which a seat fights the revealed House (for `play`)

    def house_counter(self, seat: int) -> int:
        return int(self.st.pl[seat, PL_HOUSE_COUNTER])

    def revealed_house(self) -> str | None:
        pile = self.insts("common", "house_pile")
        return self.name_of(pile[-1]) if pile else None

    def stack_houses(self, *names: str):
        """Make the House pile these Houses, the last one named on top, and reveal it: both counters
        reset (DUEL-6). The Houses left out of it go out of the game."""
        for inst in self.insts("common", "house_pile"):
            self._move(inst, E.COMMON, E.Z_OUT)
        for name in names:
            inst = next(i for i in self.insts("common", "out") if self.name_of(i) == name)
            self._move(inst, E.COMMON, E.Z_HOUSE_PILE)
        reveal_house(self.s, self.c)

    def give_houses(self, seat: int, *names: str):
        """Put these Houses, out of the game, among the seat's Houses (no counter moves)."""
        for name in names:
            inst = next(i for i in self.insts("common", "out") + self.insts("common", "house_pile")
                        if self.name_of(i) == name)
            self._move(inst, seat, E.Z_HOUSES)

    def take_house(self, seat: int):
        """End the seat's won fight against the revealed House (DUEL-19)."""
        self._act(seat, A_ACQUIRE, E.HOUSE_AT, STRENGTH)

    def destroy_hero(self, seat: int, inst: int):
        """Destroy a Hero of the seat's hand for the revealed House's condition (DUEL-17)."""
        self._act(seat, A_DESTROY_HERO, inst, -1)

    def end_turn_counter(self, seat: int):
        """The counter step after the seat's upkeep (DUEL-6)."""
        turn_end_step(self.s, self.c, seat)

    def _move(self, inst: int, row: int, zone: int):
        move_to(self.s, inst, row, zone)

    def set_souls(self, seat: int, n: int):
        """Give the seat n Souls (from the pool, as a gain would)."""
        st = self.st
        if st.g[G_SOUL_POOL] >= 0:
            st.g[G_SOUL_POOL] -= n - st.pl[seat, PL_SOULS]
        st.pl[seat, PL_SOULS] = n

    def prepare_underworld(self, seat: int | None = None):
        """Upkeep step 4 for the active player (or `seat`, who becomes it): cases A, B or C (HAD-2),
        with what they cause."""
        seat = int(self.st.g[G_ACTIVE]) if seat is None else seat
        self.st.g[G_ACTIVE] = seat
        prepare_underworld(self.s, self.c, seat)
        drain(self.s, self.c)

    def legal_actions(self, seat: int) -> list[tuple]:
        """Every action the rules allow seat now: (kind, a, b) with kind a name, a and b as
        `apply_action` takes them (instances, slots, triggers, currencies)."""
        rows = np.zeros((0, 3), np.int64)
        rows = np.zeros((legal_actions(self.s, self.c, seat, 0, rows), 3), np.int64)
        legal_actions(self.s, self.c, seat, 0, rows)
        return [(ACTION_NAMES[int(kind)], int(a), int(b)) for kind, a, b in rows]

    def step(self, seat: int) -> tuple:
        """Apply one action chosen by seat's policy; the action, as `legal_actions` names it."""
        self.st.g[G_ACTIONS] += 1
        choose_action(self.s, self.c, seat, self.st.action)
        kind, a, b = (int(x) for x in self.st.action)
        self._act(seat, kind, a, b)
        return ACTION_NAMES[kind], a, b

    def turn(self, seat: int):
        """The rest of seat's turn, by its policy: the main phase, then the upkeep."""
        self.st.g[G_ACTIVE] = seat
        main_phase(self.s, self.c, seat, self.st.action)
        self.upkeep(seat)

    def trigger(self, trigger: str, inst: int, seat: int = 0, target: int = -1, slot: int = -1):
        """Run one program of a card directly (e.g. "arrival", "defeated"), then resolve what it caused."""
        self.st.g[G_IN_MAIN] = 1  # as in the main phase
        run_program(self.s, self.c, E.TRIGGER_NAMES[trigger], inst, seat, target, slot)
        drain(self.s, self.c)

    def arrive(self, slot: int, name: str) -> int:
        """Reveal a card on a slot during play: its Arrival applies (seat = the active player)."""
        inst = self.field(slot, name)
        self.trigger("arrival", inst, int(self.st.g[G_ACTIVE]), inst, slot)
        return inst

    def upkeep(self, seat: int):
        upkeep(self.s, self.c, seat, self.st.keep)

    # --- looking -------------------------------------------------------------------------------
    def score(self, seat: int) -> int:
        return int(score_player(self.s, self.c, seat))

    def can_acquire(self, seat: int, slot: int, currency: str = "strength") -> bool:
        return bool(can_acquire(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def cost(self, seat: int, slot: int, currency: str = "strength") -> int:
        return int(effective_cost(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def total(self, seat: int, slot: int, currency: str = "strength") -> int:
        return int(fight_total(self.s, self.c, self.st.field[slot], CURRENCY[currency], seat))

    def name_of(self, inst: int) -> str:
        return self.engine.cards[self.t.inst_card[inst]].name

    def insts(self, seat, zone: str) -> list[int]:
        row = E.COMMON if seat == "common" else seat
        z = {"reserve": E.Z_RESERVE, "field_discard": E.Z_BF_DISCARD, "pillars_aside": E.Z_PILLARS_ASIDE,
             "pillar_row": E.Z_PILLAR_ROW, "epics": E.Z_EPICS, "epics_revealed": E.Z_EPICS_REVEALED,
             "styx": E.Z_STYX, "trials": E.Z_TRIALS, "trial_pile": E.Z_TRIAL_PILE,
             "trial_discard": E.Z_TRIAL_DISCARD, "ability_pile": E.Z_ABILITY_PILE, "house_pile": E.Z_HOUSE_PILE,
             "altar": E.Z_ALTAR, "out": E.Z_OUT}.get(zone) \
            if seat == "common" \
            else E.Z_ABILITY_PILE if zone == "ability_pile" else E.PLAYER_ZONE_NAMES[zone]  # a Duel side's own pile
        n = self.st.zone_n[row, z]
        return [int(x) for x in self.st.zone[row, z, :n]]

    def names(self, seat, zone: str) -> list[str]:
        return sorted(self.name_of(i) for i in self.insts(seat, zone))

    def count(self, seat, zone: str) -> int:
        return len(self.insts(seat, zone))

    def field_names(self) -> list:
        return [self.name_of(i) if i >= 0 else None for i in self.st.field[:self.st.g[G_FIELD_END] + 1]]

    def zone_of(self, inst: int):
        """(row, zone name) of an instance; row "common" for the reserve/field/battlefield discard."""
        row, z = int(self.st.inst_row[inst]), int(self.st.inst_zone[inst])
        if z == E.Z_BATTLEFIELD:
            return ("common", "field")
        if z == E.Z_UNDERWORLD:
            return ("common", "underworld")
        if row == E.COMMON:
            return ("common", {E.Z_RESERVE: "reserve", E.Z_BF_DISCARD: "field_discard", E.Z_PENDING: "pending",
                               E.Z_OUT: "out", E.Z_STYX: "styx", E.Z_TRIALS: "trials",
                               E.Z_TRIAL_PILE: "trial_pile", E.Z_TRIAL_DISCARD: "trial_discard",
                               E.Z_ABILITY_PILE: "ability_pile", E.Z_HOUSE_PILE: "house_pile",
                               E.Z_ALTAR: "altar"}[z])
        if row < 0:
            return (None, None)
        if z == E.Z_ABILITY_PILE:
            return (row, "ability_pile")
        inv = {v: k for k, v in E.PLAYER_ZONE_NAMES.items()}
        return (row, inv[z])

    @property
    def flames(self) -> int:
        return int(self.st.g[G_FLAMES])

    def energy(self, seat: int) -> int:
        """Energy on the seat's board (Asgard, ASG-1..3)."""
        return int(self.st.pl[seat, PL_ENERGY])

    def set_energy(self, seat: int, n: int):
        self.st.pl[seat, PL_ENERGY] = n

    def log_kinds(self) -> list[str]:
        n = int(self.st.g[G_LOG_N])
        return [E.EV_NAMES[k] for k in self.st.log[:n, E.E_KIND]]

    def events(self) -> pd.DataFrame:
        """Everything logged so far, one row per event (the columns of `sim.play`'s events)."""
        n = int(self.st.g[G_LOG_N])
        cols = np.vstack([np.zeros((1, n), np.int32), self.st.log[:n].T])
        return events_frame(cols)

    def trace(self) -> str:
        """The events so far told as `seiya trace` tells a game."""
        from sim.tracing import event_lines
        return "\n".join(event_lines(self.events(), self.engine.frame, self.players)) + "\n"
