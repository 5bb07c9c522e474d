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
bounded in count and time. "Other seat" times an action to the update of the table's other
seat that shows it. With ``--processes N`` (and ``--postgres``), N server processes share the
database, tables are made at each in turn, and each table's two seats connect to different
processes, so every move crosses from one to the other (LISTEN/NOTIFY). Each row also gives
the server processes' CPU seconds per second (their share of a core) and the machine's load
average at the end of the round. This process sets its garbage collector as the server does
(``web/collector.py``): with 1,000 sockets its own full collections paused it for 0.1 to 0.8 s,
which it would have counted as the server's latency.
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

from doomtable.web.collector import settle_collector


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


def start_server(database: str, profile: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A ``doomtable serve`` on a free port (under cProfile, statistics to ``profile``)."""
    port = free_port()
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    command = [sys.executable, *profiler, "-m", "doomtable", "serve", "--port", str(port)]
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
    budget: dict[str, Any],
    latencies: tuple[list[float], list[float]],
    connected: asyncio.Barrier,
    seconds: float,
) -> None:
    """Play one seat; ``latencies``: (own action to own update, the other seat's action to
    this seat's update). ``budget`` is shared by the table's seats: moves left, and the last
    action sent (seat, decision, when)."""
    own, told = latencies
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
                own.append(time.perf_counter() - sent_at)
                sent_at = None
            other = budget["sent"]
            if other is not None and other[0] != token and message["decision"] > other[1]:
                told.append(time.perf_counter() - other[2])
                budget["sent"] = None
            if message["over"] or budget["moves"] <= 0:
                return
            options = message.get("options")
            if options and sent_at is None:
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                budget["moves"] -= 1
                sent_for = message["decision"]
                sent_at = time.perf_counter()
                budget["sent"] = (token, sent_for, sent_at)
                choice = rng.randrange(len(options))
                await ws.send(json.dumps({"type": "act", "decision": sent_for, "option": choice}))


async def one_round(
    tables: int, moves: int, think: float, seconds: float, postgres: str | None, processes: int
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        if postgres:
            empty_postgres(postgres)
        servers = [
            start_server(postgres or str(Path(folder) / "bench.sqlite")) for _ in range(processes)
        ]
        urls = [url for _, url in servers]
        try:
            created = []
            for n in range(tables):
                body = {
                    "game": "doomlings",
                    "players": 2,
                    "seed": n,
                    "seats": [{"kind": "human"}, {"kind": "human"}],
                }
                async with httpx.AsyncClient(base_url=urls[n % processes]) as client:
                    created.append((await client.post("/api/tables", json=body)).json())
            latencies: tuple[list[float], list[float]] = ([], [])
            connected = asyncio.Barrier(2 * tables)
            started = time.perf_counter()
            cpu_before = sum(cpu_seconds(process.pid) for process, _ in servers)
            jobs = []
            for n, table in enumerate(created):
                budget: dict[str, Any] = {"moves": moves, "sent": None}
                for invite in table["invites"]:
                    token = invite["url"].split("#", 1)[1]
                    rng = random.Random(n * 10 + invite["seat"])
                    # with several processes, each table's two seats sit at different ones
                    url = urls[(n + invite["seat"]) % processes]
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
            server_cpu = sum(cpu_seconds(process.pid) for process, _ in servers) - cpu_before
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait()
    ordered, told = sorted(latencies[0]), sorted(latencies[1])

    def pct(values: list[float], q: float) -> float:
        return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else 0.0

    return {
        "backend": "postgresql" if postgres else "sqlite",
        "processes": processes,
        "tables": tables,
        "actions": len(ordered),
        "actions_per_s": round(len(ordered) / elapsed, 1),
        "p50_ms": round(pct(ordered, 0.50), 1),
        "p99_ms": round(pct(ordered, 0.99), 1),
        "told_p50_ms": round(pct(told, 0.50), 1),
        "told_p99_ms": round(pct(told, 0.99), 1),
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
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes sharing the --postgres database (each table's seats at two)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settle_collector()
    rows = []
    for tables in (int(t) for t in args.tables.split(",")):
        if args.processes > 1 and not args.postgres:
            parser.error("several processes share a PostgreSQL database: give --postgres")
        row = asyncio.run(
            one_round(tables, args.moves, args.think, args.seconds, args.postgres, args.processes)
        )
        rows.append(row)
        if not args.json:
            print(
                f"{row['backend']:>10} x{row['processes']} {row['tables']:>4} tables  "
                f"{row['actions']:>6} actions  {row['actions_per_s']:>7} actions/s  "
                f"p50 {row['p50_ms']:>6} ms  p99 {row['p99_ms']:>6} ms  "
                f"other seat p50 {row['told_p50_ms']:>6} ms  p99 {row['told_p99_ms']:>6} ms  "
                f"server CPU {row['server_cpu']:>5}  load {row['load']:>5}",
                flush=True,
            )
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
