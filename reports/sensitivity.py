"""The estimate-sensitivity report: each conclusion on every Hades estimate, and the card verdicts."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from reports.cells import ci
from reports.tuning import draw_robustness, write_document

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def conclusions_view(sens) -> pd.DataFrame:
    """Per metric: its value (95% CI) on each estimate, the largest change from the method's own
    and the verdict."""
    t = sens.conclusions
    view = pd.DataFrame({"conclusion": t["meaning"]})
    for lab in sens.estimates:
        view[lab] = [ci(v, lo, hi) for v, lo, hi in zip(t[lab], t[f"{lab}_lo"], t[f"{lab}_hi"])]
    view["largest change (on)"] = [
        f"{ci(v, lo, hi, signed=True)} ({on}{'' if pd.isna(r) else f', {r:+.1%}'})" for v, lo, hi, on, r in
        zip(t["largest_change"], t["largest_change_lo"], t["largest_change_hi"], t["on"], t["relative_change"])]
    view["verdict"] = t["verdict"]
    return view


def cards_view(sens) -> pd.DataFrame:
    t = sens.cards.table
    view = pd.DataFrame({"card": t["name"], "cards": np.where(t["estimated"], "estimated", "real"),
                         "verdicts": t["robustness"]})
    for lab in sens.estimates:
        view[lab] = [f"{v:+.3f} {vd}" if not pd.isna(v) else "–"
                     for v, vd in zip(t[f"win_share_diff:{lab}"], t[f"verdict:{lab}"])]
    view["rank"] = view["verdicts"].map({"flips": 0, "differs": 1, "consistent": 2})
    return view.sort_values(["rank", "cards", "card"], ascending=[True, False, True]).drop(columns="rank")


def draw_sensitivity(sens) -> Figure:
    """One panel per conclusion: its value and 95% CI on each estimate, the method's own dashed."""
    t = sens.conclusions
    labels = list(sens.estimates)
    n = len(t)
    cols = min(3, n)
    rows = -(-n // cols)
    fig = Figure(figsize=(3.2 * cols, 0.45 * len(labels) * rows + 1.2 * rows), layout="constrained")
    y = np.arange(len(labels))[::-1]
    for k, (_, r) in enumerate(t.iterrows()):
        ax = fig.add_subplot(rows, cols, k + 1)
        for i, lab in enumerate(labels):
            colour = PALETTE[i % len(PALETTE)]
            ax.hlines(y[i], r[f"{lab}_lo"], r[f"{lab}_hi"], color=colour, lw=1.5)
            ax.scatter([r[lab]], [y[i]], color=colour, s=14, zorder=3)
        ax.axvline(r[labels[0]], color="black", lw=0.7, ls="--")
        ax.set_ylim(-0.7, len(labels) - 0.3)
        ax.set_yticks(y, labels, fontsize=7)
        ax.tick_params(axis="x", labelsize=7)
        ax.set_title(f"{r['meaning']}: {r['verdict']}", fontsize=8)
    fig.suptitle("Each conclusion on each Hades estimate (95% CI; same games)", fontsize=9)
    return fig


def write_sensitivity_report(sens, out: str | Path) -> Path:
    c = sens.config
    held = sens.conclusions["verdict"].eq("holds")
    facts = [("games", f"{sens.games} per estimate, the same seeds and game indices on each "
                       f"(mode {c.mode}, {c.players} players, boxes {', '.join(c.boxes)}, seed {c.seed})"),
             ("estimates", "; ".join(f"{lab}: {Path(path).parent.name}/{Path(path).name} ({h})" for lab, (path, h) in sens.estimates.items())),
             ("verdict", f"moves: the change from the method's own estimate is significant on some estimate "
                         f"(Benjamini–Hochberg across every conclusion and estimate at {sens.fdr}); holds: not"),
             ("conclusions", f"{int(held.sum())} of {len(held)} hold whatever the estimate")]
    summary = sens.card_summary()
    sections = [
        {"title": "Conclusions on each estimate", "table": conclusions_view(sens), "csv": "conclusions",
         "data": sens.conclusions,
         "note": "A conclusion that holds rests on the rules and the real cards; one that moves rests on the "
                 "estimated Hades cards, and the real cards are needed to settle it."},
        {"title": "Figure: the conclusions", "figure": ("conclusions", sens.figure())},
        {"title": "Paired changes from the method's own estimate", "table": sens.changes.round(4), "csv": "changes"},
        {"title": "Card verdicts: how many hold", "table": summary, "csv": "card_summary",
         "note": "consistent: the same verdict (above, below or not significant) on every estimate; differs: "
                 "significant on some only; flips: above on one, below on another. An estimated card is a "
                 "different card on each estimate (same number, other numbers and text)."},
        {"title": "Card verdicts side by side", "table": cards_view(sens), "csv": "card_verdicts",
         "data": sens.cards.table,
         "note": "The buyers' win-share difference on each estimate and its verdict (an association, as in "
                 "`seiya robustness`)."},
        {"title": "Figure: the card verdicts", "figure": ("cards", draw_robustness(sens.cards, arms="estimate"))},
    ]
    return write_document(out, "Which conclusions hold whatever the Hades estimates", facts, sections,
                          sens.cards.estimates, sens.capped)
