"""The Overlush and Kickstarter ages beyond their scenarios: every card says what it does, and
a colour banned by Ramblin' River Markets is explained to the player holding such a card."""

from __future__ import annotations

import pytest

from doomtable.engine import new_game
from doomtable.games.doomlings.cards import RED
from doomtable.games.doomlings.data import AGE_INDEX, AGES
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.sets import kickstarter
from doomtable.games.doomlings.sets.overlush import ages as overlush_ages
from doomtable.games.doomlings.state import ALL

EXPANSION_AGES = (*overlush_ages.AGES, *kickstarter.SET.ages)


@pytest.mark.parametrize("age", EXPANSION_AGES, ids=lambda a: a.name)
def test_every_age_and_catastrophe_has_its_effects_and_text(age: object) -> None:
    from doomtable.games.doomlings.cards import Age, AgeRule

    assert isinstance(age, Age)
    assert age.text.endswith(".")
    if age.catastrophe:
        assert age.effect is not None and age.doom is not None
        assert age.doom_text.endswith(".")
        assert age.rule is AgeRule.NONE
    else:
        assert age.rule is not AgeRule.NONE and age.effect is None and age.doom is None


def test_the_sets_deal_28_and_4_ages_and_15_catastrophes() -> None:
    assert sum(1 for a in overlush_ages.AGES if not a.catastrophe) == 28
    assert sum(1 for a in overlush_ages.AGES if a.catastrophe) == 15
    assert len(kickstarter.SET.ages) == 4


def test_a_colour_named_at_ramblin_river_markets_says_why_a_card_cannot_be_played() -> None:
    state = new_game("doomlings", 3, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Ramblin' River Markets",
            "players": {0: {"hand": ["Quick", "Bark"]}, 1: {"hand": ["Fangs", "Gills"]}},
        }
    )
    ramblin = AGE_INDEX["ramblin' river markets"]
    state.emit((ALL, "bans_color", 2, RED, ramblin))  # player 2 names red: 2 and 0 are banned
    assert state.unplayable_reason(0, state.hands[0][0]) == (
        f"{AGES[ramblin].name}: its color was named against you"
    )
    assert state.unplayable_reason(0, state.hands[0][1]) is None
    assert state.unplayable_reason(1, state.hands[1][0]) is None  # on player 2's right


@pytest.mark.parametrize("sets", ["overlush", "kickstarter", "all"])
def test_every_choice_of_the_expansion_ages_has_an_rl_action(sets: str) -> None:
    """Random games with the set: every option offered is an action of the game's encoding."""
    import random

    from doomtable.rl.encoding import game_encoding

    actions = game_encoding("doomlings", {"sets": sets}).actions
    verbs: set[str] = set()
    for seed in range(6):
        state = new_game("doomlings", 2 + seed % 3, seed, {"sets": sets})
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            actions.indexes(decision.options)
            verbs.update(option[0] for option in decision.options)
            state.apply(decision.player, chooser.choice(decision.options))
    assert "play" in verbs


def test_a_bots_sample_does_not_carry_the_card_another_player_picked_for_king_of_the_jungle() -> (
    None
):
    from doomtable.engine import Rng

    state = new_game("doomlings", 2, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Awakening",
            "age_deck": ["King of the Jungle", "Flourish"],
            "players": {
                0: {"hand": ["Bark", "Gills", "Adorable"], "gene_pool": 3},
                1: {"hand": ["Quick", "Fear", "Blubber"], "gene_pool": 3},
            },
        }
    )
    for player, label in [(0, "play Bark"), (1, "pass"), (0, "pass")]:
        state.apply(player, label)
    # the round ends: each player may answer it (Procrastination), then King of the Jungle
    for player, label in [(1, "play Fear"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")]:
        state.apply(player, label)
    state.apply(0, "show Adorable")
    assert state.pending is not None and state.pending.player == 1
    ((_, real),) = state.stack[-1][2]
    assert state.card_name(real) == "Adorable"
    picks = set()
    for seed in range(12):
        sample = state.determinize(1, Rng(seed))
        ((who, card),) = sample.stack[-1][2]
        assert who == 0 and card in sample.hands[0]
        picks.add(sample.card_name(card))
    assert len(picks) > 1  # redrawn from the sample's hand, not the real pick


def test_tangled_canopies_shuffles_every_discarded_card_into_the_deck() -> None:
    state = new_game("doomlings", 2, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Awakening",
            "age_deck": ["Tangled Canopies", "Flourish"],
            "players": {
                0: {"hand": ["Bark", "Gills", "Fangs", "Leaves", "Spiny"], "gene_pool": 5},
                1: {"hand": ["Quick", "Fear", "Antlers", "Adorable", "Appealing"], "gene_pool": 5},
            },
            "discard": ["Blubber", "Migratory", "Nocturnal"],
        }
    )
    for player, label in [(0, "play Bark"), (1, "pass"), (0, "pass"), (1, "play Fear")]:
        state.apply(player, label)
    state.apply(0, "pass")
    discarded = list(state.discard)
    deck = len(state.deck)
    state.apply(1, "pass")  # the round ends: each player may answer it (Procrastination)
    state.apply(0, "pass")
    state.apply(1, "pass")  # and Tangled Canopies is flipped
    assert AGES[state.age].name == "Tangled Canopies"
    assert state.discard == []
    assert len(state.deck) == deck + len(discarded) == deck + 3
    assert set(discarded) <= set(state.deck)
