"""The tie-break draw-off (``tiebreak=draw``): the drawn traits lie on the discard pile, but
only their face value counts ("apply only the face value to your final score"), so no
discard-pile bonus counts them; and saves written before the state kept them still load.

The scenarios with amounts: ``tests/scenarios/doomlings/blackbox/tie-draw-not-in-discard-
bonuses.yaml``."""

from __future__ import annotations

import json
import random

import pytest

from doomtable.engine import SaveFileError, load_verified, new_game
from doomtable.engine.registry import saved_dict
from doomtable.games.doomlings.cards import Count
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown, expansion_count
from doomtable.scenario import parse_scenarios, start_scenario

BOARD = """
name: discard-pile bonuses and the draw-off's cards
game: doomlings-blackbox
players: 2
seed: 3
options: {sets: dinolings}
setup:
  players:
    0: {hand: [Gills], traits: [Serrated Teeth, Tiny Arms], gene_pool: 5}
    1: {hand: [Fear], traits: [Bark], gene_pool: 5}
  discard: [Cranial Crest, Cranial Crest, Apex Predator, Tiny, Serrated Teeth]
"""


def _board() -> DoomlingsState:
    state = start_scenario(parse_scenarios(BOARD)[0])
    assert isinstance(state, DoomlingsState)
    return state


def test_discard_pile_bonuses_leave_out_only_the_drawn_copies() -> None:
    s = _board()
    crest, crest_2, apex, tiny, teeth = s.discard
    assert crest != crest_2  # two copies of one design
    assert s.trait(crest).name == s.trait(crest_2).name == "Cranial Crest"
    # Before any draw-off: dominants Apex Predator and Tiny; Dinolings Cranial Crest twice and
    # Serrated Teeth; negative face values: Serrated Teeth (-1).
    teeth_in_pile, arms = s.piles[0]
    before = breakdown(s, 0)
    assert before.bonuses == [("Serrated Teeth", 2), ("Tiny Arms", 3)]
    # The draw-off drew the second Cranial Crest and Tiny: the first Cranial Crest still counts.
    s.tie_drawn = [crest_2, tiny]
    assert expansion_count(s, 0, teeth_in_pile, Count.DOMINANTS_IN_DISCARD, None) == 1
    assert expansion_count(s, 0, arms, Count.FAMILY_IN_DISCARD, "dinolings") == 2
    assert expansion_count(s, 0, teeth_in_pile, Count.NEGATIVE_IN_DISCARD, None) == 1
    assert breakdown(s, 0).bonuses == [("Serrated Teeth", 1), ("Tiny Arms", 2)]
    assert s.discard == [crest, crest_2, apex, tiny, teeth]  # still on the discard pile
    assert breakdown(s, 0).face == before.face


def _game_with_a_draw_off() -> DoomlingsState:
    """A random 2-player Blackbox game that ends in a draw-off."""
    for seed in range(200):
        state = new_game("doomlings-blackbox", 2, seed)
        assert isinstance(state, DoomlingsState)
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            state.apply(decision.player, chooser.choice(decision.options))
        if state.tie_drawn:
            return state
    raise AssertionError("no game of seeds 0..199 ends in a draw-off")


def test_the_draw_off_cards_are_remembered_and_lie_on_the_discard_pile() -> None:
    s = _game_with_a_draw_off()
    drawn = [e[3] for e in s.events if e[1] == "tie_draw"]
    assert s.tie_drawn == drawn
    assert s.discard[-len(drawn) :] == drawn
    assert s.card_zones()["discard"][-len(drawn) :] == drawn
    assert type(s).from_json(s.to_json()) == s
    assert s.clone() == s and s.clone().tie_drawn is not s.tie_drawn


def test_a_save_written_before_the_draw_off_cards_were_kept_loads() -> None:
    s = _game_with_a_draw_off()
    data = json.loads(s.to_json())
    del data["state"]["tie_drawn"]
    old = type(s).from_dict(data)
    assert old.tie_drawn == []  # the default, DoomlingsBase.FIELD_DEFAULTS
    old.tie_drawn.append(0)
    assert type(s).FIELD_DEFAULTS == {"tie_drawn": []}  # a copy, never the default itself
    # A verified load replays the log, which draws the same cards again.
    stable = saved_dict(s)
    del stable["state"]["tie_drawn"]
    replayed = load_verified(stable)
    assert isinstance(replayed, DoomlingsState)
    assert replayed.tie_drawn == s.tie_drawn and replayed.scores() == s.scores()


def test_a_field_without_a_default_is_still_required() -> None:
    s = _game_with_a_draw_off()
    data = json.loads(s.to_json())
    del data["state"]["tie_draws"]
    with pytest.raises(SaveFileError, match="missing field 'tie_draws'"):
        type(s).from_dict(data)
