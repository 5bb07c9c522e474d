"""The policy bot against ISMCTS at equal time per move, in one game.

    nice -n 19 .venv/bin/python bench/rl_policy_vs_ismcts.py --game doom-pile --players 2 \
        --games 60 --seconds 0.1 --workers 1

One seat is ``policy:SECONDSs`` (ISMCTS judged by the learned network), every other seat
``ismcts:SECONDSs`` (the same search judged by the game's hand-fitted ``win_chances``);
seats rotate game by game (``doomtable simulate``'s runner). Both search for the same time
per move, so the network's cost per judgement counts against it. Prints the policy seat's
win share with its 95% Wilson interval and parity (one seat in ``--players``), and says
whether the interval lies above, below, or across parity. Ctrl-C (or ``timeout -s INT``)
ends the run early and reports the games finished.
"""

from __future__ import annotations

import argparse

from doomtable.sim.runner import run
from doomtable.sim.stats import summarize


def verdict(low: float, high: float, parity: float) -> str:
    if low > parity:
        return "above parity"
    if high < parity:
        return "below parity"
    return "not different from parity"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=0.1, help="time per move, both bots")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    policy, ismcts = f"policy:{args.seconds:g}s", f"ismcts:{args.seconds:g}s"
    result = run(
        args.game,
        args.games,
        args.players,
        [policy, *[ismcts] * (args.players - 1)],
        seed=args.seed,
        workers=args.workers,
        card_stats=False,
    )
    wins = summarize(result)["wins_by_bot"][policy]
    low, high = wins["ci95"]
    parity = 1 / args.players
    print(
        f"{args.game}, {args.players} players, {wins['games']} games, {args.seconds:g}s per move: "
        f"{policy} won {wins['rate']:.1%} (95% interval {low:.1%}-{high:.1%}), "
        f"parity {parity:.1%}: {verdict(low, high, parity)}; "
        f"{result.seconds / 60:.1f} min{' (interrupted)' if result.interrupted else ''}",
        flush=True,
    )


if __name__ == "__main__":
    main()
