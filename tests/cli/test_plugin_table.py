"""A game names its own terminal table in its spec, so a game from another package ships its
own table: nothing in doomtable's adapters lists games by name."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli import render
from doomtable.cli.app import app
from doomtable.engine import register_game
from scenario_runner.toy_pile import SPEC


@pytest.fixture
def plugin_table() -> Iterator[None]:
    register_game(replace(SPEC, terminal_table="cli.plugin_table"))
    try:
        yield
    finally:
        register_game(SPEC)


def test_a_plugin_games_table_is_found_through_its_spec(plugin_table: None, tmp_path: Path) -> None:
    args = ["play", "toy-pile", "-p", "2", "--seed", "1", "--save", str(tmp_path / "s.json")]
    result = CliRunner().invoke(app, args, input="help\nquit\nn\n")
    assert result.exit_code == 0, result.output
    assert "PLUGIN TABLE, pile of 7" in result.output
    assert "Plugin pile: type take N." in result.output  # its HELP, added to the table's help
    assert "no table for" not in result.output


def test_a_game_without_a_table_gets_the_generic_one() -> None:
    register_game(SPEC)
    assert render.table_renderer("toy-pile") is None
    assert render.table_renderer("no-such-game") is None
