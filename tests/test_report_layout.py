"""A run's report answers first (cards out of line, balance, the Clock, what the run used), then
lists its sections, shows them and ends with the glossary; its tables sort in the browser."""
import re
import shutil

import numpy as np
import pandas as pd
import pytest

import sim
from reports import html
from reports.cells import formatted, header
from reports.render import GLOSSARY, METRICS
from reports.tuning import write_document

ANSWERS = ["Cards out of line", "Balance: Heroes and seats", "Clock", "What the run used"]
CI = r"[+-]?\d+\.\d+ \[[+-]?\d+\.\d+, [+-]?\d+\.\d+\]"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return sim.simulate(60, players=3, seed=2, workers=1, batch_size=30, out=tmp_path_factory.mktemp("rep") / "run")


@pytest.fixture(scope="module")
def report(run):
    run.report()
    return (run.folder / "report.html").read_text(), (run.folder / "report.md").read_text()


def worth_csv(run) -> pd.DataFrame:
    """A hand-made worth.csv: one card of each verdict, the out-of-line ones with their q."""
    names = list(run.cards.loc[run.cards["start"] == "reserve", "name"][:5])
    return pd.DataFrame({
        "name": names, "rank": [1, 2, 3, 4, 5], "currency": ["strength", "cosmos", "strength", "strength", "cosmos"],
        "price": [4, 3, 5, 2, np.nan], "worth": [0.062, 0.011, 0.05, 0.025, np.nan],
        "worth_lo": [0.051, 0.002, 0.04, 0.005, np.nan], "worth_hi": [0.073, 0.02, 0.06, 0.045, np.nan],
        "fitted": [0.041, 0.03, 0.05, 0.02, np.nan], "residual": [0.021, -0.019, 0.0, 0.005, np.nan],
        "residual_lo": [0.01, -0.028, -0.01, -0.015, np.nan], "residual_hi": [0.032, -0.01, 0.01, 0.025, np.nan],
        "implied_cost": [6.04, 1.1, 5.0, 2.5, np.nan], "implied_cost_lo": [5.0, 0.2, 4.0, 1.0, np.nan],
        "implied_cost_hi": [7.1, 2.0, 6.0, 4.0, np.nan],
        "verdict": ["over-costed", "under-costed", "fair", "too few", "no price"],
        "q": [0.01, 0.002, 0.8, np.nan, np.nan]})


def h2s(page: str) -> list[str]:
    return re.findall(r"<h2 id='([^']+)'>", page)


def test_the_report_opens_with_the_answers_then_contents_sections_and_the_glossary_last(report):
    page, md = report
    ids = h2s(page)
    assert ids[:5] == [html.slug(t) for t in ANSWERS] + ["contents"]
    assert ids[-1] == html.slug(GLOSSARY) and ids.index("cards") > ids.index("contents")
    assert page.index(METRICS[0][1][:40]) > page.index("id='vp-by-hero'")  # the glossary after every section
    md_titles = re.findall(r"^## (.+)$", md, flags=re.MULTILINE)
    assert md_titles[:5] == ANSWERS + ["Contents"] and md_titles[-1] == GLOSSARY and "Cards" in md_titles[5:]
    assert "name='viewport' content='width=device-width" in page


def test_a_run_without_estimates_has_no_estimate_warning(report):
    page, md = report
    assert "Estimates." not in md and "class='warning'" not in page
    assert "Board techniques" not in md  # no boards in a base game


def test_a_run_whose_games_end_by_the_rules_has_no_round_cap_warning(report):
    page, md = report
    assert "Round cap." not in md and "Round cap." not in page


def test_a_run_cut_short_by_the_round_cap_says_so_before_the_answers(tmp_path):
    run = sim.simulate(20, players=2, seed=1, workers=1, rules={"round_cap": 5}, out=tmp_path / "run")
    run.report()
    md = (run.folder / "report.md").read_text()
    page = (run.folder / "report.html").read_text()
    said = ("20 of these 20 games (100.0%) reached the 5-round cap (`round_cap`, GEN-9: a safety stop for games "
            "that stall) and were scored there")
    warning = next(line for line in md.splitlines() if line.startswith("> **Round cap.**"))
    assert warning.startswith(f"> **Round cap.** {said}") and md.index(warning) < md.index("## Cards out of line")
    assert warning.endswith("raise the cap (`--rule round_cap=N`).")  # no Hades box: no Clock length option
    assert "<p class='warning'><strong>Round cap.</strong> 20 of these 20 games" in page
    assert page.index("Round cap.") < page.index("<div class='answers'>")
    assert run.summary()["end reasons"] == "turn cap 100.0%"  # the notebook's summary


def test_a_classic_run_says_nothing_of_hilda(report):
    page, md = report
    assert "Hilda" not in md and "Hilda" not in page and "solo_margin" not in page


def test_the_contents_link_every_section(report):
    page, md = report
    toc = page[page.index("<nav class='toc'>"):page.index("</nav>")]
    assert sorted(re.findall(r"href='#([^']+)'", toc)) == sorted(i for i in h2s(page) if i != "contents")
    assert "- [Clock: end reasons](#clock-end-reasons)" in md


def test_every_table_sorts_scrolls_alone_and_the_card_table_filters(report):
    page, _ = report
    assert page.count("<table") == page.count("<table class='t sortable'>") == 10
    assert page.count("<table") == page.count("<div class='scroll'><table")
    assert ".scroll{overflow-x:auto" in page and "white-space:nowrap" in page and "img{max-width:100%" in page
    assert "<script>" in page and "function sortBy(" in page and "src='http" not in page
    cards = page[page.index("id='cards'"):page.index("id='cards-whose-text")]
    assert "<input class='filter'" in cards


def test_the_card_table_has_readable_headers_one_line_cis_and_no_nan(report):
    page, md = report
    cards = page[page.index("id='cards'"):page.index("id='cards-whose-text")]
    headers = re.findall(r"<th[^>]*>([^<]+)</th>", cards)
    assert "card" in headers and "buyers − others (assoc.) [95% CI]" in headers and not any("_" in h for h in headers)
    diff = re.findall(r"<td class='n'>([^<]*(?:\[|too few)[^<]*)</td>", cards)
    assert diff and all(re.fullmatch(CI, d) or re.fullmatch(r"[+-]\d\.\d{3} \(too few\)", d) for d in diff)
    text = re.sub(r"base64,[^']+", "", page) + md  # not the images
    assert not re.search(r"\bnan\b", text, flags=re.IGNORECASE)
    assert re.search(r"\| win share \[95% CI\] \|", md)


def test_a_column_has_one_number_of_decimals():
    df = pd.DataFrame({"name": ["a", "b", "c"], "acquired_share": [0.5, 0.25, np.nan],
                       "mean_acquire_round": [3.0, 4.25, 5.5], "offered": [3.0, np.nan, 12.0], "copies": [1, 2, 3]})
    f = formatted(df)
    assert list(f.columns) == ["name", "acquired share", "mean acquire round", "offered", "copies"]
    assert list(f["acquired share"]) == ["0.500", "0.250", "–"]
    assert list(f["mean acquire round"]) == ["3.0", "4.2", "5.5"]
    assert list(f["offered"]) == ["3", "–", "12"] and list(f["copies"]) == ["1", "2", "3"]
    assert header("Δ win_share_diff [95% CI]") == "Δ win share diff [95% CI]"
    assert header("Taurus Aldebaran.strength_cost=6") == "Taurus Aldebaran.strength_cost=6"  # as typed in --set


def test_without_worth_csv_the_report_says_card_worth_was_not_measured(report):
    page, md = report
    first = page[page.index("id='cards-out-of-line'"):page.index("id='balance-heroes-and-seats'")]
    assert "not measured" in first and "seiya worth" in first and "<table" not in first
    assert "Card worth was not measured for this run" in md


def test_with_worth_csv_the_cards_out_of_line_lead_the_report(run, tmp_path):
    folder = tmp_path / "run"
    shutil.copytree(run.folder, folder)
    worth = worth_csv(run)
    worth.to_csv(folder / "worth.csv", index=False)
    shutil.copyfile(folder / "figures" / "game_length.png", folder / "figures" / "power_cost.png")
    sim.Run(folder).report(tmp_path / "rep")  # written elsewhere: the figure comes along
    page = (tmp_path / "rep" / "report.html").read_text()
    md = (tmp_path / "rep" / "report.md").read_text()
    first = page[page.index("id='cards-out-of-line'"):page.index("id='balance-heroes-and-seats'")]
    assert "5 cards measured: 1 under-costed, 1 over-costed, 1 fair, 1 too few, 1 no price." in first
    rows = re.findall(r"<tr><td>([^<]+)</td><td>([^<]+)</td>", first)
    assert rows == [(worth["name"][1], "under-costed"), (worth["name"][0], "over-costed")]  # q ascending
    assert "<td class='n'>+0.062 [+0.051, +0.073]</td>" in first and "+0.021 [+0.010, +0.032]" in first
    assert ">6.0 [5.0, 7.1]<" in first
    assert "3 cosmos" in first and "data:image/png;base64" in first and "not measured" not in page
    assert "figures/power_cost.png" in md and (tmp_path / "rep" / "figures" / "power_cost.png").exists()
    assert md.index("5 cards measured") < md.index("## Contents")
    cards = page[page.index("id='cards'"):page.index("id='cards-whose-text")]
    first_row = re.search(r"<tbody>\s*<tr><td>([^<]+)</td>", cards)[1]
    assert "worth (causal) [95% CI]" in cards and first_row == worth["name"][0]  # the most valuable first


def test_tuning_documents_share_the_sortable_tables(tmp_path):
    t = pd.DataFrame({"card": ["a", "b"], "delta_rounds": [0.5, np.nan], "change [95% CI]": ["+0.1 [+0.0, +0.2]", "–"]})
    path = write_document(tmp_path, "A document", [("arms", "A, B")],
                          [{"title": "Cards", "table": t, "csv": "cards", "note": "B − A."}])
    page = path.read_text()
    assert "function sortBy(" in page and "<table class='t sortable'>" in page and "<div class='scroll'>" in page
    assert "<th class='n'>delta rounds</th>" in page and "<h2 id='cards'>" in page
    assert "| delta rounds |" in (tmp_path / "report.md").read_text()
