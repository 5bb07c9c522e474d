"""Save files of the terminal table: written atomically, never overwritten unasked, and checked
before play.

A save is the state's ``to_dict()`` in its stable form (cards named by slug, with the card set
it was made with: ``engine/cards.py``) plus ``table`` (the human seat, the bots, auto-pass and a
seal over them). Loading refuses a file that is not what ``doomtable play`` wrote: unreadable
bytes, deep nesting, wrong types, a log that is not legal, a state that its seed and log do not
replay to (a duplicated card, a negative Gene Pool: any hand edit of the state), or a table
whose seal does not match (the human seat moved to see another player's hand).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from doomtable.engine import GameState, SaveFileError, load_verified
from doomtable.engine.cards import stable_dict

MAX_SAVE_BYTES = 64 * 1024 * 1024
"""Far above any real game (a 6-player Doomlings save is about 100 kB)."""


def fresh_path(wanted: Path) -> Path:
    """``wanted`` if no file is there, else the first free ``NAME-2.json``, ``NAME-3.json``..."""
    if not wanted.exists():
        return wanted
    number = 2
    while True:
        candidate = wanted.with_name(f"{wanted.stem}-{number}{wanted.suffix}")
        if not candidate.exists():
            return candidate
        number += 1


def seal(seed: int, human: int | None, bots: dict[str, str]) -> str:
    """A check over the seating, so a hand edit of the human seat or the bots is noticed."""
    text = json.dumps([seed, human, sorted(bots.items())], separators=(",", ":"))
    return hashlib.sha256(f"doomtable-table:{text}".encode()).hexdigest()[:16]


def save_text(state: dict[str, Any], table: dict[str, Any]) -> str:
    """The save file's text: the state's dict (``to_dict()``), its cards named by slug, and
    the sealed seating."""
    sealed = {**table, "seal": seal(state["state"]["seed"], table["human"], table["bots"])}
    stable = stable_dict(json.loads(json.dumps(state)))
    return json.dumps({**stable, "table": sealed}, separators=(",", ":"))


def read_save(path: Path) -> tuple[GameState, dict[str, Any]]:
    """The checked state saved in ``path`` and its seating (empty for a bare ``to_json()``)."""
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveFileError(f"{path} is {size} bytes: too large for a doomtable save")
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveFileError(f"cannot read save file {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(
            f"{path} is not a doomtable save: byte {exc.start} is not UTF-8 text"
        ) from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveFileError(f"{path} is not a doomtable save: JSON nested too deeply") from None
    except ValueError as exc:
        raise SaveFileError(f"{path} is not a doomtable save: invalid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"{path} is not a doomtable save: the JSON is not an object")
    table = data.pop("table", None)
    try:
        state = load_verified(data)
        checked = _check_table(state, table)
    except SaveFileError as exc:
        raise SaveFileError(f"{path}: {exc}") from None
    return state, checked


def _check_table(state: GameState, table: object) -> dict[str, Any]:
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise SaveFileError("refused: 'table' is not an object")
    human = table.get("human")
    bots = table.get("bots")
    if not (human is None or type(human) is int) or not 0 <= (human or 0) < state.players:
        raise SaveFileError(f"refused: the human seat {human!r} is not a seat of this game")
    if not isinstance(bots, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in bots.items()
    ):
        raise SaveFileError("refused: 'bots' is not a mapping of seats to bot names")
    if table.get("seal") != seal(state.seed, human, bots):
        seats: list[int | None] = [None, *range(state.players)]
        for seat in seats:
            if seat != human and table.get("seal") == seal(state.seed, seat, bots):
                raise SaveFileError(
                    f"refused: the human seat was changed by hand (saved as {seat}, now {human})"
                )
        raise SaveFileError("refused: the seating (human seat or bots) was changed by hand")
    return table
