"""Invite links: the table's creator revokes and re-issues them, and each has a lifetime."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from doomtable.web import tables as web_tables
from doomtable.web.app import create_app


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(str(tmp_path / "t.sqlite"), bot_processes=False, token_lifetime=60)


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def _created(client: TestClient) -> Any:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "doomlings", "players": 3, "seats": seats, "seed": 2}
    return client.post("/api/tables", json=body).json()


def _token(url: str) -> str:
    return url.split("#", 1)[1]


def _refusal(client: TestClient, path: str) -> str:
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(path) as ws:
        ws.receive_text()
    return str(refused.value.reason)


def test_the_creator_revokes_and_reissues_a_seat_link(client: TestClient, app: FastAPI) -> None:
    created = _created(client)
    table, creator = created["id"], created["creator_token"]
    old = _token(created["invites"][0]["url"])
    invite = f"/api/tables/{table}/seats/0/invite"
    with client.websocket_connect(f"/ws/{table}?token={old}") as ws:
        assert json.loads(ws.receive_text())["seat"] == 0
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": creator}):
            refused = client.post(invite, headers=headers)
            assert refused.status_code == 403, headers
            assert refused.json()["detail"] == (
                "only the table's creator may re-issue its invite links"
            )
        bearer = {"authorization": f"Bearer {creator}"}
        not_human = client.post(f"/api/tables/{table}/seats/2/invite", headers=bearer)
        assert not_human.status_code == 400
        assert not_human.json()["detail"] == "seat 2 is not a human seat at this table"
        assert client.post(f"/api/tables/{table}/seats/7/invite", headers=bearer).status_code == 400
        reissued = client.post(invite, headers=bearer)
        assert reissued.status_code == 200 and reissued.json()["seat"] == 0
        with pytest.raises(WebSocketDisconnect) as closed:  # the old link's socket is closed
            while True:
                ws.receive_text()
        assert closed.value.reason == "this invite link was revoked"
    new = _token(reissued.json()["url"])
    assert new != old
    assert _refusal(client, f"/ws/{table}?token={old}") == (
        "this invite link opens no seat at this table"
    )
    with client.websocket_connect(f"/ws/{table}?token={new}") as ws:
        assert json.loads(ws.receive_text())["seat"] == 0
    other = _token(created["invites"][1]["url"])
    with client.websocket_connect(f"/ws/{table}?token={other}") as ws:  # other seats keep theirs
        assert json.loads(ws.receive_text())["seat"] == 1
    stored = app.state.manager.store.load(table)
    assert stored.seats[0]["token_hash"] == web_tables.token_hash(new)


def test_a_link_expires_after_its_lifetime(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = _created(client)
    table, token = created["id"], _token(created["invites"][1]["url"])
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        assert json.loads(ws.receive_text())["seat"] == 1
    issued = time.time()
    monkeypatch.setattr(web_tables.time, "time", lambda: issued + 61)
    assert _refusal(client, f"/ws/{table}?token={token}") == (
        "this invite link has expired: ask the table's creator for a new one"
    )
    bearer = {"authorization": f"Bearer {created['creator_token']}"}
    fresh = _token(client.post(f"/api/tables/{table}/seats/1/invite", headers=bearer).json()["url"])
    with client.websocket_connect(f"/ws/{table}?token={fresh}") as ws:
        assert json.loads(ws.receive_text())["seat"] == 1


def test_a_socket_open_when_its_link_expires_is_closed_with_the_reason(tmp_path: Path) -> None:
    lifetime = 1.5
    app = create_app(str(tmp_path / "t.sqlite"), bot_processes=False, token_lifetime=lifetime)
    with TestClient(app) as client:
        body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 2}
        created = client.post("/api/tables", json=body).json()
        table, token = created["id"], _token(created["invites"][1]["url"])
        opened = time.monotonic()
        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
            assert json.loads(ws.receive_text())["seat"] == 1
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_text()
        assert closed.value.reason == (
            "this invite link has expired: ask the table's creator for a new one"
        )
        assert lifetime - 0.5 <= time.monotonic() - opened < lifetime + 3
        other = _token(created["invites"][0]["url"])
        with client.websocket_connect(f"/ws/{table}") as watcher:  # spectators have no link
            assert json.loads(watcher.receive_text())["seat"] is None
        assert _refusal(client, f"/ws/{table}?token={other}") == (
            "this invite link has expired: ask the table's creator for a new one"
        )
