"""``doomtable serve`` sets the garbage collector for many tables before it answers anyone."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.engine import find_game
from doomtable.engine.registry import checked_options
from doomtable.web.collector import YOUNG_THRESHOLD, settle_collector
from doomtable.web.store import Store, StoredTable


@pytest.fixture
def collector() -> Iterator[None]:
    """Put the test process's collector back as it was."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector")
def test_settling_moves_what_lives_now_out_of_sight_and_keeps_the_older_thresholds() -> None:
    gc.set_threshold(700, 12, 13)
    kept = [[n] for n in range(1000)]  # tracked objects alive when the server settles
    settle_collector()
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 12, 13)
    assert gc.get_freeze_count() >= len(kept)
    assert not any(seen is kept or seen is kept[0] for seen in gc.get_objects())
    later = [0]
    assert any(seen is later for seen in gc.get_objects())  # made after: collected as usual


@pytest.mark.usefixtures("collector")
def test_serve_settles_the_collector_once_its_tables_are_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = str(tmp_path / "t.sqlite")
    store = Store(database)
    options = checked_options(find_game("doomlings"), 2, {})
    seats = [{"kind": "human"}, {"kind": "human"}]
    store.run(store.table_write(StoredTable("kept", "doomlings", 2, 7, options, seats, [])))
    store.close()
    seen: dict[str, Any] = {}

    def run(asgi: Any, **settings: Any) -> None:
        """uvicorn.run: what the server starts serving with."""
        state = asgi.state.manager.tables["kept"].state
        seen["threshold"] = gc.get_threshold()
        seen["restored in sight"] = any(tracked is state for tracked in gc.get_objects())

    monkeypatch.setattr(uvicorn, "run", run)
    result = CliRunner().invoke(app, ["serve", "--database", database])
    assert result.exit_code == 0, result.output
    assert seen == {
        "threshold": (YOUNG_THRESHOLD, *seen["threshold"][1:]),
        "restored in sight": False,
    }
