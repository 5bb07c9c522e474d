"""Glitterlings and Fuzelings in random games: the conformance promises (views that do not leak,
cards conserved, clones, saves and replays exact) and an RL action for every option offered.

``sets: all`` games check them too, but there a failure of any set hides the others; here the
four Imaginary Ends sets play on their own."""

from __future__ import annotations

import random

import pytest
from test_conformance import play_checked

from doomtable.engine import new_game, replay

IMAGINARY_ENDS = "glitterlings,fuzelings,deeplings,moonlings"


@pytest.mark.parametrize("sets", ["glitterlings", "fuzelings", IMAGINARY_ENDS])
def test_random_games_keep_every_promise(sets: str) -> None:
    for seed in range(6):
        players = 2 + seed % 5
        final = play_checked(seed, players, "doomlings", {"sets": sets})
        assert final.is_over and final.winners()
        assert replay("doomlings", players, seed, final.options, final.log) == final


@pytest.mark.parametrize("sets", ["glitterlings", "fuzelings"])
def test_every_option_has_an_rl_action(sets: str) -> None:
    from doomtable.rl.encoding import game_encoding

    actions = game_encoding("doomlings", {"sets": sets}).actions
    for seed in range(6):
        state = new_game("doomlings", 2 + seed % 3, seed, {"sets": sets})
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            actions.indexes(decision.options)
            state.apply(decision.player, chooser.choice(decision.options))
