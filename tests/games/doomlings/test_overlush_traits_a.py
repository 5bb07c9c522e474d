"""Overlush's first half of traits: what its scenarios cannot see (views, the hooks a base
game never looks for)."""

from __future__ import annotations

from doomtable.engine import new_game
from doomtable.games.doomlings.game import DoomlingsState


def overlush(players: int, setup: dict[str, object], sets: str = "overlush") -> DoomlingsState:
    state = new_game("doomlings", players, 1, {"sets": sets})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(setup)
    return state


def test_eyestalks_shows_the_whole_hand_to_its_player_alone() -> None:
    state = overlush(
        3,
        {
            "players": {
                0: {"hand": ["Eyestalks", "Fangs"], "gene_pool": 1},
                1: {"hand": ["Leaves", "Fear"], "gene_pool": 5},
                2: {"hand": ["Bark"], "gene_pool": 5},
            }
        },
    )
    for choice in ("play Eyestalks", "pass", "pass", "target player 1"):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, choice)
    seen = [(r["from"], r["card"]["name"]) for r in state.view(0)["revealed"]]
    assert seen == [(1, "Leaves"), (1, "Fear")]
    assert state.view(2)["revealed"] == []
    assert "Eyestalks: player 0 looks at 2 cards in player 1's hand." in state.log_lines(2)
    assert "Eyestalks: player 0 looks at player 1's Leaves, Fear." in state.log_lines(0)


def test_a_base_game_never_looks_for_the_overlush_hooks() -> None:
    base = new_game("doomlings", 2, 1)
    assert isinstance(base, DoomlingsState)
    assert not base.guards_in_game()
    assert not base.removal_plays_in_game()
    assert not base.arrival_plays_in_game()
    assert not base.flow_hooks_in_game()
    state = overlush(2, {"players": {0: {"gene_pool": 5}, 1: {"gene_pool": 5}}})
    assert state.guards_in_game() and state.removal_plays_in_game()
    assert state.arrival_plays_in_game() and state.flow_hooks_in_game()
