"""The policy bot in every game other than Doomlings: shipped weights that load and play a
whole game legally, a judge that reads only the player's view, a pure-Python forward pass
equal to numpy's, and clear errors for weights that do not fit."""

from __future__ import annotations

import json
import subprocess
import sys
from array import array
from pathlib import Path

import numpy as np
import pytest

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import GameState, Rng, new_game
from doomtable.rl.encoding import game_encoding
from doomtable.rl.policy import (
    ObservationNet,
    ObservationWeights,
    PolicyBot,
    PolicyError,
    layout_fingerprint,
    load_weights,
    observation_reader,
    shipped_weights_path,
)

GAMES = {"doom-pile": 2, "doom-on-you": 3, "were-doomed": 4}
"""Each game with the observation network, and the players its tests seat."""


def random_weights(game: str, seed: int, hidden: int = 6) -> ObservationWeights:
    reader = observation_reader(game)
    seats = reader.max_players
    rng = np.random.default_rng(seed)

    def floats(n: int) -> array[float]:
        return array("f", rng.normal(0, 0.5, n).tolist())

    return ObservationWeights(
        game=reader.game,
        layout=layout_fingerprint(reader),
        inputs=reader.size,
        hidden=hidden,
        seats=seats,
        input_weights=floats(reader.size * hidden),
        hidden_bias=floats(hidden),
        output_weights=floats(hidden * (seats + 1)),
        output_bias=floats(seats + 1),
        notes={},
    )


def played_at_random(game: str, players: int, seed: int, decisions: int) -> GameState:
    state = new_game(game, players, seed)
    rng = Rng(seed)
    for _ in range(decisions):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, rng.choice(decision.options))
    return state


@pytest.mark.parametrize(("game", "players"), GAMES.items())
def test_shipped_policy_plays_a_whole_game_legally(game: str, players: int) -> None:
    weights = load_weights(game)
    assert isinstance(weights, ObservationWeights)
    assert weights.game == game and weights.notes["trained_games"] > 0
    assert shipped_weights_path(game).name == f"{game}.json"
    state = new_game(game, players, seed=3)
    bots = [make_bot("policy:3", 1), *(make_bot("random", p) for p in range(1, players))]
    decisions = 0
    while (decision := state.pending) is not None:
        choice = bots[decision.player].choose(InfoSet(state, decision))
        assert choice in decision.options
        state.apply(decision.player, choice)
        decisions += 1
        assert decisions < 20_000, "the game never ended"
    assert state.is_over


@pytest.mark.parametrize(("game", "players"), GAMES.items())
def test_the_judge_reads_only_the_players_view(game: str, players: int) -> None:
    """A world redealt where the player cannot see (others' hands, the deck) is judged the
    same, feature for feature, while another player's own view of it changes."""
    bot = PolicyBot.with_weights(1, random_weights(game, 4))
    reader = observation_reader(game)
    redealt = 0
    for seed in range(6):
        state = played_at_random(game, players, seed, 20)
        decision = state.pending
        assert decision is not None
        player = decision.player
        other = state.determinize(player, Rng(seed + 100))
        kind = decision.kind
        features = reader.features(state.view(player), player, players, kind)
        assert reader.features(other.view(player), player, players, kind) == features
        assert bot.judge(other, player) == bot.judge(state, player)
        redealt += any(other.view(q) != state.view(q) for q in range(players) if q != player)
    assert redealt > 0, "no redeal changed anything hidden: the test proves nothing"


@pytest.mark.parametrize(("game", "players"), GAMES.items())
def test_sparse_features_are_the_observation(game: str, players: int) -> None:
    """The policy's pure-Python reading of a view is the RL environments' observation."""
    encoding = game_encoding(game)
    reader = observation_reader(game)
    assert reader.names == encoding.observations.names  # type: ignore[attr-defined]
    state = played_at_random(game, players, 2, 30)
    decision = state.pending
    assert decision is not None
    view = state.view(decision.player)
    dense = np.zeros(reader.size, dtype=np.float32)
    for slot, value in reader.features(view, decision.player, players, decision.kind).items():
        dense[slot] = value
    expected = encoding.observations.encode(view, decision.player, players, decision.kind)
    np.testing.assert_allclose(dense, expected, rtol=1e-6)


def numpy_chances(weights: ObservationWeights, x: np.ndarray, players: int) -> np.ndarray:
    w1 = np.asarray(weights.input_weights).reshape(weights.inputs, weights.hidden)
    w2 = np.asarray(weights.output_weights).reshape(weights.hidden, weights.seats + 1)
    h = np.tanh(x @ w1 + np.asarray(weights.hidden_bias))
    u = (h @ w2 + np.asarray(weights.output_bias))[[*range(players), weights.seats]]
    odds = np.exp(u - u.max())
    return odds / odds.sum()


def test_forward_pass_matches_numpy() -> None:
    weights = random_weights("were-doomed", 7)
    reader = observation_reader("were-doomed")
    net = ObservationNet(weights, reader)
    state = new_game("were-doomed", 5, 1)
    rng = Rng(1)
    for _ in range(40):
        decision = state.pending
        assert decision is not None
        player = decision.player
        features = reader.features(state.view(player), player, 5, decision.kind)
        x = np.zeros(reader.size)
        for slot, value in features.items():
            x[slot] = value
        chances = net.win_chances(features, 5)
        assert len(chances) == 6  # five seats and nobody
        np.testing.assert_allclose(chances, numpy_chances(weights, x, 5), rtol=1e-4, atol=1e-6)
        judged = net.judge(state, player)
        assert judged[player] == pytest.approx(chances[0])
        assert judged[(player + 2) % 5] == pytest.approx(chances[2])
        assert sum(judged) == pytest.approx(1 - chances[5])
        state.apply(player, rng.choice(decision.options))


def test_weights_round_trip_and_bad_files(tmp_path: Path) -> None:
    weights = random_weights("doom-pile", 1)
    again = ObservationWeights.from_json(weights.to_json(), "memory")
    assert again.input_weights == weights.input_weights
    assert again.output_weights == weights.output_weights
    assert again.layout == weights.layout

    def refused(name: str, text: str, message: str, game: str = "doom-pile") -> None:
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(PolicyError, match=message):
            load_weights(game, path)

    good = json.loads(weights.to_json())
    other_game = "a policy for doom-pile, not doom-on-you"
    refused("other.json", weights.to_json(), other_game, "doom-on-you")
    refused("layout.json", json.dumps({**good, "layout": 1}), "another observation layout")
    refused("short.json", json.dumps({**good, "hidden": 7}), "'input': .* numbers, expected")
    refused("missing.json", json.dumps({**good, "output_bias": None}), "not a policy file")
    refused("format.json", json.dumps({**good, "format": "onnx"}), "unknown format 'onnx'")
    refused("list.json", "[1, 2]", "not a JSON object")
    refused("text.json", "not json", "not a policy file")
    refused("zero.json", json.dumps({**good, "seats": 0}), "must be positive")
    with pytest.raises(PolicyError, match=r"no policy weights for doom-pile at .*absent.json "):
        load_weights("doom-pile", tmp_path / "absent.json")
    with pytest.raises(PolicyError, match=r"at xs \(policy:ARG takes ITERATIONS, SECONDSs or"):
        load_weights("doom-pile", "xs")
    with pytest.raises(PolicyError, match="judge at most 4 seats"):
        ObservationNet(weights, observation_reader("doom-pile")).win_chances({}, 5)


def test_a_missing_weights_file_is_a_clear_error_before_any_search() -> None:
    state = new_game("doom-on-you", 3, 1)
    bot = make_bot("policy:/nonexistent/weights.json:5", 1)
    while (decision := state.pending) is not None and len(decision.options) == 1:
        state.apply(decision.player, decision.options[0])
    assert decision is not None
    with pytest.raises(PolicyError, match="no policy weights for doom-on-you at"):
        bot.choose(InfoSet(state, decision))


def test_a_timed_policy_bot_searches_for_its_time() -> None:
    bot = make_bot("policy:0.05s", 2)
    assert bot.name == "policy:0.05s"
    state = new_game("doom-pile", 2, 5)
    while (decision := state.pending) is not None and len(decision.options) == 1:
        state.apply(decision.player, decision.options[0])
    assert decision is not None
    assert bot.choose(InfoSet(state, decision)) in decision.options


def test_every_games_policy_needs_no_numpy() -> None:
    code = (
        "import sys; from doomtable.bots import make_bot, InfoSet; "
        "from doomtable.engine import new_game; "
        "state = new_game('doom-pile', 2, 1); bot = make_bot('policy:5', 1)\n"
        "while (d := state.pending) is not None and len(state.log) < 40:\n"
        "    state.apply(d.player, bot.choose(InfoSet(state, d)))\n"
        "assert not {'numpy', 'torch'} & set(sys.modules), 'imported numpy or torch'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
