"""The `seiya` command line: every command, and every kind of bad input (one line, exit code 2,
no traceback, no run folder left behind)."""
import json
import os

import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.cli.app import app

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "run"
    r = invoke("simulate", "--games", 120, "--players", 3, "--workers", 2, "--seed", 3, "--out", out, "--report",
               "--worth-games", 40)
    assert r.exit_code == 0, r.output
    return out, r


def test_simulate_writes_a_run_and_prints_a_summary(run_dir):
    out, r = run_dir
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["games_done"] == 120 and m["config"]["players"] == 3
    text = " ".join(r.stdout.split())  # the summary wraps at the console's width, where its figures put it
    for words in ("120 games", "games/s, 2 workers)", "Win share by seat", "Win share by hero", "Win share by policy",
                  "tie rate", "median Clock length", f"Run folder: {out}"):
        assert words in text


def test_simulate_says_when_the_round_cap_cut_games_short(run_dir, tmp_path):
    assert "round cap" not in " ".join(run_dir[1].stdout.split())
    r = invoke("simulate", "--games", 10, "--boxes", "base,asgard,poseidon,hades", "--workers", 1,
               "--rule", "round_cap=4", "--out", tmp_path / "capped", "--report", "--worth-games", 0)
    text = " ".join(r.stdout.split())
    said = "10 of these 10 games (100.0%) reached the 4-round cap"
    assert r.exit_code == 0 and text.count(said) == 1  # in the summary; the report's lines do not repeat it
    assert "raise the cap (`--rule round_cap=N`), or shorten the Clock with the Hades rulebook's length option" in text
    assert said in invoke("report", tmp_path / "capped").stdout


def test_simulate_report_measures_card_worth_first(run_dir):
    out, r = run_dir
    assert "Curve: strength: worth =" in r.stdout and (out / "worth.csv").exists()
    assert (out / "worth" / "report.html").exists() and (out / "figures" / "power_cost.png").exists()
    assert "75 cards measured" in (out / "report.md").read_text()


def test_simulate_report_writes_html_markdown_csv_and_png(run_dir):
    out, r = run_dir
    assert f"Report: {out / 'report.html'}" in r.stdout
    html = (out / "report.html").read_text()
    md = (out / "report.md").read_text()
    assert "name='viewport' content='width=device-width" in html  # a phone shows it at its width
    for text in ("What was run", "How to read this report", "Seed", "Engine", "Policies"):
        assert text in html and text in md
    assert "data:image/png;base64" in html and "figures/card_forest.png" in md
    assert len(pd.read_csv(out / "tables" / "cards.csv")) == 90
    for name in ("card_forest", "acquisition_vs_cost", "game_length", "flames_by_round", "hero_bars", "seat_bars"):
        assert (out / "figures" / f"{name}.png").stat().st_size > 1000


def test_report_command_on_an_existing_run(run_dir, tmp_path):
    out, _ = run_dir
    r = invoke("report", out, "--out", tmp_path / "rep")
    assert r.exit_code == 0 and (tmp_path / "rep" / "report.md").exists()
    assert (tmp_path / "rep" / "tables" / "flames_by_round.csv").exists()


def test_trace_text_and_jsonl():
    r = invoke("trace", "--seed", 1, "--game", 2)
    assert r.exit_code == 0 and "Round 1" in r.stdout
    r = invoke("trace", "--seed", 1, "--game", 2, "--format", "jsonl")
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.exit_code == 0 and lines and all(d["game"] == 2 for d in lines)


def test_cards_list_show_validate(tmp_path):
    r = invoke("cards", "list")
    assert r.exit_code == 0 and "Taurus Aldebaran" in r.stdout
    r = invoke("cards", "list", "--format", "csv", "--set", "Taurus Aldebaran.strength_cost=7")
    assert r.exit_code == 0 and ",Taurus Aldebaran,base," in r.stdout
    old_name = invoke("cards", "list", "--csv", "--set", "Taurus Aldebaran.strength_cost=7")
    assert old_name.stdout == r.stdout and "--csv is now --format csv" in old_name.stderr
    r = invoke("cards", "list", "--format", "json")
    rows = json.loads(r.stdout)
    assert r.exit_code == 0 and len(rows) == 90 and rows[30]["name"] == "Taurus Aldebaran"
    r = invoke("cards", "list", "--format", "xml")
    assert r.exit_code == 2 and "--format must be table, csv or json" in r.stderr
    r = invoke("cards", "show", "taurus aldebaran")
    assert r.exit_code == 0 and "Cost: 8 Strength or 6 Cosmos" in r.stdout
    assert "If it faces the first card of the field, it gains +2 Strength." in r.stdout and "op=" not in r.stdout
    good = tmp_path / "mine.toml"
    good.write_text('box = "mine"\n[[card]]\nid = 91\nname = "New Saint"\nrank = ["rare"]\ncopies = 1\n'
                    'strength_cost = 4\nstrength = 2\nplain = true\n')
    r = invoke("cards", "validate", good)
    assert r.exit_code == 0 and "valid (1 card, box 'mine')" in r.stdout
    good.write_text(good.read_text().replace('box = "mine"\n', ""))
    r = invoke("cards", "validate", good)
    assert r.exit_code == 2 and "field 'box': missing" in r.stderr and "at the top, before the first [[card]]" in r.stderr


def test_policies_lists_every_policy():
    r = invoke("policies")
    assert r.exit_code == 0 and all(p in r.stdout for p in ("random", "greedy", "value", "clock"))


@pytest.mark.parametrize("command", [[], ["simulate"], ["report"], ["trace"], ["cards"], ["cards", "list"],
                                     ["cards", "show"], ["cards", "validate"], ["policies"], ["cache"],
                                     ["cache", "info"], ["cache", "clear"]])
def test_help_says_what_each_option_does(command):
    r = invoke(*command, "--help")
    assert r.exit_code == 0 and "Usage" in r.stdout


COMMANDS = [["simulate"], ["report"], ["trace"], ["bench"], ["worth"], ["compare"], ["sweep"], ["suggest"], ["impact"],
            ["robustness"], ["sensitivity"], ["ladder"], ["tune"], ["policies"], ["rules"], ["cards", "list"], ["cards", "show"], ["cards", "validate"],
            ["cache", "info"], ["cache", "clear"]]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_ends_with_examples_and_shows_flags_as_flags(command):
    text = invoke(*command, "--help").stdout
    assert "Examples" in text and f"seiya {' '.join(command)}" in text.split("Examples", 1)[1]
    assert "<bool>" not in text  # a flag takes no value


def test_a_flag_takes_no_value():
    text = invoke("simulate", "--help").stdout
    assert "--report " in text and "<bool>" not in text
    r = invoke("simulate", "--report", "true")
    assert r.exit_code == 2 and "true" in r.stderr


def test_version_and_shell_completion():
    from sim import __version__
    r = invoke("--version")
    assert r.exit_code == 0 and r.stdout.startswith(f"seiya-sim {__version__} (engine ")
    text = invoke("--help").stdout
    assert "--install-completion" in text and "--show-completion" in text


def test_simulate_help_names_the_options():
    text = invoke("simulate", "--help").stdout
    for opt in ("--boxes", "--players", "--games", "--seed", "--policy", "--heroes", "--workers", "--out",
                "--cardset", "--set", "--report"):
        assert opt in text
    assert text.count("seiya-sim[dask]") == 2  # the extra's brackets survive the help's markup


BAD_CARD_FILE = 'box = "x"\n[[card]]\nid = 5\nname = "Bad"\nrank = ["rare"]\ncopies = 1\nstrenght = 3\n'


@pytest.mark.parametrize("args, words", [
    (["--set", "Nobody Known.strength_cost=3"], "unknown card 'Nobody Known'"),
    (["--set", "Taurus Aldebaran.speed=3"], "unknown field 'speed'"),
    (["--set", "Taurus Aldebaran.strength_cost"], "CARD.FIELD=VALUE"),
    (["--set", "Taurus Aldebaran.strength_cost=seven"], "whole number"),
    (["--set", "Taurus Aldebaran.strength_cost=-3"], "greater than or equal to 0"),
    (["--games", "0"], "--games must be at least 1"),
    (["--workers", "0"], "--workers must be 1 or more"),
    (["--policy", "cheater"], "unknown policy 'cheater'; allowed: random, greedy, value, clock"),
    (["--policy", "value,greedy,value"], "one policy for all seats or one per seat"),
    (["--boxes", "atlantis"], "unknown box 'atlantis'; allowed: base"),
    (["--players", "1"], "--players must be 2 to 5"),
    (["--players", "6"], "--players must be 2 to 5"),
    (["--heroes", "Seiya,Seiya"], "Heroes are distinct"),
    (["--heroes", "Athena,Seiya"], "unknown Hero 'Athena'"),
    (["--cardset", "missing.toml"], "no such card file"),
    (["--cardset", "BAD"], "unknown field"),
    (["--set", "Taurus Aldebaranx.vp=3"], "unknown card 'Taurus Aldebaranx' (did you mean 'Taurus Aldebaran'?)"),
    (["--set", "Taurus.vp=3"], "(did you mean 'Taurus Cloth' or 'Taurus Aldebaran'?)"),
    (["--set", "Taurus Aldebaran.cost=3"], "(did you mean 'strength_cost' or 'cosmos_cost'?)"),
    (["--policy", "valeu"], "unknown policy 'valeu' (did you mean 'value'?)"),
    (["--heroes", "seyia,ikki"], "unknown Hero 'Seyia' (did you mean 'Seiya'?)"),
    (["--boxes", "bas"], "unknown box 'bas' (did you mean 'base'?)"),
    (["--rule", "roundcap=30"], "unknown rules parameter 'roundcap' (did you mean 'round_cap' or 'duel_round_cap'?)"),
])
def test_bad_simulate_input_is_one_line_exit_2_and_no_folder(tmp_path, args, words):
    if "BAD" in args:
        bad = tmp_path / "bad.toml"
        bad.write_text(BAD_CARD_FILE)
        args = [str(bad) if a == "BAD" else a for a in args]
    out = tmp_path / "run"
    r = invoke("simulate", "--games", 20, "--out", out, *args)
    assert r.exit_code == 2, r.output
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output
    assert not out.exists()


def test_unwritable_or_used_output_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = invoke("simulate", "--games", 20, "--out", blocker / "run")
    assert r.exit_code == 2 and "cannot write the output folder" in r.stderr
    assert "Preparing the engine" not in r.output  # said before any work
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("mine")
    r = invoke("simulate", "--games", 20, "--out", used)
    assert r.exit_code == 2 and "not empty" in r.stderr and sorted(p.name for p in used.iterdir()) == ["notes.txt"]
    assert "Preparing the engine" not in r.output


def test_bad_input_to_other_commands(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_CARD_FILE)
    cases = [
        (["cards", "validate", bad], "strenght"),
        (["cards", "validate", tmp_path / "none.toml"], "no such card file"),
        (["cards", "show", "Nobody Known"], "unknown card"),
        (["report", tmp_path], "not a run folder"),
        (["trace", "--format", "xml"], "--format must be text or jsonl"),
        (["trace", "--policy", "cheater"], "unknown policy"),
        (["trace", "--players", "9"], "--players must be 2 to 5"),
    ]
    for args, words in cases:
        r = invoke(*args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_bench_quick_prints_its_figures():
    r = invoke("bench", "--quick", "--workers", 2)
    assert r.exit_code == 0, r.output
    from sim.policy_catalog import DEFAULT_POLICY
    for words in ("games/s", "µs/player-turn", f"2 players, {DEFAULT_POLICY}", "4 players, random", "cached start-up",
                  "cold compile", "1 process:", "2 processes:", "peak memory"):
        assert words in r.stdout
    assert r.stdout.count(f"on {os.cpu_count()} cores") == 2  # the load beside the wall-clock figures
    assert "this machine now" not in r.stdout


def test_a_wide_table_is_printed_in_parts_that_fit_the_terminal(capsys, monkeypatch):
    from sim.cli.tuning_common import print_table
    monkeypatch.setenv("COLUMNS", "100")
    df = pd.DataFrame({"card": ["Taurus Aldebaran", "Pegasus Seiya"],
                       **{f"metric number {i} [95% CI]": [f"+0.0{i}1 [-0.100, +0.200]", "–"] for i in range(8)}})
    print_table(df, "Cards")
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 100
    text = "\n".join(lines)
    assert all(f"metric number {i} [95% CI]" in text and f"+0.0{i}1 [-0.100, +0.200]" in text for i in range(8))
    assert "Cards (1/" in text and text.count("Taurus Aldebaran") > 1  # each part led by the card
