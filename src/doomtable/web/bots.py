"""Bot seats think in worker processes, so a searching bot never stalls the server.

A bot seat asked for from the web is data, not a path or a budget to trust: only a named bot
that plays the table's game, with a think time capped by the server (``--bot-think-limit``)
and a bounded number of samples or iterations. Each table waits for at most one bot move at a
time, and workers are handed out first come, first served, so one table's bots hold a worker
for at most one capped move while other tables' bots queue behind it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

from doomtable.bots import BotSpecError, InfoSet, bot_names, bot_seed, make_bot, parse_bot_spec
from doomtable.engine import Option, TimedGameState, find_game, load_state

logger = logging.getLogger(__name__)

DEFAULT_THINK_LIMIT: Final = 2.0
"""Seconds a timed bot (``ismcts:1s``) may think per move unless the server says otherwise."""
MAX_ITERATIONS: Final = 1000
"""Search iterations a web bot (``ismcts:N``, ``policy:N``) may ask for per move."""
MAX_SAMPLES: Final = 16
"""Sampled worlds a ``greedy:N`` web bot may ask for per move."""


def policy_plays(game: str) -> bool:
    """Whether the learned policy bot has shipped weights for ``game``."""
    from doomtable.rl.policy import shipped_weights_path

    return shipped_weights_path(find_game(game).name).is_file()


def bots_for(game: str) -> list[str]:
    """The bot names a table of ``game`` may seat."""
    return [name for name in bot_names() if name != "policy" or policy_plays(game)]


def web_bot_spec(game: str, spec: str, think_limit: float = DEFAULT_THINK_LIMIT) -> str:
    """The spec a web client's bot seat stands for, checked and written canonically; raises
    :class:`BotSpecError` with a one-line reason for anything else (a file, an unbounded
    budget, a bot that does not play ``game``)."""
    name, params = parse_bot_spec(spec)
    playing = bots_for(game)
    if name not in playing:
        title = find_game(game).title
        raise BotSpecError(f"the {name} bot does not play {title}: bots: {', '.join(playing)}")
    if "weights" in params:
        raise BotSpecError("a web table's policy bot plays its shipped weights, not a file")
    seconds = params.get("seconds")
    if seconds is not None and seconds > think_limit:
        raise BotSpecError(
            f"{name} may think at most {think_limit:g}s per move on this server, not {seconds:g}s"
        )
    if params.get("iterations", 0) > MAX_ITERATIONS:
        raise BotSpecError(f"{name} may search at most {MAX_ITERATIONS} iterations per move here")
    if params.get("samples", 0) > MAX_SAMPLES:
        raise BotSpecError(f"greedy may sample at most {MAX_SAMPLES} worlds per move here")
    budget = (
        f"{seconds:g}s"
        if seconds is not None
        else str(params.get("iterations") or params.get("samples") or "")
    )
    return f"{name}:{budget}" if budget else name


def choose_in_worker(state_json: str, bot: str, seat: int | None = None) -> Option:
    """The option the ``bot`` spec picks at the saved state's pending decision (in a timed
    game, at ``seat``'s open decision).

    Runs in a worker process: the bot sees only its seat's information set, as everywhere.
    """
    state = load_state(json.loads(state_json))
    decision = state.pending
    if seat is not None and isinstance(state, TimedGameState):
        decision = state.decision_for(seat)
    if decision is None:
        raise ValueError("nothing is asked of that seat")
    chooser = make_bot(bot, bot_seed(state.seed, decision.player, len(state.log)))
    return tuple(chooser.choose(InfoSet(state, decision)))


def _exit_with_parent() -> None:
    """A worker's initializer: end the worker as soon as the server process is gone, however
    it went (``kill -9`` runs no shutdown code to stop its workers)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


class BotPool:
    """A small pool of worker processes (or threads, for tests that need no processes).

    Jobs wait here, not in the executor, for one of ``workers`` slots, so the executor never
    holds more than it runs and ``waiting`` is the true queue depth."""

    def __init__(self, workers: int = 1, *, processes: bool = True) -> None:
        self.workers = workers
        self.processes = processes
        self._executor = self._new_executor()
        self.waiting = 0
        self._slots: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}

    def _new_executor(self) -> Executor:
        if not self.processes:
            return ThreadPoolExecutor(max_workers=self.workers)
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            max_workers=self.workers, mp_context=context, initializer=_exit_with_parent
        )

    async def choose(self, state_json: str, bot: str, seat: int | None = None) -> Option:
        loop = asyncio.get_running_loop()
        # A semaphore belongs to one event loop (tests run several, one after another).
        slots = self._slots.get(loop)
        if slots is None:
            self._slots = {loop: (slots := asyncio.Semaphore(self.workers))}
        self.waiting += 1
        try:
            await slots.acquire()
        finally:
            self.waiting -= 1
        try:
            executor = self._executor
            try:
                return await loop.run_in_executor(executor, choose_in_worker, state_json, bot, seat)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): the pool is unusable from now on,
                # so start a fresh one (once, however many moves were waiting) and ask again.
                if self._executor is executor:
                    logger.warning("a bot worker died: starting fresh bot workers")
                    executor.shutdown(wait=False, cancel_futures=True)
                    self._executor = self._new_executor()
                return await loop.run_in_executor(
                    self._executor, choose_in_worker, state_json, bot, seat
                )
        finally:
            slots.release()

    def close(self) -> None:
        """Stop the workers now, a move in thought included (the server is going away)."""
        # No public way to end a busy worker before Python 3.14's terminate_workers().
        workers = list((getattr(self._executor, "_processes", None) or {}).values())
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.terminate()
