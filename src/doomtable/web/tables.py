"""Live tables: the game state of each, who sits where, who is connected, and the one path by
which a decision is accepted (checked by the engine, stored, then told to everyone).

A timed game (:class:`TimedGameState`, We're Doomed!) is played in real time: its table runs
with option ``realtime`` true, every seat whose decision is open may act at once, and a clock
task per table lets the game clock follow the server's wall clock, passing each deadline as it
falls due and answering for bots after their modelled thinking time. Every such step is a log
entry stamped with its game-clock time and stored before anyone is told, like any decision,
so a restart replays it exactly. Time while the server is down does not run off the clock: a
restored table's clock resumes at its last stored checkpoint (taken about once a second) or
where its log ends, whichever is later, and its screens say the clock paused.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Final

from doomtable.engine import (
    CLOCK,
    PASS,
    RESPOND,
    WAIT,
    BadOptionError,
    Decision,
    DoomtableError,
    GameState,
    IllegalChoiceError,
    Option,
    TimedGameState,
    find_game,
    new_game,
    replay,
)
from doomtable.engine.decision import LogEntry
from doomtable.engine.registry import checked_options
from doomtable.web.bots import DEFAULT_THINK_LIMIT, BotPool, web_bot_spec
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import render_view, view_decider
from doomtable.web.shared import LEASE_S, RENEW_S
from doomtable.web.store import (
    ChatLine,
    DuplicateDecisionError,
    StorageUnavailableError,
    Store,
    StoredTable,
    Write,
)

logger = logging.getLogger(__name__)

Send = Callable[[dict[str, Any]], Awaitable[None]]

CHECKPOINT_MS: Final = 1000
"""How often a timed table's clock reading is stored (at most this much is lost in a crash)."""
PAUSED_NOTICE_MS: Final = 60_000
"""For how long after a restart (on the game clock) screens say that the clock paused."""
STORAGE_RETRY_S: Final = 2.0
"""How often a table's bots and clock try again while the database does not answer."""
FINISHED_KEPT: Final = 64
"""Finished tables kept rebuilt in memory for their pages and replays."""
DEFAULT_TOKEN_LIFETIME: Final = 30 * 24 * 3600.0
"""An invite link opens its seat for 30 days unless the server says otherwise."""


LINK_EXPIRED: Final = "this invite link has expired: ask the table's creator for a new one"


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
    close: Callable[[str], Awaitable[None]] | None = None
    """Ends the socket with a reason (when its seat's link is revoked)."""
    events_sent: int = 0
    chat_sent: int = 0
    sent_key: tuple[Any, ...] = ()
    """What the last update showed, so one moment is sent once however broadcasts overlap."""


@dataclass(eq=False)
class LiveTable:
    stored: StoredTable
    state: GameState
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    clock_zero: float = field(default_factory=time.monotonic)
    """A timed table's monotonic time at which its game clock read 0."""
    opened: dict[int, tuple[int, tuple[Any, ...]]] = field(default_factory=dict)
    """A timed table's open decisions: seat -> (the number it was opened as, what it asks)."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when a table's log grows, so its clock or bot task looks again at what is due."""
    response_pause: float = 2.5
    """Seconds a response window stays open for a human seat with auto-pass on."""
    window_opened: tuple[int, float] = (-1, 0.0)
    """(decision number, monotonic time) at which the pending response window was first seen."""
    name: str = ""
    """The name the host gave the table."""
    next_table: str | None = None
    """The table "play again" made after this one, once made."""
    chat: list[ChatLine] = field(default_factory=list)

    def window_closes_at(self, decision: Decision) -> float | None:
        """When the pending ``decision`` closes by itself with a pass (monotonic time), if it
        is a response window of a human seat with auto-pass on; else ``None``.

        Such a window stays open for :attr:`response_pause` whether or not the seat holds a
        response card, so the others see the same pause either way and learn nothing."""
        seat = self.seats[decision.player]
        if not (
            decision.kind == RESPOND and seat["kind"] == "human" and seat.get("auto_pass", True)
        ):
            return None
        number = len(self.state.log)
        if self.window_opened[0] != number:
            self.window_opened = (number, time.monotonic())
        return self.window_opened[1] + self.response_pause

    def window_closes_ms(self, decision: Decision) -> int | None:
        closes = self.window_closes_at(decision)
        return None if closes is None else max(0, int((closes - time.monotonic()) * 1000))

    archived: bool = False
    """Whether the store has it as finished (set once its game is over)."""
    owned: bool = True
    """Whether this process runs the table's bots and clock (with several processes on one
    database, the one holding its lease: ``web/shared.py``)."""
    behind: bool = False
    """Another process stored something of this table that this one has not read yet."""
    rows_behind: bool = False
    """...and it changed the table's seats, chat or lobby row, not only its decisions."""
    catch_up: asyncio.Task[None] | None = None
    checkpointed: int = 0
    """A timed table's game-clock reading at its last stored checkpoint."""
    paused_notice: str | None = None
    """Said on every screen for a while after a restart: the clock paused meanwhile."""
    resumed_at: int = 0
    """The game-clock reading at which a restored timed table resumed."""

    @property
    def timed(self) -> TimedGameState | None:
        return self.state if isinstance(self.state, TimedGameState) else None

    def game_now(self) -> int:
        """The game-clock time the wall clock reads now (a timed table)."""
        return int((time.monotonic() - self.clock_zero) * 1000)

    def decision_number(self, seat: int | None) -> int:
        """The number an action of ``seat`` names: its open decision's, at a timed table (it
        stays while other seats act and what it asks does not change), else the log length."""
        opened = self.opened.get(seat) if seat is not None and self.timed else None
        return opened[0] if opened is not None else len(self.state.log)

    def refresh_opened(self, acted: int | None = None) -> None:
        """Number the open decisions of a timed table after its log grew: a decision keeps its
        number unless its seat just acted or what it asks changed."""
        state = self.timed
        if state is None:
            return
        if acted is not None:
            self.opened.pop(acted, None)
        now_open = {}
        for decision in state.decisions:
            asks = (decision.kind, decision.prompt, decision.options)
            before = self.opened.get(decision.player)
            keep = before is not None and before[1] == asks
            now_open[decision.player] = before if keep and before else (len(state.log), asks)
        self.opened = now_open
        self.changed.set()

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.stored.seats

    def seat_for(self, token: str) -> int:
        """The seat ``token`` opens; raises :class:`ForbiddenError` otherwise (an expired
        link too: seats made before links expired keep theirs)."""
        wanted = token_hash(token)
        for number, seat in enumerate(self.seats):
            stored = seat.get("token_hash")
            if stored and hmac.compare_digest(stored, wanted):
                if seat.get("token_expires", math.inf) <= time.time():
                    raise ForbiddenError(LINK_EXPIRED)
                return number
        raise ForbiddenError("this invite link opens no seat at this table")

    def is_creator(self, token: str) -> bool:
        stored = self.stored.creator_hash
        return stored is not None and hmac.compare_digest(stored, token_hash(token))

    def seat_label(self, seat: int) -> str:
        info = self.seats[seat]
        name = info.get("name") or f"seat {seat}"
        return f"{name} ({info['bot']} bot)" if info["kind"] == "bot" else str(name)

    def chat_lines(self, start: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        """Chat lines from ``start`` as clients get them (said by decision ``upto``, if given):
        who, marked as a seat or a spectator, and the text (escaped by the page)."""
        return [
            {
                "who": "spectator" if line.seat is None else self.seat_label(line.seat),
                "seat": line.seat,
                "decision": line.decision,
                "text": line.text,
            }
            for line in self.chat[start:]
            if upto is None or line.decision <= upto
        ]

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "name": self.name,
            "next_table": self.next_table,
            "game": self.stored.game,
            "title": find_game(self.stored.game).title,
            "players": state.players,
            "options": self.stored.options,
            "seats": [
                {"seat": n, "kind": s["kind"], "bot": s.get("bot"), "name": self.seat_label(n)}
                for n, s in enumerate(self.seats)
            ],
            "decisions": len(state.log),
            "over": state.is_over,
            "scores": state.scores() if state.is_over else None,
            "winners": state.winners() if state.is_over else None,
        }


def _adopt(table: LiveTable, fresh: LiveTable) -> None:
    """Take ``fresh``'s state (rebuilt from the database) into ``table``, whose sockets
    and handlers stay."""
    table.stored, table.state = fresh.stored, fresh.state
    table.clock_zero, table.checkpointed = fresh.clock_zero, fresh.checkpointed
    table.resumed_at, table.paused_notice = fresh.resumed_at, fresh.paused_notice
    table.name, table.next_table, table.chat = fresh.name, fresh.next_table, fresh.chat
    table.archived = fresh.archived
    table.refresh_opened()


class Drawing:
    """One moment of a table as its updates show it, while they go out to several sockets:
    each seat's view, built once however many of the updates read it (a spectator's reads
    every seat's), and each drawn view (its HTML and the view it was drawn from)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.moment = self.now(state)
        self.views: dict[int, dict[str, Any]] = {}
        self.drawn: dict[int | None, tuple[str, dict[str, Any]]] = {}

    @staticmethod
    def now(state: GameState) -> tuple[int, int]:
        """Where ``state`` stands: a drawing of another moment is not reused."""
        return len(state.log), len(state.events)

    def view(self, seat: int) -> dict[str, Any]:
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def drawn_view(self, seat: int | None) -> tuple[str, dict[str, Any]]:
        """``seat``'s view (the onlooker view for ``None``) drawn as HTML, and the view."""
        if seat not in self.drawn:
            view = self.view(seat) if seat is not None else onlooker_view(self.state, self.view)
            self.drawn[seat] = (render_view(view, seat), view)
        return self.drawn[seat]


def seen_decider(
    state: GameState, seat: int | None, view_of: Callable[[int], dict[str, Any]] | None = None
) -> int | None:
    """Who ``seat`` is told is deciding, read from its own view (a private question, such as a
    Doom On You bribe offer, shows its asker to the others). A spectator is told what the
    seats not deciding see, the least informed of them first. ``view_of`` gives a seat's view
    (``state.view`` by default)."""
    decision = state.pending
    if decision is None:
        return None
    view_of = state.view if view_of is None else view_of
    if seat is not None:
        return view_decider(view_of(seat))
    seen = {view_decider(view_of(q)) for q in range(state.players) if q != decision.player}
    others = sorted(q for q in seen if q is not None and q != decision.player)
    if others:
        return others[0]
    return decision.player if decision.player in seen else None


def update_message(
    table: LiveTable, seat: int | None, events_from: int, drawing: Drawing | None = None
) -> dict[str, Any]:
    """Everything one client may be told now: its view (drawn), the log lines meant for it
    since ``events_from``, and what is asked of whom. ``drawing`` keeps the views built and
    drawn while one update goes out to several connections."""
    state = table.state
    if drawing is None or drawing.state is not state or drawing.moment != Drawing.now(state):
        drawing = Drawing(state)  # the table moved on while earlier updates went out
    html, view = drawing.drawn_view(seat)
    decision = state.pending
    message: dict[str, Any] = {
        "type": "update",
        "table": table.id,
        "game": state.GAME,
        "seat": seat,
        "decision": table.decision_number(seat),
        "html": html,
        "log_from": events_from,
        "log": state.log_lines(seat, events_from),
        "over": state.is_over,
        "name": table.name,
        "seat_names": [seat.get("name") or "" for seat in table.seats],
        "next_table": table.next_table,
        "auto_pass": bool(table.seats[seat].get("auto_pass", True)) if seat is not None else None,
    }
    timed = table.timed
    if timed is not None and decision is not None:
        # Real time: the page's countdowns run on from the view's times by this much.
        message["clock"] = {"lag_ms": max(0, table.game_now() - timed.clock)}
        if table.paused_notice and table.game_now() < table.resumed_at + PAUSED_NOTICE_MS:
            message["notice"] = table.paused_notice
        own = timed.decision_for(seat) if seat is not None else None
        if own is not None:
            message["status"] = f"Your decision: {own.prompt}"
            message["prompt"] = own.prompt
            message["kind"] = own.kind
            message["options"] = [timed.label(o) for o in own.options]
            due = timed.deadline()
            if own.kind in TIMED_KINDS and due is not None:
                # what closes this decision: the page counts it down (less the clock's lag)
                message["closes_in_ms"] = max(0, due - timed.clock)
        else:
            # A seat is told its own open decision only: who else may act now is what its view
            # shows (who is acting, a vote under way), not the engine's list of decisions.
            message["status"] = "Waiting for the other players"
        if "notice" in message:
            message["status"] += f" — {message['notice']}"
    elif decision is None:
        names = [table.seat_label(n) for n in range(state.players)]
        message["status"] = "Game over"
        message["result"] = {
            "scores": state.scores(),
            "winners": state.winners(),
            "names": names,
        }
    elif decision.player == seat:
        message["status"] = f"Your decision: {decision.prompt}"
        message["prompt"] = decision.prompt
        message["kind"] = decision.kind
        message["options"] = state.labels()
        closes = table.window_closes_ms(decision)
        if closes is not None:
            message["closes_in_ms"] = closes
    else:
        shown = view_decider(view) if seat is not None else seen_decider(state, None, drawing.view)
        who = "another player" if shown is None else table.seat_label(shown)
        message["status"] = f"Waiting for {who}"
        message["waiting_for"] = shown
    return message


TIMED_KINDS = frozenset({"contribute", "challenge"})
"""A real-time decision whose own deadline (the phase closing, the challenge's time) is the
game's next one, so the seat asked is shown it counting down."""


@dataclass
class SeatRequest:
    kind: str
    bot: str | None = None
    name: str = ""


MAX_NAME = 30
MAX_CHAT = 300


def clean_text(text: str, most: int, what: str) -> str:
    """``text`` with its spaces tidied, or a :class:`BadOptionError` saying what is wrong."""
    cleaned = " ".join(text.split())
    if any(not ch.isprintable() for ch in cleaned):
        raise BadOptionError(f"{what} may not hold control characters")
    if len(cleaned) > most:
        raise BadOptionError(f"{what} is at most {most} characters, not {len(cleaned)}")
    return cleaned


class TableManager:
    """Every live table, rebuilt from storage at start."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        *,
        response_pause: float = 2.5,
        think_limit: float = DEFAULT_THINK_LIMIT,
        token_lifetime: float = DEFAULT_TOKEN_LIFETIME,
    ) -> None:
        self.store = store
        self.bots = bots
        self.response_pause = response_pause
        self.think_limit = think_limit
        self.token_lifetime = token_lifetime
        """Seconds an invite link opens its seat, from when it is issued."""
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        """Tables that could not be restored: id -> why (set aside, never played)."""
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        """Recently seen finished tables, rebuilt from the archive (at most FINISHED_KEPT)."""
        self.decisions_stored = 0
        """Decisions accepted (stored) since the server started, for ``/metrics``."""
        self.owner: str | None = None
        """This process's name among those sharing the database (``None``: it is alone)."""

    # ------------------------------------------------------------------ setup

    def restore(self) -> None:
        """Rebuild every stored table by replaying its seed and log, each on its own: a table
        that cannot be rebuilt is set aside in ``broken`` (with the reason, also logged) and
        every other table plays on."""
        for table_id in self.store.table_ids(finished=False):
            try:
                table = self._rebuild(table_id)
            except Exception as exc:  # any damage to one table's rows: that table only
                reason = f"{type(exc).__name__}: {exc}".splitlines()[0]
                self.broken[table_id] = reason
                logger.error("table %s is set aside, it cannot be restored: %s", table_id, reason)
                continue
            if table.state.is_over:  # its last move was stored, its archiving was not
                with suppress(StorageUnavailableError):  # archived when next restored
                    self.store.run(*self._archive_writes(table))
                    table.archived = True
                self._keep_finished(table)
            else:
                self.tables[table_id] = table

    def _rebuild(self, table_id: str) -> LiveTable:
        stored = self.store.load(table_id)
        if stored is None:
            raise KeyError(table_id)
        for seat in stored.seats:
            if seat["kind"] == "bot":
                web_bot_spec(stored.game, seat["bot"], self.think_limit)
        state = replay(stored.game, stored.players, stored.seed, stored.options, stored.log)
        table = LiveTable(
            stored, state, archived=stored.finished, response_pause=self.response_pause
        )
        table.name, table.next_table = self.store.load_lobby(table_id)
        table.chat = self.store.load_chat(table_id)
        if isinstance(state, TimedGameState):
            # The clock resumes where it stood when the server stopped: its last checkpoint,
            # or the log's last time if that is later. Time while it was down does not count.
            resume = max(state.clock, stored.clock_ms or 0)
            table.clock_zero = time.monotonic() - resume / 1000
            table.checkpointed = table.resumed_at = resume
            if stored.clock_saved is not None:
                down = max(0, round(time.time() - stored.clock_saved))
                table.paused_notice = (
                    f"The server was down for about {down} s: the clock paused meanwhile "
                    "and runs on from where it stood."
                )
        table.refresh_opened()
        return table

    def start_bots(self) -> None:
        for table in self.tables.values():
            self._wake(table)

    async def create(
        self,
        game: str,
        players: int,
        seats: list[SeatRequest],
        options: dict[str, Any],
        seed: int | None = None,
        name: str = "",
        creator_token: str | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table and each human seat's invite token (shown once, stored hashed, as is
        ``creator_token``, which re-issues seat links)."""
        spec = find_game(game)
        name = clean_text(name, 60, "a table's name")
        if len(seats) != players:
            raise BadOptionError(f"give one seat per player: {players} players, {len(seats)} seats")
        if issubclass(spec.state_class, TimedGameState):
            options = {**options, "realtime": True}  # the browser table plays on the wall clock
        options = await self._carried(spec.name, options)
        merged = checked_options(spec, players, options)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = new_game(spec.name, players, seed, merged)
        tokens: dict[int, str] = {}
        stored_seats: list[dict[str, Any]] = []
        for number, request in enumerate(seats):
            seat_name = clean_text(request.name, MAX_NAME, f"seat {number}'s name")
            if request.kind == "bot":
                bot = web_bot_spec(spec.name, request.bot or "", self.think_limit)
                stored_seats.append({"kind": "bot", "bot": bot})
            elif request.kind == "human":
                tokens[number] = secrets.token_urlsafe(24)
                stored_seats.append(
                    {"kind": "human", "auto_pass": True, **self._seat_link(tokens[number])}
                )
            else:
                raise BadOptionError(f"a seat is 'human' or 'bot', not {request.kind!r}")
            if seat_name:
                stored_seats[-1]["name"] = seat_name
        creator = token_hash(creator_token) if creator_token else None
        table = await self._open(
            spec.name, players, seed, merged, stored_seats, name, state, creator
        )
        return table, tokens

    async def _carried(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` continuing what the last finished table of ``game`` left, if the game
        keeps anything between games (We're Doomed!'s event deck)."""
        carry_over = find_game(game).carry_over
        if carry_over is None:
            return dict(options)
        return carry_over.into(options, await asyncio.to_thread(self.store.kept, game))

    async def _open(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        name: str,
        state: GameState,
        creator: str | None,
    ) -> LiveTable:
        table_id = secrets.token_urlsafe(9)
        stored = StoredTable(table_id, game, players, seed, options, seats, [], creator)
        writes = [self.store.table_write(stored), self.store.lobby_write(table_id, name)]
        if self.owner is not None:
            writes.append(self.store.owner_write(table_id, self.owner, LEASE_S))
        await self.store.commit(*writes)
        table = LiveTable(stored, state, response_pause=self.response_pause, name=name)
        table.refresh_opened()
        self.tables[table_id] = table
        self._wake(table)
        return table

    async def play_again(self, table: LiveTable) -> LiveTable:
        """The table after this finished one: the same game, options, seats and names, a new
        deal. Each human seat keeps its invite secret, so each person's own link opens their
        seat there; asked again, it is the same next table."""
        async with table.lock:
            if not table.state.is_over:
                raise StaleActionError("a new game can be started once this one is over")
            if table.next_table is None:
                stored = table.stored
                seed = secrets.randbelow(2**31)
                options = await self._carried(stored.game, stored.options)
                state = new_game(stored.game, stored.players, seed, options)
                seats = [dict(seat) for seat in stored.seats]
                again = await self._open(
                    stored.game,
                    stored.players,
                    seed,
                    options,
                    seats,
                    table.name,
                    state,
                    stored.creator_hash,
                )
                table.next_table = again.id
                lobby = self.store.lobby_write(table.id, table.name, again.id)
                await self.store.commit(lobby, *self._tell_others(table.id, len(table.state.log)))
                table.changed.set()
        await self._broadcast(table)
        return self.tables[table.next_table]

    async def say(self, table: LiveTable, seat: int | None, text: str) -> None:
        """Add a line to the table's chat (stored first), and tell everyone."""
        line = clean_text(text, MAX_CHAT, "a chat line")
        if not line:
            raise BadOptionError("a chat line needs some text")
        async with table.lock:
            said = ChatLine(seat, len(table.state.log), line)
            chat = self.store.chat_write(table.id, len(table.chat), said)
            await self.store.commit(chat, *self._tell_others(table.id, len(table.state.log)))
            table.chat.append(said)
        await self._broadcast(table)

    def _seat_link(self, token: str) -> dict[str, Any]:
        return {"token_hash": token_hash(token), "token_expires": time.time() + self.token_lifetime}

    async def reissue(self, table: LiveTable, seat: int, creator_token: str) -> str:
        """A new invite token for human ``seat``, asked for by the table's creator: the old
        link stops working at once and the sockets it opened are closed."""
        if not table.is_creator(creator_token):
            raise ForbiddenError("only the table's creator may re-issue its invite links")
        if not 0 <= seat < len(table.seats) or table.seats[seat]["kind"] != "human":
            raise BadOptionError(f"seat {seat} is not a human seat at this table")
        token = secrets.token_urlsafe(24)
        async with table.lock:
            link = self._seat_link(token)
            # stored first: an outage changes nothing
            told = self._tell_others(table.id, len(table.state.log))
            await self.store.commit(self.store.seat_write(table.id, seat, link), *told)
            table.seats[seat].update(link)
        await self._close_revoked(table, {seat})
        return token

    @staticmethod
    async def _close_revoked(table: LiveTable, seats: set[int]) -> None:
        """Close the sockets that links of ``seats`` opened before they were re-issued."""
        for connection in [c for c in table.connections if c.seat in seats]:
            table.connections.discard(connection)
            if connection.close is not None:
                await connection.close("this invite link was revoked")

    def get(self, table_id: str) -> LiveTable:
        """A live table, or a finished one from the archive (rebuilt on first use)."""
        table = self.tables.get(table_id) or self.finished.get(table_id)
        if table is not None:
            return table
        if table_id in self.broken:
            raise KeyError(table_id)
        if self.owner is None and not self.store.is_finished(table_id):
            raise KeyError(table_id)  # alone, every live table is in memory
        try:
            table = self._rebuild(table_id)
        except KeyError:
            raise
        except Exception as exc:  # damaged in the archive: set aside like any table
            self.broken[table_id] = f"{type(exc).__name__}: {exc}".splitlines()[0]
            raise KeyError(table_id) from None
        if table.archived:
            self._keep_finished(table)
        else:  # live, made by another process sharing the database: run there
            table.owned = False
            table = self.tables.setdefault(table_id, table)
        return table

    def _archive_writes(self, table: LiveTable) -> list[Write]:
        """What archiving a table whose game is over stores: what its game keeps for the next
        table, if anything, and the table marked finished."""
        writes = [self.store.finished_write(table.id)]
        carry_over = find_game(table.stored.game).carry_over
        if carry_over is not None and (kept := carry_over.out_of(table.state)):
            writes.insert(0, self.store.kept_write(table.stored.game, kept))
        return writes

    async def _archive(self, table: LiveTable) -> None:
        """Store a table whose game is over as finished, and keep it only among the recent
        finished ones (its page and replay rebuild it again when asked)."""
        if not table.archived:
            try:
                await self.store.commit(*self._archive_writes(table))
            except StorageUnavailableError:
                return  # still live: archived when next told or restored
            table.archived = True
        self.tables.pop(table.id, None)
        self._keep_finished(table)

    def _keep_finished(self, table: LiveTable) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > FINISHED_KEPT:
            self.finished.popitem(last=False)

    # ------------------------------------------------------------------ sharing

    def _tell_others(self, table_id: str, number: int, *, rows: bool = True) -> list[Write]:
        """The notice to the other processes sharing the database (none when alone):
        ``number`` decisions are stored, and (``rows``) seats, chat or lobby changed."""
        if self.owner is None:
            return []
        return [self.store.notify_write(self.owner, table_id, number, rows)]

    def heard(self, payload: str) -> None:
        """Another process stored something of a table (``payload``: its name, the table's
        id, its log's length, and ``rows`` if seats, chat or lobby changed); ``""``: notices
        may have been missed, read every table."""
        if not payload:
            for table in list(self.tables.values()):
                self._behind(table, rows=True)
            return
        owner, table_id, number, *rows = payload.split(" ")
        told = self.tables.get(table_id)
        if owner == self.owner or told is None:
            return
        if rows or int(number) > len(told.state.log):  # else: this process has it already
            self._behind(told, rows=bool(rows))

    def _behind(self, table: LiveTable, *, rows: bool = False) -> None:
        if self.owner is None:
            return
        table.behind = True
        table.rows_behind = table.rows_behind or rows
        if table.catch_up is None or table.catch_up.done():
            table.catch_up = asyncio.get_running_loop().create_task(self._catch_up(table))

    async def _catch_up(self, table: LiveTable) -> None:
        """Read what other processes stored of ``table`` (its new decisions, and its seats,
        chat and lobby row if they changed), apply it, and tell this process's sockets."""
        while table.behind:
            table.behind = False
            rows, table.rows_behind = table.rows_behind, False
            async with table.lock:  # read under the lock: no change of ours is half stored
                start, failed = len(table.state.log), False
                try:
                    new, seats, chat, lobby = await asyncio.to_thread(
                        self._stored_since, table, start, rows
                    )
                except StorageUnavailableError:
                    table.behind, table.rows_behind, failed = True, rows, True
                    new, seats = [], []
                for offset, entry in enumerate(new):
                    if start + offset == len(table.state.log):
                        table.state.replay_entry(entry)
                revoked = {
                    n
                    for n, (before, now) in enumerate(zip(table.seats, seats, strict=False))
                    if before.get("token_hash") != now.get("token_hash")
                }
                if seats:
                    table.stored.seats = seats
                    table.chat = chat if len(chat) > len(table.chat) else table.chat
                    table.name, table.next_table = lobby
                table.refresh_opened()
                table.changed.set()
            if failed:  # the database did not answer: try again in a moment
                await asyncio.sleep(STORAGE_RETRY_S)
                continue
            await self._close_revoked(table, revoked)
            await self._broadcast(table)
            self._wake(table)

    def _stored_since(
        self, table: LiveTable, start: int, rows: bool
    ) -> tuple[list[LogEntry], list[dict[str, Any]], list[ChatLine], tuple[str, str | None]]:
        """The table's decisions from ``start`` on and, with ``rows``, its seats, chat and
        lobby row (else empty, and the table's own lobby row as it is)."""
        store = self.store
        new = store.decisions_from(table.id, start)
        if not rows:
            return new, [], [], (table.name, table.next_table)
        return new, store.seats_of(table.id), store.load_chat(table.id), store.load_lobby(table.id)

    async def share(self) -> None:
        """Renew this process's leases every second, take over the tables whose owner's
        lease ran out, and give up those another took (runs until cancelled)."""
        owner = self.owner
        assert owner is not None
        loop = asyncio.get_running_loop()
        # a thread of its own: reads queued on the shared threads must not delay a renewal
        with ThreadPoolExecutor(1, thread_name_prefix="doomtable-lease") as renewing:
            while True:
                try:
                    owned = await loop.run_in_executor(renewing, self.store.renew, owner, LEASE_S)
                except StorageUnavailableError:
                    owned = None  # leases run on meanwhile; the others may take ours
                if owned is not None:
                    await self._own(owned)
                await asyncio.sleep(RENEW_S)

    async def _own(self, owned: set[str]) -> None:
        for table in list(self.tables.values()):
            if table.owned and table.id not in owned:  # another process runs it now
                table.owned = False
                if table.bot_task is not None:
                    table.bot_task.cancel()
        for table_id in sorted(owned):
            current = self.tables.get(table_id)
            if (current is not None and current.owned) or table_id in self.broken:
                continue
            try:
                fresh = await asyncio.to_thread(self._rebuild, table_id)
            except Exception as exc:  # damaged: set aside, as at a start
                self.broken[table_id] = f"{type(exc).__name__}: {exc}".splitlines()[0]
                logger.error("table %s is set aside: %s", table_id, self.broken[table_id])
                continue
            if current is None:
                self.tables[table_id] = current = fresh
            else:
                async with current.lock:
                    _adopt(current, fresh)
            logger.info("table %s: run by this process now", table_id)
            current.owned = True
            await self._broadcast(current)
            self._wake(current)

    async def stop_sharing(self) -> None:
        """Give this process's tables up at once (the server is stopping)."""
        if self.owner is not None:
            with suppress(StorageUnavailableError):
                await asyncio.to_thread(self.store.release, self.owner)

    # ------------------------------------------------------------------ connections

    async def join(self, table: LiveTable, connection: Connection) -> None:
        table.connections.add(connection)
        await self._send_update(table, connection)

    def leave(self, table: LiveTable, connection: Connection) -> None:
        table.connections.discard(connection)

    async def close_at_expiry(self, table: LiveTable, connection: Connection) -> None:
        """Close a seat's socket when the link that opened it expires, saying so (a link
        re-issued meanwhile has closed it already)."""
        seat = connection.seat
        expires = None if seat is None else table.seats[seat].get("token_expires")
        if expires is None or connection.close is None:
            return
        await asyncio.sleep(max(0.0, expires - time.time()))
        if connection in table.connections:
            table.connections.discard(connection)
            await connection.close(LINK_EXPIRED)

    async def set_auto_pass(self, table: LiveTable, seat: int, on: bool) -> None:
        async with table.lock:
            # stored first: an outage changes nothing
            told = self._tell_others(table.id, len(table.state.log))
            change = self.store.seat_write(table.id, seat, {"auto_pass": on})
            await self.store.commit(change, *told)
            table.seats[seat]["auto_pass"] = on
            table.changed.set()
        self._wake(table)
        await self._broadcast(table)

    # ------------------------------------------------------------------ decisions

    async def act(self, table: LiveTable, seat: int, decision: int, option: int | str) -> None:
        """Answer decision number ``decision`` for ``seat`` with ``option`` (index or label).

        A stale or repeated decision number, another seat's decision or an illegal option
        raises with a one-line message, and nothing changes.
        """
        if await self._held_pass(table, seat, decision, option):
            return
        try:
            async with table.lock:
                if table.timed is not None and table.owned:
                    await self._pass_deadlines(table, table.game_now())
                await self._accept(table, seat, decision, option)
        finally:  # deadlines passed before a refused action are told all the same
            await self._broadcast(table)
        self._wake(table)

    @staticmethod
    async def _held_pass(table: LiveTable, seat: int, number: int, choice: int | str) -> bool:
        """Hold a pass in a response window that closes by itself until it closes, so that a
        seat passing at once looks like one with nothing to play; whether the window closed
        (with that same pass) meanwhile, which leaves nothing to do."""
        pending = table.state.pending
        if pending is None or pending.player != seat or number != len(table.state.log):
            return False
        closes = table.window_closes_at(pending)
        if closes is None:
            return False
        try:
            option = table.state.resolve_choice(seat, choice)
        except DoomtableError:
            return False  # refused by the acceptance, with its message
        if option != PASS:
            return False
        await asyncio.sleep(max(0.0, closes - time.monotonic()))
        return len(table.state.log) != number

    async def _store_decision(
        self, table_id: str, number: int, seat: int, option: Option, at: int | None = None
    ) -> None:
        """Store a decision, returning once it is committed: only then is it applied and told
        (so an acknowledged move survives a crash)."""
        decision = self.store.decision_write(table_id, number, seat, option, at)
        await self.store.commit(decision, *self._tell_others(table_id, number + 1, rows=False))
        self.decisions_stored += 1

    async def _accept(
        self, table: LiveTable, seat: int, number: int, choice: Option | int | str
    ) -> None:
        state = table.state
        if state.is_over:
            raise StaleActionError("the game is over")
        if table.timed is not None:
            await self._accept_timed(table, table.timed, seat, number, choice)
            return
        if number != len(state.log):
            raise StaleActionError(
                f"that answers decision {number}, but decision {len(state.log)} is pending "
                "(the table moved on; the screen is now up to date)"
            )
        option = state.resolve_choice(seat, choice)
        try:
            await self._store_decision(table.id, number, seat, option)
        except DuplicateDecisionError as exc:
            self._behind(table)  # answered through another process: read it
            raise StaleActionError(str(exc)) from None
        state.apply(seat, option)
        table.changed.set()

    async def _accept_timed(
        self,
        table: LiveTable,
        state: TimedGameState,
        seat: int,
        number: int,
        choice: Option | int | str,
        at: int | None = None,
    ) -> None:
        """Accept ``seat``'s answer to its open decision ``number`` at game time ``at`` (now
        on the wall clock by default); stored with its time before it is applied."""
        opened = table.opened.get(seat)
        if opened is None:
            raise StaleActionError("nothing is asked of you right now")
        if number != opened[0]:
            raise StaleActionError(
                f"that answers decision {number}, but your decision {opened[0]} is open "
                "(the table moved on; the screen is now up to date)"
            )
        option = state.resolve_choice(seat, choice)
        when = max(state.clock, table.game_now() if at is None else at)
        due = state.deadline()
        if due is not None and when >= due:
            raise StaleActionError("too late: time ran out before that action")
        try:
            await self._store_decision(table.id, len(state.log), seat, option, when)
        except DuplicateDecisionError as exc:
            self._behind(table)
            raise StaleActionError(str(exc)) from None
        state.apply(seat, option, when)
        table.refresh_opened(acted=seat)

    async def _pass_deadlines(self, table: LiveTable, now: int) -> bool:
        """Let a timed table's clock pass every deadline due by ``now``, each stored as a log
        entry stamped with the deadline's time; whether any passed."""
        state = table.timed
        passed = False
        while state is not None and not state.is_over:
            due = state.deadline()
            if due is None or due > now:
                break
            await self._store_decision(table.id, len(state.log), CLOCK, WAIT, due)
            state.advance_clock(due)
            table.refresh_opened()
            passed = True
        return passed

    def _next_bot(self, table: LiveTable, state: TimedGameState) -> tuple[int, int] | None:
        """The earliest (game time, seat) at which a bot seat answers its open decision."""
        answers = sorted(
            (state.clock + state.think_ms(d.player), d.player)
            for d in state.decisions
            if table.seats[d.player]["kind"] == "bot"
        )
        return answers[0] if answers else None

    async def _run_clock(self, table: LiveTable, state: TimedGameState) -> None:
        try:
            await self._through_outages(table, lambda: self._clock_loop(table, state))
        except Exception:  # a bot that errs stops its table's clock, not the server
            logger.exception("table %s: the clock stopped", table.id)

    async def _through_outages(self, table: LiveTable, work: Callable[[], Awaitable[None]]) -> None:
        """Run a table's background ``work`` (its bots, its clock) and, while the database
        does not answer, tell the table and try again every few seconds: nothing was stored,
        so the work picks up where it stood."""
        told = False
        while True:
            try:
                await work()
                return
            except StorageUnavailableError as exc:
                if not told:
                    logger.warning("table %s waits for its storage: %s", table.id, exc)
                    await self._tell(table, f"{exc}: play resumes when it answers")
                    told = True
                await asyncio.sleep(STORAGE_RETRY_S)

    async def _tell(self, table: LiveTable, text: str) -> None:
        """One error line to every socket at the table."""
        for connection in list(table.connections):
            try:
                await connection.send({"type": "error", "message": text})
            except Exception:  # a closed socket: its handler removes it
                table.connections.discard(connection)

    async def _clock_loop(self, table: LiveTable, state: TimedGameState) -> None:
        """Sleep until the next deadline or bot answer (or until the log grows), then carry
        out whatever is due, earliest first."""
        while not state.is_over:
            await self._checkpoint(table)
            due = state.deadline()
            bot = self._next_bot(table, state)
            times = [t for t in (due, bot[0] if bot else None) if t is not None]
            wake = min(times) if times else None
            table.changed.clear()
            wait = CHECKPOINT_MS if wake is None else min(CHECKPOINT_MS, wake - table.game_now())
            delay = max(0, wait) / 1000
            try:
                await asyncio.wait_for(table.changed.wait(), delay)
                continue  # something changed: look again at what is due
            except TimeoutError:
                pass
            now = table.game_now()
            if due is not None and due <= now and (bot is None or due <= bot[0]):
                async with table.lock:
                    await self._pass_deadlines(table, due)
                await self._broadcast(table)
            elif bot is not None and bot[0] <= now:
                await self._bot_answers(table, state, *bot)

    async def _checkpoint(self, table: LiveTable, *, due_only: bool = True) -> None:
        """Store the clock's reading (about once a second, when ``due_only``), so a restart
        resumes it there."""
        now = table.game_now()
        if not due_only or now - table.checkpointed >= CHECKPOINT_MS:
            try:
                await self.store.commit(self.store.clock_write(table.id, now, time.time()))
            except StorageUnavailableError:
                return  # the next one will do: a checkpoint only bounds a restart's loss
            table.checkpointed = now

    async def _bot_answers(
        self, table: LiveTable, state: TimedGameState, at: int, seat: int
    ) -> None:
        number = table.decision_number(seat)
        option = await self.bots.choose(state.to_json(), table.seats[seat]["bot"], seat)
        try:
            async with table.lock:
                await self._accept_timed(table, state, seat, number, option, at)
        except (StaleActionError, IllegalChoiceError):
            return  # the table moved on while the bot thought: it looks again
        await self._broadcast(table)

    def _wake(self, table: LiveTable) -> None:
        """Let bots and auto-pass answer, if the pending decision is theirs (at a timed table:
        make sure its clock runs)."""
        if table.owned and (table.bot_task is None or table.bot_task.done()):
            timed = table.timed
            if timed is None and not self._bot_or_pause_due(table):
                return  # a person is asked with nothing closing by itself: no task to start
            work = self._drive(table) if timed is None else self._run_clock(table, timed)
            try:
                table.bot_task = asyncio.get_running_loop().create_task(work)
            except RuntimeError:  # no loop yet: start_bots() wakes tables when it runs
                work.close()
                table.bot_task = None

    @staticmethod
    def _bot_or_pause_due(table: LiveTable) -> bool:
        """Whether an untimed table's pending decision is answered by the server: a bot's, or
        a response window that closes by itself (what :meth:`_drive_bots` waits for)."""
        decision = table.state.pending
        if decision is None:
            return False
        bot = table.seats[decision.player]["kind"] == "bot"
        return bot or table.window_closes_at(decision) is not None

    async def _drive(self, table: LiveTable) -> None:
        try:
            await self._through_outages(table, lambda: self._drive_bots(table))
        except Exception:  # a bot that errs stops its table's bots, not the server
            logger.exception("table %s: the bots stopped", table.id)

    async def stop(self) -> None:
        """End every table's clock and bot task (the server is shutting down), its clock's
        reading stored first so that a restart loses none of it."""
        for table in self.tables.values():
            if table.owned and table.timed is not None and not table.state.is_over:
                await self._checkpoint(table, due_only=False)
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _drive_bots(self, table: LiveTable) -> None:
        while (decision := table.state.pending) is not None:
            number = len(table.state.log)
            seat_info = table.seats[decision.player]
            closes = table.window_closes_at(decision)
            if seat_info["kind"] == "bot":
                option = await self.bots.choose(table.state.to_json(), seat_info["bot"])
            elif closes is None:
                return
            elif (wait := closes - time.monotonic()) > 0:
                table.changed.clear()  # an answer or a changed preference ends the wait early
                with suppress(TimeoutError):
                    await asyncio.wait_for(table.changed.wait(), wait)
                continue
            else:
                option = PASS
            try:
                async with table.lock:
                    await self._accept(table, decision.player, number, option)
            except (StaleActionError, IllegalChoiceError):
                continue  # someone else moved the table on meanwhile: look again
            await self._broadcast(table)

    # ------------------------------------------------------------------ telling

    async def _broadcast(self, table: LiveTable) -> None:
        # Every path that accepts a decision tells its table next: the one place to see the
        # game end and archive it.
        if table.state.is_over and not table.archived:
            await self._archive(table)
        drawing = Drawing(table.state)
        for connection in list(table.connections):
            await self._send_update(table, connection, drawing)

    async def _send_update(
        self, table: LiveTable, connection: Connection, drawing: Drawing | None = None
    ) -> None:
        seat = connection.seat
        state = table.state
        auto_pass = table.seats[seat].get("auto_pass") if seat is not None else None
        key = (len(state.log), len(state.events), auto_pass, len(table.chat), table.next_table)
        if key == connection.sent_key:
            return
        connection.sent_key = key
        message = update_message(table, seat, connection.events_sent, drawing)
        message["chat"] = table.chat_lines(connection.chat_sent)
        message["chat_from"] = connection.chat_sent
        connection.events_sent = len(table.state.events)
        connection.chat_sent = len(table.chat)
        try:
            await connection.send(message)
        except Exception:  # a closed socket: its handler removes it
            table.connections.discard(connection)
