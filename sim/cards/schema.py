"""The strict schema of a card file (`cardsets/*.toml`).

Unknown fields and bad values are errors; `CardFileError` names the file, the card and the field.
The effect language: a card's `effects` is a list of programs, each `{on = TRIGGER, do = [OPS]}`;
an op is a small table whose fields are listed in `Op` below (see docs/card-language.md).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from sim.engine import enums as E

HeroName = Literal["Seiya", "Shiryu", "Hyoga", "Shun", "Ikki"]
ClassName = Literal[tuple(E.CLASS_NAMES)]  # type: ignore[valid-type]
RankName = Literal[tuple(E.RANK_NAMES)]  # type: ignore[valid-type]


class CardFileError(ValueError):
    """A card file that cannot be used; the message names the file, the card and the field."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def _listify(v):
    return [v] if isinstance(v, str) else v


class Select(Strict):
    """Which cards an op or a condition looks at. Every given constraint must hold."""
    classes: list[ClassName] = Field(default_factory=list, alias="class")  # any of these
    rank: list[RankName] = Field(default_factory=list)                     # any of these
    name: str | list[str] | None = None  # same name as this, or one of these (all the cards of a Hero share the Hero's name)
    not_name: str | None = None
    not_class: list[ClassName] = Field(default_factory=list)  # none of these
    cosmos: Literal["has", "none"] | None = None  # printed Cosmos value or not
    min_strength: int | None = Field(None, ge=0)  # printed Strength at least this (Io: "at least 2 Strength")
    max_strength: int | None = Field(None, ge=0)  # printed Strength at most this (Io: "less than 2": at most 1)
    min_cosmos: int | None = Field(None, ge=0)    # printed Cosmos at least this (Baian)
    cosmos_cost: Literal["has", "none"] | None = None  # a Cosmos cost or not (Kraken Scale)

    _lists = field_validator("classes", "rank", "not_class", mode="before")(_listify)


class CountSpec(Strict):
    zone: Literal["discard", "hand", "draw", "wounded", "destroyed", "field", "alongside", "deck", "marked",
                  "field_discard"]
    select: Select = Field(default_factory=Select)
    other: bool = False  # do not count the card whose program runs


class Condition(Strict):
    count: CountSpec | None = None
    alongside: Select | None = None   # shorthand for count = {zone = "alongside", select = ...}
    at_least: int = Field(1, ge=0)
    at_most: int | None = Field(None, ge=0)  # instead of at_least: "no Warrior on the field" is at_most = 0

    @model_validator(mode="after")
    def _one(self):
        if (self.count is None) == (self.alongside is None):
            raise ValueError("a condition needs exactly one of 'count' or 'alongside'")
        if self.at_most is not None and "at_least" in self.model_fields_set:
            raise ValueError("a condition gives 'at_least' or 'at_most', not both")
        return self


class RuleIs(Strict):
    """A program step that applies under one reading of a ruling: a rules parameter's value."""
    rule: str
    is_: str = Field(alias="is")

    @model_validator(mode="after")
    def _known(self):
        from sim.engine.params import BY_NAME
        p = BY_NAME.get(self.rule)
        if p is None or not p.choices:
            raise ValueError(f"no rules parameter with named values is called '{self.rule}'")
        if self.is_ not in p.choices:
            raise ValueError(f"rules parameter '{self.rule}' is one of {', '.join(p.choices)}, not '{self.is_}'")
        return self


class Hourglasses(Strict):
    """An evolving Epic's step: it applies while the Epic carries exactly this many hourglasses."""
    hourglasses: int = Field(ge=0)


class Arriving(Strict):
    """An Epic's `card_arrival` step: it applies when the card arriving on the field is of this kind."""
    arriving: Select


When = Union[Literal["flames_even", "flames_odd", "facing_first", "facing_last", "facing_cosmos_cost"], Condition,
             RuleIs, Hourglasses, Arriving]

OpName = Literal[tuple(E.OP_NAMES)]  # type: ignore[valid-type]
Source = Literal[tuple(E.SOURCE_NAMES)]  # type: ignore[valid-type]
Dest = Literal[tuple(E.DEST_NAMES)]  # type: ignore[valid-type]
Who = Literal[tuple(E.WHO_NAMES) + ("that_player",)]  # type: ignore[valid-type]


class Op(Strict):
    """One step of a program. Fields not used by an op keep their defaults."""
    op: OpName
    who: Who = "self"              # whose cards; each_*/chosen_* bind "that_player" for the next ops
    from_: Source | None = Field(None, alias="from")
    to: Dest | None = None
    select: Select = Field(default_factory=Select)
    n: int | Literal["all", "last", "any"] = 1   # any: the chooser picks how many (move only)
    by: Literal["owner", "self", "random", "opponent"] | None = None  # who picks the cards
    pay: bool = False     # the ops after it (for this player) run only if it moved all n cards
    then: bool = False    # "X ; Y", "X then Y": the ops after it (for this player) run only if it was done in full (GEN-22)
    otherwise: bool = False  # "if not, Y": this op runs only if the op before it (for this player) did nothing
    or_: bool = Field(False, alias="or")  # "X or Y": this move and the next are the options (ASG-21)
    may: bool = False     # the chooser may decline
    help: bool = False    # the op benefits its target player (guides whom a policy chooses)
    top: bool = False     # take from the top of a pile rather than choose
    adjacent: bool = False  # acquire: only a card adjacent to this one's slot
    no_effects: bool = False
    same_slot: bool = False  # field_refill: only the slot emptied by the previous op
    spare_self: bool = False  # field_remove: the removed cards' Exits spare you (Benetnash Robe)
    bare: bool = False    # vp_token: only on cards with no VP token (Victoire décisive)
    per_token: bool = False  # cost_cut: so much per VP token this card carried when spent (Poseidon's Trident)
    in_turns: bool = False   # acquire: each player in turn order acquires one, until none is left (Aquarius Hyoga)
    pile: Literal["any", "players", "field_discard"] = "any"  # flame_when_discarded: which discard piles
    zone: Literal["draw", "discard", "hand"] | None = None  # shuffle
    strength: int = 0
    cosmos: int = 0
    heal: int = 0         # set_values: the Heal the cards have
    factor: int = 0
    bonus: int = 0
    per: int = Field(1, ge=1)
    count: Literal["deck", "deck_names", "destroyed", "field", "alongside", "discard", "marked", "wounded", "void",
                   "houses"] | None = None
    per_player: bool = False        # vp_if_most: the bonus is per player in the game (Arctic Pillar)
    per_field_discard: bool = False  # vp_if_most: the bonus is per such card in the field discard (Death Queen Island)
    alongside: Select | None = None
    fighter: Select | None = None
    faced: Select | None = None
    other_select: Select | None = None
    left: bool = False              # cost_up: only the cards to the left of this one
    next_to: Select | None = None   # cost_up: only the cards in a slot next to such a card
    currency: Literal["strength", "cosmos"] | None = None  # currency_ban: the currency no card is acquired with
    also: Select | None = None      # acquire_only: a second kind of card that may still be acquired
    buff: Select | None = None  # play: the cards played so that gain strength/cosmos this turn (Gamma: Warriors)
    when: When | None = None
    # Hades
    toward: Literal["elysion", "gate", "either"] | None = None  # move_marker: which way the marker goes
    either: bool = False  # gate_tokens: the controller may remove the tokens instead of adding them
    most: Literal["souls", "void", "abilities"] | None = None  # lose_souls: only THE player with the most (a tie: nobody)
    what: Literal[tuple(E.BAN_NAMES)] | None = None  # type: ignore[valid-type]  # ban: what the player cannot do
    souls: int = 0        # soul_cost: the change of the Soul costs (less if negative)

    @model_validator(mode="after")
    def _required(self):
        need = {
            "move": ("from_", "to"), "swap_zones": ("from_", "to", "other_select"),
            "shuffle": ("zone",), "vp_per": ("count",), "stat_per": ("count",),
            "faced_cost_per": ("count", "faced"), "cost_if_fighter": ("fighter",), "cost_per_fighter": ("fighter",), "freeze_alongside": ("alongside",),
            "alt_cost_fighter": ("fighter",), "stat_mult": ("alongside",), "protect": ("alongside",),
            "currency_ban": ("currency",), "vp_token": ("from_",), "vp_tokens_to_most": ("from_",),
            "swap_marked": ("from_", "other_select"), "wound_for_same_rank": ("other_select",),
            "swap_same_rank": ("other_select",), "open_target": ("from_",), "put_beneath": ("from_",),
            "play": ("from_",), "move_marker": ("toward",), "ban": ("what",),
        }.get(self.op, ())
        missing = [f.rstrip("_") for f in need if getattr(self, f) is None]
        if missing:
            raise ValueError(f"op '{self.op}' needs {', '.join(missing)}")
        if self.op == "upgrade" and self.to not in (None, "discard", "hand"):
            raise ValueError("op 'upgrade' puts the next rank into 'discard' (the default) or 'hand'")
        if self.op == "play" and not ((self.from_ == "draw" and self.top) or (self.from_ == "hand" and not self.top)):
            raise ValueError("op 'play' takes the top cards of a draw pile (from = 'draw', top = true) or cards "
                             "of a hand (from = 'hand')")
        if self.op == "play" and (not isinstance(self.n, int) or self.n < 1 or self.pay or self.may or self.or_):
            raise ValueError("op 'play' plays a number of cards (n >= 1), neither a cost ('pay'), optional "
                             "('may') nor an option ('or')")
        if self.buff is not None and self.op != "play":
            raise ValueError("'buff' names the cards a 'play' op boosts")
        if (self.per_player or self.per_field_discard) and self.op != "vp_if_most":
            raise ValueError("'per_player' and 'per_field_discard' are for a vp_if_most (what its bonus is per)")
        if self.per_player and self.per_field_discard:
            raise ValueError("a vp_if_most bonus is per player or per card in the field discard, not both")
        if self.n == "any" and self.op != "move":
            raise ValueError("n = 'any' is for a move (the chooser picks how many)")
        if self.n == "any" and (self.pay or self.top):
            raise ValueError("n = 'any' cannot be a cost ('pay') nor take from the top ('top')")
        if self.spare_self and self.op != "field_remove":
            raise ValueError("'spare_self' is for a field_remove (the Exits of the cards it removes)")
        if (self.left or self.next_to is not None) and self.op != "cost_up":
            raise ValueError("'left' and 'next_to' say which field cards a 'cost_up' reaches")
        if self.left and self.next_to is not None:
            raise ValueError("a 'cost_up' reaches the cards to its left or those next to a kind, not both")
        if self.op == "cost_up" and self.strength == 0 and self.cosmos == 0:
            raise ValueError("op 'cost_up' changes a Strength or a Cosmos cost (strength, cosmos: more, or less "
                             "if negative)")
        if self.heal and self.op != "set_values":
            raise ValueError("'heal' is the Heal a 'set_values' gives")
        if self.pile != "any" and self.op != "flame_when_discarded":
            raise ValueError("'pile' names the discard piles a 'flame_when_discarded' watches")
        if self.per_token and self.op != "cost_cut":
            raise ValueError("'per_token' is for a cost_cut (so much per VP token on its card)")
        if self.in_turns and (self.op != "acquire" or self.who != "self" or self.n != 1):
            raise ValueError("'in_turns' is for an acquire of one card each, by each player in turn (who and n "
                             "are then implied)")
        if self.bare and self.op != "vp_token":
            raise ValueError("'bare' is for a vp_token (only on cards with no VP token)")
        if self.also is not None and self.op != "acquire_only":
            raise ValueError("'also' is the second kind an 'acquire_only' lets be acquired")
        if self.or_ and (self.op != "move" or self.pay or self.may or self.then or self.top):
            raise ValueError("'or' joins two moves, neither a cost ('pay'), optional ('may'), 'then' nor 'top'")
        if self.either and self.op != "gate_tokens":
            raise ValueError("'either' is for a gate_tokens (the controller may remove them instead)")
        if self.most is not None and self.op != "lose_souls":
            raise ValueError("'most' is for a lose_souls (only THE player with the most loses them)")
        if self.souls and self.op != "soul_cost":
            raise ValueError("'souls' is the change a 'soul_cost' makes")
        if self.op == "soul_cost" and not self.souls:
            raise ValueError("op 'soul_cost' changes the Soul costs (souls: more, or less if negative)")
        return self


TriggerName = Literal[tuple(E.TRIGGER_NAMES)]  # type: ignore[valid-type]


class Effect(Strict):
    on: TriggerName
    do: list[Op] = Field(min_length=1)

    @model_validator(mode="after")
    def _options(self):
        """An 'or' move is followed by its other option: a move of the same player(s). An
        'otherwise' op follows a move or a draw (what it did decides)."""
        for i, op in enumerate(self.do):
            if op.otherwise and (i == 0 or self.do[i - 1].op not in ("move", "draw")):
                raise ValueError("an 'otherwise' op runs if the move or draw right before it did nothing: "
                                 "it follows a move or a draw")
            if not op.or_:
                continue
            nxt = self.do[i + 1] if i + 1 < len(self.do) else None
            if nxt is None or nxt.op != "move" or nxt.or_ or nxt.pay or nxt.may or nxt.then or nxt.top \
                    or nxt.who != "that_player":
                raise ValueError("an 'or' move needs its other option right after it: a move with who = "
                                 "'that_player' (not 'or', 'pay', 'may', 'then' nor 'top')")
        return self


# Hades: what a Trial's or a House's condition watches for (HAD-10, DUEL-17), on the active player's turn.
HADES_EVENTS = tuple(E.EVT_NAMES)  # a Trial's or a House's condition (sim/engine/enums.py EVT_*)
HADES_STARTS = ("styx", "trial", "ability", "duel", "house", "altar")  # Hades material: no deck, no reserve


class Card(Strict):
    _file: str | None = PrivateAttr(default=None)  # the card file it was read from: the compiler's errors name it
    id: int = Field(ge=1)
    name: str = Field(min_length=1)
    name_fr: str | None = None
    hero: HeroName | None = None   # the Hero this card is a version of (its name for effects)
    classes: list[ClassName] = Field(default_factory=list)
    rank: list[RankName] = Field(default_factory=list)  # every card but a technique has one or two
    copies: int = Field(ge=0)
    # gift: see cardsets.INTERVENTION_FIELDS
    start: Literal["deck", "setaside", "reserve", "gift", "board", "pillar", "epic", *HADES_STARTS] = "reserve"
    strength_cost: int = Field(0, ge=0)
    cosmos_cost: int = Field(0, ge=0)
    strength: int = Field(0, ge=0)
    heal: int = Field(0, ge=0)
    cosmos: int = Field(0, ge=0)
    vp: int = 0
    icons: list[Literal[tuple(E.ICON_NAMES)]] = Field(default_factory=list)  # type: ignore[valid-type]
    text: str = ""
    plain: bool = False   # the card has no effect of its own
    estimate: bool = False  # numbers are our estimate (no public source)
    technique: int = Field(0, ge=0, le=4)  # a board technique (Asgard, ASG-4): its place on the board, 1-4
    energy: int = Field(0, ge=0, le=3)     # a technique's Energy cost
    pillar: int = Field(0, ge=0)  # a Marina General: the number of the Pillar it protects (its printed code, POS-10)
    hourglasses: int = Field(0, ge=0, le=9)  # an Epic's duration: the hourglasses after which it is replaced (POS-2/3)
    uses_per_turn: int = Field(1, ge=0)  # an Epic's action: how often the active player may use it a turn (0: no limit)
    # Hades
    grade: int = Field(0, ge=0, le=9)       # a Styx card's Grade: its Gate tokens on leaving, its Soul gain's scale
    soul_cost: int = Field(0, ge=0)         # a Styx card's Soul cost: placing it on an opponent's Shackle pile
    soul_gain: int = Field(0, ge=0)         # the Souls a Styx card gives when annihilated or freed from a Shackle pile
    event: Literal[HADES_EVENTS] | None = None  # type: ignore[valid-type]  # a Trial's or a House's condition
    difficulty: Literal["easy", "medium", "hard"] | None = None  # a Trial's
    reduction: int = Field(0, ge=0, le=9)   # a House's: how much its condition lowers its player's counter
    side: Literal["gold_saints", "renegades"] | None = None  # Duel: the side a card belongs to
    symbol: str | None = None               # Duel: the Constellation symbol tying a Hero's Talent to its Ability
    source: str | None = None               # an estimated card's note: where each of its parts comes from
    override_h: bool = False                # a designer's card that knowingly departs from a fact of hades.txt
    effects: list[Effect] = Field(default_factory=list)

    _lists = field_validator("classes", "rank", mode="before")(_listify)

    @model_validator(mode="after")
    def _consistent(self):
        if self.plain and self.effects:
            raise ValueError("a 'plain' card cannot have effects")
        if any(c in ("saint", "cloth", "character") for c in self.classes):
            raise ValueError("'saint', 'cloth' and 'character' are derived; list the card's own classes")
        on_board = self.start == "board"
        kind = self.classes[0] if on_board and len(self.classes) == 1 else None
        if on_board != (kind in ("technique", "odin_robe")) or (self.technique > 0) != (kind == "technique"):
            raise ValueError("a board card has start = \"board\" and classes = [\"technique\"] (with its place "
                             "technique = 1..4) or [\"odin_robe\"]; no other card has any of them")
        if on_board and not any(e.on == "technique" for e in self.effects):
            raise ValueError("a board card has a 'technique' program")
        if kind == "technique" and not (self.hero and self.copies == 1):
            raise ValueError("a board technique names its hero and has 1 copy")
        if kind == "odin_robe" and self.hero:
            raise ValueError("the Robe of Odin belongs to no hero: every player has one")
        aside = self.start in ("pillar", "epic")  # out of every deck, the reserve and the field
        if aside != bool({"pillar", "epic"} & set(self.classes)) or (aside and self.classes != [self.start]):
            raise ValueError("a Pillar has start = \"pillar\" and classes = [\"pillar\"], an Epic start = \"epic\" "
                             "and classes = [\"epic\"]; no other card has any of them")
        if aside and (self.rank or self.copies not in ((0, 1) if self.start == "epic" else (1,))):
            raise ValueError("a Pillar or an Epic has no rank and 1 copy (an Epic may have 0: left out of the pile)")
        if (self.start == "epic") != (self.hourglasses > 0):
            raise ValueError("an Epic, and only an Epic, has a duration (hourglasses >= 1)")
        epic_only = {"turn_start", "turn_end", "epic_end", "card_arrival", "epic_action"}
        if self.start == "styx":  # its 'turn_end': at the end of its Shackle pile's owner's turn
            epic_only -= {"turn_end"}
        if self.start != "epic" and any(e.on in epic_only for e in self.effects):
            raise ValueError(f"only an Epic has programs {', '.join(sorted(epic_only))}")
        if self.uses_per_turn != 1 and not any(e.on == "epic_action" for e in self.effects):
            raise ValueError("'uses_per_turn' is for an Epic with an 'epic_action' program")
        if (self.pillar > 0) != ("marina_general" in self.classes):
            raise ValueError("a Marina General, and only a General, names the Pillar it protects (pillar = its number)")
        if not (on_board or aside or self.start in HADES_STARTS) and not self.rank:
            raise ValueError("a card has a rank")
        self._hades_consistent()
        if self.energy and kind != "technique":
            raise ValueError("only a board technique has an Energy cost")
        return self

    def _hades_consistent(self):
        styx = self.start == "styx"
        if styx != (self.grade > 0) or (not styx and (self.soul_cost or self.soul_gain)):
            raise ValueError("a Styx card (start = \"styx\"), and only it, has a Grade (1 or more), a Soul cost "
                             "and a Soul gain")
        if styx and (self.rank or self.cosmos_cost or self.strength or self.heal or self.cosmos):
            raise ValueError("a Styx card has no rank, no Cosmos cost and no Strength, Heal or Cosmos")
        kinds = ("trial", "ability", "house", "altar")  # each is its own start and its only class
        kind = next((k for k in kinds if k in self.classes), None)
        if (self.start in kinds or kind) and not (self.classes == [kind] and self.start in (kind, "duel")):
            raise ValueError("a Trial, an Ability, a House or an Altar has start and classes = [its kind] "
                             "(start = \"duel\" for a Duel one)")
        if (self.event is not None) != (self.start in ("trial", "house")):
            raise ValueError("a Trial and a House, and only they, name their condition (event)")
        if (self.difficulty is not None) != (self.start == "trial"):
            raise ValueError("a Trial, and only a Trial, has a difficulty")
        if (self.reduction > 0) != (self.start == "house"):
            raise ValueError("a House, and only a House, has a reduction (1 or more)")
        if self.side is not None and self.start != "duel":
            raise ValueError("only a Duel card (start = \"duel\") names its side")


class CardFile(Strict):
    box: str   # the box its cards belong to
    hades_data: Literal["estimated", "designer"] | None = None  # a Hades file: the generated estimate or a designer's
    generator: str | None = None     # the generated file's generator and its version
    content_hash: str | None = None  # the generated file's hash of its cards (sim.cards.hades_estimates)
    card: list[Card] = Field(min_length=1)


BOX_KEY = 'a card file names its box at the top, before the first [[card]], e.g. box = "base"'


def _describe(path: Path, raw: dict, err: dict) -> str:
    loc = list(err["loc"])
    where = ""
    if len(loc) >= 2 and loc[0] == "card" and isinstance(loc[1], int):
        idx = loc[1]
        cards = raw.get("card", [])
        card = cards[idx] if idx < len(cards) and isinstance(cards[idx], dict) else {}
        where = f" card #{card.get('id', '?')} '{card.get('name', '?')}' (entry {idx + 1}):"
        loc = loc[2:]
    field = ".".join(str(x) for x in loc) or "(card)"
    msg = err["msg"]
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
        if field == "box":  # written after a [[card]] header, TOML makes it that card's
            msg += f"; {BOX_KEY}"
    elif field == "box" and err["type"] == "missing":
        msg = f"missing: {BOX_KEY}"
    elif err["type"] in ("literal_error",) and "ctx" in err:
        msg = f"{msg}"
    return f"{path}:{where} field '{field}': {msg}"


def read_toml(path: Path, what: str = "card file") -> dict:
    """A TOML data file's table; a CardFileError names the file when it is missing or not TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardFileError(f"{path}: no such {what}") from None
    except tomllib.TOMLDecodeError as e:
        raise CardFileError(f"{path}: not valid TOML: {e}") from None


def parse_card_file(path: str | Path) -> CardFile:
    """Read and validate one card file; raise CardFileError naming file, card and field."""
    path = Path(path)
    raw = read_toml(path)
    try:
        parsed = CardFile.model_validate(raw)
    except ValidationError as e:
        lines = [_describe(path, raw, err) for err in e.errors()[:5]]
        raise CardFileError("\n".join(lines)) from None
    seen = {}
    for c in parsed.card:
        if c.id in seen or c.name in seen:
            raise CardFileError(f"{path}: card #{c.id} '{c.name}': duplicate id or name")
        seen[c.id] = seen[c.name] = True
        c._file = str(path)
    return parsed
