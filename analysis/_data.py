"""Accept a run folder path, a sim.Run or a PlayResult-like object wherever a run is expected."""
from __future__ import annotations

from pathlib import Path


def as_run(obj):
    """A `sim.Run` for a path; any object with the run DataFrames is used as is."""
    if isinstance(obj, (str, Path)):
        from sim.run import Run
        return Run(obj)
    return obj


def card_names(run) -> dict:
    cards = run.cards
    return dict(zip(cards["id"], cards["name"]))
