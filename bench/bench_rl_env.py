"""Environment steps per second beside raw engine decisions per second, for every game, one core.

Run by hand: ``.venv/bin/python bench/bench_rl_env.py [--seconds 2] [--json] [--clock cpu]``.

- **raw**: random games played straight on the engine (``state.apply`` with a random legal
  option), decisions per second: what an environment step cannot beat.
- **aec**: the PettingZoo environment (``doomtable.rl.pettingzoo_env``) played by a random
  agent choosing among ``legal_actions(agent)``, ``last()`` then ``step()`` per decision:
  observation, mask and step together.
- **aec_view**: as **aec**, with the observation encoded from the player's view (what every
  step did before the games' direct encoders, ``doomtable.rl.direct``), for comparison in the
  same run.
- **gym**: the Gymnasium environment, seat 0 against ``random`` bots, random legal actions
  (each step also plays the bots' decisions up to seat 0's next one).

Each figure is one timed run of about ``--seconds`` per game and mode, at the player count in
``PLAYERS`` (the nearest count the game takes), so a whole run stays short.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from doomtable.engine import DoomtableError, Rng, find_game, game_names, new_game
from doomtable.rl.gym_env import DoomtableGymEnv
from doomtable.rl.pettingzoo_env import DoomtableAECEnv

PLAYERS = 4


def players_for(game: str) -> int:
    spec = find_game(game)
    return min(max(PLAYERS, spec.min_players), spec.max_players)


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``cpu`` counts only this process's CPU time: on a shared machine the other processes' work
then slows the figures far less than it does wall time."""


def rate(work: Callable[[int], int], seconds: float, clock: str = "wall") -> float:
    """Units per second of ``work(episode)`` (which returns the units it did) over ``seconds``
    of ``clock``."""
    now = CLOCKS[clock]
    done = episode = 0
    start = now()
    while (elapsed := now() - start) < seconds:
        done += work(episode)
        episode += 1
    return done / elapsed


def raw_decisions(game: str, players: int) -> Callable[[int], int]:
    def play(seed: int) -> int:
        state = new_game(game, players, seed)
        rng = Rng(seed)
        steps = 0
        while (decision := state.pending) is not None:
            state.apply(decision.player, decision.options[rng.below(len(decision.options))])
            steps += 1
        return steps

    return play


def aec_steps(game: str, players: int, direct: bool = True) -> Callable[[int], int]:
    env = DoomtableAECEnv(game, players)
    if not direct:
        env.encoding = dataclasses.replace(env.encoding, direct=None)
    rng = np.random.default_rng(0)

    def play(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = env.legal_actions(agent)
            env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps

    return play


def gym_steps(game: str, players: int) -> Callable[[int], int]:
    env = DoomtableGymEnv(game, players, seat=0, opponents="random")
    rng = np.random.default_rng(0)

    def play(seed: int) -> int:
        env.reset(seed=seed)
        steps = 0
        done = env.state.is_over
        while not done:
            legal = env.legal_actions()
            _, _, done, _, _ = env.step(np.int64(legal[int(rng.integers(len(legal)))]))
            steps += 1
        return steps

    return play


def aec_view_steps(game: str, players: int) -> Callable[[int], int]:
    return aec_steps(game, players, direct=False)


MODES: dict[str, Callable[[str, int], Callable[[int], int]]] = {
    "raw": raw_decisions,
    "aec": aec_steps,
    "aec_view": aec_view_steps,
    "gym": gym_steps,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per game and mode")
    parser.add_argument("--games", default="", help="comma-separated games (default: all)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="time counted (default: wall)"
    )
    args = parser.parse_args()
    if args.seconds <= 0:
        parser.error(f"--seconds must be above 0, not {args.seconds}")
    try:
        names = [find_game(game).name for game in args.games.split(",")] if args.games else None
    except DoomtableError as error:
        parser.error(str(error))
    results: dict[str, dict[str, Any]] = {}
    for name in names or game_names():
        players = players_for(name)
        row: dict[str, Any] = {"players": players}
        for mode, make in MODES.items():
            row[mode] = round(rate(make(name, players), args.seconds, args.clock), 1)
        row["aec_vs_raw"] = round(row["raw"] / row["aec"], 1)
        results[name] = row
    if args.json:
        print(
            json.dumps(
                {"python": platform.python_version(), "clock": args.clock, "results": results},
                indent=2,
            )
        )
        return
    print(
        f"{'game':<20}{'players':>8}{'raw dec/s':>12}{'aec steps/s':>13}{'via view':>10}"
        f"{'gym steps/s':>13}{'raw/aec':>9}"
    )
    for name, row in results.items():
        print(
            f"{name:<20}{row['players']:>8}{row['raw']:>12,.0f}{row['aec']:>13,.0f}"
            f"{row['aec_view']:>10,.0f}{row['gym']:>13,.0f}{row['aec_vs_raw']:>9}"
        )


if __name__ == "__main__":
    main()
