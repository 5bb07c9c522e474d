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
    value (each number slot written once: a direct encoder sums a number itself)."""

    __slots__ = ("hits", "slots", "values")

    def __init__(self) -> None:
        self.hits: list[int] = []
        self.slots: list[int] = []
        self.values: list[float] = []

    def number(self, slot: int, value: float) -> None:
        if value:  # as the view-based encoder: 0, False and None add nothing
            self.slots.append(slot)
            self.values.append(value)

    def seat(self, start: int, seat: int, viewer: int, players: int) -> None:
        if 0 <= seat < players:
            self.hits.append(start + (seat - viewer) % players)


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

    def seat_numbers(self, group: str, key: str) -> list[int]:
        """The slot of number ``key`` in each seat block of ``group``, from the viewer's own."""
        return [self.slot(f"{group}[+{k}].{key}") for k in range(self.max_players)]

    def seat_cards(self, group: str, zone: str, names: Sequence[str]) -> list[list[int]]:
        """:meth:`card_slots` of ``zone`` in each seat block of ``group`` (``""``: the seat's
        own value is the cards), from the viewer's own."""
        where = f".{zone}" if zone else ""
        return [self.card_slots(f"{group}[+{k}]{where}", names) for k in range(self.max_players)]

    def cards(self, found: Hits, slots: Sequence[int], cards: Sequence[int], zone: str) -> None:
        """Count each of ``cards`` at its slot in ``slots``."""
        hits = [slots[card] for card in cards]
        if MISSING in hits:
            card = cards[hits.index(MISSING)]
            raise ObservationLayoutError(
                f"{self.observation.game}: {zone} holds card {card}, not a known card"
            )
        found.hits += hits
