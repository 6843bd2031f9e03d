"""The options every command that plays games shares, declared once, and the game config they
make. A command takes them as parameters (`games: options.Games = 1000`, its own default) and
builds its GameConfig with `game_config(...)`."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, List, Optional

import typer

from sim.cli.common import fail, parse_sets, split_list, user_errors

Games = Annotated[int, typer.Option("--games", "-n", help="Games to play (1 or more); with several arms, per arm, on the same game indices.")]
Players = Annotated[int, typer.Option("--players", "-p", help="Players per game: 2 to 5 (classic mode).")]
Mode = Annotated[str, typer.Option("--mode", help="classic (2 to 5 players), solo (1 player against Hilda, base + Asgard boxes), coop (2 to 5 players against Poseidon; base, Asgard and Poseidon boxes by default) or duel (the Hades Duel: 2 players, the Renegades against the Gold Saints; all four boxes by default).")]
Boxes = Annotated[List[str], typer.Option("--boxes", "-b", help="Boxes of cards (repeat or comma-separate): base, asgard, poseidon, hades, promos (those with a card file).")]
Seed = Annotated[int, typer.Option("--seed", "-s", help="Master seed (0 or more); a game is reproducible from (seed, game index).")]
Policy = Annotated[List[str], typer.Option("--policy", help="Policy for all seats, or one per seat (repeat or comma-separate). See `seiya policies`.")]
Heroes = Annotated[List[str], typer.Option("--heroes", help="One Hero per seat (Seiya, Shiryu, Hyoga, Shun, Ikki or random); default: random, distinct.")]
Rule = Annotated[List[str], typer.Option("--rule", help="Set a rules parameter: NAME=VALUE (repeatable). See `seiya rules`.")]
Set = Annotated[List[str], typer.Option("--set", help="Override a number of a card: \"CARD.FIELD=VALUE\", CARD a name as in `seiya cards list` or a number, FIELD one of copies, strength_cost, cosmos_cost, strength, heal, cosmos, vp; or an intervention: blank=1 (the card loses its text), gift=K / gift_blank=K (K copies, with or without text, given to one seat from outside the reserve, as `seiya worth` does). Repeatable.")]
Cardset = Annotated[Optional[Path], typer.Option("--cardset", help="A designer's card file (TOML): its cards replace ours with the same id, new ids are added.")]
Seats = Annotated[str, typer.Option("--seats", help="With different policies per seat: random (they take the seats in a random order each game, so seat and policy effects separate) or fixed (the first policy always plays first).")]
Workers = Annotated[Optional[int], typer.Option("--workers", "-w", help="Worker processes (default: the machine's cores).")]


def check_games(games: int, flag: str = "--games"):
    if games < 1:
        fail(f"{flag} must be at least 1, not {games}")


def game_config(players: int = 2, boxes=("base",), seed: int = 0, policy=(), heroes=(), rule=(), sets=(),
                cardset: Path | None = None, seats: str = "random", mode: str = "classic"):
    """The GameConfig of the shared options, or a one-line error (exit 2). A mode with a fixed
    player count and boxes (solo) takes them when --players and --boxes are left at their defaults."""
    from sim.config import SEATS, GameConfig, parse_rules, player_bounds
    from sim.engine.modes import MODE_IDS, MODES
    if mode not in MODE_IDS:
        names = list(MODE_IDS)
        fail(f"--mode must be {', '.join(names[:-1])} or {names[-1]}, not '{mode}'")
    low, high = player_bounds(mode)
    fixed = getattr(MODES[MODE_IDS[mode]], "BOXES", None)
    if fixed is not None:
        players = low if players == 2 else players
        boxes = fixed if tuple(split_list(boxes)) in ((), ("base",)) else boxes
    default = getattr(MODES[MODE_IDS[mode]], "DEFAULT_BOXES", None)  # co-op: base, Asgard, Poseidon
    if default is not None and tuple(split_list(boxes)) in ((), ("base",)):
        boxes = default
    if not low <= players <= high:
        fail(f"--players must be {low} to {high}, not {players}" if low < high else
             f"--players must be {low} in {mode} mode, not {players}")
    if seed < 0:
        fail(f"--seed must be 0 or more, not {seed}")
    if cardset is not None and not Path(cardset).is_file():
        fail(f"--cardset {cardset}: no such card file")
    if seats not in SEATS:
        fail(f"--seats must be {' or '.join(SEATS)}, not '{seats}'")
    with user_errors():
        return GameConfig.build(mode=mode, players=players, boxes=tuple(split_list(boxes)) or ("base",), seed=seed,
                                policies=tuple(split_list(policy)), heroes=tuple(split_list(heroes)),
                                rules=parse_rules(rule), overrides=parse_sets(sets), cardset=cardset, seats=seats)
