"""Direct observations (``doomtable.rl.direct``): read from the state, equal slot for slot to
the structured observation of the view, and blind to what the view hides."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from doomtable.engine import GameState, Rng, find_game, new_game
from doomtable.games.doomlings.data import BASE, cards_of_sets
from doomtable.games.doomlings.state import CARD
from doomtable.rl.direct import DirectObservation
from doomtable.rl.encoding import GameEncoding, game_encoding
from doomtable.rl.observation import ObservationLayoutError

DIRECT = ["doomlings", "doomlings-blackbox", "doom-on-you", "doom-pile", "were-doomed"]
"""Every game with a direct encoder: every shipped game."""

OPTIONS: list[tuple[str, dict[str, Any], int]] = [
    *((game, {}, 0) for game in DIRECT),
    ("doomlings", {"sets": "all"}, 3),
    ("doomlings", {"variant": "genetic-mishap"}, 1),
    ("doomlings", {"variant": "intelligent-design"}, 4),
    ("doom-on-you", {"drawn_animal_to_pile": True}, 3),
    ("doom-pile", {"stacking": "auto"}, 3),
    ("were-doomed", {"minutes": 3}, 6),
]
"""A game, its options and their player count (0: the game's least, 4 and most)."""


def _direct(encoding: GameEncoding) -> DirectObservation:
    assert encoding.direct is not None
    return encoding.direct


def _player_counts(game: str) -> list[int]:
    spec = find_game(game)
    low = max(spec.min_players, 2)
    return sorted({low, min(4, spec.max_players), spec.max_players})


def _random_states(
    game: str, players: int, seed: int, options: dict[str, Any]
) -> Iterator[GameState]:
    """Every state of a random game, the last (over) included."""
    state = new_game(game, players, seed, options)
    rng = Rng(seed)
    while (decision := state.pending) is not None:
        yield state
        state.apply(decision.player, rng.choice(decision.options))
    yield state


def _kind(state: GameState, player: int) -> str | None:
    decision = state.pending
    return decision.kind if decision is not None and decision.player == player else None


@pytest.mark.parametrize(("game", "options", "count"), OPTIONS)
def test_equal_to_the_encoded_view_over_random_games(
    game: str, options: dict[str, Any], count: int
) -> None:
    encoding = game_encoding(game, options)
    direct = _direct(encoding)
    compared = 0
    for players in [count] if count else _player_counts(game):
        for seed in range(2 if count else 1):
            for state in _random_states(game, players, seed, options):
                for player in range(players):
                    kind = _kind(state, player)
                    expected = encoding.observations.encode(
                        state.view(player), player, players, kind
                    )
                    got = direct.encode(state, player, kind)
                    assert got.dtype == np.float32 and got.shape == expected.shape
                    if not np.array_equal(got, expected):
                        names = encoding.observations.names  # type: ignore[attr-defined]
                        wrong = {
                            names[i]: (float(got[i]), float(expected[i]))
                            for i in np.flatnonzero(got != expected)
                        }
                        pytest.fail(f"{game} seed {seed} player {player}: {wrong}")
                    compared += 1
    assert compared > 50


@pytest.mark.parametrize("game", DIRECT)
def test_reads_nothing_hidden(game: str) -> None:
    """Redealing every card hidden from a player leaves that player's observation unchanged;
    the same redeal does change what the other players see of their own cards."""
    direct = _direct(game_encoding(game))
    players = min(4, find_game(game).max_players)
    checked = differed = 0
    for seed in range(3):
        for index, state in enumerate(_random_states(game, players, seed, {})):
            if index % 7:
                continue
            for player in range(players):
                other = state.determinize(player, Rng(seed * 1000 + index * 10 + player))
                kind = _kind(state, player)
                assert np.array_equal(
                    direct.encode(other, player, kind), direct.encode(state, player, kind)
                )
                checked += 1
                rival = (player + 1) % players
                if not np.array_equal(
                    direct.encode(other, rival, _kind(state, rival)),
                    direct.encode(state, rival, _kind(state, rival)),
                ):
                    differed += 1
    # Every game hides cards: the redeal changed some rival's observation.
    assert checked > 100 and differed > 10


def test_a_card_outside_the_layout_is_a_clear_error() -> None:
    """A card the game's declared card sets do not hold (here an expansion card put in a
    base-set game's hand) is a layout error naming the zone and the card, as it is for the
    view-based encoder."""
    encoding = game_encoding("doomlings")
    state = new_game("doomlings", 2, 0)  # the base set's cards alone
    base = set(cards_of_sets((BASE,)))
    outside = next(c for c in range(len(CARD)) if c not in base)
    state.hands[0].append(outside)  # type: ignore[attr-defined]
    message = f"doomlings: hand holds card #{outside}, outside the layout's cards"
    with pytest.raises(ObservationLayoutError, match=message):
        _direct(encoding).encode(state, 0)
    with pytest.raises(ObservationLayoutError, match="hand holds"):
        encoding.observations.encode(state.view(0), 0, 2)


def test_every_shipped_game_has_a_direct_encoder() -> None:
    assert all(game_encoding(game).direct is not None for game in DIRECT)


def test_environments_use_the_direct_encoder() -> None:
    from doomtable.rl.pettingzoo_env import DoomtableAECEnv

    env = DoomtableAECEnv("doomlings", 3)
    env.reset(seed=5)
    decision = env.state.pending
    assert decision is not None
    observed = env.observe(env.agent_selection)["observation"]
    view = env.state.view(decision.player)
    expected = env.encoding.observations.encode(view, decision.player, 3, decision.kind)
    assert env.encoding.direct is not None and np.array_equal(observed, expected)
