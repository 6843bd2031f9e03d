"""What the commands share: one-line errors with exit code 2, and parsing of repeatable options."""
from __future__ import annotations

import sys
from contextlib import contextmanager

import typer

USAGE_ERROR = 2


def fail(message: str):
    """Print a one-line error (what went wrong and what is allowed) and exit with code 2."""
    typer.echo(f"Error: {message.splitlines()[0] if message else 'bad input'}", err=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors():
    """Turn the errors a user can cause (bad card, policy, box, Hero, file, an unreachable Dask
    scheduler) and a failed run (a batch failed twice) into `fail`."""
    from sim.runs.executors import ExecutorError
    from sim.runs.folder import RunConfigError
    from sim.runs.runner import RunFailed
    from sim.cards.schema import CardFileError
    try:
        yield
    except (RunConfigError, RunFailed, ExecutorError, CardFileError, NotImplementedError) as e:
        fail(str(e))
    except ValueError as e:  # the engine's seat checks (policy, Hero, players) raise ValueError
        fail(str(e))


def split_list(values: list[str] | None) -> list[str]:
    """Repeatable options also accept comma-separated values: --policy a,b == --policy a --policy b."""
    out = []
    for v in values or []:
        out += [x.strip() for x in v.split(",") if x.strip()]
    return out


def parse_sets(values: list[str] | None) -> dict[str, int]:
    """--set "CARD.FIELD=VALUE" (repeatable) -> {"CARD.FIELD": VALUE}."""
    from sim.cards.cardsets import OVERRIDE_FIELDS
    from sim.spelling import did_you_mean
    out = {}
    for item in values or []:
        key, eq, value = item.rpartition("=")
        name, dot, field = key.strip().rpartition(".")
        if not eq or not dot or not name:
            fail(f"bad --set '{item}': use \"CARD.FIELD=VALUE\", e.g. \"Taurus Aldebaran.strength_cost=7\"")
        if field not in OVERRIDE_FIELDS:
            fail(f"bad --set '{item}': unknown field '{field}'{did_you_mean(field, OVERRIDE_FIELDS)}; "
                 f"allowed: {', '.join(OVERRIDE_FIELDS)}")
        try:
            out[f"{name.strip()}.{field}"] = int(value.strip())
        except ValueError:
            fail(f"bad --set '{item}': the value must be a whole number, not '{value.strip()}'")
    return out


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()
