"""Reports of the tuning tools (compare, sweep, impact, robustness): figures and documents.

A document is a title, a few "what was run" lines and sections (title, note, table, figure); it is
written as report.md (figures linked), report.html (figures embedded), tables/<name>.csv and
figures/<name>.png, like a run's report.
"""
from __future__ import annotations

import base64
import html
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from .figures import BLUE, GREY, RED
from .render import CSS, html_table, markdown_table


# --- Documents ------------------------------------------------------------------------------------
def write_document(out: str | Path, title: str, facts: list[tuple[str, str]], sections: list[dict]) -> Path:
    """Write report.md / report.html / tables / figures into `out`; return report.html's path.

    Each section is a dict with `title` and optional `note`, `table` (DataFrame shown), `csv`
    (name for the full table's CSV), `data` (the full table; default `table`) and `figure`
    (a (name, Figure) pair)."""
    out = Path(out)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "figures").mkdir(exist_ok=True)
    md = [f"# {title}", ""] + [f"- **{k}**: {v}" for k, v in facts]
    e = html.escape
    ht = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(title)}</title><style>{CSS}</style>"
          f"</head><body><h1>{e(title)}</h1><dl>"
          + "".join(f"<dt>{e(k)}</dt><dd>{e(str(v))}</dd>" for k, v in facts) + "</dl>"]
    for s in sections:
        md += ["", f"## {s['title']}", ""]
        ht.append(f"<h2>{e(s['title'])}</h2>")
        if s.get("note"):
            md += [s["note"], ""]
            ht.append(f"<p>{e(s['note'])}</p>")
        if s.get("figure"):
            name, fig = s["figure"]
            path = out / "figures" / f"{name}.png"
            fig.savefig(path, dpi=110)
            md += [f"![{s['title']}](figures/{name}.png)", ""]
            ht.append(f"<img alt='{e(s['title'])}' src='data:image/png;base64,"
                      f"{base64.b64encode(path.read_bytes()).decode()}'>")
        if s.get("csv"):
            data = s.get("data", s.get("table"))
            data.to_csv(out / "tables" / f"{s['csv']}.csv", index=False)
        if s.get("table") is not None:
            md.append(markdown_table(s["table"]))
            ht.append(html_table(s["table"]))
    ht.append("</body></html>")
    (out / "report.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / "report.html").write_text("\n".join(ht), encoding="utf-8")
    return out / "report.html"


def ci_text(v, lo, hi, digits: int = 3) -> str:
    """'+0.012 [-0.004, +0.028]'"""
    if pd.isna(v):
        return "–"
    return f"{v:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}]"


# --- Comparison -----------------------------------------------------------------------------------
def comparison_forest_data(cards: pd.DataFrame, metric: str = "win_share_diff", n: int = 25) -> pd.DataFrame:
    """The n cards whose change in `metric` is clearest (largest |delta / se|), sorted by delta."""
    c = cards.loc[(cards["metric"] == metric)].dropna(subset=["delta", "lo", "hi"]).copy()
    c["z"] = (c["delta"].abs() / c["se"].where(c["se"] > 0)).fillna(0)
    c = c.sort_values("z", ascending=False).head(n).sort_values("delta")
    return c[["name", "delta", "lo", "hi", "q", "significant"]].reset_index(drop=True)


def draw_comparison_forest(data: pd.DataFrame, metric: str, label: str) -> Figure:
    """Each card's change (B - A) with its paired 95% CI; coloured where it holds after FDR."""
    n = len(data)
    fig = Figure(figsize=(8, max(2.5, 0.22 * n + 1.3)), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(n)
    colors = np.where(data["significant"], np.where(data["delta"] > 0, BLUE, RED), GREY)
    ax.hlines(y, data["lo"], data["hi"], colors=colors, lw=1.5)
    ax.scatter(data["delta"], y, c=colors, s=14, zorder=3)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(y, data["name"], fontsize=7)
    ax.set_ylim(-1, max(n, 1))
    ax.set_xlabel(f"change in {metric} ({label}), paired 95% CI")
    ax.set_title(f"Clearest changes in {metric} (coloured: holds after FDR correction)")
    return fig


def comparison_sections(cmp, top: int = 20) -> list[dict]:
    """Sections of a comparison report: overall, clearest card changes, CI ratio, full tables."""
    ov = cmp.overall.copy()
    ov_view = pd.DataFrame({"metric": ov["metric"], cmp.label_a: ov["a"], cmp.label_b: ov["b"],
                            "change [95% CI]": [ci_text(*r) for r in ov[["delta", "lo", "hi"]].itertuples(index=False)],
                            "p": ov["p"], "significant": ov["significant"]})
    s = cmp.card_summary().head(top)
    view = pd.DataFrame({"card": s["name"], "changed": s["changed"]})
    for m in ("win_share_diff", "acquisition_rate", "acquired_share"):
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in
                                   zip(s[f"delta_{m}"], s[f"lo_{m}"], s[f"hi_{m}"])]
        view[f"q {m}"] = s[f"q_{m}"].astype(float)
    label = f"{cmp.label_b} − {cmp.label_a}"
    return [
        {"title": "Overall (game length, first-player advantage, Hero balance)", "table": ov_view,
         "csv": "compare_overall", "data": cmp.overall,
         "note": "B − A per metric with a 95% CI; paired game by game when both arms played the same seeds."},
        {"title": f"Cards: the {top} clearest changes", "table": view, "csv": "compare_cards", "data": cmp.cards,
         "note": f"Sorted by the largest |change / se| over the card's metrics. q is the Benjamini–Hochberg "
                 f"q-value across all cards; a change holds at false-discovery rate {cmp.fdr} when q ≤ {cmp.fdr}.",
         "figure": ("compare_forest", draw_comparison_forest(
             comparison_forest_data(cmp.cards, "win_share_diff"), "win_share_diff", label))},
        {"title": "Acquisition rate changes", "figure": ("compare_acquisition", draw_comparison_forest(
            comparison_forest_data(cmp.cards, "acquisition_rate"), "acquisition_rate", label))},
        {"title": "What pairing bought: paired / unpaired CI width", "table": cmp.ci_ratio(),
         "csv": "compare_ci_ratio",
         "note": "Below 1: the paired interval (common random numbers) is that much narrower than "
                 "treating the arms as independent samples."},
    ]


def comparison_facts(cmp) -> list[tuple[str, str]]:
    facts = [("arms", f"A = {cmp.label_a}, B = {cmp.label_b}; every change is B − A"),
             ("games", f"{cmp.games} per arm, {'paired (same seeds and game indices)' if cmp.paired else 'unpaired'}"),
             ("card numbers changed", "; ".join(f"#{i}: {t}" for i, t in cmp.changes) or "none"),
             ("card changes that hold", f"{int(cmp.cards['significant'].sum())} at false-discovery rate {cmp.fdr}")]
    if cmp.precision is not None:
        facts.append(("precision", str(cmp.precision)))
    return facts


def write_comparison_report(cmp, out: str | Path, top: int = 20) -> Path:
    return write_document(out, f"Comparison: {cmp.label_b} vs {cmp.label_a}", comparison_facts(cmp),
                          comparison_sections(cmp, top))
