"""The reports' tables: readable headers, one number of decimals per column, one-line CIs, and
sorting in the browser, the same in a run's report and in the tuning documents."""
import re

import numpy as np
import pandas as pd
import pytest

import sim
from reports.cells import formatted
from reports.tuning import write_document

CI = r"[+-]?\d+\.\d+ \[[+-]?\d+\.\d+, [+-]?\d+\.\d+\]"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return sim.simulate(60, players=3, seed=2, workers=1, batch_size=30, out=tmp_path_factory.mktemp("rep") / "run")


@pytest.fixture(scope="module")
def report(run):
    run.report()
    return (run.folder / "report.html").read_text(), (run.folder / "report.md").read_text()


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
    assert "card" in headers and "difference [95% CI]" in headers and not any("_" in h for h in headers)
    diff = re.findall(r"<td class='n'>([^<]*\[[^<]*)</td>", cards)
    assert diff and all(re.fullmatch(CI, d) or d == "–" for d in diff)
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


def test_tuning_documents_share_the_sortable_tables(tmp_path):
    t = pd.DataFrame({"card": ["a", "b"], "delta_rounds": [0.5, np.nan], "change [95% CI]": ["+0.1 [+0.0, +0.2]", "–"]})
    path = write_document(tmp_path, "A document", [("arms", "A, B")],
                          [{"title": "Cards", "table": t, "csv": "cards", "note": "B − A."}])
    page = path.read_text()
    assert "function sortBy(" in page and "<table class='t sortable'>" in page and "<div class='scroll'>" in page
    assert "<th class='n'>delta rounds</th>" in page and "<h2 id='cards'>" in page
    assert "| delta rounds |" in (tmp_path / "report.md").read_text()
