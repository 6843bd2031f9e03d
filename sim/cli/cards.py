"""`seiya cards list|show|validate`: the card table, one card in plain words, a designer's card file checked."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim.cli.common import fail, parse_sets, split_list, user_errors
from sim.cli.help import examples

app = typer.Typer(help="List, show and validate cards; write the estimated Hades cards.", no_args_is_help=True,
                  epilog=examples("seiya cards list", "seiya cards show 31", "seiya cards validate mine.toml"))

LIST_COLUMNS = {"id": "#", "name": "name", "box": "box", "class": "class", "rank": "rank", "copies": "copies",
                "start": "start", "strength_cost": "Str cost", "cosmos_cost": "Cos cost", "strength": "Str",
                "cosmos": "Cos", "heal": "Heal", "vp": "VP"}  # column: header (Str: Strength, Cos: Cosmos)
FORMATS = ("table", "csv", "json")


def _load(boxes, cardset, sets):
    import sim
    with user_errors():
        return sim.load_cards(tuple(split_list(boxes)) or ("base",), str(cardset) if cardset else None,
                              parse_sets(sets) or None)


@app.command("list", epilog=examples("seiya cards list",
                                     'seiya cards list --format csv --set "Taurus Aldebaran.strength_cost=7"'))
def list_cards(
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards (repeat or comma-separate)."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file on top of the boxes."),
    sets: List[str] = typer.Option([], "--set", help="Show the cards with \"CARD.FIELD=VALUE\" applied (repeatable)."),
    fmt: str = typer.Option("table", "--format", "-f", help="table (the main columns, for reading), csv or json (every column, for programs)."),
    csv: bool = typer.Option(False, "--csv", hidden=True, help="The former name of --format csv."),
):
    """One line per card: number, name (use either in --set), box, class, rank, copies, costs, values."""
    if csv:
        typer.echo("note: --csv is now --format csv", err=True)
        fmt = "csv"
    if fmt not in FORMATS:
        from sim.spelling import did_you_mean
        fail(f"--format must be table, csv or json, not '{fmt}'{did_you_mean(fmt, FORMATS)}")
    cards = _load(boxes, cardset, sets)
    if fmt == "table" and cards["estimate"].any() and (cards["box"] == "hades").any():
        from sim.cards.hades_estimates import estimate_flag
        typer.echo(f"{estimate_flag()}: no public list of the Hades cards exists (docs/hades.md)")
    if fmt == "csv":
        typer.echo(cards.to_csv(index=False), nl=False)
    elif fmt == "json":
        typer.echo(cards.to_json(orient="records", force_ascii=False, indent=1))
    else:
        from rich.console import Console
        from rich.table import Table
        table = Table(box=None, header_style="bold", pad_edge=False)
        for col, title in LIST_COLUMNS.items():
            table.add_column(title, justify="right" if cards[col].dtype.kind in "iu" else "left")
        for row in cards[list(LIST_COLUMNS)].itertuples(index=False):
            table.add_row(*(str(v) for v in row))
        Console(width=200).print(table)  # its natural width, not the terminal's folding


@app.command("show", epilog=examples('seiya cards show "Taurus Aldebaran"', "seiya cards show 31"))
def show(
    card: str = typer.Argument(..., help="A card name (as in `seiya cards list`, any case) or number."),
    boxes: List[str] = typer.Option(["base"], "--boxes", "-b", help="Boxes of cards."),
    cardset: Optional[Path] = typer.Option(None, "--cardset", help="A designer's card file on top of the boxes."),
):
    """One card in plain words: its numbers, its printed text and what its effects make the engine do."""
    from sim.cards.cardsets import find_card, load_card_records
    from sim.cards.describe import card_lines
    with user_errors():
        records = load_card_records(tuple(split_list(boxes)) or ("base",), str(cardset) if cardset else None)
        c = records[find_card(records, card)]
    typer.echo("\n".join(card_lines(c)))


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
    n = len(parsed.card)
    typer.echo(f"{path}: valid ({n} card{'' if n == 1 else 's'}, box '{parsed.box}')")


@app.command("hades-estimates", epilog=examples("seiya cards hades-estimates --check",
                                                "seiya cards hades-estimates --seed 7 --out /tmp/hades-7"))
def hades_estimates(
    check: bool = typer.Option(False, "--check", help="Only say whether the files in cardsets/ are what the method gives."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Another estimate by the same method: random pool picks "
                                       "and template cycles' starts (for a sensitivity sweep). Needs --out."),
    out: Optional[Path] = typer.Option(None, "--out", help="The folder to write the files into (default: cardsets/)."),
):
    """Write the estimated Hades card files from the real cards of the other boxes (docs/hades.md)."""
    from sim.cards.hades_estimates import main
    if seed is not None and out is None and not check:
        fail("--seed builds another estimate: give --out FOLDER (cardsets/ keeps the method's own)")
    args = (["--check"] if check else []) + (["--seed", str(seed)] if seed is not None else []) + \
        (["--out", str(out)] if out is not None else [])
    with user_errors():  # a seed whose estimate breaks the method's coverage rule: said in one line
        code = main(args)
    raise typer.Exit(code)
