"""Table headers follow the game: the round, prep round or turn the log is in."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console

from doomtable.cli.render import render_view
from doomtable.engine import GameState, new_game


def drawn(view: dict[str, Any]) -> str:
    console = Console(width=120, height=60, record=True, file=None)
    with console.capture() as capture:
        console.print(render_view(view))
    return capture.get()


def play_until(state: GameState, seed: int, wanted: Callable[[GameState], bool]) -> GameState:
    chooser = random.Random(seed)
    while not wanted(state):
        decision = state.pending
        assert decision is not None, "the game ended first"
        state.apply(decision.player, chooser.choice(decision.options))
    return state


def test_doom_on_you_names_the_prep_round() -> None:
    state = play_until(new_game("doom-on-you", 4, 1), 1, lambda s: s.view(0)["prep_round"] == 2)
    view = state.view(0)
    assert view["attack_round"] == 1
    assert "Doom On You · Prep round 2" in drawn(view)
    assert "prep round 2" in state.log_lines(0)
    state = play_until(state, 2, lambda s: s.view(0)["prep_round"] == 0)
    assert "Doom On You · Attack round 2" in drawn(state.view(0))


def test_doomlings_counts_a_new_ages_effects_in_the_round_they_open() -> None:
    # Seed 1, 3 players: Solar Flare is flipped after round 1 and its discards come first.
    state = play_until(new_game("doomlings", 3, 1), 1, lambda s: s.view(0)["stage"] == "age")
    view = state.view(0)
    assert view["round"] == 1 and view["age"]["name"] == "Solar Flare"
    assert "Doomlings · Round 2 · Era 1" in drawn(view)


def test_doomlings_says_worlds_end() -> None:
    state = play_until(new_game("doomlings", 3, 0), 0, lambda s: s.view(0)["stage"] == "worlds_end")
    assert "Doomlings · World's End" in drawn(state.view(0))


def test_doom_pile_numbers_turns_as_the_log_does() -> None:
    def second_players_first_turn(state: GameState) -> bool:
        view = state.view(0)
        return view["turn"] == 2

    state = play_until(new_game("doom-pile", 2, 1), 1, second_players_first_turn)
    view = state.view(0)
    seat = view["turn_player"]
    assert view["players"][seat]["turns"] == 1
    assert f"— player {seat}'s turn 1 —" in state.log_lines(0)
    whose = "your" if seat == 0 else f"player {seat}'s"
    assert f"Doom Pile · {whose} turn 1 ·" in drawn(view)
    assert "turn 2" not in drawn(view)
