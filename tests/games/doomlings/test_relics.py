"""What the relics that look into the age deck tell, and to whom."""

from __future__ import annotations

from doomtable.engine import new_game
from doomtable.games.doomlings.game import DoomlingsState

SETUP = {
    "players": {
        0: {"hand": ["Omniscient", "Omnipotent", "Bark", "Fangs", "Gills"], "gene_pool": 5},
        1: {"hand": ["Appealing", "Big Ears", "Quick", "Sweat", "Spiny"], "gene_pool": 5},
    },
    "age_deck": ["Eclipse", "Age of Peace", "Flourish", "Ice Age", "Awakening", "Solar Flare"],
}


def table() -> DoomlingsState:
    state = new_game("doomlings", 2, 1, {"sets": "relics"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(SETUP)
    return state


def test_omniscient_shows_the_last_4_ages_to_its_player_alone() -> None:
    state = table()
    start = len(state.events)
    state.apply(0, "play Omniscient")
    state.apply(1, "pass")
    # In the order they will be flipped: Solar Flare is the very last.
    seen = "player 0 looks at the ages: Flourish, Ice Age, Awakening, Solar Flare."
    assert seen in state.log_lines(0, start)
    assert not any("looks at the ages" in line for line in state.log_lines(1, start))
    assert not any("looks at the ages" in line for line in state.log_lines(None, start))


def test_omnipotent_tells_its_order_to_its_player_and_only_the_count_to_others() -> None:
    state = table()
    start = len(state.events)
    state.apply(0, "play Omnipotent")
    state.apply(1, "pass")
    assert state.pending is not None and state.pending.player == 0
    view = state.view(1)["pending"]
    assert view == {"player": 0, "kind": None, "prompt": "choosing"}
    state.apply(0, "place Age of Peace")
    assert state.view(1)["pending"]["prompt"] == "choosing"
    state.apply(0, "place Flourish")
    ordered = "player 0 puts back the next ages as: Age of Peace, Flourish, Eclipse."
    assert ordered in state.log_lines(0, start)
    others = "player 0 puts the next 3 ages back in an order of their choosing."
    assert others in state.log_lines(1, start)
    assert ordered not in state.log_lines(1, start)
    assert state.snapshot()["age_deck"][:3] == ["Age of Peace", "Flourish", "Eclipse"]
