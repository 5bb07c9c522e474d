"""A huge run builds its tasks as it plays them, and Ctrl-C keeps the finished games (issue 11)."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from bots.toygame import SPEC
from doomtable.engine import registry
from doomtable.sim import RotatedTasks, make_tasks, rotated_lineups, run, runner

HUGE = 100_000_000_000


def _interrupt_after(games: int) -> object:
    def progress(done: int, total: int) -> None:
        if done == games:
            raise KeyboardInterrupt

    return progress


def test_rotated_tasks_are_the_tasks_of_the_lineups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, SPEC.name, SPEC)
    bots = ["random", "greedy", "random"]
    lazy = RotatedTasks(SPEC, bots, 3, 7, 10)
    assert list(lazy) == make_tasks(SPEC, rotated_lineups(bots, 3, 10), 3, 7)
    assert lazy[-1] == lazy[9] and lazy[2:4] == [lazy[2], lazy[3]]
    assert len(RotatedTasks(SPEC, bots, 3, 7, HUGE)) == HUGE


def test_a_hundred_billion_games_start_at_once_and_stop_on_ctrl_c() -> None:
    result = run(SPEC, HUGE, 2, ["random"], workers=1, progress=_interrupt_after(3))  # type: ignore[arg-type]
    assert result.interrupted
    assert [r.index for r in result.records] == [0, 1, 2]


def test_ctrl_c_on_a_pool_stops_the_workers_and_keeps_finished_games() -> None:
    result = run(SPEC, HUGE, 2, ["random"], workers=2, progress=_interrupt_after(20))  # type: ignore[arg-type]
    assert result.interrupted and len(result.records) >= 20
    assert sorted({r.index for r in result.records}) == [r.index for r in result.records]


def test_ctrl_c_in_simulate_reports_and_writes_the_finished_games(
    app: typer.Typer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = runner.play_game
    count = 0

    def play_then_interrupt(task: runner.Task) -> runner.GameRecord:
        nonlocal count
        count += 1
        if count == 6:
            raise KeyboardInterrupt
        return played(task)

    monkeypatch.setattr(runner, "play_game", play_then_interrupt)
    rows = tmp_path / "games.csv"
    result = CliRunner().invoke(
        app,
        ["simulate", "toy-trick", "-n", str(HUGE), "-p", "2", "-w", "1", "--csv", str(rows)],
    )
    assert result.exit_code == 130, result.output
    assert f"Interrupted: 5 of {HUGE} games finished." in result.output
    assert "toy-trick: 5 games" in result.output
    with rows.open() as handle:
        assert len(list(csv.DictReader(handle))) == 5


def test_ctrl_c_at_the_terminal_leaves_no_worker_tracebacks(tmp_path: Path) -> None:
    rows = tmp_path / "games.csv"
    command = [sys.executable, "-m", "doomtable", "simulate", "doomlings", "-n", str(HUGE)]
    process = subprocess.Popen(
        [*command, "-p", "2", "-w", "2", "--csv", str(rows)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(4)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the whole process group
    out, err = process.communicate(timeout=60)
    text = (out + err).decode(errors="replace")
    assert process.returncode == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    finished = int(text.split("Interrupted: ")[1].split(" of ")[0])
    if finished:
        with rows.open() as handle:
            assert len(list(csv.DictReader(handle))) == finished
