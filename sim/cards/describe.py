"""A card in plain words (`seiya cards show`): its numbers, its printed text, and what its effect
programs make the engine do, told from the programs themselves, so that a reader can check them
against the text without reading the effect language."""
from __future__ import annotations

from sim.cards.compiler import unplayed_hades
from sim.cards.schema import Arriving, Card, Condition, Hourglasses, Op, RuleIs, Select

RANK_SIGNS = {"very_common": "●", "common": "▲", "uncommon": "◆", "rare": "★", "very_rare": "✻"}
RANK_WORDS = {"very_common": "very common", "common": "common", "uncommon": "uncommon", "rare": "rare",
              "very_rare": "very rare"}
START_WORDS = {"reserve": "in the reserve", "deck": "in each starting deck", "setaside": "set aside (armoured Heroes)",
               "board": "on a player's board", "pillar": "out of play until revealed (a Pillar)",
               "epic": "in the Epic pile", "styx": "in the Styx (Hades)", "trial": "in the Trial pile (Hades)",
               "ability": "in the Ability pile (Hades)", "duel": "in the Duel (Hades)",
               "house": "in the House pile (Hades Duel)", "altar": "among the Altars (Hades Duel)"}
TRIGGERS = {
    "engagement": "Engagement (played to face a field card; a Relic: played into play)",
    "defeated": "Defeated (acquired from the field)",
    "arrival": "Arrival (revealed on the field, not at setup)",
    "exit": "Exit (leaves the field)",
    "discard_use": "Discard (used by discarding it)",
    "wound_use": "Wound (used by wounding it)",
    "destroy_use": "Destroy (used by destroying it)",
    "freeze_use": "Freeze (used by freezing it)",
    "marked": "Marked (a Wound or Freeze token is placed on it)",
    "fighting": "While it fights",
    "cost": "Its cost",
    "field": "While it is on the field",
    "score": "At the end of the game",
    "technique": "Used from the board (once a turn, in the main phase)",
    "in_play": "While it is in play (a Relic)",
    "turn_start": "At the start of each turn",
    "turn_end": "At the end of each turn",
    "epic_end": "End of the Epic (its hourglasses reach its duration)",
    "card_arrival": "Whenever a card arrives on the field (revealed, not at setup)",
    "epic_action": "The active player may use it in the main phase",
    "granted_exit": "While it is on the field, every other field card has this Exit",
    "appearance": "Appearance (revealed in the Underworld)",
    "underworld": "While it is face up in the Underworld",
    "annihilated": "Annihilated (put into a player's Void)",
    "shackle": "While it is on top of a Shackle pile (its owner suffers it)",
    "talent": "Discard / Talent (used by discarding it, or by returning an Ability)",
    "ability": "Used as an Ability (in the main phase)",
    "altar": "The Altar's rule (the whole Duel)",
}
# A Talent on the card itself: a discarded card would give nothing (HAD-12)
SELF_TALENT = "Talent (used, while it fights, by returning an Ability; discarding it would give nothing)"
WHO = {  # subject, possessive
    "self": ("you", "your"), "each_opponent": ("each opponent", "their"), "each_player": ("each player", "their"),
    "chosen_opponent": ("an opponent of your choice", "their"), "chosen_player": ("a player of your choice", "their"),
    "fighters_owner": ("the player who fought it", "their"), "active": ("the active player", "their"),
    "common": ("", "the"), "that_player": ("that player", "their"),
}
ZONES = {"draw": "draw pile", "hand": "hand", "discard": "discard pile", "play": "cards in play",
         "cloth": "Cloth in play", "wounded": "wounded cards", "frozen": "frozen cards", "destroyed": "destroyed cards",
         "setaside": "set-aside cards", "revealed": "revealed cards", "deck": "deck",
         "marked": "marked (wounded or frozen) cards", "relics": "Relics in play", "pillars": "Pillars destroyed",
         "in_play": "cards in play (played, equipped, Relics, wounded or frozen)",
         "field_discard": "the field discard pile", "graad": "Graad cards (in play, a +1 VP token each)"}
BY = {"self": " (you choose which)", "random": " (at random)", "opponent": " (an opponent chooses which)"}


# --- words -----------------------------------------------------------------------------------------
def _class_word(name: str) -> str:
    return {"saint_no_constellation": "Saint without constellation",
            "transcended": "Transcended Hero"}.get(name, name.replace("_", " ").title())


def _plural(word: str) -> str:
    if word.endswith("constellation"):
        return word.replace("Saint ", "Saints ", 1)
    return word if word.endswith("s") else word + ("es" if word.endswith("o") else "s")


def _either(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def kind(select: Select | None, many: bool = False) -> str:
    """The cards a select matches: 'Character', '● or ▲ Heroes', 'Saint with Cosmos', 'Seiya'."""
    s = select or Select()
    classes = [_class_word(c) for c in s.classes]
    name = _either(s.name) if isinstance(s.name, list) else s.name
    if classes:
        words = _either([_plural(c) if many else c for c in classes]) + (f" named {name}" if name else "")
    else:
        words = name or ("cards" if many else "card")
    if s.rank:
        words = f"{_either([RANK_SIGNS[r] for r in s.rank])} {words}"
    if s.cosmos:
        words += " with Cosmos" if s.cosmos == "has" else " without Cosmos"
    if s.cosmos_cost:
        words += " with a Cosmos cost" if s.cosmos_cost == "has" else " without a Cosmos cost"
    if s.not_class:
        words += " (not " + _either([_plural(_class_word(c)) for c in s.not_class]) + ")"
    stats = [f"at least {s.min_strength} Strength" if s.min_strength is not None else "",
             f"at most {s.max_strength} Strength" if s.max_strength is not None else "",
             f"at least {s.min_cosmos} Cosmos" if s.min_cosmos is not None else ""]
    if any(stats):
        words += " with " + " and ".join(x for x in stats if x)
    if s.not_name:
        words += f" (not {s.not_name})"
    return words


def things(n, select: Select | None) -> str:
    """n cards matching select: '1 Character', '2 Heroes', 'all ● or ▲ Characters', 'as many cards'."""
    if n == "all":
        return f"all {kind(select, many=True)}"
    if n == "last":
        return f"as many {kind(select, many=True)}"
    if n == "any":
        return f"any number of {kind(select, many=True)}"
    return f"{n} {kind(select, many=n != 1)}"


def _verb(subject: str, base: str) -> str:
    """'you draw', 'each player draws'."""
    if subject in ("you", ""):
        return base
    return base[:-1] + "ies" if base.endswith("y") and base[-2] not in "aeiou" else base + "s"


def condition(when) -> str:
    """A `when` as an 'if ...' clause."""
    if when is None:
        return ""
    fixed = {"flames_even": "if the Clock shows an even number of flames",
             "flames_odd": "if the Clock shows an odd number of flames",
             "facing_first": "if it faces the first card of the field",
             "facing_last": "if it faces the last card of the field",
             "facing_cosmos_cost": "if it faces a field card that has a Cosmos cost"}
    if isinstance(when, str):
        return fixed[when]
    if isinstance(when, RuleIs):
        return f"if the rules parameter {when.rule} is {when.is_}"
    if isinstance(when, Arriving):
        return f"if the card that arrives is a {kind(when.arriving)}"
    if isinstance(when, Hourglasses):
        return f"while the Epic carries {when.hourglasses} hourglass{'es' if when.hourglasses != 1 else ''}"
    c: Condition = when
    if c.alongside is not None:
        return f"if at least {things(c.at_least, c.alongside)} fights alongside it"
    count = c.count
    if c.at_most == 0 and count.zone == "field" and not count.other:
        return f"if no {kind(count.select)} is on the field"
    if c.at_most is not None:
        return f"if at most {things(c.at_most, count.select)} {'is' if c.at_most == 1 else 'are'} in {ZONES.get(count.zone, count.zone)}"
    other = "other " if count.other else ""
    what = things(c.at_least, count.select)
    what = what.replace(f"{c.at_least} ", f"{c.at_least} {other}", 1)
    if count.zone == "field":
        return f"if at least {what} {'is' if c.at_least == 1 else 'are'} on the field"
    if count.zone == "alongside":
        return f"if at least {what} {'fights' if c.at_least == 1 else 'fight'} alongside it"
    return f"if your {ZONES[count.zone]} {'holds' if count.zone != 'wounded' else 'hold'} at least {what}"


def _stats(strength: int, cosmos: int, less: bool = False) -> str:
    parts = [f"{v} {name}" if less else f"{v:+d} {name}"
             for v, name in ((strength, "Strength"), (cosmos, "Cosmos")) if v]
    return " and ".join(parts) or "nothing"


# --- ops -------------------------------------------------------------------------------------------
def _move(op: Op, subject: str, poss: str) -> str:
    def verb(base: str) -> str:  # a cost (pay) is one the payer may decline
        return f"may {base}" if op.may or op.pay else _verb(subject, base)

    src = op.from_
    what = things(op.n, op.select)
    if src == "armor":
        what = what.replace("card", "Cloth")
    by = BY.get(op.by, "") if op.by != "self" or op.who != "self" else ""
    places = {"fighters": "the cards used to fight it", "this": "this card", "field": "the field",
              "reserve_top": "the top of the reserve", "field_discard": "the battlefield discard",
              "armor": f"{poss} hand or {poss} Cloth in play", "drawn": "the cards just drawn",
              "hero_setaside": "the set-aside cards of the player of this card's hero",
              "pillars_in_play": "the Pillars in play"}
    where = places.get(src) or f"{poss} {ZONES[src]}"
    if op.top:
        where = f"the top of {poss} {ZONES[src]}"
    dest = op.to
    if src == "this" and dest == "wounded":
        return "it joins your deck wounded"
    if src == "cloth" and dest == "discard" and op.n == "all" and op.select == Select():
        return f"{subject} {verb('discard')} {poss} Cloth in play"
    if dest == "wounded":
        act = f"{verb('wound')} {what} from {where}"
    elif dest == "frozen":
        act = f"{verb('freeze')} {what} from {where}"
    elif dest == "destroyed":
        act = f"{verb('destroy')} {what} from {where}"
    elif dest == "discard" and src in ("wounded", "frozen"):
        act = f"{verb('heal')} {what} among {poss} {src} cards"
    elif dest == "discard" and src in ("hand", "cloth", "play", "armor", "drawn"):
        act = f"{verb('discard')} {what} from {where}"
    elif dest == "hand":
        act = f"{verb('take')} {what} from {where} into {poss} hand"
    elif dest == "reserve":
        act = f"{verb('shuffle')} {what} from {where} into the reserve"
        if subject == "":
            act = f"{what} from {where} {'is' if op.n == 1 else 'are'} shuffled into the reserve"
    elif dest == "revealed":
        act = f"{verb('reveal')} {what} from {where}"
    elif dest == "draw_top":
        act = f"{verb('put')} {what} from {where} on top of {poss} draw pile"
    elif dest == "other_discard":
        return f"{subject} {verb('put')} {what} from {where} into the discard pile of another player of {poss} choice"
    elif dest == "own_discard":  # from another player's pile into yours
        return f"you put {what} from the {ZONES[src]} of {subject} into your discard pile{by}"
    elif dest == "own_hand" and (src in places or op.who == "self"):
        return f"you take {what} from {where} into your hand{by}"
    elif dest == "own_hand":  # from another player's zone into yours
        return f"you take {what} from the {ZONES[src]} of {subject} into your hand{by}"
    else:
        act = f"{verb('put')} {what} from {where} into {poss} {ZONES[dest]}"
    return (f"{subject} {act}" if subject else act) + by


def _op(op: Op, card: Card) -> str:
    subject, poss = WHO[op.who]
    s = subject + " " if subject else ""
    name = op.op
    if name == "move":
        return _move(op, subject, poss)
    if name == "draw":
        if op.count == "alongside":
            return f"{s}{_verb(subject, 'draw')} 1 card per other {kind(op.select)} fighting alongside this card"
        if op.count == "discard":
            return (f"{s}{_verb(subject, 'draw')} 1 card per {kind(op.select)} in {poss} discard pile (counted "
                    "before drawing)")
        if op.count == "field":
            return f"{s}{_verb(subject, 'draw')} 1 card per {kind(op.select)} on the field"
        n = "as many cards" if op.n == "last" else things(op.n, None)
        return f"{s}{_verb(subject, 'draw')} {n}"
    if name == "shuffle":
        return f"{s}{_verb(subject, 'shuffle')} {poss} {ZONES[op.zone]}"
    if name == "remove_flame":
        return f"remove {op.n} flame{'s' if op.n != 1 else ''} from the Clock"
    if name == "acquire":
        if op.from_ == "reserve_top":
            text = "you put the top card of the reserve into your discard pile (acquired for free)"
        else:
            where = "adjacent to this card on the field" if op.adjacent else "from the field"
            what = f"every {kind(op.select)}" if op.n == "all" else things(op.n, op.select)
            text = f"you acquire for free {what} {where} (into your {'hand' if op.to == 'hand' else 'discard pile'})"
        return text + (", without its effects" if op.no_effects else "")
    if name == "field_remove":
        if op.n == "all":
            spared = "; only your opponents suffer their Exit effects" if op.spare_self else ""
            return f"every {kind(op.select)} on the field goes to the battlefield discard{spared}"
        return f"you remove {things(op.n, op.select)} from the field to the battlefield discard"
    if name == "field_refill":
        return "the emptied slot is refilled from the reserve" if op.same_slot else "the field is refilled from the reserve"
    if name == "field_swap":
        return "you swap the places of 2 field cards"
    if name == "buff" and op.from_ == "this":  # a Hades Talent: the card stays in play (HAD-12)
        return f"this card gains {_stats(op.strength, op.cosmos)} this turn"
    if name == "buff":
        return f"{things(op.n, op.select)} of yours in play gains {_stats(op.strength, op.cosmos)}"
    if name == "turn_buff":
        return f"all your Characters gain {_stats(op.strength, op.cosmos)} this turn (those played later too)"
    if name == "cost_cut":
        per = " per VP token it carried (they go back to the supply)" if op.per_token else ""
        return (f"{op.n} field {kind(op.select, many=op.n != 1)} {'costs' if op.n == 1 else 'cost'} "
                f"{_stats(op.strength, op.cosmos, True)} less{per} this turn (at least 1)")
    if name == "alt_cost_turn":
        return (f"this turn, field {kind(op.select, many=True)} may be acquired with your Strength, at their "
                "Cosmos cost")
    if name == "upgrade" and op.from_ == "cloth":
        return ("if your equipped Bronze Cloth is one of your hero's, you apply its upgrade destroying only one "
                "copy from your hand (a ● one, or any rank: rules parameter knight_ranks)")
    if name == "play":
        return _play(op, subject, poss)
    if name == "gain_energy":
        return f"you gain {op.n} Energy (at most 3 on your board)"
    if name == "vp_token":
        sign = "+1" if op.bonus > 0 else "-1"
        where = {"pillars_in_play": "Pillar in play", "field": "field card", "this": "this card"}.get(op.from_, "card")
        where += " with no VP token" if op.bare else ""
        if op.from_ == "this":
            return f"you put a {sign} VP token on this card"
        if op.n == "all":
            return f"a {sign} VP token goes on every {where}"
        return f"{subject} put{'s' if subject != 'you' else ''} a {sign} VP token on {op.n} {where}" \
            + ("s" if op.n != 1 and not op.bare else "")
    if name == "take_vp_tokens":
        sign = "+1" if op.bonus > 0 else "-1"
        return f"{subject} take{'s' if subject != 'you' else ''} a {sign} VP token per {kind(op.select)} on the field"
    if name == "marked_to_reserve":
        return (f"each {kind(op.select)} in a marked area, or that becomes marked, is shuffled into the reserve "
                "(its tokens removed)")
    if name == "sapphire_if_acquired":
        return f"a {kind(op.select)} places its sapphire on the Odin statue only when it is acquired"
    if name == "put_beneath":
        return (f"a {kind(op.select)} of {poss} {ZONES.get(op.from_, op.from_)}, your choice, goes beneath this "
                "card (yours: it undergoes whatever this card undergoes)")
    if name == "win_back":
        return (f"the player whose card is beneath it may face it with {_stats(op.strength, op.cosmos, True)} to take "
                "both into their discard pile")
    if name == "open_target":
        which = f"the top card of {poss} {ZONES.get(op.from_, op.from_)}" if op.top else \
            f"a {kind(op.select)} of {poss} {ZONES.get(op.from_, op.from_)}, your choice"
        return (f"this turn you may face {which} and acquire it by its printed costs (to your discard pile, or your "
                "hand with Cosmos; its tokens removed)")
    if name == "wound_for_same_rank":
        return (f"{subject} may wound a {kind(op.other_select)} from {poss} hand to take back a {kind(op.select)} "
                f"of the same rank from {poss} discard pile into {poss} hand")
    if name == "swap_same_rank":
        return (f"you look at {poss} hand and may swap one of {poss} {kind(op.select, many=True)} for a "
                f"{kind(op.other_select)} of the same rank from your hand")
    if name == "wound_cut":
        return (f"a player may wound a {kind(op.select)} from their hand: this card costs "
                f"{_stats(op.strength, 0, True)} less this turn (once a turn)")
    if name == "token_each_turn":
        sign = "+1" if op.bonus > 0 else "-1"
        return f"at the start of your turn you may put a {sign} VP token on it ({op.n} at most)"
    if name == "trade_marked":
        return (f"this card swaps places with a marked {kind(op.select)} of another player, your choice (each "
                "takes the other's place and token, with no Marked effect)")
    if name == "cost_to_cosmos":
        return f"the Strength cost of the {kind(op.select, many=True)} next to it on the field becomes a Cosmos cost"
    if name == "discard_engagement":
        return "the Engagement effect of a card of your discard pile, your choice, applies (the card stays)"
    if name == "graad_end":
        return (f"if the players have at least {op.n} Graad cards in all, each goes to its owner's discard pile "
                f"(who takes its token); if not, the game ends at once and each player with fewer than "
                f"{op.factor} is eliminated (cannot win)")
    if name == "name_hero_discard":
        return (f"you name the Hero of a card you have in play: each player holding a card of that Hero "
                f"discards one, and your card gains {_stats(op.strength, 0)} per player who did")
    if name == "set_values":
        return f"every {kind(op.select)} has exactly {op.strength} Strength and {op.heal} Heal"
    if name == "vp_tokens_to_most":
        sign = "+1" if op.bonus > 0 else "-1"
        return (f"the player with the most {kind(op.select, many=True)} in their {ZONES.get(op.from_, op.from_)} "
                f"(alone) takes {op.n} {sign} VP token{'s' if op.n != 1 else ''}")
    if name == "discard_instead":
        return f"whenever a {kind(op.select)} would be destroyed, its owner may discard it instead"
    if name == "must_heal":
        return f"while you have a marked card, a {kind(op.select)} with Heal from your hand may only heal"
    if name == "upgrade_skips":
        return f"an upgrade that would give a {kind(op.select)} gives the Hero of the next rank instead, if left"
    if name == "swap_marked":
        many = "each of " if op.n == "all" else ""
        howmany = ", as many as possible" if op.n == "all" else ""
        return (f"{subject} swap{'s' if subject != 'you' else ''} {many}{poss} marked "
                f"{kind(op.select, many=op.n == 'all')} with {'one' if op.n == 'all' else 'a'} "
                f"{kind(op.other_select)} of {poss} {ZONES.get(op.from_, op.from_)}{howmany} (it takes the marked "
                "place and tokens, with no Marked effect)")
    if name == "acquired_frozen":
        return "every other field card acquired into a discard pile is frozen instead (its Marked effect applies)"
    if name == "flame_when_discarded":
        pile = {"players": "a player's discard pile", "field_discard": "the field discard pile",
                "any": "a discard pile"}[op.pile]
        return f"whenever a {kind(op.select)} joins {pile}, a flame of the Clock goes out"
    if name == "eliminated_unless":
        return f"a player without a {kind(op.select)} in their deck is eliminated (cannot win)"
    if name == "hand_size":
        who = "its Shackle pile's owner" if card.start == "styx" else "the active player"
        return f"at upkeep, {who} draws up to {op.n} cards instead of 5"
    if name == "field_arrival":
        return "the Arrival effect of a field card of your choice applies (the card stays)"
    if name == "field_exits":
        return "the Exit effect of every field card applies, from the last card to the first (the cards stay)"
    if name == "take_weapon":
        return f"you take a Balance Weapon token from {subject or 'them'}, if they have one"
    if name == "face_cost_for":
        return f"to face a {kind(op.select)} of the field, a player must discard {things(op.n, None)} from their hand"
    if name == "gain_weapon":
        return "you gain a Balance Weapon token, if one is left"
    if name == "upgrade":
        hero = card.hero or "Hero"
        return (f"you may destroy 2 identical {hero} from your hand to put 1 {hero} of the next rank from your "
                f"set-aside cards into your {'hand' if op.to == 'hand' else 'discard pile'}")
    if name == "swap_cloth":
        has = "have" if subject == "you" else "has"
        return f"swap this Cloth with a {kind(op.select)} {subject} {has} in play (yours is equipped)"
    if name == "return_to_reserve":
        return "this card is shuffled into the reserve"
    if name == "give_self" and op.to in (None, "discard"):  # the active player chooses (Gigas)
        pile = "your discard pile" if op.who == "self" else "the discard pile of " + (
            "a player of their choice" if op.who == "chosen_player" else subject)
        return f"the active player puts this card into {pile}"
    if name == "give_self":
        where = {"relics": "play area", "frozen": "marked area"}.get(op.to, ZONES.get(op.to, op.to))
        whose = f"your {where}" if op.who == "self" else f"the {where} of {subject}"
        note = {"relics": " (an acquisition of theirs)", "frozen": ", still frozen"}.get(op.to, "")
        return f"this card goes into {whose}{note}"
    if name == "swap_zones":
        return (f"{s}{_verb(subject, 'swap')} {things(1, op.select)} in {poss} {ZONES[op.from_]} with "
                f"{things(1, op.other_select)} among {poss} {ZONES[op.to]}")
    if name == "cosmos_draw":
        return "if this card's Cosmos is spent to acquire a field Character, you draw 1 card"
    if name == "stat":
        if op.alongside is not None:
            return f"each {kind(op.alongside)} fighting alongside it gains {_stats(op.strength, op.cosmos)}"
        return f"it gains {_stats(op.strength, op.cosmos)}"
    if name == "stat_mult":
        return (f"each {kind(op.alongside)} fighting alongside it has its Strength and Cosmos "
                f"multiplied by {op.factor}")
    if name == "stat_per":
        return f"it gains {_stats(op.strength, op.cosmos)} per {kind(op.select)} {_counted(op.count)}"
    if name == "freeze_alongside":
        return (f"{kind(op.alongside, many=True)} fighting alongside it are frozen instead of discarded after the "
                "fight")
    if name == "protect":
        return f"{kind(op.alongside, many=True)} fighting alongside it cannot be wounded"
    if name == "cost_if_fighter":
        return f"it costs {_stats(op.strength, op.cosmos, True)} less if {_one(op.fighter)} fights it"
    if name == "no_reduction":
        return "nothing can lower its costs"
    if name == "cost_per_fighter":
        more = op.strength < 0 or op.cosmos < 0
        return (f"it costs {_stats(abs(op.strength), abs(op.cosmos), True)} {'more' if more else 'less'} per "
                f"{kind(op.fighter)} facing it")
    if name == "alt_cost_fighter":
        return f"{_one(op.fighter)} may acquire it for {_stats(op.strength, op.cosmos, True)}"
    if name == "faced_cost_per":
        return (f"the {kind(op.faced)} it faces costs {_stats(op.strength, op.cosmos, True)} less per "
                f"{kind(op.select)} {_counted(op.count)} (at least 1)")
    if name == "min_fighters":
        return f"it can only be fought by at least {things(op.n, None).replace('card', 'Character')}"
    if name == "face_cost":
        return "to fight it, a player must discard a card from their hand"
    if name == "faced_alt_cost":
        return (f"the {kind(op.select)} it faces may be acquired with Cosmos, at a cost equal to its "
                "Strength cost")
    if name == "replace_from_reserve":
        return (f"reserve cards are discarded until {things(1, op.select)} is revealed: it takes this card's "
                "place on the field (its Arrival applies), and this card is shuffled into the reserve")
    if name == "acquire_ban":
        return f"no other {kind(op.select)} can be acquired"
    if name == "face_ban":
        return f"{kind(op.select, many=True)} cannot face any other Character of the field"
    if name == "heal_ban":
        return "no Character can be healed"
    if name == "cost_up":
        where = ("to its left on the field (toward the first slot)" if op.left
                 else f"on the field next to a {kind(op.next_to)}" if op.next_to is not None
                 else "on the field (this card too, if it is one)")
        return f"{kind(op.select, many=True)} {where} cost {_stats(op.strength, op.cosmos)}"
    if name == "currency_ban":
        return f"no {kind(op.select)} on the field can be acquired with {op.currency.title()}"
    if name == "acquire_only":
        kinds = kind(op.select, many=True) + (f" and {kind(op.also, many=True)}" if op.also is not None else "")
        return f"only {kinds} can be acquired from the field (by any means)"
    if name == "equip_lock":
        return (f"you cannot equip a Cloth (one equipped stays) until you face this card with "
                f"{max(op.strength, 1)} Strength to put it into your discard pile")
    if name == "sapphire_cut":
        return f"it costs {_stats(op.strength, op.cosmos, True)} less per sapphire on the Odin statue (at least 1)"
    if name == "vp_per":
        if op.count == "deck_names":
            return f"+1 VP per differently named {kind(op.select)} in your deck"
        one, many = {"deck": ("card in your deck", "cards in your deck"),
                     "destroyed": ("destroyed card of yours", "of your destroyed cards"),
                     "field": ("card on the field", "cards on the field"),
                     "alongside": ("card alongside it", "cards alongside it"),
                     "void": ("card in your Void", "cards in your Void"),
                     "houses": ("House you own", "Houses you own")}[op.count]
        vp = op.factor or 1
        if op.per > 1:
            return f"+{vp} VP per full {op.per} {many}"
        return f"+{vp} VP per {kind(op.select)} in your deck" if op.count == "deck" else f"+{vp} VP per {one}"
    where = " among your marked (wounded or frozen) cards" if op.count == "marked" else ""
    if name == "vp_if_most":
        per = " per player in the game" if op.per_player else \
            f" per {kind(op.select)} in the field discard" if op.per_field_discard else ""
        return f"+{op.bonus} VP{per} if you alone have the most {kind(op.select, many=True)}{where}"
    if name == "vp_if_own":
        if op.n != 1:
            return f"+{op.bonus} VP if you have at least {op.n} {kind(op.select, many=True)}{where}"
        return f"+{op.bonus} VP if you also own a {kind(op.select)}{where}"
    if name in HADES_WORDS:
        return _hades(op, subject, poss, s)
    raise ValueError(f"no words for op '{name}'")  # a new op: add its words here


BANS = {"souls": "gain Souls", "highest_sense": "use their highest Sense", "trials": "claim Trials",
        "abilities": "draw Abilities", "marker_to_elysion": "move their marker toward Elysion",
        "energy": "gain Energy"}
HADES_WORDS = ("gain_souls", "lose_souls", "gate_tokens", "move_marker", "recharge_sense", "lose_sense", "refill_trial",
               "draw_ability", "free_shackle", "ban", "soul_cost", "extra_gate_tokens", "annihilate_souls",
               "gain_vp_token", "house_counter", "counter_step", "counter_reset", "end_at_houses", "styx_look",
               "underworld_cut")


def _hades(op: Op, subject: str, poss: str, s: str) -> str:
    """The Hades ops (docs/hades.md): Souls, Gate tokens, the marker, Senses, Trials, Abilities, the Shackle
    pile, the Duel's Houses."""
    name, n = op.op, op.n
    if name == "gain_souls":
        return f"{s}{_verb(subject, 'gain')} {things(n, None).replace('card', 'Soul')}"
    if name == "lose_souls":
        souls = things(n, None).replace("card", "Soul")
        if op.most:
            most = {"souls": "Souls", "void": "cards in their Void", "abilities": "Abilities"}[op.most]
            return f"the player with the most {most} (nobody on a tie) loses {souls}"
        return f"{s}{_verb(subject, 'lose')} {souls}"
    if name == "gate_tokens":
        return f"{things(n, None).replace('card', 'Gate token')} {'go onto or come off' if op.either else 'go onto'} " \
               f"the Gate{' (your choice)' if op.either else ''}"
    if name == "move_marker":
        way = {"elysion": "toward Elysion", "gate": "toward the Gate", "either": "either way"}[op.toward]
        return f"{s}{_verb(subject, 'move')} {poss} Hero marker {n} space{'s' if n != 1 else ''} {way}"
    if name == "recharge_sense":
        return f"{s}{_verb(subject, 'recharge')} one of {poss} inactive Senses"
    if name == "lose_sense":
        return f"{s}{_verb(subject, 'lose')} {poss} highest Sense"
    if name == "refill_trial":
        return "an empty Trial space is filled now"
    if name == "draw_ability":
        return f"{s}{_verb(subject, 'draw')} an Ability (at most 3 held)"
    if name == "free_shackle":
        which = "the top card" if op.top else "a card"
        return f"{s}{_verb(subject, 'put')} {which} of {poss} Shackle pile under the Styx, without gaining its Souls"
    if name == "ban":
        return f"{'its owner' if subject == 'you' else subject or 'no player'} cannot {BANS[op.what]}"
    if name == "soul_cost":
        return f"the other Underworld cards' Soul costs are {abs(op.souls)} {'lower' if op.souls < 0 else 'higher'}"
    if name == "extra_gate_tokens":
        return f"a card leaving the Underworld adds {n} more Gate token{'s' if n != 1 else ''}"
    if name == "annihilate_souls":
        return f"each annihilation gains {n} more Soul{'s' if n != 1 else ''}"
    if name == "gain_vp_token":
        return f"{s}{_verb(subject, 'take')} {n} VP token{'s' if n != 1 else ''} of {op.bonus:+d}"
    if name == "house_counter":
        return f"{s}{_verb(subject, 'lower')} {poss} House counter by {n} (not below 1)"
    if name == "counter_step":
        return f"at the end of each turn, House counters drop by {n}"
    if name == "counter_reset":
        return f"a House counter resets to {n} plus the Houses its player owns"
    if name == "end_at_houses":
        return f"the Duel ends when a player owns {n} Houses"
    if name == "styx_look":
        return f"{s}{_verb(subject, 'look')} at the top {n} Styx cards and {_verb(subject, 'put')} them back in any order"
    return f"an Underworld card of {poss} choice costs {op.strength} Strength less this turn"  # underworld_cut


def _play(op: Op, subject: str, poss: str) -> str:
    """'you play the top 2 cards of your draw pile, ...'; another player's cards stay theirs."""
    what = things(op.n, op.select)
    one = op.n == 1
    if op.top:
        what = f"the top {op.n} {kind(op.select, many=not one)}" if not one else f"the top {kind(op.select)}"
    where = f"{poss} {ZONES[op.from_]}"
    src = f"{what} of {where}" if op.top else f"{what} from {where}"
    if op.who != "self":
        src = f"{what} from the {ZONES[op.from_]} of {subject}"
    text = (f"you play {src}{BY.get(op.by, '') if op.by in ('random', 'opponent') else ''}"
            f"{' as from your hand' if one else ', one after the other, each as from your hand'}, before anything "
            f"else ({'if it cannot be played, it goes' if one else 'one that cannot be played goes'} to its "
            f"owner's discard pile)")
    if op.who != "self":
        text += f"; at the end of the turn {'it goes' if one else 'they go'} to {poss} discard pile"
    if op.strength or op.cosmos:
        text += (f"; {kind(op.buff, many=True)} played so gain {_stats(op.strength, op.cosmos)} this turn")
    return text


def _one(select: Select) -> str:
    """'Hyoga', 'a Saint'."""
    return select.name if select.name and not select.classes else f"a {kind(select)}"


def _counted(count: str | None) -> str:
    return {"field": "on the field", "alongside": "fighting alongside it", "deck": "in your deck",
            "destroyed": "among your destroyed cards", "deck_names": "named differently in your deck",
            "discard": "in your discard pile"}.get(count, "")


def program(effect, card: Card) -> str:
    """One program as a sentence: its ops in order, with what makes the next ones run."""
    out = ""
    for i, op in enumerate(effect.do):
        text = _op(op, card)
        if op.when is not None:
            text = f"{condition(op.when)}, {text}"
        if i == 0:
            out = text
        else:
            prev = effect.do[i - 1]
            payer = "you do" if WHO[prev.who][0] == "you" else "they do"
            joint = f"; if {payer}, " if prev.pay else "; if that was done in full, " if prev.then else "; then "
            if op.otherwise:
                joint = "; if nothing was, " if prev.op == "move" else "; if none was drawn, "
            if prev.or_:  # ASG-21
                chooser = "your" if prev.by == "self" else "their"
                joint = f"; or instead ({chooser} choice when both are possible), "
            out += joint + text
    return out[:1].upper() + out[1:] + "."


# --- the card ----------------------------------------------------------------------------------
def _hades_lines(card: Card) -> list[str]:
    if card.start == "styx":
        return [f"Grade {card.grade}; to fight: {card.strength_cost} Strength; to place on a Shackle pile: "
                f"{card.soul_cost} Souls; under the Styx: {card.soul_gain} Souls; VP: {card.vp}"]
    if card.start in ("trial", "house"):
        what = f"{'An' if card.difficulty == 'easy' else 'A'} {card.difficulty} Trial" if card.start == "trial" \
            else f"A House, reduction {card.reduction}"
        return [f"{what}; its condition: {card.event.replace('_', ' ')}"]
    return []


def card_lines(card: Card) -> list[str]:
    """The card for a reader: name, kind, numbers, printed text, and its effects in plain words."""
    kinds = ", ".join(_class_word(c) for c in card.classes) or "No class"
    ranks = " and ".join(f"{RANK_SIGNS[r]} {RANK_WORDS[r]}" for r in card.rank)
    copies = f"{card.copies} cop{'y' if card.copies == 1 else 'ies'} {START_WORDS[card.start]}"
    ranks = ranks or "no rank"
    head = f"#{card.id} {card.name}" + (f" ({card.name_fr})" if card.name_fr and card.name_fr != card.name else "")
    lines = [head, f"{kinds}; {ranks}; {copies}"]
    costs = [f"{v} {name}" for v, name in ((card.strength_cost, "Strength"), (card.cosmos_cost, "Cosmos")) if v]
    cannot = "none (a starting card)" if card.start != "reserve" else "none (it cannot be bought)"
    if card.start in ("styx", "trial", "ability", "house", "altar"):
        lines += _hades_lines(card)
    elif card.start == "pillar":
        lines.append(f"Destroyed by a fight with {card.strength_cost} Strength; VP: {card.vp}, and more by its text")
    elif card.start == "epic":
        lines.append(f"Duration: {card.hourglasses} hourglasses")
        if any(e.on == "epic_action" for e in card.effects):
            times = "any number of times" if card.uses_per_turn == 0 else \
                "once" if card.uses_per_turn == 1 else f"{card.uses_per_turn} times"
            lines.append(f"Its action: {times} a turn")
    elif card.start != "board":
        lines.append("Cost: " + (" or ".join(costs) if costs else cannot))
    gives = [f"{v} {name}" for v, name in ((card.strength, "Strength"), (card.cosmos, "Cosmos"), (card.heal, "Heal")) if v]
    if card.start not in ("board", "pillar", "epic", "styx", "trial", "ability", "house", "altar"):
        lines.append("Gives: " + (", ".join(gives) if gives else "nothing") + f"; VP: {card.vp}"
                 + (" and more at the end of the game (below)" if any(e.on == "score" for e in card.effects) else ""))
    if card.start == "board" and card.hero:
        lines.append(f"Technique {card.technique} of {card.hero}'s board; Energy cost: {card.energy}")
    elif card.start == "board":
        lines.append("On every player's board (one copy each), usable once the Odin statue has flipped")
    elif card.hero:
        lines.append(f"A version of {card.hero} (it counts as {card.hero} for effects)")
    if card.pillar:
        lines.append(f"Protects Pillar #{card.pillar}")
    if card.icons:
        lines.append("Icons: " + ", ".join(card.icons))
    if card.text:
        lines.append(f"Text: {card.text}")
    hades = unplayed_hades([card])
    if hades:
        lines.append("What the engine does: nothing yet; it does not play Hades (this card needs "
                     + ", ".join(hades) + ")" + (". Its programs say:" if card.effects else ""))
    elif card.effects:
        lines.append("What the engine does:")
    elif card.plain and "transcended" in card.classes:
        lines.append("Its text is the rule of every Transcended Hero, which the engine applies (POS-15).")
    elif card.plain:
        lines.append("No effect of its own.")
    else:  # the engine refuses a card set holding it
        lines.append("Its effect is not applied by the engine yet.")
    for e in card.effects:
        when = "At the end of each of its Shackle pile owner's turns" if card.start == "styx" and e.on == "turn_end" \
            else SELF_TALENT if e.on == "talent" and any(o.op == "buff" and o.from_ == "this" for o in e.do) \
            else TRIGGERS[e.on]
        lines.append(f"  {when}: {program(e, card)}")
    if card.source:
        lines.append(f"Source: {card.source}")
    if card.estimate and card.source:
        lines.append("The whole card is our estimate (no public list of its box's cards); its source says where "
                     "each part comes from.")
    elif card.estimate:
        lines.append("Its numbers are our estimate, not printed facts." if card.start != "board"
                     else "Its text is our estimate (ASG-4), not printed fact.")
    return lines
