"""One damaged table does not stop the server: it is set aside, reported in the log and by
`doomtable serve --check`, and every other table plays on."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
from websockets.sync.client import connect

from web.conftest import Server


def _two_humans(server: Server, seed: int) -> tuple[str, list[str]]:
    body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": seed}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    return created["id"], [invite["url"].split("#", 1)[1] for invite in created["invites"]]


def _check(database: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "doomtable", "serve", "--check", "--database", database]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_a_damaged_table_is_set_aside_and_the_others_play_on(tmp_path: Path) -> None:
    database = str(tmp_path / "tables.sqlite")
    server = Server(database)
    server.start()
    try:
        good, good_tokens = _two_humans(server, 1)
        gap, _ = _two_humans(server, 2)
        illegal, _ = _two_humans(server, 3)
        bad_bot = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2},
        ).json()["id"]
        assert _check(database).returncode == 0
        server.kill()
        with sqlite3.connect(database) as db:
            rows = [(t, 0, 0, json.dumps(["pass"])) for t in (gap, illegal)]
            rows.append((gap, 1, 0, json.dumps(["pass"])))
            db.executemany("INSERT INTO doomtable_decisions VALUES (?, ?, ?, ?, NULL)", rows)
            db.execute("DELETE FROM doomtable_decisions WHERE table_id = ? AND number = 0", [gap])
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "policy:/dev/zero"}]
            db.execute(
                "UPDATE doomtable_tables SET seats = ? WHERE id = ?", [json.dumps(seats), bad_bot]
            )
        checked = _check(database)
        assert checked.returncode == 1
        assert "1 table(s) restore cleanly" in checked.stdout
        assert f"set aside: {gap}: StorageError: table {gap}: decision 0 is missing" in (
            checked.stdout
        )
        assert f"set aside: {illegal}: " in checked.stdout
        assert f"set aside: {bad_bot}: BotSpecError: a web table's policy bot" in checked.stdout
        server.start()  # starts despite the damage
        assert f"table {gap} is set aside" in server.log.read_text()
        for damaged in (gap, illegal, bad_bot):
            refused = httpx.get(f"{server.url}/api/tables/{damaged}")
            assert refused.status_code == 503 and "set aside" in refused.json()["detail"]
        with connect(f"ws://127.0.0.1:{server.port}/ws/{good}") as watcher:
            mover = json.loads(watcher.recv(timeout=10))["waiting_for"]
        url = f"ws://127.0.0.1:{server.port}/ws/{good}?token={good_tokens[mover]}"
        with connect(url) as ws:
            shown = json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
            assert json.loads(ws.recv(timeout=10))["decision"] > shown["decision"]
        assert httpx.get(f"{server.url}/api/tables/{good}").json()["decisions"] >= 1
    finally:
        server.stop()
        server.log.unlink()
