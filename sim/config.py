"""One game config: everything that decides a run's games, typed, validated once, stored whole.

    config = GameConfig.build(players=3, policies=("value", "greedy", "clock"), rules={"round_cap": 30})
    sim.play(1000, config=config)            # the same games in this process, a worker, on Dask, on resume

Built once from the CLI or Python, a GameConfig is the only thing passed to runs, workers
(processes, spawn, Dask), `--resume` and the tuning tools; a run's manifest stores it whole
(policies with their full weights, the rules parameters with their values). A policy variant
made in a notebook therefore plays the same games everywhere.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal, get_args

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from sim.engine import enums as E
from sim.engine.modes import MODE_IDS, MODES
from sim.cards.die import die_rule_value
from sim.engine.params import BY_NAME as RULES, PARAMS, kernel_value
from sim.engine.policies.registry import ALGORITHM_IDS
from sim.policy_catalog import Policy, policy_by_name
from sim.spelling import did_you_mean

SeatOrder = Literal["random", "fixed"]  # R9: different policies trade seats each game, or not
SEATS = get_args(SeatOrder)


class ConfigError(ValueError):
    """A config that cannot be played: the message says what is allowed (one line)."""


def player_bounds(mode: str) -> tuple[int, int]:
    return MODES[MODE_IDS[mode]].PLAYERS


class GameConfig(BaseModel):
    """What decides a game: mode, boxes, players, Heroes, seat policies (with their weights),
    seat order, card set and overrides, rules parameters, master seed."""
    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: str = "classic"
    boxes: tuple[str, ...] = ("base",)
    players: int = 2
    heroes: tuple[str, ...] | None = None       # one per seat ("random" for any); None: random, distinct
    policies: tuple[Policy, ...] = Field((), validate_default=True)  # one for every seat, or one per seat (names are looked up)
    seats: SeatOrder = "random"
    cardset: str | None = None                   # a designer's card file on top of the boxes
    overrides: dict[str, int] = {}               # "CARD.FIELD" -> value
    rules: dict[str, int | bool | str] = Field({}, validate_default=True)  # every rules parameter, by name (defaults filled in)
    seed: int = 0

    @field_validator("policies", mode="before")
    @classmethod
    def _policies(cls, v, info):
        if isinstance(v, (str, Policy, dict)):
            v = (v,)
        mode = MODES[MODE_IDS[info.data["mode"]]] if info.data.get("mode") in MODE_IDS else None
        v = tuple(v or ()) or (getattr(mode, "DEFAULT_POLICY", "<default>"),)  # co-op: the team's fit
        return tuple(policy_by_name(p) if isinstance(p, str) else p for p in v)

    @field_validator("boxes", "heroes", mode="before")
    @classmethod
    def _names(cls, v):
        return (v,) if isinstance(v, str) else v

    @field_validator("rules", mode="before")
    @classmethod
    def _rules(cls, v):
        given = dict(v or {})
        unknown = [k for k in given if k not in RULES]
        if unknown:
            raise ValueError(f"unknown rules parameter '{unknown[0]}'{did_you_mean(unknown[0], RULES)}; "
                             f"allowed: {', '.join(RULES)}")
        out = {}
        for p in PARAMS:
            value = given.get(p.name, p.default)
            out[p.name] = _rule_value(p, value)
        return out

    @model_validator(mode="after")
    def _check(self):
        if self.mode not in MODE_IDS:
            raise ValueError(f"unknown mode '{self.mode}'; allowed: {', '.join(MODE_IDS)}")
        low, high = player_bounds(self.mode)
        if not low <= self.players <= high:
            raise ValueError(f"{self.mode} mode takes {low} to {high} players, not {self.players}" if low < high
                             else f"{self.mode} mode takes {low} player{'s' * (low > 1)}, not {self.players}")
        boxes = getattr(MODES[MODE_IDS[self.mode]], "BOXES", None)
        if boxes is not None and tuple(self.boxes) != boxes:
            raise ValueError(f"{self.mode} mode plays the boxes {', '.join(boxes)}, not {', '.join(self.boxes)}")
        needs = [b for b in getattr(MODES[MODE_IDS[self.mode]], "NEEDS_BOXES", ()) if b not in self.boxes]
        if needs:
            raise ValueError(f"{self.mode} mode needs the box{'es' * (len(needs) > 1)} {', '.join(needs)}")
        if self.mode in ("coop", "duel") and any(p.algorithm == "search" for p in self.policies):
            raise ValueError(f"the search policy plays the classic game ahead, not the {self.mode} mode; "
                             f"give the {self.mode} seats another policy")
        if self.seed < 0:
            raise ValueError(f"the seed must be 0 or more, not {self.seed}")
        if len(self.policies) not in (1, self.players):
            raise ValueError(f"give one policy for all seats or one per seat ({self.players}), not {len(self.policies)}")
        if self.heroes is not None and self.mode == "duel" and any(h != "random" for h in self.heroes):
            raise ValueError("the Duel has no Bronze Heroes: each side plays its 12 Gold Saints (DUEL-3); "
                             "give no Heroes")
        if self.heroes is not None:
            if len(self.heroes) != self.players:
                raise ValueError(f"give one Hero per seat ({self.players}), not {len(self.heroes)}")
            named = [h for h in self.heroes if h not in ("random", "")]
            for h in named:
                if h not in E.HEROES:
                    raise ValueError(f"unknown Hero '{h}'{did_you_mean(h, E.HEROES)}; allowed: "
                                     f"{', '.join(E.HEROES)} or random")
            if len(set(named)) < len(named):
                raise ValueError("a Hero is given to two seats; Heroes are distinct")
        if self.cardset is not None and not Path(self.cardset).is_file():
            raise ValueError(f"card file {self.cardset}: no such file")
        return self

    @classmethod
    def build(cls, **fields) -> "GameConfig":
        """A config from loose values (names for policies, a Hero name per seat in any case, a
        box or Hero name alone), or ConfigError with the first problem in one line."""
        if fields.get("heroes"):
            heroes = (fields["heroes"],) if isinstance(fields["heroes"], str) else fields["heroes"]
            fields["heroes"] = tuple("random" if h in ("random", "", None) else str(h).capitalize() for h in heroes)
        else:
            fields["heroes"] = None
        fields["overrides"] = dict(fields.get("overrides") or {})
        if fields.get("cardset") is not None:
            fields["cardset"] = str(fields["cardset"])
        fields = {k: v for k, v in fields.items() if v is not None or k in ("heroes", "cardset")}
        mode = MODES[MODE_IDS[fields["mode"]]] if fields.get("mode") in MODE_IDS else None
        if mode is not None and hasattr(mode, "BOXES"):  # a mode that plays fixed boxes (solo: SOLO-3)
            fields.setdefault("boxes", mode.BOXES)
            fields.setdefault("players", mode.PLAYERS[0])
        if mode is not None and hasattr(mode, "DEFAULT_BOXES"):  # co-op: base, Asgard and Poseidon (GEN-1)
            fields.setdefault("boxes", mode.DEFAULT_BOXES)
            fields.setdefault("players", mode.PLAYERS[0])
        try:
            return cls(**fields)
        except ValidationError as e:
            raise ConfigError(_first_error(e)) from None

    # --- what the engine takes ----------------------------------------------------------------
    def seat_policies(self) -> tuple[Policy, ...]:
        """The policy of each seat entry (R9: entries take the seats in a random order each game
        unless seats="fixed")."""
        return self.policies * self.players if len(self.policies) == 1 else self.policies

    def engine_arrays(self):
        """(algorithms, weights, hero ids, rules values) as `play_batch` takes them."""
        from sim.engine.policies.weights import N_WEIGHTS
        algorithms = np.zeros(E.MAX_PLAYERS, np.int64)
        weights = np.zeros((E.MAX_PLAYERS, N_WEIGHTS))
        for i, p in enumerate(self.seat_policies()):
            algorithms[i] = ALGORITHM_IDS[p.algorithm]
            weights[i] = p.weights
        heroes = np.full(E.MAX_PLAYERS, -1, np.int64)
        for i, h in enumerate(self.heroes or ()):
            if h in E.HEROES:
                heroes[i] = E.HEROES.index(h)
        rules = np.array([FILE_RULES[p.name](v) if p.name in FILE_RULES and v not in p.choices else kernel_value(p, v)
                          for p in PARAMS for v in [self.rules[p.name]]], np.int64)
        return algorithms, weights, heroes, rules

    def with_changes(self, **changes):
        """This config with some fields changed (validated again)."""
        return self.build(**{**self.model_dump(), **changes})

    def game(self) -> "GameConfig":
        """The game-deciding part (a RunConfig's without its run fields)."""
        return GameConfig(**{name: getattr(self, name) for name in GameConfig.model_fields})


class RunConfig(GameConfig):
    """A GameConfig and the games of a run: how many, from which game index, which event table."""
    games: int = 1000
    first_game: int = 0
    events: Literal["summary", "full", "none"] = "summary"

    @model_validator(mode="after")
    def _check_run(self):
        if self.games < 1:
            raise ValueError(f"the number of games must be at least 1, not {self.games}")
        if self.first_game < 0:
            raise ValueError(f"the first game index must be 0 or more, not {self.first_game}")
        return self


FILE_RULES = {"hilda_die": die_rule_value}  # rules parameters naming a file the kernels read: its kernel value


def _rule_value(p, value) -> int | str:
    if p.type is str:
        value = str(value)
        if value in p.choices:
            return value
        if p.path_ok and Path(value).is_file():
            if p.name in FILE_RULES:
                FILE_RULES[p.name](value)  # a file the kernels read is checked now, in one line
            return str(Path(value).resolve())
        allowed = ", ".join(p.choices) + (" or the path of a file" if p.path_ok else "")
        raise ValueError(f"rules parameter {p.name} is {allowed}, not '{value}'"
                         + (" (no such file)" if p.path_ok and ("/" in value or value.endswith(".toml")) else ""))
    if p.type is bool:
        if isinstance(value, str):
            if value.lower() not in ("true", "false", "1", "0", "on", "off", "yes", "no"):
                raise ValueError(f"rules parameter {p.name} is true or false, not '{value}'")
            return value.lower() in ("true", "1", "on", "yes")
        return bool(value)
    try:
        value = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"rules parameter {p.name} is a whole number, not '{value}'") from None
    if value < p.low or (p.high is not None and value > p.high):
        raise ValueError(f"rules parameter {p.name} must be at least {p.low}, not {value}" if p.high is None
                         else f"rules parameter {p.name} is {p.low} to {p.high}, not {value}")
    return value


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    msg = err["msg"].removeprefix("Value error, ")
    return msg if not where or msg[:1].islower() or msg.startswith(tuple(MODE_IDS)) else f"{where}: {msg}"


def parse_rules(items) -> dict:
    """["round_cap=30", ...] (from --rule NAME=VALUE) -> {"round_cap": "30"}; ConfigError if malformed."""
    out = {}
    for item in items or ():
        name, eq, value = str(item).partition("=")
        if not eq or not name.strip():
            raise ConfigError(f"bad --rule '{item}': use NAME=VALUE, e.g. round_cap=30 (see `seiya rules`)")
        out[name.strip()] = value.strip()
    return out
