"""Ray against the process pool: the same ``doomtable simulate`` commands on both backends.

Run from the repository root with the dev venv (Ray comes with it)::

    .venv/bin/python bench/bench_ray.py                      # 3 rounds, 2000 random games
    .venv/bin/python bench/bench_ray.py --games 500 --greedy-games 20 --rounds 1

Each round runs, for ``--backend local`` then ``--backend ray`` (2 workers each):
``simulate doomlings -n 8`` (start-up: interpreter, imports, the pool or a local Ray
instance, and its shutdown), ``-n GAMES --bots random`` and ``-n GREEDY_GAMES --bots greedy``.
Each is timed as a whole command, and the table gives the median of the rounds (every run
is listed below it). Ray's own start-up is the difference of the two backends' ``-n 8``
runs, and is also timed alone (``ray.init`` of a local instance, then ``ray.shutdown``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

BACKENDS = ("local", "ray")


def wall_time(games: int, bots: str, backend: str, workers: int) -> float:
    command = [
        *(sys.executable, "-m", "doomtable", "simulate", "doomlings", "-p", "4"),
        *("-n", str(games), "--bots", bots, "--workers", str(workers), "--backend", backend),
    ]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command[2:])} failed:\n{done.stderr.strip()[-2000:]}")
    return seconds


def ray_start_up(workers: int) -> float:
    """Seconds for ``ray.init`` of a local instance and its shutdown, in a fresh interpreter."""
    code = (
        "import time, ray; start = time.perf_counter(); "
        f"ray.init(num_cpus={workers}, include_dashboard=False, log_to_driver=False); "
        "ray.shutdown(); print(time.perf_counter() - start)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"ray.init failed:\n{done.stderr.strip()[-2000:]}")
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="random-bot games (2000)")
    parser.add_argument("--greedy-games", type=int, default=60, help="greedy-bot games (60)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name in ("games", "greedy_games", "workers", "rounds"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    runs = {
        "start-up (-n 8, random)": (8, "random"),
        f"-n {args.games}, random": (args.games, "random"),
        f"-n {args.greedy_games}, greedy": (args.greedy_games, "greedy"),
    }
    times: dict[tuple[str, str], list[float]] = {}
    init_times = []
    for number in range(1, args.rounds + 1):
        print(f"round {number}/{args.rounds}", flush=True)
        init_times.append(ray_start_up(args.workers))
        for label, (games, bots) in runs.items():
            for backend in BACKENDS:
                seconds = wall_time(games, bots, backend, args.workers)
                times.setdefault((label, backend), []).append(seconds)
    print(f"\nwall time of the whole command, {args.workers} workers, median of {args.rounds}")
    print(f"{'run':<26}{'local':>10}{'ray':>10}{'ray - local':>13}")
    for label, (games, _) in runs.items():
        local, ray = (statistics.median(times[label, backend]) for backend in BACKENDS)
        print(f"{label:<26}{local:>9.2f}s{ray:>9.2f}s{ray - local:>12.2f}s")
        if games > 8:
            print(f"{'  games/s':<26}{games / local:>10.1f}{games / ray:>10.1f}")
    print(f"ray.init and shutdown alone: {statistics.median(init_times):.2f}s")
    print("every run (s):")
    for (label, backend), runs_seconds in times.items():
        print(f"  {label}, {backend}: {', '.join(f'{s:.2f}' for s in runs_seconds)}")


if __name__ == "__main__":
    main()
