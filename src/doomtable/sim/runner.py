"""Play many games between bots: in this process, on a pool of processes, or on Ray.

Every game is fixed by its lineup (which bot sits in which seat) and its seed, both derived
from the run's seed and the game's index alone, so a run gives the same records whatever the
number of workers or the backend.
"""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
import os
import pickle
import queue
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from typing import Any, overload

from doomtable.bots import make_bot, parse_bot_spec
from doomtable.engine import (
    DoomtableError,
    GameSpec,
    GameState,
    Rng,
    find_game,
)
from doomtable.engine.registry import checked_options
from doomtable.sim.play import play_out

BACKENDS = ("local", "ray")
ROUND_KEYS = ("rounds", "round")
"""Keys of a final snapshot or view that hold the number of rounds played, tried in order."""

MAX_DECISIONS = 100_000
"""A game still running after this many decisions is stopped and recorded as unfinished."""

_SEED_MASK = (1 << 63) - 1

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)``: once with 0 when play starts, then after each game."""


class SimError(DoomtableError, ValueError):
    """A simulation cannot run as asked: bad counts, lineups or backend."""


class BotMoveError(DoomtableError, RuntimeError):
    """A bot answered with an option that is not legal."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The result of one game. Seats are player indexes; ``bots[seat]`` is the bot's spec."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    finished: bool
    rounds: int | None = None
    card_stats: dict[str, dict[str, float]] | None = None


@dataclass(frozen=True)
class SimResult:
    """The records of a run and what it took."""

    game: str
    players: int
    seed: int
    bots: tuple[str, ...]
    records: list[GameRecord]
    seconds: float
    interrupted: bool = False
    """Ctrl-C stopped the run: ``records`` holds the games finished before it."""


class SimInterrupted(KeyboardInterrupt):
    """Ctrl-C during a run; ``records`` are the games finished by then, in index order."""

    def __init__(self, records: list[GameRecord]) -> None:
        super().__init__()
        self.records = records


@dataclass(frozen=True, slots=True)
class Task:
    """One game to play: everything a worker needs, and nothing that depends on the worker."""

    game: GameSpec | str
    players: int
    options: dict[str, Any]
    index: int
    seed: int
    bots: tuple[str, ...]
    max_decisions: int
    card_stats: bool = True
    """Whether to record the game's card statistics (only the JSON summary shows them)."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return Rng(seed, index).next64() & _SEED_MASK


def rotated_lineups(bots: Sequence[str], players: int, games: int) -> list[tuple[str, ...]]:
    """Game ``g`` seats ``bots[(seat + g) % len(bots)]`` in each seat.

    Over any ``len(bots)`` consecutive games every bot sits in every seat equally often.

    >>> rotated_lineups(["a", "b"], 2, 3)
    [('a', 'b'), ('b', 'a'), ('a', 'b')]
    """
    n = len(bots)
    return [tuple(bots[(seat + g) % n] for seat in range(players)) for g in range(games)]


def resolve_game(game: GameSpec | str) -> GameSpec:
    return game if isinstance(game, GameSpec) else find_game(game)


def play_game(task: Task) -> GameRecord:
    """Play one game to the end (or to ``task.max_decisions``) and record it."""
    spec = resolve_game(task.game)
    state = spec.create(task.players, task.seed, task.options)
    bots = [
        make_bot(name, Rng(task.seed, 1 + seat).next64()) for seat, name in enumerate(task.bots)
    ]
    # Nobody watches a simulated game: forced passes are logged without asking a bot.
    state.play_without_humans()
    illegal = play_out(state, bots, task.max_decisions)
    if illegal is not None:
        decision = state.pending
        assert decision is not None
        raise BotMoveError(
            f"bot {task.bots[decision.player]!r} chose {illegal[0]!r}, not one of the "
            f"{len(decision.options)} legal options ({decision.prompt}), "
            f"game {task.index} seed {task.seed}"
        )
    decisions = len(state.log)
    finished = state.is_over
    final = state.final_record(task.card_stats)
    return GameRecord(
        index=task.index,
        seed=task.seed,
        bots=task.bots,
        scores=tuple(state.scores()),
        winners=tuple(state.winners()) if finished else (),
        decisions=decisions,
        finished=finished,
        rounds=_rounds(final, state),
        card_stats=_card_stats(final) if task.card_stats else None,
    )


def _rounds(final: dict[str, Any], state: GameState) -> int | None:
    found = _round_count(final)
    return found if found is not None else _round_count(state.view(0))


def _round_count(data: dict[str, Any]) -> int | None:
    for key in ROUND_KEYS:
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _card_stats(final: dict[str, Any]) -> dict[str, dict[str, float]] | None:
    """The optional ``card_stats`` hook: ``{card name: {stat: number}}`` for one game."""
    raw = final.get("card_stats")
    if not isinstance(raw, dict):
        return None
    number = (int, float)  # a tuple: isinstance checks it about twice as fast as int | float
    return {
        str(card): {str(k): float(v) for k, v in stats.items() if isinstance(v, number)}
        for card, stats in raw.items()
        if isinstance(stats, dict)
    }


def _play_chunk(tasks: list[Task]) -> list[GameRecord]:
    return [play_game(task) for task in tasks]


def make_tasks(
    game: GameSpec | str,
    lineups: Sequence[tuple[str, ...]],
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> list[Task]:
    """Validated tasks, one per lineup; game ``i`` gets ``game_seed(seed, i)``."""
    tasks = RotatedTasks(game, [], players, seed, 0, options, max_decisions)
    for lineup in lineups:
        if len(lineup) != players:
            raise SimError(f"a lineup needs {players} bots, not {len(lineup)}: {lineup}")
    _check_bots(lineups)
    return [tasks.task(i, tuple(lineup)) for i, lineup in enumerate(lineups)]


def _check_bots(lineups: Iterable[Sequence[str]]) -> None:
    for name in {name for lineup in lineups for name in lineup}:
        parse_bot_spec(name)


class RotatedTasks(Sequence[Task]):
    """The tasks of a run with rotated seats, made one at a time as they are played: a run of
    a hundred billion games holds no more tasks in memory than a run of ten.

    Game ``g`` seats ``bots[(seat + g) % len(bots)]`` (see :func:`rotated_lineups`).
    """

    def __init__(
        self,
        game: GameSpec | str,
        bots: Sequence[str],
        players: int,
        seed: int,
        games: int,
        options: dict[str, Any] | None = None,
        max_decisions: int = MAX_DECISIONS,
        card_stats: bool = True,
    ) -> None:
        spec = resolve_game(game)
        self.options = checked_options(spec, players, options)
        if max_decisions < 1:
            raise SimError(f"max_decisions must be positive, not {max_decisions}")
        _check_bots([bots])
        self.game = _portable(spec)
        self.bots = tuple(bots)
        self.players = players
        self.seed = seed
        self.games = games
        self.max_decisions = max_decisions
        self.card_stats = card_stats

    def task(self, index: int, lineup: tuple[str, ...]) -> Task:
        seed = game_seed(self.seed, index)
        return Task(
            self.game,
            self.players,
            self.options,
            index,
            seed,
            lineup,
            self.max_decisions,
            self.card_stats,
        )

    def __len__(self) -> int:
        return self.games

    @overload
    def __getitem__(self, index: int) -> Task: ...
    @overload
    def __getitem__(self, index: slice) -> list[Task]: ...
    def __getitem__(self, index: int | slice) -> Task | list[Task]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.games))]
        if not -self.games <= index < self.games:
            raise IndexError(index)
        index %= self.games
        n = len(self.bots)
        lineup = tuple(self.bots[(seat + index) % n] for seat in range(self.players))
        return self.task(index, lineup)


def _portable(spec: GameSpec) -> GameSpec | str:
    """The spec itself when it pickles (by reference), else its registered name."""
    try:
        pickle.dumps(spec)
    except (pickle.PicklingError, AttributeError, TypeError):
        return spec.name
    return spec


def default_workers() -> int:
    return os.cpu_count() or 1


def execute(
    tasks: Sequence[Task],
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play every task and return the records in task order.

    Tasks are taken from ``tasks`` only as workers are ready for them. Ctrl-C stops the run:
    workers ignore it and are stopped, and :class:`SimInterrupted` carries the finished games.
    """
    if backend not in BACKENDS:
        raise SimError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise SimError(f"workers must be at least 1, not {workers}")
    if address is not None and backend != "ray":
        raise SimError("--address is only for the ray backend")
    count = workers or default_workers()
    records: list[GameRecord] = []
    pool = None
    stream: Iterator[GameRecord]
    if backend == "ray":
        stream = _ray_stream(tasks, count, address)
    elif count == 1 or len(tasks) <= 1:
        stream = map(play_game, tasks)
    else:
        # Before the first progress report: the progress display may start a thread.
        # This process is one of the workers, so it starts one fewer.
        workers = min(count, len(tasks))
        pool = _start_pool(workers - 1)
        stream = _pool_stream(pool, tasks, workers)
    try:
        if progress is not None:
            progress(0, len(tasks))
        for record in stream:
            records.append(record)
            if progress is not None:
                progress(len(records), len(tasks))
    except KeyboardInterrupt:
        close = getattr(stream, "close", None)
        if close is not None:  # stop the workers now, not when the generator is collected
            close()
        records.sort(key=lambda r: r.index)
        raise SimInterrupted(records) from None
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    records.sort(key=lambda r: r.index)
    return records


MAX_CHUNK = 64
"""Games sent to a worker at once, at most. Each chunk costs the parent about a millisecond
of bookkeeping, as much as a random game now takes: small chunks kept two workers from going
much faster than one."""


def _chunks(tasks: Sequence[Task], workers: int) -> Iterator[list[Task]]:
    # Chunks shrink with the games left ("guided" scheduling): large while there is much to
    # do, for little bookkeeping, and small at the end, so no worker is left with a long
    # queue while the others are done.
    start = 0
    while start < len(tasks):
        size = max(1, min(MAX_CHUNK, (len(tasks) - start) // (workers * 8)))
        yield list(tasks[start : start + size])
        start += size


def _ignore_interrupts() -> None:
    """In workers: Ctrl-C is the parent's to handle (it stops them), never a traceback here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _only_thread() -> bool:
    """Whether this process runs a single thread (Linux counts native threads in /proc)."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def _start_pool(processes: int) -> Pool:
    """Worker processes, forked where that is safe, else spawned.

    A forked worker starts at once with everything already imported; a spawned one imports
    Python, the CLI and the game again first (about a third of a second). Fork only on Linux
    (its default there) and only while this process runs no other thread, Python's or a native
    library's: a lock another thread held at the fork would stay held in the worker forever.
    """
    forkable = sys.platform == "linux" and _only_thread()
    context = multiprocessing.get_context("fork" if forkable else "spawn")
    return context.Pool(processes, initializer=_ignore_interrupts)


QUEUED_CHUNKS = 4
"""Chunks waiting for each process of the pool."""


def _pool_stream(pool: Pool, tasks: Sequence[Task], workers: int) -> Iterator[GameRecord]:
    """Records of ``tasks``, played by the pool's ``workers - 1`` processes and by this one.

    This process plays a chunk whenever it has no finished chunk to pass on: it would
    otherwise sit idle on a core while the others play. Each process of the pool has
    ``QUEUED_CHUNKS`` chunks queued, so it never waits while this one plays (with two, it
    sometimes did: a chunk is sent only when this one is between chunks). Only those chunks
    and the one played here exist at a time, so tasks are made as they are played. The
    caller terminates the pool.
    """
    done: queue.SimpleQueue[list[GameRecord] | BaseException] = queue.SimpleQueue()
    chunks = _chunks(tasks, workers)
    in_flight = 0

    def send(count: int) -> None:
        nonlocal in_flight
        for chunk in itertools.islice(chunks, count):
            pool.apply_async(_play_chunk, (chunk,), callback=done.put, error_callback=done.put)
            in_flight += 1

    def received(result: list[GameRecord] | BaseException) -> list[GameRecord]:
        nonlocal in_flight
        in_flight -= 1
        if isinstance(result, BaseException):
            raise result
        send(1)
        return result

    send(QUEUED_CHUNKS * (workers - 1))
    for chunk in chunks:
        yield from _play_chunk(chunk)
        while not done.empty():
            yield from received(done.get())
    while in_flight:
        yield from received(done.get())
    pool.close()


RAY_CONNECT_SECONDS = 3.0


def _check_listening(address: str) -> None:
    """Fail at once, rather than after Ray's two minutes of retries, on a ``host:port`` (or
    ``ray://host:port``) where nothing accepts connections."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        return  # "auto" and other forms are Ray's to resolve.
    try:
        with socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_SECONDS):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SimError(f"cannot reach Ray at {address}: nothing listens there ({reason})") from None


def _ray_stream(tasks: Sequence[Task], workers: int, address: str | None) -> Iterator[GameRecord]:
    try:
        ray: Any = importlib.import_module("ray")
    except ModuleNotFoundError:
        raise SimError("the ray backend needs Ray: pip install 'doomtable[ray]'") from None
    if not ray.is_initialized():
        if address is not None:
            _check_listening(address)
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            where = "start a local Ray instance" if address is None else f"reach Ray at {address}"
            reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
            raise SimError(f"cannot {where}: {reason}") from None
    remote = ray.remote(_play_chunk)
    chunks = _chunks(tasks, workers)
    pending = [remote.remote(chunk) for chunk in itertools.islice(chunks, 4 * workers)]
    try:
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            pending.extend(remote.remote(chunk) for chunk in itertools.islice(chunks, 1))
            yield from ray.get(finished[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def run(
    game: GameSpec | str,
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    max_decisions: int = MAX_DECISIONS,
    progress: Progress | None = None,
    card_stats: bool = True,
) -> SimResult:
    """Play ``games`` games of ``game`` between ``bots``, seats rotated game by game.

    Ctrl-C ends the run early: the result holds the games finished by then, with
    ``interrupted`` set.

    ``bots`` holds one spec per seat (or any number, cycled: one bot fills every seat).
    ``card_stats=False`` skips the games' card statistics (the summary then has none).
    ``workers`` defaults to every core. Worker processes are spawned where they cannot be
    forked (see :func:`_start_pool`), so a script that calls this with more than one worker
    needs the usual ``if __name__ == "__main__":`` guard.
    """
    if games < 1:
        raise SimError(f"the number of games must be at least 1, not {games}")
    if not bots:
        raise SimError("name at least one bot")
    spec = resolve_game(game)
    names = [b.strip() for b in bots]
    tasks = RotatedTasks(spec, names, players, seed, games, options, max_decisions, card_stats)
    start = time.perf_counter()
    interrupted = False
    try:
        records = execute(tasks, workers, backend, address, progress)
    except SimInterrupted as stop:
        records, interrupted = stop.records, True
    seconds = time.perf_counter() - start
    return SimResult(spec.name, players, seed, tuple(names), records, seconds, interrupted)
