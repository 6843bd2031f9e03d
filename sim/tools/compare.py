"""Paired comparison of two card sets played on the same seeds (common random numbers).

    cmp = sim.tools.compare.compare_runs(run_a, run_b)   # two runs, PlayResults or run folders
    cmp = sim.compare(2000, overrides={"Taurus Aldebaran.strength_cost": 7})   # or play both arms here
    cmp.overall        # game length, first-player advantage, ties, Hero win shares: A, B, B - A, CI
    cmp.cards          # per card and metric: A, B, B - A, paired 95% CI, p, q-value, significant, too_few
    cmp.card_summary() # one row per card: the cards whose numbers changed, then the knock-ons
    cmp.ci_ratio()     # paired / unpaired CI width, per metric

Per game index g, both arms played game g from the same (seed, g), so each metric's per-game
influence values can be subtracted game by game (see `analysis.paired`). Runs with different
seeds (or no common game index) are compared unpaired, which is said in `cmp.paired`.

Card metrics (one value per card and arm, as in the card table):
- acquisition_rate: taken from a battlefield slot / offered (revealed);
- acquired_share: player-games that acquired it at least once / all player-games;
- win_share_acq, win_share_not: win share of the player-games that acquired it / of the others;
- win_share_diff: win_share_acq - win_share_not (its change is "the change in win share").
Every interval lies within the range of a change of its metric (a change of a share within
[-1, 1], of win_share_diff within [-2, 2]). A card metric with fewer than MIN_COUNT (30) units
behind it in either arm (player-games on each side for a win share, offers for the acquisition
rate) is `too_few`: no test (p and q are NaN), and its interval is the whole range.

One false-discovery family per comparison: every card test (win_share_diff, acquisition_rate,
acquired_share; win_share_acq and win_share_not are the two sides of win_share_diff, shown with
their CIs but not tested apart) and every overall metric together get Benjamini-Yekutieli
q-values, and a change 'holds' (`significant`) when its q is at most the false-discovery rate
(default 0.05). Benjamini-Yekutieli rather than Benjamini-Hochberg because the family's tests
depend on each other in both directions (cards compete for the same purchases; the Heroes' win
shares sum to one), where Benjamini-Hochberg's guarantee does not hold. Under the null, the chance
that a comparison of equal card sets reports any change at all stays below that rate
(tests/null_calibration.py measures it).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from analysis._data import as_run, run_estimates
from analysis.clock import capped_share
from analysis.compare import CARD_METRICS, TESTED_CARD_METRICS, card_changes, card_metrics, diff_rows, game_arrays, overall_metrics
from analysis.paired import by_qvalues
from reports.render import arms_cap_sentence
from sim.tools.arms import base_config, concat_results, play_arm
from sim.tools.precision import until_precise

@dataclass
class Comparison:
    """Arm B against arm A (B - A). `overall` and `cards` are long tables (one row per metric, or
    per card and metric) with the paired CI, p-value, q-value (one Benjamini-Yekutieli family over
    both tables), `significant` and `too_few`."""
    overall: pd.DataFrame
    cards: pd.DataFrame
    games: int
    paired: bool
    label_a: str = "A"
    label_b: str = "B"
    changes: list = field(default_factory=list)
    fdr: float = 0.05
    precision: object = None   # a sim.tools.precision.Precision when played to a target
    estimates: list = field(default_factory=list)  # the estimated cards the games used (said first in the report)
    capped: str | None = None  # what the round cap did, when it stopped more than 1% of an arm's games (said next)
    run_a: object = field(default=None, repr=False)   # the arms' data (PlayResults), when played here
    run_b: object = field(default=None, repr=False)

    def half_widths(self, metrics=("win_share_diff",)) -> dict:
        """CI half-width per named metric: an overall metric by name, or a card metric (its
        widest half-width over the changed cards; over all cards if no card's numbers changed)."""
        changed = [i for i, _ in self.changes]
        out = {}
        for m in metrics:
            if m in set(self.overall["metric"]):
                r = self.overall.loc[self.overall["metric"] == m].iloc[0]
                out[m] = float((r.hi - r.lo) / 2)
            elif m in CARD_METRICS:
                c = self.cards.loc[self.cards["metric"] == m]
                if changed:
                    c = c.loc[c["id"].isin(changed)]
                hw = ((c["hi"] - c["lo"]) / 2).dropna()
                out[m] = float(hw.max()) if len(hw) else float("nan")
            else:
                raise ValueError(f"unknown metric '{m}'; allowed: {', '.join(CARD_METRICS)}, "
                                 f"{', '.join(self.overall['metric'])}")
        return out

    def card_summary(self) -> pd.DataFrame:
        """One row per card: its role ("changed": its numbers differ between the arms; else
        "knock-on"), what changed, and for each metric B - A with its CI, q-value and too_few. The
        changed cards come first, then the knock-ons; within each, the most clearly changed
        (significant, then largest |delta / se| among its testable metrics) first."""
        c = self.cards
        wide = c.pivot(index=["id", "name"], columns="metric",
                       values=["a", "b", "delta", "lo", "hi", "q", "significant", "too_few"])
        wide.columns = [f"{v}_{m}" if v != "delta" else f"delta_{m}" for v, m in wide.columns]
        z = (c["delta"].abs() / c["se"].where((c["se"] > 0) & ~c["too_few"])).fillna(0)
        out = wide.join(z.groupby([c["id"], c["name"]]).max().rename("max_abs_z")).reset_index()
        sig = c.groupby("id")["significant"].any()
        out["any_significant"] = out["id"].map(sig).fillna(False).astype(bool)
        out["changed"] = out["id"].map(dict(self.changes_by_card())).fillna("")
        out["role"] = np.where(out["changed"] != "", "changed", "knock-on")
        out = out.sort_values(["role", "any_significant", "max_abs_z"], ascending=[True, False, False])  # "changed" < "knock-on"
        front = ["id", "name", "role", "changed", "any_significant", "max_abs_z"]
        return out.reset_index(drop=True)[front + [col for col in out.columns if col not in front]]

    def changes_by_card(self) -> list[tuple[int, str]]:
        return [(i, text) for i, text in self.changes]

    def significant(self) -> pd.DataFrame:
        """The card changes that hold after the false-discovery-rate correction (see `overall` for
        the overall metrics, in the same family)."""
        return self.cards.loc[self.cards["significant"]].sort_values("q").reset_index(drop=True)

    def top(self, n: int = 10) -> pd.DataFrame:
        return self.card_summary().head(n)

    def ci_ratio(self) -> pd.DataFrame:
        """Paired / unpaired standard error (= CI width ratio) per metric: median over cards for
        card metrics. Below 1 means common random numbers narrowed the interval."""
        rows = []
        for m, g in self.cards.groupby("metric", sort=False):
            r = (g["se"] / g["se_unpaired"]).replace([np.inf, -np.inf], np.nan).dropna()
            rows.append({"metric": m, "kind": "card (median)", "ratio": r.median() if len(r) else np.nan})
        for r in self.overall.itertuples():
            rows.append({"metric": r.metric, "kind": "overall",
                         "ratio": r.se / r.se_unpaired if r.se_unpaired > 0 else np.nan})
        return pd.DataFrame(rows)

    def forest(self, metric: str = "win_share_diff", n: int = 25):
        """A matplotlib Figure: the n clearest card changes in `metric` with paired CIs."""
        from reports.tuning import comparison_forest_data, draw_comparison_forest
        return draw_comparison_forest(comparison_forest_data(self.cards, metric, n), metric,
                                      f"{self.label_b} − {self.label_a}")

    def report(self, out, top: int = 20):
        """Write report.html / report.md / tables / figures into `out`; return report.html's path."""
        from reports.tuning import write_comparison_report
        return write_comparison_report(self, out, top)

    def __repr__(self):
        n_sig, n_overall = int(self.cards["significant"].sum()), int(self.overall["significant"].sum())
        return (f"Comparison({self.label_b} vs {self.label_a}: {self.games} games, "
                f"{'paired' if self.paired else 'unpaired'}, {len(self.changes)} cards changed; "
                f"{n_sig} card and {n_overall} overall changes hold at FDR {self.fdr}, "
                f"one family of {self.tests} tests)")

    @property
    def tests(self) -> int:
        """The tests of the false-discovery family (those with a q-value)."""
        return int(self.cards["q"].notna().sum() + self.overall["q"].notna().sum())


def compare_runs(run_a, run_b, confidence: float = 0.95, fdr: float = 0.05, paired: bool | None = None,
                 label_a: str = "A", label_b: str = "B", setup: dict | None = None) -> Comparison:
    """Compare arm B with arm A (runs, run folders or PlayResults with the same player count).

    Paired on the game indices both hold when both used the same seed (common random numbers);
    otherwise (or with paired=False) the arms are compared as independent samples. `setup`: the
    arms' GameConfig as a dict, for the round cap's warning (default: run A's manifest's config)."""
    ra, rb = as_run(run_a), as_run(run_b)
    ga, gb = ra.games, rb.games
    if len(ga) == 0 or len(gb) == 0:
        raise ValueError("both runs need at least one finished game")
    if int(ga["players"].iloc[0]) != int(gb["players"].iloc[0]):
        raise ValueError(f"the runs have {int(ga['players'].iloc[0])} and {int(gb['players'].iloc[0])} "
                         "players; compare runs with the same number of players")
    common = np.intersect1d(ga["game"].to_numpy(np.int64), gb["game"].to_numpy(np.int64))
    same_seed = int(ga["seed"].iloc[0]) == int(gb["seed"].iloc[0])
    can_pair = same_seed and len(common) >= 2
    if paired and not can_pair:
        raise ValueError("the runs cannot be paired: they need the same seed and common game indices")
    paired = can_pair if paired is None else paired
    card_ids = np.union1d(ra.cards["id"].to_numpy(), rb.cards["id"].to_numpy())
    xa = game_arrays(ra, common if paired else None, card_ids)
    xb = game_arrays(rb, common if paired else None, card_ids)
    overall = pd.DataFrame(diff_rows(overall_metrics(xa), overall_metrics(xb), paired, confidence))
    ca, cb = card_metrics(xa), card_metrics(xb)
    names = pd.concat([ra.cards[["id", "name"]], rb.cards[["id", "name"]]]).drop_duplicates("id")
    names = names.set_index("id")["name"]
    parts = []
    for row in diff_rows(ca, cb, paired, confidence):
        t = pd.DataFrame({k: v for k, v in row.items() if k != "metric"})
        t.insert(0, "metric", row["metric"])
        t.insert(0, "name", names.reindex(card_ids).to_numpy())
        t.insert(0, "id", card_ids)
        parts.append(t)
    cards = pd.concat(parts, ignore_index=True)
    tested = cards["metric"].isin(TESTED_CARD_METRICS).to_numpy()
    p = np.concatenate([np.where(tested, cards["p"].to_numpy(), np.nan), overall["p"].to_numpy()])
    q = by_qvalues(p)  # one family: every question the comparison asks (NaN: not a test of its own)
    cards["q"], overall["q"] = q[:len(cards)], q[len(cards):]
    for t in (cards, overall):
        t["significant"] = t["q"] <= fdr
    return Comparison(overall=overall, cards=cards, games=len(xa.games) if paired else min(len(ga), len(gb)),
                      paired=paired, label_a=label_a, label_b=label_b,
                      changes=card_changes(ra.cards, rb.cards), fdr=fdr, estimates=run_estimates(ra, rb) or [],
                      capped=arms_cap_sentence({f"of arm A ({label_a})": capped_share(ra),
                                                f"of arm B ({label_b})": capped_share(rb)},
                                               setup or (getattr(ra, "manifest", None) or {}).get("config")))


def compare(games: int = 2000, players: int = 2, seed: int = 0, policies=("<default>",), heroes=None,
            boxes=("base",), overrides: dict | None = None, cardset=None,
            base_overrides: dict | None = None, base_cardset=None, workers: int = 1,
            precision: float | None = None, precision_metrics=("win_share_diff",),
            max_games: int | None = None, confidence: float = 0.95, fdr: float = 0.05,
            label_a: str = "base", label_b: str = "changed", rules: dict | None = None,
            config=None) -> Comparison:
    """Play arm A (base_cardset/base_overrides on top of the cards; default: the cards as they
    are) and arm B (cardset/overrides) on the same seed and game indices, and compare them
    (B - A), paired game by game. The game options, or `config` (a sim.config.GameConfig), set up
    both arms.

    precision: keep adding games (both arms, next indices) until the CI half-width of every
    metric in `precision_metrics` is at most this, or `max_games` (default 20 x games) are
    played; `Comparison.precision` says which happened."""
    base = base_config(config, players=players, seed=seed, policies=policies, heroes=heroes, boxes=boxes,
                       rules=rules)
    arm_a = base.with_changes(overrides={**base.overrides, **(base_overrides or {})},
                              cardset=base_cardset or base.cardset)
    arm_b = base.with_changes(overrides={**base.overrides, **(overrides or {})}, cardset=cardset or base.cardset)
    parts_a, parts_b = [], []

    def step(first: int, n: int) -> Comparison:
        parts_a.append(play_arm(arm_a, n, first, workers))
        parts_b.append(play_arm(arm_b, n, first, workers))
        a, b = concat_results(parts_a), concat_results(parts_b)
        cmp = compare_runs(a, b, confidence, fdr, True, label_a, label_b, base.model_dump())
        cmp.run_a, cmp.run_b = a, b
        return cmp

    cmp, prec = until_precise(step, lambda c: c.half_widths(precision_metrics), games, precision, max_games)
    cmp.precision = prec
    return cmp


play_comparison = compare  # the name of earlier versions
