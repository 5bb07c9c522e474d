"""Files the user cares about: written so that a crash never leaves half of one (saves, deck
files, what a game keeps for the next), and the data folder they live in."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, whole:
    a temporary file beside it, flushed and synced, then renamed over it. A target that is
    not a regular file (``/dev/null``, a pipe) is written to in place, never replaced."""
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as target:
            target.write(text)
        return
    folder = path.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable; not every system can open a folder
        folder_handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder_handle)
    except OSError:
        pass
    finally:
        os.close(folder_handle)


def data_dir() -> Path:
    """The user's data folder: ``$DOOMTABLE_DATA``, else ``$XDG_DATA_HOME/doomtable``, else
    ``~/.local/share/doomtable``."""
    explicit = os.environ.get("DOOMTABLE_DATA")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "doomtable"
