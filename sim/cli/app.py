"""The `seiya` command line: simulate, report, trace, cards, policies, rules, bench, cache, the
tuning tools worth, compare, sweep, suggest, impact, robustness, the Hades estimates' sensitivity, and the
policy tools ladder and tune.

Every command's --help is fast (numpy, pandas, numba and matplotlib load inside the commands) and
ends with examples; every user error is one line on stderr with exit code 2.
"""
from __future__ import annotations

import typer

from sim.cli import (bench, cache, cards, compare, impact, ladder, report, robustness, sensitivity, simulate,
                     suggest, sweep, trace, tune, worth)
from sim.cli.help import examples, show_flags_as_flags

show_flags_as_flags()

app = typer.Typer(
    name="seiya",
    help="Balance simulator for Saint Seiya: Deckbuilding. Start with `seiya simulate --report`.",
    epilog=examples("seiya simulate --games 20000 --report", "seiya cards show \"Taurus Aldebaran\"",
                    "seiya compare --set \"Taurus Aldebaran.strength_cost=6\" --games 4000"),
    no_args_is_help=True, pretty_exceptions_enable=False,
)


def _print_version(value: bool):
    if value:
        from sim import __version__
        from sim.engine.cache import engine_hash
        typer.echo(f"seiya-sim {__version__} (engine {engine_hash()})")
        raise typer.Exit()


@app.callback()
def main(version: bool = typer.Option(False, "--version", "-V", callback=_print_version, is_eager=True,
                                      help="Print the version (and the engine's source hash) and exit.")):
    pass  # the commands below; --version runs before any of them


app.command("simulate", epilog=simulate.EXAMPLES)(simulate.simulate)
app.command("report", epilog=report.EXAMPLES)(report.report)
app.command("trace", epilog=trace.EXAMPLES)(trace.trace)
app.command("bench", epilog=bench.EXAMPLES)(bench.bench)
app.command("compare", epilog=compare.EXAMPLES)(compare.compare)
app.command("sweep", epilog=sweep.EXAMPLES)(sweep.sweep)
app.command("suggest", epilog=suggest.EXAMPLES)(suggest.suggest)
app.command("worth", epilog=worth.EXAMPLES)(worth.worth)
app.command("impact", epilog=impact.EXAMPLES)(impact.impact)
app.command("robustness", epilog=robustness.EXAMPLES)(robustness.robustness)
app.command("sensitivity", epilog=sensitivity.EXAMPLES)(sensitivity.sensitivity)
app.command("ladder", epilog=ladder.EXAMPLES)(ladder.ladder)
app.command("tune", epilog=tune.EXAMPLES)(tune.tune)
app.add_typer(cards.app, name="cards")
app.add_typer(cache.app, name="cache")


@app.command("policies", epilog=examples("seiya policies", "seiya simulate --policy value,greedy"))
def policies():
    """The policies a seat can play (names for --policy) and what each does; a policy file that cannot be loaded is an error."""
    from sim.cli.common import USAGE_ERROR
    from sim.policy_catalog import BROKEN, DEFAULT_POLICY, POLICIES
    for p in POLICIES.values():
        typer.echo(f"{p.name}{' (default)' if p.name == DEFAULT_POLICY else ''}: {p.description}")
    for reason in BROKEN.values():
        typer.echo(f"Error: {reason}", err=True)
    if BROKEN:
        raise typer.Exit(USAGE_ERROR)


@app.command("rules", epilog=examples("seiya rules", "seiya simulate --rule round_cap=60"))
def rules():
    """The rules parameters (names for --rule NAME=VALUE): type, default, the ruling that names it, what it does."""
    from sim.engine.params import PARAMS
    for p in PARAMS:
        default = str(bool(p.default)).lower() if p.type is bool else p.default
        kind = ("true/false" if p.type is bool else f"whole number >= {p.low}" if p.type is int
                else " | ".join(p.choices) + (" | a file path" if p.path_ok else ""))
        typer.echo(f"{p.name} = {default}  ({kind}; {p.ruling}): {p.doc}")


if __name__ == "__main__":
    app()
