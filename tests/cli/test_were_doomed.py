"""We're Doomed! at the terminal: the real-clock session, the table, the kept event deck."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.realtime import RealtimeSession
from doomtable.cli.render import render_view
from doomtable.engine import new_game
from doomtable.games.were_doomed import WereDoomedState

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("DOOMTABLE_DATA", str(folder))
    return folder


def test_the_table_shows_clock_project_leaders_and_events_in_play() -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"],
            "coin": 0,
            "in_play": ["Nuclear Treaty"],
            "project": 52,
            "players": {2: {"resources": 7}},
        }
    )
    console = Console(width=120, record=True)
    console.print(render_view(state.view(0)))
    text = console.export_text()
    for part in ("15:00", "Project 52 → 2 seats", "Corporatocracy", "Nuclear Treaty", "(you)"):
        assert part in text
    assert " 7 " in text


def test_the_table_and_the_clock_line_show_the_contribute_countdown() -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "quiet": 10})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {"civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"], "coin": 0}
    )
    for seat in range(4):
        state.apply(seat, "produce")
    state.advance_clock(state.clock + 3_500)
    console = Console(width=120, record=True)
    console.print(render_view(state.view(0)))
    assert "Contributions close in 7s unless someone raises" in console.export_text()
    session = RealtimeSession(state, console, {}, 0)
    session._now = state.clock + 1_000
    session._print_clock()
    assert "contributions close in 6s" in console.export_text()


def test_a_human_plays_short_commands_while_the_clock_runs() -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "minutes": 0.5})
    assert isinstance(state, WereDoomedState) and state.coin == 0
    typed = "pick Theocracy\ninvade 9\n"
    console = Console(width=120, record=True)
    session = RealtimeSession(
        state,
        console,
        {1: "random", 2: "random", 3: "random"},
        0,
        source=io.StringIO(typed),
        speed=200.0,
    )
    assert session.play() == 0
    text = console.export_text()
    assert state.is_over and "Final scores" in text
    assert state.civ[0] == 1  # Theocracy
    assert "'invade 9' is not a legal choice" in text or "Nothing for you" in text
    times = [entry[2] for entry in state.log]
    assert times == sorted(times)


def test_bots_only_keeps_the_event_order_and_fresh_events_starts_over(data_folder: Path) -> None:
    args = [
        "play",
        "were-doomed",
        "-p",
        "4",
        "--bots-only",
        "--bots",
        "random",
        "-o",
        "minutes=1",
        "--save",
        str(data_folder.parent / "save.json"),
    ]
    first = runner.invoke(app, [*args, "--seed", "1"])
    assert first.exit_code == 0, first.output
    kept = json.loads((data_folder / "were-doomed-events.json").read_text())["order"]
    second = runner.invoke(app, [*args, "--seed", "2"])
    assert second.exit_code == 0, second.output
    assert "Event deck kept" in second.output
    (data_folder / "were-doomed-events.json").write_text("{broken", encoding="utf-8")
    broken = runner.invoke(app, [*args, "--seed", "3"])
    assert broken.exit_code == 1 and "--fresh-events" in broken.output
    assert "Traceback" not in broken.output
    fresh = runner.invoke(app, [*args, "--seed", "3", "--fresh-events"])
    assert fresh.exit_code == 0, fresh.output
    assert kept != json.loads((data_folder / "were-doomed-events.json").read_text())["order"]
