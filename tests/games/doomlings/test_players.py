"""Seven and eight players: the Classic FAQ's "Can I play with more than 6 players? Sure!"."""

from __future__ import annotations

import random

import pytest

from doomtable.engine import BadOptionError, new_game
from doomtable.games.doomlings.game import DoomlingsState

EDITIONS = ("doomlings", "doomlings-blackbox")


@pytest.mark.parametrize("game", EDITIONS)
@pytest.mark.parametrize("players", [7, 8])
def test_seven_and_eight_players_play_to_the_end(game: str, players: int) -> None:
    deck_outs = 0
    for seed in range(20):
        state = new_game(game, players, seed)
        assert isinstance(state, DoomlingsState)
        assert [len(hand) for hand in state.hands] == [5] * players
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            state.apply(decision.player, chooser.choice(decision.options))
        assert sorted(state.all_cards()) == state.game_cards()
        assert state.catastrophes == 3 and state.winners()
        deck_outs += state.deck_out
    # "you are more likely to run out of cards": the FAQ's end of the traits does happen.
    assert deck_outs < 20


@pytest.mark.parametrize("game", EDITIONS)
def test_nine_players_are_refused(game: str) -> None:
    with pytest.raises(BadOptionError, match="to 8 players, not 9"):
        new_game(game, 9, 1)
