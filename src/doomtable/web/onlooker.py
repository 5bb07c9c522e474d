"""The onlooker view: what every seat sees alike.

The engine's views are per seat (``state.view(seat)``). A spectator gets the part common to
all of them: a key is kept only where every seat's view holds the same value,
so anything one seat does not see, or sees differently
(a hand, a peeked card, a score counting a hidden hand), is left out. A list with one entry
per seat is compared entry by entry; any other list that differs is dropped whole. This needs
nothing of a game beyond its views, so every game, present or future, has an onlooker view.
(At a one-player table the onlooker sees what the lone player sees: nobody is left to hide
it from.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doomtable.engine import GameState

_MISSING = object()


def _common(values: list[Any]) -> Any:
    """The part of ``values`` they all share, or ``_MISSING`` when there is none."""
    first = values[0]
    if all(isinstance(v, dict) for v in values):
        keys = [k for k in first if all(k in v for v in values)]
        out = {}
        for key in keys:
            shared = _common([v[key] for v in values])
            if shared is not _MISSING:
                out[key] = shared
        return out
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, list) and len(v) == len(values) for v in values) and all(
        isinstance(item, dict) for v in values for item in v
    ):
        # One entry per seat (players, seats): keep what every view says of each seat. A
        # list of cards that merely has as many entries differs in most keys: it is dropped.
        items = [_common([v[i] for v in values]) for i in range(len(first))]
        if all(
            isinstance(item, dict) and 2 * len(item) > min(len(v[i]) for v in values)
            for i, item in enumerate(items)
        ):
            return items
    return _MISSING


def onlooker_view(
    state: GameState, view_of: Callable[[int], dict[str, Any]] | None = None
) -> dict[str, Any]:
    """What every player may see of ``state``, with ``"game"`` kept. ``view_of`` gives a
    seat's view (``state.view`` by default: a caller that has built some passes them on)."""
    view_of = state.view if view_of is None else view_of
    shared = _common([view_of(seat) for seat in range(state.players)])
    assert isinstance(shared, dict)
    shared["game"] = state.GAME
    return shared
