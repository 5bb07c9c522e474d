"""The learned policy bot: legal, reproducible play judged from its own view only, a forward
pass that needs no numpy, and clear errors for bad weight files."""

from __future__ import annotations

import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import GameState, Rng, new_game
from doomtable.rl.policy import (
    SEAT_FEATURES,
    PolicyBot,
    PolicyError,
    PolicyNet,
    PolicyWeights,
    load_weights,
    shipped_weights_path,
    view_features,
)


def random_weights(game: str, seed: int, hidden: int = 8, buckets: int = 16) -> PolicyWeights:
    rng = np.random.default_rng(seed)
    size = len(SEAT_FEATURES)

    def floats(n: int) -> array[float]:
        return array("f", rng.normal(0, 0.5, n).tolist())

    return PolicyWeights(
        game,
        hidden,
        buckets,
        floats(size * hidden),
        floats(hidden),
        floats(2 * buckets * hidden),
        floats(hidden),
        floats(size),
        {},
    )


def play(game: str, bots: list[object], seed: int) -> list[tuple[int, tuple[object, ...]]]:
    state = new_game(game, len(bots), seed)
    while (decision := state.pending) is not None:
        choice = bots[decision.player].choose(InfoSet(state, decision))  # type: ignore[attr-defined]
        assert choice in decision.options
        state.apply(decision.player, choice)
    return state.log


def played_at_random(state: GameState, rng: Rng, decisions: int) -> GameState:
    for _ in range(decisions):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, rng.choice(decision.options))
    return state


def test_shipped_policy_plays_legal_reproducible_games() -> None:
    assert shipped_weights_path("doomlings").is_file()
    assert load_weights("doomlings").notes["trained_games"] > 0
    logs = [
        play("doomlings", [make_bot("policy:50", 1), *(make_bot("greedy", p) for p in range(3))], 1)
        for _ in range(2)
    ]
    assert logs[0] == logs[1]


def test_policy_with_any_weights_plays_legally_in_both_editions() -> None:
    weights = random_weights("doomlings", 3)
    bots = [PolicyBot.with_weights(p, weights, iterations=10) for p in range(3)]
    play("doomlings-blackbox", bots, seed=4)


def test_the_search_is_judged_by_the_network_from_the_searchers_view() -> None:
    weights = random_weights("doomlings", 6)
    net = PolicyNet(weights)
    bot = PolicyBot.with_weights(1, weights)
    state = played_at_random(new_game("doomlings", 4, 5), Rng(5), 25)
    for player in range(4):
        mine = net.win_chances(state.view(player))
        judged = bot.judge(state, player)
        assert judged[player] == pytest.approx(mine[0])
        assert judged[(player + 1) % 4] == pytest.approx(mine[1])
        assert sum(judged) == pytest.approx(1.0)


def test_different_weights_make_different_choices() -> None:
    """The network steers the search: two weight files do not play the same game."""
    logs = [
        play(
            "doomlings",
            [PolicyBot.with_weights(p, random_weights("doomlings", w), 40) for p in range(2)],
            seed=6,
        )
        for w in (1, 2)
    ]
    assert logs[0] != logs[1]


def numpy_win_chances(
    weights: PolicyWeights, rows: list[list[float]], cards: list[list[int]]
) -> np.ndarray:
    size, hidden = len(SEAT_FEATURES), weights.hidden
    w = np.asarray(weights.dense_weights).reshape(size, hidden)
    vectors = np.asarray(weights.card_vectors).reshape(2 * weights.buckets, hidden)
    x = np.asarray(rows)
    pre = x @ w + np.asarray(weights.hidden_bias)
    pre += np.stack([vectors[names].sum(0) for names in cards])
    u = np.tanh(pre) @ np.asarray(weights.readout) + x @ np.asarray(weights.skip)
    odds = np.exp(u - u.max())
    return odds / odds.sum()


def test_forward_pass_matches_numpy() -> None:
    weights = random_weights("doomlings", 5)
    net = PolicyNet(weights)
    state = new_game("doomlings", 4, 2)
    rng = Rng(2)
    for _ in range(60):
        decision = state.pending
        assert decision is not None
        view = state.view(decision.player)
        rows, cards = view_features(view, weights.buckets)
        assert len(rows) == 4 and all(len(row) == len(SEAT_FEATURES) for row in rows)
        assert rows[0][SEAT_FEATURES.index("is_viewer")] == 1.0
        np.testing.assert_allclose(
            net.win_chances(view), numpy_win_chances(weights, rows, cards), rtol=1e-4, atol=1e-6
        )
        state.apply(decision.player, rng.choice(decision.options))


def test_features_read_only_what_the_player_sees() -> None:
    """Two states that differ only in cards hidden from the player give the same features."""
    state = played_at_random(new_game("doomlings", 4, 3), Rng(3), 30)
    decision = state.pending
    assert decision is not None
    player = decision.player
    other = state.determinize(player, Rng(9))
    assert other.hands != state.hands
    assert view_features(other.view(player), 16) == view_features(state.view(player), 16)


def test_weights_round_trip_and_bad_files(tmp_path: Path) -> None:
    weights = random_weights("doomlings", 1)
    again = PolicyWeights.from_json(weights.to_json(), "memory")
    assert again.dense_weights == weights.dense_weights
    assert again.card_vectors == weights.card_vectors
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "doomlings"}')
    with pytest.raises(PolicyError, match="not a policy file"):
        load_weights("doomlings", bad)
    with pytest.raises(PolicyError, match="no policy weights"):
        load_weights("doomlings", tmp_path / "missing.json")
    other = tmp_path / "other.json"
    other.write_text(random_weights("doom-on-you", 1).to_json())
    (tmp_path / "doomlings.json").write_text(random_weights("doomlings", 1).to_json())
    with pytest.raises(PolicyError, match="for doom-on-you, not doomlings"):
        load_weights("doomlings", other)
    with pytest.raises(PolicyError, match="is a policy for doomlings, not doom-on-you"):
        load_weights("doom-on-you", other.with_name("doomlings.json"))


def test_policy_needs_no_numpy_or_torch() -> None:
    code = (
        "import sys; from doomtable.bots import make_bot; "
        "from doomtable.rl.policy import load_weights; "
        "load_weights('doomlings'); make_bot('policy', 1); "
        "assert not {'numpy', 'torch'} & set(sys.modules), 'imported numpy or torch'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
