"""Fit the Doomlings win-chance model (``games/doomlings/value.py``) and write ``value.json``.

Run by hand after rules or cards change (needs numpy, which the ``bench`` extra brings):
``.venv/bin/python bench/fit_value.py [--games 300] [--seed 1] [--workers 2]``.

Positions come from 4-player games between greedy bots; from some of them the script plays
random play-outs (the play-outs a searching bot runs), snapshots the features now and then on
the way and labels each snapshot with the play-out's final win shares. The conditional logit
is fitted by Newton's method, and the script reports its log loss on a held-out fifth against
the uniform guess and against scores alone.
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from doomtable.bots import InfoSet, make_bot
from doomtable.bots.base import outcome_shares
from doomtable.engine import Rng, find_game
from doomtable.games.doomlings import value
from doomtable.games.doomlings.rules import DoomlingsRules

PLAYERS = 4
OUT = Path(value.__file__).with_name("value.json")

Record = tuple[float, list[tuple[float, ...]], list[float]]


def records_of_game(seed: int) -> list[Record]:
    """Snapshots of random play-outs branching off one greedy game."""
    spec = find_game("doomlings")
    state = spec.create(PLAYERS, seed, dict(spec.default_options))
    assert isinstance(state, DoomlingsRules)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(PLAYERS)]
    rng = Rng(seed ^ 0xF17)
    out: list[Record] = []
    while (decision := state.pending) is not None:
        if len(decision.options) > 1 and rng.below(6) == 0:
            for _ in range(12):
                world = state.clone()
                world.rng = Rng(rng.next64())
                snapshots = []
                while (step := world.pending) is not None:
                    if rng.below(16) == 0:
                        snapshots.append(
                            (value.progress(world), value.features(world, world.scores()))
                        )
                    world._apply_unchecked(step.options[rng.below(len(step.options))])
                shares = outcome_shares(world)
                out.extend((t, rows, shares) for t, rows in snapshots)
        state._apply_unchecked(bots[decision.player].choose(InfoSet(state, decision)))
    return out


def design(records: list[Record]) -> tuple[np.ndarray, np.ndarray]:
    """Per record and player, features times powers of progress; and the win shares."""
    t = np.array([r[0] for r in records])
    x = np.array([r[1] for r in records])  # records, players, features
    powers = np.stack([t**k for k in range(value.DEGREE + 1)], axis=1)
    z = (x[:, :, :, None] * powers[:, None, None, :]).reshape(len(records), PLAYERS, -1)
    return z, np.array([r[2] for r in records])


def log_loss(w: np.ndarray, z: np.ndarray, y: np.ndarray) -> float:
    u = z @ w
    u -= u.max(axis=1, keepdims=True)
    log_p = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-(y * log_p).sum(axis=1).mean())


def fit(z: np.ndarray, y: np.ndarray, ridge: float = 1e-6) -> np.ndarray:
    w = np.zeros(z.shape[2])
    for _ in range(50):
        u = z @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        gradient = ((y - p)[:, :, None] * z).sum(axis=1).mean(axis=0) - ridge * w
        mean_z = (p[:, :, None] * z).sum(axis=1)
        second = np.einsum("np,npi,npj->ij", p, z, z) / len(z)
        hessian = second - mean_z.T @ mean_z / len(z) + ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    with Pool(args.workers) as pool:
        records = [r for part in pool.map(records_of_game, seeds) for r in part]
    z, y = design(records)
    order = np.random.default_rng(args.seed).permutation(len(records))
    held = order[: len(order) // 5]
    train = order[len(order) // 5 :]
    w = fit(z[train], y[train])
    scores_only = np.zeros_like(w)
    scores_only[: value.DEGREE + 1] = fit(z[train][:, :, : value.DEGREE + 1], y[train])
    report = {
        "records": len(records),
        "held_out_log_loss": round(log_loss(w, z[held], y[held]), 4),
        "scores_only_log_loss": round(log_loss(scores_only, z[held], y[held]), 4),
        "uniform_log_loss": round(float(np.log(PLAYERS)), 4),
    }
    w = fit(z, y)
    weights = w.reshape(len(value.FEATURES), value.DEGREE + 1)
    data = {
        "about": "Doomlings win-chance weights, written by bench/fit_value.py",
        "fitted_on": {"games": args.games, "seed": args.seed, **report},
        "weights": {
            name: [round(float(c), 6) for c in row]
            for name, row in zip(value.FEATURES, weights, strict=True)
        },
    }
    OUT.write_text(json.dumps(data, indent=2) + "\n")
    print(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
