"""The card-worth report: the power–cost curve figure, the verdicts and every card's worth."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.worth import residual_by_rank
from reports.figures import BLUE, GREY, RED
from reports.tuning import ci_text, write_document

VERDICT_COLOURS = {"under-costed": RED, "over-costed": BLUE}
# Triggers that act on the field or when the card is fought or arrives: a card given into a deck
# never does these, so its worth leaves them out (they are part of what acquiring it costs).
FIELD_TRIGGERS = ("defeated", "arrival", "exit", "cost", "field", "marked")


def acts_on_field(triggers: str) -> str:
    """The card's field-side triggers, e.g. "defeated, arrival" ("" for none)."""
    return ", ".join(t for t in str(triggers).split(", ") if t in FIELD_TRIGGERS)


def draw_power_cost(table: pd.DataFrame, curve, tolerance: float = 1.0) -> Figure:
    """Worth per copy (95% CI) against price, one panel per currency: the fitted line, the band of
    ±tolerance cost points around it, the cards out of line coloured and named."""
    currencies = [c for c in ("strength", "cosmos") if c in curve.lines]
    fig = Figure(figsize=(5 * len(currencies) + 1, 4.6), layout="constrained")
    for i, cur in enumerate(currencies):
        ax = fig.add_subplot(1, len(currencies), i + 1)
        d = table.loc[table["currency"] == cur]
        jitter = (d.groupby("price").cumcount() - (d.groupby("price")["price"].transform("size") - 1) / 2) * 0.04
        x = d["price"] + jitter
        colours = [VERDICT_COLOURS.get(v, GREY) for v in d["verdict"]]
        ax.vlines(x, d["worth_lo"], d["worth_hi"], colors=colours, lw=1)
        ax.scatter(x, d["worth"], c=colours, s=14, zorder=3)
        line = curve.lines[cur]
        xs = np.linspace(d["price"].min() - 0.3, d["price"].max() + 0.3, 50)
        fit, _ = line.at(xs)
        band = tolerance * curve.point
        ax.plot(xs, fit, color="black", lw=1, label="curve")
        if not np.isnan(band):
            ax.fill_between(xs, fit - band, fit + band, color=GREY, alpha=0.15, lw=0,
                            label=f"±{tolerance:g} cost point")
        for _, r in d.loc[d["verdict"].isin(VERDICT_COLOURS)].iterrows():
            ax.annotate(r["name"], (r["price"], r["worth"]), fontsize=7, xytext=(4, 2), textcoords="offset points")
        ax.axhline(0, color=GREY, lw=0.6)
        ax.set_xticks(np.unique(d["price"]))  # the costs cards have, whole numbers
        ax.set_xlabel(f"{cur.capitalize()} cost")
        ax.set_ylabel("worth: Δ win share per copy given")
        ax.legend(fontsize=8, loc="upper left")
    fig.suptitle("Power–cost curve (red: under-costed, blue: over-costed, named; grey: fair)")
    return fig


def verdict_view(t: pd.DataFrame) -> pd.DataFrame:
    """Readable columns of a worth table (one line per card)."""
    view = pd.DataFrame({
        "card": t["name"], "verdict": t["verdict"], "cost": [f"{p:g} {c[0].upper()}" if isinstance(c, str) else "–"
                                                             for p, c in zip(t["price"], t["currency"])],
        "worth [95% CI]": [ci_text(v, lo, hi) for v, lo, hi in zip(t["worth"], t["worth_lo"], t["worth_hi"])],
        "curve": t["fitted"].round(3),
        "residual [95% CI]": [ci_text(v, lo, hi) for v, lo, hi in zip(t["residual"], t["residual_lo"], t["residual_hi"])],
        "implied cost [95% CI]": [ci_text(v, lo, hi, 1).replace("+", "") for v, lo, hi in
                                  zip(t["implied_cost"], t["implied_cost_lo"], t["implied_cost_hi"])],
        "q": t["q"].round(4),
    })
    if "text_worth" in t:
        view["text's worth [95% CI]"] = [ci_text(v, lo, hi) for v, lo, hi in
                                         zip(t["text_worth"], t["text_worth_lo"], t["text_worth_hi"])]
    view["acts on the field"] = [acts_on_field(x) for x in t["triggers"]]
    return view


def rank_view(r: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({"rank": r["rank"], "cards": r["cards"],
                         "mean residual [95% CI]": [ci_text(v, lo, hi) for v, lo, hi in
                                                    zip(r["mean_residual"], r["mean_residual_lo"], r["mean_residual_hi"])],
                         "under-costed": r["under_costed"], "over-costed": r["over_costed"]})


def write_worth_report(w, out: str | Path) -> Path:
    t = w.table
    out_of_line = w.verdicts()
    counts = t["verdict"].value_counts()
    summary = ", ".join(f"{counts[v]} {v}" for v in ("under-costed", "over-costed", "fair", "too few", "no price")
                        if v in counts)
    sections = [
        {"title": "Cards out of line", "table": verdict_view(out_of_line), "csv": "worth", "data": t,
         "note": f"{len(t)} cards measured: {summary}. Clearest first. Residual: worth minus the curve at the "
                 "card's cost (fitted without the card); implied cost: the cost at which the curve meets its worth."},
        {"title": "Power–cost curve", "figure": ("power_cost", w.figure())},
        {"title": "By rank", "table": rank_view(residual_by_rank(t)), "csv": "worth_by_rank",
         "note": "The mean residual of each rank's cards, with a 95% CI over the cards: a whole rank above (or "
                 "below) the line is worth more (less) than its costs say, beyond any one card."},
        {"title": "Every card", "table": verdict_view(t.sort_values(["currency", "price", "worth"])),
         "note": "A card's text that acts on the field or when it is fought (Defeated, Arrival, cost and field "
                 "rules) is not in its worth: a given copy never meets it; that part belongs to its price."},
    ]
    return write_document(out, "Card worth: the power–cost curve", w.facts, sections, w.estimates, w.capped)


def curve_suggest_view(sug) -> pd.DataFrame:
    """Suggestions on the curve for people: the change, the cost the worth implies, the residual
    before / after on the verification games, and whether the new cost is fair."""
    t = sug.table
    return pd.DataFrame({
        "card": t["card"],
        "suggestion": [f"{f} {c}→{s}" if d else f"keep ({f} {c})" for f, c, s, d in
                       zip(t["field"], t["current"], t["suggested"], t["change"])],
        "implied cost [95% CI]": [ci_text(v, lo, hi, 1).replace("+", "") for v, lo, hi in
                                  zip(t["implied_cost"], t["implied_cost_lo"], t["implied_cost_hi"])],
        "residual before": [ci_text(v, lo, hi) for v, lo, hi in
                            zip(t["residual_before"], t["residual_before_lo"], t["residual_before_hi"])],
        "residual after": [ci_text(v, lo, hi) for v, lo, hi in
                           zip(t["residual_after"], t["residual_after_lo"], t["residual_after_hi"])],
        "fair after": t["fair_after"].map({True: "yes", False: "no"}),
    })


def write_curve_suggest_report(sug, out: str | Path) -> Path:
    sections = [{"title": "Suggestions, verified on new games", "table": curve_suggest_view(sug), "csv": "suggest",
                 "data": sug.table,
                 "note": "Per card, the cost at which the power–cost curve (fitted without the card) meets its worth, "
                         "then the card played again on new game indices with its cost as it is and with the "
                         "suggestion: its residual on the curve before / after, with 95% CIs. Fair after: not out "
                         f"of line by more than {sug.tolerance:g} cost point(s) at the false-discovery rate."},
                {"title": "Every card's worth (the flagging run)", "table": verdict_view(sug.flagged), "csv": "worth",
                 "data": sug.flagged}]
    return write_document(out, "Cost suggestions on the power–cost curve", sug.facts, sections, sug.estimates,
                          sug.capped)
