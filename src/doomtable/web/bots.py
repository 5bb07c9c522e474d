"""Bot seats think in worker processes, so a searching bot never stalls the server."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from doomtable.bots import InfoSet, bot_seed, make_bot
from doomtable.engine import Option, TimedGameState, load_state


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


class BotPool:
    """A small pool of worker processes (or threads, for tests that need no processes)."""

    def __init__(self, workers: int = 1, *, processes: bool = True) -> None:
        self._executor: Executor
        if processes:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        else:
            self._executor = ThreadPoolExecutor(max_workers=workers)

    async def choose(self, state_json: str, bot: str, seat: int | None = None) -> Option:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, choose_in_worker, state_json, bot, seat)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
