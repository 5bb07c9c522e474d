"""We're Doomed! live at the browser table: open decisions answered at once, the server's clock
passing deadlines, every step stored with its time and replayed after a restart."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from doomtable.engine import CLOCK, WAIT
from doomtable.web.app import create_app
from doomtable.web.store import Store, StoredTable


def _receive(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def _act(ws: WebSocketTestSession, shown: dict[str, Any], option: str) -> None:
    ws.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": option}))


def test_two_seats_contribute_at_once_and_the_servers_clock_is_stored(tmp_path: Path) -> None:
    database = str(tmp_path / "t.sqlite")
    app = create_app(database, bot_processes=False)
    with TestClient(app) as client:
        body = {"game": "were-doomed", "players": 4, "seats": [{"kind": "human"}] * 4, "seed": 3}
        created = client.post("/api/tables", json=body).json()
        table_id = created["id"]
        tokens = {i["seat"]: i["url"].split("#", 1)[1] for i in created["invites"]}
        live = app.state.manager.tables[table_id]
        assert live.state.options["realtime"] is True
        sockets = [client.websocket_connect(f"/ws/{table_id}?token={tokens[s]}") for s in range(4)]
        seats = [ws.__enter__() for ws in sockets]
        try:
            shown = [_receive(ws) for ws in seats]
            # Setup and the first actions, one seat at a time: pick, then produce.
            while not any(label.startswith("contribute") for label in shown[0].get("options", [])):
                mover = next(s for s in range(4) if shown[s].get("options"))
                labels = shown[mover]["options"]
                _act(seats[mover], shown[mover], "produce" if "produce" in labels else labels[0])
                shown = [_receive(ws) for ws in seats]
            assert all(s.get("prompt") == "Contribute to the Project" for s in shown)
            log_before = len(live.state.log)
            # Seats 0 and 1 answer the same moment's decisions before either sees the other.
            _act(seats[0], shown[0], "contribute 1")
            _act(seats[1], shown[1], "contribute 1")
            first = [_receive(ws) for ws in seats]
            second = [_receive(ws) for ws in seats]
            assert all(m["type"] == "update" for m in first + second)
            answered = [entry[0] for entry in live.state.log[log_before:]]
            assert sorted(answered) == [0, 1]
            rows = {row["seat"]: row for row in live.state.view(2)["players"]}
            assert rows[0]["contribution"] == rows[1]["contribution"] == 1
            # Seat 2 kept its decision number while the others acted; seat 0's old one is stale.
            assert second[2]["decision"] == shown[2]["decision"]
            _act(seats[0], shown[0], "contribute 1")
            assert "that answers decision" in _receive(seats[0])["message"]
            # Nobody contributes: the quiet spell ends on the server's clock.
            due = live.state.deadline()
            assert due is not None
            passed = _receive(seats[3])
            assert (
                passed["type"] == "update" and passed.get("prompt") != "Contribute to the Project"
            )
            log_at_deadline = list(live.state.log)
        finally:
            for ws in reversed(sockets):
                ws.__exit__(None, None, None)
    assert (CLOCK, WAIT, due) in log_at_deadline
    stored = Store(database).load(table_id)
    assert stored is not None
    assert stored.log[: len(log_at_deadline)] == log_at_deadline
    # A restart replays the stored log, the clock's entry included, to the same state.
    restarted = create_app(database, bot_processes=False).state.manager.tables[table_id]
    assert restarted.state.log == live.state.log
    assert restarted.state.to_json() == live.state.to_json()


def test_a_bot_seat_answers_after_its_modelled_thinking_time(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "t.sqlite"), bot_processes=False)
    with TestClient(app) as client:
        seats = [{"kind": "bot", "bot": "random"}, *[{"kind": "human"}] * 3]
        body = {"game": "were-doomed", "players": 4, "seats": seats, "seed": 19}
        table_id = client.post("/api/tables", json=body).json()["id"]
        live = app.state.manager.tables[table_id]
        assert [d.player for d in live.state.decisions] == [0]
        thinks = live.state.think_ms(0)
        with client.websocket_connect(f"/ws/{table_id}") as watcher:
            assert _receive(watcher)["log"] == []
            after = _receive(watcher)  # sent once the bot has picked
        assert after["decision"] == 1
        player, option, at = live.state.log[0]
        assert player == 0 and option[0] == "pick" and at == thinks


def test_a_database_from_before_clock_times_gets_its_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE doomtable_decisions (table_id VARCHAR(32), number INTEGER, "
            "seat INTEGER NOT NULL, option TEXT NOT NULL, PRIMARY KEY (table_id, number))"
        )
    store = Store(str(path))
    store.create_table(StoredTable("t", "were-doomed", 4, 1, {}, [], []))
    store.append_decision("t", 0, CLOCK, WAIT, 1234)
    with sqlite3.connect(path) as reopened:
        assert reopened.execute("SELECT seat, at FROM doomtable_decisions").fetchall() == [
            (CLOCK, 1234)
        ]
