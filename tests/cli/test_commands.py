"""What every command shares: ``-o`` is a game option everywhere, ``--version``, YAML errors
that say where, ``serve`` without the web extra."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable import __version__
from doomtable.cli.app import app

runner = CliRunner()


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_version() -> None:
    assert invoke("--version") == (0, f"doomtable {__version__}\n")


@pytest.mark.parametrize("command", ["simulate", "tournament", "report"])
def test_o_is_a_game_option_in_every_command(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = invoke(command, "doomlings", "-n", "1", "-o", "minutes=3")
    assert code == 1
    assert "Doomlings has no option 'minutes' (options: eras, sets, tiebreak, variant)" in output
    assert list(tmp_path.iterdir()) == []  # no file named minutes=3


def test_simulate_plays_with_the_option_given() -> None:
    args = ("simulate", "doomlings", "-n", "2", "-p", "2", "--json")
    code, output = invoke(*args, "-o", "variant=prosperous-world", "-o", "eras=4")
    assert code == 0, output
    four_eras = json.loads(output)
    code, output = invoke(*args)
    assert four_eras != json.loads(output)


@pytest.mark.parametrize(
    ("eras", "message"),
    [
        ("5", "eras is the number of era piles: 3, or 4 with --variant prosperous-world; not 5"),
        ("4", "eras may be 4 only with --variant prosperous-world"),
    ],
)
def test_era_counts_get_a_message_that_fits(eras: str, message: str) -> None:
    code, output = invoke("simulate", "doomlings", "-n", "1", "-o", f"eras={eras}")
    assert code == 1 and message in output


def test_report_takes_its_file_from_out(tmp_path: Path) -> None:
    code, output = invoke("report", "doomlings", "-n", "1", "-o", str(tmp_path / "r.html"))
    assert code == 1 and "(a report's file is given with --out)" in output
    page = tmp_path / "r.html"
    code, output = invoke("report", "doomlings", "-n", "1", "-p", "2", "--out", str(page))
    assert code == 0, output
    assert page.read_text().startswith("<!")


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        (["deck", "check"], "plan: Conquest\ncards: [unclosed\n", "line 3, column 1: expected"),
        (["play", "doom-pile", "--bots-only", "--deck"], "plan: x\n  - y: : z\n", "line 2"),
        (["score"], "catastrophe: x\nplayers:\n  - [a\n", "line 4, column 1"),
    ],
)
def test_yaml_errors_name_the_line(
    command: list[str], text: str, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    code, output = invoke(*command, str(path))
    assert code == 1
    assert "not valid" in output.replace("\n", " ") and message in output, output
