"""Accept a run folder path, a sim.Run or a PlayResult-like object wherever a run is expected."""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from sim.cards.die import die_estimate


def as_run(obj):
    """A run folder's data for a path; any object with the run DataFrames is used as is."""
    if isinstance(obj, (str, Path)):
        from sim.runs.run_data import RunFolder
        return RunFolder(obj)
    return obj


def run_estimates(*runs) -> list[str] | None:
    """The cards of these runs whose numbers or text are our estimate (no public source), but those
    with no copy in the game (a Duel's Bronze Heroes); None if a run folder does not record it."""
    names = []
    for run in runs:
        cards = as_run(run).cards
        if "estimate" not in cards:
            return None
        names += list(cards.loc[cards["estimate"].astype(bool) & (cards.get("copies", 1) > 0), "name"])
        config = (getattr(as_run(run), "manifest", None) or {}).get("config") or {}
        die = die_estimate(config.get("mode", "classic"), config.get("rules") or {})
        names += [die] if die else []
    return list(dict.fromkeys(names))


class NoEventsError(ValueError):
    """A table that needs the event log, asked of a run that recorded none (--events none)."""


def counters_of(run):
    """The summed counters (sim.runs.counters.Counters) of a run folder, else None: a run folder's
    tables are computed from them; in-memory results (sim.play) from their DataFrames."""
    return getattr(run, "counters", None)


def has_events(run) -> bool:
    """False for a run whose games were counted without an event log: a run folder made with
    --events none by an older version (its batches have no counters and no events table), or a
    PlayResult played with events="none" (no events at all in games that were played)."""
    counters = counters_of(run)
    if counters is not None:
        return counters.has_events
    return not (len(run.events) == 0 and len(run.games) > 0)


def require_events(run, what: str):
    if not has_events(run):
        raise NoEventsError(f"this run recorded no events (--events none), so it has no {what}; "
                            "simulate again: a run folder counts them whatever --events says")


def card_names(run) -> dict:
    cards = run.cards
    return dict(zip(cards["id"], cards["name"]))


def card_row(frame: pd.DataFrame, key) -> pd.Series:
    k = str(key).strip()
    hit = frame.loc[(frame["name"].str.lower() == k.lower()) | (frame["id"].astype(str) == k)]
    if not len(hit):
        from sim.spelling import did_you_mean
        raise ValueError(f"unknown card '{key}'{did_you_mean(k, frame['name'])}; use a name as in "
                         "`seiya cards list` or a card number")
    return hit.iloc[0]
