"""Rules parameters: declared once, reach the kernels, change what the ruling says they change."""
import pytest

import sim
from sim.engine.params import PARAMS, defaults
from sim.scenario import Scenario


def test_every_parameter_names_its_ruling_and_has_a_default_of_its_type():
    for p in PARAMS:
        assert p.ruling.split("-")[0] in ("GEN", "ASG", "SOLO", "POS", "COOP", "HAD", "DUEL") and p.doc
        assert isinstance(p.default, p.type)


@pytest.mark.parametrize("remove_last, left", [(False, ["Cassios"]), (True, [])])
def test_upkeep_with_slot_6_empty_removes_the_last_card_only_under_the_variant(remove_last, left):
    sc = Scenario(rules={"upkeep_remove_last_card": remove_last})
    sc.field(2, "Cassios")
    sc.upkeep(0)
    assert [n for n in sc.field_names() if n] == left
    assert sc.names("common", "field_discard") == ([] if left else ["Cassios"])


def test_the_round_cap_ends_a_game():
    res = sim.play(20, rules={"round_cap": 3})
    assert (res.games["rounds"] <= 3).all() and (res.games["end_reason"] == "turn cap").all()


@pytest.mark.parametrize("boxes", [("base", "asgard", "poseidon"), ("base", "asgard", "poseidon", "hades")])
def test_with_the_cap_out_of_the_way_every_long_game_ends_by_the_rules(boxes):
    """GEN-9's cap stops games that stall; 2-player games with three or four boxes run long, and
    none stalls: each ends by the Clock or by Epic 2901, and the shorter Clock of the Hades
    rulebook's length option ends them sooner."""
    long = sim.play(300, boxes=boxes, seed=5, events="none", rules={"round_cap": 200}).games
    assert set(long["end_reason"]) <= {"clock", "epic"} and long["rounds"].max() < 100
    assert (long["rounds"] > 40).any()  # longer than the default cap: what the reports warn of
    if "hades" in boxes:
        short = sim.play(300, boxes=boxes, seed=5, events="none", rules={"round_cap": 200, "hades_clock_flames": 8}).games
        assert set(short["end_reason"]) <= {"clock", "epic"} and short["rounds"].mean() < long["rounds"].mean() - 5


def test_seiya_rules_lists_every_parameter_and_rule_sets_one_in_the_manifest(tmp_path):
    from typer.testing import CliRunner

    from sim.cli.app import app
    listed = CliRunner().invoke(app, ["rules"])
    assert listed.exit_code == 0 and all(f"{p.name} = " in listed.output for p in PARAMS)
    out = tmp_path / "run"
    r = CliRunner().invoke(app, ["simulate", "-n", "20", "-w", "1", "-q", "--out", str(out),
                                 "--rule", "round_cap=4", "--rule", "upkeep_remove_last_card=true"])
    assert r.exit_code == 0, r.output
    run = sim.Run(out)
    assert run.manifest["config"]["rules"] == {**defaults(), "round_cap": 4, "upkeep_remove_last_card": True}
    assert run.games["rounds"].max() <= 4
    bad = CliRunner().invoke(app, ["simulate", "-n", "5", "--rule", "round_cap=0"])
    assert bad.exit_code == 2 and "round_cap must be at least 1" in bad.output
