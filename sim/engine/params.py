"""The rules parameters: the settings our rulings name (../shared/rules/*-rulings.md), declared once.

Each has a name, a type, a default, the ruling that names it and what it does. A run's values
travel to the kernels as one int64 array (`s.rules`, indexed by the R_* constants below, derived
from this declaration); `seiya rules` lists them, `--rule NAME=VALUE` sets one and a sweep can
vary it like a card number. A box or mode adds its parameters here.
"""
from __future__ import annotations

from typing import NamedTuple


class Param(NamedTuple):
    name: str
    type: type       # int or bool
    default: int
    ruling: str
    doc: str
    low: int = 0     # the smallest value allowed (int parameters)


PARAMS = (
    Param("round_cap", int, 40, "GEN-9",
          "Classic mode: a game still going after this many rounds ends (reason 'turn cap') and is scored.", 1),
    Param("upkeep_remove_last_card", bool, False, "GEN-14",
          "At upkeep, discard the last card of the field even when slot 6 is empty (Asgard's variant; "
          "off in classic by default, always on in solo)."),
    Param("odin_statue", bool, True, "GEN-1, ASG-8, ASG-10",
          "Asgard: the Odin statue. A God Warrior leaving a field space puts a sapphire on it; the 7th "
          "flips it, and from then on every Exit applies twice (no effect without Asgard cards)."),
)

BY_NAME = {p.name: p for p in PARAMS}
R_ROUND_CAP = PARAMS.index(BY_NAME["round_cap"])
R_UPKEEP_REMOVE_LAST_CARD = PARAMS.index(BY_NAME["upkeep_remove_last_card"])
R_ODIN_STATUE = PARAMS.index(BY_NAME["odin_statue"])
N_RULES = len(PARAMS)


def defaults() -> dict:
    return {p.name: p.default for p in PARAMS}
