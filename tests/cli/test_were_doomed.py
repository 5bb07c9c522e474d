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
from doomtable.cli.savefile import read_save
from doomtable.engine import SaveFileError, new_game
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
    picking = new_game("were-doomed", 4, 5, {"realtime": True})
    assert isinstance(picking, WereDoomedState)
    session = RealtimeSession(picking, console, {}, 0)
    session._now = 12_000
    session._print_clock()
    assert "player 0 picks within 18s" in console.export_text()


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


def test_a_real_time_game_saves_on_quit_and_resumes_where_it_stood(tmp_path: Path) -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "minutes": 0.5})
    assert isinstance(state, WereDoomedState)
    save = tmp_path / "doomed.json"
    console = Console(width=200, record=True)
    bots = {1: "random", 2: "random", 3: "random"}
    session = RealtimeSession(
        state, console, bots, 0, source=io.StringIO("pick Theocracy\nquit\n"), save_path=save
    )
    assert session.play() == 0
    assert f"The game is saved in {save}" in console.export_text()
    loaded, table = read_save(save)  # replays the stamped log and checks the state
    assert isinstance(loaded, WereDoomedState)
    assert loaded == state and loaded.civ[0] == 1 and not loaded.is_over
    assert table["human"] == 0 and table["bots"] == {"1": "random", "2": "random", "3": "random"}
    resumed = RealtimeSession(
        loaded, Console(width=200, record=True), bots, 0, source=io.StringIO(""), speed=400.0
    )
    assert resumed.play() == 0
    assert loaded.is_over and loaded.log[: len(state.log)] == state.log


def test_ctrl_c_saves_a_real_time_game_from_its_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "minutes": 0.5})
    assert isinstance(state, WereDoomedState)
    ticks = iter(range(40))

    def interrupt_after_a_while(seconds: float) -> None:
        if next(ticks) == 30:
            raise KeyboardInterrupt

    monkeypatch.setattr("doomtable.cli.realtime.time.sleep", interrupt_after_a_while)
    save = tmp_path / "interrupted.json"
    bots = {1: "random", 2: "random", 3: "random"}
    session = RealtimeSession(
        state,
        Console(record=True),
        bots,
        0,
        source=io.StringIO("pick Theocracy\n"),
        speed=300.0,
        save_path=save,
    )
    assert session.play() == 130
    loaded, _ = read_save(save)
    assert loaded == session.state and loaded.civ[0] == 1  # Theocracy
    assert loaded.log[: len(state.log)] == state.log and loaded.clock >= state.clock


def rounds_played(*extra: str) -> float:
    args = ["simulate", "were-doomed", "-n", "2", "-p", "4", "-w", "1", "--json", *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rounds: dict[str, float] = json.loads(result.stdout)["rounds"]
    return rounds["mean"]


def test_simulate_tournament_and_report_take_game_options_like_play(tmp_path: Path) -> None:
    assert rounds_played("-o", "minutes=1") < rounds_played("-o", "minutes=3")
    for command in (
        ["simulate", "were-doomed", "-n", "1"],
        ["tournament", "were-doomed", "--bots", "random,greedy", "-n", "1"],
        ["report", "were-doomed", "-n", "1", "--out", str(tmp_path / "r.html")],
    ):
        bad = runner.invoke(app, [*command, "-w", "1", "-o", "minutes=soon"])
        assert bad.exit_code == 1 and "option minutes is a number, not 'soon'" in bad.output
        assert "Traceback" not in bad.output
    page = tmp_path / "quick.html"
    done = runner.invoke(
        app, ["report", "were-doomed", "-n", "2", "-w", "1", "-o", "minutes=1", "--out", str(page)]
    )
    assert done.exit_code == 0, done.output
    assert page.exists()


def test_the_final_table_names_bots_as_players_and_long_lines_wrap_at_words() -> None:
    state = new_game("were-doomed", 4, 5, {"realtime": True, "minutes": 0.3})
    assert isinstance(state, WereDoomedState)
    console = Console(width=48, record=True)
    session = RealtimeSession(
        state,
        console,
        {1: "random", 2: "greedy", 3: "random"},
        0,
        source=io.StringIO("pick Theocracy\n"),
        speed=400.0,
    )
    assert session.play() == 0
    text = console.export_text()
    for name in ("player 0 (you)", "player 1 (random bot)", "player 2 (greedy bot)"):
        assert name in text
    lines = text.splitlines()
    assert all(len(line) <= 48 for line in lines)
    flowing = " ".join(line.strip() for line in lines)
    for line in state.log_lines(0):
        assert " ".join(line.split()) in flowing  # every word whole, none cut at the edge


def test_bots_only_plays_a_fresh_event_deck_so_one_seed_gives_one_game(
    data_folder: Path,
) -> None:
    args = ["play", "were-doomed", "-p", "4", "--bots-only", "--bots", "random", "--seed", "1"]
    args += ["-o", "minutes=1", "--save", str(data_folder.parent / "save.json")]
    data_folder.mkdir()
    (data_folder / "were-doomed-kept.json").write_text("{broken", encoding="utf-8")
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output  # the kept deck is not read
    assert runner.invoke(app, args).output == first.output
    assert "Kept for the next game" not in first.output
    assert (data_folder / "were-doomed-kept.json").read_text() == "{broken"  # nor written


def test_a_human_game_continues_the_kept_event_deck_unless_fresh(data_folder: Path) -> None:
    order = new_game("were-doomed", 4, 7).snapshot()["event_order"]
    data_folder.mkdir()
    (data_folder / "were-doomed-kept.json").write_text(
        json.dumps({"game": "were-doomed", "kept": order}), encoding="utf-8"
    )
    assert timed_options("were-doomed", [], False, False) == [
        "realtime=true",
        f'event_order="{order}"',
    ]
    assert timed_options("were-doomed", [], False, True) == ["realtime=true"]
    assert timed_options("were-doomed", [], True, False) == []  # bots alone: a fresh deck
    (data_folder / "were-doomed-kept.json").write_text("{broken", encoding="utf-8")
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
    kept = data_folder / "were-doomed-kept.json"
    assert f"Kept for the next game in {kept}." in console.export_text()
    assert json.loads(kept.read_text())["kept"] == state.snapshot()["event_order"]


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
