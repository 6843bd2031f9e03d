"""The `seiya` command line: simulate, report, trace, cards, policies, rules, bench, cache, and the
tuning tools compare, sweep, suggest, impact, robustness.

Every command's --help is fast (numpy, pandas, numba and matplotlib load inside the commands) and
every user error is one line on stderr with exit code 2.
"""
from __future__ import annotations

import typer

from sim.cli import bench, cache, cards, compare, impact, report, robustness, simulate, suggest, sweep, trace

app = typer.Typer(
    name="seiya",
    help="Balance simulator for Saint Seiya: Deckbuilding. Start with `seiya simulate --report`.",
    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
)
app.command("simulate")(simulate.simulate)
app.command("report")(report.report)
app.command("trace")(trace.trace)
app.command("bench")(bench.bench)
app.command("compare")(compare.compare)
app.command("sweep")(sweep.sweep)
app.command("suggest")(suggest.suggest)
app.command("impact")(impact.impact)
app.command("robustness")(robustness.robustness)
app.add_typer(cards.app, name="cards")
app.add_typer(cache.app, name="cache")


@app.command("policies")
def policies():
    """The policies a seat can play (names for --policy) and what each does."""
    from sim.policy_catalog import DEFAULT_POLICY, POLICIES
    for p in POLICIES.values():
        typer.echo(f"{p.name}{' (default)' if p.name == DEFAULT_POLICY else ''}: {p.description}")


@app.command("rules")
def rules():
    """The rules parameters (names for --rule NAME=VALUE): type, default, the ruling that names it, what it does."""
    from sim.engine.params import PARAMS
    for p in PARAMS:
        default = str(bool(p.default)).lower() if p.type is bool else p.default
        kind = "true/false" if p.type is bool else f"whole number >= {p.low}"
        typer.echo(f"{p.name} = {default}  ({kind}; {p.ruling}): {p.doc}")


if __name__ == "__main__":
    app()
