"""A real `doomtable serve` process against malformed and abrupt clients: each gets a clear
answer, the socket stays open where it can, and the server's log stays free of tracebacks."""

from __future__ import annotations

import json
import socket
from typing import Any

import httpx
import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.sync.client import ClientConnection, connect

from doomtable.web.protocol import WebSocketProtocol
from web.conftest import Server


def _table(server: Server) -> tuple[str, str]:
    body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 8}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    return created["id"], created["invites"][0]["url"].split("#", 1)[1]


def _receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def test_malformed_messages_get_an_error_and_the_socket_stays(server: Server) -> None:
    table, token = _table(server)
    ws_url = f"ws://127.0.0.1:{server.port}/ws/{table}"
    with connect(f"{ws_url}?token={token}", open_timeout=10) as ws:
        assert _receive(ws)["auto_pass"] is True
        ws.send(b"\x00\x01binary")
        assert _receive(ws)["message"] == "a message is a JSON text frame, not binary data"
        ws.send("[" * 2000 + "]" * 2000)
        assert "nested that deeply" in _receive(ws)["message"]
        ws.send(json.dumps({"type": "autopass", "on": "no"}))
        assert _receive(ws)["message"] == 'autopass takes "on": true or false'
        ws.send(json.dumps({"type": "autopass", "on": False}))
        assert _receive(ws)["auto_pass"] is False
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{ws_url}?token={'a' * 10_000}", open_timeout=10)
    assert refused.value.response.status_code == 414
    with pytest.raises(InvalidStatus) as forged:
        connect(f"{ws_url}?token={'a' * 100}", open_timeout=10)
    assert forged.value.response.status_code == 403


def test_clients_that_vanish_leave_no_traceback(server: Server) -> None:
    table, token = _table(server)
    for _ in range(5):
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={token}"):
            pass
    # A socket dropped without a closing handshake, right after upgrading.
    for _ in range(5):
        with connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
            ws.socket.shutdown(socket.SHUT_RDWR)
    assert httpx.get(f"{server.url}/api/tables/{table}").status_code == 200
    server.stop()
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception" not in log, log


def test_a_revoked_links_socket_is_closed_with_its_reason(server: Server) -> None:
    body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 8}
    created = httpx.post(f"{server.url}/api/tables", json=body).json()
    table, token = created["id"], created["invites"][0]["url"].split("#", 1)[1]
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={token}") as ws:
        _receive(ws)
        reissued = httpx.post(
            f"{server.url}/api/tables/{table}/seats/0/invite",
            headers={"authorization": f"Bearer {created['creator_token']}"},
        )
        assert reissued.status_code == 200
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.reason == "this invite link was revoked"
    server.stop()
    assert "Traceback" not in server.log.read_text()


def test_updates_are_compressed_at_the_fastest_level(server: Server) -> None:
    table, token = _table(server)
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}?token={token}") as ws:
        agreed = ws.response.headers["Sec-WebSocket-Extensions"]
        assert agreed.startswith("permessage-deflate") and "server_max_window_bits=12" in agreed
        assert 'class="panel world"' in _receive(ws)["html"]
    settings = WebSocketProtocol(Config(app=lambda: None), ServerState(), {}).conn
    [deflate] = settings.available_extensions
    assert isinstance(deflate, ServerPerMessageDeflateFactory)
    assert deflate.compress_settings == {"memLevel": 5, "level": 1}
