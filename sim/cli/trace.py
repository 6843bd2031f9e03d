"""`seiya trace`: one game told turn by turn (text) or as JSON Lines."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli import options
from sim.cli.common import fail, user_errors
from sim.cli.help import examples

EXAMPLES = examples("seiya trace --seed 0 --game 17",
                    "seiya trace -p 3 --heroes Seiya,Ikki,Shun --format jsonl -o game.jsonl")


def trace(
    seed: options.Seed = 0,
    game: int = typer.Option(0, "--game", "-g", help="Game index (0 or more): the same (seed, game) replays the same game as in a run."),
    players: options.Players = 2,
    mode: options.Mode = "classic",
    boxes: options.Boxes = ["base"],
    policy: options.Policy = [],
    heroes: options.Heroes = [],
    rules: options.Rule = [],
    cardset: options.Cardset = None,
    sets: options.Set = [],
    fmt: str = typer.Option("text", "--format", "-f", help="text (for people) or jsonl (one JSON object per event)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write to this file instead of the screen."),
):
    """Play one game and tell it turn by turn (text) or as JSON Lines."""
    import sim
    from sim.cli.progress import compile_engine
    if fmt not in ("text", "jsonl"):
        fail(f"--format must be text or jsonl, not '{fmt}'")
    if game < 0:
        fail(f"--game must be 0 or more, not {game}")
    config = options.game_config(players, boxes, seed, policy, heroes, rules, sets, cardset, mode=mode)
    compile_engine(config)
    with user_errors():
        text = sim.trace(config.seed, game, fmt=fmt, config=config)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror or e}")
    typer.echo(f"Trace: {out}")
