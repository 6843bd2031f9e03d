"""`seiya trace`: one game told turn by turn (text) or as JSON Lines."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli.common import fail, parse_sets, split_list, user_errors


def trace(
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed of the run the game belongs to (0 or more)."),
    game: int = typer.Option(0, "--game", "-g", help="Game index (0 or more): the same (seed, game) replays the same game as in a run."),
    players: int = typer.Option(2, "--players", "-p", help="Players: 2 to 5."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards (repeat or comma-separate)."),
    policy: List[str] = typer.Option(["value"], "--policy", help="Policy for all seats or one per seat."),
    heroes: List[str] = typer.Option([], "--heroes", help="One Hero per seat, or random (default)."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file on top of the boxes."),
    sets: List[str] = typer.Option([], "--set", help="Override a card number: \"CARD.FIELD=VALUE\" (repeatable)."),
    fmt: str = typer.Option("text", "--format", "-f", help="text (for people) or jsonl (one JSON object per event)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write to this file instead of the screen."),
):
    """Play one game and tell it turn by turn (text) or as JSON Lines."""
    import sim
    if fmt not in ("text", "jsonl"):
        fail(f"--format must be text or jsonl, not '{fmt}'")
    if not 2 <= players <= 5:
        fail(f"--players must be 2 to 5, not {players}")
    if seed < 0 or game < 0:
        fail("--seed and --game must be 0 or more")
    if cardset is not None and not cardset.is_file():
        fail(f"--cardset {cardset}: no such card file")
    with user_errors():
        text = sim.trace(seed, game, players, tuple(split_list(boxes)) or ("base",),
                         tuple(split_list(policy)) or ("value",), tuple(split_list(heroes)) or None,
                         str(cardset) if cardset else None, parse_sets(sets) or None, fmt=fmt)
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(f"cannot write {out}: {e.strerror or e}")
    typer.echo(f"Trace: {out}")
