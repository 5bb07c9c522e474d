"""Train the policy bot's value network for a game other than Doomlings (numpy, one process).

    nice -n 19 .venv/bin/python bench/rl_train_value.py --game doom-pile --players 2,3,4 \
        --minutes 8 --out src/doomtable/rl/weights/doom-pile.json --curve curve.csv

The network (``doomtable.rl.policy.ObservationNet``) reads the game's structured observation
of one player's view and gives each seat's chance of winning (and that nobody wins). Here it
learns those chances from the outcomes of games:

- games are played for ``--minutes`` by greedy bots (``doomtable.bots.greedy``), each of
  whose decisions is, with chance ``--explore``, a random option instead, so the positions
  look like those a search reaches after its random play-outs; player counts cycle through
  ``--players``;
- at each decision with a real choice, with chance ``--keep``, the position is kept: the view
  of a seat drawn at random (the search judges worlds where anyone may be deciding), read
  into the observation's slots, labelled with the game's final win shares from that seat
  round the table, plus the share nobody won;
- the network (one tanh layer) is fitted by Adam on the cross-entropy between its softmax
  and those shares, ``--epochs`` passes; every tenth game is held out, and the weights of
  the pass with the lowest held-out loss are kept (early stopping: the games are few and the
  network learns them by heart within a few passes; that loss is therefore a little
  optimistic). Each input slot is scaled by the largest value it took, and the scale is
  folded into the saved weights. ``--data`` keeps the positions, to fit again without
  playing the games again.

For comparison the curve also gives, on the same held-out positions, the loss of the game's
hand-fitted ``win_chances`` (the judge ``ismcts`` uses; it reads the true state) and of a
uniform guess.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import pickle
import time
from array import array
from pathlib import Path

import numpy as np

from doomtable.bots import InfoSet, make_bot, outcome_shares
from doomtable.engine import Rng, find_game, new_game
from doomtable.rl.declaration import declaration
from doomtable.rl.policy import (
    ObservationWeights,
    StructuredObservation,
    layout_fingerprint,
    observation_reader,
)

Position = tuple[dict[int, float], int, list[float], list[float] | None]
"""(sparse observation, players, label from the viewer round plus nobody, hand-fitted)."""


def seats_from(viewer: int, players: int) -> list[int]:
    return [(viewer + k) % players for k in range(players)]


def play_game(
    game: str,
    players: int,
    seed: int,
    reader: StructuredObservation,
    keep: float,
    explore: float,
) -> list[Position]:
    """One game between greedy bots; its kept positions, labelled by its outcome."""
    rng = Rng(seed ^ 0x5EED)
    bots = [make_bot("greedy", seed * 16 + p) for p in range(players)]
    state = new_game(game, players, seed)
    kept: list[tuple[int, dict[int, float], list[float] | None]] = []
    while (decision := state.pending) is not None:
        options = decision.options
        if len(options) > 1 and rng.below(1_000_000) < keep * 1_000_000:
            viewer = rng.below(players)
            kind = decision.kind if decision.player == viewer else None
            features = reader.features(state.view(viewer), viewer, players, kind)
            hand_fitted = state.win_chances()
            kept.append((viewer, features, hand_fitted))
        if len(options) > 1 and rng.below(1_000_000) < explore * 1_000_000:
            option = options[rng.below(len(options))]
        else:
            option = bots[decision.player].choose(InfoSet(state, decision))
        state.apply(decision.player, option)
    shares = outcome_shares(state)
    positions: list[Position] = []
    for viewer, features, hand_fitted in kept:
        order = seats_from(viewer, players)
        label = [shares[s] for s in order]
        label.append(max(0.0, 1.0 - sum(label)))
        fitted = None
        if hand_fitted is not None:
            fitted = [hand_fitted[s] for s in order]
            fitted.append(max(0.0, 1.0 - sum(fitted)))
        positions.append((features, players, label, fitted))
    return positions


def play_games(
    game: str, counts: list[int], reader: StructuredObservation, args: argparse.Namespace
) -> tuple[int, list[Position], list[Position]]:
    """Games for ``args.minutes``: how many, the positions kept, and those held out (every
    tenth game's)."""
    start = time.monotonic()
    seeds = Rng(args.seed)
    train: list[Position] = []
    held_out: list[Position] = []
    games = 0
    while time.monotonic() - start < args.minutes * 60:
        players = counts[games % len(counts)]
        found = play_game(game, players, seeds.next64() % 2**31, reader, args.keep, args.explore)
        (held_out if games % 10 == 0 else train).extend(found)
        games += 1
    return games, train, held_out


class Net:
    """``ObservationNet`` in numpy, with its gradients (one tanh layer, softmax over seats)."""

    def __init__(self, inputs: int, hidden: int, seats: int, rng: np.random.Generator) -> None:
        self.seats = seats
        self.params = {
            "w1": rng.normal(0, 1 / math.sqrt(16), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 1 / math.sqrt(hidden), (hidden, seats + 1)),
            "b2": np.zeros(seats + 1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, log chances); ``mask`` is True at the seats not playing."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        z = np.where(mask, -1e9, h @ p["w2"] + p["b2"])
        z = z - z.max(1, keepdims=True)
        return h, z - np.log(np.exp(z).sum(1, keepdims=True))

    def loss(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray) -> float:
        _, logp = self.forward(x, mask)
        return float(-(y * logp).sum(1).mean())

    def step(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray, lr: float, decay: float) -> None:
        p = self.params
        h, logp = self.forward(x, mask)
        dz = (np.exp(logp) - y) / len(x)
        dh = (dz @ p["w2"].T) * (1 - h * h)
        grads = {"w1": x.T @ dh, "b1": dh.sum(0), "w2": h.T @ dz, "b2": dz.sum(0)}
        self.steps += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p[key] -= lr * (m_hat / (np.sqrt(v_hat) + 1e-8) + decay * p[key])


def batch(
    positions: list[Position], scale: np.ndarray, seats: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    x = np.zeros((len(positions), len(scale)))
    mask = np.zeros((len(positions), seats + 1), dtype=bool)
    y = np.zeros((len(positions), seats + 1))
    for row, (features, players, label, _) in enumerate(positions):
        for slot, value in features.items():
            x[row, slot] = value
        mask[row, players:seats] = True
        y[row, :players] = label[:players]
        y[row, seats] = label[players]
    return x * scale, mask, y


def reference_losses(positions: list[Position], constant_sum: bool) -> tuple[float, float]:
    """Held-out cross-entropy of the hand-fitted ``win_chances`` (NaN where they are not a
    distribution) and of a uniform guess (over the seats, and nobody too in a game that may
    end without a winner)."""
    fitted, uniform = [], []
    for _, players, label, hand in positions:
        # A game that may end without a winner (We're Doomed!) estimates each seat's own
        # chance of winning, not a share of one win: no cross-entropy compares those.
        if hand is not None and constant_sum:
            fitted.append(
                -sum(y * math.log(max(q, 1e-6)) for y, q in zip(label, hand, strict=True))
            )
        outcomes = players if constant_sum else players + 1
        uniform.append(-sum(label) * math.log(1 / outcomes))
    return (sum(fitted) / len(fitted) if fitted else math.nan), sum(uniform) / len(uniform)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", default="", help="player counts, e.g. 2,3,4")
    parser.add_argument("--minutes", type=float, default=8.0, help="time for playing games")
    parser.add_argument("--keep", type=float, default=0.3, help="share of positions kept")
    parser.add_argument("--explore", type=float, default=0.1, help="share of random moves")
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--curve", type=Path, required=True)
    parser.add_argument("--data", type=Path, help="positions kept here, and reused if there")
    args = parser.parse_args()
    spec = find_game(args.game)
    counts = [int(n) for n in args.players.split(",") if n] or [spec.min_players]
    reader = observation_reader(spec.name)
    seats = spec.max_players
    if args.data is not None and args.data.is_file():
        games, train, held_out, play_minutes = pickle.loads(args.data.read_bytes())
    else:
        start = time.monotonic()
        games, train, held_out = play_games(spec.name, counts, reader, args)
        play_minutes = (time.monotonic() - start) / 60
        if args.data is not None:
            args.data.write_bytes(pickle.dumps((games, train, held_out, play_minutes)))
    start = time.monotonic()
    print(f"{games} games, {len(train)} + {len(held_out)} positions, {play_minutes:.1f} min")
    peak = np.zeros(reader.size)
    for features, *_ in train:
        for slot, value in features.items():
            peak[slot] = max(peak[slot], abs(value))
    scale = 1 / np.where(peak > 0, peak, 1.0)
    rng = np.random.default_rng(args.seed)
    net = Net(reader.size, args.hidden, seats, rng)
    held = batch(held_out, scale, seats)
    constant_sum = bool(declaration(spec).get("constant_sum", True))
    fitted_loss, uniform_loss = reference_losses(held_out, constant_sum)
    best, best_epoch, best_loss = dict(net.params), 0, math.inf
    with args.curve.open("w", newline="") as curve_file:
        curve = csv.writer(curve_file)
        curve.writerow(["epoch", "train_loss", "held_out_loss", "hand_fitted", "uniform"])
        for epoch in range(args.epochs + 1):
            if epoch:
                order = rng.permutation(len(train))
                lr = args.lr * (1 - 0.9 * (epoch - 1) / args.epochs)  # falls to a tenth
                for at in range(0, len(order), args.batch):
                    chunk = [train[i] for i in order[at : at + args.batch]]
                    net.step(*batch(chunk, scale, seats), lr, args.weight_decay)
            sample = [train[i] for i in rng.permutation(len(train))[:5000]]
            train_loss = net.loss(*batch(sample, scale, seats))
            held_loss = net.loss(*held)
            if held_loss < best_loss:
                best_epoch, best_loss = epoch, held_loss
                best = {k: v.copy() for k, v in net.params.items()}
            row = [epoch, f"{train_loss:.4f}", f"{held_loss:.4f}"]
            curve.writerow([*row, f"{fitted_loss:.4f}", f"{uniform_loss:.4f}"])
            print(*row, flush=True)
    p = best  # the epoch with the lowest held-out loss (early stopping)
    notes = {
        "trained_games": games,
        "positions": len(train),
        "held_out_positions": len(held_out),
        "minutes": round(play_minutes + (time.monotonic() - start) / 60, 1),
        "epoch": best_epoch,
        "held_out_loss": round(best_loss, 4),
        "hand_fitted_loss": None if math.isnan(fitted_loss) else round(fitted_loss, 4),
        "method": "value network fitted to the outcomes of greedy self-play games",
        "args": {k: str(v) for k, v in vars(args).items()},
    }

    def floats(values: np.ndarray) -> array[float]:
        return array("f", values.astype(np.float32).reshape(-1).tolist())

    weights = ObservationWeights(
        game=spec.name,
        layout=layout_fingerprint(reader),
        inputs=reader.size,
        hidden=args.hidden,
        seats=seats,
        input_weights=floats(p["w1"] * scale[:, None]),
        hidden_bias=floats(p["b1"]),
        output_weights=floats(p["w2"]),
        output_bias=floats(p["b2"]),
        notes=notes,
    )
    args.out.write_text(weights.to_json())
    print(json.dumps(notes))


if __name__ == "__main__":
    main()
