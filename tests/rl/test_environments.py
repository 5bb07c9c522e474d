"""RL adapters: fixed actions with masks, private observations, and the PettingZoo,
Gymnasium and OpenSpiel API checks for every registered game and player count."""

from __future__ import annotations

import json
from collections.abc import Iterator

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel

from bots.toygame import SPEC as TOY_SPEC
from doomtable.engine import (
    BadOptionError,
    GameState,
    Rng,
    find_game,
    game_names,
    new_game,
    registry,
)
from doomtable.rl.encoding import (
    DEFAULT_OBSERVATION_SIZE,
    DeclaredActions,
    EncodingError,
    ListedActions,
    ObservationEncoder,
    final_rewards,
    game_encoding,
)
from doomtable.rl.gym_env import DoomtableGymEnv
from doomtable.rl.pettingzoo_env import DoomtableAECEnv


def _counts() -> Iterator[tuple[str, int]]:
    """Every (game, player count) the game accepts with its default options."""
    for game in game_names():
        spec = find_game(game)
        for players in range(spec.min_players, spec.max_players + 1):
            try:
                new_game(game, players, 0)
            except BadOptionError:
                continue  # e.g. solo Doomlings needs a variant: checked in test_counts_rejected
            yield game, players


GAME_COUNTS = list(_counts())


def test_counts_rejected_only_by_the_game() -> None:
    for game in {g for g, _ in GAME_COUNTS}:
        spec = find_game(game)
        accepted = {n for g, n in GAME_COUNTS if g == game}
        assert accepted, game
        assert max(accepted) == spec.max_players
        for players in set(range(spec.min_players, spec.max_players + 1)) - accepted:
            with pytest.raises(BadOptionError):
                new_game(game, players, 0)


def _random_states(game: str, players: int, seed: int, steps: int) -> Iterator[GameState]:
    state = new_game(game, players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        decision = state.pending
        if decision is None:
            return
        yield state
        state.apply(decision.player, rng.choice(decision.options))


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """The tests' toy game registered for one test: a game that declares no RL encoding."""
    monkeypatch.setitem(registry._GAMES, TOY_SPEC.name, TOY_SPEC)
    monkeypatch.setitem(registry._ALIASES, TOY_SPEC.name, TOY_SPEC.name)
    return TOY_SPEC.name


@pytest.mark.parametrize("game", game_names())
def test_every_option_has_its_own_fixed_index(game: str) -> None:
    actions = game_encoding(game).actions
    declared = isinstance(actions, DeclaredActions)  # toy games of other tests declare nothing
    seen: dict[int, tuple[object, ...]] = {}
    spec = find_game(game)
    for players in sorted({min(max(n, spec.min_players), spec.max_players) for n in (2, 4, 6)}):
        for state in _random_states(game, players, seed=players, steps=400):
            decision = state.pending
            assert decision is not None
            indexes = actions.indexes(decision.options)
            assert len(set(indexes)) == len(indexes)
            assert all(0 <= i < actions.size for i in indexes)
            for option, index in zip(decision.options, indexes, strict=True):
                if declared:
                    assert seen.setdefault(index, option) == option  # one option per index
                assert actions.option(index, decision.options) == option
            mask = actions.mask(decision.options)
            assert sum(mask) == len(decision.options)
    if declared:
        with pytest.raises(EncodingError, match="outside"):
            actions.indexes([("no such verb",)])


def test_generic_actions_for_an_undeclared_game(toy_game: str) -> None:
    encoding = game_encoding(toy_game)
    assert isinstance(encoding.actions, ListedActions)
    state = new_game(toy_game, 3, 1)
    assert state.pending is not None
    options = state.pending.options
    assert encoding.actions.indexes(options) == list(range(len(options)))
    with pytest.raises(EncodingError, match="not legal"):
        encoding.actions.option(len(options), options)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_pettingzoo_api(game: str, players: int) -> None:
    api_test(DoomtableAECEnv(game, players), num_cycles=60)
    seed_test(lambda: DoomtableAECEnv(game, players), num_cycles=30)


def test_no_parallel_conversion_for_turn_based_games() -> None:
    """Players never move at once, so PettingZoo's AEC-to-parallel conversion must refuse."""
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(DoomtableAECEnv("doomlings", 4))


def test_pettingzoo_api_undeclared_game(toy_game: str) -> None:
    api_test(DoomtableAECEnv(toy_game, 3), num_cycles=60)


def _players(game: str) -> int:
    """Three players where the game takes three, else the nearest count it takes."""
    spec = find_game(game)
    return min(max(3, spec.min_players), spec.max_players)


@pytest.mark.parametrize("game", game_names())
def test_pettingzoo_full_game_rewards(game: str) -> None:
    env = DoomtableAECEnv(game, _players(game), reward="score")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env.view(agent)["game"] == env.game
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert env.state.is_over and not env.agents
    expected = final_rewards(env.state, "score")
    assert [totals[a] for a in env.possible_agents] == expected
    winners = env.state.winners()
    assert all(expected[w] == max(expected) for w in winners)


@pytest.mark.parametrize("game", game_names())
def test_gymnasium_env(game: str) -> None:
    env = DoomtableGymEnv(game, _players(game), seat=1, opponents="random")
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=2)
    reward, done = 0.0, False
    rng = np.random.default_rng(2)
    while not done:
        assert observation.shape == env.observation_space.shape
        assert env.view()["game"] == env.game
        assert set(info) == {"action_mask"}  # stackable by vector environments
        legal = np.flatnonzero(env.action_masks())
        assert len(legal) == len(env.state.legal_options())
        observation, reward, done, _, info = env.step(rng.choice(legal))
    assert reward == final_rewards(env.state, "win")[1]


def test_gymnasium_illegal_action() -> None:
    env = DoomtableGymEnv("doomlings", 4, opponents="random", illegal="raise")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_json()
    with pytest.raises(EncodingError, match="not legal"):
        env.step(np.int64(illegal))
    assert env.state.to_json() == before
    losing = DoomtableGymEnv("doomlings", 4, opponents="random")
    losing.reset(seed=1)
    _, reward, terminated, _, info = losing.step(np.int64(illegal))
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(EncodingError, match="unknown reward"):
        DoomtableAECEnv("doomlings", 4, reward="money")
    with pytest.raises(BadOptionError):
        DoomtableAECEnv("doomlings", 9)
    with pytest.raises(EncodingError, match="opponents"):
        DoomtableGymEnv("doomlings", 4, opponents=["random"])


@pytest.mark.parametrize("game", game_names())
def test_observation_hides_what_the_player_cannot_see(game: str) -> None:
    """Two states differing only in cards hidden from a player look the same to that player."""
    encoding = game_encoding(game)
    encoder = encoding.observations
    players = min(4, find_game(game).max_players)
    differed = 0
    for index, state in enumerate(_random_states(game, players, seed=11, steps=300)):
        if index % 25:
            continue
        for player in range(players):
            other = state.determinize(player, Rng(index * 10 + player))
            assert json.dumps(other.view(player)) == json.dumps(state.view(player))
            assert np.array_equal(
                encoder.encode(other.view(player), player, players),
                encoder.encode(state.view(player), player, players),
            )
            rival = (player + 1) % players
            if not np.array_equal(
                encoder.encode(other.view(rival), rival, players),
                encoder.encode(state.view(rival), rival, players),
            ):
                differed += 1
    # The redeal did change what the other players hold (every declared game hides cards; toy
    # games that other test modules register may hide nothing).
    assert differed or not encoding.declared


def test_hashed_observation_is_relative_to_the_viewer() -> None:
    """The hashed observation of games that declare no layout."""
    encoder = ObservationEncoder(DEFAULT_OBSERVATION_SIZE, ["seats"])
    state = new_game("doomlings", 4, 3)
    vector = encoder.encode(state.view(0), 0, 4)
    assert len(vector) == encoder.size and vector.any()
    # The viewer's own seat is always seat 0 of the per-seat list.
    own = encoder.features({"seats": [{"score": 5}, {}, {}, {}]}, 0, 4)
    shifted = encoder.features({"seats": [{}, {}, {"score": 5}, {}]}, 2, 4)
    assert own == shifted
