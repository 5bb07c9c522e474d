"""``doomtable play`` on the toy pile game: bots alone, a human at the table, saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from scenario_runner.toy_pile import register_toy

register_toy()
runner = CliRunner()


def play(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=input)
    return result.exit_code, result.output


def test_bots_only_prints_the_log_and_scores_the_same_way_every_time() -> None:
    code, output = play("toy-pile", "--players", "3", "--seed", "4", "--bots-only")
    assert code == 0, output
    assert "Toy Pile: 3 players, seed 4" in output
    assert "Player 0 takes" in output
    assert "Final scores" in output and "★ winner" in output
    assert play("toy-pile", "--players", "3", "--seed", "4", "--bots-only")[1] == output
    assert play("toy-pile", "--players", "3", "--seed", "5", "--bots-only")[1] != output


def test_a_human_plays_by_number_and_by_label(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    moves = "3\nTAKE  3\n" + "1\n" * 20
    code, output = play(
        "toy-pile",
        "-p",
        "2",
        "--seed",
        "1",
        "--option",
        "pile=6",
        "--save",
        str(save),
        input=moves,
    )
    assert code == 0, output
    assert "1. take 1" in output and "Player 0: take 1 to 3 tokens" in output
    assert "Player 0 takes 3." in output
    assert "Final scores" in output and "you" in output


def test_bad_input_re_asks_with_the_reason() -> None:
    code, output = play(
        "toy-pile", "-p", "2", "--seed", "1", input="9\nfly away\nhelp\ntake 1\nquit\nn\n"
    )
    assert code == 0, output
    assert "There is no choice 9: type 1 to 3" in output
    assert "'fly away' is not a legal choice for player 0" in output
    assert "legal: take 1, take 2, take 3" in output
    assert "Ctrl-C saves the game" in output
    assert "Player 0 takes 1." in output
    assert "You left the table without saving." in output


def test_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, output = play(
        "toy-pile",
        "-p",
        "2",
        "--seed",
        "2",
        "--bots",
        "random",
        "--save",
        str(save),
        input="take 2\nsave\nquit\n",
    )
    assert code == 0, output
    assert f"Saved to {save}" in output
    data = json.loads(save.read_text())
    assert data["game"] == "toy-pile"
    assert {k: v for k, v in data["table"].items() if k != "seal"} == {
        "human": 0,
        "bots": {"1": "random"},
        "auto_pass": True,
        "undone": [],
    }
    decisions = len(data["log"])

    code, output = play("--load", str(save), input="1\n" * 20)
    assert code == 0, output
    assert f"Resumed toy-pile from {save} after {decisions} decisions." in output
    assert "Final scores" in output


def test_end_of_input_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = play("toy-pile", "-p", "2", "--seed", "1", input="")
    assert code == 0, output
    assert "saved in doomtable-save.json" in output
    assert json.loads((tmp_path / "doomtable-save.json").read_text())["game"] == "toy-pile"


def test_auto_pass_answers_empty_response_windows(tmp_path: Path) -> None:
    # Seat 1 is the human; with no boo left it is never asked about windows.
    args = ("toy-pile", "-p", "2", "--seed", "3", "--seat", "1", "--save", str(tmp_path / "x"))
    _, output = play(*args, input="boo\n" + "take 1\n" * 10)
    assert output.count("boo?") == 1  # once, while seat 1 still had its boo
    _, output = play(*args, "--no-auto-pass", input="boo\n" + "1\n" * 20)
    assert output.count("boo?") > 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "-p", "2"], "unknown game 'nope'"),
        (["toy-pile", "--think", "1s"], "add --bots ismcts"),
        (["toy-pile", "--bots", "ismcts", "--think", "soon"], "--think takes a time per move"),
        (["toy-pile", "-p", "9"], "takes 2 to 4 players, not 9"),
        (["toy-pile", "-p", "2", "-o", "size=3"], "has no option 'size'"),
        (["toy-pile", "-p", "2", "-o", "size"], "--option takes a game option key=value"),
        (["toy-pile", "-p", "2", "--tiebreak", "draw"], "has no tiebreak option"),
        (["toy-pile", "-p", "2", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["toy-pile", "-p", "3", "--bots", "random,random,random"], "3 names for 2 bot seats"),
        (["toy-pile", "-p", "2", "--seat", "2"], "--seat must be 0 to 1, not 2"),
        ([], "name a game to play"),
        (["--load", "missing.json"], "cannot read save file missing.json"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(args: list[str], message: str) -> None:
    code, output = play(*args)
    assert code == 1
    assert output.startswith("error: ") and message in output
    assert output.count("\n") == 1
    assert "Traceback" not in output


def test_bad_save_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    code, output = play("--load", str(junk))
    assert code == 1 and "is not a doomtable save: invalid JSON" in output
    junk.write_text('{"game": "toy-pile", "state": {}}')
    code, output = play("--load", str(junk))
    assert code == 1 and "'players' and 'seed' must be whole numbers" in output
    junk.write_text('{"no": "game"}')
    code, output = play("--load", str(junk))
    assert code == 1 and "no 'game' field" in output


def test_variant_is_passed_as_an_option(tmp_path: Path) -> None:
    code, output = play("toy-pile", "-p", "2", "--variant", "classic", "--bots-only")
    assert code == 0, output
    save = tmp_path / "s.json"
    play("toy-pile", "-p", "2", "--seed", "1", "--save", str(save), input="save\nquit\n")
    code, output = play("--load", str(save), "--seed", "3")
    assert code == 1 and "--seed cannot be used with --load" in output


def test_ctrl_c_saves_and_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(*args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("rich.console.Console.input", interrupt)
    save = tmp_path / "ctrl-c.json"
    code, output = play("toy-pile", "-p", "2", "--seed", "1", "--save", str(save))
    assert code == 130
    assert f"Interrupted. The game is saved in {save}." in output
    assert json.loads(save.read_text())["log"] == []


def test_players_default_to_four_and_think_times_ismcts() -> None:
    code, output = play(
        "toy-pile", "--seed", "2", "--bots-only", "--bots", "ismcts", "--think", "0.01s"
    )
    assert code == 0, output
    assert "Toy Pile: 4 players, seed 2" in output
    assert "ismcts:0.01s" in output


def test_a_six_player_doomlings_game_with_every_card_set_is_played_to_the_end() -> None:
    # A person at seat 0 takes the first choice each time; five random bots play the rest.
    code, output = play(
        "doomlings",
        "-p",
        "6",
        "--seed",
        "3",
        "-o",
        "sets=all",
        "--bots",
        "random",
        input="1\n" * 3000,
    )
    assert code == 0, output[-2000:]
    assert "Doomlings: 6 players, seed 3" in output
    from doomtable.games.doomlings.data import TRAIT_SET, TRAITS

    expansion_cards = {t.name for t, s in zip(TRAITS, TRAIT_SET, strict=True) if s != "base"}
    assert sum(name in output for name in expansion_cards) >= 10  # expansions' cards were dealt
    assert "Final scores" in output and "★ winner" in output
