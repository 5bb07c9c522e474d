"""The FastAPI application: lobby and table pages, a JSON API, and one websocket per client."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from importlib.resources import files
from typing import Annotated, Any, Literal

import yaml
from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel, Field, JsonValue
from starlette.websockets import WebSocketDisconnected

from doomtable.bots import bot_help
from doomtable.engine import DoomtableError, GameSpec, OptionSpec, find_game, game_names, replay
from doomtable.engine.registry import checked_options
from doomtable.safe_yaml import YamlLimitError, load_yaml
from doomtable.web.bots import DEFAULT_THINK_LIMIT, BotPool, bots_for, web_bot_spec
from doomtable.web.limits import (
    MAX_MESSAGE_BYTES,
    MAX_TOKEN_CHARS,
    ClientRateLimits,
    RateLimit,
    origin_allowed,
)
from doomtable.web.metrics import Metrics
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import option_choices, render_view
from doomtable.web.pages.html import esc
from doomtable.web.pages.icons import icon
from doomtable.web.score import router as score_router
from doomtable.web.security import SecurityMiddleware
from doomtable.web.shared import Listener
from doomtable.web.store import StorageUnavailableError, Store
from doomtable.web.tables import (
    DEFAULT_TOKEN_LIFETIME,
    Connection,
    ForbiddenError,
    LiveTable,
    SeatRequest,
    TableManager,
)

STATIC = files("doomtable.web") / "static"
SET_ASIDE = (
    "table {!r} could not be restored and is set aside (the server's admin sees why with"
    " `doomtable serve --check`)"
)


MAX_SEATS = 10
"""The most players any shipped game seats (We're Doomed!)."""

SERVER_FIXED = frozenset({"realtime", "event_order"})
"""Options the lobby does not offer: the browser table plays timed games on the wall clock
and deals We're Doomed!'s events afresh (a kept order is a terminal affair)."""


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    bot: str | None = Field(
        None,
        max_length=40,
        description="a bot that plays the game (its game's `bots`): random, greedy:4, ismcts:0.5s",
    )
    name: str = Field("", max_length=30, description="what the table calls this seat")


class TableIn(BaseModel):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=MAX_SEATS)
    seats: list[SeatIn] = Field(max_length=MAX_SEATS)
    options: dict[str, JsonValue] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**31)
    name: str = Field("", max_length=60, description="the table's name")


class OptionOut(BaseModel):
    """One game option as the lobby draws it: a select (``choices``), checkboxes (``choices``
    of which several may be ticked: ``multiple``), a number with its range, a checkbox
    (``bool``) or, for ``list`` (Doom Pile's decks), one choice per seat."""

    key: str
    label: str
    kind: Literal["bool", "int", "float", "str", "list"]
    help: str
    default: JsonValue
    minimum: float | None
    maximum: float | None
    choices: list[JsonValue]
    multiple: bool = False


class CardOut(BaseModel):
    name: str
    kind: str
    text: str


class DeckIn(BaseModel):
    text: str = Field(max_length=20_000, description="a Doom Pile deck file (YAML or JSON)")


class Invite(BaseModel):
    seat: int
    url: str


class TableCreated(BaseModel):
    id: str
    invites: list[Invite]
    creator_token: str = Field(
        description="re-issues the table's invite links (shown only here): keep it private"
    )
    watch_url: str
    replay_url: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]
    option_choices: dict[str, list[Any]]
    options: list[OptionOut]
    summary: str
    bots: list[str]


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str


class TableOut(BaseModel):
    id: str
    name: str
    next_table: str | None
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seats: list[SeatOut]
    decisions: int
    over: bool
    scores: list[int] | None
    winners: list[int] | None


class ChatOut(BaseModel):
    who: str
    seat: int | None
    decision: int
    text: str


class Health(BaseModel):
    status: Literal["ok", "database unreachable"]
    tables_live: int
    tables_set_aside: int


class ReplayStep(BaseModel):
    step: int
    steps: int
    html: str
    log: list[str]
    status: str
    chat: list[ChatOut]


def _kind(spec: OptionSpec) -> Literal["bool", "int", "float", "str", "list"]:
    kinds: dict[type, Literal["bool", "int", "float", "str", "list"]] = {
        bool: "bool",
        int: "int",
        float: "float",
        str: "str",
        list: "list",
    }
    return kinds[spec.kind]


def lobby_options(game: GameSpec) -> list[OptionOut]:
    """``game``'s options as the lobby offers them, from its option schema (choices from the
    schema, else from its page), leaving out those the server fixes."""
    extra = option_choices(game.name)
    return [
        OptionOut(
            key=key,
            label=key.replace("_", " ").capitalize(),
            kind=_kind(spec),
            help=spec.help,
            default=game.default_options.get(key),
            minimum=spec.minimum,
            maximum=spec.maximum,
            choices=list(spec.choices) or extra.get(key, []),
            multiple=spec.multiple,
        )
        for key, spec in game.option_schema.items()
        if key not in SERVER_FIXED
    ]


class FieldError(BaseModel):
    detail: str
    field: str | None = None


def _page(title: str, body: str, script: str = "") -> HTMLResponse:
    scripts = f'<script src="/static/{script}" defer></script>' if script else ""
    return HTMLResponse(
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f'<title>{esc(title)}</title><link rel=stylesheet href="/static/table.css">{scripts}'
        f"</head><body>{body}</body></html>"
    )


TABLE_BODY = f"""
<header id=status-bar>
  <p id=status role=status aria-live=polite>Connecting…</p>
  <span class=toggles>
    <label class=autopass><input type=checkbox id=autopass checked> Auto-pass</label>
    <label><input type=checkbox id=sound> {icon("sound")} Sound</label>
  </span>
</header>
<div id=result></div>
<main class=layout>
  <div id=view></div>
  <aside>
    <section class="panel log" aria-labelledby=log-title><h2 id=log-title>Log</h2>
      <div id=log-box tabindex=0 role=region aria-label="Game log"><ol id=log></ol></div>
    </section>
    <section class="panel chat" aria-labelledby=chat-title>
      <h2 id=chat-title>{icon("chat")} Chat</h2><ol id=chat aria-live=polite></ol>
      <form id=chat-form><label for=chat-text class=sr>Say something</label>
        <input id=chat-text maxlength=300 autocomplete=off placeholder="Say something">
        <button type=submit>Send</button></form>
    </section>
  </aside>
</main>
<div id=dock>
  <section id=choices class="panel choices" aria-labelledby=prompt>
    <h2 id=prompt>Choices</h2><p id=closes></p><ol id=options></ol>
    <p id=error role=alert></p>
    <p class=keys>Keys: 1–9 choose, 0 the 10th, p pass, l log, c chat, ? help</p>
  </section>
  <div id=dock-hand></div>
</div>
<div id=card-pop role=tooltip hidden></div>
"""

LOBBY_BODY = """
<main class=lobby>
<h1>doomtable</h1>
<p>Make a table, send each friend their own invite link, and play in the browser.</p>
<form id=new-table class=panel novalidate>
  <div class=field><label for=table-name>Table name</label>
    <input id=table-name name=name maxlength=60 autocomplete=off placeholder="Friday doom"
      aria-describedby="err-table-name">
    <p class=field-error id=err-table-name role=alert></p></div>
  <div class=field><label for=game>Game</label>
    <select id=game name=game aria-describedby="game-summary err-game"></select>
    <p class=help id=game-summary></p><p class=field-error id=err-game role=alert></p></div>
  <div class=field><label for=players>Players</label>
    <input type=number id=players name=players min=1 max=10 value=4 inputmode=numeric
      aria-describedby="players-help err-players">
    <p class=help id=players-help></p><p class=field-error id=err-players role=alert></p></div>
  <fieldset id=seats><legend>Seats</legend><div id=seat-rows></div></fieldset>
  <fieldset id=game-options><legend>Options</legend><div id=option-rows></div>
    <p class=field-error id=err-game-options role=alert></p></fieldset>
  <details class=field><summary>Deal (optional)</summary>
    <label for=seed>Seed</label>
    <input type=number id=seed name=seed min=0 inputmode=numeric aria-describedby="seed-help">
    <p class=help id=seed-help>The same seed deals the same game again.</p></details>
  <button type=submit class=primary>Create table</button>
  <p class=field-error id=err-form role=alert></p>
</form>
<section id=links aria-live=polite></section>
</main>
"""


def create_app(
    database: str,
    *,
    bot_workers: int = 1,
    bot_processes: bool = True,
    allowed_origins: frozenset[str] = frozenset(),
    response_pause: float = 2.5,
    bot_think_limit: float = DEFAULT_THINK_LIMIT,
    tables_per_minute: int = 10,
    allowed_hosts: frozenset[str] | None = None,
    token_lifetime: float = DEFAULT_TOKEN_LIFETIME,
    process_name: str | None = None,
) -> FastAPI:
    """The web application over ``database`` (a SQLite path or a PostgreSQL URL); with
    ``allowed_hosts``, only requests to those names or to an address are answered.

    ``response_pause``: seconds a response window stays open for a human seat with auto-pass
    on, whether or not that seat can respond (see :meth:`LiveTable.window_closes_at`).

    On PostgreSQL the server shares the database with any other process serving it
    (``web/shared.py``), as ``process_name`` (the same name after a restart takes its tables
    back at once; default: a new one)."""
    store = Store(database)
    pool = BotPool(bot_workers, processes=bot_processes)
    manager = TableManager(
        store,
        pool,
        response_pause=response_pause,
        think_limit=bot_think_limit,
        token_lifetime=token_lifetime,
    )
    manager.restore()
    if store.shared:
        manager.owner = (process_name or secrets.token_hex(8))[:32]
        for restored in manager.tables.values():
            restored.owned = False  # until its lease is this process's

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        listener, sharing = None, None
        if manager.owner is not None:
            listener = Listener(store.engine, asyncio.get_running_loop(), manager.heard)
            sharing = asyncio.create_task(manager.share())
        manager.start_bots()
        yield
        if sharing is not None:
            sharing.cancel()
            await asyncio.gather(sharing, return_exceptions=True)
        await manager.stop()
        await manager.stop_sharing()
        if listener is not None:
            listener.close()
        pool.close()
        store.close()

    app = FastAPI(title="doomtable", version="0.1.0", lifespan=lifespan)
    app.state.manager = manager
    app.include_router(score_router)  # the score page and its API (web/score.py)

    @app.exception_handler(StorageUnavailableError)
    async def storage_unavailable(_request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503)

    app.add_middleware(SecurityMiddleware, allowed_hosts=allowed_hosts)
    table_limits = ClientRateLimits(per_minute=tables_per_minute)
    metrics = Metrics(manager)

    def table_or_404(table_id: str) -> LiveTable:
        try:
            return manager.get(table_id)
        except KeyError:
            if table_id in manager.broken:
                raise HTTPException(503, SET_ASIDE.format(table_id)) from None
            raise HTTPException(404, f"no table {table_id!r}") from None

    # ------------------------------------------------------------------ JSON API

    @app.get("/api/games", response_model=list[GameInfo])
    def list_games() -> list[GameInfo]:
        """Every game a table can be made for, with its options and lobby choices."""
        specs = [find_game(name) for name in game_names()]
        return [
            GameInfo(
                name=s.name,
                title=s.title,
                min_players=s.min_players,
                max_players=s.max_players,
                default_options=s.default_options,
                option_choices=option_choices(s.name),
                options=lobby_options(s),
                summary=s.summary,
                bots=bots_for(s.name),
            )
            for s in specs
        ]

    @app.get(
        "/api/games/{game}/cards",
        response_model=list[CardOut],
        responses={404: {"description": "no such game"}},
    )
    def game_cards(game: str) -> list[CardOut]:
        """Every card of ``game`` by name, with its kind and rules text: the table shows any
        card named in a log line, a prompt or a choice from this."""
        try:
            spec = find_game(game)
        except DoomtableError as exc:
            raise HTTPException(404, str(exc)) from None
        return [
            CardOut(
                name=str(c["name"]),
                kind=str(c.get("kind", "")),
                text=str(c.get("text") or ""),
            )
            for c in spec.cards()
        ]

    @app.get("/api/bots", response_model=dict[str, str])
    def list_bots() -> dict[str, str]:
        """Bot names and what each does."""
        return bot_help()

    @app.post(
        "/api/tables",
        response_model=TableCreated,
        status_code=201,
        responses={
            400: {"model": FieldError, "description": "bad game, seats or options"},
            403: {"description": "a request from another site"},
            429: {"description": "too many new tables from one client"},
            503: {"model": FieldError, "description": "the database does not answer now"},
        },
    )
    async def create_table(body: TableIn, request: Request) -> TableCreated | JSONResponse:
        """A new table; each human seat's invite link (its token is shown only here).

        A refusal names, where it can, the field it concerns (``players``, ``seatN``,
        ``option:KEY``, ``name``), so the lobby shows it next to that field.
        Runs on the event loop (``async``), where the table's bots are started."""
        if not origin_allowed(
            request.headers.get("origin"), request.headers.get("host"), allowed_origins
        ):
            raise HTTPException(403, "requests from other sites are refused")
        field, problem = _field_problem(body, bot_think_limit)
        if problem is not None:
            return JSONResponse({"detail": problem, "field": field}, status_code=400)
        if not table_limits.allow(request.client.host if request.client else ""):
            raise HTTPException(
                429, f"at most {tables_per_minute} new tables a minute from one address"
            )
        creator_token = secrets.token_urlsafe(24)
        try:
            table, tokens = await manager.create(
                body.game,
                body.players,
                [SeatRequest(s.kind, s.bot, s.name) for s in body.seats],
                dict(body.options),
                body.seed,
                body.name,
                creator_token,
            )
        except DoomtableError as exc:
            return JSONResponse({"detail": str(exc), "field": None}, status_code=_status(exc))
        return TableCreated(
            id=table.id,
            invites=[Invite(seat=s, url=f"/table/{table.id}#{t}") for s, t in tokens.items()],
            creator_token=creator_token,
            watch_url=f"/watch/{table.id}",
            replay_url=f"/replay/{table.id}",
        )

    @app.post(
        "/api/decks",
        response_model=dict[str, JsonValue],
        responses={400: {"model": FieldError, "description": "not a legal deck"}},
    )
    def read_deck(body: DeckIn) -> dict[str, JsonValue] | JSONResponse:
        """A Doom Pile deck file's text, read and checked: its data for the ``decks`` option."""
        from doomtable.games.doom_pile.data import deck_problems

        try:
            data = load_yaml(body.text, "the deck file")
        except YamlLimitError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=400)
        except yaml.YAMLError as exc:
            problem = f"this file is not YAML or JSON: {str(exc).splitlines()[0]}"
            return JSONResponse({"detail": problem}, status_code=400)
        problems = deck_problems(data)
        if problems:
            return JSONResponse({"detail": "; ".join(problems)}, status_code=400)
        deck: dict[str, JsonValue] = data
        return deck

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/invite",
        response_model=Invite,
        responses={
            400: {"description": "not a human seat"},
            403: {"description": "not the table's creator token"},
            404: {"description": "no such table"},
            503: {"description": "a table set aside, or the database does not answer now"},
        },
    )
    async def reissue_invite(
        table_id: str,
        seat: int,
        authorization: Annotated[
            str, Header(description="Bearer CREATOR_TOKEN, as given when the table was made")
        ] = "",
    ) -> Invite:
        """A new invite link for a human seat, for the table's creator only: the seat's old
        link stops working at once and its open sockets are closed."""
        table = table_or_404(table_id)
        scheme, _, token = authorization.partition(" ")
        try:
            if scheme.lower() != "bearer" or len(token) > MAX_TOKEN_CHARS:
                raise ForbiddenError("only the table's creator may re-issue its invite links")
            new_token = await manager.reissue(table, seat, token.strip())
        except ForbiddenError as exc:
            raise HTTPException(403, str(exc)) from None
        except DoomtableError as exc:
            raise HTTPException(_status(exc), str(exc)) from None
        return Invite(seat=seat, url=f"/table/{table.id}#{new_token}")

    @app.get(
        "/api/tables/{table_id}",
        response_model=TableOut,
        responses={
            404: {"description": "no such table"},
            503: {"description": "a table set aside, or the database does not answer now"},
        },
    )
    def table_info(table_id: str) -> dict[str, Any]:
        """A table's public facts: game, seats, progress, and the result once over."""
        return table_or_404(table_id).summary()

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        response_model=ReplayStep,
        responses={
            404: {"description": "no such table or step"},
            409: {"description": "live"},
            503: {"description": "a table set aside, or the database does not answer now"},
        },
    )
    def replay_step(table_id: str, step: int) -> ReplayStep:
        """A finished game as an onlooker saw it after ``step`` decisions."""
        table = table_or_404(table_id)
        if not table.state.is_over:
            raise HTTPException(409, "replays open when the game is over")
        stored, log = table.stored, table.state.log
        if not 0 <= step <= len(log):
            raise HTTPException(404, f"steps run from 0 to {len(log)}")
        state = replay(stored.game, stored.players, stored.seed, stored.options, log[:step])
        decision = state.pending
        status = (
            "Game over"
            if decision is None
            else f"{table.seat_label(decision.player)}: {decision.prompt}"
        )
        return ReplayStep(
            step=step,
            steps=len(log),
            html=render_view(onlooker_view(state), None),
            log=state.log_lines(None),
            status=status,
            chat=[ChatOut(**line) for line in table.chat_lines(upto=step)],
        )

    @app.get(
        "/healthz",
        response_model=Health,
        responses={503: {"model": Health, "description": "the database does not answer"}},
    )
    def healthz() -> JSONResponse:
        """Whether the server can play: up, and its database answering."""
        health = Health(
            status="ok" if store.reachable() else "database unreachable",
            tables_live=sum(1 for t in manager.tables.values() if not t.state.is_over),
            tables_set_aside=len(manager.broken),
        )
        return JSONResponse(health.model_dump(), status_code=200 if health.status == "ok" else 503)

    @app.get(
        "/metrics",
        response_class=PlainTextResponse,
        responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
    )
    def metrics_page() -> Response:
        """The server's figures in Prometheus' text format."""
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    # ------------------------------------------------------------------ pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby() -> HTMLResponse:
        body = LOBBY_BODY
        return _page("doomtable — lobby", body, "lobby.js")

    @app.get("/table/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    def table_page(table_id: str) -> HTMLResponse:
        table = table_or_404(table_id)
        title = f"{table.summary()['title']} — doomtable"
        return _page(title, TABLE_BODY, "table.js")

    @app.get("/watch/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    def watch_page(table_id: str) -> HTMLResponse:
        table = table_or_404(table_id)
        title = f"Watching {table.summary()['title']} — doomtable"
        return _page(title, TABLE_BODY, "table.js")

    @app.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    def replay_page(table_id: str) -> HTMLResponse:
        table_or_404(table_id)
        buttons = "".join(
            f'<button id={key} type=button aria-label="{label}">{icon(name)}</button>'
            for key, name, label in (
                ("first", "first", "First decision"),
                ("prev", "previous", "Previous decision"),
                ("next", "next", "Next decision"),
                ("last", "last", "Last decision"),
            )
        )
        body = (
            "<header id=status-bar><p id=status role=status>Replay</p>"
            f"<span class=replay-controls>{buttons}<span id=step></span></span></header>"
            "<main class=layout><div id=view></div><aside>"
            "<section class='panel log'><h2>Log</h2><div id=log-box tabindex=0 role=region "
            "aria-label='Game log'><ol id=log></ol></div></section>"
            "<section class='panel chat'><h2>Chat</h2><ol id=chat></ol></section></aside></main>"
            "<p class=keys>Keys: left and right arrows step, Home and End go to the first and "
            "last decision</p><div id=card-pop role=tooltip hidden></div>"
        )
        return _page("Replay — doomtable", body, "replay.js")

    @app.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        kinds = {".js": "text/javascript", ".css": "text/css"}
        suffix = name[name.rfind(".") :] if "." in name else ""
        resource = STATIC / name
        if suffix not in kinds or "/" in name or not resource.is_file():
            raise HTTPException(404, "no such file")
        return Response(resource.read_bytes(), media_type=kinds[suffix])

    # ------------------------------------------------------------------ websocket

    @app.websocket("/ws/{table_id}")
    async def play_socket(websocket: WebSocket, table_id: str) -> None:
        """Query ``token=...`` sits at that seat; no token watches as an onlooker."""
        if not origin_allowed(
            websocket.headers.get("origin"), websocket.headers.get("host"), allowed_origins
        ):
            await websocket.close(code=1008, reason="other sites may not connect")
            return
        try:  # a finished table is read from the archive: off the event loop
            live = manager.tables.get(table_id)
            table = live if live is not None else await asyncio.to_thread(manager.get, table_id)
        except KeyError:
            broken = table_id in manager.broken
            await websocket.close(
                code=1008, reason="table set aside" if broken else "no such table"
            )
            return
        except StorageUnavailableError:
            await websocket.close(code=1013, reason="storage not answering: try again")
            return
        token = websocket.query_params.get("token")
        seat: int | None = None
        if token and len(token) > MAX_TOKEN_CHARS:
            await websocket.close(code=1008, reason="that is not an invite link's token")
            return
        if token:
            try:
                seat = table.seat_for(token)
            except ForbiddenError as exc:
                await websocket.close(code=1008, reason=str(exc))
                return
        await websocket.accept()

        async def send(message: dict[str, Any]) -> None:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))

        async def close(reason: str) -> None:
            with suppress(*GONE):  # it went away by itself first
                await websocket.close(code=1008, reason=reason)

        connection = Connection(seat, send, close)
        limit, chat_limit = RateLimit(), RateLimit(per_second=CHAT_PER_SECOND, burst=CHAT_BURST)
        await manager.join(table, connection)
        expiry = asyncio.create_task(manager.close_at_expiry(table, connection))
        try:
            while (received := await websocket.receive())["type"] == "websocket.receive":
                text = received.get("text")
                if text is None:
                    error: str | None = "a message is a JSON text frame, not binary data"
                else:
                    with metrics.action_seconds.time():
                        error = await _handle(manager, table, seat, text, (limit, chat_limit))
                if error is not None:
                    await send({"type": "error", "message": error})
        except GONE:
            pass  # the client went away (while being told something): nothing to report
        finally:
            expiry.cancel()
            manager.leave(table, connection)

    return app


GONE = (WebSocketDisconnect, WebSocketDisconnected, OSError)
"""What sending to a socket raises once its client has gone: the first send after it went
raises ``WebSocketDisconnect``, any later one ``WebSocketDisconnected``."""

CHAT_PER_SECOND = 0.5
CHAT_BURST = 5.0
"""A connection may say five lines at once, then one every two seconds."""


def _status(exc: DoomtableError) -> int:
    """400 for a request that is wrong, 503 for one the database could not take now."""
    return 503 if isinstance(exc, StorageUnavailableError) else 400


async def _handle(
    manager: TableManager,
    table: LiveTable,
    seat: int | None,
    text: str,
    limits: tuple[RateLimit, RateLimit],
) -> str | None:
    """Carry out one client message; the error to send back, if any."""
    limit, chat_limit = limits
    if not limit.allow():
        return "too many messages: slow down"
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"
    try:
        message = json.loads(text)
    except ValueError:
        return "not a JSON message"
    except RecursionError:
        return "a message nested that deeply is not one this table sends"
    if not isinstance(message, dict):
        return "a message is a JSON object"
    kind = message.get("type")
    if kind == "chat":
        said = message.get("text")
        if not isinstance(said, str):
            return "a chat message carries its text"
        if not chat_limit.allow():
            return "you are chatting too fast: wait a moment"
        try:
            await manager.say(table, seat, said)
        except DoomtableError as exc:
            return str(exc)
        return None
    if seat is None:
        return "onlookers cannot act: open your own invite link to play"
    try:
        if kind == "again":
            await manager.play_again(table)
        elif kind == "act":
            decision, option = message.get("decision"), message.get("option")
            if not isinstance(decision, int) or not isinstance(option, int | str):
                return "an action names its decision (a number) and an option (index or label)"
            await manager.act(table, seat, decision, option)
        elif kind == "autopass":
            on = message.get("on")
            if not isinstance(on, bool):
                return 'autopass takes "on": true or false'
            await manager.set_auto_pass(table, seat, on)
        else:
            return f"unknown message type {kind!r}: use act, autopass, chat or again"
    except DoomtableError as exc:
        return str(exc)
    return None


def _field_problem(body: TableIn, think_limit: float) -> tuple[str | None, str | None]:
    """The first field of a new table's request that is wrong, and what is wrong with it in
    one line (``(None, None)``: nothing found here; the engine still checks the rest). Each
    check is the engine's or the server's own, asked field by field."""
    try:
        spec = find_game(body.game)
    except DoomtableError as exc:
        return "game", str(exc)
    try:
        checked_options(spec, body.players, {})
    except DoomtableError as exc:
        return "players", str(exc)
    if len(body.seats) != body.players:
        return (
            "players",
            f"Give one seat per player: {body.players} players, {len(body.seats)} seats.",
        )
    for number, seat in enumerate(body.seats):
        if seat.kind == "bot":
            try:
                web_bot_spec(spec.name, seat.bot or "", think_limit)
            except DoomtableError as exc:
                return f"seat{number}", str(exc)
    for key, value in body.options.items():
        try:
            checked_options(spec, body.players, {key: value})
        except DoomtableError as exc:
            return ("option:" + key if key in spec.default_options else "options"), str(exc)
    return None, None
