"""Behind a reverse proxy: X-Forwarded-For names the client for the per-client table limit
only when the server was told to trust that proxy (`--trust-proxy`); otherwise a client could
pose as many."""

from __future__ import annotations

from pathlib import Path

import httpx
from typer.testing import CliRunner

from doomtable.cli.app import app
from web.conftest import Server

BODY = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2}


def _statuses(server: Server, clients: list[str]) -> list[int]:
    return [
        httpx.post(
            f"{server.url}/api/tables", json=BODY, headers={"x-forwarded-for": client}
        ).status_code
        for client in clients
    ]


def test_forwarded_clients_count_apart_only_behind_a_trusted_proxy(tmp_path: Path) -> None:
    trusting = Server(
        str(tmp_path / "a.sqlite"), "--tables-per-minute", "1", "--trust-proxy", "127.0.0.1"
    )
    plain = Server(str(tmp_path / "b.sqlite"), "--tables-per-minute", "1")
    try:
        trusting.start()
        # each client its own bucket; the same client again is over its limit
        assert _statuses(trusting, ["203.0.113.1", "203.0.113.2", "203.0.113.1"]) == [
            201,
            201,
            429,
        ]
        plain.start()
        # the header is not believed: both requests come from 127.0.0.1, one bucket
        assert _statuses(plain, ["203.0.113.1", "203.0.113.2"]) == [201, 429]
    finally:
        for server in (trusting, plain):
            server.stop()
            server.log.unlink()


def test_a_trusted_proxy_must_be_an_address() -> None:
    result = CliRunner().invoke(app, ["serve", "--trust-proxy", "proxy.example"])
    assert result.exit_code == 1
    assert (
        "--trust-proxy takes an address or a network (10.0.0.0/8), not 'proxy.example'"
        in result.output
    )
