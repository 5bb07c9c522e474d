"""Load on the browser table: N concurrent tables played through websockets, on loopback.

Run by hand: ``.venv/bin/python bench/bench_web.py [--tables 25,50,100,200] [--moves 40]
[--think 0.2] [--seconds 60] [--postgres postgresql://...]``. For each N, a fresh ``doomtable
serve`` process (its own SQLite file, or with ``--postgres`` that PostgreSQL database emptied
first, so every decision is really stored) gets N two-seat Doomlings tables; this process
plays every seat of every table as a random bot through its own websocket (auto-pass off,
so every decision, response windows included, is a timed action of a client), pausing
``--think`` seconds (jittered: 0.5 to 1.5 times) before each action, and times each action
from sending it to the arrival of the update that answers it (which the server sends once
the decision is committed). Each table plays at most ``--moves`` actions, and each round at
most ``--seconds`` after every seat has connected (connecting is not timed): the run is
bounded in count and time. Each row also gives the server process's CPU seconds per second
(its share of a core) and the machine's load average at the end of the round.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def empty_postgres(url: str) -> None:
    """Drop the server's tables from ``url``, so each round starts from an empty database."""
    from doomtable.web.store import Store, metadata

    store = Store(url)
    metadata.drop_all(store.engine)
    store.close()


def start_server(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "doomtable", "serve", "--port", str(port)]
    # One client makes every table here: lift the per-client limit on new tables.
    limits = ["--tables-per-minute", "100000"]
    process = subprocess.Popen([*command, "--database", database, *limits])
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            httpx.get(url + "/api/bots", timeout=1)
            return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


async def seat(
    url: str,
    table: str,
    token: str,
    rng: random.Random,
    think: float,
    budget: dict[str, int],
    latencies: list[float],
    connected: asyncio.Barrier,
    seconds: float,
) -> None:
    ws_url = url.replace("http://", "ws://") + f"/ws/{table}?token={token}"
    async with websockets.connect(ws_url, max_size=2**22, open_timeout=120) as ws:
        sent_at: float | None = None
        sent_for = -1
        first = await ws.recv()
        # Asked every response window: no pass is held until its window closes by itself.
        await ws.send(json.dumps({"type": "autopass", "on": False}))
        await connected.wait()  # play starts once every seat is connected
        stop_at = time.monotonic() + seconds
        pending = [first]
        while time.monotonic() < stop_at:
            try:
                raw = pending.pop() if pending else None
                raw = raw or await asyncio.wait_for(ws.recv(), stop_at - time.monotonic())
                message = json.loads(raw)
            except TimeoutError:
                return
            if message["type"] != "update":
                sent_at = None  # refused (a race with the other seat): wait for the next one
                continue
            if sent_at is not None and message["decision"] > sent_for:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["over"] or budget["moves"] <= 0:
                return
            options = message.get("options")
            if options and sent_at is None:
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                budget["moves"] -= 1
                sent_for = message["decision"]
                sent_at = time.perf_counter()
                choice = rng.randrange(len(options))
                await ws.send(json.dumps({"type": "act", "decision": sent_for, "option": choice}))


async def one_round(
    tables: int, moves: int, think: float, seconds: float, postgres: str | None
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        if postgres:
            empty_postgres(postgres)
        process, url = start_server(postgres or str(Path(folder) / "bench.sqlite"))
        try:
            async with httpx.AsyncClient(base_url=url) as client:
                created = []
                for n in range(tables):
                    body = {
                        "game": "doomlings",
                        "players": 2,
                        "seed": n,
                        "seats": [{"kind": "human"}, {"kind": "human"}],
                    }
                    created.append((await client.post("/api/tables", json=body)).json())
            latencies: list[float] = []
            connected = asyncio.Barrier(2 * tables)
            started = time.perf_counter()
            cpu_before = cpu_seconds(process.pid)
            jobs = []
            for n, table in enumerate(created):
                budget = {"moves": moves}
                for invite in table["invites"]:
                    token = invite["url"].split("#", 1)[1]
                    rng = random.Random(n * 10 + invite["seat"])
                    jobs.append(
                        seat(
                            url,
                            table["id"],
                            token,
                            rng,
                            think,
                            budget,
                            latencies,
                            connected,
                            seconds,
                        )
                    )
            await asyncio.gather(*jobs)
            elapsed = time.perf_counter() - started
            server_cpu = cpu_seconds(process.pid) - cpu_before
        finally:
            process.terminate()
            process.wait()
    ordered = sorted(latencies)

    def pct(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    return {
        "backend": "postgresql" if postgres else "sqlite",
        "tables": tables,
        "actions": len(ordered),
        "actions_per_s": round(len(ordered) / elapsed, 1),
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "mean_ms": round(1000 * statistics.fmean(ordered), 1) if ordered else 0.0,
        "server_cpu": round(server_cpu / elapsed, 2),
        "load": round(os.getloadavg()[0], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="25,50,100,200")
    parser.add_argument("--moves", type=int, default=40, help="actions per table at most")
    parser.add_argument("--think", type=float, default=0.2, help="seconds before each action")
    parser.add_argument("--seconds", type=float, default=60, help="time limit per round")
    parser.add_argument(
        "--postgres", help="a PostgreSQL URL to store in (emptied each round) instead of SQLite"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for tables in (int(t) for t in args.tables.split(",")):
        row = asyncio.run(one_round(tables, args.moves, args.think, args.seconds, args.postgres))
        rows.append(row)
        if not args.json:
            print(
                f"{row['backend']:>10} {row['tables']:>4} tables  {row['actions']:>6} actions  "
                f"{row['actions_per_s']:>7} actions/s  p50 {row['p50_ms']:>6} ms  "
                f"p99 {row['p99_ms']:>6} ms  server CPU {row['server_cpu']:>5}  "
                f"load {row['load']:>5}",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
