"""The OpenSpiel adapter: OpenSpiel's own random simulation test, resampling, and its
ISMCTS and MCCFR running on our games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

from doomtable.engine import find_game, game_names
from doomtable.rl.encoding import game_encoding
from doomtable.rl.openspiel_game import register_openspiel_games, short_name

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_registered() -> None:
    names = register_openspiel_games()
    assert names == [short_name(game) for game in game_names()]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.slow
@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("players", [2, 3])
def test_random_simulation(game: str, players: int) -> None:
    """Clone, serialise and deserialise, legal actions, returns: OpenSpiel's own checks."""
    spec = find_game(game)
    players = min(max(players, spec.min_players), spec.max_players)
    spiel_game = pyspiel.load_game(short_name(game), {"players": players})
    game_type = spiel_game.get_type()
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game", game_names())
def test_tensors_and_resampling_keep_the_information_state(game: str) -> None:
    spec = find_game(game)
    players = min(max(3, spec.min_players), spec.max_players)
    spiel_game = pyspiel.load_game(short_name(game), {"players": players, "deals": 10})
    state = spiel_game.new_initial_state()
    assert state.is_chance_node()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    state.apply_action(7)
    rng = np.random.default_rng(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    size = spiel_game.information_state_tensor_shape()[0]
    for _ in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        info = state.information_state_string(player)
        tensor = state.information_state_tensor(player)
        observation = state.observation_tensor(player)
        # The information state is the observation plus the player's own actions by verb.
        assert len(tensor) == size == len(observation) + game_encoding(game).actions.verbs
        assert tensor[: len(observation)] == observation
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == info
        assert world.information_state_tensor(player) == tensor
        assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_openspiel_ismcts_and_mccfr_run() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "rl_openspiel_example.py"),
            "--decisions=3",
            "--simulations=5",
            "--iterations=5",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert result.stdout.count("ISMCTS plays") == 3
    assert "MCCFR:" in result.stdout
