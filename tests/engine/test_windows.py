"""Response windows ask everyone alike; only a bot's private sample may skip forced passes."""

from __future__ import annotations

import pytest

from doomtable.engine import RESPOND, SaveFileError, new_game
from doomtable.games.doomlings.game import DoomlingsState

HANDS = {
    "players": {
        0: {"hand": ["Bark", "Gills", "Fangs", "Quick", "Spiny"]},
        1: {"hand": ["Leaves", "Fear", "Adorable", "Antlers", "Blubber"]},
        2: {"hand": ["Automimicry", "Nocturnal", "Appealing", "Big Ears", "Deep Roots"]},
    }
}


def table(setup: dict[str, object] = HANDS) -> DoomlingsState:
    state = new_game("doomlings", 3, seed=11)
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(setup)
    return state


def test_every_opponent_is_asked_whether_or_not_they_can_respond() -> None:
    state = table()
    state.apply(0, "play Bark")
    asked = []
    while state.pending is not None and state.pending.kind == RESPOND:
        asked.append(state.pending.player)
        assert state.labels() == ["pass"]  # Bark has no action to prevent
        state.apply(state.pending.player, "pass")
    assert asked == [1, 2, 0]  # both opponents, then player 0 after stabilizing (Late)


def test_a_private_sample_skips_windows_with_nothing_to_play() -> None:
    state = table()
    state.skip_forced_windows = True
    state.apply(0, "play Bark")
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == (1, "turn")
    assert not state.clone().skip_forced_windows  # never carried into copies or saves


def test_a_player_who_can_respond_is_still_asked_in_a_sample() -> None:
    state = table()
    state.skip_forced_windows = True
    state.apply(0, "play Bark")
    state.apply(1, "play Antlers")
    assert state.pending is not None and state.pending.player == 2
    assert state.pending.kind == "turn"  # Antlers has no action: nobody could answer
    # Player 2 holds Automimicry, which can stop an action: a played action asks them.
    hands = dict(HANDS["players"])
    hands[0] = {"hand": ["Sweat", "Fangs"]}
    state = table({"players": hands})
    state.skip_forced_windows = True
    state.apply(0, "play Sweat")
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == (2, RESPOND)
    assert state.labels() == ["pass", "play Automimicry"]


def test_json_round_trip_and_bad_json() -> None:
    state = table()
    state.apply(0, "play Bark")
    assert DoomlingsState.from_json(state.to_json()) == state
    with pytest.raises(SaveFileError, match="not JSON"):
        DoomlingsState.from_json("{oops")
    with pytest.raises(SaveFileError, match="not a doomtable save"):
        DoomlingsState.from_json("[1, 2]")
