"""A table starts a task of its own only for what the server answers itself: a bot's move or
a response window closing by itself."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from doomtable.engine import PASS, RESPOND
from doomtable.web.bots import BotPool
from doomtable.web.store import Store
from doomtable.web.tables import SeatRequest, TableManager
from web.conftest import run_async


def test_a_person_asked_starts_no_task_and_a_window_closing_by_itself_does(
    tmp_path: Path,
) -> None:
    manager = TableManager(
        Store(str(tmp_path / "t.sqlite")), BotPool(1, processes=False), response_pause=0.05
    )
    rng = random.Random(3)

    async def play() -> tuple[int, int, int]:
        table, _ = await manager.create("doomlings", 2, [SeatRequest("human")] * 2, {}, 11)
        assert table.state.pending is not None and table.state.pending.kind != RESPOND
        for seat in (0, 1):
            await manager.set_auto_pass(table, seat, False)
        while (decision := table.state.pending) is not None and decision.kind != RESPOND:
            choice = rng.randrange(len(decision.options))
            await manager.act(table, decision.player, len(table.state.log), choice)
        assert table.bot_task is None  # only people were asked: nothing for the table to run
        assert decision is not None
        number = len(table.state.log)
        await manager.set_auto_pass(table, decision.player, True)
        assert table.bot_task is not None and not table.bot_task.done()
        await asyncio.wait_for(table.bot_task, 5)
        return decision.player, number, len(table.state.log)

    seat, number, after = run_async(play())
    assert after > number
    table = next(iter(manager.tables.values()), None) or next(iter(manager.finished.values()))
    assert table.state.log[number] == (seat, PASS)
    manager.store.close()
