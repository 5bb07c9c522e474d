"""The Doom On You table, drawn from views of real games (never from the state itself)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console

from doomtable.cli import render_doom_on_you
from doomtable.cli.render import render_view
from doomtable.engine import Rng, new_game
from doomtable.games.doom_on_you import DoomOnYouState


def draw(view: dict[str, Any], width: int = 140, height: int = 60) -> str:
    console = Console(
        width=width, height=height, record=True, color_system=None, force_terminal=False
    )
    console.print(render_view(view))
    return console.export_text()


def position() -> DoomOnYouState:
    """Player 0's Hand-a got through to player 1; player 2 is about to be attacked."""
    s = new_game("doom-on-you", 3, 7, {})
    assert isinstance(s, DoomOnYouState)
    s.setup_scenario(
        {
            "start": "attack",
            "first_defender": 1,
            "deck_top": ["Capture", "Force Field"],
            "players": {
                "0": {"hand": [], "animals": ["Hand-a", "Deter-tle"]},
                "1": {"hand": ["Hunt", "Camo"]},
                "2": {"hand": ["Deflect"], "animals": ["Rhino-ssault", "Hunting-bird"], "food": 6},
            },
        }
    )
    for player, label in [
        (1, "no bribe"),
        (2, "done"),
        (0, "attack with Hand-a"),
        (0, "done"),
        (2, "done"),  # back in the negotiation: player 0 acted after player 2's done
        (1, "done"),
        (2, "pass"),
        (0, "pass"),
    ]:
        s.apply(player, label)
    return s


def test_position_is_what_the_test_expects() -> None:
    s = position()
    assert s.revealed and s.revealed[0][:2] == (0, 1)
    assert s.pending is not None and s.pending.player == 2


def test_table_shows_food_piles_and_hand() -> None:
    s = position()
    text = draw(s.view(0))
    assert "Doom On You · Attack round 1" in text
    assert "Deter-tle ⚔1 ⛨2 ◆1" in text  # pile animal with its numbers
    assert "Rhino-ssault ⚔2 ⛨2 ◆3" in text  # another player's pile
    assert "Hands shown to you" in text and "player 1: Camo, Capture, Hunt" in text
    assert "Your hand (0)" in text
    assert "doom-on-you —" not in text  # not the generic fallback


def test_attacks_bribes_and_a_partly_spent_blocker() -> None:
    s = position()
    for player, label in [
        (2, "offer a bribe"),
        (2, "offer to player 0"),
        (2, "offer 2 food"),
        (2, "note: don't attack me"),
        (0, "decline the offer"),
        (0, "attack with Deter-tle"),
        (0, "done"),
        (1, "done"),
    ]:
        s.apply(player, label)
    assert s.pending is not None and s.pending.player == 2
    text = draw(s.view(2))
    assert "Defending: you" in text
    assert "Attacks (1)" in text and "Deter-tle" in text
    assert "1 of 1" in text
    assert "Bribes this round" in text and "you → player 0: 2 food" in text
    assert "declined" in text and "don't attack me" in text
    assert "Your hand (2)" in text and "Deflect" in text and "Force Field" in text
    # player 1 was not part of the offer: no bribe panel for them
    assert "Bribes this round" not in draw(s.view(1))
    s.apply(2, "block Deter-tle of player 0 with Rhino-ssault")
    assert "⛨1/2" in draw(s.view(1)) and "(sideways)" in draw(s.view(1))


def test_other_hands_are_never_drawn() -> None:
    s = position()
    text = draw(s.view(2))
    assert "Camo, Capture, Hunt" not in text  # player 1's hand was shown to player 0 only
    assert "Your hand (1)" in text


def test_a_log_in_the_view_is_shown_and_the_game_over_line() -> None:
    s = new_game("doom-on-you", 2, 4, {"max_attack_rounds": 3})
    rng = Rng(5)
    while s.pending is not None:
        s.apply(s.pending.player, rng.choice(s.pending.options))
    view = s.view(1)
    view["log"] = s.log_lines(1)
    text = draw(view)
    assert "Game over — winner:" in text
    assert "Latest events" in text and view["log"][-1] in text


def test_views_of_random_games_always_draw_with_the_game_renderer() -> None:
    for seed in range(3):
        s = new_game("doom-on-you", 4, seed, {"max_attack_rounds": 2})
        rng = Rng(seed)
        while s.pending is not None:
            view = json.loads(json.dumps(s.view(s.pending.player)))
            render_doom_on_you.render_table(view)  # raises on a view it cannot read
            s.apply(s.pending.player, rng.choice(s.pending.options))
        assert "Game over" in draw(s.view(0))
