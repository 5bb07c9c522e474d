"""A real server on an open network: the Host allow-list (DNS rebinding), the security
headers, and the pages running under the Content-Security-Policy in Chromium."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from doomtable.web.security import CONTENT_SECURITY_POLICY, default_allowed_hosts, host_name
from web.conftest import Server

HUMANS = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 6}


@pytest.fixture
def named_server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "t.sqlite"), "--allowed-host", "table.example")
    running.start()
    yield running
    running.stop()
    running.log.unlink()


def test_a_rebinding_host_is_refused_for_requests_and_sockets(server: Server) -> None:
    rebound = {"host": "evil.example", "origin": "http://evil.example"}
    refused = httpx.post(f"{server.url}/api/tables", json=HUMANS, headers=rebound)
    assert refused.status_code == 421 and "'evil.example'" in refused.text
    assert httpx.get(f"{server.url}/", headers={"host": "evil.example:80"}).status_code == 421
    table = httpx.post(f"{server.url}/api/tables", json=HUMANS).json()["id"]
    with pytest.raises(InvalidStatus) as socket_refused:
        connect(
            f"ws://127.0.0.1:{server.port}/ws/{table}",
            additional_headers={"Host": "evil.example", "Origin": "http://evil.example"},
        )
    assert socket_refused.value.response.status_code == 403
    local = httpx.get(f"{server.url}/api/tables/{table}", headers={"host": "localhost"})
    assert local.status_code == 200
    assert len(httpx.get(f"{server.url}/api/tables/{table}").json()["seats"]) == 2


def test_allowed_host_replaces_the_default_names(named_server: Server) -> None:
    url = named_server.url
    assert httpx.get(f"{url}/api/bots", headers={"host": "table.example"}).status_code == 200
    assert httpx.get(f"{url}/api/bots", headers={"host": "localhost"}).status_code == 421
    assert httpx.get(f"{url}/api/bots").status_code == 200  # an address always answers


def test_default_hosts_follow_the_bind_address() -> None:
    assert default_allowed_hosts("127.0.0.1") == {"localhost"}
    assert default_allowed_hosts("doom.lan") == {"localhost", "doom.lan"}
    assert "localhost" in default_allowed_hosts("0.0.0.0")
    assert host_name("[::1]:8000") == "::1" and host_name("Doom.LAN:80") == "doom.lan"


def test_every_response_carries_the_security_headers(server: Server) -> None:
    table = httpx.post(f"{server.url}/api/tables", json=HUMANS).json()["id"]
    for path in ("/", f"/table/{table}", "/static/table.js", "/api/games", "/no/such/page"):
        headers = httpx.get(server.url + path).headers
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_pages_run_under_the_policy(chromium: Browser, server: Server) -> None:
    created = httpx.post(f"{server.url}/api/tables", json=HUMANS).json()
    page = chromium.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    page.goto(server.url + "/")
    expect(page.locator("#game option").first).to_be_attached()  # lobby.js ran
    page.goto(server.url + created["invites"][0]["url"])
    expect(page.locator("#status")).not_to_have_text("Connecting…")  # the socket opened
    expect(page.locator("#view")).not_to_be_empty()
    page.goto(server.url + created["watch_url"])
    expect(page.locator("#view")).not_to_be_empty()
    assert violations == []
    info = json.loads(httpx.get(f"{server.url}/api/tables/{created['id']}").text)
    assert info["over"] is False
