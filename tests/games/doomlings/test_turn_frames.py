"""A turn's steps that never ask are done at once; the ones that may ask keep their frames.

Saved games hold the effect stack, so a decision must find the same frames on it as before
the turn's silent steps (the age's turn-start rule, stabilizing, the after-stabilizing
window) were done without frames of their own. These tests stop at each decision an age can
add to a turn and check the frames it is asked from.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import PASS, RESPOND, new_game
from doomtable.games.doomlings.game import DoomlingsState


def table(age: str, hand: list[str], **seat: Any) -> DoomlingsState:
    """A 3-player game in ``age`` with player 0 to move holding ``hand``."""
    state = new_game("doomlings", 3, seed=4)
    assert isinstance(state, DoomlingsState)
    state.setup_scenario({"age": age, "players": {0: {"hand": hand, **seat}}})
    return state


def pass_windows(state: DoomlingsState) -> None:
    while (decision := state.pending) is not None and decision.kind == RESPOND:
        state.apply(decision.player, PASS)


def test_alien_terraform_asks_from_its_own_frame() -> None:
    state = table("Alien Terraform", ["Bark", "Camouflage", "Fangs"])  # Camouflage: dominant
    decision = state.pending
    assert decision is not None and (decision.player, decision.kind) == (0, "age")
    assert state.stack[-3:] == [("end_turn", 0), ("main", 0), ("age_turn", 0)]
    state.apply(0, PASS)
    assert state.pending is not None and state.pending.kind == "turn"
    assert state.stack[-2:] == [("end_turn", 0), ("main", 0)]


def test_a_turn_start_rule_that_never_asks_leaves_no_frame() -> None:
    state = table("Flourish", ["Bark", "Fangs"])
    assert state.pending is not None and state.pending.kind == "turn"
    assert state.stack[-2:] == [("end_turn", 0), ("main", 0)]
    assert len(state.hands[0]) == 4  # Flourish drew 2 as the turn began


def test_prosperity_and_nietzsche_ask_from_the_stabilize_choice() -> None:
    for age in ("Prosperity", "Age of Nietzsche"):
        state = table(age, ["Bark", "Fangs"])
        state.apply(0, "play Bark")
        pass_windows(state)
        decision = state.pending
        assert decision is not None and (decision.player, decision.kind) == (0, "stabilize")
        assert state.stack[-2:] == [("late_window", 0), ("stabilize_choice", 0)]


def test_enlightenment_asks_before_the_stabilize_choice() -> None:
    state = table("Enlightenment", ["Bark", "Fangs", "Quick"])
    state.apply(0, "play Bark")
    pass_windows(state)
    decision = state.pending
    assert decision is not None and (decision.player, decision.kind) == (0, "discard")
    assert state.stack[-3:] == [("late_window", 0), ("stabilize_choice", 0), ("enlighten", 0, 2)]


def test_discarding_down_asks_from_a_stabilize_frame() -> None:
    hand = ["Bark", "Fangs", "Quick", "Spiny", "Gills", "Fear", "Leaves", "Adorable"]
    state = table("Coastal Formations", hand)
    state.apply(0, "play Bark")
    pass_windows(state)
    decision = state.pending
    assert decision is not None and (decision.player, decision.kind) == (0, "discard")
    assert state.stack[-3:] == [("late_window", 0), ("draw", 0, 1), ("stabilize", 0, 0)]
    while (decision := state.pending) is not None and decision.kind == "discard":
        state.apply(0, decision.options[0])
    # Down to the Gene Pool of 5: then Coastal Formations draws 1, and the turn passes on.
    pass_windows(state)
    assert len(state.hands[0]) == 6
    assert state.pending is not None and state.pending.player == 1


def test_age_of_wonder_stabilizes_to_four_without_asking() -> None:
    state = table("Age of Wonder", ["Bark"])
    state.apply(0, "play Bark")
    pass_windows(state)
    assert len(state.hands[0]) == 4
    assert state.pending is not None and state.pending.player == 1
