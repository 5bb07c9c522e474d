"""The OpenSpiel adapter: OpenSpiel's own random simulation test, resampling, and its
ISMCTS and MCCFR running on our games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest

from doomtable.engine import BadOptionError, find_game, game_names
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


def test_game_options_are_openspiel_parameters() -> None:
    game = pyspiel.load_game(
        short_name("doom-pile"),
        {"players": 2, "decks": "cult,warlord", "max_turns": 12, "stacking": "auto"},
    )
    assert game.get_parameters()["decks"] == "cult,warlord"
    state = game.new_initial_state()
    state.apply_action(3)
    assert state.table.options == {
        "decks": ["cult", "warlord"],
        "stacking": "auto",
        "first_player": -1,
        "max_turns": 12,
    }
    doomed = pyspiel.load_game(short_name("were-doomed"), {"players": 4, "minutes": 5})
    assert "realtime" not in doomed.get_parameters()  # no wall clock in a tree search
    with pytest.raises(BadOptionError, match="stacking is one of"):
        pyspiel.load_game(short_name("doom-pile"), {"players": 2, "stacking": "nope"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game(short_name("doom-pile"), {"players": 2, "colour": "red"})


def test_were_doomed_is_general_sum() -> None:
    """Nobody boards: every return is 0, which a constant-sum game could not allow."""
    game = pyspiel.load_game(short_name("were-doomed"), {"players": 4})
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.get_type().utility != pyspiel.load_game(short_name("doomlings")).get_type().utility


def test_information_state_is_the_players_perfect_recall_history() -> None:
    game = pyspiel.load_game(short_name("doom-on-you"), {"players": 3, "deals": 5})
    state = game.new_initial_state()
    state.apply_action(2)
    rng = np.random.default_rng(2)
    earlier: dict[int, list[str]] = {}
    own: dict[int, int] = dict.fromkeys(range(3), 0)
    for _ in range(80):
        if state.is_terminal():
            break
        player = state.current_player()
        history = state.information_state_string(player).split("\n")[:-1]  # less the view now
        # Perfect recall: what the player knew before is still there, in the same order.
        assert history[: len(earlier.get(player, []))] == earlier.get(player, [])
        assert sum(line.startswith("you: ") for line in history) == own[player]
        earlier[player] = history
        own[player] += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
