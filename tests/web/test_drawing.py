"""One update going out to every socket at a table builds each seat's view once, the
spectator's included, and never shows an earlier moment of the table."""

from __future__ import annotations

import random
from pathlib import Path

from doomtable.web.bots import BotPool
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import render_view
from doomtable.web.store import Store
from doomtable.web.tables import Drawing, SeatRequest, TableManager, update_message
from web.conftest import run_async


def test_the_seats_and_a_spectator_share_each_seat_view_and_see_what_they_saw_before(
    tmp_path: Path,
) -> None:
    manager = TableManager(Store(str(tmp_path / "t.sqlite")), BotPool(processes=False))
    table, _ = run_async(manager.create("doomlings", 3, [SeatRequest("human")] * 3, {}, 21))
    state = table.state
    rng = random.Random(2)
    for _ in range(25):  # somewhere in the first round, every seat's pile and hand dealt
        assert state.pending is not None
        state.apply(state.pending.player, rng.randrange(len(state.pending.options)))
    drawing = Drawing(state)
    watched = update_message(table, None, 0, drawing)
    assert sorted(drawing.views) == [0, 1, 2]  # the onlooker view reads every seat's
    seat_one = update_message(table, 1, 0, drawing)
    assert drawing.drawn[1][1] is drawing.views[1]  # and seat 1's update reuses its view
    assert watched["html"] == render_view(onlooker_view(state), None)
    assert seat_one["html"] == render_view(state.view(1), 1)
    assert watched["waiting_for"] == update_message(table, None, 0)["waiting_for"]

    assert state.pending is not None
    state.apply(state.pending.player, 0)  # the table moves on while the update goes out
    later = update_message(table, 1, 0, drawing)
    assert later["html"] == render_view(state.view(1), 1) != seat_one["html"]
    manager.store.close()
