"""'Did you mean ...?' for a name the user typed (a card, policy, Hero, box, rules parameter):
the names it begins (`Taurus` -> `Taurus Aldebaran`), or one of whose words it begins, else the
closest spellings (difflib); case is ignored."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

MAX_SUGGESTIONS = 3


def close_names(typed: str, names: Iterable[str], n: int = MAX_SUGGESTIONS) -> list[str]:
    """Up to `n` of `names` the user probably meant by `typed`."""
    names = list(dict.fromkeys(names))
    key = typed.strip().lower()
    if not key:
        return []
    lower = {name.lower(): name for name in names}
    starts = [name for name in names if name.lower().startswith(key)]
    if starts:
        return starts[:n]
    words = [name for name in names if any(w.startswith(key) for w in re.split(r"[\s_]+", name.lower()))]
    if words:  # a later word of the name: "Aldebaran" -> "Taurus Aldebaran", "cost" -> "strength_cost"
        return words[:n]
    return [lower[m] for m in difflib.get_close_matches(key, list(lower), n=n, cutoff=0.6)]


def did_you_mean(typed: str, names: Iterable[str]) -> str:
    """' (did you mean 'X' or 'Y'?)', or '' when nothing is close: to end an error message."""
    close = close_names(typed, names)
    if not close:
        return ""
    quoted = [f"'{name}'" for name in close]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    return f" (did you mean {listed}?)"
