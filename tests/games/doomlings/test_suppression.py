"""Suppressed cards (Deeplings) are face down: their owner sees them, the others a count."""

from __future__ import annotations

import json

from doomtable.engine import Rng, new_game
from doomtable.engine.cards import stable_dict
from doomtable.engine.registry import load_verified
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.state import CARD


def _table() -> DoomlingsState:
    state = new_game("doomlings", 2, 1, {"sets": "deeplings"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {"players": {0: {"traits": ["Bark"], "suppressed": ["Blubber"]}, 1: {"traits": []}}}
    )
    return state


def test_only_the_owner_sees_a_suppressed_card() -> None:
    state = _table()
    assert [card["name"] for card in state.view(0)["suppressed"]] == ["Blubber"]
    assert state.view(1)["suppressed"] == []
    assert state.view(1)["seats"][0]["suppressed"] == 1
    assert "Blubber" not in json.dumps(state.view(1))


def test_determinize_redeals_an_opponents_suppressed_card() -> None:
    state = _table()
    seen = {CARD[state.determinize(1, Rng(seed)).suppressed[0][0]].name for seed in range(12)}
    assert len(seen) > 1
    own = state.determinize(0, Rng(5))
    assert [CARD[c].name for c in own.suppressed[0]] == ["Blubber"]


def test_a_save_names_suppressed_cards_by_slug_and_loads() -> None:
    state = new_game("doomlings", 2, 4, {"sets": "deeplings"})
    state.play_without_humans()
    while not state.is_over and not any(state.suppressed):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, decision.options[-1])
    assert any(state.suppressed), "the game ended before a card was suppressed"
    saved = stable_dict(state.to_dict())
    assert all(isinstance(c, str) for zone in saved["state"]["suppressed"] for c in zone)
    assert load_verified(json.loads(json.dumps(saved))) == state


def test_the_tables_show_face_down_cards_to_their_owner_and_a_count_to_others() -> None:
    from rich.console import Console

    from doomtable.cli.render_doomlings import full_table
    from doomtable.web.pages.doomlings import render

    state = _table()
    console = Console(width=120, record=True)
    console.print(full_table(state.view(1)))
    theirs = console.export_text()
    assert "[1 face down]" in theirs and "Blubber" not in theirs
    console.print(full_table(state.view(0)))
    assert "Your face-down (suppressed) cards" in console.export_text()
    page = render(state.view(1), 1)
    assert "face down" in page and "Blubber" not in page
