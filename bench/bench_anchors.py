"""Anchor engines for comparison: OpenSpiel (kuhn poker in Python, hearts in C++) and
RLCard (UNO), random legal play on one core.

Run by hand after ``pip install -e '.[bench]'``:
``.venv/bin/python bench/bench_anchors.py [--seconds 1] [--repeats 5]``.
Engines that are not installed are reported as such.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any


def median_rate(work: Callable[[], int], seconds: float, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += work()
        rates.append(done / elapsed)
    return statistics.median(rates)


def play_openspiel_game(game: Any, rng: random.Random) -> int:
    """One OpenSpiel game to the end, chance outcomes by their odds and legal actions
    uniformly at random; the steps taken."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def openspiel(name: str, seconds: float, repeats: int) -> dict[str, float]:
    import pyspiel

    if name.startswith("python_"):
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def steps() -> int:
        return play_openspiel_game(game, rng)

    def games() -> int:
        play_openspiel_game(game, rng)
        return 1

    mid = game.new_initial_state()
    for _ in range(3):
        if mid.is_chance_node():
            mid.apply_action(mid.chance_outcomes()[0][0])
        else:
            mid.apply_action(mid.legal_actions()[0])

    def clones() -> int:
        for _ in range(100):
            mid.clone()
        return 100

    return {
        "steps_per_s": median_rate(steps, seconds, repeats),
        "games_per_s": median_rate(games, seconds, repeats),
        "clones_per_s": median_rate(clones, seconds, repeats),
    }


def rlcard_uno(seconds: float, repeats: int) -> dict[str, float]:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps_per_game: list[int] = []

    def games() -> int:
        trajectories, _ = env.run(is_training=False)
        steps_per_game.append(sum((len(t) - 1) // 2 for t in trajectories))
        return 1

    game_rate = median_rate(games, seconds, repeats)
    mean_steps = statistics.fmean(steps_per_game)
    return {"steps_per_s": game_rate * mean_steps, "games_per_s": game_rate}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    anchors: dict[str, Callable[[], dict[str, float]]] = {
        "open_spiel kuhn_poker (Python)": lambda: openspiel(
            "python_kuhn_poker", args.seconds, args.repeats
        ),
        "open_spiel kuhn_poker (C++)": lambda: openspiel("kuhn_poker", args.seconds, args.repeats),
        "open_spiel hearts (C++)": lambda: openspiel("hearts", args.seconds, args.repeats),
        "rlcard uno (Python)": lambda: rlcard_uno(args.seconds, args.repeats),
    }
    for name, measure in anchors.items():
        try:
            result = measure()
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name}); pip install -e '.[bench]'")
            continue
        figures = ", ".join(f"{key} {value:,.0f}" for key, value in result.items())
        print(f"{name}: {figures}")


if __name__ == "__main__":
    main()
