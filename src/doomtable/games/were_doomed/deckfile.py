"""The event deck is never reshuffled between games: its order is kept by whoever hosts the
games, read before a game and written after it.

The game itself stays pure: the order goes in as the ``event_order`` option and comes out as
``snapshot()["event_order"]``. Any host keeps it through an :class:`OrderStore` with
:func:`continue_deck` (before a game) and :func:`keep_deck` (after it): the terminal's store is
a file in the user's data folder (``$DOOMTABLE_DATA``, else ``$XDG_DATA_HOME/doomtable``, else
``~/.local/share/doomtable``), written atomically; a server's may be a row in its database.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from doomtable.engine import GameState, SaveFileError
from doomtable.games.were_doomed.cards import EVENT_BY_SLUG

FILE_NAME = "were-doomed-events.json"


def data_dir() -> Path:
    explicit = os.environ.get("DOOMTABLE_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "doomtable"


def deck_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / FILE_NAME


def load_order(folder: Path | None = None) -> str:
    """The kept order (``""`` when there is none yet); a damaged file raises one clear error."""
    path = deck_path(folder)
    if not path.exists():
        return ""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        order = data["order"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveFileError(
            f"{path} is not a kept event deck ({exc}); use --fresh-events to start over"
        ) from None
    if not is_full_order(str(order)):
        raise SaveFileError(
            f"{path} does not list every event card once; use --fresh-events to start over"
        )
    return str(order)


def is_full_order(order: str) -> bool:
    """Whether ``order`` names every event card once (slugs, comma-separated)."""
    return sorted(s for s in order.split(",") if s) == sorted(EVENT_BY_SLUG)


def save_order(order: str, folder: Path | None = None) -> Path:
    """Write the order atomically: a temporary file, flushed and synced, then renamed."""
    path = deck_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".events-", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"game": "were-doomed", "order": order}, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


class OrderStore(Protocol):
    """Where a host keeps the event deck's order between games."""

    def read(self) -> str:
        """The kept order, or ``""`` when no game has finished yet."""
        ...

    def write(self, order: str) -> None:
        """Keep ``order`` for the next game (replacing the one kept)."""
        ...


@dataclass(frozen=True)
class FolderStore:
    """The order in a file of ``folder`` (by default the user's data folder)."""

    folder: Path | None = None

    def read(self) -> str:
        return load_order(self.folder)

    def write(self, order: str) -> None:
        save_order(order, self.folder)


def continue_deck(options: Mapping[str, Any], store: OrderStore) -> dict[str, Any]:
    """A new game's options with the deck continued from ``store``: unchanged when they name
    an order already or nothing is kept yet. A kept order that does not list every card once
    is refused with one line."""
    if options.get("event_order"):
        return dict(options)
    order = store.read()
    if not order:
        return dict(options)
    if not is_full_order(order):
        raise SaveFileError("the kept event deck does not list every event card once")
    return {**options, "event_order": order}


def keep_deck(state: GameState, store: OrderStore) -> str | None:
    """Write a finished game's event order to ``store`` (the deck, then the cards in play and
    in hands, which go to the bottom); ``None``, writing nothing, while the game runs or when
    the game keeps no order."""
    if not state.is_over:
        return None
    order = state.snapshot().get("event_order")
    if not isinstance(order, str):
        return None
    store.write(order)
    return order


@dataclass
class KeptText:
    """An :class:`OrderStore` over a text the host keeps itself (a database row)."""

    text: str = ""

    def read(self) -> str:
        return self.text

    def write(self, order: str) -> None:
        self.text = order


def order_left(state: GameState) -> str:
    """The order a finished game leaves for the next (``""`` while it runs)."""
    kept = KeptText()
    keep_deck(state, kept)
    return kept.text
