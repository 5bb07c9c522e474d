"""Gymnasium ids and vector environments, and PettingZoo's standard wrappers, on every game."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv
from pettingzoo.utils import wrappers

from doomtable.engine import find_game, game_names
from doomtable.rl import pettingzoo_env
from doomtable.rl.encoding import game_encoding
from doomtable.rl.gym_env import DoomtableGymEnv, gym_id, register_gym_envs

SHIPPED_IDS = {
    "doomlings": "doomtable/Doomlings-v0",
    "doomlings-blackbox": "doomtable/DoomlingsBlackbox-v0",
    "doom-on-you": "doomtable/DoomOnYou-v0",
    "doom-pile": "doomtable/DoomPile-v0",
    "were-doomed": "doomtable/WereDoomed-v0",
}


def _players(game: str) -> int:
    spec = find_game(game)
    return min(max(3, spec.min_players), spec.max_players)


def test_every_game_has_a_gymnasium_id() -> None:
    ids = register_gym_envs()
    assert ids == [gym_id(game) for game in game_names()]
    for game, env_id in SHIPPED_IDS.items():
        assert gym_id(game) == env_id and env_id in gym.registry
    env = gym.make("doomtable/DoomPile-v0", players=2, opponents="random")
    assert isinstance(env.unwrapped, DoomtableGymEnv)
    assert (env.unwrapped.game, env.unwrapped.players) == ("doom-pile", 2)
    assert env.action_space.n == game_encoding("doom-pile").actions.size


def _masked_random_actions(
    envs: gym.vector.VectorEnv, steps: int, seed: int
) -> tuple[int, list[float]]:
    """Steps ``envs`` with random legal actions; the episodes finished and their rewards."""
    rng = np.random.default_rng(seed)
    _, infos = envs.reset(seed=seed)
    finished, rewards = 0, []
    for _ in range(steps):
        masks = infos["action_mask"]
        assert masks.shape == (envs.num_envs, envs.single_action_space.n)
        # A finished game's mask is empty: its next step only resets it, any action does.
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        _, reward, terminated, truncated, infos = envs.step(actions)
        assert not truncated.any()
        finished += int(terminated.sum())
        rewards += [float(r) for r in reward[terminated]]
    return finished, rewards


# The shipped games: toy games that other test modules register (a timed race that can end
# before its agent's first decision) are not environments anyone trains on.
@pytest.mark.parametrize("game", sorted(SHIPPED_IDS))
def test_sync_vector_env_plays_whole_games(game: str) -> None:
    envs = SyncVectorEnv(
        [lambda: gym.make(gym_id(game), players=_players(game), opponents="random")] * 3
    )
    finished, rewards = _masked_random_actions(envs, 400, seed=3)
    envs.close()
    assert finished >= 1  # the vector env reset them by itself and went on
    assert all(0.0 <= r <= 1.0 for r in rewards)  # win shares


def test_async_vector_env() -> None:
    envs = AsyncVectorEnv(
        [lambda: gym.make("doomtable/DoomOnYou-v0", players=3, opponents="random")] * 2
    )
    finished, _ = _masked_random_actions(envs, 300, seed=4)
    # Every environment's legal actions and candidate list, asked through the vector.
    legal = envs.call("legal_actions")
    candidates = envs.call("candidates")
    envs.close()
    assert finished >= 1
    assert len(legal) == len(candidates) == 2
    for actions, (indexes, rows) in zip(legal, candidates, strict=True):
        assert list(indexes) == actions and rows.shape == (len(actions), 287)


def test_pettingzoo_env_is_in_the_standard_wrappers() -> None:
    env = pettingzoo_env.env("doom-pile", players=2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    with pytest.raises(AttributeError, match="reset"):
        env.last()  # the order-enforcing wrapper: reset first
    env.reset(seed=2)
    with pytest.raises(AssertionError, match="action space"):
        env.step(game_encoding("doom-pile").actions.size)  # out of bounds


def test_terminate_illegal_wrapper() -> None:
    """An illegal action under TerminateIllegalWrapper ends the game for all, the mover at -1."""
    env = wrappers.TerminateIllegalWrapper(pettingzoo_env.raw_env("doom-on-you", 3), -1.0)
    env.reset(seed=1)
    observation, *_ = env.last()
    mover = env.agent_selection
    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1.0
    assert sum(env.rewards.values()) == -1.0
