"""Doom On You at the table: the log says what a block did, which animals left play and whom
Hunt hit; a decision with one choice is not asked."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.engine import GameState, new_game

# Player 1's Bull-doze (attack 2) attacks player 0, whose only guard is Alpaca-punch (defence 1).
SETUP = {
    "start": "attack",
    "first_defender": 0,
    "deck_top": ["Capture", "Capture", "Capture"],
    "players": {
        0: {"hand": [], "animals": ["Alpaca-punch"]},
        1: {"hand": [], "animals": ["Bull-doze"]},
        2: {"hand": []},
    },
}


def attacked_and_blocked() -> GameState:
    state = new_game("doom-on-you", 3, 1)
    state.setup_scenario(SETUP)
    for player, choice in [
        (0, "no bribe"),
        (1, "attack with Bull-doze"),
        (1, "done"),
        (2, "done"),
        (0, "block Bull-doze of player 1 with Alpaca-punch"),
        (0, "done"),
        (1, "pass"),
        (2, "pass"),
    ]:
        state.apply(player, choice)
    return state


def test_a_block_too_weak_says_so_and_animals_that_leave_play_are_logged() -> None:
    lines = attacked_and_blocked().log_lines(0)
    blocked_at = lines.index(
        "player 0 blocks Bull-doze with Alpaca-punch (1 defence): "
        "not enough, the attack goes on (1 more to stop it)"
    )
    assert lines[blocked_at + 1 : blocked_at + 4] == [
        "Alpaca-punch is removed from play (its defence is used up)",
        "Bull-doze takes 3 food from player 0 for player 1",
        "Bull-doze is removed from play (its attack is over)",
    ]


def test_single_choice_decisions_are_answered_for_the_human(tmp_path: Path) -> None:
    # Seed 3: seat 0 is offered "done" alone several times (with --no-auto-pass, 5 menus).
    result = CliRunner().invoke(
        app,
        ["play", "doom-on-you", "--seed", "3", "--save", str(tmp_path / "s.json")],
        input="1\n" * 20 + "quit\nn\n",
    )
    assert result.exit_code == 0, result.output
    assert ": done, the only choice)" in result.output
    asked = [line for line in result.output.splitlines() if line.startswith("1. done")]
    lone = [line for line in asked if line.strip() == "1. done"]
    assert lone == []  # a menu with "done" alone is never shown
