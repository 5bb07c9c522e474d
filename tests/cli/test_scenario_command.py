"""``doomtable scenario``: PASS/FAIL per scenario, readable failures, exit codes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from doomtable.cli.app import app
from scenario_runner.toy_pile import register_toy

register_toy()
runner = CliRunner()

GOOD = """
name: three then boo
game: toy-pile
players: 2
steps:
  - {player: 0, choose: take 3}
  - {player: 1, choose: boo}
expect: {pile: 5}
"""


def scenario(*paths: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["scenario", *map(str, paths)])
    return result.exit_code, result.output


def test_passing_files_and_folders(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "good.yaml").write_text(GOOD)
    code, output = scenario(tmp_path)
    assert code == 0, output
    assert "PASS" in output and "good.yaml :: three then boo" in output
    assert "1 passed, 0 failed" in output


def test_failures_show_path_expected_and_actual(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("name: three then boo", "name: wrong").replace("5}", "6}"))
    code, output = scenario(good, bad)
    assert code == 1
    assert "FAIL  " in output and "bad.yaml :: wrong" in output
    assert "at the end: pile: differs" in output
    assert "expected: 6" in output and "actual:   5" in output
    assert "1 passed, 1 failed" in output


def test_malformed_files_are_errors_naming_file_and_step(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("choose: boo", "chose: boo"))
    code, output = scenario(bad)
    assert code == 1
    assert "ERROR" in output and "bad.yaml" in output and "step 2: unknown key 'chose'" in output
    assert "Traceback" not in output


def test_unknown_game_and_missing_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("game: toy-pile", "game: nope"))
    code, output = scenario(bad)
    assert code == 1 and "unknown game 'nope'" in output
    code, output = scenario(tmp_path / "gone")
    assert code == 1 and output.startswith("error: ") and "no such file or folder" in output
    (tmp_path / "empty").mkdir()
    code, output = scenario(tmp_path / "empty")
    assert code == 1 and "No scenario files found." in output
