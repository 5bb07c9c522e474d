"""Every game declares its options' types and ranges; bad values are refused (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.common import parse_option
from doomtable.engine import BadOptionError, find_game, game_names, new_game


@pytest.mark.parametrize("game", game_names())
def test_every_option_is_declared_and_its_default_fits(game: str) -> None:
    spec = find_game(game)
    assert set(spec.default_options) == set(spec.option_schema)
    for key, value in spec.default_options.items():
        assert spec.option_schema[key].check(key, value) == value


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("doom-on-you", "max_attack_rounds=abc", "max_attack_rounds is a whole number"),
        ("doom-on-you", "max_attack_rounds=-5", "max_attack_rounds is from 0"),
        ("doom-on-you", "max_attack_rounds=2.5", "whole number"),
        ("doom-on-you", "max_attack_rounds=true", "whole number"),
        ("doom-on-you", "successful_return=maybe", "successful_return is true or false"),
        ("doom-on-you", "successful_return=1", "true or false"),
        ("doomlings", "eras=abc", "eras is a whole number"),
        ("doomlings", "eras=9", "eras is the number of era piles: 3, or 4 with"),
        ("doomlings", "tiebreak=coin", "tiebreak is one of casual, draw, not 'coin'"),
        ("doomlings", "variant=7", "variant is text"),
    ],
)
def test_a_bad_option_value_is_refused(game: str, text: str, message: str) -> None:
    key, value = parse_option(text)
    with pytest.raises(BadOptionError, match=message):
        new_game(game, players=2, seed=1, options={key: value})


def test_good_option_values_are_taken() -> None:
    options: dict[str, Any] = dict(
        parse_option(t) for t in ("max_attack_rounds=5", "successful_return=true")
    )
    state = new_game("doom-on-you", players=3, seed=1, options=options)
    assert state.options["max_attack_rounds"] == 5
    assert state.options["successful_return"] is True


def test_the_play_command_refuses_a_bad_option_in_one_line() -> None:
    result = CliRunner().invoke(
        app, ["play", "doom-on-you", "--bots-only", "-o", "max_attack_rounds=abc"]
    )
    assert result.exit_code == 1
    assert "max_attack_rounds is a whole number, not 'abc'" in result.output
    assert "Traceback" not in result.output
