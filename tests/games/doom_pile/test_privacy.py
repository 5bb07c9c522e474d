"""Views hide what is hidden: hands, the opponents' deck order, and Master Plans before the
reveal; a redeal of everything hidden from a player leaves that player's view unchanged."""

from __future__ import annotations

import json

from doomtable.engine import Rng, new_game
from doomtable.games.doom_pile.state import DoomPileState


def _views_agree(state: DoomPileState, rng: Rng) -> None:
    for p in range(state.players):
        view = state.view(p)
        for q, entry in enumerate(view["players"]):
            assert ("hand" in entry) == (q == p)
            assert ("deck" in entry) == (q == p)
            if not state.revealed and q != p:
                assert entry["plan"] is None
        other = state.determinize(p, rng)
        assert other.view(p) == view
        assert other.log_lines(p) == state.log_lines(p)


def test_views_survive_a_redeal_of_hidden_cards() -> None:
    for seed in range(30):
        state = new_game("doom-pile", 2 + seed % 3, seed, {"decks": ["cult", "trickster"]})
        assert isinstance(state, DoomPileState)
        rng = Rng(seed)
        while (decision := state.pending) is not None:
            _views_agree(state, rng)
            state._apply_unchecked(decision.options[rng.below(len(decision.options))])


def test_opponent_hand_and_plan_are_not_in_the_view() -> None:
    state = new_game("doom-pile", 2, 4, {"decks": ["warlord", "necromancer"]})
    assert isinstance(state, DoomPileState)
    view = json.dumps(state.view(0))
    assert "Rise Again" not in view  # player 1's plan, before the reveal
    assert "Conquest" in view  # one's own plan is always known
    while not state.revealed:
        state.apply(state.pending.player if state.pending else 0, "keep this order")
    view_after = state.view(0)
    assert view_after["players"][1]["plan"]["name"] == "Rise Again"
    assert len(state.hand[1]) == 5
    opponent = view_after["players"][1]
    assert opponent["hand_size"] == 5 and "hand" not in opponent and "deck" not in opponent


def test_opponent_draws_are_unnamed_in_the_log() -> None:
    state = new_game("doom-pile", 2, 9, {"decks": ["cult", "cult"], "stacking": "keep"})
    assert isinstance(state, DoomPileState)
    mine = state.log_lines(0)
    theirs = [line for line in mine if line.startswith("player 1 draws")]
    assert theirs and all(line == "player 1 draws a card" for line in theirs)
    assert any(line.startswith("player 0 draws ") and "a card" not in line for line in mine)
