"""The browser table's CPU per action: a fixed scripted run, timed in the server's CPU seconds.

Run by hand: ``.venv/bin/python bench/bench_web_cpu.py [--tables 50] [--moves 60] [--think 0.1]
[--spectators 0] [--profile FILE]``. A fresh ``doomtable serve`` (its own SQLite file) gets
N two-seat Doomlings tables; this process plays every seat as a random bot through its own
websocket (auto-pass off, so every decision is a client's action), each after ``--think``
seconds (0.5 to 1.5 times; 0: at once), each table ``--moves`` actions, the same choices every
run. The figure is the server process's CPU seconds (user and system, read from ``/proc``)
from the first action to the last, divided by the actions. It moves much less with the
machine's load than a latency does (about 10% on the shared machine, against several times),
so it compares one change with the next there: take the least of a few runs.
``--spectators`` adds that many onlooker sockets per table. ``--profile FILE`` runs the server
under cProfile and writes its statistics to FILE (``python -m pstats FILE``); the profiler's
own cost then inflates the figure, most of all in code that makes many small calls.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
import websockets
from bench_web import cpu_seconds, start_server


async def play_seat(
    url: str,
    table: str,
    token: str,
    rng: random.Random,
    think: float,
    budget: list[int],
    ready: asyncio.Barrier,
) -> None:
    """Answer every decision of this seat with a random option after ``think`` seconds (0.5
    to 1.5 times), until the table has made its ``budget`` of actions."""
    async with websockets.connect(f"{url}/ws/{table}?token={token}", max_size=2**22) as ws:
        message = json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "autopass", "on": False}))
        await ready.wait()
        answered = -1  # the last decision answered: a later update of the same one is not asked
        while True:
            if message["type"] == "update":
                if message["over"] or budget[0] <= 0:
                    return
                options = message.get("options")
                if options and message["decision"] > answered:
                    answered = message["decision"]
                    if think:
                        await asyncio.sleep(think * (0.5 + rng.random()))
                    budget[0] -= 1
                    choice = rng.randrange(len(options))
                    act = {"type": "act", "decision": message["decision"], "option": choice}
                    await ws.send(json.dumps(act))
            message = json.loads(await ws.recv())


async def watch(url: str, table: str, done: asyncio.Event) -> None:
    async with websockets.connect(f"{url}/ws/{table}", max_size=2**22) as ws:
        while not done.is_set():
            with suppress(TimeoutError):
                await asyncio.wait_for(ws.recv(), 0.5)


async def scripted_run(
    tables: int, moves: int, think: float, spectators: int, profile: str | None
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_server(str(Path(folder) / "bench.sqlite"), profile)
        ws_url = url.replace("http://", "ws://")
        try:
            created = []
            async with httpx.AsyncClient(base_url=url) as client:
                for n in range(tables):
                    body = {
                        "game": "doomlings",
                        "players": 2,
                        "seed": n,
                        "seats": [{"kind": "human"}, {"kind": "human"}],
                    }
                    created.append((await client.post("/api/tables", json=body)).json())
            ready = asyncio.Barrier(2 * tables + 1)
            done = asyncio.Event()
            budgets = [[moves] for _ in created]
            players = [
                play_seat(
                    ws_url,
                    table["id"],
                    invite["url"].split("#", 1)[1],
                    random.Random(n * 10 + invite["seat"]),
                    think,
                    budgets[n],
                    ready,
                )
                for n, table in enumerate(created)
                for invite in table["invites"]
            ]
            onlookers = [
                asyncio.create_task(watch(ws_url, table["id"], done))
                for table in created
                for _ in range(spectators)
            ]
            playing = asyncio.gather(*players)
            await ready.wait()
            await asyncio.sleep(0.5)  # the autopass messages are handled before timing starts
            cpu_before, started = cpu_seconds(process.pid), time.perf_counter()
            await playing
            cpu = cpu_seconds(process.pid) - cpu_before
            elapsed = time.perf_counter() - started
            done.set()
            await asyncio.gather(*onlookers)
        finally:
            # uvicorn ends by raising the signal it caught again: SIGINT lets cProfile write
            process.send_signal(signal.SIGINT if profile else signal.SIGTERM)
            process.wait()
    actions = sum(moves - budget[0] for budget in budgets)
    return {
        "tables": tables,
        "think": think,
        "spectators": spectators,
        "actions": actions,
        "cpu_ms_per_action": round(1000 * cpu / actions, 3),
        "actions_per_s": round(actions / elapsed, 1),
        "load": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=60, help="actions per table")
    parser.add_argument("--think", type=float, default=0.1, help="seconds before each action")
    parser.add_argument("--spectators", type=int, default=0, help="onlooker sockets per table")
    parser.add_argument("--profile", help="run the server under cProfile, statistics to FILE")
    args = parser.parse_args()
    run = scripted_run(args.tables, args.moves, args.think, args.spectators, args.profile)
    print(json.dumps(asyncio.run(run)))


if __name__ == "__main__":
    main()
