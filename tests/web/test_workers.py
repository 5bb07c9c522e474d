"""Bot worker processes end with the server, whether it is stopped (SIGTERM) or killed
(SIGKILL) while a bot is thinking: no orphaned processes are left behind."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from web.conftest import Server


def _children(pid: int) -> set[int]:
    """Every process descended from ``pid`` now (read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended while we looked
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status is left


@pytest.mark.parametrize("ending", ["kill", "stop"])
def test_workers_end_with_the_server_while_a_bot_thinks(tmp_path: Path, ending: str) -> None:
    server = Server(str(tmp_path / "t.sqlite"), "--bot-workers", "2")
    server.start()
    try:
        seats = [{"kind": "bot", "bot": "ismcts:2s"}] * 2
        body = {"game": "doomlings", "players": 2, "seats": seats, "seed": 1}
        assert httpx.post(f"{server.url}/api/tables", json=body).status_code == 201
        assert server.process is not None
        deadline = time.monotonic() + 30
        while len(workers := _children(server.process.pid)) < 2:  # a worker and its tracker
            assert time.monotonic() < deadline, f"no bot worker started: {workers}"
            time.sleep(0.1)
        time.sleep(0.5)  # the bot is now in the middle of its 2 s search
        end: Callable[[], None] = server.kill if ending == "kill" else server.stop
        end()
        deadline = time.monotonic() + 15
        while left := {pid for pid in workers if _alive(pid)}:
            assert time.monotonic() < deadline, f"orphaned after {ending}: {sorted(left)}"
            time.sleep(0.1)
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()
        server.log.unlink()


def test_a_killed_worker_is_replaced_and_the_bots_play_on(tmp_path: Path) -> None:
    server = Server(str(tmp_path / "t.sqlite"))
    server.start()
    try:
        seats = [{"kind": "bot", "bot": "ismcts:0.5s"}] * 2
        body = {"game": "doomlings", "players": 2, "seats": seats, "seed": 2}
        table = httpx.post(f"{server.url}/api/tables", json=body).json()["id"]
        assert server.process is not None
        deadline = time.monotonic() + 30
        while not (workers := _workers(server.process.pid)):
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
        time.sleep(0.2)  # in the middle of a move
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        before = httpx.get(f"{server.url}/api/tables/{table}").json()["decisions"]
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/api/tables/{table}").json()["decisions"] < before + 2:
            assert time.monotonic() < deadline, "the bots did not play on"
            time.sleep(0.2)
        fresh = _workers(server.process.pid)
        assert fresh and not fresh & workers
        assert "a bot worker died: starting fresh bot workers" in server.log.read_text()
    finally:
        server.stop()
        server.log.unlink()


def _workers(pid: int) -> set[int]:
    """The bot worker processes under ``pid`` (not multiprocessing's resource tracker)."""
    found = set()
    for child in _children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue  # it ended while we looked
        if _alive(child) and b"spawn_main" in command:
            found.add(child)
    return found
