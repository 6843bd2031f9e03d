"""One game told turn by turn, from its full event log (text for people, dicts for JSON Lines)."""
from __future__ import annotations

import pandas as pd

from sim.engine import enums as E

HOUSE_COUNTER_WHY = {E.HC_RESET: "a House revealed", E.HC_CONDITION: "the House's condition met",
                     E.HC_TURN_END: "end of turn"}
ZONE_WORDS = {E.Z_DRAW: "draw pile", E.Z_HAND: "hand", E.Z_DISCARD: "discard pile", E.Z_PLAY: "play",
              E.Z_CLOTH: "Cloth slot", E.Z_WOUNDED: "wounded", E.Z_FROZEN: "frozen", E.Z_DESTROYED: "destroyed",
              E.Z_RELICS: "Relics in play", E.Z_TO_PLAY: "cards to play now", E.Z_PILLARS: "Pillars destroyed",
              E.Z_SETASIDE: "set-aside", E.Z_REVEALED: "revealed", E.Z_DST_RESERVE: "reserve",
              E.Z_DST_DRAW_TOP: "top of draw pile", E.Z_DST_SELF_DISCARD: "own discard pile",
              E.Z_BATTLEFIELD: "the field", E.LOC_COMMON + E.Z_RESERVE: "reserve",
              E.LOC_COMMON + E.Z_BF_DISCARD: "battlefield discard", E.LOC_COMMON + E.Z_PENDING: "being acquired",
              E.Z_GRAAD: "Graad cards", E.Z_DST_OUT: "out of the game", E.Z_UNDERWORLD: "the Underworld",
              E.LOC_COMMON + E.Z_STYX: "the Styx", E.Z_VOID: "Void", E.Z_SHACKLE: "Shackle pile",
              E.Z_HOUSES: "Houses"}
SPACE_WORDS = ("Elysion", "space 2", "space 3", "space 4", "the Gate")
TRIGGER_WORDS = {v: k.replace("_", " ") for k, v in E.TRIGGER_NAMES.items()}


def event_dicts(res) -> list[dict]:
    names = dict(zip(res.cards["id"], res.cards["name"]))
    out = []
    for r in res.events.itertuples(index=False):
        d = {"game": int(r.game), "turn": int(r.turn), "round": int(r.round), "seat": int(r.seat),
             "kind": str(r.kind), "card_id": int(r.card_id), "card": names.get(int(r.card_id), ""),
             "a": int(r.a), "b": int(r.b)}
        if r.how:
            d["how"] = str(r.how)
        out.append(d)
    return out


def _cost(cards: pd.DataFrame, cid: int) -> str:
    row = cards.loc[cards["id"] == cid].iloc[0]
    parts = []
    if row.strength_cost:
        parts.append(f"{row.strength_cost}S")
    if row.cosmos_cost:
        parts.append(f"{row.cosmos_cost}C")
    return "/".join(parts) or "no cost"


def render_text(res) -> str:
    cards = res.cards
    name = dict(zip(cards["id"], cards["name"]))
    g = res.games.iloc[0]
    pl = res.players
    lines = [f"Game {g.game} (seed {g.seed}), {g.players} players: "
             + "; ".join(f"seat {r.seat} {r.hero} ({r.policy})" for r in pl.itertuples())]
    setup = res.events[(res.events.kind == "reveal") & (res.events.b == 1)]
    lines.append("Setup field: " + " | ".join(f"{r.a + 1}:{name.get(int(r.card_id), '?')} ({_cost(cards, r.card_id)})"
                                              for r in setup.itertuples()))
    lines += event_lines(res.events, cards, int(g.players))
    if "hilda_vp" in res.games:  # solo: the player against Hilda (a tie is hers, SOLO-5)
        lines.append(f"The player {'beats' if pl.win_share.iloc[0] > 0 else 'does not beat'} Hilda: "
                     f"{pl.vp.iloc[0]} VP to {g.hilda_vp}.")
        return "\n".join(lines) + "\n"
    if "poseidon_vp" in res.games:  # co-op: the team against Poseidon (COOP-15)
        lines.append(f"The players {'beat' if pl.win_share.sum() > 0 else 'do not beat'} Poseidon: "
                     f"{pl.vp.sum()} VP together to {g.poseidon_vp}; {7 - g.pillars_left} Pillars destroyed.")
        return "\n".join(lines) + "\n"
    winners = pl[pl.win_share > 0]
    lines.append("Winner: " + ", ".join(f"seat {r.seat} ({r.hero})" for r in winners.itertuples())
                 + (" (shared)" if len(winners) > 1 else ""))
    return "\n".join(lines) + "\n"


HILDA_HOW = ("her die", "her Strength", "her Cosmos", "it left the field", "her Draw face")


def _where(at: int) -> str:
    """The place of a card faced by the action index `at` (`zones.fight_target`)."""
    if at == E.OPEN_AT:
        return "(off the field)"
    if at >= E.SHACKLE_AT:
        return "(in the Shackle pile)"
    if at == E.HOUSE_AT:
        return "(the revealed House)"
    if at >= E.UNDER_AT:
        return f"(Underworld, {SPACE_WORDS[at - E.UNDER_AT]})"
    return f"(slot {at + 1})" if at < E.N_SLOTS else "(a Pillar)" if at >= E.PILLAR_AT else "(in play)"


def event_lines(events: pd.DataFrame, cards: pd.DataFrame, players: int = 0) -> list[str]:
    """Events told one line each (the cards revealed at setup are told apart, by `render_text`).
    `players`: a co-op game's (Poseidon holds the seat after theirs)."""
    name = dict(zip(cards["id"], cards["name"]))
    n = lambda cid: name.get(int(cid), "?")
    lines = []
    hand, field = [], []
    solo = (events.kind == "hilda_roll").any()
    coop = (events.kind == "poseidon_phase").any()
    duel = (events.kind == "house").any()
    for r in events.itertuples(index=False):
        k, seat, cid, a, b = str(r.kind), int(r.seat), int(r.card_id), int(r.a), int(r.b)
        who = "Hilda" if solo and seat == 1 else "Poseidon" if coop and seat == players else \
            E.SIDE_PLAYERS[seat] if duel and 0 <= seat < 2 else f"seat {seat}"
        if k == "turn":
            lines.append("")
            lines.append(f"== Turn {a}: Hilda, then seat {seat} ==" if solo else
                         f"== Round {a}, turn {r.turn}: seat {seat} to play; water level {b} ==" if coop else
                         f"== Round {a}, turn {r.turn}: {who} (seat {seat}) to play; House counter {b} ==" if duel else
                         f"== Round {a}, turn {r.turn}: seat {seat} to play; {b} flames left ==")
        elif k == "field":
            field.append(f"{a + 1}:{n(cid)} ({_cost(cards, cid)})")
        elif k == "hand":
            if field:
                lines.append("  Field: " + " | ".join(field))
                field = []
            hand.append(n(cid))
            draw_left, discard_n = a, b
            continue
        elif k == "reveal" and b == 1:
            continue
        if hand and k != "hand":
            lines.append(f"  Hand: {', '.join(hand)}   (draw pile {draw_left}, discard pile {discard_n})")
            hand = []
        if k in ("turn", "field"):
            continue
        text = {
            "play": lambda: f"  {who} plays {n(cid)} against {n(b)} " + _where(a),
            "cloth_fights": lambda: f"  {who} uses the equipped {n(cid)} against {n(b)} " + _where(a),
            "equip": lambda: f"  {who} equips {n(cid)}",
            "relic": lambda: f"  {who} plays the Relic {n(cid)}",
            "relic_won": lambda: f"  {who} beats {n(cid)}: it goes to their discard pile",
            "pillar": lambda: (f"  {who} DESTROYS {n(cid)}" if a else f"    {n(cid)} is revealed"),
            "vp_token": lambda: f"    a {a:+d} VP token goes on {n(cid)} ({b:+d} on it now)",
            "vp_taken": lambda: f"    {who} takes {a:+d} VP in tokens ({n(cid)}): {b:+d} in all",
            "epic": lambda: (f"  Epic {n(cid)} ends" if a else
                             f"  Epic {n(cid)} is revealed" + (" (setup)" if b else "")),
            "hourglass": lambda: f"    * an hourglass on {n(cid)}: {a} of {b}",
            "eliminated": lambda: f"  {who} is eliminated: they cannot win",
            "open": lambda: f"    {who} may face {n(cid)} this turn (off the field)",
            "weapon": lambda: (f"    {who} gains a Balance Weapon ({b} left in the supply)" if a > 0 else
                               f"  {who} spends a Balance Weapon on {n(cid)}: +{E.WEAPON_STRENGTH} Strength"),
            "use": lambda: (f"  {who} pays the Talent of {n(cid)} with the Ability {n(b)}" if a == E.T_TALENT else
                            f"  {who} spends {n(cid)} for its {TRIGGER_WORDS[a]} effect"),
            "pay": lambda: f"    {who} {'pays' if a else 'declines'} the optional cost of {n(cid)}",
            "effect": lambda: f"    > {n(cid)}: {TRIGGER_WORDS[a]} effect",
            "acquire": lambda: (f"  {who} ACQUIRES {n(cid)} ({r.how}" + (f", slot {b + 1})" if b >= 0 else ")")),
            "flame": lambda: f"    * a flame goes out ({n(cid)}, {r.how}): {b} left",
            "sapphire": lambda: (f"    * a sapphire goes on the Odin statue ({n(cid)}): {a} of {E.SAPPHIRE_SPACES}"
                                 + (", the statue flips" if a == E.SAPPHIRE_SPACES else "")),
            "reveal": lambda: f"    field: {n(cid)} revealed in slot {a + 1}",
            "poseidon_phase": lambda: f"\n== Round {a}: Poseidon's phase; water level {b} ==",
            "mb": lambda: f"    Poseidon collects {n(cid)}" + (" (face down)" if a else ""),
            "water": lambda: f"    ~ the water {'rises' if b > 0 else 'falls'} to level {a}",
            "move_marker": lambda: f"  {who} moves to pile {b + 1}",
            "gift": lambda: f"  {who} gives {n(cid)} to seat {a}",
            "underworld": lambda: (f"    Underworld: {n(cid) if b == 3 else 'a face-down card'} "
                                   + ("comes from the Styx to " if b < 2 else "slides to ") + SPACE_WORDS[a]),
            "under_up": lambda: f"    Underworld: {n(cid)} is revealed on {SPACE_WORDS[a]}",
            "gate": lambda: f"    {abs(a)} Gate token{'s' if abs(a) != 1 else ''} {'added' if a > 0 else 'removed'}: {b} on the Gate",
            "shackled": lambda: (f"    {n(cid)} joins the Shackle pile of {who}, "
                                 + ("from the Gate" if b == E.SHACKLE_GATE else "placed with Souls")
                                 + f" ({a + 1} from the bottom)"),
            "annihilate": lambda: f"  {who} ANNIHILATES {n(cid)} on {SPACE_WORDS[a]} ({E.BONUS_NAMES[b]})",
            "freed": lambda: f"  {who} frees {n(cid)} from their Shackle pile" + (" and takes its Souls" if a else ""),
            "place": lambda: f"  {who} places {n(cid)} from {SPACE_WORDS[a]} with Souls onto seat {b}'s Shackle pile",
            "sense": lambda: (f"  {who} uses the {a + 5}th Sense" + (f" on {n(cid)}" if cid > 0 else "")
                              + (f": the marker moves {abs(b)} toward {'Elysion' if b < 0 else 'the Gate'}" if a == 3 else "")),
            "house": lambda: (f"  {who} ACQUIRES {n(cid)} ({b} House{'s' if b != 1 else ''} now)" if a == 1 else
                              f"  The Altar: {n(cid)}" if a == 2 else f"    {n(cid)} is revealed"),
            "house_counter": lambda: f"    {who}'s House counter: {a} ({HOUSE_COUNTER_WHY[b]})",
            "trial": lambda: f"  {who} claims {n(cid)}: " + ("the Awakening gives a Sense" if a else "an Ability"),
            "ability": lambda: (f"    {who} draws {n(cid)}" if a else f"  {who} uses {n(cid)}; it goes under the pile"),
            "sense_lost": lambda: f"    {who} loses the {a + 5}th Sense",
            "marker": lambda: f"    {who}'s Hero marker moves from {SPACE_WORDS[a]} to {SPACE_WORDS[b]}",
            "souls": lambda: f"    {who} {'gains' if a > 0 else 'loses'} {abs(a)} Soul{'s' if abs(a) != 1 else ''}: {b} now",
            "field_out": lambda: (f"    field: {n(cid)} leaves slot {a + 1}, taken by Hilda" if b == E.OUT_HILDA else
                                  f"    field: {n(cid)} is collected by Poseidon" if b == E.OUT_POSEIDON else
                                  f"    {n(cid)}, the last General of its pile, joins the Abysses" if b == E.OUT_DEFEATED else
                                  f"    field: {n(cid)} leaves slot {a + 1} for the battlefield discard"
                                  + (" (upkeep)" if b == E.OUT_UPKEEP else " (effect)")),
            "hilda_roll": lambda: f"  Hilda rolls: slot {a}, {E.DIE_ICONS[b]}",
            "hilda_gains": lambda: (f"    Hilda gains {n(cid)} ({HILDA_HOW[a]}) "
                                    + ("and equips it" if b == E.Z_CLOTH else "into her hand")),
            "wound": lambda: f"    {who}: {n(cid)} is wounded (from {ZONE_WORDS.get(a, a)})",
            "destroy": lambda: f"    {who}: {n(cid)} is destroyed (from {ZONE_WORDS.get(a, a)})",
            "discard": lambda: f"    {who}: {n(cid)} is discarded (from {ZONE_WORDS.get(a, a)})",
            "heal": lambda: ((f"  {who} turns the Freeze token of {n(cid)} to side 1" if b == 1 else f"  {who} heals {n(cid)}")
                             + (f" with {n(a)}" if a > 0 else " with the hearts left" if a == 0 else "")),
            "freeze": lambda: f"    {who}: {n(cid)} is frozen (from {ZONE_WORDS.get(a, a)})",
            "draw": lambda: f"    {who} draws {a}",
            "move": lambda: f"    {who}: {n(cid)} moves from {ZONE_WORDS.get(a, a)} to {ZONE_WORDS.get(b, b)}",
            "shuffle": lambda: f"    {who} shuffles the discard pile ({b} cards) into a new draw pile",
            "upgrade": lambda: f"    {who} upgrades: {n(cid)} goes to the {'hand' if a else 'discard pile'}",
            "exchange": lambda: f"    {who} exchanges the base Bronze Cloth for {n(cid)} ({ZONE_WORDS.get(a, a)})",
            "keep": lambda: f"  {who} keeps {n(cid)} in hand",
            "swap": lambda: f"    field: slots {a + 1} and {b + 1} swap ({n(cid)} now in slot {a + 1})",
            "cost_cut": lambda: f"    {n(cid)} costs {a}S/{b}C less this turn",
            "buff": lambda: (f"    {n(cid)} gains +{a} Strength this turn" if cid >= 0
                             else f"    all of {who}'s Characters gain +{a} Strength this turn"),
            "end": lambda: f"\nThe game ends ({E.END_REASONS[a]}).",
            "score": lambda: f"  {who}: {a} VP",
        }.get(k)
        if text:
            lines.append(text())
    return lines
