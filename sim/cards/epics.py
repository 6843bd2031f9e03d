"""The Epic pools: which Poseidon Epics each mode shuffles into its Epic pile (POS-6).

The lists are an estimate kept in a data file (`cardsets/epic-pools.toml`); a file of the same
shape passed as `path` replaces it (rules parameter `epic_pools`).
"""
from __future__ import annotations

from pathlib import Path

from sim.cards.cardsets import CARDSET_DIR
from sim.cards.schema import CardFileError, read_toml
from sim.spelling import did_you_mean

POOL_FILE = CARDSET_DIR / "epic-pools.toml"
MODES = ("classic", "solo", "coop", "duel")


def epic_pool(mode: str, epic_ids=None, with_asgard: bool = True, path: str | Path = POOL_FILE) -> list[int]:
    """The Epic numbers of `mode`'s pile, in file order, checked against the Epics that exist
    (`epic_ids`, unless None); without the Asgard cards, less the mode's `without_asgard` Epics."""
    path = POOL_FILE if str(path) == "estimated" else Path(path)
    raw = read_toml(path, "Epic pool file")
    if mode not in MODES:
        raise CardFileError(f"unknown mode '{mode}'{did_you_mean(mode, MODES)}; allowed: {', '.join(MODES)}")
    table = raw.get(mode)
    if not isinstance(table, dict) or set(table) != {"epics", "without_asgard"}:
        raise CardFileError(f"{path}: [{mode}] needs exactly two lists of Epic numbers, 'epics' and 'without_asgard'")
    for field in ("epics", "without_asgard"):
        ids = table[field]
        if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
            raise CardFileError(f"{path}: [{mode}] field '{field}': a list of Epic numbers")
        unknown = [i for i in ids if epic_ids is not None and i not in epic_ids]
        if unknown:
            raise CardFileError(f"{path}: [{mode}] field '{field}': no Epic numbered {unknown[0]}")
        if len(set(ids)) != len(ids):
            raise CardFileError(f"{path}: [{mode}] field '{field}': an Epic is listed twice")
    dropped = set() if with_asgard else set(table["without_asgard"])
    return [i for i in table["epics"] if i not in dropped]
