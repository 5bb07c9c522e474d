"""Views hide what is hidden: hands, the opponents' deck order, and Master Plans before the
reveal; a redeal of everything hidden from a player leaves that player's view unchanged."""

from __future__ import annotations

import json

from doomtable.engine import Rng, new_game
from doomtable.games.doom_pile.card_set import SUBTYPES
from doomtable.games.doom_pile.cards import HAND
from doomtable.games.doom_pile.data import CARD_DEFS, DEF_BY_NAME, SUBTYPE_INDEX
from doomtable.games.doom_pile.game import DoomPileState
from doomtable.games.doom_pile.state import HIDDEN, owner_of


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


def _random_states(seeds: range, every: int) -> list[DoomPileState]:
    """Positions of random games with the preconstructed decks, every ``every`` decisions."""
    states = []
    for seed in seeds:
        decks = {"decks": ["cult", "trickster", "warlord"], "stacking": "auto"}
        state = new_game("doom-pile", 2 + seed % 2, seed, decks)
        assert isinstance(state, DoomPileState)
        rng = Rng(seed + 100)
        step = 0
        while (decision := state.pending) is not None:
            if step % every == 0:
                states.append(state.clone())
            state._apply_unchecked(decision.options[rng.below(len(decision.options))])
            step += 1
    return states


def test_no_sample_holds_a_card_its_viewer_has_not_seen() -> None:
    """Others' draws and cards Stacked from their hands stay unnamed in a sample's events."""
    hidden_events = 0
    for number, state in enumerate(_random_states(range(8), 7)):
        for viewer in range(state.players):
            sample = state.determinize(viewer, Rng(number))
            for event in sample.events:
                if event[0] == "draw" and event[1] != viewer:
                    assert event[2] == HIDDEN, event
                    hidden_events += 1
                if event[0] == "stack" and event[2] == HAND and event[1] != HIDDEN:
                    assert owner_of(event[1]) == viewer, event
            assert sample.log_lines(viewer) == state.log_lines(viewer)
    assert hidden_events > 1000


def test_a_sample_depends_only_on_what_its_viewer_has_seen() -> None:
    """Two tables that differ only in what a player cannot see (an opponent's unseen cards,
    their order, the ids in others' draws) give that player the same samples: the searching
    bot does not know the opponent's deck list."""
    differs = 0
    for number, real in enumerate(_random_states(range(6), 11)):
        for viewer in range(real.players):
            other = real.determinize(viewer, Rng(number + 1000))
            differs += other.defs != real.defs
            for k in range(2):
                assert real.determinize(viewer, Rng(k)) == other.determinize(viewer, Rng(k))
    assert differs > 50


def test_a_sampled_deck_list_keeps_to_the_copy_limits_with_the_seen_cards() -> None:
    state = new_game("doom-pile", 2, 1, {"decks": ["warlord", "trickster"]})
    assert isinstance(state, DoomPileState)
    state.setup_scenario(
        {
            "players": {
                1: {
                    "discard": ["Footsoldier", "Footsoldier", "Footsoldier", "Grand Heist"],
                    "field": ["Berserker"],
                }
            }
        }
    )
    limited = {DEF_BY_NAME["footsoldier"], DEF_BY_NAME["grand heist"]}
    warlord = sum(SUBTYPES[SUBTYPE_INDEX[d]] == "Warlord" for d in range(len(CARD_DEFS)))
    drawn = [0, 0]
    for k in range(40):
        sample = state.determinize(0, Rng(k))
        unseen = [sample.defs[c] for c in sample.hand[1] + sample.deck[1]]
        assert len(unseen) == 25
        assert not limited & set(unseen)
        drawn[0] += sum(SUBTYPES[SUBTYPE_INDEX[d]] == "Warlord" for d in unseen)
        drawn[1] += len(unseen)
    # Seen cards are all Warlord: their subtype is drawn far above its 1-in-5 share of the pool.
    assert warlord == 21 and drawn[0] > drawn[1] // 2
