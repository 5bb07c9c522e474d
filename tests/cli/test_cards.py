"""``doomtable cards`` on the toy pile game."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from doomtable.cli.app import app
from scenario_runner.toy_pile import register_toy

register_toy()
runner = CliRunner()


def cards(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["cards", *args])
    return result.exit_code, result.output


def test_every_card_with_its_text() -> None:
    code, output = cards("toy-pile")
    assert code == 0, output
    assert "Toy Pile: 2 cards" in output
    assert "Take 1 to 3 tokens." in output and "Put one token back." in output
    assert "action" in output and "response · red" in output


def test_one_card_any_case() -> None:
    code, output = cards("TOY_PILE", "  bOO ")
    assert code == 0, output
    assert "Put one token back." in output and "Take 1" not in output


def test_json() -> None:
    code, output = cards("toy-pile", "--json")
    assert code == 0, output
    assert [card["name"] for card in json.loads(output)] == ["Take", "Boo"]
    code, output = cards("toy-pile", "boo", "--json")
    assert json.loads(output) == [
        {"name": "Boo", "kind": "response", "colors": ["red"], "text": "Put one token back."}
    ]


def test_unknown_card_suggests_names() -> None:
    code, output = cards("toy-pile", "Tkae")  # a close spelling is read as the table reads it
    assert code == 0 and "Take 1 to 3 tokens." in output
    code, output = cards("toy-pile", "tak3x")
    assert code == 1
    assert output == "error: Toy Pile has no card 'tak3x'; did you mean Take?\n"
    code, output = cards("toy-pile", "zzzz")
    assert code == 1 and output == "error: Toy Pile has no card 'zzzz'\n"


def test_unknown_game() -> None:
    code, output = cards("nope")
    assert code == 1 and output.startswith("error: unknown game 'nope'")


def test_a_card_is_found_as_the_table_finds_it() -> None:
    code, output = cards("doomlings", "apex")
    assert code == 0, output
    assert "Apex Predator" in output and "did you mean" not in output
    code, output = cards("doomlings", "apex pred", "--json")
    assert [card["name"] for card in json.loads(output)] == ["Apex Predator"]
    code, output = cards("doomlings", "late")  # the whole name wins over Late-starting ones
    assert [line for line in output.splitlines() if "─ Late" in line]
