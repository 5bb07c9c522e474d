"""Fit a game's win-chance model (``games/<game>/value.py``) and write its ``value.json``.

Run by hand after rules or cards change (needs numpy, which the ``bench`` extra brings):
``.venv/bin/python bench/fit_value.py [--game doomlings] [--games 300] [--seed 1]
[--workers 2]``; ``--game doom-on-you`` fits Doom On You's model. ``--out`` writes elsewhere
(a trial fit) instead of the game's shipped ``value.json``.

Positions come from games between greedy bots (Doomlings: 4 players; Doom On You: 2, 3 and 4
players in turn); from some of them the script plays random play-outs (the play-outs a
searching bot runs), snapshots the features now and then on the way and labels each snapshot
with the play-out's final win shares. The conditional logit (over the players who may still
win) is fitted by Newton's method, and the script reports its log loss on a held-out fifth
against the uniform guess and against the first feature (the score) alone.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from multiprocessing import Pool
from pathlib import Path
from types import ModuleType

import numpy as np

from doomtable.bots import InfoSet, make_bot
from doomtable.bots.base import outcome_shares
from doomtable.engine import GameState, Rng, find_game
from doomtable.games.doom_on_you import value as doom_on_you_value
from doomtable.games.doom_on_you.state import DoomOnYouBase
from doomtable.games.doomlings import value as doomlings_value
from doomtable.games.doomlings.rules import DoomlingsRules

# Progress, each player's feature row and whether each player may still win.
Record = tuple[float, list[tuple[float, ...]], list[bool], list[float]]


@dataclass(frozen=True)
class Model:
    """How to fit one game's model: where its features come from and how to sample them."""

    module: ModuleType
    players: tuple[int, ...]
    """Player counts of the greedy games, used in turn."""
    snapshot: Callable[[GameState], tuple[float, list[tuple[float, ...]], list[bool]]]
    branch_one_in: int
    """A decision with a choice branches into play-outs once in this many."""
    playouts: int
    snapshot_one_in: int
    """A play-out decision is snapshot once in this many."""


def _doomlings(state: GameState) -> tuple[float, list[tuple[float, ...]], list[bool]]:
    assert isinstance(state, DoomlingsRules)
    rows = doomlings_value.features(state, state.scores())
    return doomlings_value.progress(state), rows, [True] * state.players


def _doom_on_you(state: GameState) -> tuple[float, list[tuple[float, ...]], list[bool]]:
    assert isinstance(state, DoomOnYouBase)
    value = doom_on_you_value
    return value.progress(state), value.features(state), value.contenders(state)


MODELS = {
    "doomlings": Model(doomlings_value, (4,), _doomlings, 6, 12, 16),
    "doom-on-you": Model(doom_on_you_value, (2, 3, 4), _doom_on_you, 20, 8, 16),
}


def records_of_game(game: str, seed: int) -> list[Record]:
    """Snapshots of random play-outs branching off one greedy game."""
    model = MODELS[game]
    spec = find_game(game)
    players = model.players[seed % len(model.players)]
    state = spec.create(players, seed, dict(spec.default_options))
    bots = [make_bot("greedy", seed * 10 + p) for p in range(players)]
    rng = Rng(seed ^ 0xF17)
    out: list[Record] = []
    while (decision := state.pending) is not None:
        if len(decision.options) > 1 and rng.below(model.branch_one_in) == 0:
            for _ in range(model.playouts):
                world = state.clone()
                world.rng = Rng(rng.next64())
                snapshots = []
                while (step := world.pending) is not None:
                    if rng.below(model.snapshot_one_in) == 0:
                        snapshots.append(model.snapshot(world))
                    world._apply_unchecked(step.options[rng.below(len(step.options))])
                shares = outcome_shares(world)
                out.extend((t, rows, live, shares) for t, rows, live in snapshots)
        state._apply_unchecked(bots[decision.player].choose(InfoSet(state, decision)))
    return out


def design(records: list[Record], degree: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per record and seat, features times powers of progress; who may win; the win shares.
    Records with fewer players are padded with seats that cannot win."""
    seats = max(len(r[1]) for r in records)
    width = len(records[0][1][0])
    x = np.zeros((len(records), seats, width))
    live = np.zeros((len(records), seats), dtype=bool)
    y = np.zeros((len(records), seats))
    for i, (_, rows, playing, shares) in enumerate(records):
        x[i, : len(rows)] = rows
        live[i, : len(rows)] = playing
        y[i, : len(rows)] = shares
    t = np.array([r[0] for r in records])
    powers = np.stack([t**k for k in range(degree + 1)], axis=1)
    z = (x[:, :, :, None] * powers[:, None, None, :]).reshape(len(records), seats, -1)
    return z, live, y


def probabilities(w: np.ndarray, z: np.ndarray, live: np.ndarray) -> np.ndarray:
    u = np.where(live, z @ w, -np.inf)
    u -= u.max(axis=1, keepdims=True)
    p = np.exp(u)
    return p / p.sum(axis=1, keepdims=True)


def log_loss(w: np.ndarray, z: np.ndarray, live: np.ndarray, y: np.ndarray) -> float:
    p = probabilities(w, z, live)
    return float(-(y * np.log(np.where(live, p, 1.0))).sum(axis=1).mean())


def fit(z: np.ndarray, live: np.ndarray, y: np.ndarray, ridge: float = 1e-6) -> np.ndarray:
    w = np.zeros(z.shape[2])
    for _ in range(50):
        p = probabilities(w, z, live)
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
    parser.add_argument("--game", choices=sorted(MODELS), default="doomlings")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="where to write (default: the game's file)")
    args = parser.parse_args()
    model = MODELS[args.game]
    value = model.module
    degree = value.DEGREE
    seeds = range(args.seed, args.seed + args.games)
    with Pool(args.workers) as pool:
        parts = pool.map(partial(records_of_game, args.game), seeds)
    records = [r for part in parts for r in part]
    z, live, y = design(records, degree)
    order = np.random.default_rng(args.seed).permutation(len(records))
    held = order[: len(order) // 5]
    train = order[len(order) // 5 :]
    w = fit(z[train], live[train], y[train])
    first_only = np.zeros_like(w)
    first_only[: degree + 1] = fit(z[train][:, :, : degree + 1], live[train], y[train])
    uniform = np.zeros_like(w)
    report = {
        "records": len(records),
        "held_out_log_loss": round(log_loss(w, z[held], live[held], y[held]), 4),
        f"{value.FEATURES[0]}_only_log_loss": round(
            log_loss(first_only, z[held], live[held], y[held]), 4
        ),
        "uniform_log_loss": round(log_loss(uniform, z[held], live[held], y[held]), 4),
    }
    w = fit(z, live, y)
    weights = w.reshape(len(value.FEATURES), degree + 1)
    data = {
        "about": f"{find_game(args.game).title} win-chance weights, written by bench/fit_value.py",
        "fitted_on": {"games": args.games, "seed": args.seed, **report},
        "weights": {
            name: [round(float(c), 6) for c in row]
            for name, row in zip(value.FEATURES, weights, strict=True)
        },
    }
    out = args.out or Path(value.__file__).with_name("value.json")
    out.write_text(json.dumps(data, indent=2) + "\n")
    print(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
