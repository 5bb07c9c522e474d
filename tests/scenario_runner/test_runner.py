"""The scenario runner, on the toy pile game (no real game needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from doomtable.engine import ScenarioError
from doomtable.scenario import (
    find_scenario_files,
    load_scenarios,
    match,
    parse_scenarios,
    run_scenario,
    same,
)
from scenario_runner.toy_pile import register_toy

register_toy()

BASIC = """
name: take and boo
game: toy-pile
players: 2
seed: 1
setup: {pile: 6}
steps:
  - {player: 0, choose: take 3}
  - {expect: {pile: 3, pending.player: 1, pending.kind: respond}}
  - {player: 1, choose: Boo}
  - {player: 1, choose: 2}
  - {player: 0, choose: take 3, error: "not a legal choice"}
expect:
  pile: 1
  players.0.taken: 3
  players.1: {taken: 1, boos: 0}
  game_over: false
"""


def run(text: str) -> list[str]:
    """The failure lines of the only scenario in ``text``."""
    [scenario] = parse_scenarios(text, "test.yaml")
    return run_scenario(scenario).report().splitlines()


def test_a_passing_scenario() -> None:
    [scenario] = parse_scenarios(BASIC.replace("{taken: 1, boos: 0}", "{taken: 3, boos: 0}"))
    result = run_scenario(scenario)
    assert result.passed, result.report()


def test_failures_name_the_path_expected_and_actual() -> None:
    lines = run(BASIC)
    # player 1 booed (pile 3 -> 4), then chose index 2, "take 3"
    assert lines[0] == "at the end: players.1.taken: differs"
    assert lines[1:] == ["  expected: 1", "  actual:   3"]


def test_step_expectations_are_checked_where_they_stand() -> None:
    lines = run(BASIC.replace("pile: 3, pending", "pile: 4, pending"))
    assert lines[0] == "after step 2: pile: differs"


def test_an_unexpected_illegal_choice_stops_the_scenario() -> None:
    lines = run(BASIC.replace("choose: Boo", "choose: cheer"))
    assert len(lines) == 1
    assert lines[0].startswith("step 3 (player 1 chooses 'cheer'): illegal choice: 'cheer'")
    assert "legal: pass, boo" in lines[0]


def test_an_expected_error_that_does_not_come_fails() -> None:
    lines = run(BASIC.replace("{player: 1, choose: 2}", "{player: 1, choose: 2, error: nope}"))
    assert "expected an illegal-choice error containing 'nope'" in lines[0]


def test_the_wrong_error_text_fails() -> None:
    lines = run(BASIC.replace('error: "not a legal choice"', 'error: "some other reason"'))
    assert "refused with another error" in lines[0]
    assert lines[1] == '  expected: "some other reason"'


def test_wrong_player_is_an_illegal_choice() -> None:
    wrong = '{player: 0, choose: pass, error: "it is player 1\'s decision"}'
    lines = run(
        BASIC.replace("- {player: 1, choose: Boo}", f"- {wrong}\n  - {{player: 1, choose: boo}}")
    )
    assert lines[0] == "at the end: players.1.taken: differs"


def test_missing_paths_say_what_is_there() -> None:
    lines = run(BASIC.replace("players.0.taken: 3", "players.0.token: 3"))
    assert lines[0] == (
        "at the end: players.0.token: no key 'token' in players.0 (keys: boos, tags, taken)"
    )
    lines = run(BASIC.replace("players.0.taken: 3", "players.5.taken: 3"))
    assert lines[0] == "at the end: players.5.taken: no item '5' in players (a list of 2)"


def test_contains_and_length_matchers() -> None:
    root = {"hand": ["Gills", "Sweat"], "name": "Bark", "seats": {"0": 1}}
    assert match(root, "hand", {"contains": "Gills"}) == []
    assert match(root, "hand", {"contains": ["Gills", "Sweat"], "length": 2}) == []
    assert match(root, "name", {"contains": "ar"}) == []
    assert match(root, "seats", {"contains": 0}) == []
    [failure] = match(root, "hand", {"contains": ["Gills", "Bark"]})
    assert failure.message == 'does not contain "Bark"'
    [failure] = match(root, "hand", {"length": 3})
    assert failure.message == "length 2, expected 3"


def test_excludes_matcher() -> None:
    root = {"hand": ["Gills", "Sweat"], "name": "Bark"}
    assert match(root, "hand", {"excludes": ["Bark", "Heroic"], "length": 2}) == []
    assert match(root, "name", {"excludes": "x"}) == []
    [failure] = match(root, "hand", {"excludes": ["Bark", "Sweat"]})
    assert failure.message == 'contains "Sweat"'
    [failure] = match(root, "hand", {"contains": "Sweat", "excludes": "Gills"})
    assert failure.message == 'contains "Gills"'


def test_lists_match_exactly_and_show_a_diff() -> None:
    root = {"hand": ["Gills", "Sweat"]}
    assert match(root, "hand", ["Gills", "Sweat"]) == []
    [failure] = match(root, "hand", ["Sweat", "Gills"], "at the end")
    lines = failure.lines()
    assert lines[:3] == [
        "at the end: hand: differs",
        '  expected: ["Sweat", "Gills"]',
        '  actual:   ["Gills", "Sweat"]',
    ]
    assert "  diff (- expected, + actual):" in lines


def test_values_compare_exactly() -> None:
    assert same(1, 1) and same([1, {"a": True}], [1, {"a": True}])
    assert not same(True, 1)
    assert not same(1.0, 1)
    assert not same([1], [1, 2])


def test_a_file_of_several_scenarios_shares_defaults(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(
        "game: toy-pile\nplayers: 3\nscenarios:\n"
        "  - {name: one, expect: {pile: 7}}\n"
        "  - {name: two, options: {pile: 9}, expect: {pile: 9, players: {length: 3}}}\n"
    )
    scenarios = load_scenarios(path)
    assert [s.name for s in scenarios] == ["one", "two"]
    assert all(run_scenario(s).passed for s in scenarios)
    assert find_scenario_files([tmp_path]) == [path]


def test_a_scenario_merges_its_options_over_the_files(tmp_path: Path) -> None:
    path = tmp_path / "merged.yaml"
    path.write_text(
        "game: toy-pile\nplayers: 2\noptions: {pile: 9, variant: dark}\nscenarios:\n"
        "  - {name: own, options: {variant: light}, expect: {pile: 9}}\n"
    )
    [scenario] = load_scenarios(path)
    assert scenario.options == {"pile": 9, "variant": "light"}
    assert run_scenario(scenario).passed


@pytest.mark.parametrize(
    ("setup", "report"),
    [
        ("players: 9\nsetup_error: takes 2 to 4 players\n", []),
        ("players: 2\noptions: {pile: 0}\nsetup_error: 1 to 1000, not 0\n", []),
        (
            "players: 2\nsetup_error: takes 2 to 4 players\n",
            [
                "set-up: was accepted, but it should be refused",
                '  expected: "takes 2 to 4 players"',
            ],
        ),
        (
            "players: 9\nsetup_error: unknown option\n",
            [
                "set-up: refused for another reason",
                '  expected: "unknown option"',
                "  actual:   \"test.yaml: scenario 'test': Toy Pile takes 2 to 4 players, not 9\"",
            ],
        ),
    ],
)
def test_a_scenario_may_expect_its_set_up_refused(setup: str, report: list[str]) -> None:
    assert run("game: toy-pile\n" + setup) == report


def test_a_refused_set_up_has_nothing_to_play() -> None:
    with pytest.raises(ScenarioError, match="has no steps or expect"):
        parse_scenarios("game: toy-pile\nplayers: 9\nsetup_error: x\nexpect: {pile: 1}\n")
    with pytest.raises(ScenarioError, match="unknown key 'setup_error'"):
        parse_scenarios("game: toy-pile\nplayers: 9\nsetup_error: x\nscenarios: [{name: a}]\n")


def test_engine_values_are_there_when_the_snapshot_lacks_them() -> None:
    text = """
game: toy-pile
players: 2
expect:
  labels: [take 1, take 2, take 3]
  scores: [0, 0]
  winners: null
  log: []
  pending: {player: 0, kind: turn}
"""
    assert run(text) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: toy-pile\nplayers: 2\nstep: []\n", "unknown key 'step' (did you mean 'steps'?)"),
        ("game: toy-pile\nplayers: [2\n", "test.yaml: malformed YAML at line 3, column 1"),
        ("- 1\n", "must be a mapping"),
        ("players: 2\n", "missing 'game'"),
        ("game: toy-pile\nplayers: two\n", "'players' must be a whole number"),
        (
            "game: toy-pile\nplayers: 2\nsteps: [{player: 2, choose: take 1}]\n",
            "step 1: unknown player 2",
        ),
        (
            "game: toy-pile\nplayers: 2\nsteps: [{choose: take 1}]\n",
            "step 1: 'choose' needs the 'player'",
        ),
        (
            "game: toy-pile\nplayers: 2\nsteps: [{player: 0, chose: x}]\n",
            "step 1: unknown key 'chose'",
        ),
        ("game: toy-pile\nplayers: 2\nsteps: [{}]\n", "step 1: a step needs 'choose'"),
        ("game: toy-pile\nplayers: 2\nsteps: [{player: 0, choose: true}]\n", "'choose' must be"),
        ("scenarios: []\n", "'scenarios' must be a non-empty list"),
        (
            "game: toy-pile\nplayers: 2\nscenarios: [{name: a}, {name: a}]\n",
            "two scenarios are named 'a'",
        ),
    ],
)
def test_malformed_files_name_the_file_and_the_step(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenarios(text, "test.yaml")
    assert str(caught.value).startswith("test.yaml")
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: nope\nplayers: 2\n", "unknown game 'nope'"),
        ("game: toy-pile\nplayers: 9\n", "takes 2 to 4 players"),
        ("game: toy-pile\nplayers: 2\noptions: {size: 3}\n", "has no option 'size'"),
        ("game: toy-pile\nplayers: 2\nsetup: {deck: []}\n", "unknown setup key 'deck'"),
    ],
)
def test_games_that_cannot_start_are_errors(text: str, message: str) -> None:
    [scenario] = parse_scenarios(text, "test.yaml")
    with pytest.raises(ScenarioError) as caught:
        run_scenario(scenario)
    assert str(caught.value).startswith("test.yaml: scenario 'test'")
    assert message in str(caught.value)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="no such file"):
        find_scenario_files([tmp_path / "gone.yaml"])
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenarios(tmp_path / "gone.yaml")
