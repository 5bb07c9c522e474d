"""What a seat is told about others' decisions comes from its own view: a private question
names nobody new, and a response window of a human with auto-pass on looks the same to the
others whether or not that human holds a response card."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from doomtable.engine import PASS, RESPOND, GameState, new_game
from doomtable.web.bots import BotPool
from doomtable.web.store import Store
from doomtable.web.tables import LiveTable, SeatRequest, TableManager, update_message
from web.conftest import run_async

HUMANS = [SeatRequest("human"), SeatRequest("human"), SeatRequest("human")]


def _doom_on_you_at_a_bribe_answer() -> GameState:
    """A three-player Doom On You game whose pending decision is a bribe offer's answer."""
    for seed in range(200):
        state = new_game("doom-on-you", 3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.pending is None:
                break
            if state.stack[-1][0] == "bribe_answer":
                return state
            labels = state.labels()
            wanted = [i for i, label in enumerate(labels) if label.startswith("bribe")]
            state.apply(state.pending.player, wanted[0] if wanted else rng.randrange(len(labels)))
    raise AssertionError("no bribe offer came up")


def _manager(tmp_path: Path, pause: float) -> TableManager:
    store = Store(str(tmp_path / "t.sqlite"))
    return TableManager(store, BotPool(processes=False), response_pause=pause)


def test_a_private_bribe_offer_is_not_shown_to_the_third_player_or_spectators(
    tmp_path: Path,
) -> None:
    state = _doom_on_you_at_a_bribe_answer()
    _, giver, receiver, _, _ = state.stack[-1]
    third = ({0, 1, 2} - {giver, receiver}).pop()
    manager = _manager(tmp_path, 1.0)
    table, _ = run_async(manager.create("doom-on-you", 3, HUMANS, {}, state.seed))
    table.state = state
    assert state.pending is not None and state.pending.player == receiver

    for onlooker in (third, None):
        told = update_message(table, onlooker, 0)
        assert told["waiting_for"] == giver
        assert told["status"] == f"Waiting for seat {giver}"
        assert "bribe" not in told["status"] and "options" not in told
    # the two players of the offer know of it: the giver waits for its answer
    assert update_message(table, giver, 0)["waiting_for"] == receiver
    answered = update_message(table, receiver, 0)
    assert answered["status"].startswith("Your decision") and answered["options"]


async def _until_window(
    manager: TableManager, table: LiveTable, rng: random.Random, with_card: bool
) -> None:
    """Act for whoever decides until a response window is asked of a human, offering a
    response card (``with_card``) or only a pass. Auto-pass is off on the way (a pass is
    then carried out at once) and on again at the window."""
    state = table.state
    auto_pass = [bool(seat["auto_pass"]) for seat in table.seats]
    for seat in table.seats:
        seat["auto_pass"] = False
    for _ in range(3000):
        decision = state.pending
        assert decision is not None, "the game ended before such a window"
        if decision.kind == RESPOND and (decision.options != (PASS,)) == with_card:
            for seat, flag in zip(table.seats, auto_pass, strict=True):
                seat["auto_pass"] = flag
            return
        choice = 0 if decision.kind == RESPOND else rng.randrange(len(decision.options))
        await manager.act(table, decision.player, len(state.log), choice)
    raise AssertionError("no such window came up")


def _what_others_see(table: LiveTable, asked: int) -> list[tuple[str, int | None]]:
    shown = []
    for seat in [*(s for s in range(table.state.players) if s != asked), None]:
        told = update_message(table, seat, 0)
        shown.append((told["status"], told.get("waiting_for")))
    return shown


def test_an_auto_pass_window_stays_open_the_same_time_with_or_without_a_card(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path, 0.4)
        table, _ = await manager.create("doomlings", 3, HUMANS, {}, 4)
        rng = random.Random(4)
        for with_card in (False, True):
            await _until_window(manager, table, rng, with_card)
            decision = table.state.pending
            assert decision is not None
            asked, opened_at = decision.player, len(table.state.log)
            # the window is shown, not passed at once; others see only whose turn it is
            assert _what_others_see(table, asked) == [(f"Waiting for seat {asked}", asked)] * 3
            own = update_message(table, asked, 0)
            assert 0 < own["closes_in_ms"] <= 400
            # neither answers: it closes by itself with a pass, card or not
            manager._wake(table)
            await asyncio.sleep(0.1)
            assert len(table.state.log) == opened_at
            await asyncio.sleep(0.6)
            assert table.state.log[opened_at] == (asked, PASS)
        await manager.stop()

    run_async(scenario())


def test_a_pass_pressed_early_is_carried_out_when_the_window_closes(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path, 0.5)
        table, _ = await manager.create("doomlings", 3, HUMANS, {}, 6)
        await _until_window(manager, table, random.Random(6), with_card=False)
        decision = table.state.pending
        assert decision is not None
        number = len(table.state.log)
        pressed = asyncio.create_task(manager.act(table, decision.player, number, "pass"))
        await asyncio.sleep(0.1)
        assert len(table.state.log) == number  # held: an early pass would tell
        await pressed
        assert table.state.log[number] == (decision.player, PASS)
        await manager.stop()

    run_async(scenario())


def test_without_auto_pass_a_window_waits_for_its_player(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path, 0.1)
        table, _ = await manager.create("doomlings", 3, HUMANS, {}, 4)
        for seat in range(3):
            await manager.set_auto_pass(table, seat, False)
        await _until_window(manager, table, random.Random(4), with_card=False)
        number = len(table.state.log)
        decision = table.state.pending
        assert decision is not None
        assert "closes_in_ms" not in update_message(table, decision.player, 0)
        await asyncio.sleep(0.3)
        assert len(table.state.log) == number and table.state.pending == decision
        await manager.stop()

    run_async(scenario())


def test_a_real_time_seat_is_not_told_who_else_has_a_decision_open(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = _manager(tmp_path, 0.1)
        seats = [SeatRequest("human")] * 4
        table, _ = await manager.create("were-doomed", 4, seats, {}, 3)
        timed = table.timed
        assert timed is not None
        open_now = sorted(d.player for d in timed.decisions)
        idle = min(set(range(4)) - set(open_now))
        told = update_message(table, idle, 0)
        assert told["status"] == "Waiting for the other players"
        assert "waiting_for" not in told and "options" not in told
        asked = update_message(table, open_now[0], 0)
        assert asked["status"].startswith("Your decision") and asked["options"]
        await manager.stop()

    run_async(scenario())
