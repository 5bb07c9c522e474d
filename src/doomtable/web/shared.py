"""Several `doomtable serve` processes on one PostgreSQL database: what one stores, the others
hear of at once (PostgreSQL's LISTEN/NOTIFY), and each live table is run (its bots, its clock)
by one process at a time, which holds a renewed lease on it (``doomtable_owners``).

Any process accepts a move at any table: the decision's primary key still lets only one
answer in, and the commit that stores it notifies the channel with the table's id. A process
that hears of a table it has in memory reads the new rows and tells its own sockets. A process
that stops renewing (killed, cut off) loses its leases after ``LEASE_S``; the next renewal of
another takes its tables over, rebuilding them from the database.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Final

import psycopg
from sqlalchemy import Engine

from doomtable.web.store import CHANNEL

logger = logging.getLogger(__name__)

LEASE_S: Final = 5.0
"""How long a process runs a table without renewing (at most this long without bots and
clock after it dies)."""
RENEW_S: Final = 1.0
"""How often a process renews its leases and looks for tables without a live owner."""
RECONNECT_S: Final = 1.0


def libpq_url(engine: Engine) -> str:
    """The engine's database as psycopg itself connects to it."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """A thread with its own connection that LISTENs on the channel and hands each payload to
    ``heard`` on the event loop; ``heard("")`` after a reconnection, when some may have been
    missed."""

    def __init__(
        self, engine: Engine, loop: asyncio.AbstractEventLoop, heard: Callable[[str], None]
    ) -> None:
        self._url = libpq_url(engine)
        self._loop = loop
        self._heard = heard
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="doomtable-listen", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stopping.set()
        self._thread.join()

    def _run(self) -> None:
        first = True
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        self._loop.call_soon_threadsafe(self._heard, "")
                    first = False
                    while not self._stopping.is_set():
                        for notice in connection.notifies(timeout=RECONNECT_S):
                            self._loop.call_soon_threadsafe(self._heard, notice.payload)
            except psycopg.Error as exc:
                logger.warning("listening for other server processes failed: %s", exc)
                self._stopping.wait(RECONNECT_S)
