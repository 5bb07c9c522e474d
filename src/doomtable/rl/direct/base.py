"""What every direct encoder shares: slot lookups by name and the vector built from hits."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

import numpy as np

from doomtable.engine import GameState
from doomtable.rl.observation import ObservationLayoutError, StructuredObservation

MISSING = -1
"""The slot of a card outside a zone's vocabulary: reading one is a layout error, as it is for
the view-based encoder."""


class Hits:
    """What one encoding collects: slots counted once per hit, and number slots with their
    value, each number slot given once (a direct encoder sums a number itself). A number of 0
    may be given: its slot reads 0 either way."""

    __slots__ = ("hits", "slots", "values")

    def __init__(self) -> None:
        self.hits: list[int] = []
        self.slots: list[int] = []
        self.values: list[float] = []

    def numbers(self, slots: list[int], values: Sequence[float]) -> None:
        self.slots += slots
        self.values += values

    def seat(self, start: int, seat: int, viewer: int, players: int) -> None:
        if 0 <= seat < players:
            self.hits.append(start + (seat - viewer) % players)


class SeatNumbers:
    """Numbers read into every seat's block: their slots in seat order (absolute seats, each
    seat's numbers in ``keys`` order) for each table size and viewer, worked out once."""

    def __init__(self, first: list[list[int]]) -> None:
        self._first = first  # per key, its slot in each block from the viewer's own
        self._orders: dict[tuple[int, int], list[int]] = {}

    def slots(self, players: int, viewer: int) -> list[int]:
        order = self._orders.get((players, viewer))
        if order is None:
            order = self._orders[(players, viewer)] = [
                slots[(q - viewer) % players] for q in range(players) for slots in self._first
            ]
        return order


class DirectObservation(ABC):
    """A game's structured observation written from its state (see the package docstring)."""

    def __init__(self, observation: StructuredObservation) -> None:
        self.observation = observation
        self.size = observation.size
        self.max_players = observation.max_players
        self._index = {name: i for i, name in enumerate(observation.names)}

    def encode(
        self, state: GameState, viewer: int, kind: str | None = None
    ) -> np.ndarray[Any, Any]:
        """The observation of ``state`` for ``viewer``, whose open decision is of ``kind``:
        equal to the structured observation of ``state.view(viewer)``."""
        found = Hits()
        if kind is not None:
            found.hits += (0, self.observation.decision_slot(kind))
        self.collect(state, viewer, found)
        out = np.bincount(found.hits, minlength=self.size).astype(np.float32)
        if found.slots:
            out[found.slots] = found.values
        return out

    @abstractmethod
    def collect(self, state: Any, viewer: int, found: Hits) -> None:
        """Add ``viewer``'s features of ``state`` to ``found``."""

    # ------------------------------------------------------------ slots by name

    def slot(self, name: str) -> int:
        """The slot named ``name`` (a clear error if the layout has none)."""
        slot = self._index.get(name)
        if slot is None:
            raise ObservationLayoutError(f"{self.observation.game}: no observation slot {name!r}")
        return slot

    def seat_slot(self, name: str) -> int:
        """The first slot of seat feature ``name`` (the viewer's own, ``+0``)."""
        return self.slot(f"{name}=seat+0")

    def card_slots(self, zone: str, names: Sequence[str]) -> list[int]:
        """The slot of each card (by its id's place in ``names``) in ``zone``, or
        :data:`MISSING` for a card outside the zone's vocabulary."""
        return [self._index.get(f"{zone}:{name}", MISSING) for name in names]

    def seat_numbers(self, group: str, keys: Sequence[str]) -> SeatNumbers:
        """The slots of numbers ``keys`` in the seat blocks of ``group``."""
        return SeatNumbers(
            [[self.slot(f"{group}[+{k}].{key}") for k in range(self.max_players)] for key in keys]
        )

    def seat_cards(self, group: str, zone: str, names: Sequence[str]) -> list[list[int]]:
        """:meth:`card_slots` of ``zone`` in each seat block of ``group`` (``""``: the seat's
        own value is the cards), from the viewer's own."""
        where = f".{zone}" if zone else ""
        return [self.card_slots(f"{group}[+{k}]{where}", names) for k in range(self.max_players)]

    def cards(self, found: Hits, slots: Sequence[int], cards: Sequence[int], zone: str) -> None:
        """Count each of ``cards`` (indexes into the names ``slots`` was made from: card ids,
        or Doom Pile's card definitions) at its slot in ``slots``."""
        hits = [slots[card] for card in cards]
        if MISSING in hits:
            card = cards[hits.index(MISSING)]
            raise ObservationLayoutError(
                f"{self.observation.game}: {zone} holds card #{card}, outside the layout's cards"
            )
        found.hits += hits
