"""The Doom On You win-chance model that judges a searching bot's short play-outs."""

from __future__ import annotations

import importlib.util
import json
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from doomtable.bots import InfoSet, IsmctsBot
from doomtable.bots.ismcts import _Node
from doomtable.engine import PASS, Rng, new_game
from doomtable.games.doom_on_you import value
from doomtable.games.doom_on_you.game import DoomOnYouState

FIT_SCRIPT = Path(__file__).resolve().parents[3] / "bench" / "fit_value.py"


def positions(seed: int, players: int) -> list[DoomOnYouState]:
    """Every 25th state of a random game that still has a decision."""
    state = new_game("doom-on-you", players, seed=seed)
    assert isinstance(state, DoomOnYouState)
    rng = Rng(seed)
    seen = []
    while (decision := state.pending) is not None:
        if len(state.log) % 25 == 0:
            seen.append(state.clone())
        state._apply_unchecked(rng.choice(decision.options))
    return seen


def scenario(players: dict[int, dict[str, Any]], attack_round: int = 3) -> DoomOnYouState:
    state = new_game("doom-on-you", 3, seed=1)
    assert isinstance(state, DoomOnYouState)
    state.setup_scenario(
        {
            "start": "attack",
            "first_defender": 2,
            "attack_round": attack_round,
            "players": players,
        }
    )
    return state


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 2)])
def test_chances_are_a_distribution_over_players_still_in(seed: int, players: int) -> None:
    states = positions(seed, players)
    assert len(states) > 5
    saw_someone_out = False
    for state in states:
        chances = state.win_chances()
        assert len(chances) == players
        assert sum(chances) == pytest.approx(1)
        for p, chance in enumerate(chances):
            if state.alive[p]:
                assert 0 < chance < 1
            else:
                saw_someone_out = True
                assert chance == 0
    assert saw_someone_out or players == 2


def test_a_winning_position_has_better_chances_than_a_losing_one() -> None:
    strong = {"food": 12, "animals": ["Bull-doze", "Rhino-ssault", "Ele-fence"]}
    weak = {"food": 1, "animals": [], "hand": ["Alpaca-punch"]}
    even = {"food": 7, "animals": ["Alpaca-punch", "Deter-tle"]}
    state = scenario({0: strong, 1: weak, 2: even})
    chances = state.win_chances()
    assert chances[0] > chances[2] > chances[1]
    assert chances[0] > 0.5
    assert chances[1] < 0.15


def test_more_food_more_chances() -> None:
    level = {"food": 6, "animals": ["Alpaca-punch"], "hand": ["Camo", "Hunt"]}
    before = scenario({0: level, 1: level, 2: level}).win_chances()
    assert before == pytest.approx([1 / 3] * 3)
    after = scenario({0: level, 1: {**level, "food": 9}, 2: level}).win_chances()
    assert after[1] > before[1]
    assert after[0] < before[0] and after[2] < before[2]


def test_progress_follows_the_attack_rounds_up_to_the_cap() -> None:
    early = scenario({}, attack_round=1)
    late = scenario({}, attack_round=30)
    assert value.progress(early) < value.progress(late) == 1.0
    early.options["max_attack_rounds"] = 0  # no cap: rounds count against ROUND_SCALE
    assert value.progress(early) == pytest.approx(1 / value.ROUND_SCALE)


def test_the_shipped_weights_have_one_row_per_feature() -> None:
    data = json.loads(resources.files(value.__package__).joinpath("value.json").read_text())
    assert set(data["weights"]) == set(value.FEATURES)
    parsed = value.weights()
    assert len(parsed) == len(value.FEATURES)
    assert all(len(row) == value.DEGREE + 1 for row in parsed)
    state = positions(4, 3)[1]
    assert all(len(row) == len(value.FEATURES) for row in value.features(state))


def weights_with(**changes: object) -> dict[str, object]:
    table: dict[str, object] = {name: [0.0] * (value.DEGREE + 1) for name in value.FEATURES}
    table.update(changes)
    return {"weights": table}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "needs 'weights'"),
        ({"weights": {"food": [1, 2]}}, "KeyError"),
        (weights_with(food=[1, 2, 3]), "food needs 2 weights, not 3"),
        (weights_with(outlook="high"), "numbers"),
    ],
)
def test_malformed_weights_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        value.parse_weights(data)


def fit_script() -> ModuleType:
    pytest.importorskip("numpy", reason="the fitting script needs numpy (the rl/bench extras)")
    spec = importlib.util.spec_from_file_location("fit_value", FIT_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_value"] = module
    spec.loader.exec_module(module)
    return module


def test_the_fitting_script_learns_that_food_wins_from_a_small_sample() -> None:
    fit_value = fit_script()
    records = fit_value.records_of_game("doom-on-you", 1) + fit_value.records_of_game(
        "doom-on-you", 4
    )
    assert len(records) > 100
    z, live, y = fit_value.design(records, value.DEGREE)
    assert z.shape == (len(records), 3, len(value.FEATURES) * (value.DEGREE + 1))
    assert y.sum(axis=1) == pytest.approx(1)
    w = fit_value.fit(z, live, y)
    assert fit_value.log_loss(w, z, live, y) < fit_value.log_loss(0 * w, z, live, y)


@pytest.mark.parametrize(
    ("game", "rollout"), [("doom-on-you", None), ("doomlings", None), ("doom-on-you", 5)]
)
def test_ismcts_judges_after_the_games_own_number_of_random_decisions(
    game: str, rollout: int | None
) -> None:
    state = new_game(game, 3, seed=2)
    decision = state.pending
    assert decision is not None
    bot = IsmctsBot(seed=1, rollout=rollout)
    world = InfoSet(state, decision).sample(bot.rng)
    played = len(world.log)
    asking = world.clone()  # a copy asks every seat, forced passes included
    root = _Node()
    bot._iterate(root, world, bot.rng)
    assert not world.is_over
    # The sample logs the passes it answered itself; replaying on the asking copy tells the
    # decisions the bot made from those.
    made = 0
    for player, option in world.log[played:]:
        pending = asking.pending
        assert pending is not None
        made += pending.options != (PASS,)
        asking.apply(player, option)
    expected = world.PLAYOUT_DECISIONS if rollout is None else rollout
    assert made == 1 + expected  # the new node's option, then the play-out
    [child] = root.children.values()
    chances = world.win_chances()
    assert chances is not None
    assert child.total == pytest.approx(chances[decision.player])
