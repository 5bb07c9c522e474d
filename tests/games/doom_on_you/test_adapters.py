"""Doom On You through the command line: simulate, tournament, report and play."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from doomtable.cli.app import app

runner = CliRunner()


def invoke(*args: str, given: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=given)
    return result.exit_code, result.output


def test_simulate_plays_every_game_to_the_end() -> None:
    code, output = invoke(
        "simulate", "doom-on-you", "-n", "8", "-p", "4", "--bots", "random,greedy", "-w", "1",
        "--json",
    )  # fmt: skip
    assert code == 0, output
    summary = json.loads(output)
    assert summary["game"] == "doom-on-you" and summary["players"] == 4
    assert summary["finished"] == 8 and summary["unfinished"] == 0
    wins = sum(entry["wins"] for entry in summary["wins_by_bot"].values())
    assert wins == 8  # a shared win is split, so the shares add up to one per game
    assert summary["rounds"]["min"] >= 1  # game length in attack rounds, from the snapshot


def test_tournament_pairs_the_bots() -> None:
    code, output = invoke(
        "tournament", "doom-on-you", "-n", "2", "-p", "3", "--bots", "random,greedy", "-w", "1",
        "--json",
    )  # fmt: skip
    assert code == 0, output
    result = json.loads(output)
    assert result["games"] == 2 and result["unfinished"] == 0
    assert {entry["bot"] for entry in result["pairwise"]} == {"random", "greedy"}


def test_report_writes_a_page(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    code, output = invoke("report", "doom-on-you", "-n", "6", "-w", "1", "--out", str(out))
    assert code == 0, output
    page = out.read_text(encoding="utf-8")
    assert "Doom On You" in page and "<svg" in page
    assert "Rounds" in page


def test_play_bots_only_reaches_the_end() -> None:
    code, output = invoke("play", "doom-on-you", "--players", "4", "--seed", "3", "--bots-only")
    assert code == 0, output
    assert "Final scores" in output and "game over" in output


def test_play_draws_the_doom_on_you_table_for_the_human(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    code, output = invoke(
        "play", "doom-on-you", "--players", "4", "--seed", "3", "--save", str(save),
        given="save\nquit\n",
    )  # fmt: skip
    assert code == 0, output
    assert "Doom On You ·" in output and "Your hand (" in output
    assert "Animal pile" in output
    assert save.exists()
