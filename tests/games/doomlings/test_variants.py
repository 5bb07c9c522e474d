"""Option checks for the game variations, through the registry and the command line."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.engine import BadOptionError, new_game

GAMES = ("doomlings", "doomlings-blackbox")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (
            2,
            {"variant": "nope"},
            "option variant is one of none, intelligent-design, strategic-start, "
            "genetic-mishap, stunted-growth, prosperous-world, not 'nope'",
        ),
        (
            2,
            {"variant": "genetic-mishap"},
            "genetic-mishap is a solo mode: play it with --players 1",
        ),
        (5, {"variant": "intelligent-design"}, "intelligent-design is for 2 to 4 players, not 5"),
        (5, {"variant": "prosperous-world"}, "prosperous-world is for 2 to 4 players, not 5"),
        (3, {"eras": 4}, "eras may be 4 only with --variant prosperous-world (default 3)"),
        (
            3,
            {"variant": "stunted-growth", "eras": 4},
            "eras may be 4 only with --variant prosperous-world (default 3)",
        ),
        (
            3,
            {"variant": "prosperous-world", "eras": 5},
            "eras is the number of era piles: 3, or 4 with --variant prosperous-world; not 5",
        ),
        (1, {}, "Doomlings needs 2 to 8 players (1 only with --variant genetic-mishap)"),
        (
            1,
            {"variant": "strategic-start"},
            "Doomlings needs 2 to 8 players (1 only with --variant genetic-mishap)",
        ),
    ],
)
def test_bad_variant_options_are_refused_with_a_reason(
    game: str, players: int, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadOptionError, match=f"^{re.escape(message)}$"):
        new_game(game, players, 1, options)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {"variant": "genetic-mishap"}),
        (4, {"variant": "intelligent-design"}),
        (2, {"variant": "intelligent-design"}),
        (6, {"variant": "strategic-start"}),
        (6, {"variant": "stunted-growth"}),
        (4, {"variant": "prosperous-world", "eras": 4}),
        (2, {"variant": "prosperous-world", "eras": 3}),
    ],
)
def test_allowed_combinations_deal_a_game(game: str, players: int, options: dict[str, Any]) -> None:
    state = new_game(game, players, 1, options)
    assert state.pending is not None
    assert state.options["variant"] == options["variant"]


def test_the_play_command_refuses_an_unknown_variant() -> None:
    result = CliRunner().invoke(app, ["play", "doomlings", "--variant", "nope"])
    assert result.exit_code == 1
    assert "option variant is one of" in result.output and "not 'nope'" in result.output
    assert "genetic-mishap" in result.output  # the message lists the variants
    assert "Traceback" not in result.output
