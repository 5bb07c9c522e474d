"""The one atomic-write helper that saves, deck files and what a game keeps for the next share."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doomtable.files import write_atomic
from doomtable.games.doom_pile.data import write_deck_file


def test_a_write_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text("old")
    write_atomic(path, "new text")
    assert path.read_text() == "new text"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    path.write_text("old")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    for write in (
        lambda: write_atomic(path, "new"),
        lambda: write_deck_file(path, {"plan": "x", "cards": []}, overwrite=True),
    ):
        with pytest.raises(OSError, match="No space left"):
            write()
        assert path.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]
