"""We're Doomed! at the terminal: the real-clock session, the table, the kept event deck."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.realtime import RealtimeSession, keep_for_next_game, timed_options
from doomtable.cli.render import render_view
from doomtable.engine import SaveFileError, new_game
from doomtable.games.were_doomed import WereDoomedState
from doomtable.games.were_doomed.deckfile import save_order

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


def test_bots_only_plays_a_fresh_event_deck_so_one_seed_gives_one_game(
    data_folder: Path,
) -> None:
    args = ["play", "were-doomed", "-p", "4", "--bots-only", "--bots", "random", "--seed", "1"]
    args += ["-o", "minutes=1", "--save", str(data_folder.parent / "save.json")]
    data_folder.mkdir()
    (data_folder / "were-doomed-events.json").write_text("{broken", encoding="utf-8")
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output  # the kept deck is not read
    assert runner.invoke(app, args).output == first.output
    assert "Kept for the next game" not in first.output
    assert (data_folder / "were-doomed-events.json").read_text() == "{broken"  # nor written


def test_a_human_game_continues_the_kept_event_deck_unless_fresh(data_folder: Path) -> None:
    order = new_game("were-doomed", 4, 7).snapshot()["event_order"]
    save_order(order)
    assert timed_options("were-doomed", [], False, False) == [
        "realtime=true",
        f'event_order="{order}"',
    ]
    assert timed_options("were-doomed", [], False, True) == ["realtime=true"]
    assert timed_options("were-doomed", [], True, False) == []  # bots alone: a fresh deck
    (data_folder / "were-doomed-events.json").write_text("{broken", encoding="utf-8")
    with pytest.raises(SaveFileError, match="--fresh-events"):
        timed_options("were-doomed", [], False, False)


def test_a_finished_human_game_keeps_its_event_deck_for_the_next(data_folder: Path) -> None:
    state = new_game("were-doomed", 4, 5, {"minutes": 0.5})
    assert isinstance(state, WereDoomedState)
    state.play_without_humans()
    while (decision := state.pending) is not None:
        state.apply(decision.player, decision.options[0])
    console = Console(width=120, record=True)
    keep_for_next_game(state, console)
    kept = data_folder / "were-doomed-events.json"
    assert f"Kept for the next game in {kept}." in console.export_text()
    assert json.loads(kept.read_text())["order"] == state.snapshot()["event_order"]


def test_any_card_can_be_read_while_the_clock_runs() -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "minutes": 0.2})
    console = Console(width=120, record=True)
    session = RealtimeSession(
        state, console, {1: "random", 2: "random", 3: "random"}, 0,
        source=io.StringIO("card technoc\n? zzqx\npick Theocracy\n"), speed=400.0,
    )  # fmt: skip
    assert session.play() == 0
    text = console.export_text()
    assert "Produce: gain 3 Resources instead of 2." in text  # Technocracy
    assert "We're Doomed! has no card 'zzqx'" in text
