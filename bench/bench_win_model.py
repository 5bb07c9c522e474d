"""What a game's win-chance model is worth to ISMCTS: iterations/s and games won.

Run by hand: ``.venv/bin/python bench/bench_win_model.py [--game doom-on-you] [--players 3]
[--iterations 50] [--games 150] [--seed 1] [--workers 2] [--minutes 60]
[--bots model,full,greedy] [--speed-only | --strength-only]``.

Two versions of ``ismcts:ITERATIONS`` are compared: ``model`` (the default bot: play-outs cut
after a few random decisions and judged by the game's ``win_chances``) and ``full`` (the same
bot with play-outs run to the end, as before the game had a model, and as a game without one
still plays). Speed: iterations/s of each at positions a third of the way into random games
(as ``bench_engine.py`` takes them), the two timed in turn so that the machine's load hits
both alike. Strength: seat-rotated games between ``model``, ``full`` and ``greedy``, stopped
after ``--minutes``; each bot's win share (ties split) with a 95% Wilson interval, and the
mean per-game difference between ``model`` and ``full`` with a 95% normal interval.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from functools import partial
from multiprocessing import Pool
from pathlib import Path

from doomtable.bots import Bot, InfoSet, IsmctsBot, make_bot
from doomtable.bots.base import outcome_shares
from doomtable.engine import GameState, Rng, find_game
from doomtable.sim import game_seed, rotated_lineups
from doomtable.sim.stats import Z95, wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import median_rate  # noqa: E402

PLAY_TO_END = 10**9
"""A play-out this many decisions long always reaches the end of the game."""
BOTS = ("model", "full", "greedy")
"""The default lineup; any bot spec (``greedy``, ``random``) may sit in one too."""
SPEED_ITERATIONS = 50


def make(name: str, iterations: int, seed: int) -> Bot:
    """``model``, ``model@R`` (play-outs cut after ``R`` decisions), ``full`` or a bot spec."""
    if name == "full":
        return IsmctsBot(seed, iterations=iterations, rollout=PLAY_TO_END)
    if name == "model":
        return IsmctsBot(seed, iterations=iterations)
    if name.startswith("model@"):
        return IsmctsBot(seed, iterations=iterations, rollout=int(name[len("model@") :]))
    return make_bot(name, seed)


def midgame(game: str, players: int, seed: int) -> GameState:
    """A state a third of the way into a random game, at a real choice (as ``bench_engine``)."""
    spec = find_game(game)

    def replay(steps: int | None) -> GameState:
        state = spec.create(players, seed, dict(spec.default_options))
        rng = Rng(seed ^ 0x5EED)
        done = 0
        while (decision := state.pending) is not None and (
            steps is None or done < steps or len(decision.options) < 2
        ):
            state._apply_unchecked(decision.options[rng.below(len(decision.options))])
            done += 1
        return state

    return replay(len(replay(None).log) // 3)


def one_choice(bot: Bot, infos: Iterator[InfoSet]) -> int:
    bot.choose(next(infos))
    return SPEED_ITERATIONS


def speed(game: str, players: int, seconds: float, repeats: int) -> dict[str, float]:
    """Iterations/s of ``model`` and ``full`` at the same positions, timed in turn."""
    positions = [midgame(game, players, seed) for seed in range(1, 9)]
    infos = [InfoSet(s, s.pending) for s in positions if s.pending is not None]
    rates: dict[str, list[float]] = {"model": [], "full": []}
    for _ in range(repeats):
        for name, measured in rates.items():
            work = partial(one_choice, make(name, SPEED_ITERATIONS, 1), itertools.cycle(infos))
            measured.append(median_rate(work, seconds, 1))
    model, full = statistics.median(rates["model"]), statistics.median(rates["full"])
    return {"model_iterations_per_s": model, "full_iterations_per_s": full, "ratio": model / full}


Task = tuple[int, int, tuple[str, ...]]
"""A game's index, seed and lineup."""


def play(
    game: str, players: int, iterations: int, task: Task
) -> tuple[tuple[str, ...], list[float]]:
    """One game; each seat's share of the win."""
    _, seed, lineup = task
    spec = find_game(game)
    state = spec.create(players, seed, dict(spec.default_options))
    bots = [
        make(name, iterations, Rng(seed, 1 + seat).next64()) for seat, name in enumerate(lineup)
    ]
    while (decision := state.pending) is not None:
        state._apply_unchecked(bots[decision.player].choose(InfoSet(state, decision)))
    return lineup, outcome_shares(state)


def strength(
    game: str,
    players: int,
    iterations: int,
    games: int,
    seed: int,
    workers: int,
    minutes: float,
    bots: tuple[str, ...] = BOTS,
) -> dict[str, object]:
    """Play the games, or those that finish within ``minutes``; a running summary every ten."""
    lineups = rotated_lineups(bots, players, games)
    tasks = [(i, game_seed(seed, i), lineup) for i, lineup in enumerate(lineups)]
    start = time.perf_counter()
    results: list[tuple[tuple[str, ...], list[float]]] = []
    with Pool(workers) as pool:
        played = pool.imap_unordered(partial(play, game, players, iterations), tasks)
        for result in played:
            results.append(result)
            if len(results) % 10 == 0:
                print(json.dumps(summary(results, start)), flush=True)
            if time.perf_counter() - start > 60 * minutes:
                pool.terminate()
                break
    return summary(results, start)


def summary(results: list[tuple[tuple[str, ...], list[float]]], start: float) -> dict[str, object]:
    """Each bot's win share, and ``model`` minus ``full`` game by game."""
    names = sorted({name for lineup, _ in results for name in lineup})
    wins = dict.fromkeys(names, 0.0)
    seats = dict.fromkeys(names, 0)
    differences = []
    for lineup, shares in results:
        per_bot = dict.fromkeys(names, 0.0)
        for name, share in zip(lineup, shares, strict=True):
            per_bot[name] += share
            wins[name] += share
            seats[name] += 1
        if "model" in per_bot and "full" in per_bot:
            differences.append(per_bot["model"] - per_bot["full"])
    report: dict[str, object] = {
        "games": len(results),
        "seconds": round(time.perf_counter() - start),
    }
    for name in names:
        lo, hi = wilson(wins[name], seats[name])
        report[name] = {
            "seats": seats[name],
            "wins": round(wins[name], 2),
            "rate": round(wins[name] / max(1, seats[name]), 4),
            "ci95": [round(lo, 4), round(hi, 4)],
        }
    if len(differences) > 1:
        mean = statistics.mean(differences)
        half = Z95 * statistics.stdev(differences) / math.sqrt(len(differences))
        report["model_minus_full"] = {
            "mean": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="doom-on-you")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bots", default=",".join(BOTS), help="the lineup, rotated")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop the games after this")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--strength-only", action="store_true")
    args = parser.parse_args()
    report: dict[str, object] = {"game": args.game, "players": args.players}
    if not args.strength_only:
        report["speed"] = speed(args.game, args.players, args.seconds, args.repeats)
        print(json.dumps(report), flush=True)
    if not args.speed_only:
        report[f"strength_ismcts_{args.iterations}"] = strength(
            args.game,
            args.players,
            args.iterations,
            args.games,
            args.seed,
            args.workers,
            args.minutes,
            tuple(args.bots.split(",")),
        )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
