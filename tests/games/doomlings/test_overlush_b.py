"""Overlush traits (Mycelium to the end): what each seat is told, which scenarios (onlooker
logs, full snapshots) cannot check."""

from __future__ import annotations

from typing import Any

from doomtable.engine import new_game
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown

HANDS = {1: ["Spiny", "Appealing", "Fear", "Big Ears", "Deep Roots"]}


def table(setup: dict[str, Any]) -> DoomlingsState:
    state = new_game("doomlings", 2, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(setup)
    return state


def test_sapient_shows_the_last_ages_to_its_player_alone() -> None:
    state = table(
        {
            "age_deck": ["Age of Reason", "Enlightenment", "Ice Age", "Glacial Drift"],
            "players": {
                0: {"hand": ["Sapient", "Blubber", "Leaves", "Fangs"], "gene_pool": 4},
                1: {"hand": HANDS[1], "gene_pool": 5},
            },
        }
    )
    start = len(state.events)
    for player, choice in (
        (0, "play Sapient"),
        (1, "pass"),
        (0, "look at the last 2 age cards of the age deck"),
    ):
        state.apply(player, choice)
    line = "player 0 looks at the last ages: Ice Age, Glacial Drift."
    assert line in state.log_lines(0, start)
    assert line not in state.log_lines(1, start)


def test_stasher_tells_the_others_how_many_cards_not_which() -> None:
    state = table(
        {
            "players": {
                0: {"hand": ["Stasher", "Gills", "Blubber", "Leaves", "Fangs"], "gene_pool": 5},
                1: {"hand": HANDS[1], "gene_pool": 5},
            },
        }
    )
    start = len(state.events)
    for player, choice in ((0, "play Stasher"), (1, "pass"), (0, "put Gills under the deck")):
        state.apply(player, choice)
    assert "Stasher: player 0 puts Gills under the trait deck." in state.log_lines(0, start)
    assert "Stasher: player 0 puts a card under the trait deck." in state.log_lines(1, start)
    assert not any("Gills" in line for line in state.log_lines(1, start))


def test_sparkles_bonuses_are_hidden_from_the_other_seats() -> None:
    state = table(
        {
            "players": {
                0: {
                    "traits": ["Sparkles", "Egg Clusters"],
                    "hand": ["Gills", "Blubber", "Fangs"],
                    "gene_pool": 5,
                },
                1: {"hand": HANDS[1], "gene_pool": 5},
            },
        }
    )
    assert breakdown(state, 0, viewer=0).bonuses == [("Egg Clusters", 3)]
    assert breakdown(state, 0, viewer=1).bonuses == []
    assert breakdown(state, 0, viewer=1).total == 3  # faces alone: 4 - 1
