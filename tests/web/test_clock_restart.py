"""We're Doomed!'s clock after `kill -9` (or SIGTERM) and a restart: it resumes from its last stored
checkpoint (not the log's last entry, seconds earlier), and every screen says it paused."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from web.conftest import Server


def _first_update(server: Server, table: str) -> dict[str, object]:
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10) as watcher:
        message: dict[str, object] = json.loads(watcher.recv(timeout=10))
    return message


@pytest.mark.parametrize("ending", ["kill", "stop"])
def test_the_clock_resumes_from_its_checkpoint(tmp_path: Path, ending: str) -> None:
    """After ``kill -9`` from the last checkpoint (taken each second); after SIGTERM from the
    one the shutdown takes, to the moment."""
    database = tmp_path / "t.sqlite"
    server = Server(str(database))
    server.start()
    try:
        body = {"game": "were-doomed", "players": 4, "seats": [{"kind": "human"}] * 4, "seed": 3}
        created = time.monotonic()
        table = httpx.post(f"{server.url}/api/tables", json=body).json()["id"]
        before = _first_update(server, table)
        assert "notice" not in before
        time.sleep(2.5)  # nobody acts: the log stays empty while the clock runs
        if ending == "kill":
            server.kill()
        else:
            server.stop()
        # The clock cannot have run longer than the table has existed (on a loaded machine
        # that is more than the 2.5 s slept).
        existed_ms = (time.monotonic() - created) * 1000
        with sqlite3.connect(database) as db:
            clock_ms, saved = db.execute(
                "SELECT clock_ms, clock_saved FROM doomtable_tables WHERE id = ?", [table]
            ).fetchone()
            logged = db.execute("SELECT COUNT(*) FROM doomtable_decisions").fetchone()[0]
        assert logged == 0 and clock_ms <= existed_ms and abs(saved - time.time()) < 60
        assert clock_ms >= (2000 if ending == "kill" else 2500)
        server.start()
        after = _first_update(server, table)
        clock = after["clock"]
        assert isinstance(clock, dict)
        # Nothing is in the log, so the lag is the clock's reading: it went on from the
        # checkpoint instead of jumping back to 0.
        assert clock["lag_ms"] >= clock_ms
        assert "the clock paused meanwhile" in str(after["notice"])
        assert "the clock paused meanwhile" in str(after["status"])
    finally:
        server.stop()
        server.log.unlink()
