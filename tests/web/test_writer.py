"""Writes go through one writer thread, group-committed: the event loop never waits for the
database, and a move is acknowledged (its update sent) only once it is committed."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event
from websockets.sync.client import ClientConnection, connect

from doomtable.web.bots import BotPool
from doomtable.web.store import Store
from doomtable.web.tables import Connection, SeatRequest, StaleActionError, TableManager
from web.conftest import Server, run_async

HUMANS = [SeatRequest("human"), SeatRequest("human")]
SLOW_COMMIT_S = 1.0


def test_the_event_loop_runs_on_while_a_commit_is_slow(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "t.sqlite"))
    manager = TableManager(store, BotPool(processes=False), response_pause=30.0)
    slow = {"on": False}

    @event.listens_for(store.engine, "commit")
    def slow_commit(_connection: Any) -> None:
        if slow["on"]:
            time.sleep(SLOW_COMMIT_S)  # on the writer thread, never the loop's

    async def scenario() -> None:
        first, _ = await manager.create("doomlings", 2, HUMANS, {}, 1)
        other, _ = await manager.create("doomlings", 2, HUMANS, {}, 2)
        told: list[tuple[float, dict[str, Any]]] = []

        async def record(message: dict[str, Any]) -> None:
            told.append((time.monotonic(), message))

        decision = first.state.pending
        assert decision is not None
        await manager.join(first, Connection(decision.player, record))
        told.clear()
        slow["on"] = True
        started = time.monotonic()
        moving = asyncio.create_task(manager.act(first, decision.player, 0, 0))
        await asyncio.sleep(0.05)
        # Meanwhile the loop answers: timers tick on time, a spectator joining the other table
        # is told at once, and a refused move there gets its error at once.
        ticks = []
        for _ in range(5):
            before = time.monotonic()
            await asyncio.sleep(0.02)
            ticks.append(time.monotonic() - before)
        assert max(ticks) < 0.2
        watched: list[dict[str, Any]] = []

        async def watch(message: dict[str, Any]) -> None:
            watched.append(message)

        await manager.join(other, Connection(None, watch))
        assert len(watched) == 1 and watched[0]["table"] == other.id
        other_decision = other.state.pending
        assert other_decision is not None
        with pytest.raises(StaleActionError, match="decision 5, but decision 0 is pending"):
            await manager.act(other, other_decision.player, 5, 0)
        assert time.monotonic() - started < SLOW_COMMIT_S / 2
        assert not moving.done() and told == [] and first.state.log == []
        await moving
        # told only once committed
        assert told and told[0][0] - started >= SLOW_COMMIT_S
        assert told[0][1]["decision"] == 1 and len(first.state.log) == 1
        slow["on"] = False
        await manager.stop()

    run_async(scenario())
    first = next(iter(manager.tables.values()))
    stored = store.load(first.id)
    assert stored is not None and stored.log == first.state.log
    store.close()


def test_writes_queued_together_are_committed_together(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "t.sqlite"))
    manager = TableManager(store, BotPool(processes=False), response_pause=30.0)

    async def scenario() -> None:
        tables = [(await manager.create("doomlings", 2, HUMANS, {}, n))[0] for n in range(20)]
        before = store.batches
        moves = []
        for table in tables:
            decision = table.state.pending
            assert decision is not None
            moves.append(manager.act(table, decision.player, 0, 0))
        await asyncio.gather(*moves)
        assert all(len(table.state.log) == 1 for table in tables)
        assert store.batches - before < 20  # fewer transactions than moves
        await manager.stop()

    run_async(scenario())
    for table in manager.tables.values():
        stored = store.load(table.id)
        assert stored is not None and stored.log == table.state.log and len(stored.log) == 1
    store.close()


def test_a_duplicate_in_a_batch_fails_alone(tmp_path: Path) -> None:
    from doomtable.web.store import DuplicateDecisionError, StoredTable

    store = Store(str(tmp_path / "t.sqlite"))
    store.create_table(StoredTable("a", "doomlings", 2, 1, {}, [], []))
    store.create_table(StoredTable("b", "doomlings", 2, 1, {}, [], []))
    store.append_decision("a", 0, 0, ("pass",))

    async def scenario() -> list[BaseException | None]:
        results = await asyncio.gather(
            store.commit(store.decision_write("b", 0, 0, ("pass",))),
            store.commit(store.decision_write("a", 0, 1, ("pass",))),
            store.commit(store.decision_write("b", 1, 1, ("pass",))),
            return_exceptions=True,
        )
        return list(results)

    first, duplicate, third = run_async(scenario())
    assert first is None and third is None
    assert isinstance(duplicate, DuplicateDecisionError)
    assert str(duplicate) == "decision 0 was already answered"
    a, b = store.load("a"), store.load("b")
    assert a is not None and a.log == [(0, ("pass",))]
    assert b is not None and b.log == [(0, ("pass",)), (1, ("pass",))]
    store.close()


def _latest(ws: ClientConnection, shown: dict[str, Any]) -> dict[str, Any]:
    """The last update ``ws`` was sent (``shown`` if none came within a moment)."""
    while True:
        try:
            message = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return shown
        if message["type"] == "update":
            shown = message


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_an_acknowledged_move_survives_kill_9(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    database = str(tmp_path / "t.sqlite")
    if backend == "postgresql":
        database = request.getfixturevalue("postgres_url")
        from doomtable.web.store import metadata

        fresh = Store(database)
        metadata.drop_all(fresh.engine)
        fresh.close()
    server = Server(database)
    server.start()
    try:
        body = {"game": "doomlings", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 5}
        created = httpx.post(f"{server.url}/api/tables", json=body).json()
        table = created["id"]
        tokens = [invite["url"].split("#", 1)[1] for invite in created["invites"]]
        base = f"ws://127.0.0.1:{server.port}/ws/{table}"
        acknowledged = 0
        with (
            connect(f"{base}?token={tokens[0]}") as one,
            connect(f"{base}?token={tokens[1]}") as two,
        ):
            sockets = [one, two]
            for ws in sockets:  # every decision waits for its player: one update per move
                ws.send(json.dumps({"type": "autopass", "on": False}))
            shown = [_latest(ws, {}) for ws in sockets]
            for _ in range(6):
                mover = next(n for n, s in enumerate(shown) if s.get("options"))
                sent = shown[mover]["decision"]
                sockets[mover].send(json.dumps({"type": "act", "decision": sent, "option": 0}))
                while (update := json.loads(sockets[mover].recv(timeout=10)))["type"] != "update":
                    pass
                assert update["decision"] > sent
                acknowledged = update["decision"]
                shown = [
                    _latest(ws, update if n == mover else shown[n]) for n, ws in enumerate(sockets)
                ]
            server.kill()  # at once after the last acknowledgement
        server.start()
        restored = httpx.get(f"{server.url}/api/tables/{table}").json()
        assert restored["decisions"] >= acknowledged >= 6
    finally:
        server.stop()
        server.log.unlink()


def test_a_batch_rolled_back_by_a_deadlock_is_made_again(postgres_url: str) -> None:
    """Two processes' batches can lock rows in opposite orders: PostgreSQL then rolls one back
    (deadlock detected), and that one is simply made again."""
    import psycopg

    from doomtable.web.store import StorageUnavailableError, StoredTable, metadata

    store = Store(postgres_url)
    metadata.drop_all(store.engine)
    store.close()
    store = Store(postgres_url)
    store.create_table(StoredTable("t", "doomlings", 2, 1, {}, [], []))
    deadlocks = {"left": 1}

    @event.listens_for(store.engine, "before_cursor_execute")
    def deadlock(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if "INSERT INTO doomtable_decisions" in statement and deadlocks["left"]:
            deadlocks["left"] -= 1
            raise psycopg.errors.DeadlockDetected("deadlock detected")

    async def scenario() -> None:
        await store.commit(store.decision_write("t", 0, 0, ("pass",)))
        deadlocks["left"] = 100  # every try: it gives up, saying so
        with pytest.raises(StorageUnavailableError, match=r"not answering.*\(deadlocked\)"):
            await store.commit(store.decision_write("t", 1, 1, ("pass",)))

    run_async(scenario())
    stored = store.load("t")
    assert stored is not None and stored.log == [(0, ("pass",))]
    store.close()
