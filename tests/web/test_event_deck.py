"""We're Doomed!'s event deck "is not shuffled between games": a server keeps its order.

The game leaves its order when it ends (``CarryOver``); the server stores it per game and
gives it to the next table it makes, and to "play again".
"""

from __future__ import annotations

from pathlib import Path

from doomtable.engine import Rng, find_game, new_game
from doomtable.games.were_doomed.cards import EVENT_BY_SLUG
from doomtable.games.were_doomed.deckfile import order_left
from doomtable.web.bots import BotPool
from doomtable.web.store import Store
from doomtable.web.tables import LiveTable, SeatRequest, TableManager
from web.conftest import run_async

BOTS = [SeatRequest("bot", "random") for _ in range(4)]


def _finish(manager: TableManager, table_id: str, seed: int) -> str:
    """End a table's game (played out at once on the simulated clock) and archive it, as the
    server does when a game ends; the order it left."""
    table = manager.get(table_id)
    done = new_game("were-doomed", 4, seed, {**table.state.options, "realtime": False})
    done.play_without_humans()
    rng = Rng(seed)
    while (decision := done.pending) is not None:
        done.apply(decision.player, decision.options[rng.below(len(decision.options))])
    table.state = done
    run_async(manager._archive(table))
    return order_left(done)


def test_the_next_table_continues_the_event_deck_the_last_one_left(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "tables.sqlite"))
    manager = TableManager(store, BotPool(processes=False))
    assert find_game("were-doomed").carry_over is not None
    first, _ = run_async(manager.create("were-doomed", 4, BOTS, {}))
    assert first.state.options["event_order"] == ""  # nothing kept yet: a shuffled deck
    left = _finish(manager, first.id, seed=3)
    assert sorted(left.split(",")) == sorted(EVENT_BY_SLUG)  # every event once
    assert store.kept("were-doomed") == left

    second, _ = run_async(manager.create("were-doomed", 4, BOTS, {}))
    assert second.state.options["event_order"] == left
    assert second.stored.options["event_order"] == left  # stored, so a restart replays it

    # A server started again over the same database keeps it too.
    again = TableManager(Store(str(tmp_path / "tables.sqlite")), BotPool(processes=False))
    third, _ = run_async(again.create("were-doomed", 4, BOTS, {}))
    assert third.state.options["event_order"] == left


def test_play_again_continues_the_deck_rather_than_dealing_the_last_one_again(
    tmp_path: Path,
) -> None:
    store = Store(str(tmp_path / "tables.sqlite"))
    manager = TableManager(store, BotPool(processes=False))
    first, _ = run_async(manager.create("were-doomed", 4, BOTS, {}))
    left = _finish(manager, first.id, seed=5)
    found: list[LiveTable] = []

    async def play_again() -> None:
        found.append(await manager.play_again(first))

    run_async(play_again())
    again = found[0]
    assert again.state.options["event_order"] == left != first.state.options["event_order"]


def test_games_that_keep_nothing_between_games_are_made_as_asked(tmp_path: Path) -> None:
    manager = TableManager(Store(str(tmp_path / "tables.sqlite")), BotPool(processes=False))
    bots = [SeatRequest("bot", "random")] * 2
    table, _ = run_async(manager.create("doomlings", 2, bots, {}))
    assert find_game("doomlings").carry_over is None
    # The base set alone is stored as before card sets existed: without a ``sets`` entry.
    asked = {k: v for k, v in find_game("doomlings").default_options.items() if k != "sets"}
    assert table.state.options == asked
