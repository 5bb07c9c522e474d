"""Every registered game, and every Doomlings variation, is played for a few turns at the
terminal and drawn by its own table: never the generic dict fallback, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from doomtable.cli import render
from doomtable.cli.app import app
from doomtable.engine import TimedGameState, find_game, game_names
from doomtable.games.doomlings.variants import VARIANTS

runner = CliRunner()


def shipped_games() -> list[str]:
    """Every game the registry finds that this project ships (the tests' toy games, registered
    by hand, are drawn generically on purpose)."""
    return [
        name
        for name in game_names()
        if find_game(name).state_class.__module__.startswith("doomtable.")
    ]


def no_fallback(view: dict[str, Any]) -> Any:
    raise AssertionError(f"{view.get('game')} was drawn by the generic fallback")


def play_a_few_turns(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.setattr(render, "render_generic", no_fallback)
    drawn: list[str] = []
    found = render.table_renderer

    def counting(game: str) -> Any:
        renderer = found(game)
        if renderer is None:
            return None

        def counted(view: dict[str, Any]) -> Any:
            drawn.append(game)
            return renderer(view)

        return counted

    monkeypatch.setattr(render, "table_renderer", counting)
    result = runner.invoke(app, ["play", *args, "--seed", "3"], input="1\n" * 12 + "quit\nn\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out
    assert "(no table for" not in out and "could not be drawn" not in out
    assert drawn and set(drawn) == {args[0]}, drawn  # the game's own table, every time
    if not issubclass(find_game(args[0]).state_class, TimedGameState):
        # Turn-based: a few turns were played. A real-time table takes commands as they
        # come while its clock runs, so it has no prompt to count.
        assert out.count("your choice>") >= 5
    return out


def test_the_project_ships_games_and_each_has_a_table() -> None:
    games = shipped_games()
    assert {"doomlings", "doomlings-blackbox", "doom-on-you"} <= set(games)
    missing = [game for game in games if render.table_renderer(game) is None]
    assert not missing, f"no terminal table for {missing}: name one in the GameSpec"


@pytest.mark.parametrize("game", shipped_games())
def test_every_registered_game_is_drawn_by_its_own_table(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = find_game(game)
    players = min(max(3, spec.min_players), spec.max_players)
    play_a_few_turns(monkeypatch, game, "--players", str(players))


@pytest.mark.parametrize("edition", ["doomlings", "doomlings-blackbox"])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_doomlings_variation_is_drawn_by_the_doomlings_table(
    edition: str, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = "1" if variant == "genetic-mishap" else "3"
    out = play_a_few_turns(monkeypatch, edition, "--players", players, "--variant", variant)
    assert "Your hand" in out  # the Doomlings table, with the seat's hand
    assert " · Era " in out and "Your hand" in out  # the header: round (or before it), era
    assert "{'" not in out  # no raw dict anywhere


def test_a_view_the_game_table_cannot_read_is_never_drawn_silently(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(render, "render_generic", no_fallback)
    with pytest.raises(AssertionError, match="generic fallback"):
        render.render_view({"game": "doomlings", "viewer": 0})
    with pytest.raises(AssertionError, match="generic fallback"):
        render.render_view({"game": "chess", "viewer": 0})
