"""Decisions and options: what the engine asks, and what a player may answer."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

Option = tuple[Any, ...]
"""A legal answer: a verb followed by small ints, e.g. ``("play", 12)`` or ``("pass",)``."""

Frame = tuple[Any, ...]
"""One pending piece of work on the effect stack: an op name followed by plain data."""

PASS: Option = ("pass",)

RESPOND = "respond"
"""Decision kind of a response window: every eligible player is asked the same way."""

CLOCK = -1
"""The "player" of a timed game's log entry in which only the game clock moved."""

WAIT: Option = ("wait",)
"""The option logged with :data:`CLOCK` when time passes with nobody acting."""

LogEntry = tuple[Any, ...]
"""One decision-log entry: ``(player, option)``, and in a timed game
``(player, option, at)`` with ``at`` the game-clock time in milliseconds."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision now due: ``player`` must pick one of ``options``.

    ``kind`` is a short machine name (``turn``, ``respond``, ``target``, ...); ``prompt`` says in
    plain words what is being decided. Labels of options come from the game state
    (``state.label(option)``) so they are only built when someone looks.

    ``also`` holds the decisions of other players open at the same moment (simultaneous play
    in a timed game): any of them may be answered first. Turn-based games leave it empty.
    """

    player: int
    kind: str
    options: tuple[Option, ...]
    prompt: str
    also: tuple[Decision, ...] = ()


def distinct_by(cards: Iterable[int], key: Callable[[int], object]) -> list[int]:
    """The first card of each ``key``, in order: identical choices make one option (and one
    label), so copies of a card are not offered twice."""
    seen: set[object] = set()
    picked = []
    for card in cards:
        k = key(card)
        if k not in seen:
            seen.add(k)
            picked.append(card)
    return picked
