"""Self-play training of the policy bot's value network (PyTorch on the CPU).

    .venv/bin/pip install -e ".[rl-train]"
    .venv/bin/python bench/rl_train_policy.py --minutes 22 --workers 2 --greedy-games 240 \
        --games 80 --out src/doomtable/rl/weights/doomlings.json --curve curve.csv

The self-play player (``LookaheadLearner``) tries each option on its own sampled worlds and
keeps the one after which the network gives it the best chance of winning; training teaches
the network those chances from the outcomes of games (approximate policy iteration). The
shipped bot (``doomtable.rl.policy``) then judges the positions of an ISMCTS search with it:

- generation 0: ``--greedy-games`` games between four greedy bots;
- every later generation: ``--games`` games played by the bot with the current network,
  half of them in all four seats (self-play), half in one seat against three greedy bots.

From each game, positions are kept at random (``--keep``) where a player has a real choice;
each is that player's view, read into the network's features, labelled with the average of
the game's final win shares and of ``--playouts`` random play-outs to the end from there.
After each generation the network is trained further (AdamW, ``--epochs`` passes) on all
positions so far, with a cross-entropy loss between its softmax over seats and the labels;
the learning rate can fall linearly over the run to ``--lr-end`` x ``--lr``. The one-seat
games' win rate against greedy bots goes to the curve file, with the held-out loss; the run
stops after ``--minutes`` (the generation under way finishes).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from array import array
from multiprocessing import Pool
from pathlib import Path

import torch

from doomtable.bots import InfoSet, make_bot, outcome_shares
from doomtable.bots.greedy import GreedyBot
from doomtable.engine import GameState, Rng, new_game
from doomtable.rl.policy import SEAT_FEATURES, PolicyNet, PolicyWeights, view_features

Position = tuple[list[list[float]], list[list[int]], list[float]]
"""(per-seat numbers, per-seat card buckets, win shares), seats from the viewer round."""


class Net(torch.nn.Module):
    """The network ``doomtable.rl.policy.PolicyNet`` runs, in PyTorch."""

    def __init__(self, hidden: int, buckets: int) -> None:
        super().__init__()
        size = len(SEAT_FEATURES)
        self.dense = torch.nn.Linear(size, hidden)
        self.cards = torch.nn.EmbeddingBag(2 * buckets, hidden, mode="sum")
        self.readout = torch.nn.Linear(hidden, 1, bias=False)
        self.skip = torch.nn.Linear(size, 1, bias=False)
        torch.nn.init.normal_(self.cards.weight, std=0.02)
        self.buckets = buckets

    def forward(
        self, x: torch.Tensor, cards: torch.Tensor, offsets: torch.Tensor, players: int
    ) -> torch.Tensor:
        """Log win chances, one row per position."""
        h = torch.tanh(self.dense(x) + self.cards(cards, offsets))
        u = (self.readout(h) + self.skip(x)).reshape(-1, players)
        return torch.log_softmax(u, dim=1)

    def weights(self, game: str, notes: dict[str, object]) -> PolicyWeights:
        def flat(t: torch.Tensor) -> array[float]:
            return array("f", t.detach().reshape(-1).tolist())

        return PolicyWeights(
            game=game,
            hidden=self.dense.out_features,
            buckets=self.buckets,
            dense_weights=flat(self.dense.weight.T.contiguous()),
            hidden_bias=flat(self.dense.bias),
            card_vectors=flat(self.cards.weight),
            readout=flat(self.readout.weight),
            skip=flat(self.skip.weight),
            notes=notes,
        )


class LookaheadLearner(GreedyBot):
    """The self-play player: greedy's look-ahead, judged by the network being trained.

    Cheap enough for thousands of training games; the shipped bot (``--bots policy``)
    searches with the trained network instead (ISMCTS).
    """

    def __init__(self, seed: int, weights: PolicyWeights, samples: int) -> None:
        super().__init__(seed, samples=samples)
        self.net = PolicyNet(weights)

    def _score(self, state: GameState, player: int) -> tuple[float, float]:
        """The player's win share of a finished game, else the network's chance for it."""
        if state.is_over:
            return outcome_shares(state)[player], 0.0
        return self.net.win_chances(state.view(player))[0], 0.0


_WORKER_NET: dict[str, PolicyWeights] = {}


def playout_shares(state: GameState, rng: Rng) -> list[float]:
    """The win shares at the end of a random play-out from ``state`` (left unchanged), with
    the future shuffles redrawn."""
    world = state.clone()
    world.rng = Rng(rng.next64())
    world.log = []
    world.auto_pass = True
    while (decision := world.pending) is not None:
        world._apply_unchecked(decision.options[rng.below(len(decision.options))])
    return outcome_shares(world)


def play_game(
    task: tuple[str, int, int, str, str | None, float, int, int, int],
) -> tuple[list[Position], float | None]:
    """One game; its kept positions, and the learner's win share if one seat was the bot."""
    game, players, seed, mode, weights_json, keep, samples, buckets, playouts = task
    weights = None
    if weights_json is not None:
        weights = _WORKER_NET.get(weights_json)
        if weights is None:
            _WORKER_NET.clear()
            weights = _WORKER_NET[weights_json] = PolicyWeights.from_json(weights_json, "run")
    rng = Rng(seed ^ 0x5EED)
    learner = rng.below(players)
    bots = []
    for p in range(players):
        if weights is not None and (mode == "self" or p == learner):
            bots.append(LookaheadLearner(seed * 8 + p, weights, samples))
        else:
            bots.append(make_bot("greedy", seed * 8 + p))
    state = new_game(game, players, seed)
    kept: list[tuple[int, list[list[float]], list[list[int]], list[float]]] = []
    while (decision := state.pending) is not None:
        player = decision.player
        if len(decision.options) > 1 and rng.below(1_000_000) < keep * 1_000_000:
            rows, cards = view_features(state.view(player), buckets)
            totals = [0.0] * players
            for _ in range(playouts):
                totals = [t + s for t, s in zip(totals, playout_shares(state, rng), strict=True)]
            kept.append((player, rows, cards, totals))
        state.apply(player, bots[player].choose(InfoSet(state, decision)))
    shares = outcome_shares(state)
    # Label: the game's own outcome and the random play-outs' outcomes, averaged.
    positions = [
        (
            rows,
            cards,
            [(shares[q] + totals[q]) / (playouts + 1) for q in seats_from(player, players)],
        )
        for player, rows, cards, totals in kept
    ]
    return positions, (shares[learner] if mode == "vs" else None)


def seats_from(player: int, players: int) -> list[int]:
    return [(player + k) % players for k in range(players)]


def tensors(
    positions: list[Position],
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    x = [row for rows, _, _ in positions for row in rows]
    flat: list[int] = []
    offsets = []
    for _, cards, _ in positions:
        for names in cards:
            offsets.append(len(flat))
            flat.extend(names)
    y = [shares for _, _, shares in positions]
    return (
        torch.tensor(x, dtype=torch.float32),
        torch.tensor(flat, dtype=torch.long),
        torch.tensor(offsets, dtype=torch.long),
        torch.tensor(y, dtype=torch.float32),
    )


def loss_on(net: Net, positions: list[Position], players: int) -> torch.Tensor:
    x, cards, offsets, y = tensors(positions)
    return -(y * net(x, cards, offsets, players)).sum(1).mean()


def train(
    net: Net,
    opt: torch.optim.Optimizer,
    positions: list[Position],
    players: int,
    epochs: int,
    batch: int,
    rng: Rng,
) -> None:
    for _ in range(epochs):
        order = list(range(len(positions)))
        rng.shuffle(order)
        for start in range(0, len(order), batch):
            chunk = [positions[i] for i in order[start : start + batch]]
            loss = loss_on(net, chunk, players)
            opt.zero_grad()
            loss.backward()
            opt.step()


def main() -> None:
    parser = argparse.ArgumentParser(description="self-play training of the policy bot")
    parser.add_argument("--game", default="doomlings")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--hidden", type=int, default=16)
    parser.add_argument("--buckets", type=int, default=64)
    parser.add_argument("--greedy-games", type=int, default=600)
    parser.add_argument("--games", type=int, default=200, help="games per later generation")
    parser.add_argument("--keep", type=float, default=0.3, help="share of positions kept")
    parser.add_argument("--samples", type=int, default=2, help="the bot's sampled worlds")
    parser.add_argument("--playouts", type=int, default=4, help="random play-outs per position")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--weight-decay", type=float, default=1e-3)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--lr-end", type=float, default=1.0, help="last rate, share of --lr")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--curve", type=Path, required=True)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    net = Net(args.hidden, args.buckets)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    rng = Rng(args.seed)
    seeds = Rng(args.seed + 1)
    start = time.monotonic()
    held_out: list[Position] = []
    positions: list[Position] = []
    games = generation = 0
    with Pool(args.workers) as pool, args.curve.open("w", newline="") as curve_file:
        curve = csv.writer(curve_file)
        curve.writerow(
            ["generation", "minutes", "games", "positions", "held_out_loss", "vs_greedy", "n"]
        )
        while True:
            if generation == 0:
                tasks = [("greedy", None)] * args.greedy_games
            else:
                weights_json = net.weights(args.game, {}).to_json()
                half = args.games // 2
                tasks = [("self", weights_json)] * half + [("vs", weights_json)] * (
                    args.games - half
                )
            work = [
                (
                    args.game,
                    args.players,
                    seeds.next64() % 2**31,
                    mode,
                    weights_json,
                    args.keep,
                    args.samples,
                    args.buckets,
                    args.playouts,
                )
                for mode, weights_json in tasks
            ]
            results = list(pool.imap(play_game, work))
            shares = [share for _, share in results if share is not None]
            for game_positions, _ in results:
                # Every tenth game is held out, to watch the loss on games never trained on.
                (held_out if games % 10 == 0 else positions).extend(game_positions)
                games += 1
            # The learning rate may fall linearly over the run, to settle the last weights.
            elapsed = min(1.0, (time.monotonic() - start) / 60 / args.minutes)
            for group in opt.param_groups:
                group["lr"] = args.lr * (1 - (1 - args.lr_end) * elapsed)
            train(net, opt, positions, args.players, args.epochs, args.batch, rng)
            with torch.no_grad():
                held = float(loss_on(net, held_out, args.players))
            minutes = (time.monotonic() - start) / 60
            rate = sum(shares) / len(shares) if shares else math.nan
            curve.writerow(
                [
                    generation,
                    f"{minutes:.1f}",
                    games,
                    len(positions),
                    f"{held:.4f}",
                    "" if not shares else f"{rate:.3f}",
                    len(shares),
                ]
            )
            curve_file.flush()
            print(
                f"gen {generation} {minutes:5.1f} min {games} games {len(positions)} positions "
                f"held-out loss {held:.4f} vs greedy {rate:.3f} ({len(shares)} games)",
                flush=True,
            )
            generation += 1
            if minutes >= args.minutes:
                break
    notes = {
        "trained_games": games,
        "generations": generation,
        "minutes": round((time.monotonic() - start) / 60, 1),
        "method": "afterstate value network, approximate policy iteration by self-play",
        "samples": args.samples,
        "players": args.players,
        "args": {k: str(v) for k, v in vars(args).items()},
    }
    args.out.write_text(net.weights(args.game, notes).to_json())
    print(json.dumps(notes))


if __name__ == "__main__":
    main()
