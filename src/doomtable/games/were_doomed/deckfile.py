"""The event deck is never reshuffled between games: a finished game leaves its order, and
the host (the terminal: a file in the user's data folder; a server: its database) gives it
to the next game as the ``event_order`` option. The game itself stays pure: this module only
says what the order is (``GameSpec.carry_over``); hosts keep it.
"""

from __future__ import annotations

from doomtable.engine import GameState


def order_left(state: GameState) -> str:
    """The order a finished game leaves for the next: the deck, then the cards in play and
    in hands, which go to the bottom (``""`` while the game runs)."""
    if not state.is_over:
        return ""
    order = state.snapshot().get("event_order")
    return order if isinstance(order, str) else ""
