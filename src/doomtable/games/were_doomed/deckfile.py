"""The event deck is never reshuffled between games: its order is kept in the user's data
folder (``$DOOMTABLE_DATA``, else ``$XDG_DATA_HOME/doomtable``, else
``~/.local/share/doomtable``), read before a game and written, atomically, after it.

The game itself stays pure: the order goes in as the ``event_order`` option and comes out as
``snapshot()["event_order"]``; only the command line reads and writes the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from doomtable.engine import GameState, SaveFileError
from doomtable.files import write_atomic
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


def continued_options() -> dict[str, Any]:
    """The kept event deck as the next game's option (none yet: a fresh deck)."""
    order = load_order()
    return {"event_order": order} if order else {}


def keep_for_next_game(state: GameState) -> str:
    """Write the finished game's event deck order for the next game; where it went."""
    order = state.snapshot().get("event_order")
    return str(save_order(order)) if isinstance(order, str) else ""


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
    slugs = [s for s in str(order).split(",") if s]
    if sorted(slugs) != sorted(EVENT_BY_SLUG):
        raise SaveFileError(
            f"{path} does not list every event card once; use --fresh-events to start over"
        )
    return str(order)


def save_order(order: str, folder: Path | None = None) -> Path:
    """Write the order atomically (:func:`doomtable.files.write_atomic`)."""
    path = deck_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps({"game": "were-doomed", "order": order}))
    return path
