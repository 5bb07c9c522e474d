"""Event-sourced storage of tables: each table's setup, and its decisions one row each.

One code path serves SQLite (a file, the default) and PostgreSQL (``postgresql://...``, through
psycopg). A decision row's primary key is (table, number), so a decision can be stored only
once: the insert is the acceptance, and a second answer to the same decision fails there.

Decisions name their cards by slug (``["play", "heroic"]``), and a table records the card set
it was made with, so a table outlives changes to the card data (``engine/cards.py``); rows
written before slugs (``["play", 12]``) are read as positions in the game's frozen tables.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Executable,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    extract,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError

from doomtable.engine import DoomtableError, Option, find_game
from doomtable.engine.cards import decode_option, encode_option
from doomtable.engine.decision import LogEntry

metadata = MetaData()

tables_table = Table(
    "doomtable_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("cards", Text, nullable=True),
    Column("creator_hash", String(64), nullable=True),
    Column("finished", Integer, nullable=True),
    Column("clock_ms", Integer, nullable=True),
    Column("clock_saved", Float, nullable=True),
)
"""``cards``: the card set the table was made with (each kind of card's slugs, as JSON), empty
for tables stored before slugs; ``creator_hash``: the SHA-256 of the creator's token, which
re-issues seat links; ``finished``: 1 once the game is over (archived: a start does not replay
it); ``clock_ms`` and ``clock_saved``: a timed table's last clock checkpoint, its game-clock
reading and the wall-clock time (epoch seconds) when it was taken."""

decisions_table = Table(
    "doomtable_decisions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("option", Text, nullable=False),
    Column("at", Integer, nullable=True),
)
"""A decision row: the log entry ``(seat, option)``, or in a timed game ``(seat, option, at)``
with ``at`` its game-clock time (``seat`` is ``CLOCK`` where only the clock moved)."""

lobby_table = Table(
    "doomtable_lobby",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("next_table", String(32), nullable=True),
)
"""What the lobby knows of a table: the name its host gave it, and the table "play again"
made after it (the same seats, so each person's invite secret opens their seat there too)."""

kept_table = Table(
    "doomtable_kept",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("kept", Text, nullable=False),
)
"""What a game keeps from one finished table to the next on this server (``CarryOver``):
We're Doomed!'s event deck order."""

chat_table = Table(
    "doomtable_chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("decision", Integer, nullable=False),
    Column("text", Text, nullable=False),
)
"""A table's chat, one row per line in order: ``seat`` (``NULL`` for a spectator), and the
number of decisions answered when it was said (a replay shows the lines said by its step)."""


INSERT_DECISION: Final = insert(decisions_table)
"""Built once: a decision is the server's most frequent write (building an insert each time
costs more than running it)."""


owners_table = Table(
    "doomtable_owners",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False),
    Column("until", Float, nullable=False),
)
"""Which server process runs a live table's bots and clock (several processes on one
PostgreSQL database), and until when (the database's epoch seconds) its lease holds unless
renewed."""

CHANNEL: Final = "doomtable"
"""The PostgreSQL channel on which a process says it stored something of a table."""


class StorageError(DoomtableError):
    """The database could not be opened or written."""


class StorageUnavailableError(StorageError):
    """The database does not answer now (down, unreachable, locked): nothing was stored, and
    the same request may be tried again."""


UNAVAILABLE = "the table's storage is not answering: nothing was stored, try again in a moment"


@contextmanager
def _unavailable_as_error() -> Iterator[None]:
    try:
        yield
    except IntegrityError:
        raise
    except DBAPIError as exc:
        if getattr(exc.orig, "sqlstate", None) in RETRIED_STATES:
            raise _RolledBackForAnotherError from None
        raise StorageUnavailableError(f"{UNAVAILABLE} ({type(exc.orig).__name__})") from None


class _RolledBackForAnotherError(Exception):
    """The database rolled a transaction back to let another go on: make it again."""


class DuplicateDecisionError(DoomtableError):
    """That decision was already answered and stored (a stale or repeated action)."""


@dataclass
class StoredTable:
    """A table as stored: its setup and every decision answered so far."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    log: list[LogEntry]
    """The decisions stored when the table was loaded (a live table's state holds the rest)."""
    creator_hash: str | None = None
    """The SHA-256 of the creator's token (None for tables made before there was one)."""
    finished: bool = False
    """Whether the game is over and the table archived."""
    clock_ms: int | None = None
    """A timed table's last checkpoint of its game clock (None before the first)."""
    clock_saved: float | None = None
    """When that checkpoint was taken (epoch seconds)."""


def _card_set(game: str) -> dict[str, list[str]]:
    """The card set a table of ``game`` is made with today: each kind of card's slugs."""
    identity = find_game(game).card_identity
    tables = identity.tables() if identity is not None else {}
    return {kind: list(slugs) for kind, slugs in sorted(tables.items())}


@dataclass(frozen=True)
class ChatLine:
    """One line of a table's chat: who said it (``None``: a spectator), when, and what."""

    seat: int | None
    decision: int
    text: str


def database_url(database: str) -> str:
    """A SQLAlchemy URL for ``--database``: a PostgreSQL URL as given, else a SQLite file."""
    if database.startswith(("postgresql://", "postgres://")):
        scheme, rest = database.split("://", 1)
        return f"postgresql+psycopg://{rest}" if scheme else database
    if database.startswith("postgresql+"):
        return database
    return f"sqlite:///{Path(database).expanduser()}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL keeps every commit through a killed process (kill -9).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


@dataclass(frozen=True)
class Write:
    """Statements that change the database together, in one transaction; ``duplicate`` says
    what a conflict with a stored row means (:class:`DuplicateDecisionError`)."""

    statements: tuple[Executable | tuple[Executable, dict[str, Any]], ...]
    """Each a statement, or a statement built once and the values it is run with."""
    duplicate: str | None = None


RETRIED_STATES: Final = frozenset({"40P01", "40001"})
"""PostgreSQL's deadlock and serialization failure: the database rolled the transaction back
so that another could go on, and the same transaction may simply be made again (two server
processes' batches can take the same rows' locks in opposite orders)."""
MOST_TRIES: Final = 5


def _execute(engine: Engine, writes: Sequence[Write]) -> None:
    """Every statement of ``writes`` in one transaction (made again if the database rolled
    it back for another's sake)."""
    for tries_left in range(MOST_TRIES - 1, -1, -1):
        try:
            with _unavailable_as_error(), engine.begin() as connection:
                for write in writes:
                    for statement in write.statements:
                        if isinstance(statement, tuple):
                            connection.execute(*statement)
                        else:
                            connection.execute(statement)
            return
        except _RolledBackForAnotherError:
            if not tries_left:
                raise StorageUnavailableError(f"{UNAVAILABLE} (deadlocked)") from None


def _duplicate(writes: Sequence[Write], exc: IntegrityError) -> Exception:
    said = next((w.duplicate for w in writes if w.duplicate), None)
    return exc if said is None else DuplicateDecisionError(said)


MOST_PER_BATCH: Final = 256
"""Writes committed together at most (more wait for the next transaction)."""


@dataclass(frozen=True)
class _Queued:
    writes: tuple[Write, ...]
    done: Future[None]


class Writer:
    """The thread that makes the server's writes, so the event loop never waits for the
    database: whatever is queued while one transaction commits goes into the next (group
    commit), and each write's future is resolved only once its transaction has committed.

    Writes are made in the order they were queued. A batch that fails on a stored row's
    conflict is made again one write at a time, so only the write in conflict fails; one that
    fails because the database does not answer fails every write in it (nothing was stored)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queue: queue.SimpleQueue[_Queued | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="doomtable-writer", daemon=True)
        self._thread.start()
        self.batches = 0
        """Transactions committed, for ``/metrics``."""

    def submit(self, writes: tuple[Write, ...]) -> Future[None]:
        done: Future[None] = Future()
        self._queue.put(_Queued(writes, done))
        return done

    def close(self) -> None:
        """Make what is queued, then end the thread."""
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        closing = False
        while not closing:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MOST_PER_BATCH:
                try:
                    queued = self._queue.get_nowait()
                except queue.Empty:
                    break
                if queued is None:
                    closing = True
                    break
                batch.append(queued)
            self._commit([q for q in batch if q.done.set_running_or_notify_cancel()])

    def _commit(self, batch: list[_Queued]) -> None:
        if not batch:
            return
        try:
            _execute(self._engine, [w for queued in batch for w in queued.writes])
        except StorageUnavailableError as exc:
            for queued in batch:
                queued.done.set_exception(exc)
        except Exception as exc:  # one write's conflict (or fault): the others still go in
            if len(batch) > 1:
                for queued in batch:
                    self._commit_alone(queued)
            else:
                error = _duplicate(batch[0].writes, exc) if isinstance(exc, IntegrityError) else exc
                batch[0].done.set_exception(error)
        else:
            self.batches += 1
            for queued in batch:
                queued.done.set_result(None)

    def _commit_alone(self, queued: _Queued) -> None:
        try:
            _execute(self._engine, queued.writes)
        except IntegrityError as exc:
            queued.done.set_exception(_duplicate(queued.writes, exc))
        except Exception as exc:  # told to the one who asked for the write
            queued.done.set_exception(exc)
        else:
            self.batches += 1
            queued.done.set_result(None)


class Store:
    """Tables and their decisions in one database.

    Each change is a :class:`Write` made by a method named for it (``decision_write``...). The
    server commits them through :meth:`commit` (on the writer thread, group-committed, awaited
    from the event loop); the command line and the start-up run them at once with
    :meth:`run`, and the plain methods (``append_decision``...) do that for one write."""

    def __init__(self, database: str) -> None:
        url = database_url(database)
        self._games: dict[str, str] = {}
        """Each table's game, to name the cards of its decisions by slug."""
        self._writer: Writer | None = None
        if url.startswith("sqlite:///"):
            Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.engine: Engine = create_engine(url, pool_pre_ping=True)
            if self.engine.dialect.name == "sqlite":
                event.listen(self.engine, "connect", _sqlite_pragmas)
            metadata.create_all(self.engine)
            self._add_missing_columns()
        except Exception as exc:  # any driver error: one line, no traceback
            raise StorageError(f"cannot open database {database!r}: {exc}") from None

    def _add_missing_columns(self) -> None:
        """A database made before a column existed gets it (decisions' clock time ``at``,
        tables' card set ``cards``, ``creator_hash``...), empty in the rows already there."""
        added = (
            (decisions_table, "at", "INTEGER"),
            (tables_table, "cards", "TEXT"),
            (tables_table, "creator_hash", "VARCHAR(64)"),
            (tables_table, "finished", "INTEGER"),
            (tables_table, "clock_ms", "INTEGER"),
            (tables_table, "clock_saved", "FLOAT"),
        )
        for table, column, kind in added:
            columns = {c["name"] for c in inspect(self.engine).get_columns(table.name)}
            if column not in columns:
                with self.engine.begin() as connection:
                    connection.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column} {kind}"))

    @contextmanager
    def _connect(self) -> Iterator[Connection]:
        with _unavailable_as_error(), self.engine.connect() as connection:
            yield connection

    def run(self, *writes: Write) -> None:
        """Make ``writes`` in one transaction on this thread; raises
        :class:`StorageUnavailableError` if the database does not answer, and
        :class:`DuplicateDecisionError` if a row it adds is already stored."""
        try:
            _execute(self.engine, writes)
        except IntegrityError as exc:
            raise _duplicate(writes, exc) from None

    async def commit(self, *writes: Write) -> None:
        """Make ``writes`` together on the writer thread, and return once they are committed
        (raising as :meth:`run` does); the event loop runs on meanwhile."""
        if self._writer is None:
            self._writer = Writer(self.engine)
        await asyncio.wrap_future(self._writer.submit(writes))

    @property
    def batches(self) -> int:
        """Transactions the writer thread committed."""
        return 0 if self._writer is None else self._writer.batches

    def table_write(self, table: StoredTable) -> Write:
        self._games[table.id] = table.game
        row = insert(tables_table).values(
            id=table.id,
            game=table.game,
            players=table.players,
            seed=table.seed,
            options=json.dumps(table.options),
            seats=json.dumps(table.seats),
            cards=json.dumps(_card_set(table.game)),
            creator_hash=table.creator_hash,
            finished=1 if table.finished else None,
        )
        return Write((row,), f"table {table.id} is already stored")

    def create_table(self, table: StoredTable) -> None:
        self.run(self.table_write(table))

    def seat_write(self, table_id: str, seat: int, changes: dict[str, Any]) -> Write:
        """Set ``changes`` in seat ``seat``'s entry only, in the database itself, so that two
        processes changing two seats of one table at once keep both changes."""
        if self.engine.dialect.name == "postgresql":
            merged = (
                "jsonb_set(seats::jsonb, ARRAY[:seat]::text[], "
                "(seats::jsonb -> :index) || CAST(:changes AS jsonb))::text"
            )
        else:
            path = "'$[' || :index || ']'"
            merged = f"json_set(seats, {path}, json_patch(json_extract(seats, {path}), :changes))"
        statement = text(f"UPDATE doomtable_tables SET seats = {merged} WHERE id = :id")
        values = {"seat": str(seat), "index": seat, "changes": json.dumps(changes), "id": table_id}
        return Write(((statement, values),))

    def decision_write(
        self, table_id: str, number: int, seat: int, option: Option, at: int | None = None
    ) -> Write:
        """Log entry ``number`` (with its clock time ``at`` in a timed game), its cards named
        by slug; a conflict means the decision was already answered."""
        stored = encode_option(self._game_of(table_id), option)
        row = {"table_id": table_id, "number": number, "seat": seat, "at": at}
        row["option"] = json.dumps(stored)
        return Write(((INSERT_DECISION, row),), f"decision {number} was already answered")

    def append_decision(
        self, table_id: str, number: int, seat: int, option: Option, at: int | None = None
    ) -> None:
        """Store log entry ``number``; raises :class:`DuplicateDecisionError` if it exists."""
        self.run(self.decision_write(table_id, number, seat, option, at))

    @property
    def shared(self) -> bool:
        """Whether several server processes can share this database (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    @staticmethod
    def notify_write(owner: str, table_id: str, number: int, rows: bool) -> Write:
        """Tell the other processes, once committed, that ``owner`` stored something of
        ``table_id`` (its log is ``number`` long; ``rows``: its seats, chat or lobby row
        changed too): they read what is new."""
        payload = f"{owner} {table_id} {number}" + (" rows" if rows else "")
        return Write(
            (
                (
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": payload},
                ),
            )
        )

    @staticmethod
    def owner_write(table_id: str, owner: str, lease: float) -> Write:
        """``owner`` runs the new table ``table_id`` for ``lease`` seconds unless renewed."""
        until = extract("epoch", func.now()) + lease
        return Write((insert(owners_table).values(table_id=table_id, owner=owner, until=until),))

    def release(self, owner: str) -> None:
        """``owner`` stops: the others take its tables at their next renewal, not a lease
        later."""
        self.run(Write((delete(owners_table).where(owners_table.c.owner == owner),)))

    def seats_of(self, table_id: str) -> list[dict[str, Any]]:
        """A table's seats as stored now (another process may have changed them)."""
        with self._connect() as connection:
            found = connection.execute(
                select(tables_table.c.seats).where(tables_table.c.id == table_id)
            ).scalar()
        return [] if found is None else list(json.loads(found))

    def renew(self, owner: str, lease: float) -> set[str]:
        """Renew ``owner``'s leases, take every live table whose owner's lease ran out (or
        that has none), and return the live tables ``owner`` runs now."""
        try:
            return self._renew(owner, lease)
        except _RolledBackForAnotherError:  # another process renewed at the same moment
            raise StorageUnavailableError(f"{UNAVAILABLE} (deadlocked)") from None

    def _renew(self, owner: str, lease: float) -> set[str]:
        now = "EXTRACT(EPOCH FROM now())"
        values = {"owner": owner, "lease": lease}
        with _unavailable_as_error(), self.engine.begin() as connection:
            connection.execute(
                text(f"UPDATE doomtable_owners SET until = {now} + :lease WHERE owner = :owner"),
                values,
            )
            connection.execute(
                text(
                    "INSERT INTO doomtable_owners (table_id, owner, until) "
                    f"SELECT id, :owner, {now} + :lease FROM doomtable_tables "
                    "WHERE finished IS NULL ON CONFLICT (table_id) DO NOTHING"
                ),
                values,
            )
            connection.execute(
                text(
                    f"UPDATE doomtable_owners SET owner = :owner, until = {now} + :lease "
                    f"WHERE until < {now}"
                ),
                values,
            )
            owned = connection.execute(
                select(owners_table.c.table_id)
                .join(tables_table, tables_table.c.id == owners_table.c.table_id)
                .where(owners_table.c.owner == owner, tables_table.c.finished.is_(None))
            ).scalars()
            return set(owned)

    def decisions_from(self, table_id: str, start: int) -> list[LogEntry]:
        """A table's decisions from number ``start`` on (those another process stored)."""
        with self._connect() as connection:
            game = self._game_of(table_id)
            rows = connection.execute(
                select(
                    decisions_table.c.number,
                    decisions_table.c.seat,
                    decisions_table.c.option,
                    decisions_table.c.at,
                )
                .where(decisions_table.c.table_id == table_id, decisions_table.c.number >= start)
                .order_by(decisions_table.c.number)
            ).all()
        log: list[LogEntry] = []
        for number, seat, option, at in rows:
            if number != start + len(log):
                break  # not yet committed in order: read again when told
            entry: LogEntry = (int(seat), decode_option(game, json.loads(option)))
            log.append(entry if at is None else (*entry, int(at)))
        return log

    def _game_of(self, table_id: str) -> str:
        game = self._games.get(table_id)
        if game is None:
            with self._connect() as connection:
                game = connection.execute(
                    select(tables_table.c.game).where(tables_table.c.id == table_id)
                ).scalar()
            if game is None:
                raise StorageError(f"no table {table_id!r} is stored")
            self._games[table_id] = game
        return str(game)

    def kept(self, game: str) -> str:
        """What the last finished table of ``game`` left for the next (``""``: nothing yet)."""
        with self._connect() as connection:
            found = connection.execute(
                select(kept_table.c.kept).where(kept_table.c.game == game)
            ).scalar()
        return "" if found is None else str(found)

    @staticmethod
    def kept_write(game: str, kept: str) -> Write:
        """Keep ``kept`` for the next table of ``game`` (replacing what was kept)."""
        return Write(
            (
                delete(kept_table).where(kept_table.c.game == game),
                insert(kept_table).values(game=game, kept=kept),
            )
        )

    def keep(self, game: str, kept: str) -> None:
        self.run(self.kept_write(game, kept))

    @staticmethod
    def lobby_write(table_id: str, name: str, next_table: str | None = None) -> Write:
        """Store (or replace) a table's name and the table played after it."""
        return Write(
            (
                delete(lobby_table).where(lobby_table.c.table_id == table_id),
                insert(lobby_table).values(table_id=table_id, name=name, next_table=next_table),
            )
        )

    def save_lobby(self, table_id: str, name: str, next_table: str | None = None) -> None:
        self.run(self.lobby_write(table_id, name, next_table))

    def load_lobby(self, table_id: str) -> tuple[str, str | None]:
        """A table's name and the table played after it (``("", None)`` if none stored)."""
        with self._connect() as connection:
            row = connection.execute(
                select(lobby_table.c.name, lobby_table.c.next_table).where(
                    lobby_table.c.table_id == table_id
                )
            ).first()
        return ("", None) if row is None else (str(row.name), row.next_table)

    @staticmethod
    def chat_write(table_id: str, number: int, line: ChatLine) -> Write:
        """Chat line ``number``; a conflict means it was already stored."""
        row = insert(chat_table).values(
            table_id=table_id, number=number, seat=line.seat, decision=line.decision, text=line.text
        )
        return Write((row,), f"chat line {number} was already stored")

    def append_chat(self, table_id: str, number: int, line: ChatLine) -> None:
        self.run(self.chat_write(table_id, number, line))

    def load_chat(self, table_id: str) -> list[ChatLine]:
        """A table's chat lines in order."""
        with self._connect() as connection:
            rows = connection.execute(
                select(chat_table.c.seat, chat_table.c.decision, chat_table.c.text)
                .where(chat_table.c.table_id == table_id)
                .order_by(chat_table.c.number)
            ).all()
        return [
            ChatLine(None if seat is None else int(seat), int(decision), str(line))
            for seat, decision, line in rows
        ]

    def load(self, table_id: str) -> StoredTable | None:
        with self._connect() as connection:
            row = connection.execute(
                select(tables_table).where(tables_table.c.id == table_id)
            ).first()
            if row is None:
                return None
            return self._table(connection, row)

    def table_ids(self, *, finished: bool | None = None) -> list[str]:
        """Every table's id, or only the live (``finished=False``) or archived ones."""
        query = select(tables_table.c.id).order_by(tables_table.c.id)
        if finished is not None:
            done = tables_table.c.finished == 1
            query = query.where(done if finished else tables_table.c.finished.is_(None))
        with self._connect() as connection:
            return list(connection.execute(query).scalars())

    @staticmethod
    def clock_write(table_id: str, clock_ms: int, saved: float) -> Write:
        """A timed table's clock checkpoint: its game clock read ``clock_ms`` at ``saved``."""
        where = tables_table.c.id == table_id
        return Write(
            (update(tables_table).where(where).values(clock_ms=clock_ms, clock_saved=saved),)
        )

    def save_clock(self, table_id: str, clock_ms: int, saved: float) -> None:
        self.run(self.clock_write(table_id, clock_ms, saved))

    def is_finished(self, table_id: str) -> bool:
        """Whether ``table_id`` is an archived (finished) table."""
        query = select(tables_table.c.finished).where(tables_table.c.id == table_id)
        with self._connect() as connection:
            return connection.execute(query).scalar() == 1

    @staticmethod
    def finished_write(table_id: str) -> Write:
        """Archive a table whose game is over: a start no longer replays it."""
        where = tables_table.c.id == table_id
        return Write((update(tables_table).where(where).values(finished=1),))

    def mark_finished(self, table_id: str) -> None:
        self.run(self.finished_write(table_id))

    def _table(self, connection: Any, row: Any) -> StoredTable:
        decisions = connection.execute(
            select(
                decisions_table.c.number,
                decisions_table.c.seat,
                decisions_table.c.option,
                decisions_table.c.at,
            )
            .where(decisions_table.c.table_id == row.id)
            .order_by(decisions_table.c.number)
        ).all()
        log: list[LogEntry] = []
        for number, seat, option, at in decisions:
            if number != len(log):
                raise StorageError(f"table {row.id}: decision {len(log)} is missing")
            try:
                entry: LogEntry = (int(seat), decode_option(row.game, json.loads(option)))
            except (DoomtableError, ValueError, TypeError, IndexError) as exc:
                raise StorageError(f"table {row.id}: decision {number}: {exc}") from None
            log.append(entry if at is None else (*entry, int(at)))
        self._games[row.id] = row.game
        return StoredTable(
            id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=json.loads(row.options),
            seats=json.loads(row.seats),
            log=log,
            creator_hash=row.creator_hash,
            finished=bool(row.finished),
            clock_ms=row.clock_ms,
            clock_saved=row.clock_saved,
        )

    def reachable(self) -> bool:
        """Whether the database answers a trivial query now."""
        try:
            with self.engine.connect() as connection:
                connection.execute(select(1))
        except Exception:  # any driver error means: not now
            return False
        return True

    def close(self) -> None:
        """Make the queued writes, then close every connection."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()
