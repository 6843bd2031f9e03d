"""The policy data the package ships as JSON: policy files and the saved ladder ratings.

- `sim/policies/NAME.json`: a named policy (what `seiya tune --save` writes): its algorithm, a
  description, every weight by name and, for a fitted one, how it was fitted. The catalog
  (sim/policy_catalog.py) loads each at import, so it plays by name like a built-in policy (the
  file is named after its policy).
- `sim/ratings.json`: the last ladder saved with `seiya ladder --save`: the Bradley-Terry rating
  of each policy it played, with the weights it played them with, which the run report reads.

Both are validated on reading; a malformed file raises PolicyFileError naming the file and the
field, in one line.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from sim.engine.policies.registry import ALGORITHM_IDS
from sim.engine.policies.weights import WEIGHT_NAMES
from sim.spelling import did_you_mean

POLICY_DIR = Path(__file__).resolve().parent / "policies"
RATINGS_FILE = Path(__file__).resolve().parent / "ratings.json"
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


class PolicyFileError(ValueError):
    """A policy or ratings file that cannot be read: the file, the field and what is wrong."""


def check_weight_names(weights: dict) -> dict:
    """Every weight of the heuristic (sim/engine/policies/weights.py) by name, and no other."""
    unknown = [k for k in weights if k not in WEIGHT_NAMES]
    if unknown:
        raise ValueError(f"unknown weight '{unknown[0]}'{did_you_mean(unknown[0], WEIGHT_NAMES)}; "
                         f"allowed: {', '.join(WEIGHT_NAMES)}")
    missing = [k for k in WEIGHT_NAMES if k not in weights]
    if missing:
        raise ValueError(f"weight '{missing[0]}' is missing; give every weight: {', '.join(WEIGHT_NAMES)}")
    return {k: weights[k] for k in WEIGHT_NAMES}


class PolicyBase(BaseModel):
    """What every policy has, in the catalog (sim.policy_catalog.Policy) or in a file: a name, an
    algorithm of the engine (sim/engine/policies/registry.py), a description."""
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    algorithm: str
    description: str = ""

    @field_validator("algorithm")
    @classmethod
    def _algorithm(cls, v):
        if v not in ALGORITHM_IDS:
            raise ValueError(f"unknown policy algorithm '{v}'; allowed: {', '.join(ALGORITHM_IDS)}")
        return v


class PolicyFile(PolicyBase):
    algorithm: str = "heuristic"
    weights: dict[str, float]
    fitted: dict | None = None      # how `seiya tune` fitted it (free form: the tune record)

    @field_validator("name")
    @classmethod
    def _name(cls, v):
        if not NAME.fullmatch(v):
            raise ValueError(f"'{v}' is not a policy name: a letter, then letters, digits, _ or -")
        return v

    @field_validator("weights")
    @classmethod
    def _weights(cls, v):
        return check_weight_names(v)

    def weight_vector(self) -> tuple[float, ...]:
        return tuple(float(self.weights[k]) for k in WEIGHT_NAMES)


class Rating(BaseModel):
    model_config = ConfigDict(extra="forbid")

    policy: str
    rating: float
    lo: float
    hi: float
    weights: dict[str, float]       # as played, so a policy renamed or changed since is not taken for it

    @field_validator("weights")
    @classmethod
    def _weights(cls, v):
        return check_weight_names(v)


class SavedRatings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    date: str
    version: str
    players: int
    games_per_pairing: int          # game seeds per pairing, each played in both seatings
    seed: int
    method: str                     # how the ratings and their CIs were made, in words
    ratings: list[Rating]

    def of(self, name: str, weights=None) -> Rating | None:
        """The rating of a policy by name, if it was rated with these weights (a sequence in the
        order of WEIGHTS; None: by name alone, for a run that recorded no weights)."""
        for r in self.ratings:
            if r.policy == name and (weights is None or list(r.weights.values()) == [float(w) for w in weights]):
                return r
        return None


def _read(path: Path, model):
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise PolicyFileError(f"{path}: cannot be read: {e.strerror or e}") from None
    except json.JSONDecodeError as e:
        raise PolicyFileError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(the whole file)"
        raise PolicyFileError(f"{path}: field '{where}': {err['msg'].removeprefix('Value error, ')}") from None


def read_policy_file(path) -> PolicyFile:
    """A policy file, validated."""
    return _read(path, PolicyFile)


def policy_files(folder: Path = POLICY_DIR) -> list[Path]:
    return sorted(Path(folder).glob("*.json"))


def write_json(data: dict, path) -> Path:
    """Write a policy or ratings file (a complete file or nothing: written aside, then renamed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_ratings(path=None) -> SavedRatings | None:
    """The saved ladder ratings (default sim/ratings.json), or None when none were saved."""
    path = Path(path or RATINGS_FILE)
    return _read(path, SavedRatings) if path.is_file() else None
