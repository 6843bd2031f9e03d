"""A run's report as HTML and Markdown, with its tables as CSV and its figures as PNG.

    write_report(run_or_folder, out=None)  ->  <out>/report.html   (out defaults to the run folder)

Layout of <out>: report.html (self-contained: figures embedded, tables sortable), report.md
(figures linked), tables/<name>.csv (full precision), figures/<name>.png.

The report answers first (cards out of line, balance, the Clock, what the run used), then lists
its sections, then shows them, and ends with how to read each metric. A solo run's report opens
with the player's record against Hilda instead of seat and Hero balance (one player: no seats to
compare).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pandas as pd

import analysis
from analysis._data import as_run, has_events, run_estimates
from analysis.balance import first_player_advantage, run_summary, tie_rate
from analysis.cards import MIN_HELD, never_used
from analysis.coop import coop_summary, is_coop, pillars_destroyed
from analysis.solo import is_solo, margin_distribution, solo_summary
from sim.cards.hades_estimates import estimate_flags, estimated_names
from sim.engine.params import defaults

from reports import html
from reports.cells import ci, formatted
from reports.figures import Figures
from sim.policy_files import PolicyFileError, read_ratings

# How to read each metric: printed in the report and copied in docs/metrics.md.
METRICS = [
    ("Win share", "1 for a win, 1/k for each of k players tied for first, 0 for a loss. A group's win "
     "share is its mean over player-games (one player in one game); a fair group scores 1/players "
     "(less when some games have no winner: Epic 2901 can eliminate every player)."),
    ("95% CI", "For a seat's or a Hero's win share, Wilson's score interval (summed win shares as "
     "successes). For a card's win shares and their difference, the delta method with the game as the "
     "unit (the seats of a game share its win, so they are not independent draws): the same estimator "
     "in the card table, compare, sweep and suggest. Every interval stays within the metric's range "
     "(0 to 1 for a share or rate, −1 to +1 for a difference). Below 30 player-games on either side "
     "(too few), a card's interval is that whole range and it gets no verdict. A CI that excludes the "
     "baseline (fair share, or 0 for a difference) is unlikely to be noise alone; in a comparison, a "
     "change holds only when its Benjamini–Yekutieli q-value, over every test of the comparison (cards "
     "and overall), is at most the false-discovery rate (0.05)."),
    ("Worth", "what a copy of a card is worth to its owner, measured by intervening: on the same games, "
     "one seat (game index mod players) starts with an extra copy from outside the reserve; worth is "
     "that seat's win share with it minus without it, paired game by game, with a 95% CI. The text's "
     "worth: the same against a twin with the same numbers and no text. Text that acts on the field or "
     "when the card is fought (Defeated, Arrival, cost and field rules) never acts on a given copy."),
    ("Power–cost curve, residual, implied cost, verdict", "worth fitted against cost by least squares, a "
     "line per currency (Cosmos-only cards take the Strength line's slope through their mean); each card "
     "is judged against the line fitted without it: residual = worth − line at its cost (95% CI), implied "
     "cost = the cost at which the line meets its worth; under-/over-costed when the residual is "
     "significantly more than the tolerance (1 cost point) from 0, Benjamini–Hochberg across cards."),
    ("Offered", "times a card was revealed on the battlefield, setup included."),
    ("Acquired / acquisition rate", "acquisitions by any means (Strength, Cosmos, effect, gift); the "
     "rate is acquisitions from a battlefield slot divided by times offered."),
    ("Mean acquire round", "mean round number of the card's acquisitions."),
    ("Acquired share", "share of player-games that acquired the card at least once."),
    ("Win share acquired / not / difference", "mean win share of the player-games that acquired the "
     "card at least once, of those that did not (the baseline: every other player-game of the run, "
     "all seats), and acquired minus not. It measures association, not cause: players who are "
     "winning may simply afford a card more often."),
    ("In final deck", "share of player-games whose final deck holds at least one copy."),
    ("Rounds on field / to take", "a stay runs from a card's reveal on the battlefield to its leaving "
     "it: mean rounds over all its stays, and over those ended by an acquisition. A removal is not "
     "logged in summary logs (except a Gold Saint's flame), so its end is the latest turn possible: "
     "the card in the last slot leaves at each upkeep and the others move right."),
    ("Took / passed / take rate when seen", "per stay, its taker took it; every other player who had a "
     "turn while it was on the field passed it; the rate is took / (took + passed)."),
    ("Win share took / passed / difference", "mean win share over the took pairs and the passed pairs "
     "(a player counts once per stay), and took minus passed; association, not cause."),
    ("Use rate", "times a card's use ability (Discard, Wound or Destroy: spend the card for its effect) "
     "was used, per player-game in which the card was in that player's hand at some point; blank for "
     "a card without one."),
    ("Pay share", "share of the times a card's optional cost (an effect that asks a player to pay first, "
     "e.g. Leo Cloth's wounded Saint) was asked that the player paid it; blank where never asked."),
    ("Game length", "rounds (every player has one turn per round) and player-turns of a game."),
    ("Flames left by round", "for the games still running in a round, flames left on the Clock "
     "after that round: mean and p10-p90 band."),
    ("Flame removals", "which card put a flame out and how: acquired (taking a Gold Saint), upkeep "
     "removal (a Gold Saint leaving the battlefield at upkeep), effect removal, card text."),
    ("End reason", "clock (the last flame went out), reserve exhausted, turn cap (safety stop)."),
    ("First-player advantage", "seat 0's win share minus the fair share, with its CI."),
    ("Tie rate", "share of games with two or more players tied for first."),
]
# Added to the glossary of a solo run's report.
SOLO_METRICS = [
    ("Win rate against Hilda", "solo: the share of games the player ended with strictly more VP than Hilda, "
     "with Wilson's 95% CI over games. A tie is a loss (SOLO-5), counted apart as the tie rate."),
    ("Margin", "solo: the player's final VP minus Hilda's, per game: above 0 a win, 0 a tie, below 0 a loss; "
     "its median and quartiles over the games."),
]
# Added to the glossary of a co-op run's report.
COOP_METRICS = [
    ("Team win rate", "co-op: the share of games the players won together, by destroying the 7th Pillar or with "
     "strictly more VP together than Poseidon at submersion (COOP-15), with Wilson's 95% CI over games."),
    ("Margin", "co-op: the players' VP together minus Poseidon's, per game; its median and quartiles."),
]

CARD_COLUMNS = {
    "name": "card", "strength_cost": "S cost", "cosmos_cost": "C cost", "copies": "copies",
    "offered": "offered", "acquired": "acquired", "acquisition_rate": "acq. rate",
    "mean_acquire_round": "mean round", "acquired_share": "acq. share", "win_share_acq": "buyers' win (assoc.)",
    "win_share_not": "others' win (assoc.)", "diff": "buyers − others (assoc.) [95% CI]", "in_final_deck": "in final deck",
    "rounds_on_field": "rounds on field", "take_rate_seen": "take rate seen", "took_vs_passed": "took − passed",
    "use_rate": "use rate", "pay_share": "pay share",
}


def tables(run) -> dict[str, pd.DataFrame]:
    """Every report table, name -> DataFrame (these are also the CSV files); for a run folder all
    come from its per-batch counters. Only a run counted without events (an older run folder made
    with --events none) has no cards, flames_by_round or flame_removals table."""
    events = has_events(run)
    board = analysis.board_table(run)
    if is_solo(run):
        return solo_tables(run, events, board)
    if is_coop(run):
        return coop_tables(run, events, board)
    epics, pillars = analysis.epic_table(run), analysis.pillar_table(run)
    return {
        **({"cards": analysis.card_table(run)} if events else {}),
        **({"techniques": board} if board is not None else {}),
        **({"epics": epics} if epics is not None else {}),
        **({"pillars": pillars} if pillars is not None else {}),
        **({"hades": analysis.hades_summary(run)} if analysis.is_hades(run) else {}),
        **({"duel_sides": analysis.duel_sides(run), "duel_altars": analysis.duel_altars(run),
            **({"duel_houses": analysis.duel_houses(run)} if events else {})} if analysis.is_duel(run) else {}),
        **({"house_vp": house_vp} if (house_vp := house_vp_sweep(run)) is not None else {}),
        "game_length": analysis.length_summary(run).reset_index(),
        "game_length_distribution": analysis.length_distribution(run),
        **({"flames_by_round": analysis.flames_by_round(run),
            "flame_removals": analysis.flame_removals(run)} if events else {}),
        "end_reasons": analysis.end_reasons(run),
        "heroes": analysis.win_share_by(run, "hero"),
        "seats": analysis.win_share_by(run, "seat"),
        "policies": analysis.win_share_by(run, "policy"),
        "vp_by_seat": analysis.vp_distribution(run, "seat"),
        "vp_by_hero": analysis.vp_distribution(run, "hero"),
    }


def coop_tables(run, events: bool, board) -> dict[str, pd.DataFrame]:
    """A co-op run's tables: the team's record against Poseidon first; no Clock, and no seat or
    Hero win shares (the team wins or loses together): the VP each scores instead."""
    epics = analysis.epic_table(run)
    return {
        "coop_summary": coop_summary(run), "pillars_destroyed": pillars_destroyed(run),
        **({"cards": analysis.card_table(run)} if events else {}),
        **({"techniques": board} if board is not None else {}),
        **({"epics": epics} if epics is not None else {}),
        "game_length": analysis.length_summary(run).reset_index(),
        "game_length_distribution": analysis.length_distribution(run),
        "end_reasons": analysis.end_reasons(run),
        "vp_by_seat": analysis.vp_distribution(run, "seat"),
        "vp_by_hero": analysis.vp_distribution(run, "hero"),
    }


def solo_tables(run, events: bool, board) -> dict[str, pd.DataFrame]:
    """A solo run's tables: its record against Hilda first; one seat, so no seat tables, and the
    Heroes' and policies' win rates without a fair share (that of one player would be 1)."""
    unfair = ["fair", "advantage"]
    return {
        "solo_summary": solo_summary(run), "margin_distribution": margin_distribution(run),
        **({"cards": analysis.card_table(run)} if events else {}),
        **({"techniques": board} if board is not None else {}),
        "game_length": analysis.length_summary(run).reset_index(),
        "game_length_distribution": analysis.length_distribution(run),
        **({"flames_by_round": analysis.flames_by_round(run),
            "flame_removals": analysis.flame_removals(run)} if events else {}),
        "end_reasons": analysis.end_reasons(run),
        "heroes": analysis.win_share_by(run, "hero").drop(columns=unfair),
        "policies": analysis.win_share_by(run, "policy").drop(columns=unfair),
        "vp_by_hero": analysis.vp_distribution(run, "hero"),
    }


def what_was_run(run) -> list[tuple[str, str]]:
    """The opening facts: cards, players, policies, Heroes, games, seed, engine."""
    m = run.manifest
    c = m["config"]
    cards = ", ".join(c["boxes"]) + (f" + card file {c['cardset']}" if c.get("cardset") else "")
    overrides = "; ".join(f"{k} = {v}" for k, v in (c.get("overrides") or {}).items()) or "none"
    e = m["engine"]
    names = [p["name"] if isinstance(p, dict) else p for p in c["policies"]]
    rate = f" ({m['games_done'] / m['seconds']:.0f} games/s, {m['workers']} workers)" if m.get("seconds") else ""
    return [
        ("Cards", f"{cards}: {m['n_cards']} distinct cards, card-set hash {m['cardset_hash']}"),
        ("Overrides", overrides),
        ("Players", str(c["players"])),
        ("Policies", ", ".join(names) + (" (one per seat)" if len(names) > 1 else " (all seats)")),
        ("Policy ratings", policy_ratings(c["policies"])),
        ("Rules parameters", ", ".join(f"{k} = {v}" for k, v in (c.get("rules") or {}).items()) or "the defaults"),
        ("Heroes", ", ".join(c["heroes"]) if c.get("heroes") else "random, distinct"),
        ("Games", f"{m['games_done']} of {m['games_planned']} (games {c['first_game']}..{c['first_game'] + m['games_planned'] - 1}), status {m['status']}{rate}"),
        ("Seed", str(c["seed"])),
        ("Engine", f"seiya-sim {e['version']}, engine hash {e['engine_hash']}, numba {e['numba']}, Python {e['python']}"),
        ("Events", c.get("events", "summary") + ("" if has_events(run) else
                                                 " (no card, flames-by-round or flame-removal tables)")),
        ("Run folder", str(run.folder)),
    ] + ([("Precision", run_summary(run)["precision"])] if m.get("precision") else [])


def policy_ratings(policies: list, path=None) -> str:
    """Each distinct policy of a run with its rating from the saved ladder (`seiya ladder --save`;
    path: its file, default sim/ratings.json),
    or "not rated": a policy counts as rated only with the very weights the ladder played."""
    try:
        saved = read_ratings(path)
    except PolicyFileError as e:
        return f"not available: {e}"
    parts, rated = [], False
    for p in {(p["name"] if isinstance(p, dict) else p): p for p in policies}.values():
        name = p["name"] if isinstance(p, dict) else p
        r = saved.of(name, p.get("weights") if isinstance(p, dict) else None) if saved else None
        rated = rated or r is not None
        parts.append(f"{name} {r.rating:.0f} [95% CI {r.lo:.0f} to {r.hi:.0f}]" if r else f"{name} not rated")
    if rated:
        parts[-1] += (f" (Bradley-Terry, Elo scale: {saved.players}-player ladder of {saved.date}, "
                      f"{saved.games_per_pairing} seeds x 2 games per pairing)")
    return ", ".join(parts)


# --- The answers ------------------------------------------------------------------------------
OUT_OF_LINE = ("under-costed", "over-costed")
VERDICTS = OUT_OF_LINE + ("fair", "too few", "no price")


def house_vp_sweep(run) -> pd.DataFrame | None:
    """A Duel run's sweep of the VP of a House over 0-5 (`seiya simulate --mode duel --report` plays
    it into <run folder>/house_vp.csv, DUEL-5), as shown; None without one."""
    path = Path(getattr(run, "folder", "") or "") / "house_vp.csv"
    if not getattr(run, "folder", None) or not path.exists():
        return None
    t = pd.read_csv(path)
    edge = "seat_edge" if "seat_edge" in t else "first_player_advantage"  # a run folder's sweep before seat_edge
    return pd.DataFrame({
        "VP a House": t["value"].astype(str) + t["current"].map({True: " (this run's)", False: ""}),
        "Duels": t["games"],
        "rounds [95% CI]": [ci(v, lo, hi) for v, lo, hi in zip(t["rounds"], t["rounds_lo"], t["rounds_hi"])],
        f"Renegades' {'edge' if edge == 'seat_edge' else 'advantage'} [95% CI]": [
            ci(v, lo, hi, signed=True) for v, lo, hi in zip(t[edge], t[f"{edge}_lo"], t[f"{edge}_hi"])],
        "Δ rounds vs this run's [95% CI]": [ci(v, lo, hi, signed=True) for v, lo, hi in
                                            zip(t["delta_rounds"], t["delta_rounds_lo"], t["delta_rounds_hi"])]})


def card_worth(folder) -> pd.DataFrame | None:
    """The run's measured card worth (`seiya worth --run RUN` writes <run folder>/worth.csv), or None."""
    path = Path(folder) / "worth.csv"
    return pd.read_csv(path) if path.exists() else None


def worth_view(worth: pd.DataFrame) -> pd.DataFrame:
    """The cards out of line, clearest first (q ascending), with their price, worth and residual."""
    w = worth.loc[worth["verdict"].isin(OUT_OF_LINE)].sort_values("q")
    return pd.DataFrame({
        "card": w["name"], "verdict": w["verdict"],
        "price": [f"{p:g} {c}" for p, c in zip(w["price"], w["currency"])],
        "worth [95% CI]": [ci(v, lo, hi, signed=True) for v, lo, hi in zip(w["worth"], w["worth_lo"], w["worth_hi"])],
        "residual [95% CI]": [ci(v, lo, hi, signed=True)
                              for v, lo, hi in zip(w["residual"], w["residual_lo"], w["residual_hi"])],
        "implied cost [95% CI]": [ci(v, lo, hi, 1) for v, lo, hi in
                                  zip(w["implied_cost"], w["implied_cost_lo"], w["implied_cost_hi"])],
    })


def verdict_count(worth: pd.DataFrame) -> str:
    """'90 cards measured: 3 under-costed, 2 over-costed, 80 fair, 5 too few.'"""
    n = worth["verdict"].value_counts()
    shown = [v for v in VERDICTS if v in OUT_OF_LINE + ("fair",) or n.get(v, 0)]
    shown += [v for v in n.index if v not in VERDICTS]
    return f"{len(worth)} cards measured: " + ", ".join(f"{n.get(v, 0)} {v}" for v in shown) + "."


def out_of_line(run, has_figure: bool) -> dict:
    """The first answer: which cards are worth more or less than their price (from worth.csv)."""
    worth = card_worth(run.folder)
    if worth is None:
        return {"title": "Cards out of line",
                "note": f"Card worth was not measured for this run: `seiya worth --run {run.folder}` measures it "
                        "(the causal worth of each card and the power–cost curve)."}
    view = worth_view(worth)
    lead = (verdict_count(worth) + (" Out of line, clearest first:" if len(view) else
                                    " None is out of line."))
    return {"title": "Cards out of line", "note": lead, "table": view if len(view) else None,
            "figure": "power_cost" if has_figure else None, "fold": "The power–cost curve"}


def balance(run, tabs) -> dict:
    """The second answer: first-player advantage, seats and Heroes, in a few lines."""
    fpa = first_player_advantage(run)
    seats, heroes = tabs["seats"], tabs["heroes"].sort_values("win_share", ascending=False)
    fair = f"fair {seats['fair'].iloc[0]:.3f}"
    off = [f"{r.hero} ({'above' if r.lo > r.fair else 'below'})"
           for r in heroes.itertuples() if r.hi < r.fair or r.lo > r.fair]
    return {"title": "Balance: Heroes and seats", "facts": [
        ("First-player advantage", (f"{ci(fpa['advantage'], fpa['lo'], fpa['hi'], signed=True)} "
                                    "(seat 0's win share minus the fair share, 95% CI)")),
        ("Seats' win shares", ", ".join(f"{r.seat}: {r.win_share:.3f}" for r in seats.itertuples()) + f" ({fair})"),
        ("Heroes' win shares", (", ".join(f"{r.hero} {r.win_share:.3f}" for r in heroes.itertuples()) + f" ({fair}); "
                                + ("95% CI away from the fair share: " + ", ".join(off) if off
                                   else "every 95% CI holds the fair share"))),
        ("Tie rate", f"{tie_rate(run):.3f}")]}


def signed(v: float, unit: str = "") -> str:
    """'+2 VP', '−1.5 VP', '0 VP': a typeset minus, no sign on 0."""
    return (f"{v:+g}" if v else "0").replace("-", "−") + unit


def hilda_sentence(s: pd.Series) -> str:
    """'The player beat Hilda in 41.2% of 10,000 games [95% CI 40.2%, 42.2%]; 3.1% were ties, which
    count as losses; median margin −2 VP.'"""
    if not s["games"]:
        return "No game was played against Hilda."
    return (f"The player beat Hilda in {s['win_rate']:.1%} of {int(s['games']):,} games [95% CI {s['lo']:.1%}, "
            f"{s['hi']:.1%}]; {s['tie_rate']:.1%} were ties, which count as losses; median margin "
            f"{signed(s['median_margin'], ' VP')}.")


def against_poseidon(run, tabs) -> dict:
    """A co-op run's first answer: the team's win rate against Poseidon, the score margin, the Pillars."""
    s = tabs["coop_summary"].iloc[0]
    rules = (run.manifest.get("config") or {}).get("rules") or {}
    note = (f"The players beat Poseidon in {s['win_rate']:.1%} of {int(s['games']):,} games [95% CI {s['lo']:.1%}, "
            f"{s['hi']:.1%}], {int(s['wins_by_pillars']):,} of them by destroying every Pillar; median margin "
            f"{signed(s['median_margin'], ' VP')}." if s["games"] else "No game was played against Poseidon.")
    d = tabs["pillars_destroyed"]
    facts = [("Margin", f"the players' VP together − Poseidon's: median {signed(s['median_margin'])}, quartiles "
                        f"{signed(s['margin_q1'])} to {signed(s['margin_q3'])}, mean {signed(round(s['mean_margin'], 2))}"),
             ("Pillars destroyed", f"mean {s['pillars_destroyed']:.2f} a game; " + ", ".join(
                 f"{int(r.pillars_destroyed)}: {r.share:.1%}" for r in d.itertuples())),
             ("Water", f"submerged at level {rules.get('coop_water_height', 5)} (COOP-1, our estimate); "
                       f"piles of {rules.get('coop_pile_size', 11)} cards"),
             ("What raises the team's chances", "measured by intervening on the same seeds: `seiya impact --mode "
                                                "coop` (each card and Epic left out), `seiya compare --mode coop "
                                                "--set` (a number changed), `seiya sweep --mode coop --field "
                                                "coop_turn_order --values seat,policy` (a rules parameter)"),
             ("Turn order", f"{rules.get('coop_turn_order', 'seat')} (COOP-3: 'seat', seat order; 'policy', "
                            "the team's policy orders each Player phase)")]
    view = pd.DataFrame([{"games": int(s["games"]), "wins": int(s["wins"]),
                          "win rate [95% CI]": ci(s["win_rate"], s["lo"], s["hi"]),
                          "median margin (VP)": s["median_margin"], "margin q1 (VP)": s["margin_q1"],
                          "margin q3 (VP)": s["margin_q3"], "Pillars destroyed (mean)": round(s["pillars_destroyed"], 2)}])
    return {"title": "Against Poseidon", "note": note, "facts": facts, "table": view}


def duel_sides(run, tabs) -> dict:
    """A Duel run's first answer: the Renegades (who play first) against the Gold Saints, with the
    Houses each side took."""
    sides = tabs["duel_sides"]
    rules = (run.manifest.get("config") or {}).get("rules") or {}
    first = sides.iloc[0]
    nobody = 1 - sides["win_rate"].sum()
    note = (f"The Renegades, who play first, won {first['win_rate']:.1%} of {int(first['games']):,} Duels "
            f"[95% CI {first['lo']:.1%}, {first['hi']:.1%}], the Gold Saints {sides['win_rate'].iloc[1]:.1%} (a shared "
            "win counts half)" + (f"; nobody won {nobody:.1%} (both players eliminated by Graad Foundation Attack)"
                                  if nobody > 1e-9 else "") + "." if first["games"] else "No Duel was played.")
    facts = [("Houses", "; ".join(f"the {r.side} took {r.houses:.2f} a Duel ({r.houses_when_won:.2f} when they won, "
                                  f"{r.houses_when_lost:.2f} when they lost)" for r in sides.itertuples())),
             ("Rules", f"{rules.get('duel_house_vp', 3)} VP a House (DUEL-5, our estimate); "
                       f"{rules.get('duel_houses', 12)} Houses, {rules.get('duel_house_order', 'sorted')}; "
                       f"the Altar: {rules.get('duel_altar', 'random')}; sides given to the policies: "
                       f"{rules.get('duel_side_assignment', 'random')}"),
             ("What changes the sides' chances", "measured on the same seeds: `seiya sweep --mode duel --field "
                                                 "duel_house_vp --values 0,1,2,3,4,5` (DUEL-5), `--field duel_altar`")]
    view = pd.DataFrame({"side": sides["side"], "seat": sides["seat"],
                         "win rate [95% CI]": [ci(v, lo, hi) for v, lo, hi in zip(sides["win_rate"], sides["lo"], sides["hi"])],
                         "Houses a Duel": sides["houses"].round(2), "when won": sides["houses_when_won"].round(2),
                         "when lost": sides["houses_when_lost"].round(2)})
    return {"title": "Renegades against Gold Saints", "note": note, "facts": facts, "table": view}


def house_view(t: pd.DataFrame) -> pd.DataFrame:
    """The House table as shown."""
    return pd.DataFrame({"House": t["house"], "revealed in (Duels)": t["revealed"], "taken": t["taken"].round(3),
                         "by the Renegades": t["by_renegades"].round(3), "rounds held (mean)": t["rounds_held"].round(1),
                         "rounds held (p90)": t["rounds_held_p90"]})


def altar_view(t: pd.DataFrame) -> pd.DataFrame:
    """The Altar table as shown."""
    return pd.DataFrame({"Altar": t["altar"], "Duels": t["games"],
                         "Renegades' win rate [95% CI]": [ci(v, lo, hi) for v, lo, hi in
                                                          zip(t["renegades_win_rate"], t["lo"], t["hi"])],
                         "rounds (mean)": t["rounds"].round(1)})


def against_hilda(run, tabs) -> dict:
    """A solo run's first answer: the player's win rate against Hilda, ties, the score margin."""
    s = tabs["solo_summary"].iloc[0]
    rules = (run.manifest.get("config") or {}).get("rules") or {}
    die = rules.get("hilda_die")
    facts = [("Record", f"{int(s['wins']):,} wins, {int(s['ties']):,} ties, {int(s['losses']):,} losses (player VP below Hilda's)"),
             ("Margin", f"player VP − Hilda VP: median {signed(s['median_margin'])}, quartiles "
                        f"{signed(s['margin_q1'])} to {signed(s['margin_q3'])}, mean {signed(round(s['mean_margin'], 2))}")]
    if rules.get("solo_turns") is not None or die is not None:
        facts.append(("Rules", f"{rules.get('solo_turns', 'the default number of')} turns a game; Hilda's die: "
                               f"{die or 'the default'}" + (" (our estimate, SOLO-1)" if die == "random_pairing" else "")))
    facts.append(("Seats", "one player: no seat balance, first-player advantage or Hero-against-Hero win shares; "
                           "the Heroes section gives the player's win rate with each Hero"))
    view = pd.DataFrame([{"games": int(s["games"]), "wins": int(s["wins"]), "ties": int(s["ties"]),
                          "losses": int(s["losses"]), "win rate [95% CI]": ci(s["win_rate"], s["lo"], s["hi"]),
                          "tie rate": s["tie_rate"], "median margin (VP)": s["median_margin"],
                          "margin q1 (VP)": s["margin_q1"], "margin q3 (VP)": s["margin_q3"]}])
    return {"title": "Against Hilda", "note": hilda_sentence(s), "facts": facts, "table": view,
            "figure": "solo_margin", "fold": "Score margin against Hilda"}


def clock(tabs) -> dict:
    """The third answer: game length and why games ended, one line each."""
    g = tabs["game_length"].set_index("length")
    r, t = g.loc["rounds"], g.loc["player_turns"]
    ends = tabs["end_reasons"]
    return {"title": "Game length (the Duel has no Clock)" if "duel_sides" in tabs else "Clock", "facts": [
        ("Game length", (f"mean {r['mean']:.1f} rounds (median {r['median']:g}, p10–p90 {r['p10']:g}–{r['p90']:g}), "
                         f"{t['mean']:.1f} player-turns")),
        ("End reasons", ", ".join(f"{e} {s:.1%}" for e, s in zip(ends["end_reason"], ends["share"])))]}


def estimates(run) -> str:
    """Whether any card's numbers or text are our estimate rather than printed facts."""
    est = run_estimates(run)
    if est is None:
        return "not recorded in this run folder"
    return (f"our estimate for {len(est)} {estimated_things(est)} (no public source): {estimated_list(est)}" if est
            else "printed facts for every card (none estimated)")


def estimated_list(estimates) -> str:
    """The estimated cards in words: the Hades ones counted under their files' flags, the others named."""
    hades = estimated_names()
    named = [e for e in estimates if e not in hades]
    n_hades = len(estimates) - len(named)
    parts = [f"{n_hades} Hades cards built by a stated method (docs/hades.md; {', '.join(estimate_flags(estimates))})"] \
        if n_hades else []
    return "; ".join(parts + ([", ".join(named)] if named else []))


def estimated_things(estimates) -> str:
    """'cards', or 'cards and components' when Hilda's die is among them (solo)."""
    return "cards and components" if any(e.startswith("Hilda's die") for e in estimates) else "cards"


def estimate_warning(estimates) -> tuple[list[str], list[str]]:
    """(Markdown lines, HTML parts) said before anything else in a report whose games used estimated
    cards: its results rest on them. The estimated Hades cards are flagged with their file's hash
    and counted rather than named. Nothing without estimates."""
    if not estimates:
        return [], []
    text = (f"These games used our estimates, not printed facts, for {len(estimates)} {estimated_things(estimates)} (no public "
            f"source gives them): {estimated_list(estimates)}. What this report says about them, and what "
            "they change, rests on those estimates.")
    flags = [f"**{flag}**" for flag in estimate_flags(estimates)]
    return (["", *(f"> {flag}\n>" for flag in flags), f"> **Estimates.** {text}"],
            [f"<p class='warning'><strong>{html.e(flag.strip('*'))}</strong></p>" for flag in flags]
            + [f"<p class='warning'><strong>Estimates.</strong> {html.e(text)}</p>"])


CAP_WARNING_SHARE = 0.01  # games the round cap stopped: more than this share, and the tool says so first


def cap_sentence(run) -> str | None:
    """What the round cap did to a run when it stopped more than CAP_WARNING_SHARE of its games, and
    how to let them finish; None otherwise."""
    ends = analysis.end_reasons(run).set_index("end_reason")
    if "turn cap" not in ends.index or ends.loc["turn cap", "share"] <= CAP_WARNING_SHARE:
        return None
    n, total = int(ends.loc["turn cap", "games"]), int(ends["games"].sum())
    return cap_text(f"{n:,} of these {total:,} games ({n / total:.1%})", run.manifest["config"])


def arms_cap_sentence(shares: dict[str, float], config: dict | None, swept: str | None = None) -> str | None:
    """The same for several arms (a sweep's values, a comparison's two sides): `shares` gives, per
    arm label ("at round_cap = 30", "of arm A (base)"), the share of its games the cap stopped;
    the arms above CAP_WARNING_SHARE are named, the most stopped first. `config`: the arms' shared
    setup as a dict (a run manifest's config, or a GameConfig's model_dump()); `swept`: the rules
    parameter the arms vary, if any. None when no arm is above."""
    over = sorted(((s, label) for label, s in shares.items() if s > CAP_WARNING_SHARE), key=lambda x: -x[0])
    if not over:
        return None
    return cap_text("Some games (" + ", ".join(f"{s:.1%} {label}" for s, label in over) + ")", config or {}, swept)


def cap_text(who: str, config: dict, swept: str | None = None) -> str:
    """The round-cap warning for `who`, the games the cap stopped: the cap and its parameter, what
    they mean, how to let them finish. The cap (GEN-9) is a safety stop for stalled games, so the
    games it stops are scored before the rules end them. `config`: a run manifest's config (mode,
    boxes, rules; a run folder older than a cap parameter reads its default; empty when unknown);
    the cap's value is left out when unknown or when it is the parameter `swept`."""
    mode = config.get("mode", "classic")
    param = "duel_round_cap" if mode == "duel" else "round_cap"
    shorter = (", or shorten the Clock with the Hades rulebook's length option (`--rule hades_clock_flames=N`, "
               "6 to 12 flames)") if mode == "classic" and "hades" in config.get("boxes", ()) else ""
    known = bool(config) and swept != param
    cap = f"the {({**defaults(), **config.get('rules', {})}[param])}-round cap" if known else "the round cap"
    return (f"{who} reached {cap} (`{param}`, GEN-9: a safety stop for games that stall) and were scored there, "
            "before the rules ended them. Their win shares, card figures and lengths describe games cut short. "
            f"To let them finish, raise the cap (`--rule {param}=N`){shorter}.")


def cap_warning(text: str | None) -> tuple[list[str], list[str]]:
    """(Markdown lines, HTML parts) said before the answers when the round cap cut many games short:
    `text` from cap_sentence or arms_cap_sentence (None: nothing)."""
    if text is None:
        return [], []
    return ["", f"> **Round cap.** {text}"], [f"<p class='warning'><strong>Round cap.</strong> {html.text(text)}</p>"]


def run_used(run) -> dict:
    """The fourth answer: games, cards, policies and their ratings, estimates, rules parameters."""
    m, facts = run.manifest, dict(what_was_run(run))
    c = m["config"]
    seats = "one per seat" if len(c["policies"]) > 1 else "all seats"
    return {"title": "What the run used", "facts": [
        ("Games", f"{m['games_done']} games, {c['players']} player{'s' if c['players'] != 1 else ''}, "
                  f"seed {c['seed']}"),
        ("Cards", ", ".join(c["boxes"]) + (f" + card file {c['cardset']}" if c.get("cardset") else "")
         + f"; overrides: {facts['Overrides']}"),
        ("Policies", f"{seats}: {facts['Policy ratings']}"),
        ("Card numbers", estimates(run)),
        ("Rules parameters", facts["Rules parameters"])]}


def answers(run, tabs, has_worth_figure: bool = False) -> list[dict]:
    if "solo_summary" in tabs:
        return [against_hilda(run, tabs), out_of_line(run, has_worth_figure), clock(tabs), run_used(run)]
    if "coop_summary" in tabs:
        return [against_poseidon(run, tabs), out_of_line(run, has_worth_figure), clock(tabs), run_used(run)]
    if "duel_sides" in tabs:
        return [duel_sides(run, tabs), out_of_line(run, has_worth_figure), clock(tabs), run_used(run)]
    return [out_of_line(run, has_worth_figure), balance(run, tabs), clock(tabs), run_used(run)]


def card_view(cards: pd.DataFrame, worth: pd.DataFrame | None = None) -> pd.DataFrame:
    """The card table as shown in the report: reserve cards; with the measured worth (worth.csv),
    each card's causal worth and verdict beside its costs, the most valuable first; else sorted by
    the buyers' win-share difference (an association)."""
    t = cards.loc[cards["start"] == "reserve"].sort_values("win_share_diff", ascending=False).copy()
    few = t["too_few"] if "too_few" in t else pd.Series(False, index=t.index)
    t["diff"] = [f"{d:+.3f} (too few)" if f and not pd.isna(d) else ci(d, lo, hi, signed=True)
                 for d, lo, hi, f in zip(t["win_share_diff"], t["diff_lo"], t["diff_hi"], few)]
    view = t[list(CARD_COLUMNS)].rename(columns=CARD_COLUMNS)
    if worth is None:
        return view
    w = worth.set_index("name").reindex(t["name"])
    view.insert(3, "worth (causal) [95% CI]",
                [ci(v, lo, hi, signed=True) for v, lo, hi in zip(w["worth"], w["worth_lo"], w["worth_hi"])])
    view.insert(4, "verdict", w["verdict"].fillna("–").to_numpy())
    return view.iloc[np.argsort(-w["worth"].fillna(-np.inf).to_numpy(), kind="stable")]


def unused_words(run, cards: pd.DataFrame) -> str:
    """The cards whose use or optional cost the players never used, in a sentence (or why none)."""
    if cards["held"].isna().all():
        return "Uses were not counted in this run (a run folder of an older version)."
    unused = never_used(cards, run.cards)
    if not len(unused):
        return (f"Every card with a use or an optional cost, in hand in at least {MIN_HELD} games (or its cost "
                "asked that often), was used at least once by the bots in this run.")
    items = [f"{r.name} (use ability never used in {r.held} games held)" if r.what == "use" else
             f"{r.name} (cost never paid in {r.held} games held, asked {r.pay_offered} times)"
             for r in unused.itertuples()]
    return ("Never used by the bots in this run: " + "; ".join(items) + ". Their verdicts in this report "
            "measure these cards' numbers only (costs, Strength, Cosmos, VP), not their text.")


def technique_view(t: pd.DataFrame) -> pd.DataFrame:
    """The board table as shown: most used first, estimated texts marked."""
    t = t.sort_values("uses_per_game", ascending=False)
    return pd.DataFrame({
        "technique": t["name"] + np.where(t["estimate"], " (estimate)", ""), "hero": t["hero"],
        "uses": t["uses"], "uses per game": t["uses_per_game"], "used in (share of games)": t["used_in"],
        "win share, used": t["win_share_used"], "win share, not used": t["win_share_not_used"],
        "difference [95% CI]": [ci(d, lo, hi, signed=True) for d, lo, hi in zip(t["diff"], t["diff_lo"], t["diff_hi"])]})


def epic_view(t: pd.DataFrame) -> pd.DataFrame:
    """The Epic table as shown, in the order of the card file."""
    return pd.DataFrame({
        "Epic": t["name"], "revealed in (share of games)": t["revealed_in"], "ended in": t["ended_in"],
        "games it opened": t["opened"],
        "rounds, opened − others [95% CI]": [ci(d, lo, hi, signed=True)
                                             for d, lo, hi in zip(t["rounds_diff"], t["rounds_lo"], t["rounds_hi"])],
        "Clock ends, opened − others [95% CI]": [ci(d, lo, hi, signed=True)
                                                 for d, lo, hi in zip(t["clock_diff"], t["clock_lo"], t["clock_hi"])],
        "ended the game": t["ended_the_game"]})


def pillar_view(t: pd.DataFrame) -> pd.DataFrame:
    """The Pillar table as shown."""
    return pd.DataFrame({
        "Pillar": t["name"], "revealed in (share of games)": t["revealed_in"], "destroyed in": t["destroyed_in"],
        "mean round destroyed": t["mean_round_destroyed"], "destroyers' win share": t["win_share_destroyer"],
        "others' win share": t["win_share_others"],
        "difference (assoc.) [95% CI]": [ci(d, lo, hi, signed=True) for d, lo, hi in zip(t["diff"], t["diff_lo"], t["diff_hi"])]})


def win_view(t: pd.DataFrame, by: str) -> pd.DataFrame:
    """A win-share table as shown; a solo run's (no `advantage`) as win rates against Hilda."""
    t = t.copy()
    solo = "advantage" not in t
    share = "win rate vs Hilda [95% CI]" if solo else "win share [95% CI]"
    t[share] = [ci(v, lo, hi) for v, lo, hi in zip(t["win_share"], t["lo"], t["hi"])]
    return t[[by, "player_games", share] + ([] if solo else ["advantage"]) + ["mean_vp", "median_vp"]]


NO_EVENTS = ("Not available: this run folder has no event log (made with --events none by an older version); "
             "simulate it again: runs now count events whatever --events says.")


def sections(run, tabs: dict) -> list[dict]:
    """The report's sections after the answers. Each (answers too) is a dict: title, and optional
    note (what to look for), facts ((term, text) pairs), figure (a name of `Figures`), table,
    digits (decimals for all its fractions) and fold (the figure's caption: shown folded, after
    the table)."""
    events, solo, coop, duel = "cards" in tabs, "solo_summary" in tabs, "coop_summary" in tabs, "duel_sides" in tabs
    missing = lambda title: {"title": title, "note": NO_EVENTS}
    return [
        *([{"title": "Against Hilda: score margin", "table": tabs["margin_distribution"],
            "note": "Games by margin (player VP − Hilda VP): a tie (0) is a loss."}] if solo else []),
        *([{"title": "Against Poseidon: Pillars destroyed", "table": tabs["pillars_destroyed"],
            "note": "Games by the Pillars the team destroyed; all 7 win at once (COOP-5)."}] if coop else []),
        {"title": "Cards", "table": card_view(tabs["cards"], card_worth(run.folder)), "figure": "card_forest",
         "note": ("Reserve cards, the most valuable first: worth is causal (a copy given vs none, same games); "
                  if card_worth(run.folder) is not None else "Reserve cards, strongest association first; ")
                 + "the buyers' and others' win shares are associations (buyers are often the players who "
                   "are ahead). Starting cards are in tables/cards.csv."}
        if events else missing("Cards"),
        {"title": "Cards whose text the bots never used", "note": unused_words(run, tabs["cards"])}
        if events else missing("Cards whose text the bots never used"),
        *([{"title": "Board techniques", "table": technique_view(tabs["techniques"]),
            "note": "Each player's board cards (Asgard): a technique is on the board of its hero's player, the Robe "
                    "of Odin on every board. Win shares of the players who used it and of those who could have and "
                    "did not: an association (players ahead have more to spend), not the technique's worth."}]
          if "techniques" in tabs else []),
        *([{"title": "Epics", "table": epic_view(tabs["epics"]),
            "note": "How often each Epic was revealed and ended; the games it opened (the Epic revealed at setup, "
                    "drawn at random before any play) against the games another Epic opened: a randomized "
                    "comparison, so its differences are the Epic's effect on the game's length and on the share "
                    "of games the Clock ends. 'Ended the game': games its end stopped at once (Graad Foundation "
                    "Attack)."}] if "epics" in tabs else []),
        *([{"title": "Pillars", "table": pillar_view(tabs["pillars"]),
            "note": "How often each Pillar was revealed (its General acquired) and destroyed; the destroyers' win "
                    "share against the other players of those games is an association."}]
          if "pillars" in tabs else []),
        *([{"title": "Duel: the Houses", "table": house_view(tabs["duel_houses"]),
            "note": "Each House in pile order: how often it was taken once revealed, by which side, and how many "
                    "rounds it held from its reveal until taken. Its condition and reduction are our estimate but "
                    "for Aries, Leo and Sagittarius (DUEL-17)."} if "duel_houses" in tabs else
           missing("Duel: the Houses")] if duel else []),
        *([{"title": "Duel: the Altars of Athena", "table": altar_view(tabs["duel_altars"]),
            "note": "Each Duel's Altar is drawn at random (duel_altar = random), so the rows compare like with like: "
                    "a difference is the Altar's effect. #121 and #122 score, #125 ends the Duel at a 7th House; "
                    "the texts of #121-124 are our estimate (DUEL-9)."}] if duel else []),
        *([{"title": "Duel: the VP of a House (our estimate)", "table": tabs["house_vp"],
            "note": "The rulebook counts the Houses in the VP but prints no value (DUEL-5): the Duel was played again "
                    "at each value from 0 to 5 on the same seeds, the policies valuing a House by it. The Renegades' "
                    "edge is their win share minus the Gold Saints' (a Duel nobody wins counts for neither)."}] if "house_vp" in tabs else []),
        *([{"title": "Hades: the Underworld at the end", "table": tabs["hades"], "digits": 2,
            "note": "Per player-game: the Souls left, the Void (the cards annihilated, their VP added), the Shackle "
                    "pile (its VP subtracted) and the Senses held, with the means of the winners and of the others: "
                    "an association (players ahead annihilate more), not an effect."}] if "hades" in tabs else []),
        {"title": "Acquisition rate vs cost", "figure": "acquisition_vs_cost",
         "note": "Cards far below the others of their cost are rarely worth their price to the policies."}
        if events else missing("Acquisition rate vs cost"),
        {"title": "Game length" if duel else "Clock: game length", "table": tabs["game_length"],
         "figure": "game_length", "digits": 1},
        *([] if coop or duel else [
            {"title": "Clock: flames left by round", "table": tabs["flames_by_round"], "figure": "flames_by_round",
             "digits": 1} if events else missing("Clock: flames left by round"),
            {"title": "Clock: flame removals", "table": tabs["flame_removals"]}
            if events else missing("Clock: flame removals")]),
        {"title": "End reasons" if duel else "Clock: end reasons", "table": tabs["end_reasons"]},
        *([] if coop or duel else [
            {"title": "Heroes", "table": win_view(tabs["heroes"], "hero"), "note": "The player's win rate against "
             "Hilda with each Hero (a tie is a loss)."} if solo else
            {"title": "Heroes", "table": win_view(tabs["heroes"], "hero"), "figure": "hero_bars"},
            *([] if solo else [{"title": "Seats", "table": win_view(tabs["seats"], "seat"), "figure": "seat_bars",
                                "note": "Seat 0 plays first."}]),
            {"title": "Policies", "table": win_view(tabs["policies"], "policy")}]),
        *([{"title": "Policies", "table": win_view(tabs["policies"], "policy"),
            "note": "Each Duel gives the two sides to the policies at random (duel_side_assignment = random)."}]
          if duel else []),
        *([] if solo else [{"title": "VP by seat", "table": tabs["vp_by_seat"], "digits": 1}]),
        *([] if duel else [{"title": "VP by Hero", "table": tabs["vp_by_hero"], "digits": 1}]),
        {"title": "What was run", "facts": what_was_run(run)},
    ]


GLOSSARY = "How to read this report"


def glossary(tabs) -> list[tuple[str, str]]:
    """METRICS; for a solo run, without the seat and tie metrics (one player) and with SOLO_METRICS."""
    if "coop_summary" in tabs:
        return [m for m in METRICS if m[0] not in ("First-player advantage", "Tie rate")] + COOP_METRICS
    if "solo_summary" not in tabs:
        return METRICS
    return [m for m in METRICS if m[0] not in ("First-player advantage", "Tie rate")] + SOLO_METRICS


def document(run, tabs, has_worth_figure: bool = False) -> tuple[list[dict], list[dict]]:
    """(answers, sections) in the order shown; the glossary (METRICS) follows them."""
    return answers(run, tabs, has_worth_figure), sections(run, tabs)


# --- Markdown ---------------------------------------------------------------------------------
def markdown_table(df: pd.DataFrame, digits: int | None = None) -> str:
    """A GitHub-flavoured Markdown table (pandas' to_markdown needs an extra package)."""
    cells = formatted(df, digits)
    head = "| " + " | ".join(cells.columns) + " |"
    rule = "|" + "|".join("---" for _ in cells.columns) + "|"
    rows = ["| " + " | ".join(v.replace("|", "/") for v in row) + " |" for row in cells.itertuples(index=False)]
    return "\n".join([head, rule, *rows])


def markdown_section(s: dict, figure_files: dict) -> list[str]:
    out = ["", f"## {s['title']}", ""]
    if s.get("note"):
        out += [s["note"], ""]
    if s.get("facts"):
        out += [f"- **{k}**: {v}" for k, v in s["facts"]] + [""]
    figure = f"![{s['title']}]({figure_files[s['figure']]})" if s.get("figure") else None
    if figure and not s.get("fold"):
        out += [figure, ""]
    if s.get("table") is not None:
        out += [markdown_table(s["table"], s.get("digits")), ""]
    if figure and s.get("fold"):
        out += [figure, ""]
    return out[:-1] if out[-1] == "" else out


def render_markdown(run, tabs, figure_files: dict) -> str:
    first, rest = document(run, tabs, "power_cost" in figure_files)
    out = [f"# Balance report: {run.folder.name}"] + estimate_warning(run_estimates(run))[0] + cap_warning(cap_sentence(run))[0]
    for s in first:
        out += markdown_section(s, figure_files)
    titles = [s["title"] for s in first + rest] + [GLOSSARY]
    out += ["", "## Contents", ""] + [f"- [{t}](#{html.slug(t)})" for t in titles]
    for s in rest:
        out += markdown_section(s, figure_files)
    out += ["", f"## {GLOSSARY}", ""] + [f"- **{k}**: {v}" for k, v in glossary(tabs)]
    return "\n".join(out) + "\n"


# --- HTML -------------------------------------------------------------------------------------
def html_section(s: dict, figure_paths: dict) -> str:
    out = [html.heading(s["title"])]
    if s.get("note"):
        out.append(f"<p>{html.text(s['note'])}</p>")
    if s.get("facts"):
        out.append(html.facts(s["facts"]))
    figure = html.figure(figure_paths[s["figure"]], s["title"]) if s.get("figure") else None
    if figure and not s.get("fold"):
        out.append(figure)
    if s.get("table") is not None:
        out.append(html.table(s["table"], s.get("digits")))
    if figure and s.get("fold"):  # kept folded so the answers below it stay on the first screen
        out.append(f"<details><summary>Figure: {html.e(s['fold'])}</summary>{figure}</details>")
    return "\n".join(out)


def render_html(run, tabs, figure_paths: dict) -> str:
    first, rest = document(run, tabs, "power_cost" in figure_paths)
    title = f"Balance report: {run.folder.name}"
    titles = [s["title"] for s in first + rest] + [GLOSSARY]
    body = ([f"<h1>{html.e(title)}</h1>"] + estimate_warning(run_estimates(run))[1] + cap_warning(cap_sentence(run))[1]
            + ["<div class='answers'>"]
            + [html_section(s, figure_paths) for s in first] + ["</div>", html.contents(titles)]
            + [html_section(s, figure_paths) for s in rest]
            + [html.heading(GLOSSARY), html.facts(glossary(tabs), "glossary")])
    return html.page(title, "\n".join(body))


def write_report(run, out: str | Path | None = None) -> Path:
    """Write the report of a run (a folder or a Run) into `out` (default: the run folder)."""
    run = as_run(run)
    out = Path(out) if out is not None else run.folder
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "figures").mkdir(exist_ok=True)
    tabs = tables(run)
    for name, df in tabs.items():
        df.to_csv(out / "tables" / f"{name}.csv", index=False)
    figures = Figures(run)
    paths = {}
    names = figures.names()
    if "cards" in tabs:
        figures._card_table = tabs["cards"]
    else:  # counted without an event log (an older --events none run): no card or flame figures
        names = [n for n in names if n not in Figures.NEED_EVENTS]
    for name in names:
        paths[name] = out / "figures" / f"{name}.png"
        getattr(figures, name)().savefig(paths[name], dpi=110)
    power_cost = Path(run.folder) / "figures" / "power_cost.png"  # drawn by `seiya worth --run RUN`
    if card_worth(run.folder) is not None and power_cost.exists():
        paths["power_cost"] = out / "figures" / "power_cost.png"
        if power_cost.resolve() != paths["power_cost"].resolve():
            shutil.copyfile(power_cost, paths["power_cost"])
    rel = {k: f"figures/{v.name}" for k, v in paths.items()}
    (out / "report.md").write_text(render_markdown(run, tabs, rel), encoding="utf-8")
    (out / "report.html").write_text(render_html(run, tabs, paths), encoding="utf-8")
    return out / "report.html"
