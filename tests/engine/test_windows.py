"""Response windows ask everyone alike; only a bot's private sample may skip forced passes."""

from __future__ import annotations

import pytest

from doomtable.engine import PASS, RESPOND, Rng, SaveFileError, new_game
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
    state.auto_pass = True
    state.apply(0, "play Bark")
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == (1, "turn")
    assert not state.clone().auto_pass  # never carried into copies or saves


def test_a_player_who_can_respond_is_still_asked_in_a_sample() -> None:
    state = table()
    state.auto_pass = True
    state.apply(0, "play Bark")
    state.apply(1, "play Antlers")
    assert state.pending is not None and state.pending.player == 2
    assert state.pending.kind == "turn"  # Antlers has no action: nobody could answer
    # Player 2 holds Automimicry, which can stop an action: a played action asks them.
    hands = dict(HANDS["players"])
    hands[0] = {"hand": ["Sweat", "Fangs"]}
    state = table({"players": hands})
    state.auto_pass = True
    state.apply(0, "play Sweat")
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == (2, RESPOND)
    assert state.labels() == ["pass", "play Automimicry"]


def test_a_bots_table_opens_a_window_at_the_first_seat_that_can_answer() -> None:
    """The seats before it are passed for as the window opens: the log and the state are
    those of a table that asks them."""
    hands = dict(HANDS["players"])
    hands[0] = {"hand": ["Sweat", "Fangs"]}
    asking = table({"players": hands})
    bots = asking.clone()
    bots.auto_pass = True
    asking.apply(0, "play Sweat")
    bots.apply(0, "play Sweat")
    assert asking.pending is not None and asking.pending.player == 1
    assert asking.labels() == ["pass"]
    asking.apply(1, PASS)
    assert bots.log[-1] == (1, PASS)
    assert bots.pending == asking.pending
    assert bots.to_json() == asking.to_json()


def test_json_round_trip_and_bad_json() -> None:
    state = table()
    state.apply(0, "play Bark")
    assert DoomlingsState.from_json(state.to_json()) == state
    with pytest.raises(SaveFileError, match="not JSON"):
        DoomlingsState.from_json("{oops")
    with pytest.raises(SaveFileError, match="not a doomtable save"):
        DoomlingsState.from_json("[1, 2]")


@pytest.mark.parametrize("seed", range(12))
def test_skipping_forced_windows_changes_nothing_but_the_forced_passes(seed: int) -> None:
    """A sample that skips windows nobody can answer plays exactly like the table, where
    those windows are asked and passed."""
    table_state = new_game("doomlings", 4, seed=seed)
    sample = table_state.clone()
    sample.auto_pass = True
    rng = Rng(seed)
    while (decision := sample.pending) is not None:
        at_table = table_state.pending
        while at_table is not None and at_table.kind == RESPOND and at_table.options == (PASS,):
            table_state.apply(at_table.player, PASS)
            at_table = table_state.pending
        assert at_table == decision
        option = decision.options[rng.below(len(decision.options))]
        sample.apply(decision.player, option)
        table_state.apply(decision.player, option)
    while table_state.pending is not None:  # only forced passes may remain
        assert table_state.pending.options == (PASS,)
        table_state.apply(table_state.pending.player, PASS)
    assert table_state.piles == sample.piles
    assert table_state.scores() == sample.scores()
