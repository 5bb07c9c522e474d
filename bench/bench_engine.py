"""Engine and bot throughput for every registered game, on one core (and the pool for sim).

Run by hand: ``.venv/bin/python bench/bench_engine.py [--seconds 1] [--repeats 5] [--json]``.
Each figure is the median of ``--repeats`` timed runs of about ``--seconds`` each. The toy
game of the bot tests is measured too, as a floor for the engine's own overhead.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from doomtable.bots import InfoSet, IsmctsBot
from doomtable.engine import GameSpec, GameState, Rng, find_game, game_names
from doomtable.sim import default_workers, run

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bots.toygame import SPEC as TOY  # noqa: E402

PLAYERS = 4


def median_rate(work: Callable[[], int], seconds: float, repeats: int) -> float:
    """Median of units per second over ``repeats`` runs of at least ``seconds`` each."""
    rates = []
    for _ in range(repeats):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += work()
        rates.append(done / elapsed)
    return statistics.median(rates)


def random_game(spec: GameSpec, seed: int) -> GameState:
    state = spec.create(PLAYERS, seed, dict(spec.default_options))
    rng = Rng(seed ^ 0x5EED)
    while (decision := state.pending) is not None:
        options = decision.options
        state._apply_unchecked(options[rng.below(len(options))])
    return state


def midgame(spec: GameSpec, seed: int = 1) -> GameState:
    """A 4-player state a third of the way into a random game, at a real choice."""
    length = len(random_game(spec, seed).log)
    state = spec.create(PLAYERS, seed, dict(spec.default_options))
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while (decision := state.pending) is not None and (
        steps < length // 3 or len(decision.options) < 2
    ):
        state._apply_unchecked(decision.options[rng.below(len(decision.options))])
        steps += 1
    return state


def bench_game(spec: GameSpec, seconds: float, repeats: int) -> dict[str, float]:
    counter = iter(range(10**9))

    def games() -> int:
        random_game(spec, next(counter))
        return 1

    def decisions() -> int:
        return len(random_game(spec, next(counter)).log)

    mid = midgame(spec)

    def clones() -> int:
        for _ in range(100):
            mid.clone()
        return 100

    cls = type(mid)

    def round_trips() -> int:
        for _ in range(10):
            cls.from_dict(json.loads(mid.to_json()))
        return 10

    # ISMCTS speed depends on how much game is left: cycle through positions of 8 games.
    positions = [midgame(spec, seed) for seed in range(1, 9)]
    infos = [InfoSet(state, state.pending) for state in positions if state.pending is not None]
    turn = iter(range(10**9))
    bot = IsmctsBot(seed=1, iterations=50)

    def iterations() -> int:
        bot.choose(infos[next(turn) % len(infos)])
        return 50

    single = median_rate(
        lambda: len(run(spec, 8, PLAYERS, ["random"], workers=1).records), seconds, repeats
    )
    pool_games = max(8 * default_workers(), int(single * seconds * 4))
    start = time.perf_counter()
    run(spec, pool_games, PLAYERS, ["random"], seed=1)
    pool_rate = pool_games / (time.perf_counter() - start)
    return {
        "decisions_per_game": statistics.median(len(random_game(spec, s).log) for s in range(20)),
        "random_decisions_per_s": median_rate(decisions, seconds, repeats),
        "random_games_per_s": median_rate(games, seconds, repeats),
        "sim_1_worker_games_per_s": single,
        f"sim_{default_workers()}_workers_games_per_s": pool_rate,
        "clones_per_s": median_rate(clones, seconds, repeats),
        "json_round_trips_per_s": median_rate(round_trips, seconds, repeats),
        "ismcts_iterations_per_s": median_rate(iterations, seconds, repeats),
        "ismcts_root_options_mean": statistics.mean(len(i.options) for i in infos),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("games", nargs="*", help="games to measure (default: all, and the toy)")
    args = parser.parse_args()
    specs = [find_game(name) for name in args.games] or [
        *(find_game(name) for name in game_names()),
        TOY,
    ]
    results = {spec.name: bench_game(spec, args.seconds, args.repeats) for spec in specs}
    if args.json:
        print(json.dumps({"machine": machine(), "games": results}, indent=2))
        return
    print(machine())
    keys = list(next(iter(results.values())))
    print("| measure | " + " | ".join(results) + " |")
    print("|---|" + "---|" * len(results))
    for key in keys:
        print(f"| {key} | " + " | ".join(f"{r[key]:,.0f}" for r in results.values()) + " |")


def machine() -> str:
    return (
        f"{platform.processor() or platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()}"
    )


if __name__ == "__main__":
    main()
