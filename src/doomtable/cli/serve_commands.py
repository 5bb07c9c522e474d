"""``doomtable serve``: the browser table (needs the ``web`` extra; imported only when run)."""

from __future__ import annotations

import dataclasses
import importlib.util
import ipaddress
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from doomtable.cli.common import errors_to_exit, fail, make_console
from doomtable.engine import DoomtableError, replay

if TYPE_CHECKING:
    from doomtable.web.store import Store, StoredTable

WEB_MODULES = ("fastapi", "uvicorn", "sqlalchemy", "prometheus_client")


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
    bot_think_limit: Annotated[
        float,
        typer.Option(
            min=0.01, max=60, help="Seconds a bot seat may think per move (ismcts:1s, ...)."
        ),
    ] = 2.0,
    link_days: Annotated[
        float,
        typer.Option(min=0.001, help="Days an invite link opens its seat (the creator re-issues)."),
    ] = 30.0,
    tables_per_minute: Annotated[
        int, typer.Option(min=1, help="New tables one client address may make a minute.")
    ] = 10,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin whose pages may connect (repeatable)."),
    ] = None,
    response_pause: Annotated[
        float,
        typer.Option(
            min=0.0,
            max=60.0,
            help="Seconds a response window stays open for a player with auto-pass on.",
        ),
    ] = 2.5,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A name this server answers to (repeatable; default: localhost, the --host "
            "name, and the machine's names when --host is 0.0.0.0). Addresses always work."
        ),
    ] = None,
    trust_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="The address (or network, 10.0.0.0/8) of a reverse proxy whose "
            "X-Forwarded-For and X-Forwarded-Proto are believed (repeatable; default: none, "
            "each client is the address that connects)."
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Only rebuild every stored table and list those that cannot be (exit 1 if any).",
        ),
    ] = False,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export", help="Only write every stored table to this file (a backup), then stop."
        ),
    ] = None,
    import_from: Annotated[
        Path | None,
        typer.Option(
            "--import", help="Only add the tables of an --export file to the database, then stop."
        ),
    ] = None,
) -> None:
    """Serve the browser table: a lobby, invite links, spectators and replays."""
    missing = [m for m in WEB_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        absent = ", ".join(missing)
        fail(f"doomtable serve needs the web extra ({absent} missing): {install_hint()}")
    import uvicorn

    from doomtable.web.app import create_app
    from doomtable.web.collector import settle_collector
    from doomtable.web.protocol import WebSocketProtocol
    from doomtable.web.security import default_allowed_hosts

    for proxy in trust_proxy or []:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            fail(f"--trust-proxy takes an address or a network (10.0.0.0/8), not {proxy!r}")
    where = database or str(default_database())
    if check:
        check_tables(where)
        return
    if export is not None:
        export_tables(export, where)
        return
    if import_from is not None:
        import_tables(import_from, where)
        return
    with errors_to_exit():
        app = create_app(
            where,
            bot_workers=bot_workers,
            allowed_origins=frozenset(allow_origin or []),
            bot_think_limit=bot_think_limit,
            tables_per_minute=tables_per_minute,
            token_lifetime=link_days * 24 * 3600,
            response_pause=response_pause,
            allowed_hosts=frozenset(allowed_host or []) or default_allowed_hosts(host),
            process_name=f"{port}@{socket.gethostname()}",
        )
    console = make_console()
    broken = app.state.manager.broken
    if broken:
        console.print(
            f"{len(broken)} stored table(s) set aside, they cannot be restored: "
            f"{', '.join(broken)} (details: doomtable serve --check)",
            soft_wrap=True,
        )
    console.print(f"doomtable table at http://{host}:{port}/ (storage: {where})", soft_wrap=True)
    settle_collector()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws=WebSocketProtocol,
        ws_max_size=65536,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: only from
        # the proxies named, so a client cannot pose as many to the per-client table limit.
        proxy_headers=bool(trust_proxy),
        forwarded_allow_ips=list(trust_proxy or []),
    )


def check_tables(database: str) -> None:
    """``serve --check``: rebuild every stored table as a start would, and say which cannot be
    rebuilt and why; exits 1 if any cannot."""
    from doomtable.web.bots import BotPool
    from doomtable.web.store import Store
    from doomtable.web.tables import TableManager

    with errors_to_exit():
        store = Store(database)
    manager = TableManager(store, BotPool(1, processes=False))
    manager.restore()
    store.close()
    console = make_console()
    console.print(f"{len(manager.tables)} table(s) restore cleanly from {database}", soft_wrap=True)
    for table_id, reason in manager.broken.items():
        console.print(f"set aside: {table_id}: {reason}", soft_wrap=True, markup=False)
    if manager.broken:
        raise typer.Exit(1)


EXPORT_FORMAT = "doomtable-table/1"
"""The first key of each line of an export: one table, its setup and its whole log."""


def export_tables(file: Path, where: str) -> None:
    """``serve --export FILE``: write every stored table, live and finished, to FILE (a
    table a line), for a backup or a move; exits 1 if a table could not be read."""
    import json

    from doomtable.web.store import Store

    with errors_to_exit():
        store = Store(where)
        lines, damaged = [], []
        for table_id in store.table_ids():
            try:
                stored = store.load(table_id)
            except DoomtableError as exc:
                damaged.append(f"{table_id}: {exc}")
                continue
            if stored is None:
                continue  # deleted while we read
            record = {"format": EXPORT_FORMAT, **dataclasses.asdict(stored)}
            lines.append(json.dumps(record, separators=(",", ":")))
        store.close()
        file.write_text("".join(f"{line}\n" for line in lines))
    console = make_console()
    console.print(f"{len(lines)} table(s) written to {file}", soft_wrap=True)
    for problem in damaged:
        console.print(f"not exported: {problem}", soft_wrap=True, markup=False)
    if damaged:
        raise typer.Exit(1)


def import_tables(file: Path, where: str) -> None:
    """``serve --import FILE``: add the tables of an export to the database, each checked by
    replaying it first; a table whose id is already stored is left as it is. Exits 1 if any
    line was not imported."""
    from doomtable.web.store import Store

    with errors_to_exit():
        text = file.read_text()
        store = Store(where)
    known = set(store.table_ids())
    added, problems = 0, []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            table = _read_exported(line)
            if table.id in known:
                problems.append(f"line {number}: table {table.id} is already stored: left as it is")
                continue
            replay(table.game, table.players, table.seed, table.options, table.log)
            _store_table(store, table)
        except KeyError as exc:
            problems.append(f"line {number}: the table has no {exc} field")
            continue
        except (DoomtableError, ValueError, TypeError) as exc:
            problems.append(f"line {number}: {type(exc).__name__}: {exc}")
            continue
        known.add(table.id)
        added += 1
    store.close()
    console = make_console()
    console.print(f"{added} table(s) imported into {where}", soft_wrap=True)
    for problem in problems:
        console.print(problem, soft_wrap=True, markup=False)
    if problems:
        raise typer.Exit(1)


def _read_exported(line: str) -> StoredTable:
    import json

    from doomtable.web.store import StoredTable

    record = json.loads(line)
    if not isinstance(record, dict) or record.pop("format", None) != EXPORT_FORMAT:
        raise ValueError(f"not a line of a doomtable export ({EXPORT_FORMAT})")
    record["log"] = [
        (int(entry[0]), tuple(entry[1]), *(int(at) for at in entry[2:])) for entry in record["log"]
    ]
    return StoredTable(**record)


def _store_table(store: Store, table: StoredTable) -> None:
    """Write an imported table through the store's own writes, in one transaction: an import
    cut short (the database gone, the process killed) leaves each table whole or absent."""
    setup = store.table_write(dataclasses.replace(table, log=[]))
    rows = [store.decision_write(table.id, n, *entry) for n, entry in enumerate(table.log)]
    store.run(setup, *rows)


def register(app: typer.Typer) -> None:
    app.command()(serve)
