"""Accept a run folder path, a sim.Run or a PlayResult-like object wherever a run is expected."""
from __future__ import annotations

from pathlib import Path


def as_run(obj):
    """A `sim.Run` for a path; any object with the run DataFrames is used as is."""
    if isinstance(obj, (str, Path)):
        from sim.run import Run
        return Run(obj)
    return obj


class NoEventsError(ValueError):
    """A table that needs the event log, asked of a run that recorded none (--events none)."""


def has_events(run) -> bool:
    """False for a run made with events="none" (a run folder says so in its manifest; for a
    PlayResult, no events at all in games that were played means none were recorded)."""
    manifest = getattr(run, "manifest", None)
    if manifest is not None:
        return (manifest.get("config") or {}).get("events", "summary") != "none"
    return not (len(run.events) == 0 and len(run.games) > 0)


def require_events(run, what: str):
    if not has_events(run):
        raise NoEventsError(f"this run recorded no events (--events none), so it has no {what}; "
                            "simulate again with --events summary (the default) to get it")


def card_names(run) -> dict:
    cards = run.cards
    return dict(zip(cards["id"], cards["name"]))
