"""Compile validated card records into the arrays the engine reads.

`CardTable` holds one row per distinct card (numbers, class and rank bitmasks, name ids, and for
each trigger the slice of the op table holding its program), the op table itself, and the filter
and condition tables the ops point into. Only arrays: the engine never sees a Python object.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from sim.engine import enums as E
from sim.cards.schema import Arriving, Card, CardFileError, Condition, Hourglasses, Op, RuleIs, Select


class CardTable(NamedTuple):
    card_id: np.ndarray      # int64[C] printed number
    name_id: np.ndarray      # int64[C] same id for cards with the same name (all Seiya cards share one)
    classes: np.ndarray      # int64[C] CLASS_* bits, derived SAINT/CLOTH/CHARACTER/WARRIOR included
    ranks: np.ndarray        # int64[C] RANK_* bits
    hero: np.ndarray         # int64[C] 0..4 for a Hero's cards, -1 otherwise
    start: np.ndarray        # int64[C] E.START_NAMES: 0 reserve, 1 starting deck, 2 set aside, 3 gift, 4 board, 5 Pillar, 6 Epic
    energy: np.ndarray       # int64[C] a board technique's Energy cost (Asgard), 0 for a card
    copies: np.ndarray       # int64[C]
    strength_cost: np.ndarray  # int64[C] 0 = cannot be bought with Strength
    cosmos_cost: np.ndarray    # int64[C] 0 = cannot be bought with Cosmos
    strength: np.ndarray     # int64[C]
    heal: np.ndarray         # int64[C]
    cosmos: np.ndarray       # int64[C]
    vp: np.ndarray           # int64[C] printed fixed VP (variable part: the score program)
    icons: np.ndarray        # int64[C] ICON_* bits
    prog: np.ndarray         # int64[C, N_TRIGGERS, 2] (first op row, number of ops) per trigger
    ops: np.ndarray          # int64[K, OP_WIDTH]
    filters: np.ndarray      # int64[F, FILTER_WIDTH]
    conds: np.ndarray        # int64[Q, E.COND_WIDTH]
    inst_card: np.ndarray    # int64[I] card row of each physical card (copies laid out in row order)
    # Static facts about each card's programs, read by the policies at every decision
    use_trig: np.ndarray     # int64[C] trigger of its use program (T_*_USE, T_TECHNIQUE), -1 if it has none
    use_kind: np.ndarray     # int64[C] what its use does: E.USE_PLAIN, USE_HELPER, USE_UPGRADE
    prog_counts: np.ndarray  # int64[C, N_TRIGGERS, 3] (cards drawn, other steps, steps hurting opponents) per program
    fighters_needed: np.ndarray  # int64[C] Characters needed to fight it (`min_fighters` rule), 0 if no rule
    face_discards: np.ndarray    # int64[C] hand cards to discard to fight it (`face_cost` rule), 0 if no rule
    aids_fighters: np.ndarray    # int64[C] 1 if its `fighting` program changes the other cards facing its target
    changes_faced_cost: np.ndarray  # int64[C] 1 if its `fighting` program lowers or converts the cost of the card it faces
    field_rules: np.ndarray      # int64[C] the bit E.FIELD_BIT[code] of each op code of its `field` program
    cost_fixed: np.ndarray       # int64[C] 1 if nothing lowers its costs (its `cost` program's `no_reduction`)
    spends_tokens: np.ndarray    # int64[C] 1 if its use program cuts a cost per VP token it carries (`per_token`)
    passes: np.ndarray           # bool[F, I] whether each card instance passes each filter row (`matches`)
    pillar_of: np.ndarray        # int64[C] a Marina General: the card row of the Pillar it protects; -1 otherwise
    hourglasses: np.ndarray      # int64[C] an Epic's duration in hourglasses (POS-2); 0 for any other card
    uses_per_turn: np.ndarray    # int64[C] an Epic's action: the uses a turn (0: no limit)
    grade: np.ndarray            # int64[C] a Styx card's Grade: the Gate tokens it adds on leaving the Underworld (HAD-3)
    soul_cost: np.ndarray        # int64[C] a Styx card's Soul cost (HAD-27)
    soul_gain: np.ndarray        # int64[C] a Styx card's Soul gain (HAD-17, HAD-26)
    event: np.ndarray            # int64[C] a Trial's or a House's condition, E.EVT_* (0: none) (HAD-10, DUEL-17)
    reduction: np.ndarray        # int64[C] a House's: how much meeting its condition lowers a counter (DUEL-17)
    side: np.ndarray             # int64[C] a Duel card's side: SIDE_RENEGADES (seat 0), SIDE_GOLD_SAINTS (seat 1), -1 none
    symbol: np.ndarray           # int64[C] a Duel Hero's or Ability's Constellation, an index of E.CONSTELLATIONS; -1 none


def name_key(card: Card) -> str:
    """The name effects match: a Hero's Characters share the Hero's name (GEN-19: his Cloth is
    not "a Seiya", it keeps its own name; nor is a technique of his board)."""
    is_cloth = any(E.CLASS_NAMES[x] & E.CLOTH_CLASSES for x in card.classes)
    return card.hero if card.hero and not is_cloth and card.start != "board" else card.name


ANY_CARD = (0, 0, -1, -1, 0, -1, -1, -1, 0, -1, 0)  # a filter row without a constraint


class _Tables:
    def __init__(self, name_ids: dict[str, int]):
        self.name_ids = name_ids
        self.ops: list[list[int]] = []
        self.filters: list[tuple] = []
        self.name_sets: list[frozenset] = []  # the name ids of each `name = [...]` of a filter
        self.conds: list[tuple] = []
        self.context = ""

    def fail(self, msg):
        raise CardFileError(f"{self.context}: {msg}")

    def name(self, n: str | None) -> int:
        if n is None:
            return -1
        if n not in self.name_ids:
            self.fail(f"no card is named '{n}' (known names: Heroes by Hero name, other cards by name)")
        return self.name_ids[n]

    def filter(self, s: Select | None) -> int:
        if s is None:
            return -1
        name_set = -1
        if isinstance(s.name, list):  # the names a run lacks (another box's cards) match nothing
            names = frozenset(self.name_ids[n] for n in s.name if n in self.name_ids)
            if names not in self.name_sets:
                self.name_sets.append(names)
            name_set = self.name_sets.index(names)
        row = (
            sum(E.CLASS_NAMES[c] for c in s.classes),
            sum(E.RANK_NAMES[r] for r in s.rank),
            self.name(s.name) if name_set < 0 else -1,
            self.name(s.not_name),
            {None: 0, "has": 1, "none": 2}[s.cosmos],
            -1 if s.min_strength is None else s.min_strength,
            -1 if s.max_strength is None else s.max_strength,
            -1 if s.min_cosmos is None else s.min_cosmos,
            {None: 0, "has": 1, "none": 2}[s.cosmos_cost],
            name_set,
            sum(E.CLASS_NAMES[c] for c in s.not_class),
        )
        if row == ANY_CARD:
            return -1
        if row not in self.filters:
            self.filters.append(row)
        return self.filters.index(row)

    def cond(self, w) -> int:
        if w is None:
            return -1
        if isinstance(w, str):
            kind = {"flames_even": E.C_FLAMES_EVEN, "flames_odd": E.C_FLAMES_ODD,
                    "facing_first": E.C_FACING_FIRST, "facing_last": E.C_FACING_LAST,
                    "facing_cosmos_cost": E.C_FACING_COSMOS_COST}[w]
            row = (kind, 0, 0, -1, 0, 0)
        elif isinstance(w, Hourglasses):
            row = (E.C_HOURGLASSES, 0, 0, -1, w.hourglasses, 0)
        elif isinstance(w, Arriving):
            row = (E.C_ARRIVING, 0, 0, self.filter(w.arriving), 0, 0)
        elif isinstance(w, RuleIs):
            from sim.engine.params import BY_NAME, PARAMS, kernel_value
            p = BY_NAME[w.rule]
            row = (E.C_RULE_IS, PARAMS.index(p), 0, -1, kernel_value(p, w.is_), 0)
        else:
            assert isinstance(w, Condition)
            if w.alongside is not None:
                row = (E.C_COUNT_AT_LEAST, E.CNT_ALONGSIDE, 0, self.filter(w.alongside), w.at_least, 1)
            else:
                c = w.count
                src = {"field": E.CNT_FIELD, "alongside": E.CNT_ALONGSIDE, "deck": E.CNT_DECK,
                       "marked": E.CNT_MARKED, "field_discard": E.CNT_FIELD_DISCARD}.get(c.zone, E.CNT_ZONE)
                zone = E.PLAYER_ZONE_NAMES.get(c.zone, 0)
                kind, n = (E.C_COUNT_AT_LEAST, w.at_least) if w.at_most is None else (E.C_COUNT_AT_MOST, w.at_most)
                row = (kind, src, zone, self.filter(c.select), n, int(c.other))
        self.conds.append(row)
        return len(self.conds) - 1

    def op(self, o: Op) -> list[int]:
        r = [0] * E.OP_WIDTH
        r[E.F_OP] = E.OP_NAMES[o.op]
        r[E.F_WHO] = E.WHO_NAMES[o.who]
        r[E.F_ZONE] = E.SOURCE_NAMES[o.from_] if o.from_ else 0
        r[E.F_TO] = E.DEST_NAMES[o.to] if o.to else 0
        r[E.F_FILTER] = self.filter(o.select)
        r[E.F_N] = {"all": E.N_ALL, "last": E.N_LAST, "any": E.N_ANY}.get(o.n, o.n) if isinstance(o.n, str) else o.n
        by = o.by or ("self" if o.who in ("self", "fighters_owner") else "owner")
        r[E.F_BY] = E.BY_NAMES[by]
        flags = 0
        for attr, bit in (("pay", E.OPF_PAY), ("may", E.OPF_MAY), ("no_effects", E.OPF_NO_EFFECTS),
                          ("help", E.OPF_HELP), ("top", E.OPF_TOP), ("adjacent", E.OPF_ADJACENT),
                          ("same_slot", E.OPF_SAME_SLOT), ("then", E.OPF_THEN), ("or_", E.OPF_OR),
                          ("spare_self", E.OPF_SPARE_SELF), ("otherwise", E.OPF_OTHERWISE), ("bare", E.OPF_BARE),
                          ("per_token", E.OPF_PER_TOKEN), ("in_turns", E.OPF_IN_TURNS)):
            if getattr(o, attr):
                flags |= bit
        r[E.F_FLAGS] = flags
        r[E.F_A], r[E.F_B] = o.strength, o.cosmos
        r[E.F_COND] = self.cond(o.when)
        k = o.op
        if k == "shuffle":
            r[E.F_ZONE] = E.PLAYER_ZONE_NAMES[o.zone]
        elif k == "upgrade":
            if o.from_ not in (None, "cloth"):
                self.fail(f"upgrade applies the equipped Cloth's upgrade with from = 'cloth', not '{o.from_}'")
            r[E.F_TO] = E.DEST_NAMES[o.to] if o.to else E.Z_DISCARD
        elif k == "draw" and o.count is not None:
            if o.count not in ("alongside", "discard", "field"):
                self.fail(f"draw counts 'alongside' (one card per other card facing the same card), 'discard' "
                          f"(one card per such card in the discard pile) or 'field', not '{o.count}'")
            r[E.F_C] = {"alongside": E.CNT_ALONGSIDE, "discard": E.CNT_ZONE, "field": E.CNT_FIELD}[o.count]
            r[E.F_ZONE] = E.Z_DISCARD if o.count == "discard" else 0
        elif k == "give_self":
            r[E.F_TO] = E.DEST_NAMES[o.to] if o.to else E.Z_DISCARD
        elif k == "acquire":
            r[E.F_ZONE] = E.SOURCE_NAMES[o.from_] if o.from_ else E.Z_SRC_FIELD
            if o.to not in (None, "hand", "frozen"):
                self.fail(f"acquire puts the card into the discard pile (no 'to'), the hand (to = 'hand') or the "
                          f"marked area, frozen (to = 'frozen'), not '{o.to}'")
        elif k == "stat":
            r[E.F_C] = 1 if o.alongside is not None else 0
            if o.alongside is not None:
                r[E.F_FILTER] = self.filter(o.alongside)
        elif k in ("stat_mult", "protect", "freeze_alongside"):
            r[E.F_FILTER] = self.filter(o.alongside)
            r[E.F_A] = o.factor
        elif k == "stat_per":
            r[E.F_C] = {"field": E.CNT_FIELD, "alongside": E.CNT_ALONGSIDE, "discard": E.CNT_ZONE}.get(o.count, -1)
            r[E.F_ZONE] = E.Z_DISCARD if o.count == "discard" else 0
            if r[E.F_C] < 0:
                self.fail(f"stat_per counts 'field', 'alongside' or 'discard' (your discard pile), not '{o.count}'")
        elif k in ("cost_if_fighter", "alt_cost_fighter", "cost_per_fighter"):
            r[E.F_FILTER] = self.filter(o.fighter)
        elif k == "faced_cost_per":
            r[E.F_C] = self.filter(o.faced)
        elif k in ("vp_per",):
            r[E.F_C] = {"deck": E.CNT_DECK, "deck_names": E.CNT_DECK_NAMES, "destroyed": E.CNT_DESTROYED,
                        "void": E.CNT_VOID, "houses": E.CNT_HOUSES}.get(o.count, -1)
            if r[E.F_C] < 0:
                self.fail(f"vp_per counts 'deck', 'deck_names', 'destroyed', 'void' or 'houses', not '{o.count}'")
            r[E.F_A] = o.per
            r[E.F_B] = o.factor or 1  # Hilda: 2 VP per God Robe
        elif k in ("vp_if_most", "vp_if_own"):
            r[E.F_A] = o.bonus
            r[E.F_B] = 1 if o.per_player else 2 if o.per_field_discard else 0
            r[E.F_C] = {None: E.CNT_DECK, "deck": E.CNT_DECK, "marked": E.CNT_MARKED,
                        "houses": E.CNT_HOUSES}.get(o.count, -1)
            if r[E.F_C] < 0:
                self.fail(f"{k} counts in the 'deck' (the default), the 'marked' cards or the 'houses', not '{o.count}'")
            if k == "vp_if_most" and r[E.F_N] != 1:
                self.fail("vp_if_most compares counts: it takes no n")
        elif k == "move_marker":
            r[E.F_A] = E.TOWARD_NAMES[o.toward]
        elif k == "gate_tokens":
            r[E.F_A] = int(o.either)
        elif k == "lose_souls" and o.most is not None:
            r[E.F_C] = E.MOST_NAMES[o.most]
        elif k == "gain_vp_token":
            if o.bonus not in (-1, 1):
                self.fail("gain_vp_token takes +1 or -1 VP tokens: bonus = 1 or -1")
            r[E.F_A] = o.bonus
        elif k == "ban":
            r[E.F_A] = E.BAN_NAMES[o.what]
        elif k == "soul_cost":
            r[E.F_A] = o.souls
        elif k == "vp_token":
            if o.bonus not in (-1, 1):
                self.fail("vp_token puts a +1 or a -1 VP token: bonus = 1 or -1")
            r[E.F_A] = o.bonus
        elif k == "take_vp_tokens":
            if o.bonus not in (-1, 1) or o.count != "field":
                self.fail("take_vp_tokens takes a +1 or a -1 VP token (bonus = 1 or -1) per card counted on the "
                          "field (count = 'field', select)")
            r[E.F_A] = o.bonus
            r[E.F_C] = E.CNT_FIELD
        elif k == "token_each_turn":
            if o.bonus not in (-1, 1) or not isinstance(o.n, int) or o.n < 1:
                self.fail("token_each_turn puts a +1 or a -1 VP token (bonus) on its card, up to n (at least 1)")
            r[E.F_A] = o.bonus
        elif k == "graad_end":
            if o.factor < 1 or not isinstance(o.n, int) or o.n < 1:
                self.fail("graad_end needs n (the Graad cards needed in all) and factor (the fewest a player "
                          "keeps not to be eliminated), both at least 1")
            r[E.F_A] = o.factor
        elif k == "set_values":
            r[E.F_C] = o.heal
        elif k == "vp_tokens_to_most":
            if o.bonus not in (-1, 1) or o.from_ not in E.PLAYER_ZONE_NAMES:
                self.fail("vp_tokens_to_most gives n tokens of +1 or -1 (bonus) to the player with the most such "
                          "cards in one of their zones (from)")
            r[E.F_A] = o.bonus
        elif k in ("wound_for_same_rank", "swap_same_rank"):
            r[E.F_A] = self.filter(o.other_select)
            r[E.F_ZONE] = E.Z_HAND if k == "swap_same_rank" else E.Z_DISCARD  # where the op's kind is looked for
        elif k == "swap_marked":
            if o.from_ not in E.PLAYER_ZONE_NAMES or o.from_ in ("wounded", "frozen"):
                self.fail("swap_marked swaps marked cards with cards of another of the player's zones (from)")
            r[E.F_A] = self.filter(o.other_select)
        elif k == "flame_when_discarded":
            r[E.F_C] = {"players": 1, "field_discard": 2, "any": 3}[o.pile]
        elif k == "swap_zones":
            r[E.F_A] = self.filter(o.other_select)
        elif k == "cost_up":
            r[E.F_C] = E.CP_LEFT if o.left else E.CP_NEXT_TO if o.next_to is not None else E.CP_FIELD
            r[E.F_N] = self.filter(o.next_to)
        elif k == "currency_ban":
            r[E.F_A] = {"strength": 0, "cosmos": 1}[o.currency]
        elif k == "acquire_only":  # without `also`, its one kind twice
            r[E.F_A] = self.filter(o.also) if o.also is not None else r[E.F_FILTER]
        elif k == "play":
            r[E.F_C] = self.filter(o.buff)  # the cards played that gain strength/cosmos (F_A, F_B)
        elif k == "buff" and o.count is not None:  # so much per wounded card of every player's (Libra Shiryu)
            if o.count != "wounded" or o.other_select is None:
                self.fail("buff counts the wounded cards of every player (count = 'wounded', other_select: which)")
            r[E.F_C] = self.filter(o.other_select) + 1
        if k == "stat_mult" and o.factor < 1:
            self.fail("stat_mult needs factor >= 1")
        return r


def program_counts(ops: np.ndarray, start: int, n: int) -> tuple[int, int, int]:
    """(cards drawn, other effect steps, steps that hurt opponents) of the program ops[start:start+n].
    The `that_player` ops after a step on opponents hurt them too; a draw of theirs (Alberich:
    "... then draws 1") is none of these."""
    draws = other = harm = 0
    scope = E.W_SELF
    for op in ops[start:start + n]:
        if op[E.F_WHO] != E.W_THAT_PLAYER:
            scope = op[E.F_WHO]
        opponents = scope == E.W_EACH_OPPONENT or scope == E.W_CHOSEN_OPPONENT
        if (op[E.F_OP] == E.OP_DRAW or op[E.F_OP] == E.OP_COSMOS_DRAW) and opponents:
            continue
        if op[E.F_OP] == E.OP_DRAW or op[E.F_OP] == E.OP_COSMOS_DRAW:
            draws += op[E.F_N] if op[E.F_N] > 0 else 1
        elif opponents:
            harm += 1
        elif not (op[E.F_FLAGS] & E.OPF_PAY):
            other += 1
    return draws, other, harm


def use_kind(ops: np.ndarray, start: int, n: int) -> int:
    """What the use does: E.USE_UPGRADE, E.USE_HELPER or E.USE_PLAIN."""
    for code in ops[start:start + n, E.F_OP]:
        if code == E.OP_UPGRADE:
            return E.USE_UPGRADE
        if code in (E.OP_BUFF, E.OP_TURN_BUFF, E.OP_COST_CUT):
            return E.USE_HELPER
    return E.USE_PLAIN


def program_facts(prog: np.ndarray, ops: np.ndarray) -> dict[str, np.ndarray]:
    """The static facts of CardTable (use_trig ... aids_fighters), from the programs."""
    n = len(prog)
    facts = dict(use_trig=np.full(n, -1, np.int64), use_kind=np.zeros(n, np.int64),
                 prog_counts=np.zeros((n, E.N_TRIGGERS, 3), np.int64),
                 fighters_needed=np.zeros(n, np.int64), face_discards=np.zeros(n, np.int64),
                 aids_fighters=np.zeros(n, np.int64), changes_faced_cost=np.zeros(n, np.int64),
                 field_rules=np.zeros(n, np.int64), cost_fixed=np.zeros(n, np.int64),
                 spends_tokens=np.zeros(n, np.int64))
    for k in range(n):
        start, count = prog[k, E.T_FIGHTING]
        for op in ops[start:start + count]:  # what fighter_values / effective_costs read of the fighters
            if (op[E.F_OP] == E.OP_STAT and op[E.F_C] == 1) or op[E.F_OP] == E.OP_STAT_MULT:
                facts["aids_fighters"][k] = 1
            elif op[E.F_OP] == E.OP_FACED_COST_PER or op[E.F_OP] == E.OP_FACED_ALT_COST:
                facts["changes_faced_cost"][k] = 1
        start, count = prog[k, E.T_COST]
        facts["cost_fixed"][k] = int(any(op[E.F_OP] == E.OP_NO_REDUCTION for op in ops[start:start + count]))
        for trig in range(E.N_TRIGGERS):
            facts["prog_counts"][k, trig] = program_counts(ops, *prog[k, trig])
        for trig in (E.T_DISCARD_USE, E.T_WOUND_USE, E.T_DESTROY_USE, E.T_FREEZE_USE, E.T_TECHNIQUE, E.T_EPIC_ACTION,
                     E.T_ABILITY):
            if prog[k, trig, 1] > 0:
                facts["use_trig"][k] = trig
                facts["use_kind"][k] = use_kind(ops, *prog[k, trig])
                start, count = prog[k, trig]
                facts["spends_tokens"][k] = int(any(op[E.F_FLAGS] & E.OPF_PER_TOKEN for op in ops[start:start + count]))
                break
        start, count = prog[k, E.T_FIELD]
        for op in ops[start:start + count][::-1]:  # the first op of each code is the rule
            facts["field_rules"][k] |= int(E.FIELD_BIT[op[E.F_OP]])
            if op[E.F_OP] == E.OP_MIN_FIGHTERS:
                facts["fighters_needed"][k] = op[E.F_N]
            elif op[E.F_OP] == E.OP_FACE_COST:
                facts["face_discards"][k] = op[E.F_N]
    return facts


def filter_passes(filters: np.ndarray, classes: np.ndarray, ranks: np.ndarray, name_id: np.ndarray,
                  cosmos: np.ndarray, strength: np.ndarray, cosmos_cost: np.ndarray,
                  name_sets: list[frozenset] = ()) -> np.ndarray:
    """bool[F, C]: does each card pass each filter row (every constraint of the row holds)?
    The filters read only a card's printed facts, so the engine looks their answers up."""
    in_set = np.asarray([[n in names for n in name_id] for names in name_sets], bool).reshape(-1, len(name_id))
    def col(j):
        return filters[:, j:j + 1]  # [F, 1], against the cards' [C]
    ok = (col(E.FL_CLASS_ANY) == 0) | ((classes & col(E.FL_CLASS_ANY)) != 0)
    ok &= (col(E.FL_RANK_ANY) == 0) | ((ranks & col(E.FL_RANK_ANY)) != 0)
    ok &= (col(E.FL_NAME) < 0) | (name_id == col(E.FL_NAME))
    ok &= (col(E.FL_NOT_NAME) < 0) | (name_id != col(E.FL_NOT_NAME))
    ok &= (col(E.FL_COSMOS) != 1) | (cosmos > 0)
    ok &= (col(E.FL_COSMOS) != 2) | (cosmos <= 0)
    ok &= (col(E.FL_MIN_STRENGTH) < 0) | (strength >= col(E.FL_MIN_STRENGTH))
    ok &= (col(E.FL_MAX_STRENGTH) < 0) | (strength <= col(E.FL_MAX_STRENGTH))
    ok &= (col(E.FL_MIN_COSMOS) < 0) | (cosmos >= col(E.FL_MIN_COSMOS))
    ok &= (col(E.FL_COSMOS_COST) != 1) | (cosmos_cost > 0)
    ok &= (col(E.FL_COSMOS_COST) != 2) | (cosmos_cost <= 0)
    ok &= (classes & col(E.FL_NOT_CLASS)) == 0
    for f, names in enumerate(filters[:, E.FL_NAME_SET]):
        if names >= 0:
            ok[f] &= in_set[names]
    return ok


# What the engine plays of Hades (sim/engine/rules/underworld.py, houses.py): the Styx cards' reveal,
# annihilation and Underworld rules (HAD-5, HAD-26), the Duel's Altars (DUEL-9), and these ops
_PLAYED_HADES_TRIGGERS = (E.T_APPEARANCE, E.T_ANNIHILATED, E.T_UNDERWORLD, E.T_SHACKLE, E.T_ABILITY, E.T_TALENT,
                          E.T_ALTAR)
_PLAYED_HADES_OPS = (E.OP_GAIN_SOULS, E.OP_LOSE_SOULS, E.OP_GAIN_VP_TOKEN, E.OP_MOVE_MARKER, E.OP_GATE_TOKENS,
                     E.OP_FREE_SHACKLE, E.OP_STYX_LOOK, E.OP_UNDERWORLD_CUT, E.OP_SOUL_COST, E.OP_EXTRA_GATE_TOKENS,
                     E.OP_ANNIHILATE_SOULS, E.OP_BAN, E.OP_RECHARGE_SENSE, E.OP_LOSE_SENSE, E.OP_DRAW_ABILITY,
                     E.OP_REFILL_TRIAL, E.OP_HOUSE_COUNTER, E.OP_COUNTER_STEP, E.OP_COUNTER_RESET, E.OP_END_AT_HOUSES)
_HADES_TRIGGER_NAMES = {name for name, code in E.TRIGGER_NAMES.items()
                        if code in E.HADES_TRIGGERS and code not in _PLAYED_HADES_TRIGGERS}
_HADES_OP_NAMES = {name for name, code in E.OP_NAMES.items() if code in E.HADES_OPS and code not in _PLAYED_HADES_OPS}


def unplayed_hades(cards: list[Card]) -> dict[str, list[str]]:
    """The Hades mechanics the engine does not play yet, each with the cards that need it: a
    program with a Hades trigger or op."""
    need: dict[str, list[str]] = {}
    for c in cards:
        parts = set()
        for e in c.effects:
            if c.start == "styx" and e.on == "turn_start":  # a Shackle effect at the start of a turn
                parts.add("'turn_start' programs of Styx cards")
            parts |= {f"'{e.on}' programs"} & {f"'{t}' programs" for t in _HADES_TRIGGER_NAMES}
            parts |= {f"op '{o.op}'" for o in e.do if o.op in _HADES_OP_NAMES}
        for part in parts:
            need.setdefault(part, []).append(c.name)
    return dict(sorted(need.items()))


def compile_cards(cards: list[Card], source: str = "cards") -> CardTable:
    """Turn validated cards (all boxes of one run) into a CardTable."""
    names = {}
    for c in cards:
        names.setdefault(name_key(c), len(names))
    t = _Tables(names)
    n = len(cards)
    prog = np.zeros((n, E.N_TRIGGERS, 2), dtype=np.int64)
    for i, c in enumerate(cards):
        t.context = f"{c._file or source}: card #{c.id} '{c.name}'"
        for eff in c.effects:
            trig = E.TRIGGER_NAMES[eff.on]
            if prog[i, trig, 1]:
                t.fail(f"two '{eff.on}' programs; put all its ops in one")
            prog[i, trig, 0] = len(t.ops)
            for o in eff.do:
                if trig == E.T_FIELD and not E.FIELD_BIT[E.OP_NAMES[o.op]]:
                    t.fail(f"op '{o.op}' is not a rule a 'field' program can hold")
                if o.op == "buff" and o.from_ == "this" and trig != E.T_TALENT:
                    t.fail("a buff of the card itself (from = 'this') needs the card to stay in play: only a "
                           "'talent' program, paid with an Ability, can hold it (HAD-12)")
                t.ops.append(t.op(o))
            prog[i, trig, 1] = len(eff.do)
            if trig == E.T_TALENT and not any(o.op == "buff" and o.from_ == "this" for o in eff.do):
                # "Discard / Talent": one effect, also paid by discarding the card (HAD-12), so it is the
                # card's Discard use too. A buff of the card itself is paid only with an Ability: a
                # discarded card gives nothing.
                if prog[i, E.T_DISCARD_USE, 1]:
                    t.fail("a 'discard_use' program and a 'talent' program: a Talent is also the card's Discard use")
                prog[i, E.T_DISCARD_USE] = prog[i, trig]

    def cls(c: Card) -> int:
        bits = sum(E.CLASS_NAMES[x] for x in c.classes)
        if bits & E.SAINT_CLASSES:
            bits |= E.CLASS_SAINT
        if bits & E.CLOTH_CLASSES:
            bits |= E.CLASS_CLOTH
        if bits & E.WARRIOR_CLASSES:
            bits |= E.CLASS_WARRIOR
        if bits & E.MARINA_CLASSES:
            bits |= E.CLASS_MARINA
        if not bits & E.NOT_CHARACTER_CLASSES:
            bits |= E.CLASS_CHARACTER
        return bits

    i32 = lambda xs: np.asarray(list(xs), dtype=np.int64)
    copies = i32(c.copies for c in cards)
    ops = np.asarray(t.ops or [[0] * E.OP_WIDTH], dtype=np.int64).reshape(-1, E.OP_WIDTH)
    filters = np.asarray(t.filters or [ANY_CARD], dtype=np.int64).reshape(-1, E.FILTER_WIDTH)
    name_id = i32(names[name_key(c)] for c in cards)
    classes = i32(cls(c) for c in cards)
    ranks = i32(sum(E.RANK_NAMES[r] for r in c.rank) for c in cards)
    cosmos = i32(c.cosmos for c in cards)
    strength = i32(c.strength for c in cards)
    cosmos_cost = i32(c.cosmos_cost for c in cards)
    inst_card = np.repeat(np.arange(n, dtype=np.int64), copies)
    return CardTable(
        card_id=i32(c.id for c in cards),
        name_id=name_id,
        classes=classes,
        ranks=ranks,
        hero=i32(E.HEROES.index(c.hero) if c.hero else -1 for c in cards),
        start=i32(E.START_NAMES[c.start] for c in cards),
        energy=i32(c.energy for c in cards),
        copies=copies,
        strength_cost=i32(c.strength_cost for c in cards),
        cosmos_cost=cosmos_cost,
        strength=strength,
        heal=i32(c.heal for c in cards),
        cosmos=cosmos,
        vp=i32(c.vp for c in cards),
        icons=i32(sum(E.ICON_NAMES[x] for x in c.icons) for c in cards),
        prog=prog,
        ops=ops,
        filters=filters,
        conds=np.asarray(t.conds or [(0, 0, 0, -1, 0, 0)], dtype=np.int64).reshape(-1, E.COND_WIDTH),
        inst_card=inst_card,
        **program_facts(prog, ops),
        passes=np.ascontiguousarray(filter_passes(filters, classes, ranks, name_id, cosmos, strength, cosmos_cost,
                                                  t.name_sets)[:, inst_card]),
        pillar_of=pillar_rows(cards),
        hourglasses=i32(c.hourglasses for c in cards),
        uses_per_turn=i32(c.uses_per_turn for c in cards),
        grade=i32(c.grade for c in cards),
        soul_cost=i32(c.soul_cost for c in cards),
        soul_gain=i32(c.soul_gain for c in cards),
        event=i32(E.EVT_NAMES[c.event] if c.event else 0 for c in cards),
        reduction=i32(c.reduction for c in cards),
        side=i32(E.SIDES.index(c.side) if c.side else -1 for c in cards),
        symbol=i32(constellation(c) for c in cards),
    )


def constellation(card: Card) -> int:
    """The index of a card's Constellation symbol in E.CONSTELLATIONS, -1 if it has none."""
    if card.symbol is None:
        return -1
    if card.symbol not in E.CONSTELLATIONS:
        raise CardFileError(f"card #{card.id} '{card.name}': field 'symbol': '{card.symbol}' is not one of the 12 "
                            f"Constellations ({', '.join(E.CONSTELLATIONS)})")
    return E.CONSTELLATIONS.index(card.symbol)


def pillar_rows(cards: list[Card]) -> np.ndarray:
    """Each Marina General's Pillar (its card row), -1 for the other cards; a General must name a
    Pillar of the card set."""
    row = {c.id: i for i, c in enumerate(cards) if c.start == "pillar"}
    for c in cards:
        if c.pillar and c.pillar not in row:
            raise CardFileError(f"card #{c.id} '{c.name}': field 'pillar': no Pillar numbered {c.pillar} among the cards")
    return np.asarray([row[c.pillar] if c.pillar else -1 for c in cards], dtype=np.int64)
