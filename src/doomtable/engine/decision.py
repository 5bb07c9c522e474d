"""Decisions and options: what the engine asks, and what a player may answer."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

Option = tuple[Any, ...]
"""A legal answer: a verb followed by small ints, e.g. ``("play", 12)`` or ``("pass",)``."""

Frame = tuple[Any, ...]
"""One pending piece of work on the effect stack: an op name followed by plain data."""

PASS: Final[Option] = ("pass",)

PASS_ONLY: Final[tuple[Option, ...]] = (PASS,)
"""The options of a response window for a player with nothing to respond with (shared, so
such a decision allocates no tuple of its own)."""

RESPOND: Final = "respond"
"""Decision kind of a response window: every eligible player is asked the same way."""

CLOCK: Final = -1
"""The "player" of a timed game's log entry in which only the game clock moved."""

WAIT: Final[Option] = ("wait",)
"""The option logged with :data:`CLOCK` when time passes with nobody acting."""

LogEntry = tuple[Any, ...]
"""One decision-log entry: ``(player, option)``, and in a timed game
``(player, option, at)`` with ``at`` the game-clock time in milliseconds."""


class Decision:
    """The decision now due: ``player`` must pick one of ``options``.

    ``kind`` is a short machine name (``turn``, ``respond``, ``target``, ...); ``prompt`` says in
    plain words what is being decided. It may be given as a function of no arguments, called
    the first time someone reads it, so the hundreds of decisions a simulation makes per game
    build no text nobody shows. Labels of options come from the game state
    (``state.label(option)``), for the same reason.

    ``also`` holds the decisions of other players open at the same moment (simultaneous play
    in a timed game): any of them may be answered first. Turn-based games leave it empty.

    A plain slotted class, not a dataclass: a game makes one per decision, and a frozen
    dataclass costs several times more to build. Treat it as read-only.
    """

    __slots__ = ("player", "kind", "options", "_prompt", "also")

    def __init__(
        self,
        player: int,
        kind: str,
        options: tuple[Option, ...],
        prompt: str | Callable[[], str],
        also: tuple[Decision, ...] = (),
    ) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self._prompt = prompt
        self.also = also

    @property
    def prompt(self) -> str:
        prompt = self._prompt
        if not isinstance(prompt, str):
            prompt = self._prompt = prompt()
        return prompt

    def _key(self) -> tuple[Any, ...]:
        return (self.player, self.kind, self.options, self.prompt, self.also)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[type[Decision], tuple[Any, ...]]:
        # Compiled, the class has no __dict__ for copy and pickle to use: rebuild it instead.
        return (Decision, (self.player, self.kind, self.options, self.prompt, self.also))

    def __repr__(self) -> str:
        also = f", also={self.also!r}" if self.also else ""
        return (
            f"Decision(player={self.player!r}, kind={self.kind!r}, options={self.options!r}, "
            f"prompt={self.prompt!r}{also})"
        )


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
