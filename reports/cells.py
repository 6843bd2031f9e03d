"""How a report table's values are written, the same in HTML and Markdown: readable headers,
one number of decimals per column, "–" for a missing value.

    formatted(df)  ->  a DataFrame of strings (the CSV files keep full precision)
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

MISSING = "–"
# Lengths, flames and VP read to a tenth; every other fraction (shares, rates, win shares) to a thousandth.
TENTHS = ("round", "turn", "flame", "vp", "length")


def header(column) -> str:
    """'mean_acquire_round' -> 'mean acquire round'; a card number in an arm's name
    ('Taurus Aldebaran.strength_cost=6') keeps its spelling, as typed in --set."""
    return re.sub(r"(?<![.\w])[a-z][a-z0-9]*(?:_[a-z0-9]+)+", lambda m: m[0].replace("_", " "), str(column))


def decimals(name, values: pd.Series) -> int:
    """Decimals for a column of numbers: 0 for whole numbers (counts, costs, seats), 1 for lengths,
    flames and VP, 3 otherwise."""
    if pd.api.types.is_integer_dtype(values) or pd.api.types.is_bool_dtype(values):
        return 0
    finite = pd.to_numeric(values, errors="coerce").dropna()
    finite = finite[np.isfinite(finite)]
    if any(word in str(name).lower() for word in TENTHS):
        return 1
    if len(finite) and (finite == finite.round()).all() and finite.abs().max() > 1:
        return 0  # counts stored as floats (a column with a missing value)
    return 3


def number(v, digits: int) -> str:
    if v is None or (isinstance(v, float) and np.isnan(v)):
        return MISSING
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)):
        return str(v)
    if isinstance(v, (float, np.floating)):
        if np.isinf(v):
            return "∞" if v > 0 else "−∞"
        return f"{v:.4g}" if abs(v) >= 1e6 else f"{v:.{digits}f}"
    return str(v)


def formatted(df: pd.DataFrame, digits: int | None = None) -> pd.DataFrame:
    """Every value as its text, readable headers; numbers with their column's decimals (`digits`:
    the same for every column of fractions, e.g. 1 for a table of game lengths)."""
    out = {}
    for c in df.columns:
        col = df[c]
        numeric = pd.api.types.is_numeric_dtype(col) and not pd.api.types.is_bool_dtype(col)
        places = decimals(c, col) if numeric else 3
        if digits is not None and numeric and not pd.api.types.is_integer_dtype(col):
            places = digits
        out[header(c)] = [number(v, places) if numeric or not isinstance(v, str) else v for v in col]
    return pd.DataFrame(out, columns=list(out))


def ci(v, lo, hi, digits: int = 3, signed: bool = False) -> str:
    """'0.123 [0.100, 0.146]' (signed: '+0.012 [-0.004, +0.028]'); '–' when missing."""
    if v is None or pd.isna(v):
        return MISSING
    f = f"{{:{'+' if signed else ''}.{digits}f}}".format
    return f"{f(v)} [{f(lo)}, {f(hi)}]"
