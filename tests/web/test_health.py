"""`/healthz` and `/metrics` (Prometheus' text format) report what the server really holds."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine

from doomtable.web.app import create_app


def _figures(client: TestClient) -> dict[str, float]:
    response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def test_metrics_count_tables_sockets_actions_and_latency(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "t.sqlite"), bot_processes=False)
    with TestClient(app) as client:
        body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 5}
        created = client.post("/api/tables", json=body).json()
        live = app.state.manager.tables[created["id"]]
        mover = live.state.pending.player
        token = created["invites"][mover]["url"].split("#", 1)[1]
        before = _figures(client)
        assert before["doomtable_tables_live"] == 1
        assert before["doomtable_sockets"] == 0
        assert before["doomtable_decisions_total"] == 0
        assert before["doomtable_bot_queue_depth"] == 0
        with client.websocket_connect(f"/ws/{created['id']}?token={token}") as ws:
            shown = json.loads(ws.receive_text())
            ws.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
            json.loads(ws.receive_text())
            during = _figures(client)
        assert during["doomtable_sockets"] == 1
        assert during["doomtable_decisions_total"] == len(live.state.log) >= 1
        assert during["doomtable_action_seconds_count"] == 1
        assert 0 < during["doomtable_action_seconds_sum"] < 60
        health = client.get("/healthz")
        assert health.status_code == 200
        assert health.json() == {"status": "ok", "tables_live": 1, "tables_set_aside": 0}


def test_healthz_says_when_the_database_does_not_answer(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "t.sqlite"), bot_processes=False)
    with TestClient(app) as client:
        store = app.state.manager.store
        working = store.engine
        store.engine = create_engine(f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite'}")
        down = client.get("/healthz")
        assert down.status_code == 503 and down.json()["status"] == "database unreachable"
        store.engine = working
        assert client.get("/healthz").json()["status"] == "ok"
