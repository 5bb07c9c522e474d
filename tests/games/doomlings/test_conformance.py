"""Seeded random play checking the engine's promises at every decision.

1,000 games over 2, 4 and 6 players: clone and JSON round trip equal the original, views hide
what their player cannot see (a redeal of the hidden cards leaves every view unchanged), every
card sits in exactly one zone, Gene Pools stay within 1..8; at the end a replay of the seed and
decision log gives the same final state.

The JSON round trip costs time in proportion to the game's history, so it is made at every
other decision (even ones in even games, odd ones in odd games) and on every final state, and a
second seat's redeal is checked at the decisions in between: each kind of decision is still
round-tripped and redealt thousands of times, in about a third less time than doing both at
every decision.
"""

from __future__ import annotations

import json
import random

import pytest

from doomtable.engine import Rng, new_game, replay
from doomtable.games.doomlings.game import DoomlingsState

GAMES = 1000
CHUNK = 25
PLAYER_COUNTS = (2, 4, 6)


def check_round_trip(state: DoomlingsState) -> None:
    restored = type(state).from_dict(json.loads(state.to_json()))
    assert restored == state
    assert restored.pending == state.pending


def check_decision(state: DoomlingsState, rng: Rng, round_trip: bool) -> None:
    assert state.clone() == state
    if round_trip:
        check_round_trip(state)
    assert sorted(state.all_cards()) == state.game_cards()
    assert all(1 <= g <= 8 for g in state.gene_pool)
    # The deciding player each time, and one other (rotating) at the decisions without a
    # round trip: every seat is checked often, and each decision costs about the same.
    assert state.pending is not None
    decider = state.pending.player
    checked = {decider}
    if state.players > 1 and not round_trip:
        checked.add((decider + 1 + len(state.log) // 2 % (state.players - 1)) % state.players)
    for player in checked:
        redealt = state.determinize(player, rng)
        assert sorted(redealt.all_cards()) == state.game_cards()
        assert redealt.view(player) == state.view(player), f"view of player {player} leaks"


def play_checked(
    seed: int, players: int, game: str = "doomlings", options: dict[str, object] | None = None
) -> DoomlingsState:
    state = new_game(game, players, seed, options)
    assert isinstance(state, DoomlingsState)
    chooser = random.Random(seed)
    rng = Rng(seed ^ 0xABCDEF)
    decisions = 0
    while state.pending is not None:
        check_decision(state, rng, round_trip=(decisions + seed) % 2 == 0)
        decision = state.pending
        state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
        decisions += 1
        assert decisions < 5000, "game does not end"
    check_round_trip(state)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_every_promise(chunk: int) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        players = PLAYER_COUNTS[seed % len(PLAYER_COUNTS)]
        final = play_checked(seed, players)
        assert final.is_over and final.over
        assert final.winners(), "a finished game has a winner"
        again = replay("doomlings", players, seed, final.options, final.log)
        assert again == final


VARIATIONS = [
    ("doomlings-blackbox", 4, {}),
    ("doomlings-blackbox", 2, {"variant": "strategic-start"}),
    ("doomlings", 3, {"variant": "intelligent-design"}),
    ("doomlings", 4, {"variant": "strategic-start"}),
    ("doomlings", 1, {"variant": "genetic-mishap"}),
    ("doomlings", 5, {"variant": "stunted-growth"}),
    ("doomlings", 4, {"variant": "prosperous-world"}),
    ("doomlings", 2, {"variant": "prosperous-world", "eras": 4}),
    ("doomlings", 4, {"tiebreak": "draw"}),
    ("doomlings", 4, {"sets": "all"}),
    ("doomlings", 6, {"sets": "all", "tiebreak": "draw"}),
    ("doomlings-blackbox", 3, {"sets": "all"}),
    ("doomlings", 3, {"sets": "all", "variant": "intelligent-design"}),
]
VARIATION_GAMES = 12


@pytest.mark.parametrize(("game", "players", "options"), VARIATIONS)
def test_editions_and_variations_keep_every_promise(
    game: str, players: int, options: dict[str, object]
) -> None:
    for seed in range(VARIATION_GAMES):
        final = play_checked(seed, players, game, options)
        assert final.is_over and final.winners()
        assert replay(game, players, seed, final.options, final.log) == final
