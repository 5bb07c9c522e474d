"""A database that stops answering (here SQLite held locked by another process, as a stuck
backup or a second writer would) is a message and a retry: no dropped socket, no HTTP 500,
and play resumes by itself when the database answers again."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect

from web.conftest import Server


def test_an_outage_is_a_message_and_play_resumes(tmp_path: Path) -> None:
    database = tmp_path / "t.sqlite"
    server = Server(str(database))
    server.start()
    base = f"ws://127.0.0.1:{server.port}/ws"
    try:
        humans = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 4}
        created = httpx.post(f"{server.url}/api/tables", json=humans).json()
        with connect(f"{base}/{created['id']}") as watcher:
            mover = json.loads(watcher.recv(timeout=10))["waiting_for"]
        token = created["invites"][mover]["url"].split("#", 1)[1]
        bots = {
            "game": "doomlings",
            "players": 2,
            "seats": [{"kind": "bot", "bot": "ismcts:0.3s"}] * 2,
            "seed": 4,
        }
        bot_table = httpx.post(f"{server.url}/api/tables", json=bots).json()["id"]
        with (
            connect(f"{base}/{created['id']}?token={token}") as ws,
            connect(f"{base}/{bot_table}") as bot_watcher,
        ):
            shown = json.loads(ws.recv(timeout=10))
            lock = sqlite3.connect(database, isolation_level=None)
            lock.execute("BEGIN IMMEDIATE")  # every other writer now waits, then fails
            try:
                ws.send(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
                refused = json.loads(ws.recv(timeout=30))
                assert refused["type"] == "error"
                assert "storage is not answering: nothing was stored" in refused["message"]
                made = httpx.post(f"{server.url}/api/tables", json=humans, timeout=30)
                assert made.status_code == 503 and "not answering" in made.json()["detail"]
                while (told := json.loads(bot_watcher.recv(timeout=30)))["type"] != "error":
                    pass
                assert "play resumes when it answers" in told["message"]
                stalled = httpx.get(f"{server.url}/api/tables/{bot_table}").json()["decisions"]
            finally:
                lock.execute("ROLLBACK")
                lock.close()
            ws.send(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
            assert json.loads(ws.recv(timeout=30))["decision"] > shown["decision"]
            deadline = time.monotonic() + 30
            while httpx.get(f"{server.url}/api/tables/{bot_table}").json()["decisions"] <= (
                stalled
            ):
                assert time.monotonic() < deadline, "the bots did not resume"
                time.sleep(0.2)
        server.stop()
        log = server.log.read_text()
        assert f"table {bot_table} waits for its storage" in log
        assert "Traceback" not in log, log
    finally:
        server.stop()
        server.log.unlink()
