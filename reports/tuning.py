"""Reports of the tuning tools (compare, sweep, impact, robustness): figures and documents.

A document is a title, a few "what was run" lines and sections (title, note, table, figure); it is
written as report.md (figures linked), report.html (figures embedded), tables/<name>.csv and
figures/<name>.png, like a run's report.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from reports import html
from reports.cells import ci
from reports.figures import BLUE, GREY, RED, stamp
from reports.render import cap_warning, estimate_warning, markdown_table


# --- Documents ------------------------------------------------------------------------------------
def write_document(out: str | Path, title: str, facts: list[tuple[str, str]], sections: list[dict],
                   estimates=(), capped: str | None = None) -> Path:
    """Write report.md / report.html / tables / figures into `out`; return report.html's path.
    `estimates`: the estimated cards the games used, named before anything else; `capped`: what
    the round cap did (reports.render.arms_cap_sentence), said next.

    Each section is a dict with `title` and optional `note`, `table` (DataFrame shown), `csv`
    (name for the full table's CSV), `data` (the full table; default `table`) and `figure`
    (a (name, Figure) pair)."""
    out = Path(out)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "figures").mkdir(exist_ok=True)
    est_md, est_html = estimate_warning(estimates)
    cap_md, cap_html = cap_warning(capped)
    md = [f"# {title}"] + est_md + cap_md + [""] + [f"- **{k}**: {v}" for k, v in facts]
    ht = [f"<h1>{html.e(title)}</h1>"] + est_html + cap_html + [html.facts(facts)]
    for s in sections:
        md += ["", f"## {s['title']}", ""]
        ht.append(html.heading(s["title"]))
        if s.get("note"):
            md += [s["note"], ""]
            ht.append(f"<p>{html.text(s['note'])}</p>")
        if s.get("figure"):
            name, fig = s["figure"]
            path = out / "figures" / f"{name}.png"
            stamp(fig, estimates).savefig(path, dpi=110)
            md += [f"![{s['title']}](figures/{name}.png)", ""]
            ht.append(html.figure(path, s["title"]))
        if s.get("csv"):
            data = s.get("data", s.get("table"))
            data.to_csv(out / "tables" / f"{s['csv']}.csv", index=False)
        if s.get("table") is not None:
            md.append(markdown_table(s["table"]))
            ht.append(html.table(s["table"]))
    (out / "report.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / "report.html").write_text(html.page(title, "\n".join(ht)), encoding="utf-8")
    return out / "report.html"


def ci_text(v, lo, hi, digits: int = 3) -> str:
    """'+0.012 [-0.004, +0.028]'"""
    return ci(v, lo, hi, digits, signed=True)


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


def card_change_view(s: pd.DataFrame) -> pd.DataFrame:
    """Rows of `card_summary()` for people: each metric's change with its CI and q."""
    view = pd.DataFrame({"card": s["name"], "changed": s["changed"]})
    for m in ("acquisition_rate", "acquired_share", "win_share_diff"):
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in
                                   zip(s[f"delta_{m}"], s[f"lo_{m}"], s[f"hi_{m}"])]
        view[f"q {m}"] = s[f"q_{m}"].astype(float)
    return view


def comparison_sections(cmp, top: int = 20) -> list[dict]:
    """Sections of a comparison report: the changed cards, overall, the clearest knock-ons, CI
    ratio, full tables."""
    ov = cmp.overall.copy()
    ov_view = pd.DataFrame({"metric": ov["metric"], cmp.label_a: ov["a"], cmp.label_b: ov["b"],
                            "change [95% CI]": [ci_text(*r) for r in ov[["delta", "lo", "hi"]].itertuples(index=False)],
                            "q": ov["q"] if "q" in ov else ov["p"], "holds": ov["significant"]})
    summary = cmp.card_summary()
    changed = summary.loc[summary["role"] == "changed"]
    view = card_change_view(summary.loc[summary["role"] != "changed"].head(top))
    label = f"{cmp.label_b} − {cmp.label_a}"
    first = [{"title": "The changed cards", "table": card_change_view(changed),
              "note": "The cards whose numbers differ between the arms: the change in how often they are taken, "
                      "and in their buyers' win-share difference (an association), B − A with 95% CIs."}] \
        if len(changed) else []
    return first + [
        {"title": "Overall (game length, first-player advantage, Hero balance)", "table": ov_view,
         "csv": "compare_overall", "data": cmp.overall,
         "note": "B − A per metric with a 95% CI; paired game by game when both arms played the same seeds."},
        {"title": f"Knock-ons: the {top} clearest changes in the other cards", "table": view, "csv": "compare_cards",
         "data": cmp.cards,
         "note": f"Cards whose numbers did not change, by the largest |change / se| over their metrics. q is the Benjamini–Yekutieli q-value over every test of the comparison (every "
                 f"card and metric, and the overall metrics); a change holds at false-discovery rate {cmp.fdr} "
                 f"when q ≤ {cmp.fdr}. Too few: fewer than 30 player-games on a side, not tested.",
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
                          comparison_sections(cmp, top), cmp.estimates, cmp.capped)


# --- Sweep ----------------------------------------------------------------------------------------
SWEEP_PANELS = [("acquisition_rate", "acquisition rate when offered"),
                ("residual", "residual on the power–cost curve (worth − curve)"),
                ("rounds", "game length (rounds)"),
                ("first_player_advantage", "balance: first-player advantage / Hero imbalance")]
DUEL_BALANCE = ("seat_edge", "balance: the Renegades' win share − the Gold Saints'")
COOP_SWEEP_PANELS = [("team_win_rate", "the team's win rate against Poseidon"),
                     ("margin", "the team's margin (its VP − Poseidon's)"),
                     ("rounds", "game length (rounds)"), ("pillars_destroyed", "Pillars destroyed")]


def draw_sweep(data: pd.DataFrame, card: str, field: str, target: tuple) -> Figure:
    """Panels against the swept value, each point with its 95% CI: acquisition rate, the residual
    on the power–cost curve (the buyers' win-share difference when there is none), game length,
    and balance (first-player advantage and Hero imbalance; the Duel: the Renegades' edge); a rules
    sweep has only the last two. Dashed: the card's current value; green: the value closest to the
    target."""
    numeric = pd.api.types.is_numeric_dtype(data["value"])
    # named values (a rules parameter's choices) stand side by side, in the order swept
    where = (lambda v: v) if numeric else {v: i for i, v in enumerate(data["value"])}.__getitem__
    x = data["value"].map(where).to_numpy()
    metric, goal = target
    ok = data.dropna(subset=[metric])
    best = where(ok.loc[(ok[metric] - goal).abs().idxmin(), "value"]) if len(ok) else None
    current = data.loc[data["current"], "value"].map(where)
    panels = SWEEP_PANELS if data["residual"].notna().any() else COOP_SWEEP_PANELS if "margin" in data else \
        [p if p[0] != "residual" else ("win_share_diff", "buyers' win-share difference") for p in SWEEP_PANELS]
    if "first_player_advantage" not in data:  # the Duel: the sides' balance
        panels = [p if p[0] != "first_player_advantage" else DUEL_BALANCE for p in panels]
    panels = [p for p in panels if p[0] in data and data[p[0]].notna().any()]  # a rules sweep has no card's
    rows = -(-len(panels) // 2)
    fig = Figure(figsize=(10, 3.25 * rows), layout="constrained")
    for i, (m, label) in enumerate(panels):
        ax = fig.add_subplot(rows, 2, i + 1)
        series = [(m, BLUE)] + ([("hero_imbalance", RED)] if m == "first_player_advantage" and "hero_imbalance" in data
                                else [])  # a Duel's sides are no Heroes
        for col, color in series:
            y = data[col].to_numpy()
            err = np.vstack([y - data[f"{col}_lo"], data[f"{col}_hi"] - y])
            ax.errorbar(x, y, yerr=err, marker="o", ms=4, capsize=3, color=color, label=col)
        if m == metric:
            ax.axhline(goal, color="green", lw=0.8, ls=":", label=f"target {goal:g}")
        if m in ("residual", "win_share_diff", "first_player_advantage", "seat_edge"):
            ax.axhline(0, color="black", lw=0.6)
        for v in current:
            ax.axvline(v, color=GREY, ls="--", lw=1)
        if best is not None:
            ax.axvline(best, color="green", lw=1, alpha=0.6)
        ax.set_xticks(np.unique(x), None if numeric else data["value"].tolist())  # the swept values
        if not numeric:
            ax.set_xlim(-0.5, len(x) - 0.5)
        ax.set_xlabel(field)
        ax.set_ylabel(label, fontsize=8)
        if len(series) > 1 or m == metric:
            ax.legend(fontsize=7)
    fig.suptitle(f"{card}: sweep of {field} (dashed: current value; green: closest to {metric}={goal:g})")
    return fig


def write_sweep_report(sw, out: str | Path) -> Path:
    t = sw.table
    view_cols = ["card", "value", "current", "games"]
    view = t[view_cols].copy()
    for m in ("residual", "worth", "acquisition_rate", "win_share_diff", "rounds", "first_player_advantage",
              "hero_imbalance", "seat_edge", "team_win_rate", "margin", "pillars_destroyed"):
        if m in t:
            view[m] = [ci(v, lo, hi) for v, lo, hi in zip(t[m], t[f"{m}_lo"], t[f"{m}_hi"])]
    for m in ("rounds", "first_player_advantage", "seat_edge", "team_win_rate", "margin"):
        if f"delta_{m}" not in t:
            continue
        view[f"Δ {m} vs current"] = [ci_text(v, lo, hi) for v, lo, hi in
                                     zip(t[f"delta_{m}"], t[f"delta_{m}_lo"], t[f"delta_{m}_hi"])]
    if t["capped_share"].gt(0).any():
        view["games capped"] = t["capped_share"].map("{:.1%}".format)
    sections = [{"title": "Best value per card", "table": sw.best, "csv": "sweep_best",
                 "note": "The swept value whose target metric is closest to the target, with its 95% CI."},
                {"title": "Sweep table", "table": view, "csv": "sweep", "data": t,
                 "note": "Every value played on the same seeds and game indices; 95% CIs (per-game delta method). "
                         "Δ columns: the paired change from the card's current value (same games), "
                         "much narrower than comparing the separate CIs. Hero imbalance is the RMS "
                         "distance of the Hero win shares from fair; noise alone makes it above 0."}]
    for card in t["card"].unique():
        slug = "".join(ch if ch.isalnum() else "_" for ch in card.lower())
        sections.append({"title": f"{card}", "figure": (f"sweep_{slug}", sw.figure(card))})
    facts = [("field", sw.field), ("values", ", ".join(str(v) for v in t["value"].unique())),
             ("target", f"{sw.target[0]}={sw.target[1]:g}")]
    for card, prec in sw.precision:
        facts.append((f"precision ({card})", str(prec)))
    return write_document(out, f"Sweep of {sw.field}: {', '.join(t['card'].unique())}", facts, sections, sw.estimates,
                          sw.capped)


# --- Impact ---------------------------------------------------------------------------------------
IMPACT_FIGURES = {"rounds": "Game length", "first_player_advantage": "First-player advantage",
                  "hero_imbalance": "Hero imbalance", "team_win_rate": "The team's win rate (co-op)",
                  "margin": "The team's margin over Poseidon (co-op)",
                  "pillars_destroyed": "Pillars destroyed (co-op)"}


def write_impact_report(imp, out: str | Path) -> Path:
    w = imp.wide()
    view = pd.DataFrame({"card": w["name"]})
    metrics = list(imp.table["metric"].unique()[:4])
    for m in metrics:
        view[f"Δ {m} [95% CI]"] = [ci_text(d, lo, hi) for d, lo, hi in zip(w[f"delta_{m}"], w[f"lo_{m}"], w[f"hi_{m}"])]
        view[f"q {m}"] = w[f"q_{m}"].astype(float)
    facts = [("games", f"{imp.games} per arm, every arm on the same seeds and game indices"),
             ("arms", "the card set as is, then one arm per card with that card banned (copies = 0; an Epic "
                      "out of the pile): the reserve is smaller too, so a ban measures both; a card's own "
                      "worth is `seiya worth`"),
             ("changes that hold", f"{int(imp.table['significant'].sum())} at false-discovery rate {imp.fdr}")]
    sections = [
        {"title": "Impact of removing each card (without − with)", "table": view, "csv": "impact", "data": imp.table,
         "note": "Sorted by the clearest change. q: Benjamini–Hochberg across cards, per metric."},
    ] + [{"title": title, "figure": (f"impact_{m}", imp.figure(m))}
         for m, title in IMPACT_FIGURES.items() if m in metrics]
    return write_document(out, "Card impact: the game without each card", facts, sections, imp.estimates, imp.capped)


# --- Robustness -----------------------------------------------------------------------------------
def draw_robustness(rob, n: int = 30, arms: str = "policy") -> Figure:
    """Each card's buyers' win-share difference under each policy (or other kind of `arms`: dots
    with 95% CIs), for the flagged cards first, then the others with the largest spread between arms."""
    t = rob.table.copy()
    cols = [f"win_share_diff:{p}" for p in rob.policies]
    t["spread"] = t[cols].max(axis=1) - t[cols].min(axis=1)
    t["rank"] = t["robustness"].map({"flips": 0, "differs": 1, "consistent": 2})
    t = t.sort_values(["rank", "spread"], ascending=[True, False]).head(n).iloc[::-1]
    fig = Figure(figsize=(8, max(2.5, 0.25 * len(t) + 1.3)), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(t))
    palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b"]
    for i, p in enumerate(rob.policies):
        off = (i - (len(rob.policies) - 1) / 2) * 0.2
        ax.hlines(y + off, t[f"lo:{p}"], t[f"hi:{p}"], color=palette[i % 5], lw=1)
        ax.scatter(t[f"win_share_diff:{p}"], y + off, color=palette[i % 5], s=12, label=p, zorder=3)
    ax.axvline(0, color="black", lw=0.8)
    labels = [f"{nm} ({r})" if r != "consistent" else nm for nm, r in zip(t["name"], t["robustness"])]
    ax.set_yticks(y, labels, fontsize=7)
    ax.set_xlabel(f"buyers' win-share difference (95% CI), per {arms}")
    ax.legend(fontsize=8)
    ax.set_title(f"Card verdicts under each {arms} (flagged cards first)")
    return fig


def write_robustness_report(rob, out: str | Path) -> Path:
    t = rob.table
    view = pd.DataFrame({"card": t["name"], "robustness": t["robustness"]})
    for p in rob.policies:
        view[f"{p}"] = [f"{v:+.3f} {vd}" if not pd.isna(v) else "–"
                        for v, vd in zip(t[f"win_share_diff:{p}"], t[f"verdict:{p}"])]
    view["rank"] = view["robustness"].map({"flips": 0, "differs": 1, "consistent": 2})
    view = view.sort_values(["rank", "card"]).drop(columns="rank")
    facts = [("policies", ", ".join(rob.policies) + " (every seat on the same policy, same seeds)"),
             ("verdict", f"above / below: the buyers' win-share difference is significantly above / below 0 "
                         f"(Benjamini–Hochberg across cards at {rob.fdr}); –: not significant"),
             ("cards", ", ".join(f"{k}: {v}" for k, v in t["robustness"].value_counts().items()))]
    sections = [{"title": "Verdicts side by side", "table": view, "csv": "robustness", "data": t,
                 "note": "flips: above under one policy and below under another; differs: significant "
                         "under some policies only; consistent: the same verdict everywhere."},
                {"title": "Figure", "figure": ("robustness", rob.figure())}]
    return write_document(out, "Policy robustness of the card verdicts", facts, sections, rob.estimates,
                          rob.capped)


# --- Suggest --------------------------------------------------------------------------------------
def suggest_view(sug) -> pd.DataFrame:
    """The suggestion table for people: the change, the metric before / after and the paired change
    on the verification games, with 95% CIs."""
    t, m = sug.table, sug.target[0]
    return pd.DataFrame({
        "card": t["card"],
        "suggestion": [f"{f} {c}→{s}" if d else f"keep ({f} {c})" for f, c, s, d in
                       zip(t["field"], t["current"], t["suggested"], t["change"])],
        f"{m} before": [ci_text(v, lo, hi) for v, lo, hi in zip(t[f"{m}_before"], t[f"{m}_before_lo"], t[f"{m}_before_hi"])],
        f"{m} after": [ci_text(v, lo, hi) for v, lo, hi in zip(t[f"{m}_after"], t[f"{m}_after_lo"], t[f"{m}_after_hi"])],
        "paired change": [ci_text(v, lo, hi) for v, lo, hi in zip(t["delta"], t["delta_lo"], t["delta_hi"])],
        "meets": t["meets"].map({True: "yes", False: "no"}),
        "games (search + verify)": [f"{a} + {b}" for a, b in zip(t["games_search"], t["games_verify"])]})


def write_suggest_report(sug, out: str | Path) -> Path:
    m, goal = sug.target
    sections = [{"title": "Suggestions, verified on new games", "table": suggest_view(sug), "csv": "suggest",
                 "data": sug.table,
                 "note": f"Per card, the smallest cost change whose {m} came within {goal:g} ± {sug.tolerance:g} "
                         "in the search (or the closest), then played again on new game indices against the "
                         "unchanged cards: before / after with 95% CIs and the paired change (same games)."}]
    if sug.flagged is not None:
        sections.append({"title": "Outliers in the baseline run", "table": sug.flagged.head(20), "csv": "outliers",
                         "data": sug.flagged,
                         "note": f"q: Benjamini–Hochberg over the cards of the one-sided p-value of |{m} − {goal:g}| > "
                                 f"{sug.tolerance:g}; outlier when q ≤ the false-discovery rate."})
    if len(sug.searched):
        s = sug.searched
        view = s[["card", "field", "value", "current", "games"]].copy()
        view[m] = [ci_text(v, lo, hi) for v, lo, hi in zip(s[m], s[f"{m}_lo"], s[f"{m}_hi"])]
        view[f"Δ {m} vs current"] = [ci_text(v, lo, hi) for v, lo, hi in
                                      zip(s[f"delta_{m}"], s[f"delta_{m}_lo"], s[f"delta_{m}_hi"])]
        sections.append({"title": "Search (sweeps on the same games)", "table": view, "csv": "suggest_search",
                         "data": s})
    return write_document(out, "Cost suggestions", sug.facts, sections, sug.estimates, sug.capped)
