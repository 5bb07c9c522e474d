"""The HTTP API (fuzzed by schemathesis from its OpenAPI) and the websocket protocol."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from doomtable.web.app import create_app


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(str(tmp_path / "t.sqlite"), bot_processes=False)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def _table(client: TestClient, seats: list[dict[str, Any]], game: str = "doomlings") -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": 11}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def _token(created: dict[str, Any], seat: int) -> str:
    url = next(i["url"] for i in created["invites"] if i["seat"] == seat)
    return str(url.split("#", 1)[1])


def _receive(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def test_bad_tables_are_refused_with_one_line(client: TestClient) -> None:
    bad = client.post("/api/tables", json={"game": "chess", "players": 2, "seats": []})
    assert bad.status_code == 400 and "unknown game 'chess'" in bad.json()["detail"]
    seats = [{"kind": "bot", "bot": "telepath"}] * 2
    bot = client.post("/api/tables", json={"game": "doomlings", "players": 2, "seats": seats})
    assert bot.status_code == 400 and "unknown bot 'telepath'" in bot.json()["detail"]
    foreign = client.post(
        "/api/tables",
        json={"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2},
        headers={"origin": "http://evil.example"},
    )
    assert foreign.status_code == 403


def test_a_seat_sees_only_its_view_and_acts_only_for_itself(client: TestClient) -> None:
    created = _table(client, [{"kind": "human"}, {"kind": "human"}])
    table = created["id"]
    with (
        client.websocket_connect(f"/ws/{table}?token={_token(created, 0)}") as zero,
        client.websocket_connect(f"/ws/{table}?token={_token(created, 1)}") as one,
    ):
        first, other = _receive(zero), _receive(one)
        assert first["seat"] == 0 and other["seat"] == 1
        mover, idle = (zero, one) if first.get("options") else (one, zero)
        shown = first if mover is zero else other
        # the other seat is told who decides, never the options
        waiting = other if mover is zero else first
        assert "options" not in waiting and waiting["waiting_for"] == shown["seat"]
        idle.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
        assert "decision" in _receive(idle)["message"]  # not its decision: refused
        mover.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": 99}))
        assert "not a legal choice" in _receive(mover)["message"]
        mover.send_text(json.dumps({"type": "act", "decision": shown["decision"] + 5, "option": 0}))
        assert "pending" in _receive(mover)["message"]
        mover.send_text("x" * 5000)
        assert "too long" in _receive(mover)["message"]
        mover.send_text("{not json")
        assert "not a JSON message" in _receive(mover)["message"]
        mover.send_text(json.dumps({"type": "act", "decision": shown["decision"], "option": 0}))
        moved = _receive(mover)
        assert moved["decision"] > shown["decision"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["decisions"] >= 1 and info["over"] is False
    assert client.get(f"/api/tables/{table}/replay/0").status_code == 409


def test_tokens_spectators_and_origins(client: TestClient) -> None:
    created = _table(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table = created["id"]
    guessed = client.websocket_connect(f"/ws/{table}?token=guessed")
    with pytest.raises(WebSocketDisconnect), guessed as ws:
        ws.receive_text()
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/{table}", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.receive_text()
    with client.websocket_connect(f"/ws/{table}") as watcher:
        seen = _receive(watcher)
        assert seen["seat"] is None and "options" not in seen
        assert "Your hand" not in seen["html"]
        watcher.send_text(json.dumps({"type": "act", "decision": 0, "option": 0}))
        assert "onlookers cannot act" in _receive(watcher)["message"]


def test_rate_limit(client: TestClient) -> None:
    created = _table(client, [{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{created['id']}?token={_token(created, 0)}") as ws:
        _receive(ws)
        for _ in range(60):
            ws.send_text("{}")
        replies = [_receive(ws)["message"] for _ in range(60)]
        assert any("too many messages" in r for r in replies)


def test_openapi_endpoints_hold_their_schema(app: FastAPI) -> None:
    """Every endpoint answers any schema-valid request without a server error and with a body
    its schema allows. (A well-formed request naming an unknown game is still refused, with
    400: that is checked above, so schemathesis's "valid data is accepted" check is left out.)
    """
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    failures = []
    for operation in schema.get_all_operations():
        case_strategy = operation.ok().as_strategy()

        @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
        @given(case=case_strategy)
        def run(case: Any) -> None:
            case.call_and_validate(excluded_checks=[positive_data_acceptance])

        try:
            run()
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.ok().label}: {exc}")
    assert not failures, "\n".join(failures)


def test_several_tabs_of_one_seat_stay_in_step(client: TestClient) -> None:
    created = _table(client, [{"kind": "human"}, {"kind": "human"}])
    table = created["id"]
    with client.websocket_connect(f"/ws/{table}") as watcher:
        mover = _receive(watcher)["waiting_for"]
    url = f"/ws/{table}?token={_token(created, mover)}"
    with client.websocket_connect(url) as tab_a, client.websocket_connect(url) as tab_b:
        shown_a, shown_b = _receive(tab_a), _receive(tab_b)
        assert shown_a["html"] == shown_b["html"] and shown_a["options"] == shown_b["options"]
        tab_a.send_text(json.dumps({"type": "act", "decision": shown_a["decision"], "option": 0}))
        after_a, after_b = _receive(tab_a), _receive(tab_b)
        assert after_a["decision"] == after_b["decision"] > shown_a["decision"]
        assert after_a["html"] == after_b["html"]
        # the other tab's copy of the old decision is now stale
        tab_b.send_text(json.dumps({"type": "act", "decision": shown_b["decision"], "option": 0}))
        assert "pending" in _receive(tab_b)["message"]


def test_auto_pass_is_a_stored_seat_preference(client: TestClient, app: FastAPI) -> None:
    created = _table(client, [{"kind": "human"}, {"kind": "human"}])
    table = created["id"]
    with client.websocket_connect(f"/ws/{table}?token={_token(created, 1)}") as ws:
        assert _receive(ws)["auto_pass"] is True
        ws.send_text(json.dumps({"type": "autopass", "on": False}))
        assert _receive(ws)["auto_pass"] is False
    stored = app.state.manager.store.load(table)
    assert stored.seats[1]["auto_pass"] is False


def test_a_table_of_bots_plays_itself_to_the_end(client: TestClient) -> None:
    seats = [
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "greedy"},
        {"kind": "bot", "bot": "ismcts:0.01s"},
    ]
    created = _table(client, seats)
    assert created["invites"] == []
    deadline = time.monotonic() + 120
    while not (info := client.get(f"/api/tables/{created['id']}").json())["over"]:
        assert time.monotonic() < deadline, f"stuck after {info['decisions']} decisions"
        time.sleep(0.1)
    assert info["winners"] and len(info["scores"]) == 3
    last = client.get(f"/api/tables/{created['id']}/replay/{info['decisions']}").json()
    assert last["status"] == "Game over" and last["steps"] == info["decisions"]
