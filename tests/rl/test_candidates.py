"""Candidate lists: each legal option as a fixed-width row, with its fixed action index."""

from __future__ import annotations

import numpy as np
import pytest

from bots.toygame import SPEC as TOY_SPEC
from doomtable.engine import Rng, find_game, new_game, registry
from doomtable.rl.candidates import candidate_encoder
from doomtable.rl.encoding import EncodingError, game_encoding
from doomtable.rl.gym_env import DoomtableGymEnv
from doomtable.rl.pettingzoo_env import DoomtableAECEnv

WIDTHS = {"doomlings": 571, "doom-on-you": 287, "doom-pile": 258, "were-doomed": 234}


@pytest.mark.parametrize("game", sorted(WIDTHS))
def test_rows_tell_every_legal_option_apart(game: str) -> None:
    actions = game_encoding(game).actions
    encoder = candidate_encoder(actions)
    assert encoder.width == WIDTHS[game] == len(encoder.names)
    spec = find_game(game)
    players = min(max(3, spec.min_players), spec.max_players)
    state = new_game(game, players, 4)
    rng = Rng(4)
    most = 0
    for _ in range(300):
        decision = state.pending
        if decision is None:
            break
        indexes, rows = encoder.encode(decision.options, decision.player, players)
        assert list(indexes) == actions.indexes(decision.options)
        assert rows.shape == (len(decision.options), encoder.width)
        assert len({row.tobytes() for row in rows}) == len(rows)  # no two options alike
        # One verb, and one value per argument.
        for row, option in zip(rows, decision.options, strict=True):
            assert row.sum() == len(option)
        most = max(most, len(rows))
        state.apply(decision.player, rng.choice(decision.options))
    assert most < 500


def test_player_arguments_are_relative_to_the_decider() -> None:
    encoder = candidate_encoder(game_encoding("doomlings").actions)
    _, rows = encoder.encode([("target", 3), ("target", 1)], viewer=1, players=4)
    names = encoder.names
    assert [names[i] for i in np.flatnonzero(rows[0])] == ["verb=target", "arg0.player=2"]
    assert [names[i] for i in np.flatnonzero(rows[1])] == ["verb=target", "arg0.player=0"]


def test_environments_give_candidates_of_the_deciding_agent() -> None:
    aec = DoomtableAECEnv("doom-pile", 2)
    aec.reset(seed=3)
    agent = aec.agent_selection
    indexes, rows = aec.candidates(agent)
    assert sorted(indexes) == sorted(aec.legal_actions(agent))
    other = next(a for a in aec.possible_agents if a != agent)
    assert aec.candidates(other)[1].shape == (0, WIDTHS["doom-pile"])
    decision = aec.state.pending
    assert decision is not None
    logged = len(aec.state.log)
    aec.step(int(indexes[-1]))  # a row is played as its action index
    assert aec.state.log[logged] == (decision.player, decision.options[-1])
    gym_env = DoomtableGymEnv("were-doomed", 4, opponents="random")
    gym_env.reset(seed=1)
    indexes, rows = gym_env.candidates()
    assert list(indexes) == gym_env.legal_actions() and rows.shape[1] == WIDTHS["were-doomed"]


def test_undeclared_game_has_no_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, TOY_SPEC.name, TOY_SPEC)
    monkeypatch.setitem(registry._ALIASES, TOY_SPEC.name, TOY_SPEC.name)
    with pytest.raises(EncodingError, match="declares its actions"):
        candidate_encoder(game_encoding(TOY_SPEC.name).actions)
