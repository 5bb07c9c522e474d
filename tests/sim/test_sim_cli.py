"""`simulate`, `tournament` and `report` through typer's CliRunner."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

runner = CliRunner()


def invoke(app: typer.Typer, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_simulate_table(app: typer.Typer) -> None:
    code, output = invoke(
        app, "simulate", "toy-trick", "--games", "6", "--players", "3", "--bots", "random,greedy"
    )
    assert code == 0, output
    assert "toy-trick: 6 games, 3 players, seed 0" in output
    assert "greedy" in output and "by seat" in output and "rounds per game" in output


def test_simulate_json_and_csv(app: typer.Typer, tmp_path: Path) -> None:
    rows = tmp_path / "games.csv"
    args = ["simulate", "toy_trick", "-n", "4", "-p", "2", "--seed", "3", "--workers", "1"]
    code, output = invoke(app, *args, "--json", "--csv", str(rows))
    assert code == 0, output
    summary = json.loads(output)
    assert summary["games"] == 4 and summary["seed"] == 3 and summary["players"] == 2
    with rows.open() as handle:
        assert len(list(csv.DictReader(handle))) == 4


def test_tournament(app: typer.Typer) -> None:
    code, output = invoke(
        app, "tournament", "toy-trick", "--bots", "random,ismcts:10", "-n", "4", "-p", "2"
    )
    assert code == 0, output
    assert "4 games per pair" in output and "rating" in output and "ismcts:10" in output
    code, output = invoke(
        app, "tournament", "toy-trick", "--bots", "random,greedy:1", "-n", "2", "--json"
    )
    assert code == 0, output
    assert json.loads(output)["games"] == 2


def test_report(app: typer.Typer, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    code, output = invoke(app, "report", "toy-trick", "--games", "4", "--out", str(page))
    assert code == 0, output
    assert f"wrote {page}" in output.replace("\n", "")
    html = page.read_text()
    assert "<svg" in html
    # greedy bots by default, named in the title and described on the page
    assert "4 simulated games, bots greedy</title>" in html
    assert "<li><b>greedy</b>: one step of look-ahead" in html


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "error: unknown game 'chess'"),
        (["simulate", "toy-trick", "--bots", "random,deep-blue"], "unknown bot 'deep-blue'"),
        (["simulate", "toy-trick", "--bots", "random,"], "bad --bots"),
        (["simulate", "toy-trick", "--games", "0"], "at least 1, not 0"),
        (["simulate", "toy-trick", "--games", "-3"], "at least 1, not -3"),
        (["simulate", "toy-trick", "--players", "7"], "2 to 5 players, not 7"),
        (["simulate", "toy-trick", "--workers", "0"], "workers must be at least 1"),
        (["simulate", "toy-trick", "--backend", "slurm"], "unknown backend 'slurm'"),
        (["simulate", "toy-trick", "--address", "127.0.0.1:6379"], "only for the ray backend"),
        (["tournament", "toy-trick", "--bots", "random"], "at least two bots"),
        (["tournament", "toy-trick", "--games", "0"], "at least 1, not 0"),
        (["report", "toy-trick", "--bots", "ismcts:0"], "positive whole number"),
        (["report", "toy-trick", "-n", "2", "--out", "/nonexistent/dir/r.html"], "cannot write"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(app: typer.Typer, args: list[str], message: str) -> None:
    code, output = (
        invoke(app, *args, "--workers", "1") if "--workers" not in args else invoke(app, *args)
    )
    assert code == 1, output
    assert message in output
    assert "Traceback" not in output
    assert len(output.strip().splitlines()) == 1, output


def test_registered_in_main_app() -> None:
    from doomtable.cli.app import LAZY_COMMANDS

    assert {LAZY_COMMANDS[name][0] for name in ("simulate", "tournament", "report")} == {
        "sim_commands"
    }
