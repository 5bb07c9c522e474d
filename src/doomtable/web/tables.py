"""Live tables: the game state of each, who sits where, who is connected, and the one path by
which a decision is accepted (checked by the engine, stored, then told to everyone)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from doomtable.bots import parse_bot_spec
from doomtable.engine import (
    PASS,
    RESPOND,
    BadOptionError,
    Decision,
    DoomtableError,
    GameState,
    IllegalChoiceError,
    Option,
    find_game,
    new_game,
    replay,
)
from doomtable.engine.registry import checked_options
from doomtable.web.bots import BotPool
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import render_view
from doomtable.web.store import DuplicateDecisionError, Store, StoredTable

logger = logging.getLogger(__name__)

Send = Callable[[dict[str, Any]], Awaitable[None]]


class StaleActionError(DoomtableError):
    """An action answering a decision that is no longer the pending one."""


class ForbiddenError(DoomtableError):
    """A token that opens no seat at this table."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Connection:
    """One open websocket: a seat (or ``None`` for a spectator) and how much of the log it has."""

    seat: int | None
    send: Send
    events_sent: int = 0
    sent_key: tuple[Any, ...] = ()
    """What the last update showed, so one moment is sent once however broadcasts overlap."""


@dataclass(eq=False)
class LiveTable:
    stored: StoredTable
    state: GameState
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.stored.seats

    def seat_for(self, token: str) -> int:
        """The seat ``token`` opens; raises :class:`ForbiddenError` otherwise."""
        wanted = token_hash(token)
        for number, seat in enumerate(self.seats):
            stored = seat.get("token_hash")
            if stored and hmac.compare_digest(stored, wanted):
                return number
        raise ForbiddenError("this invite link opens no seat at this table")

    def seat_label(self, seat: int) -> str:
        info = self.seats[seat]
        return f"seat {seat} ({info['bot']} bot)" if info["kind"] == "bot" else f"seat {seat}"

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.stored.game,
            "title": find_game(self.stored.game).title,
            "players": state.players,
            "options": self.stored.options,
            "seats": [
                {"seat": n, "kind": s["kind"], "bot": s.get("bot")}
                for n, s in enumerate(self.seats)
            ],
            "decisions": len(state.log),
            "over": state.is_over,
            "scores": state.scores() if state.is_over else None,
            "winners": state.winners() if state.is_over else None,
        }


def _view(state: GameState, seat: int | None) -> dict[str, Any]:
    return onlooker_view(state) if seat is None else state.view(seat)


def update_message(
    table: LiveTable, seat: int | None, events_from: int, drawn: dict[int | None, str] | None = None
) -> dict[str, Any]:
    """Everything one client may be told now: its view (drawn), the log lines meant for it
    since ``events_from``, and what is asked of whom. ``drawn`` caches each seat's drawn view
    while one update goes out to several connections."""
    state = table.state
    drawn = {} if drawn is None else drawn
    if seat not in drawn:
        drawn[seat] = render_view(_view(state, seat), seat)
    decision = state.pending
    message: dict[str, Any] = {
        "type": "update",
        "table": table.id,
        "game": state.GAME,
        "seat": seat,
        "decision": len(state.log),
        "html": drawn[seat],
        "log_from": events_from,
        "log": state.log_lines(seat, events_from),
        "over": state.is_over,
        "auto_pass": bool(table.seats[seat].get("auto_pass", True)) if seat is not None else None,
    }
    if decision is None:
        names = [table.seat_label(n) for n in range(state.players)]
        message["status"] = "Game over"
        message["result"] = {
            "scores": state.scores(),
            "winners": state.winners(),
            "names": names,
        }
    else:
        waiting = table.seat_label(decision.player)
        if decision.player == seat:
            message["status"] = f"Your decision: {decision.prompt}"
            message["prompt"] = decision.prompt
            message["options"] = state.labels()
        elif decision.kind == RESPOND:
            message["status"] = f"Waiting for {waiting} to respond"
        else:
            message["status"] = f"Waiting for {waiting} ({decision.kind})"
        message["waiting_for"] = decision.player
    return message


@dataclass
class SeatRequest:
    kind: str
    bot: str | None = None


class TableManager:
    """Every live table, rebuilt from storage at start."""

    def __init__(self, store: Store, bots: BotPool) -> None:
        self.store = store
        self.bots = bots
        self.tables: dict[str, LiveTable] = {}

    # ------------------------------------------------------------------ setup

    def restore(self) -> None:
        """Rebuild every stored table by replaying its seed and log."""
        for stored in self.store.load_all():
            state = replay(stored.game, stored.players, stored.seed, stored.options, stored.log)
            self.tables[stored.id] = LiveTable(stored, state)

    def start_bots(self) -> None:
        for table in self.tables.values():
            self._wake(table)

    def create(
        self,
        game: str,
        players: int,
        seats: list[SeatRequest],
        options: dict[str, Any],
        seed: int | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table and each human seat's invite token (shown once, stored hashed)."""
        spec = find_game(game)
        if len(seats) != players:
            raise BadOptionError(f"give one seat per player: {players} players, {len(seats)} seats")
        merged = checked_options(spec, players, options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = new_game(spec.name, players, seed, merged)
        tokens: dict[int, str] = {}
        stored_seats: list[dict[str, Any]] = []
        for number, request in enumerate(seats):
            if request.kind == "bot":
                name, _ = parse_bot_spec(request.bot or "")
                stored_seats.append({"kind": "bot", "bot": (request.bot or name).strip().lower()})
            elif request.kind == "human":
                tokens[number] = secrets.token_urlsafe(24)
                stored_seats.append(
                    {"kind": "human", "token_hash": token_hash(tokens[number]), "auto_pass": True}
                )
            else:
                raise BadOptionError(f"a seat is 'human' or 'bot', not {request.kind!r}")
        table_id = secrets.token_urlsafe(9)
        stored = StoredTable(table_id, spec.name, players, seed, merged, stored_seats, [])
        self.store.create_table(stored)
        table = LiveTable(stored, state)
        self.tables[table_id] = table
        self._wake(table)
        return table, tokens

    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise KeyError(table_id)
        return table

    # ------------------------------------------------------------------ connections

    async def join(self, table: LiveTable, connection: Connection) -> None:
        table.connections.add(connection)
        await self._send_update(table, connection)

    def leave(self, table: LiveTable, connection: Connection) -> None:
        table.connections.discard(connection)

    async def set_auto_pass(self, table: LiveTable, seat: int, on: bool) -> None:
        async with table.lock:
            table.seats[seat]["auto_pass"] = on
            self.store.update_seats(table.id, table.seats)
        self._wake(table)
        await self._broadcast(table)

    # ------------------------------------------------------------------ decisions

    async def act(self, table: LiveTable, seat: int, decision: int, option: int | str) -> None:
        """Answer decision number ``decision`` for ``seat`` with ``option`` (index or label).

        A stale or repeated decision number, another seat's decision or an illegal option
        raises with a one-line message, and nothing changes.
        """
        async with table.lock:
            self._accept(table, seat, decision, option)
        await self._broadcast(table)
        self._wake(table)

    def _accept(self, table: LiveTable, seat: int, number: int, choice: Option | int | str) -> None:
        state = table.state
        if state.is_over:
            raise StaleActionError("the game is over")
        if number != len(state.log):
            raise StaleActionError(
                f"that answers decision {number}, but decision {len(state.log)} is pending "
                "(the table moved on; the screen is now up to date)"
            )
        option = state.resolve_choice(seat, choice)
        try:
            self.store.append_decision(table.id, number, seat, option)
        except DuplicateDecisionError as exc:
            raise StaleActionError(str(exc)) from None
        state.apply(seat, option)
        # Pass at once for seats that want it, so nobody is shown a window already answered.
        while (decision := state.pending) is not None and self._auto_passes(table, decision):
            self.store.append_decision(table.id, len(state.log), decision.player, PASS)
            state.apply(decision.player, PASS)

    @staticmethod
    def _auto_passes(table: LiveTable, decision: Decision) -> bool:
        seat = table.seats[decision.player]
        return (
            seat["kind"] == "human"
            and bool(seat.get("auto_pass", True))
            and decision.kind == RESPOND
            and decision.options == (PASS,)
        )

    def _wake(self, table: LiveTable) -> None:
        """Let bots and auto-pass answer, if the pending decision is theirs."""
        if table.bot_task is None or table.bot_task.done():
            try:
                table.bot_task = asyncio.get_running_loop().create_task(self._drive(table))
            except RuntimeError:  # no loop yet: start_bots() wakes tables when it runs
                table.bot_task = None

    async def _drive(self, table: LiveTable) -> None:
        try:
            await self._drive_bots(table)
        except Exception:  # a bot that errs stops its table's bots, not the server
            logger.exception("table %s: the bots stopped", table.id)

    async def _drive_bots(self, table: LiveTable) -> None:
        while (decision := table.state.pending) is not None:
            number = len(table.state.log)
            seat_info = table.seats[decision.player]
            if seat_info["kind"] == "bot":
                option = await self.bots.choose(table.state.to_json(), seat_info["bot"])
            elif self._auto_passes(table, decision):
                option = PASS
            else:
                return
            try:
                async with table.lock:
                    self._accept(table, decision.player, number, option)
            except (StaleActionError, IllegalChoiceError):
                continue  # someone else moved the table on meanwhile: look again
            await self._broadcast(table)

    # ------------------------------------------------------------------ telling

    async def _broadcast(self, table: LiveTable) -> None:
        drawn: dict[int | None, str] = {}
        for connection in list(table.connections):
            await self._send_update(table, connection, drawn)

    async def _send_update(
        self, table: LiveTable, connection: Connection, drawn: dict[int | None, str] | None = None
    ) -> None:
        seat = connection.seat
        state = table.state
        auto_pass = table.seats[seat].get("auto_pass") if seat is not None else None
        key = (len(state.log), len(state.events), auto_pass)
        if key == connection.sent_key:
            return
        connection.sent_key = key
        message = update_message(table, seat, connection.events_sent, drawn)
        connection.events_sent = len(table.state.events)
        try:
            await connection.send(message)
        except Exception:  # a closed socket: its handler removes it
            table.connections.discard(connection)
