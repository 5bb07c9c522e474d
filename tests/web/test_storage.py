"""Event-sourced storage, the same tests on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from doomtable.engine import IllegalChoiceError, NotYourDecisionError
from doomtable.web.bots import BotPool
from doomtable.web.store import DuplicateDecisionError, Store, StoredTable
from doomtable.web.tables import SeatRequest, StaleActionError, TableManager
from web.conftest import run_async


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite")
    url: str = request.getfixturevalue("postgres_url")
    # a fresh schema per test: drop what an earlier test stored
    store = Store(url)
    from doomtable.web.store import metadata

    metadata.drop_all(store.engine)
    store.close()
    return url


def test_decisions_are_stored_once_and_in_order(database: str) -> None:
    store = Store(database)
    table = StoredTable("t1", "doomlings", 2, 5, {"tiebreak": "casual"}, [{"kind": "human"}], [])
    store.create_table(table)
    store.append_decision("t1", 0, 0, ("play", 12))
    store.append_decision("t1", 1, 1, ("pass",))
    with pytest.raises(DuplicateDecisionError):
        store.append_decision("t1", 1, 0, ("play", 3))
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.log == [(0, ("play", 12)), (1, ("pass",))]
    assert loaded.options == {"tiebreak": "casual"}
    assert store.load("nope") is None
    store.close()


def _play(manager: TableManager, table_id: str, moves: int, rng: random.Random) -> None:
    table = manager.get(table_id)

    async def go() -> None:
        for _ in range(moves):
            decision = table.state.pending
            if decision is None:
                return
            choice = rng.randrange(len(decision.options))
            await manager.act(table, decision.player, len(table.state.log), choice)

    run_async(go())


def test_a_table_is_rebuilt_exactly_from_seed_and_log(database: str) -> None:
    store = Store(database)
    manager = TableManager(store, BotPool(1, processes=False))
    humans = [SeatRequest("human") for _ in range(3)]
    options = {"variant": "strategic-start"}
    table, tokens = run_async(manager.create("doomlings", 3, humans, options, 42))
    assert sorted(tokens) == [0, 1, 2] and len(set(tokens.values())) == 3

    async def ask_every_window() -> None:  # no window waits to close by itself
        for seat in range(3):
            await manager.set_auto_pass(table, seat, False)

    run_async(ask_every_window())
    _play(manager, table.id, 60, random.Random(7))
    before = table.state
    store.close()

    reopened = TableManager(Store(database), BotPool(1, processes=False))
    reopened.restore()
    after = reopened.get(table.id).state
    assert after == before
    assert after.view(1) == before.view(1)
    assert reopened.get(table.id).seat_for(tokens[2]) == 2


def test_refused_actions_change_nothing(database: str) -> None:
    manager = TableManager(Store(database), BotPool(1, processes=False))
    table, _ = run_async(manager.create("doom-on-you", 2, [SeatRequest("human")] * 2, {}, 3))
    decision = table.state.pending
    assert decision is not None
    number = len(table.state.log)
    other = 1 - decision.player
    before = table.state.clone()

    async def attempts() -> None:
        with pytest.raises(NotYourDecisionError):
            await manager.act(table, other, number, 0)
        with pytest.raises(IllegalChoiceError):
            await manager.act(table, decision.player, number, "fly to the moon")
        with pytest.raises(StaleActionError):
            await manager.act(table, decision.player, number + 1, 0)
        await manager.act(table, decision.player, number, 0)
        with pytest.raises(StaleActionError):  # the same answer sent twice
            await manager.act(table, decision.player, number, 0)

    run_async(attempts())
    assert len(table.state.log) >= number + 1
    assert table.state.log[number] == (decision.player, decision.options[0])
    replayed = manager.store.load(table.id)
    assert replayed is not None and replayed.log == table.state.log
    assert before.log == table.state.log[:number]


def test_a_seat_change_leaves_the_other_seats_as_stored(database: str) -> None:
    """Two processes changing two seats of one table at once keep both changes: each write
    sets its own seat's entry in the database, not the whole list it had in memory."""
    store = Store(database)
    seats = [{"kind": "human", "auto_pass": True, "name": "Ann"}, {"kind": "human"}]
    store.create_table(StoredTable("t1", "doomlings", 2, 1, {}, seats, []))
    store.run(store.seat_write("t1", 1, {"auto_pass": False}))
    store.run(store.seat_write("t1", 0, {"token_hash": "ab", "token_expires": 5.5}))
    assert store.seats_of("t1") == [
        {
            "kind": "human",
            "auto_pass": True,
            "name": "Ann",
            "token_hash": "ab",
            "token_expires": 5.5,
        },
        {"kind": "human", "auto_pass": False},
    ]
    assert store.seats_of("nope") == []
    store.close()
