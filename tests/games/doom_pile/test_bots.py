"""Bots and simulators play Doom Pile; the state's evaluation and win chances follow the plans."""

from __future__ import annotations

from doomtable.engine import new_game
from doomtable.games.doom_pile.game import DoomPileState
from doomtable.sim import run


def test_random_greedy_and_ismcts_finish_games() -> None:
    result = run("doom-pile", 3, 2, ["ismcts:8", "greedy", "random"], seed=2, workers=1)
    assert all(record.finished for record in result.records)
    assert all(record.winners for record in result.records)
    assert all(record.rounds and record.rounds >= 1 for record in result.records)


def test_evaluation_and_win_chances_prefer_plan_progress() -> None:
    state = new_game("doom-pile", 2, 0, {"decks": ["necromancer", "warlord"]})
    assert isinstance(state, DoomPileState)
    assert state.win_chances() == [0.5, 0.5]  # stacking: nobody is ahead
    state.setup_scenario(
        {"players": {0: {"plan": "Army of the Damned", "field": ["Bone Knight"] * 3}}}
    )
    chances = state.win_chances()
    assert chances is not None and chances[0] > chances[1]
    assert abs(sum(chances) - 1.0) < 1e-9
    assert state.evaluate(0) > 0 > state.evaluate(1)
    assert state.scores()[0] == 30  # 3 of the 10 Minions
