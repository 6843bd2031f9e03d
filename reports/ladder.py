"""A ladder's report: ladder.csv (the ratings), pairings.csv and ladder.md."""
from __future__ import annotations

from pathlib import Path

import pandas as pd

from reports.render import markdown_table


def ci(v: float, lo: float, hi: float, digits: int = 3) -> str:
    return f"{v:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def ratings_view(ratings: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({"policy": ratings["policy"],
                         "rating [95% CI]": [ci(r, lo, hi, 0) for r, lo, hi in
                                             zip(ratings["rating"], ratings["lo"], ratings["hi"])],
                         "games": ratings["games"].astype(int), "win share": ratings["win_share"]})


def pairings_view(pairings: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({"A": pairings["a"], "B": pairings["b"], "games": pairings["games"],
                         "A's win share [95% CI]": [ci(v, lo, hi) for v, lo, hi in
                                                    zip(pairings["win_share"], pairings["lo"], pairings["hi"])],
                         "A's, A first": pairings["a_seated_first"], "A's, B first": pairings["b_seated_first"]})


def write_ladder_report(ladder, out) -> Path:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    ladder.ratings.to_csv(out / "ladder.csv", index=False)
    ladder.pairings.to_csv(out / "pairings.csv", index=False)
    s = ladder.settings
    lines = ["# Policy ladder", "", *([f"> **Round cap.** {ladder.capped}", ""] if ladder.capped else []),
             f"- **Policies**: {', '.join(s['policies'])}",
             f"- **Players**: {s['players']}",
             f"- **Games per pairing**: {2 * s['games']} ({s['games']} game seeds, each played twice with the seats swapped)",
             f"- **Seed**: {s['seed']}",
             f"- **Date, version**: {s['date']}, seiya-sim {s['version']}",
             f"- **Method**: {ladder.method()}", "",
             "## Ratings", "", markdown_table(ratings_view(ladder.ratings)), "",
             "## Pairings", "",
             "A's win share over B: a CI over seeds, each seed's two games one paired unit. "
             "A's, A first / B first: A's win share in the games where A / B held the first seat.", "",
             markdown_table(pairings_view(ladder.pairings))]
    for note in ladder.notes():
        lines += ["", note]
    (out / "ladder.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out / "ladder.md"
