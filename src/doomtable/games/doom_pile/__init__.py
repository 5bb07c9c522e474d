"""Doom Pile: stack your deck, count down your Plots, Minions and Artifices, meet your Master Plan.

Registered as ``doom-pile`` (2 players by the rulebook; 3 or 4 as a free-for-all extension).
Rules: ``state.py``; card vocabulary: ``cards.py``; our card set: ``card_set.py``; decks and
static tables: ``data.py``; preconstructed decks: ``decks/*.yaml``. Rulings: docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import GameSpec
from doomtable.games.doom_pile.data import (
    CARD_DEFS,
    LIMITS,
    PLAN_DEFS,
    DeckError,
    deck_problems,
    precon_deck,
    precon_names,
    read_deck_file,
    write_deck_file,
)
from doomtable.games.doom_pile.state import GAME, DoomPileState


def _create(players: int, seed: int, options: dict[str, Any]) -> DoomPileState:
    return DoomPileState(players, seed, options)


def card_dicts() -> list[dict[str, Any]]:
    """Every card and Master Plan as JSON-ready dicts, for ``GameSpec.cards``."""
    cards = [d.to_json() for d in CARD_DEFS]
    for entry in cards:
        if entry["name"] in LIMITS:
            entry["limit"] = LIMITS[entry["name"]]
    return cards + [p.to_json() for p in PLAN_DEFS]


SPEC = GameSpec(
    name=GAME,
    title="Doom Pile",
    min_players=2,
    max_players=4,
    create=_create,
    state_class=DoomPileState,
    default_options={
        "decks": [],
        "stacking": "choose",
        "first_player": -1,
        "max_turns": 40,
    },
    aliases=("doompile",),
    summary="Stacked decks and countdowns: be first to meet your public Master Plan.",
    cards=card_dicts,
    default_players=2,
)

__all__ = [
    "CARD_DEFS",
    "LIMITS",
    "PLAN_DEFS",
    "SPEC",
    "DeckError",
    "DoomPileState",
    "card_dicts",
    "deck_problems",
    "precon_deck",
    "precon_names",
    "read_deck_file",
    "write_deck_file",
]
