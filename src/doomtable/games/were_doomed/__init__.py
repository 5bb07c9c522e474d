"""We're Doomed!: 4 to 10 leaders, a game clock, one rocket.

Registered as ``were-doomed``. Rules: ``state.py`` (on the engine's ``TimedGameState``);
civilizations, events and components: the YAML files beside it, read by ``cards.py``;
the event deck kept between games: ``deckfile.py``; rulings: docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from doomtable.engine import GameSpec
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS, card_dicts
from doomtable.games.were_doomed.state import GAME, WereDoomedState, seat_count


def _create(players: int, seed: int, options: dict[str, Any]) -> WereDoomedState:
    return WereDoomedState(players, seed, options)


SPEC = GameSpec(
    name=GAME,
    title="We're Doomed!",
    min_players=4,
    max_players=10,
    create=_create,
    state_class=WereDoomedState,
    default_options={"minutes": 15, "realtime": False, "event_order": ""},
    aliases=("weredoomed", "doomed"),
    summary="15 minutes to build a rocket: produce, steal, contribute, vote, board by Influence.",
    cards=card_dicts,
)

__all__ = ["CIVILIZATIONS", "EVENTS", "SPEC", "WereDoomedState", "card_dicts", "seat_count"]
