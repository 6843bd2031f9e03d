"""`seiya cards list|show|validate`: the card table, one card in full, a designer's card file checked."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli.common import parse_sets, split_list, user_errors
from sim.cli.help import examples

app = typer.Typer(help="List, show and validate cards.", no_args_is_help=True,
                  epilog=examples("seiya cards list", "seiya cards show 31", "seiya cards validate mine.toml"))

LIST_COLUMNS = ["id", "name", "box", "class", "rank", "copies", "start", "strength_cost", "cosmos_cost",
                "strength", "heal", "cosmos", "vp"]


def _load(boxes, cardset, sets):
    import sim
    with user_errors():
        return sim.load_cards(tuple(split_list(boxes)) or ("base",), str(cardset) if cardset else None,
                              parse_sets(sets) or None)


@app.command("list", epilog=examples("seiya cards list", 'seiya cards list --csv --set "Taurus Aldebaran.strength_cost=7"'))
def list_cards(
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards (repeat or comma-separate)."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file on top of the boxes."),
    sets: List[str] = typer.Option([], "--set", help="Show the cards with \"CARD.FIELD=VALUE\" applied (repeatable)."),
    csv: bool = typer.Option(False, "--csv", help="Print CSV (all columns) instead of a table."),
):
    """One line per card: number, name (use either in --set), box, class, rank, copies, costs, values."""
    cards = _load(boxes, cardset, sets)
    if csv:
        typer.echo(cards.to_csv(index=False), nl=False)
        return
    typer.echo(cards[LIST_COLUMNS].to_string(index=False))


@app.command("show", epilog=examples('seiya cards show "Taurus Aldebaran"', "seiya cards show 31"))
def show(
    card: str = typer.Argument(..., help="A card name (as in `seiya cards list`, any case) or number."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file on top of the boxes."),
):
    """Every field of one card, its text and its encoded effects."""
    from sim.cards.cardsets import find_card, load_card_records
    with user_errors():
        records = load_card_records(tuple(split_list(boxes)) or ("base",), str(cardset) if cardset else None)
        c = records[find_card(records, card)]
    data = c.model_dump(by_alias=True, exclude_none=True)
    effects = data.pop("effects", [])
    for k, v in data.items():
        typer.echo(f"{k:>14}: {v}")
    for e in effects:
        typer.echo(f"{'effect':>14}: on {e['on']}: " + "; ".join(
            ", ".join(f"{k}={v}" for k, v in op.items() if v not in (None, [], {}, False)) for op in e["do"]))


@app.command("validate", epilog=examples("seiya cards validate mine.toml"))
def validate(
    path: Path = typer.Argument(..., help="A card file (TOML, same format as cardsets/base.toml)."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes the file is used on top of (checks that the engine can use the result)."),
):
    """Check a designer's card file: every error names the file, the card and the field. Exit 0 if valid, 2 if not."""
    from sim.games import build_engine
    from sim.cards.schema import parse_card_file
    with user_errors():
        parsed = parse_card_file(path)
        build_engine(tuple(split_list(boxes)) or ("base",), str(path))
    typer.echo(f"{path}: valid ({len(parsed.card)} cards, box '{parsed.box}')")
