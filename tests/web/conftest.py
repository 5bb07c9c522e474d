"""Real parts for the browser table's tests: a `doomtable serve` process that can be killed
with SIGKILL and restarted, Debian's Chromium through Playwright, and a throw-away PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on a loop of its own thread (Playwright's sync API may hold the main
    thread's loop when the browser tests share the session); what it returns."""
    with ThreadPoolExecutor(1) as executor:
        return executor.submit(asyncio.run, coroutine).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`doomtable serve` in its own process, on a fixed port and database across restarts."""

    def __init__(self, database: str, *flags: str) -> None:
        self.database = database
        self.flags = flags
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = Path(tempfile.mkstemp(prefix="doomtable-serve-", suffix=".log")[1])
        """The server's standard error, every start's appended."""

    def start(self) -> None:
        command = [sys.executable, "-m", "doomtable", "serve", "--port", str(self.port)]
        command += ["--response-pause", "0.2"]  # auto-passed windows close quickly here
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [*command, "--database", self.database, *self.flags], stderr=log
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("doomtable serve did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine loses the process."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "tables.sqlite"))
    running.start()
    yield running
    running.stop()
    running.log.unlink()


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    return candidates[-1].parent if candidates else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of its own in a temp dir, on a free local port."""
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (make test installs Debian's postgresql)")
    # directly under /tmp: pytest's own temp folders are closed to the postgres user
    data = Path(tempfile.mkdtemp(prefix="doomtable-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run it as the postgres user
        shutil.chown(data, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    pgdata = data / "data"

    def pg(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*run_as, *args], capture_output=True, text=True, timeout=60)

    init = pg(str(bin_dir / "initdb"), "-D", str(pgdata), "-U", "doomtable", "--auth=trust")
    if init.returncode != 0:
        pytest.skip(f"PostgreSQL could not be set up: {init.stderr.strip()[-300:]}")
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    start = pg(
        str(bin_dir / "pg_ctl"),
        "-D",
        str(pgdata),
        "-l",
        str(data / "pg.log"),
        "-o",
        options,
        "-w",
        "start",
    )
    if start.returncode != 0:
        pytest.skip(f"PostgreSQL could not start: {(start.stderr or start.stdout)[-300:]}")
    try:
        yield f"postgresql://doomtable@127.0.0.1:{port}/postgres"
    finally:
        pg(str(bin_dir / "pg_ctl"), "-D", str(pgdata), "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)
