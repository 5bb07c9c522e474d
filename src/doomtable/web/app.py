"""The FastAPI application: lobby and table pages, a JSON API, and one websocket per client."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from doomtable.bots import bot_help
from doomtable.engine import DoomtableError, find_game, game_names, replay
from doomtable.web.bots import BotPool
from doomtable.web.limits import MAX_MESSAGE_BYTES, RateLimit, origin_allowed
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import option_choices, render_view
from doomtable.web.pages.html import esc
from doomtable.web.score import router as score_router
from doomtable.web.store import Store
from doomtable.web.tables import (
    Connection,
    ForbiddenError,
    LiveTable,
    SeatRequest,
    TableManager,
)

STATIC = files("doomtable.web") / "static"


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=40, description="random, greedy, ismcts:0.5s, ...")


class TableIn(BaseModel):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=8)
    seats: list[SeatIn] = Field(max_length=8)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=16)
    seed: int | None = Field(None, ge=0, lt=2**31)


class Invite(BaseModel):
    seat: int
    url: str


class TableCreated(BaseModel):
    id: str
    invites: list[Invite]
    watch_url: str
    replay_url: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_options: dict[str, Any]
    option_choices: dict[str, list[Any]]
    summary: str


class SeatOut(BaseModel):
    seat: int
    kind: str
    bot: str | None


class TableOut(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seats: list[SeatOut]
    decisions: int
    over: bool
    scores: list[int] | None
    winners: list[int] | None


class ReplayStep(BaseModel):
    step: int
    steps: int
    html: str
    log: list[str]
    status: str


def _page(title: str, body: str, script: str = "") -> HTMLResponse:
    scripts = f'<script src="/static/{script}" defer></script>' if script else ""
    return HTMLResponse(
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f'<title>{esc(title)}</title><link rel=stylesheet href="/static/table.css">{scripts}'
        f"</head><body>{body}</body></html>"
    )


TABLE_BODY = """
<header id=status-bar role=status aria-live=polite>
  <span id=status>Connecting…</span>
  <label class=autopass><input type=checkbox id=autopass checked> auto-pass</label>
</header>
<main class=layout>
  <div id=view></div>
  <aside>
    <section class="panel choices"><h2 id=prompt>Choices</h2><ol id=options></ol>
      <p id=error role=alert></p>
      <p class=keys>Keys: 1–9 choose, 0 the 10th, p pass, l log, ? help</p></section>
    <section class="panel log"><h2>Log</h2><ol id=log></ol></section>
  </aside>
</main>
<div id=result></div>
"""


def create_app(
    database: str,
    *,
    bot_workers: int = 1,
    bot_processes: bool = True,
    allowed_origins: frozenset[str] = frozenset(),
) -> FastAPI:
    """The web application over ``database`` (a SQLite path or a PostgreSQL URL)."""
    store = Store(database)
    pool = BotPool(bot_workers, processes=bot_processes)
    manager = TableManager(store, pool)
    manager.restore()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        manager.start_bots()
        yield
        await manager.stop()
        pool.close()
        store.close()

    app = FastAPI(title="doomtable", version="0.1.0", lifespan=lifespan)
    app.state.manager = manager
    app.include_router(score_router)  # the score page and its API (web/score.py)

    def table_or_404(table_id: str) -> LiveTable:
        try:
            return manager.get(table_id)
        except KeyError:
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
                summary=s.summary,
            )
            for s in specs
        ]

    @app.get("/api/bots", response_model=dict[str, str])
    def list_bots() -> dict[str, str]:
        """Bot names and what each does."""
        return bot_help()

    @app.post(
        "/api/tables",
        response_model=TableCreated,
        status_code=201,
        responses={400: {"description": "bad game, seats or options"}},
    )
    async def create_table(body: TableIn, request: Request) -> TableCreated:
        """A new table; each human seat's invite link (its token is shown only here).

        Runs on the event loop (``async``), where the table's bots are started."""
        if not origin_allowed(
            request.headers.get("origin"), request.headers.get("host"), allowed_origins
        ):
            raise HTTPException(403, "requests from other sites are refused")
        try:
            table, tokens = manager.create(
                body.game,
                body.players,
                [SeatRequest(s.kind, s.bot) for s in body.seats],
                dict(body.options),
                body.seed,
            )
        except DoomtableError as exc:
            raise HTTPException(400, str(exc)) from None
        return TableCreated(
            id=table.id,
            invites=[Invite(seat=s, url=f"/table/{table.id}#{t}") for s, t in tokens.items()],
            watch_url=f"/watch/{table.id}",
            replay_url=f"/replay/{table.id}",
        )

    @app.get(
        "/api/tables/{table_id}",
        response_model=TableOut,
        responses={404: {"description": "no such table"}},
    )
    def table_info(table_id: str) -> dict[str, Any]:
        """A table's public facts: game, seats, progress, and the result once over."""
        return table_or_404(table_id).summary()

    @app.get(
        "/api/tables/{table_id}/replay/{step}",
        response_model=ReplayStep,
        responses={404: {"description": "no such table or step"}, 409: {"description": "live"}},
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
        )

    # ------------------------------------------------------------------ pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def lobby() -> HTMLResponse:
        body = (
            "<main class=lobby><h1>doomtable</h1><p>Make a table, send each friend their own"
            " invite link, and play in the browser.</p><form id=new-table class=panel>"
            "<label>Game <select name=game id=game></select></label>"
            "<label>Players <input type=number name=players id=players min=1 max=8 value=4>"
            "</label><fieldset id=seats><legend>Seats</legend></fieldset>"
            "<fieldset id=options><legend>Options</legend></fieldset>"
            "<label>Seed (optional) <input type=number name=seed id=seed min=0></label>"
            "<button type=submit>Create table</button></form><section id=links></section></main>"
        )
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
        body = (
            "<header id=status-bar role=status><span id=status>Replay</span>"
            "<span class=replay-controls><button id=first>⏮</button><button id=prev>◀</button>"
            "<span id=step></span><button id=next>▶</button><button id=last>⏭</button>"
            "</span></header><main class=layout><div id=view></div><aside>"
            "<section class='panel log'><h2>Log</h2><ol id=log></ol></section></aside></main>"
            "<p class=keys>Keys: ← → step, Home/End first/last</p>"
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
        table = manager.tables.get(table_id)
        if table is None:
            await websocket.close(code=1008, reason="no such table")
            return
        token = websocket.query_params.get("token")
        seat: int | None = None
        if token:
            try:
                seat = table.seat_for(token)
            except ForbiddenError as exc:
                await websocket.close(code=1008, reason=str(exc))
                return
        await websocket.accept()

        async def send(message: dict[str, Any]) -> None:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))

        connection = Connection(seat, send)
        limit = RateLimit()
        await manager.join(table, connection)
        try:
            while True:
                text = await websocket.receive_text()
                error = await _handle(manager, table, seat, text, limit)
                if error is not None:
                    await send({"type": "error", "message": error})
        except WebSocketDisconnect:
            pass
        finally:
            manager.leave(table, connection)

    return app


async def _handle(
    manager: TableManager, table: LiveTable, seat: int | None, text: str, limit: RateLimit
) -> str | None:
    """Carry out one client message; the error to send back, if any."""
    if not limit.allow():
        return "too many messages: slow down"
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return f"message too long (at most {MAX_MESSAGE_BYTES} bytes)"
    try:
        message = json.loads(text)
    except ValueError:
        return "not a JSON message"
    if not isinstance(message, dict):
        return "a message is a JSON object"
    if seat is None:
        return "onlookers cannot act: open your own invite link to play"
    kind = message.get("type")
    try:
        if kind == "act":
            decision, option = message.get("decision"), message.get("option")
            if not isinstance(decision, int) or not isinstance(option, int | str):
                return "an action names its decision (a number) and an option (index or label)"
            await manager.act(table, seat, decision, option)
        elif kind == "autopass":
            await manager.set_auto_pass(table, seat, bool(message.get("on")))
        else:
            return f"unknown message type {kind!r}: use act or autopass"
    except DoomtableError as exc:
        return str(exc)
    return None
