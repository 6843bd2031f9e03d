"""Every tool that plays arms says what GEN-9's round cap did when it stopped more than 1% of an
arm's games, in its result, its report and its command; and nothing when the games end by the rules.
(The run report and `seiya simulate` are tested in test_report_layout and test_cli; sweeps and
comparisons in test_sweep and test_compare.)"""
import pytest
from typer.testing import CliRunner

import sim
from reports.render import arms_cap_sentence
from sim.cli.app import app

CAPPED = {"round_cap": 6}  # no base game ends by the Clock in 6 rounds
CARDS = ["Lizard Misty", "Taurus Aldebaran"]


def report_text(result, folder) -> str:
    return (result.report(folder).parent / "report.md").read_text()


def test_the_sentence_names_the_arms_above_one_percent_the_most_stopped_first():
    text = arms_cap_sentence({"at x = 1": 0.005, "at x = 2": 0.2, "at x = 3": 0.9},
                             {"mode": "classic", "boxes": ["base", "hades"], "rules": {"round_cap": 30}})
    assert text.startswith("Some games (90.0% at x = 3, 20.0% at x = 2) reached the 30-round cap (`round_cap`")
    assert "x = 1" not in text and "hades_clock_flames" in text
    duel = arms_cap_sentence({"of arm A": 0.5}, {"mode": "duel", "boxes": ["base"], "rules": {}})
    assert "the 60-round cap (`duel_round_cap`" in duel and "hades_clock_flames" not in duel
    assert "reached the round cap" in arms_cap_sentence({"of arm A": 0.5}, None)  # setup unknown: no number
    assert arms_cap_sentence({"at x = 1": 0.01}, {}) is None


def test_worth_and_its_suggestions_say_what_the_cap_did(tmp_path):
    w = sim.worth(CARDS, games=40, seed=1, rules=CAPPED)
    assert w.capped.startswith("Some games (100.0% of the games played (every arm)) reached the 6-round cap")
    assert "> **Round cap.**" in report_text(w, tmp_path / "w")
    assert sim.worth(CARDS, games=40, seed=1).capped is None
    sug = sim.suggest(CARDS[:1], games=30, seed=1, rules=CAPPED, max_change=1)
    assert "reached the 6-round cap" in sug.capped and "> **Round cap.**" in report_text(sug, tmp_path / "s")


def test_a_market_target_suggestion_says_it_of_the_unchanged_cards():
    sug = sim.suggest(CARDS[:1], games=30, seed=1, rules=CAPPED, max_change=1, target="acquisition_rate=0.5")
    assert sug.capped.startswith("Some games (100.0% of the games with the cards as they are)")


def test_impact_and_robustness_say_what_the_cap_did(tmp_path):
    imp = sim.impact(CARDS[:1], games=40, seed=1, rules=CAPPED)
    assert imp.capped.startswith("Some games (100.0% of the games with every card) reached the 6-round cap")
    assert "> **Round cap.**" in report_text(imp, tmp_path / "i")
    assert sim.impact(CARDS[:1], games=40, seed=1).capped is None
    rob = sim.robustness(("value", "greedy"), games=40, seed=1, rules=CAPPED)
    assert rob.capped.startswith("Some games (100.0% with every seat on value, 100.0% with every seat on greedy)")
    assert "> **Round cap.**" in report_text(rob, tmp_path / "r")


def test_the_estimate_sensitivity_says_it_per_estimate(tmp_path):
    sens = sim.sensitivity(seeds=(2,), games=30, rules=CAPPED, estimates_dir=tmp_path / "e")
    assert sens.capped.startswith("Some games (100.0% on the method's own estimate, 100.0% on the estimate of "
                                  "seed 2) reached the 6-round cap")
    assert "hades_clock_flames" in sens.capped  # the Hades rulebook's length option, with Hades in
    assert "> **Round cap.**" in report_text(sens, tmp_path / "s")


@pytest.mark.parametrize("command", [
    ("worth", "--cards", ",".join(CARDS)),
    ("impact", "--cards", CARDS[0]),
])
def test_the_commands_print_it(command, tmp_path):
    r = CliRunner().invoke(app, [*command, "--games", "30", "--workers", "1", "--rule", "round_cap=6",
                                 "--out", str(tmp_path / "out")])
    assert r.exit_code == 0, r.output
    assert "reached the 6-round cap" in " ".join(r.stdout.split())
