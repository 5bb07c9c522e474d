"""The learned policy bot: legal, reproducible play from its own view, a forward pass that
needs no numpy, and clear errors for bad weight files."""

from __future__ import annotations

import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import Rng, new_game
from doomtable.rl.encoding import game_encoding
from doomtable.rl.policy import (
    PolicyBot,
    PolicyError,
    PolicyNet,
    PolicyWeights,
    load_weights,
    option_tokens,
    shipped_weights_path,
)


def random_weights(game: str, seed: int, hidden: int = 8, buckets: int = 64) -> PolicyWeights:
    size = game_encoding(game).observations.size
    rng = np.random.default_rng(seed)

    def floats(n: int) -> array[float]:
        return array("f", rng.normal(0, 0.5, n).tolist())

    return PolicyWeights(
        game,
        size,
        hidden,
        buckets,
        floats(size * hidden),
        floats(hidden),
        floats(buckets * hidden),
        floats(buckets),
        {},
    )


def play(
    game: str, bots: list[PolicyBot | object], seed: int
) -> list[tuple[int, tuple[object, ...]]]:
    state = new_game(game, len(bots), seed)
    while (decision := state.pending) is not None:
        choice = bots[decision.player].choose(InfoSet(state, decision))  # type: ignore[attr-defined]
        assert choice in decision.options
        state.apply(decision.player, choice)
    return state.log


def test_shipped_policy_plays_legal_reproducible_games() -> None:
    assert shipped_weights_path("doomlings").is_file()
    for seed in range(2):
        logs = [
            play(
                "doomlings",
                [make_bot("policy", seed), *(make_bot("greedy", p) for p in range(3))],
                seed,
            )
            for _ in range(2)
        ]
        assert logs[0] == logs[1]


@pytest.mark.parametrize("game", ["doom-on-you", "doomlings-blackbox"])
def test_policy_with_any_weights_plays_legally(game: str) -> None:
    weights = random_weights(game, 3)
    play(game, [PolicyBot.with_weights(p, weights) for p in range(3)], seed=4)


def test_forward_pass_matches_numpy() -> None:
    weights = random_weights("doomlings", 5)
    net = PolicyNet(weights)
    state = new_game("doomlings", 4, 2)
    rng = Rng(2)
    for _ in range(40):
        decision = state.pending
        assert decision is not None
        view = state.view(decision.player)
        hidden = net.hidden(view, decision.player, 4)
        features = net.encoding.observations.features(view, decision.player, 4)
        w1 = np.asarray(weights.input_weights).reshape(weights.observation_size, weights.hidden)
        expected = np.tanh(
            np.asarray(weights.input_bias) + sum(v * w1[s] for s, v in features.items())
        )
        np.testing.assert_allclose(hidden, expected, rtol=1e-4, atol=1e-5)
        labels = [state.label(o) for o in decision.options]
        tokens = np.asarray(
            [
                option_tokens(str(o[0]), label, weights.buckets)
                for o, label in zip(decision.options, labels, strict=True)
            ]
        )
        vectors = np.asarray(weights.token_vectors).reshape(weights.buckets, weights.hidden)
        scores = (vectors[tokens] @ expected).sum(1) + np.asarray(weights.token_bias)[tokens].sum(1)
        np.testing.assert_allclose(
            net.scores(hidden, decision.options, labels), scores, rtol=1e-4, atol=1e-4
        )
        state.apply(decision.player, rng.choice(decision.options))


def test_weights_round_trip_and_bad_files(tmp_path: Path) -> None:
    weights = random_weights("doomlings", 1)
    again = PolicyWeights.from_json(weights.to_json(), "memory")
    assert again.input_weights == weights.input_weights
    assert again.token_bias == weights.token_bias
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "doomlings"}')
    with pytest.raises(PolicyError, match="not a policy file"):
        load_weights("doomlings", bad)
    with pytest.raises(PolicyError, match="no policy weights"):
        load_weights("doomlings", tmp_path / "missing.json")
    other = tmp_path / "other.json"
    other.write_text(random_weights("doom-on-you", 1).to_json())
    with pytest.raises(PolicyError, match="for doom-on-you, not doomlings"):
        load_weights("doomlings", other)
    with pytest.raises(PolicyError, match="no policy weights for doom-on-you"):
        load_weights("doom-on-you")


def test_policy_needs_no_numpy_or_torch() -> None:
    code = (
        "import sys; from doomtable.bots import make_bot; "
        "from doomtable.rl.policy import load_weights; "
        "load_weights('doomlings'); make_bot('policy', 1); "
        "assert not {'numpy', 'torch'} & set(sys.modules), 'imported numpy or torch'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
