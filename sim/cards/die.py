"""Hilda's die (solo mode, SOLO-1): a file of its six faces, each a field slot and an icon.

The pairing on the real die is not public: the shipped file (cardsets/hilda-die.toml) is the
rulebook's listing order, an ESTIMATE for sensitivity runs, and the default rules value draws a
random pairing per game instead. A designer with the real die writes a file of this form and sets
`--rule hilda_die=PATH`. A bad file is refused in one line naming the file, the face and the field.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from sim.cards.schema import CardFileError
from sim.engine import enums as E
from sim.engine.params import DIE_FILE

LISTED_DIE = Path(__file__).resolve().parents[2] / "cardsets" / "hilda-die.toml"  # the rulebook listing order


class Face(BaseModel):
    model_config = ConfigDict(extra="forbid")
    face: int = Field(ge=1, le=6)
    slot: int = Field(ge=1, le=6, description="the field slot it takes from, 1 next to the reserve, 6 the last")
    icon: Literal[E.DIE_ICONS]


class DieFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    estimate: bool = False
    source: str = ""
    face: list[Face]

    @field_validator("face")
    @classmethod
    def _six_faces(cls, faces):
        if sorted(f.face for f in faces) != list(range(1, 7)):
            raise ValueError("give each face 1 to 6 once")
        return faces


def load_die(path: str | Path) -> DieFile:
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return DieFile.model_validate(raw)
    except FileNotFoundError:
        raise CardFileError(f"{path}: no such die file") from None
    except tomllib.TOMLDecodeError as e:
        raise CardFileError(f"{path}: not valid TOML: {e}") from None
    except ValidationError as e:
        err = e.errors()[0]
        loc = list(err["loc"])
        where = f" face entry {loc[1] + 1}:" if len(loc) >= 2 and loc[0] == "face" and isinstance(loc[1], int) else ""
        field = ".".join(str(x) for x in loc[2:] if len(loc) >= 2) if where else ".".join(map(str, loc))
        raise CardFileError(f"{path}:{where} field '{field or 'face'}': {err['msg']}") from None


def die_rule_value(path: str | Path) -> int:
    """The kernel value of `hilda_die` naming this file."""
    return DIE_FILE + die_code(path)


def die_code(path: str | Path) -> int:
    """The die as one number for the kernels: face i's (slot index + 6 * icon) in base-36 digit i."""
    code = 0
    for f in sorted(load_die(path).face, key=lambda f: f.face, reverse=True):
        code = code * 36 + (f.slot - 1) + 6 * E.DIE_ICONS.index(f.icon)
    return code


def die_estimate(mode: str, rules: dict) -> str | None:
    """What a game config takes of Hilda's die that is our estimate (no public source), or None:
    in solo, every setting but a die file of one's own not marked as an estimate."""
    if mode != "solo":
        return None
    die = str(rules.get("hilda_die", "random_pairing"))
    if die in ("random_pairing", "independent"):
        return f"Hilda's die ({die.replace('_', ' ')} of slots and icons)"
    return f"Hilda's die ({Path(die).name})" if load_die(die).estimate else None
