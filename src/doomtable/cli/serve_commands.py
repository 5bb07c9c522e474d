"""``doomtable serve``: the browser table (needs the ``web`` extra; imported only when run)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated

import typer

from doomtable.cli.common import errors_to_exit, fail, make_console

WEB_MODULES = ("fastapi", "uvicorn", "sqlalchemy")


def default_database() -> Path:
    """``tables.sqlite`` in the user's data folder (``$XDG_DATA_HOME/doomtable`` on Linux)."""
    from platformdirs import user_data_path

    return user_data_path("doomtable") / "tables.sqlite"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="A SQLite file, or postgresql://user@host/db (default: tables.sqlite in "
            "your data folder)."
        ),
    ] = None,
    bot_workers: Annotated[
        int, typer.Option(min=1, max=16, help="Worker processes for bot seats.")
    ] = 1,
    bot_think_limit: Annotated[
        float,
        typer.Option(
            min=0.01, max=60, help="Seconds a bot seat may think per move (ismcts:1s, ...)."
        ),
    ] = 2.0,
    tables_per_minute: Annotated[
        int, typer.Option(min=1, help="New tables one client address may make a minute.")
    ] = 10,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin whose pages may connect (repeatable)."),
    ] = None,
) -> None:
    """Serve the browser table: a lobby, invite links, spectators and replays."""
    missing = [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        fail(
            f"doomtable serve needs the web extra ({', '.join(missing)} missing): "
            "pip install 'doomtable[web]'"
        )
    import uvicorn

    from doomtable.web.app import create_app
    from doomtable.web.protocol import WebSocketProtocol

    with errors_to_exit():
        where = database or str(default_database())
        app = create_app(
            where,
            bot_workers=bot_workers,
            allowed_origins=frozenset(allow_origin or []),
            bot_think_limit=bot_think_limit,
            tables_per_minute=tables_per_minute,
        )
    make_console().print(
        f"doomtable table at http://{host}:{port}/ (storage: {where})", soft_wrap=True
    )
    uvicorn.run(
        app, host=host, port=port, log_level="warning", ws=WebSocketProtocol, ws_max_size=65536
    )


def register(app: typer.Typer) -> None:
    app.command()(serve)
