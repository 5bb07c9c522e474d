"""``undo`` at the terminal table: takes back your last decision unless something hidden was
shown to you since; the log marks it and saves keep the mark."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from doomtable.cli.app import app

runner = CliRunner()


def play(*args: str, input: str) -> str:
    result = runner.invoke(app, ["play", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def test_undo_takes_back_a_placement_and_the_game_goes_on_from_before_it(tmp_path: Path) -> None:
    # Doom On You, seed 1: seat 0 places animals in the prep round; nothing is drawn meanwhile.
    save = tmp_path / "s.json"
    output = play(
        "doom-on-you", "--seed", "1", "--save", str(save),
        input="place bull\nundo\nplace deter\nsave\nquit\nn\n",
    )  # fmt: skip
    assert "You took back decision 1 (place Bull-doze)." in output
    assert "player 0 places Deter-tle" in output
    data = json.loads(save.read_text())
    assert len(data["log"]) == 1
    assert data["table"]["undone"] == [{"decision": 1, "label": "place Bull-doze", "event": 2}]

    resumed = play("--load", str(save), input="log\nquit\nn\n")
    log = resumed[resumed.index("your choice>") :]
    assert log.index("(undone: decision 1, place Bull-doze)") < log.index("player 0 places Deter")


def test_undo_is_refused_once_a_hidden_card_was_shown_to_you(tmp_path: Path) -> None:
    # Doomlings, seed 1: seat 0 plays Kidney and draws Selective Memory at once.
    output = play(
        "doomlings", "--seed", "1", "--save", str(tmp_path / "s.json"),
        input="play kidney\nundo\nquit\nn\n",
    )  # fmt: skip
    assert (
        "Cannot undo decision 1: since then you saw 'player 0 draws Selective Memory.', "
        "which the other players did not."
    ) in output
    assert "You took back" not in output


def test_nothing_to_undo_at_the_first_decision(tmp_path: Path) -> None:
    output = play(
        "doom-on-you", "--seed", "1", "--save", str(tmp_path / "s.json"), input="undo\nquit\nn\n"
    )
    assert "Nothing to undo: you have not decided anything yet." in output


def test_a_save_with_a_malformed_undo_record_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    play("doom-on-you", "--seed", "1", "--save", str(save), input="1\nundo\nsave\nquit\nn\n")
    data = json.loads(save.read_text())
    data["table"]["undone"] = [{"decision": "one"}]
    save.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--load", str(save)])
    assert result.exit_code == 1
    assert "refused: 'undone' is not a list of decisions taken back" in result.output
