"""The Doomlings win-chance model that judges a searching bot's short play-outs."""

from __future__ import annotations

import pytest

from doomtable.engine import Rng, new_game
from doomtable.games.doomlings import value
from doomtable.games.doomlings.rules import DoomlingsRules


def positions(seed: int) -> list[DoomlingsRules]:
    """Every 20th state of a random 4-player game, and its last one."""
    state = new_game("doomlings", 4, seed=seed)
    assert isinstance(state, DoomlingsRules)
    rng = Rng(seed)
    seen = []
    while (decision := state.pending) is not None:
        if len(state.log) % 20 == 0:
            seen.append(state.clone())
        state._apply_unchecked(rng.choice(decision.options))
    return [*seen, state]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chances_are_a_distribution_over_players(seed: int) -> None:
    for state in positions(seed):
        chances = state.win_chances()
        assert len(chances) == 4
        assert all(0 < c < 1 for c in chances)
        assert sum(chances) == pytest.approx(1)


def test_progress_runs_from_start_to_end() -> None:
    states = positions(4)
    steps = [value.progress(s) for s in states]
    assert steps[0] < 0.2
    assert steps[-1] > 0.8
    assert steps == sorted(steps)


def test_more_points_more_chances_and_more_so_near_the_end() -> None:
    states = positions(5)
    for state in (states[1], states[-2]):
        scores = state.scores()
        before = value.win_chances(state, scores)
        scores[2] += 3
        after = value.win_chances(state, scores)
        assert after[2] > before[2]
        assert all(after[p] < before[p] for p in (0, 1, 3))

    def lead_worth(state: DoomlingsRules) -> float:
        level = [10] * 4
        ahead = [14, 10, 10, 10]
        return value.win_chances(state, ahead)[0] - value.win_chances(state, level)[0]

    early, late = states[1], states[-2]
    early.hands = late.hands = [[], [], [], []]
    early.piles = late.piles = [[], [], [], []]
    assert lead_worth(late) > lead_worth(early)


def weights_with(**changes: object) -> dict[str, object]:
    table: dict[str, object] = {name: [0.0] * (value.DEGREE + 1) for name in value.FEATURES}
    table.update(changes)
    return {"weights": table}


def test_well_formed_weights_are_read_feature_by_feature() -> None:
    parsed = value.parse_weights(weights_with(score=[1, 2, 3]))
    assert parsed[value.FEATURES.index("score")] == (1.0, 2.0, 3.0)
    assert len(parsed) == len(value.FEATURES)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "needs 'weights'"),
        ({"weights": {"score": [1, 2, 3]}}, "KeyError"),
        (weights_with(score=[1, 2]), "score needs 3 weights, not 2"),
        (weights_with(pile="high"), "numbers"),
    ],
)
def test_malformed_weights_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        value.parse_weights(data)
