"""The rush the balance work answers: 3 Footsoldiers and 2 Shield Bearers on top of a deck
under Army of the Damned used to win at the start of its second turn in every game."""

from __future__ import annotations

from doomtable.bots import make_bot
from doomtable.bots.base import InfoSet
from doomtable.engine import new_game
from doomtable.games.doom_pile import deck_problems
from doomtable.games.doom_pile.game import DoomPileState

RUSH = {
    "name": "Footsoldier rush",
    "plan": "Army of the Damned",
    "cards": [
        {"name": "Footsoldier", "copies": 3},
        {"name": "Shield Bearer", "copies": 2},
        {"name": "Corpse Hound", "copies": 3},
        {"name": "Berserker", "copies": 3},
        {"name": "Pickpocket", "copies": 3},
        {"name": "Lab Assistant", "copies": 3},
        {"name": "Shambling Thrall", "copies": 3},
        {"name": "Zealot", "copies": 3},
        {"name": "Spider Drone", "copies": 3},
        {"name": "Jester", "copies": 3},
        {"name": "Shield Bearer", "copies": 1},
    ],
}


def _rusher_win_turn(seed: int, rusher_first: bool) -> int | None:
    decks = [RUSH, "warlord"] if rusher_first else ["warlord", RUSH]
    rusher = 0 if rusher_first else 1
    options = {"decks": decks, "first_player": 0, "max_turns": 6}
    state = new_game("doom-pile", 2, seed, options)
    assert isinstance(state, DoomPileState)
    while not state.revealed and state.pending is not None:
        p = state.pending.player
        state.apply(p, "keep this order" if p == rusher else "auto-stack (quick cards on top)")
    state.play_without_humans()
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    while (decision := state.pending) is not None:
        state.apply(decision.player, bots[decision.player].choose(InfoSet(state, decision)))
    return state.turns_taken[rusher] if state.winners() == [rusher] else None


def test_the_footsoldier_rush_does_not_win_before_its_fourth_turn() -> None:
    assert deck_problems(RUSH) == []
    turns = [_rusher_win_turn(seed, seed % 2 == 0) for seed in range(4)]
    assert all(turn is None or turn >= 4 for turn in turns), turns
