"""Every registered game goes through every adapter, so no game ships half-wired: the command
line (play, cards, simulate, tournament, report, scenarios), the terminal table, the browser
table's page and the RL environments (every bot on every game: tests/bots). The deeper checks
of each adapter live in its own tests; this file makes sure a registered game reaches them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli import render
from doomtable.cli.app import app
from doomtable.engine import find_game, game_names
from doomtable.scenario import load_scenarios

runner = CliRunner()
SCENARIOS = Path(__file__).parent / "scenarios"


def shipped_games() -> list[str]:
    """The games this project ships (the tests' toy games are registered by hand)."""
    return [g for g in game_names() if find_game(g).state_class.__module__.startswith("doomtable.")]


def seats(game: str) -> int:
    spec = find_game(game)
    return spec.default_players or min(max(3, spec.min_players), spec.max_players)


def cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_every_game_of_the_rulebooks_is_registered() -> None:
    assert set(shipped_games()) >= {
        "doomlings",
        "doomlings-blackbox",
        "doom-on-you",
        "doom-pile",
        "were-doomed",
    }


@pytest.mark.parametrize("game", shipped_games())
def test_command_line(game: str, tmp_path: Path) -> None:
    players = str(seats(game))
    out = cli("play", game, "-p", players, "--seed", "1", "--bots-only")
    assert "Final scores" in out or "Solo" in out
    cards = json.loads(cli("cards", game, "--json"))
    assert cards and all(card["name"] and isinstance(card["text"], str) for card in cards)
    assert "games" in cli("simulate", game, "-n", "2", "-p", players, "-w", "1").lower()
    cli("tournament", game, "-n", "2", "-p", players, "--bots", "random,greedy", "-w", "1")
    report = tmp_path / "report.html"
    cli("report", game, "-n", "2", "-p", players, "-w", "1", "--out", str(report))
    assert report.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")
    assert render.table_renderer(game) is not None, f"{game} has no terminal table"
    assert find_game(game).rules_summary, f"{game} has no rules summary"


def test_every_game_has_rules_scenarios() -> None:
    played = {s.game for f in SCENARIOS.rglob("*.yaml") for s in load_scenarios(f)}
    missing = set(shipped_games()) - played
    assert not missing, f"no scenario under tests/scenarios/ plays {sorted(missing)}"


@pytest.mark.parametrize("game", shipped_games())
def test_browser_table_page(game: str) -> None:
    pages = pytest.importorskip("doomtable.web.pages", reason="the web extra is not installed")
    assert pages.page_of(game) is not None, f"{game} has no page at the browser table"


@pytest.mark.parametrize("game", shipped_games())
def test_reinforcement_learning_environment(game: str) -> None:
    pettingzoo_env = pytest.importorskip(
        "doomtable.rl.pettingzoo_env", reason="the rl extra is not installed"
    )
    env = pettingzoo_env.env(game, players=seats(game))
    env.reset(seed=1)
    observation, *_ = env.last()
    assert observation["action_mask"].any()
