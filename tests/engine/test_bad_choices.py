"""A choice of the wrong type is an illegal choice that changes nothing (issue 11)."""

from __future__ import annotations

from typing import Any

import pytest

from doomtable.engine import IllegalChoiceError, find_game, game_names, new_game


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("choice", [None, 0.0, 1.5, [0], b"pass", True, False, {0: 1}])
def test_a_wrong_typed_choice_is_illegal_and_changes_nothing(game: str, choice: Any) -> None:
    spec = find_game(game)
    state = new_game(game, players=min(max(3, spec.min_players), spec.max_players), seed=4)
    before = state.to_json()
    decision = state.pending
    assert decision is not None
    with pytest.raises(IllegalChoiceError) as raised:
        state.apply(decision.player, choice)
    assert raised.value.legal == state.labels()
    assert state.to_json() == before


def test_true_is_not_index_one_but_one_is() -> None:
    state = new_game("doomlings", players=3, seed=4)
    decision = state.pending
    assert decision is not None and len(decision.options) > 1
    with pytest.raises(IllegalChoiceError):
        state.apply(decision.player, True)
    state.apply(decision.player, 1)
    assert state.log[-1] == (decision.player, decision.options[1])


def test_an_option_tuple_holding_a_float_is_not_the_int_option() -> None:
    state = new_game("doomlings", players=3, seed=4)
    decision = state.pending
    assert decision is not None
    option = next(o for o in decision.options if len(o) > 1 and type(o[1]) is int)
    fake = (option[0], float(option[1]), *option[2:])
    with pytest.raises(IllegalChoiceError):
        state.apply(decision.player, fake)
