"""Finished tables are archived (a start replays only live ones, their pages and replays still
open), and `doomtable serve --export/--import` carries every table to another database."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, event
from typer.testing import CliRunner

from doomtable.cli.app import app as cli
from doomtable.web.app import create_app
from doomtable.web.store import Store


def _play_out(client: TestClient, seed: int) -> str:
    seats = [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": "doomlings", "players": 2, "seats": seats, "seed": seed}
    table_id: str = client.post("/api/tables", json=body).json()["id"]
    deadline = time.monotonic() + 120
    while not client.get(f"/api/tables/{table_id}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table_id


def _live(client: TestClient) -> Any:
    body = {"game": "doom-on-you", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 4}
    return client.post("/api/tables", json=body).json()


def test_a_restart_replays_only_live_tables(tmp_path: Path) -> None:
    database = str(tmp_path / "t.sqlite")
    app = create_app(database, bot_processes=False)
    with TestClient(app) as client:
        finished = _play_out(client, 3)
        live = _live(client)["id"]
        final = client.get(f"/api/tables/{finished}").json()
    store = Store(database)
    assert store.table_ids(finished=True) == [finished]
    assert store.table_ids(finished=False) == [live]
    store.close()
    restarted = create_app(database, bot_processes=False)
    manager = restarted.state.manager
    assert list(manager.tables) == [live] and list(manager.finished) == []
    with TestClient(restarted) as client:
        assert client.get(f"/api/tables/{finished}").json() == final  # rebuilt on demand
        last = client.get(f"/api/tables/{finished}/replay/{final['decisions']}").json()
        assert last["status"] == "Game over"
        with client.websocket_connect(f"/ws/{finished}") as watcher:
            assert json.loads(watcher.receive_text())["over"] is True
    assert list(manager.finished) == [finished] and list(manager.tables) == [live]


def test_export_and_import_carry_every_table(tmp_path: Path) -> None:
    source, target = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    app = create_app(source, bot_processes=False)
    with TestClient(app) as client:
        finished = _play_out(client, 5)
        created = _live(client)
        live = app.state.manager.tables[created["id"]]
        decision = live.state.pending
        token = created["invites"][decision.player]["url"].split("#", 1)[1]
        with client.websocket_connect(f"/ws/{live.id}?token={token}") as ws:
            shown = json.loads(ws.receive_text())
            ws.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
            json.loads(ws.receive_text())
        live_json = live.state.to_json()
    backup = tmp_path / "backup.jsonl"
    runner = CliRunner()
    exported = runner.invoke(cli, ["serve", "--export", str(backup), "--database", source])
    assert exported.exit_code == 0 and "2 table(s) written" in exported.output
    assert len(backup.read_text().splitlines()) == 2
    imported = runner.invoke(cli, ["serve", "--import", str(backup), "--database", target])
    assert imported.exit_code == 0 and "2 table(s) imported" in imported.output
    moved = create_app(target, bot_processes=False).state.manager
    assert moved.get(live.id).state.to_json() == live_json
    assert moved.get(live.id).seat_for(token) == decision.player  # the links still work
    assert moved.get(finished).state.is_over and moved.store.is_finished(finished)
    again = runner.invoke(cli, ["serve", "--import", str(backup), "--database", target])
    assert again.exit_code == 1 and "0 table(s) imported" in again.output
    assert f"table {live.id} is already stored: left as it is" in again.output
    broken = tmp_path / "broken.jsonl"
    record = json.loads(backup.read_text().splitlines()[0])
    record["id"], record["log"] = "other", [[0, ["no such move"]]]
    lacking = {"format": "doomtable-table/1", "id": "third"}
    broken.write_text(f"{json.dumps(record)}\n{{not json\n{json.dumps(lacking)}\n")
    refused = runner.invoke(cli, ["serve", "--import", str(broken), "--database", target])
    assert refused.exit_code == 1 and "0 table(s) imported" in refused.output
    assert "line 1: IllegalChoiceError" in refused.output
    assert "line 2: JSONDecodeError" in refused.output
    assert "line 3: the table has no 'log' field" in refused.output
    assert "other" not in Store(target).table_ids()


def test_an_import_cut_short_leaves_no_table_half_written(tmp_path: Path) -> None:
    source, target = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    app = create_app(source, bot_processes=False)
    with TestClient(app) as client:
        first, second = _play_out(client, 5), _play_out(client, 6)
    backup = tmp_path / "backup.jsonl"
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["serve", "--export", str(backup), "--database", source]).exit_code == 0
    )
    lines = {json.loads(line)["id"]: line for line in backup.read_text().splitlines()}
    backup.write_text(f"{lines[first]}\n{lines[second]}\n")
    full = {table: len(json.loads(line)["log"]) for table, line in lines.items()}
    assert full[second] > 3

    def disk_gone(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        # the database fails while the second table's fourth decision is written
        if "INSERT INTO doomtable_decisions" in statement and parameters[:2] == (second, 3):
            raise sqlite3.OperationalError("disk I/O error")

    event.listen(Engine, "before_cursor_execute", disk_gone)
    try:
        cut = runner.invoke(cli, ["serve", "--import", str(backup), "--database", target])
    finally:
        event.remove(Engine, "before_cursor_execute", disk_gone)
    assert cut.exit_code == 1 and "1 table(s) imported" in cut.output
    assert "line 2: StorageUnavailableError: the table's storage is not answering" in cut.output
    store = Store(target)
    assert store.table_ids() == [first]  # the second is absent, not half there
    stored = store.load(first)
    assert stored is not None and len(stored.log) == full[first]
    store.close()
    again = runner.invoke(cli, ["serve", "--import", str(backup), "--database", target])
    assert "1 table(s) imported" in again.output  # the second, whole, once the database is back
    assert f"table {first} is already stored" in again.output
    store = Store(target)
    stored = store.load(second)
    assert stored is not None and len(stored.log) == full[second]
    store.close()
