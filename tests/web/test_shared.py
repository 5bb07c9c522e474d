"""Two `doomtable serve` processes on one PostgreSQL database play one table: a move made
through either reaches the sockets of both at once, the table's bots run in the process that
holds its lease, and when that process is killed the other takes the table over."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import httpx
from sqlalchemy import select
from websockets.sync.client import ClientConnection, connect

from doomtable.web.store import Store, metadata, owners_table
from web.conftest import Server


def _update(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    while (message := json.loads(ws.recv(timeout=timeout)))["type"] != "update":
        pass
    return dict(message)


def _latest(ws: ClientConnection, shown: dict[str, Any]) -> dict[str, Any]:
    """The last update ``ws`` was sent (``shown`` if none came within a moment)."""
    while True:
        try:
            message = json.loads(ws.recv(timeout=0.5))
        except TimeoutError:
            return shown
        if message["type"] == "update":
            shown = message


def _until_asked(ws: ClientConnection, shown: dict[str, Any], timeout: float) -> dict[str, Any]:
    """The first update from ``shown`` on that asks this seat something."""
    deadline = time.monotonic() + timeout
    while not shown.get("options"):
        shown = _update(ws, max(0.1, deadline - time.monotonic()))
    return shown


def _owner(url: str, table: str) -> str | None:
    store = Store(url)
    with store.engine.connect() as connection:
        found = connection.execute(
            select(owners_table.c.owner).where(owners_table.c.table_id == table)
        ).scalar()
    store.close()
    return None if found is None else str(found)


def test_two_processes_play_one_table_and_one_takes_over_when_the_other_dies(
    postgres_url: str,
) -> None:
    fresh = Store(postgres_url)
    metadata.drop_all(fresh.engine)
    fresh.close()
    first, second = Server(postgres_url), Server(postgres_url)
    try:
        first.start()
        second.start()
        body = {
            "game": "doomlings",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            "seed": 11,
        }
        created = httpx.post(f"{first.url}/api/tables", json=body).json()
        table, token = created["id"], created["invites"][0]["url"].split("#", 1)[1]
        assert _owner(postgres_url, table) == f"{first.port}@{socket.gethostname()}"
        # The person plays through the second process; the bot runs in the first.
        with (
            connect(f"ws://127.0.0.1:{second.port}/ws/{table}?token={token}") as player,
            connect(f"ws://127.0.0.1:{first.port}/ws/{table}") as watcher,
        ):
            player.send(json.dumps({"type": "autopass", "on": False}))
            shown = _latest(player, _update(player))
            bot_moves = 0
            for _ in range(4):
                shown = _until_asked(player, shown, timeout=20)
                sent = shown["decision"]
                player.send(json.dumps({"type": "act", "decision": sent, "option": 0}))
                shown = _update(player)
                assert shown["decision"] == sent + 1  # acknowledged by the second process
                # the first process's watcher sees that move at once
                while _update(watcher)["decision"] < sent + 1:
                    pass
                before = shown["decision"]
                shown = _until_asked(player, shown, timeout=20)
                bot_moves += shown["decision"] - before  # the bot's, made by the first
            assert bot_moves >= 2
            first.kill()
            killed = time.monotonic()
            # The second process takes the table over: the bot plays on there.
            for _ in range(2):
                shown = _until_asked(player, shown, timeout=5)
                sent = shown["decision"]
                player.send(json.dumps({"type": "act", "decision": sent, "option": 0}))
                shown = _update(player)
                assert shown["decision"] == sent + 1
                shown = _until_asked(player, shown, timeout=20)
                assert shown["decision"] > sent + 1  # the bot answered
            assert time.monotonic() - killed < 15
        assert _owner(postgres_url, table) == f"{second.port}@{socket.gethostname()}"
        decisions = httpx.get(f"{second.url}/api/tables/{table}").json()["decisions"]
        assert decisions >= shown["decision"]
        second.stop()
        assert "Traceback" not in second.log.read_text(), second.log.read_text()
    finally:
        for server in (first, second):
            server.stop()
            server.log.unlink()
