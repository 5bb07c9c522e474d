"""Compiled (mypyc) against pure Python: random games/s and ISMCTS iterations/s, side by side.

Run by hand: ``.venv/bin/python bench/bench_compiled.py [--seconds 2] [--rounds 3]``. Each
round runs one fresh process per mode (compiled, then ``DOOMTABLE_PURE=1``), so the two take
turns through the machine's busy and quiet moments; each figure is the median over rounds.
Rates are per second of the process's CPU time, not wall time, as the development machine is
shared: on a quiet machine the two agree.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

GAMES = ("doomlings", "doom-on-you")
MODES = {"compiled": {}, "pure": {"DOOMTABLE_PURE": "1"}}


def cpu_rate(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work`` per CPU second, over at least ``seconds`` of CPU time."""
    done = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds:
        done += work()
    return done / spent


def measure_game(name: str, seconds: float) -> dict[str, float]:
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_engine import midgame, random_game

    from doomtable.bots import InfoSet, IsmctsBot
    from doomtable.engine import find_game

    spec = find_game(name)
    seeds = iter(range(10**9))

    def game() -> int:
        random_game(spec, next(seeds))
        return 1

    positions = [midgame(spec, seed) for seed in range(1, 9)]
    infos = [InfoSet(s, s.pending) for s in positions if s.pending is not None]
    bot = IsmctsBot(seed=1, iterations=50)
    turn = iter(range(10**9))

    def iterations() -> int:
        bot.choose(infos[next(turn) % len(infos)])
        return 50

    return {
        f"{name} random games/s": cpu_rate(game, seconds),
        f"{name} ISMCTS iterations/s": cpu_rate(iterations, seconds),
    }


def measure(seconds: float) -> dict[str, float]:
    from doomtable.compiled import COMPILED, is_compiled

    results: dict[str, float] = {}
    for name in GAMES:
        results.update(measure_game(name, seconds))
    results["compiled modules"] = sum(is_compiled(importlib.import_module(m)) for m in COMPILED)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.seconds)))
        return
    runs: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
    for _ in range(args.rounds):
        for mode, env in MODES.items():
            command = [sys.executable, __file__, "--worker", "--seconds", str(args.seconds)]
            clean = {k: v for k, v in os.environ.items() if k != "DOOMTABLE_PURE"}
            done = subprocess.run(
                command, env={**clean, **env}, capture_output=True, text=True, check=True
            )
            runs[mode].append(json.loads(done.stdout))
    compiled, pure = (
        {key: statistics.median(r[key] for r in runs[mode]) for key in runs[mode][0]}
        for mode in MODES
    )
    if not compiled["compiled modules"]:
        sys.exit("the compiled modules are not built: run `make` first")
    print("| measure | compiled | pure Python | speed-up |")
    print("|---|---|---|---|")
    for key in compiled:
        if key != "compiled modules":
            ratio = compiled[key] / pure[key]
            print(f"| {key} | {compiled[key]:,.0f} | {pure[key]:,.0f} | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
