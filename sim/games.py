"""The in-process Python API: cards as a DataFrame, games played into DataFrames, traces."""
from __future__ import annotations

import gc
import json
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import pandas as pd

from sim.engine import enums as E
from sim.cards.cardsets import apply_overrides, box_path, cardset_hash, load_card_records
from sim.cards.compiler import CardTable, compile_cards, unplayed_hades
from sim.cards.epics import epic_pool
from sim.cards.schema import Card, CardFileError, parse_card_file



@dataclass
class PlayResult:
    """Games played in this process. `games`: one row per game; `players`: one row per player per
    game; `events`: reveals, acquisitions, flames, uses and optional costs (and everything, for
    traces); `decks`: final deck composition (game, seat, card_id, copies); `held`: the cards each
    player had in hand at some point of the game (game, seat, card_id)."""
    games: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame
    decks: pd.DataFrame
    cards: pd.DataFrame = field(repr=False)
    held: pd.DataFrame = field(repr=False)

    def __repr__(self):
        return (f"PlayResult({len(self.games)} games, {self.games['players'].iloc[0] if len(self.games) else 0} "
                f"players, {len(self.events)} events)")


# --- Cards ---------------------------------------------------------------------------------
def _records(boxes, cardset=None, overrides=None, techniques="estimated",
             removed=(), epics="all", duel=False) -> tuple[list[Card], dict[int, str]]:
    """The cards of a run, less those removed by name and the Epics outside its pile: `epics` is
    "all", (mode, pool file, Hades Epics too) or None for no Epic (POS-1, POS-6, HAD-29); an Epic
    with 0 copies (an override: the game without it) is left out too. A Duel's cards add the
    Duel's material, and every Bronze Hero's cards and the classic Abilities get 0 copies: they stay
    out of the game, but the effects that name them still compile, matching nothing (DUEL-2, DUEL-3)."""
    if isinstance(boxes, str):
        boxes = (boxes,)
    cards = [c.model_copy(update={"copies": 0}) if duel and (c.hero or c.start == "ability") else c
             for c in load_card_records(boxes, cardset, techniques, duel) if c.name not in removed]
    stray = [c for c in cards if c.start in E.DUEL_STARTS and not duel]
    if stray:
        raise CardFileError(f"card #{stray[0].id} '{stray[0].name}': field 'start': the Duel's material "
                            f"({len(stray)} cards) is played only in the Duel (--mode duel)")
    if epics != "all":
        pool = epic_pool(epics[0], None, "asgard" in boxes, epics[1]) if epics else ()
        hades_too = bool(epics) and epics[2] and epics[0] in ("classic", "duel")
        cards = [c for c in cards if c.start != "epic" or c.id in pool
                 or (hades_too and E.HADES_FIRST_ID <= c.id <= E.HADES_LAST_ID)]
    origin = {}
    for box in boxes:
        for c in parse_card_file(box_path(box)).card:
            origin[c.id] = box
    for c in cards:
        origin.setdefault(c.id, "asgard" if c.start == "board" else "custom")
    cards = [c for c in apply_overrides(cards, overrides) if c.start != "epic" or c.copies]
    return cards, origin


def cards_frame(cards: list[Card], origin: dict[int, str]) -> pd.DataFrame:
    rows = []
    for c in cards:
        triggers = [e.on for e in c.effects]
        rows.append(dict(
            id=c.id, name=c.name, box=origin.get(c.id, "custom"), hero=c.hero or "",
            **{"class": ", ".join(c.classes) or "(none)"},
            rank=", ".join(E.RANK_SYMBOLS[E.RANK_NAMES[r]] for r in c.rank),
            copies=c.copies, start=c.start,
            strength_cost=c.strength_cost, cosmos_cost=c.cosmos_cost,
            strength=c.strength, heal=c.heal, cosmos=c.cosmos, vp=c.vp,
            variable_vp="score" in triggers, flame="flame" in c.icons,
            effect_text=c.text, effect_encoded=c.plain or bool(c.effects),
            triggers=", ".join(triggers), estimate=c.estimate,
            optional_cost=any(op.pay for e in c.effects for op in e.do),
        ))
    return pd.DataFrame(rows)


def load_cards(boxes=("base",), cardset=None, overrides=None, techniques="estimated") -> pd.DataFrame:
    """One row per distinct card. Costs and values a card does not have are 0 (a cost of 0 means
    it cannot be bought with that currency); `vp` is the printed fixed VP and `variable_vp` says
    whether a scoring rule adds to it. `effect_encoded` is False only for a card with a printed
    effect the engine does not apply (none in the base box); `optional_cost` says whether an effect
    asks a player to pay a cost first, which they may decline (Leo Cloth: wound a Saint)."""
    cards, origin = _records(boxes, cardset, overrides, techniques)
    return cards_frame(cards, origin)


# --- The engine ------------------------------------------------------------------------------
@dataclass
class Engine:
    """A compiled card set, ready for the kernels."""
    cards: list[Card]
    origin: dict[int, str]
    table: CardTable
    hash: str

    @property
    def frame(self) -> pd.DataFrame:
        return cards_frame(self.cards, self.origin)


def build_engine(boxes=("base",), cardset=None, overrides=None, techniques="estimated", removed=(),
                 epics="all", partial_hades=False, duel=False) -> Engine:
    """The compiled cards of these boxes (or a card file), less the cards a mode removes by name
    and the Epics outside the pile; a Duel's cards (`_records`). Cards needing a Hades mechanic the
    engine does not play yet are refused, unless `partial_hades` (scenarios testing the Hades rules
    it plays)."""
    cards, origin = _records(boxes, cardset, overrides, techniques, removed, epics, duel)
    missing = [c.name for c in cards if not (c.plain or c.effects)]
    if missing:
        raise NotImplementedError("cards whose effect the engine does not apply: " + ", ".join(missing))
    hades = unplayed_hades(cards)
    if hades and not partial_hades:
        raise NotImplementedError(
            f"the engine does not play the Hades mechanics yet ({', '.join(hades)}), and "
            f"{len({n for names in hades.values() for n in names})} cards need them; `seiya cards list --boxes hades` "
            "shows the estimated Hades cards (docs/hades.md)")
    return Engine(cards, origin, compile_cards(cards), cardset_hash(cards))


def run_kernel(engine: Engine, config, first_game: int, n_games: int, log_level: int, check: bool = False):
    """Play a range of games of a GameConfig; return the raw record arrays of `play_batch`."""
    from sim.engine.batch import play_batch
    from sim.engine.modes import MODE_IDS
    from sim.engine.allocation import state_view
    from sim.engine.structs import card_ref
    from sim.memory import reuse_freed_memory
    reuse_freed_memory()
    # a summary log logs every use, and a policy can repeat a use hundreds of times a turn: room
    # for as many events as a full log
    state = new_state(engine.table, 4096 if log_level == E.LOG_NONE else 60000)
    algorithms, weights, heroes, rules = config.engine_arrays()
    global _kernels_frozen
    with nullcontext() if _kernels_frozen else rare_collections():  # the first call may compile the engine
        records = play_batch(card_ref(engine.table), state_view(state), MODE_IDS[config.mode], rules, first_game,
                             n_games, config.seed, config.players, heroes, algorithms, weights, log_level,
                             int(check), int(config.seats == "random"))
    if not _kernels_frozen:  # the kernels just loaded stay for the process's life (see sim._import_for_life)
        gc.freeze()
        _kernels_frozen = True
    return records


_kernels_frozen = False
COMPILE_GC_THRESHOLD = (50_000, 20, 20)


@contextmanager
def rare_collections():
    """The garbage collector at COMPILE_GC_THRESHOLD meanwhile. A compile of the engine makes
    millions of objects that live until it ends, and the default thresholds have the collector
    walk them again and again: about a tenth of a cold compile (the bench log)."""
    old = gc.get_threshold()
    gc.set_threshold(*COMPILE_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def new_state(table: CardTable, log_cap: int = 4096):
    """A game state for this card table, with room for log_cap events per game."""
    from sim.engine.allocation import allocate_state
    return allocate_state(len(table.inst_card), len(table.card_id), log_cap)


def frames(engine: Engine, raw, seed: int, players: int, policy_names, mode: str = "classic") -> PlayResult:
    """The tables of `play_batch`'s arrays; a solo run's games add Hilda's score (`hilda_vp`), a
    co-op run's Poseidon's (`poseidon_vp`), the water level and the Pillars left at the end; with
    Hades, each player's Souls, Void, Shackle pile (cards and VP) and Senses at the end. A Duel's
    games add the Altar's name (`altar`); its players their Houses (`houses`), and its `hero` is the
    side (the Renegades in seat 0, the Gold Saints in seat 1, DUEL-1)."""
    from sim.engine.batch import (GM_END, GM_FLAMES_LEFT, GM_FLAMES_REMOVED, GM_GAME, GM_OPPONENT_VP, GM_ILLEGAL,
                       GM_ALTAR, GM_PILLARS_LEFT, GM_WATER,
                       GM_LOG_LOST, GM_ROUNDS, GM_TURNS, GM_VIOLATIONS, PR_DECK, PR_DESTROYED, PR_ENTRY, PR_FIGHTS,
                       PR_HERO, PR_HOUSES, PR_SENSES, PR_SHACKLE, PR_SHACKLE_VP, PR_SOULS, PR_VOID, PR_VOID_VP, PR_VP, PR_WOUNDED)
    g, pl, shares, decks, ev, held = raw
    n = len(g)
    games = pd.DataFrame({
        "game": g[:, GM_GAME], "seed": np.full(n, seed, np.int64), "players": np.full(n, players, np.int8),
        "rounds": g[:, GM_ROUNDS].astype(np.int16), "player_turns": g[:, GM_TURNS].astype(np.int16),
        "end_reason": pd.Categorical.from_codes(g[:, GM_END], E.END_REASONS),
        "flames_removed": g[:, GM_FLAMES_REMOVED].astype(np.int8),
        "flames_left": g[:, GM_FLAMES_LEFT].astype(np.int8),
        "illegal_actions": g[:, GM_ILLEGAL].astype(np.int32),
        "log_lost": g[:, GM_LOG_LOST].astype(np.int32),
        "violations": g[:, GM_VIOLATIONS].astype(np.int32),
    })
    if mode == "solo":
        games["hilda_vp"] = g[:, GM_OPPONENT_VP].astype(np.int16)
    elif mode == "coop":
        games["poseidon_vp"] = g[:, GM_OPPONENT_VP].astype(np.int16)
        games["water"] = g[:, GM_WATER].astype(np.int8)
        games["pillars_left"] = g[:, GM_PILLARS_LEFT].astype(np.int8)
    elif mode == "duel":
        names = dict(zip(engine.table.card_id.tolist(), (c.name for c in engine.cards)))
        games["altar"] = pd.Categorical([names.get(int(a), "none") for a in g[:, GM_ALTAR]])
    seat = np.tile(np.arange(players), n)
    policy_codes = np.array(list(policy_names), dtype=object)
    players_df = pd.DataFrame({
        "game": np.repeat(g[:, GM_GAME], players),
        "seat": seat.astype(np.int8),
        "hero": pd.Categorical.from_codes(seat, E.SIDE_NAMES) if mode == "duel"
        else pd.Categorical.from_codes(pl[:, :, PR_HERO].ravel(), E.HEROES),
        "policy": pd.Categorical(policy_codes[pl[:, :, PR_ENTRY].ravel()]),
        "vp": pl[:, :, PR_VP].ravel().astype(np.int16),
        "win_share": shares.ravel(),
        "deck_size": pl[:, :, PR_DECK].ravel().astype(np.int16),
        "destroyed": pl[:, :, PR_DESTROYED].ravel().astype(np.int16),
        "wounded": pl[:, :, PR_WOUNDED].ravel().astype(np.int16),
        "fights_won": pl[:, :, PR_FIGHTS].ravel().astype(np.int16),
    })
    if (engine.frame["start"] == "styx").any():  # Hades: each player's Underworld at the end
        for col, at in (("souls", PR_SOULS), ("void_cards", PR_VOID), ("void_vp", PR_VOID_VP),
                        ("shackle_cards", PR_SHACKLE), ("shackle_vp", PR_SHACKLE_VP), ("senses", PR_SENSES)):
            players_df[col] = pl[:, :, at].ravel().astype(np.int16)
    if mode == "duel":
        players_df["houses"] = pl[:, :, PR_HOUSES].ravel().astype(np.int8)
    gi, si, ki = np.nonzero(decks)
    decks_df = pd.DataFrame({
        "game": g[gi, GM_GAME], "seat": si.astype(np.int8),
        "card_id": engine.table.card_id[ki].astype(np.int16), "copies": decks[gi, si, ki].astype(np.int16),
    })
    gi, si, ki = np.nonzero(held)
    held_df = pd.DataFrame({"game": g[gi, GM_GAME], "seat": si.astype(np.int8),
                            "card_id": engine.table.card_id[ki].astype(np.int16)})
    return PlayResult(games, players_df, events_frame(ev), decks_df, engine.frame, held_df)


def labels_categorical(labels: np.ndarray, names) -> pd.Categorical:
    """pd.Categorical(names[labels]) (the categories: the names used, sorted), built from the
    integer labels without a Python string per row."""
    used = np.flatnonzero(np.bincount(labels, minlength=len(names)))
    categories = sorted({names[i] for i in used})
    code = np.full(len(names), -1, np.int8)
    code[used] = [categories.index(names[i]) for i in used]
    return pd.Categorical.from_codes(code[labels], categories, validate=False)


def events_frame(cols: np.ndarray) -> pd.DataFrame:
    """The events table from the kernel's event columns (`play_batch`)."""
    kinds = cols[1 + E.E_KIND]
    a = cols[1 + E.E_A]
    # how an acquisition was made or a flame went out, "" for other events
    how = np.where(kinds == E.EV_ACQUIRE, 1 + a, np.where(kinds == E.EV_FLAME, 1 + len(E.ACQ_NAMES) + a, 0))
    names = [E.EV_NAMES.get(k, str(k)) for k in range(max(E.EV_NAMES) + 1)]
    return pd.DataFrame({
        "game": cols[0].astype(np.int64),
        "turn": cols[1 + E.E_TURN].astype(np.int16),
        "round": cols[1 + E.E_ROUND].astype(np.int16),
        "seat": cols[1 + E.E_SEAT].astype(np.int8),
        "kind": labels_categorical(kinds, names),
        "card_id": cols[1 + E.E_CARD].astype(np.int16),
        "how": labels_categorical(how, ("",) + E.ACQ_NAMES + E.FLAME_NAMES),
        "a": a,
        "b": cols[1 + E.E_B],
    })


@lru_cache(maxsize=8)
def _cached_engine(boxes, cardset, overrides_items, techniques, removed, epics, partial_hades, duel):
    return build_engine(boxes, cardset, dict(overrides_items) if overrides_items else None, techniques, removed, epics,
                        partial_hades, duel)


def get_engine(boxes=("base",), cardset=None, overrides=None, techniques="estimated", removed=(),
               epics="all", partial_hades=False, duel=False) -> Engine:
    if isinstance(boxes, str):
        boxes = (boxes,)
    items = tuple(sorted((overrides or {}).items()))
    return _cached_engine(tuple(boxes), str(cardset) if cardset else None, items, techniques, tuple(removed), epics,
                          partial_hades, duel)


def engine_for(config, partial_hades=False) -> Engine:
    """The engine of a GameConfig: its boxes, card file, overrides and board techniques, less the
    cards its mode leaves out (solo: SOLO-3). `partial_hades`: as `build_engine`'s."""
    from sim.engine.modes import MODE_IDS, MODES
    removed = getattr(MODES[MODE_IDS[config.mode]], "REMOVED_CARDS", ())
    duel = config.mode == "duel"
    epics = (config.mode, config.rules["epic_pools"], config.rules["hades_epics"]) \
        if config.rules["duel_epics" if duel else "epics"] and config.mode != "solo" else None
    engine = get_engine(config.boxes, config.cardset, config.overrides, config.rules["technique_set"], removed, epics,
                        partial_hades, duel)
    if config.mode == "coop":
        f = engine.frame
        missing = f.loc[(f["class"] == "marina_general") & (f["copies"] < 1), "name"]
        if len(missing):  # COOP-5: one of each General guards a Pillar
            raise CardFileError(f"co-op needs a copy of each Marina General to guard its Pillar (COOP-5); "
                                f"'{missing.iloc[0]}' has none")
    return engine


def config_cards(config) -> pd.DataFrame:
    """`load_cards` of a GameConfig: the cards its games are played with (its mode's, SOLO-3)."""
    return engine_for(config).frame


def estimated_cards(*configs) -> list[str]:
    """The cards of these configs' engines whose numbers or text are our estimate (no public
    source): a report built on them says so first."""
    from sim.cards.die import die_estimate
    names = []
    for config in configs:
        names += [c.name for c in engine_for(config).cards if c.estimate]
        names += [d for d in [die_estimate(config.mode, config.rules)] if d]
    return list(dict.fromkeys(names))


def play(games: int, players: int = 2, boxes=("base",), seed: int = 0, policies=("<default>",),
         heroes=None, first_game: int = 0, cardset=None, overrides=None,
         events: str = "summary", check_invariants: bool = False, seats: str = "random", rules=None,
         config=None) -> PlayResult:
    """Play games first_game .. first_game + games - 1 in this process.

    policies: one for all seats or one per seat, by name (see `sim.describe_policies()`) or a
    `sim.policy_catalog.Policy`; heroes: None (random, distinct) or one per seat; rules: rules
    parameters by name (see `seiya rules`); seats: "random" (R9: the given policies take the seats
    in a random order each game) or "fixed" (policy i plays seat i); or instead of all these, a
    `sim.config.GameConfig`. events: "summary" (reveals, acquisitions, flames, uses, optional
    costs), "full" (everything) or "none"; check_invariants: count invariant violations after
    every action (tests; column `violations`)."""
    if config is None:
        config = game_config(players=players, boxes=boxes, seed=seed, policies=policies, heroes=heroes,
                             cardset=cardset, overrides=overrides, seats=seats, rules=rules)
    if events not in LOG_LEVELS:
        raise ValueError(f"events must be one of {', '.join(LOG_LEVELS)}, not {events!r}")
    engine = engine_for(config)
    raw = _run_repairing(engine, config, first_game, games, LOG_LEVELS[events], check_invariants)
    return frames(engine, raw, config.seed, config.players, [p.name for p in config.seat_policies()],
                  mode=config.mode)


def play_shares(games: int, first_game: int = 0, config=None) -> np.ndarray:
    """Each seat's win share in games first_game .. first_game + games - 1 of a GameConfig, as an
    array (games, players): `play` without its DataFrames or event log, for tools that play many
    small sets of games and need only who won (the ladder, the tuner)."""
    return play_outcomes(games, first_game, config)[0]


def play_outcomes(games: int, first_game: int = 0, config=None) -> tuple[np.ndarray, np.ndarray]:
    """`play_shares`, and whether GEN-9's round cap ended each game (a bool array (games,))."""
    from sim.engine.batch import GM_END
    engine = engine_for(config)
    g, _, shares, *_ = _run_repairing(engine, config, first_game, games, E.LOG_NONE, False)
    return shares, g[:, GM_END] == E.END_TURN_CAP


def _run_repairing(engine: Engine, config, first_game: int, games: int, log_level: int, check: bool):
    try:
        return run_kernel(engine, config, first_game, games, log_level, check)
    except Exception as e:  # a corrupt kernel cache (e.g. a truncated file) is repaired, then compiled
        from sim.engine.cache import repair
        if not repair(e):
            raise
        return run_kernel(engine, config, first_game, games, log_level, check)


LOG_LEVELS = {"none": E.LOG_NONE, "summary": E.LOG_SUMMARY, "full": E.LOG_FULL}


def game_config(**fields):
    """A GameConfig from loose values (see `sim.config.GameConfig.build`)."""
    from sim.config import GameConfig
    policies = fields.get("policies")
    if isinstance(policies, (list, tuple)) and tuple(policies) == ("<default>",):
        fields["policies"] = ()
    return GameConfig.build(**fields)


def trace_events(seed: int, game: int = 0, players: int = 2, boxes=("base",), policies=("<default>",),
                 heroes=None, cardset=None, overrides=None, config=None) -> list[dict]:
    """One game's full event log as a list of dicts (one JSON object per line with `json.dumps`)."""
    res = play(1, players, boxes, seed, policies, heroes, game, cardset, overrides, events="full", config=config)
    from sim.tracing import event_dicts
    return event_dicts(res)


def trace(seed: int, game: int = 0, players: int = 2, boxes=("base",), policies=("<default>",),
          heroes=None, cardset=None, overrides=None, fmt: str = "text", config=None) -> str:
    """One game told turn by turn ("text") or as JSON Lines ("jsonl")."""
    res = play(1, players, boxes, seed, policies, heroes, game, cardset, overrides, events="full", config=config)
    from sim.tracing import render_text, event_dicts
    if fmt == "jsonl":
        return "\n".join(json.dumps(d, ensure_ascii=False) for d in event_dicts(res)) + "\n"
    return render_text(res)
