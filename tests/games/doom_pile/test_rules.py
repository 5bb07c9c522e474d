"""Rules the scenario files cannot reach by play alone."""

from __future__ import annotations

from doomtable.engine import new_game
from doomtable.games.doom_pile.cards import MINION, REVIVE, Effect
from doomtable.games.doom_pile.game import DoomPileState


def test_a_minion_revived_after_attacking_may_attack_again() -> None:
    """ "Has attacked" belongs to the card that attacked: one that left the field and came
    back (here Revived in the same Attack Phase) is a new card."""
    state = new_game("doom-pile", 2, 0, {"decks": ["warlord", "warlord"]})
    assert isinstance(state, DoomPileState)
    state.setup_scenario(
        {
            "start": "attack",
            "players": {
                0: {"field": ["Footsoldier", "Bone Knight"], "deck": ["Ambush"]},
                1: {"field": ["Berserker", "Siege Ogre"]},
            },
        }
    )
    state.apply(0, "Footsoldier 1/2 (player 0) attacks Berserker 3/2 (player 1)")
    footsoldier = state.discard[0][0]
    assert state.attacked == [footsoldier]
    state._apply_effect(0, -1, Effect(REVIVE, what=MINION), footsoldier)
    state._advance()
    assert state.attacked == []
    assert "Footsoldier 1/2 (player 0) attacks Siege Ogre 4/5 (player 1)" in state.labels()
