"""Start-up time of the command line: ``doomtable --help`` and ``play`` up to its first table.

Run by hand: ``.venv/bin/python bench/bench_startup.py [--repeats 7]``. Each command runs in a
fresh process; the figure is the best of ``--repeats`` runs (the least disturbed by other work
on the machine), as wall time and as the CPU time of the process. ``play`` reads ``quit`` as
its first answer, so it stops right after drawing the first table. A bare ``python -c pass``
is measured as the floor. Bytecode caching is on, as for a user, even where the calling
shell sets ``PYTHONDONTWRITEBYTECODE`` (which would recompile every module on every run).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
COMMANDS: dict[str, tuple[list[str], str | None]] = {
    "python -c pass": ([sys.executable, "-c", "pass"], None),
    "doomtable --help": ([str(BIN / "doomtable"), "--help"], None),
    "doomtable play doomlings (first table)": (
        [str(BIN / "doomtable"), "play", "doomlings", "--seed", "1", "--save", os.devnull],
        "quit\n",
    ),
}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


USER_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(command: list[str], stdin: str | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of ``command``."""
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run(command, input=stdin, capture_output=True, text=True, check=True, env=USER_ENV)
    return time.perf_counter() - start, children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(f"{'command':42} {'wall s':>8} {'cpu s':>8}  (best of {args.repeats})")
    for name, (command, stdin) in COMMANDS.items():
        run_once(command, stdin)  # compiles bytecode and warms the file cache
        runs = [run_once(command, stdin) for _ in range(args.repeats)]
        wall = min(r[0] for r in runs)
        cpu = min(r[1] for r in runs)
        print(f"{name:42} {wall:8.3f} {cpu:8.3f}")


if __name__ == "__main__":
    main()
