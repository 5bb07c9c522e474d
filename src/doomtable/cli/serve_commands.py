"""``doomtable serve``: the browser table (needs the ``web`` extra; imported only when run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Annotated

import typer

from doomtable.cli.common import errors_to_exit, fail, make_console

WEB_MODULES = ("fastapi", "uvicorn", "sqlalchemy")


def install_hint(package_file: str = __file__) -> str:
    """How to add the web extra here: from a checkout (doomtable is not on PyPI) with the
    checkout's own pip, else with pip."""
    root = Path(package_file).resolve().parents[3]
    if not (root / "pyproject.toml").is_file():
        return "pip install 'doomtable[web]'"
    in_checkout_venv = Path(sys.prefix).resolve() == (root / ".venv").resolve()
    pip = ".venv/bin/pip" if in_checkout_venv else f"{sys.executable} -m pip"
    return f'in {root}: {pip} install -e ".[web]"'


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
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin whose pages may connect (repeatable)."),
    ] = None,
) -> None:
    """Serve the browser table: a lobby, invite links, spectators and replays."""
    missing = [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        absent = ", ".join(missing)
        fail(f"doomtable serve needs the web extra ({absent} missing): {install_hint()}")
    import uvicorn

    from doomtable.web.app import create_app

    with errors_to_exit():
        where = database or str(default_database())
        app = create_app(
            where, bot_workers=bot_workers, allowed_origins=frozenset(allow_origin or [])
        )
    make_console().print(
        f"doomtable table at http://{host}:{port}/ (storage: {where})", soft_wrap=True
    )
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65536)


def register(app: typer.Typer) -> None:
    app.command()(serve)
