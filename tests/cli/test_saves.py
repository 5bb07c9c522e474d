"""Saves lose no game and hand edits are refused (issue 11, "Saves")."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.savefile import save_text
from doomtable.engine import new_game
from scenario_runner.toy_pile import register_toy

register_toy()
runner = CliRunner()


def play(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.output


# --------------------------------------------------------------------------- writing


def test_a_save_that_fails_midway_keeps_the_old_save_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "game.json"
    save.write_text("the previous good save")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    moves = "y\nsave\ntake 1\nquit\nn\n"
    code, output = play("toy-pile", "-p", "2", "--seed", "1", "--save", str(save), input=moves)
    assert code == 0, output
    assert "Could not save to" in output and "No space left on device" in output
    assert "Player 0 takes 1." in output  # the game went on after the failed save
    assert save.read_text() == "the previous good save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temporary left


def test_a_save_into_a_folder_is_a_message_and_save_file_saves_elsewhere(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    other = tmp_path / "other.json"
    code, output = play(
        "toy-pile",
        "-p",
        "2",
        "--seed",
        "1",
        "--save",
        str(folder),
        input=f"y\nsave\ntake 2\nsave {other}\nquit\n",
    )
    assert code == 0, output
    assert f"Could not save to {folder}" in output
    assert f"Saved to {other}" in output
    assert json.loads(other.read_text())["log"][0][1] == ["take", 2]


def test_a_new_game_never_overwrites_an_existing_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    old = tmp_path / "doomtable-save.json"
    old.write_text("a 340-decision game")
    code, output = play("toy-pile", "-p", "2", "--seed", "1", input="")
    assert code == 0, output
    assert "doomtable-save.json holds another game; this one saves to doomtable-save-2.json" in (
        output
    )
    assert old.read_text() == "a 340-decision game"
    assert json.loads((tmp_path / "doomtable-save-2.json").read_text())["game"] == "toy-pile"


def test_an_existing_save_file_is_overwritten_only_when_the_player_says_so(
    tmp_path: Path,
) -> None:
    save = tmp_path / "mine.json"
    save.write_text("keep me")
    args = ("toy-pile", "-p", "2", "--seed", "1", "--save", str(save))
    code, output = play(*args, input="n\n")
    assert code == 1 and "was kept: give another --save file, or --load it" in output
    code, output = play(*args, input="")  # no answer: keep it
    assert code == 1 and save.read_text() == "keep me"
    code, output = play(*args, input="y\nsave\nquit\n")
    assert code == 0, output
    assert json.loads(save.read_text())["game"] == "toy-pile"


def test_closing_the_terminal_saves_like_ctrl_c(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "doomtable", "play", "doomlings", "-p", "2", "--seed", "3"]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert process.stdout is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"your choice>" not in seen and time.monotonic() < deadline:
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            break
        seen += chunk
    assert b"your choice>" in seen, seen.decode(errors="replace")
    process.send_signal(signal.SIGHUP)
    rest, _ = process.communicate(timeout=60)
    assert process.returncode == 130, (seen + rest).decode(errors="replace")
    saved = json.loads((tmp_path / "doomtable-save.json").read_text())
    assert saved["game"] == "doomlings" and saved["table"]["human"] == 0


# --------------------------------------------------------------------------- loading


def _doomlings_save(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    state = new_game("doomlings", players=3, seed=11)
    chooser = random.Random(5)
    for _ in range(40):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, chooser.choice(decision.options))
    table = {"human": 0, "bots": {"1": "random", "2": "greedy"}, "auto_pass": True}
    path = tmp_path / "game.json"
    path.write_text(save_text(state.to_dict(), table))
    return path, json.loads(path.read_text())


def test_an_untouched_save_loads_and_plays_on(tmp_path: Path) -> None:
    path, _ = _doomlings_save(tmp_path)
    code, output = play("--load", str(path), input="")
    assert code == 0, output
    assert "Resumed doomlings" in output and "after 40 decisions" in output


def _hand_card(data: dict[str, Any]) -> list[Any]:
    return next(hand for hand in data["state"]["hands"] if len(hand) >= 2)


def _duplicate(data: dict[str, Any]) -> None:
    hand = _hand_card(data)
    hand[1] = hand[0]


def _copied_to_deck(data: dict[str, Any]) -> None:
    data["state"]["deck"].append(_hand_card(data)[0])


def _lost(data: dict[str, Any]) -> None:
    data["state"]["deck"].pop()


def _unknown_card(data: dict[str, Any]) -> None:
    _hand_card(data)[0] = "no-such-trait"


def _wrong_type(data: dict[str, Any]) -> None:
    data["state"]["gene_pool"] = "lots"


def _negative_gene_pool(data: dict[str, Any]) -> None:
    data["state"]["gene_pool"][0] = -2


def _bool_for_int(data: dict[str, Any]) -> None:
    data["state"]["gene_pool"][1] = True


def _human_seat(data: dict[str, Any]) -> None:
    data["table"]["human"] = 1


def _illegal_log(data: dict[str, Any]) -> None:
    data["log"][3][1] = ["play", "no-such-trait"]


def _options(data: dict[str, Any]) -> None:
    data["options"]["eras"] = "many"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_duplicate, "twice in hand "),
        (_copied_to_deck, "is in deck and hand "),
        (_lost, "is missing from every zone"),
        (_unknown_card, "hands: 'no-such-trait' is not a trait of this game"),
        (_wrong_type, "refused: gene_pool is 'lots'"),
        (_negative_gene_pool, "refused: gene_pool[0] is -2"),
        (_bool_for_int, "refused: gene_pool[1] is true"),
        (_human_seat, "the human seat was changed by hand (saved as 0, now 1)"),
        (_illegal_log, "decision 4 of the log"),
        (_options, "option eras is a whole number"),
    ],
)
def test_a_hand_edited_save_is_refused_in_one_line(tmp_path: Path, edit: Any, message: str) -> None:
    path, data = _doomlings_save(tmp_path)
    edit(data)
    path.write_text(json.dumps(data))
    code, output = play("--load", str(path))
    assert code == 1
    assert output.startswith("error: ") and output.count("\n") == 1, output
    assert message in output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"game": "doomlings", \xff\xfe}', "is not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "nested too deeply"),
        (b"[1, 2]", "the JSON is not an object"),
    ],
)
def test_broken_bytes_and_deep_nesting_are_one_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    code, output = play("--load", str(path))
    assert code == 1
    assert output.startswith("error: ") and output.count("\n") == 1, output
    assert message in output


def test_a_refused_save_names_the_card_not_its_number(tmp_path: Path) -> None:
    from doomtable.games.doomlings.ids import card_tables
    from doomtable.games.doomlings.state import CARD

    path, data = _doomlings_save(tmp_path)
    hand = _hand_card(data)  # named by slug in the save
    seat = data["state"]["hands"].index(hand)
    hand[1] = hand[0]
    path.write_text(json.dumps(data))
    code, output = play("--load", str(path))
    assert code == 1
    card = card_tables()["trait"].index(hand[0])
    assert f"refused: {CARD[card].name} is twice in hand {seat}" in output
    assert f"card {card} " not in output


def test_quit_asks_whether_to_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ("toy-pile", "-p", "2", "--seed", "1", "--save", str(save))
    code, output = play(*args, input="take 1\nquit\nn\n")
    assert code == 0, output
    assert "Save the game before leaving?" in output
    assert "You left the table without saving." in output and not save.exists()

    code, output = play(*args, input="take 1\nquit\ny\n")
    assert code == 0, output
    assert f"You left the table. The game is saved in {save}." in output
    assert json.loads(save.read_text())["log"][0][1] == ["take", 1]


def test_a_finished_game_removes_its_saves_so_the_next_game_takes_the_first_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = play("toy-pile", "-p", "2", "--seed", "1", input="take 1\nsave\n")
    assert code == 0, output
    saved = tmp_path / "doomtable-save.json"
    assert saved.exists()

    code, output = play("--load", str(saved), input="1\n" * 20)
    assert code == 0, output
    assert "Final scores" in output
    assert f"The game is over: its save {saved} was removed." in output
    assert list(tmp_path.iterdir()) == []

    code, output = play("toy-pile", "-p", "2", "--seed", "2", input="save\n" + "1\n" * 20)
    assert code == 0, output
    assert "holds another game" not in output  # the first name is free again
    assert "The game is over: its save doomtable-save.json was removed." in output
    assert list(tmp_path.iterdir()) == []
