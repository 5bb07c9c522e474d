"""Policy-gradient training of the policy bot (PyTorch on the CPU).

    .venv/bin/pip install -e ".[rl-train]"
    nice -n 19 .venv/bin/python bench/rl_train_policy.py --minutes 28 --imitate-minutes 10 \
        --vs-greedy 0.75 --out src/doomtable/rl/weights/doomlings.json --curve curve.csv

The network is the one ``doomtable.rl.policy`` runs (hashed view -> tanh layer ->
option-token scores); games run on a numpy copy of the weights. For the first
``--imitate-minutes`` greedy bots play every seat and the network learns to copy their
choices (cross-entropy). After that each game has, with probability ``--vs-greedy``, one
policy seat against greedy bots, otherwise the policy in every seat (sampling from its
softmax); every policy decision with a choice is trained with REINFORCE, the return being the
seat's win share plus ``--score-weight`` x (score - the others' mean score) / 10, standardised
over the batch, plus an entropy bonus. Every ``--eval-every`` batches the policy (best option,
as the bot plays) plays ``--eval-games`` seat-rotated games against three greedy bots and the
win rate goes to the curve file.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np
import torch

from doomtable.bots import InfoSet, make_bot, outcome_shares
from doomtable.engine import GameState, Rng, new_game
from doomtable.rl.encoding import game_encoding
from doomtable.rl.policy import PolicyBot, PolicyWeights, option_tokens

Sample = tuple[list[int], list[float], list[int], int, int, int]
"""(observation slots, values, option token buckets (2 per option), options, chosen, seat)"""


class Net(torch.nn.Module):
    def __init__(self, size: int, hidden: int, buckets: int) -> None:
        super().__init__()
        self.inputs = torch.nn.EmbeddingBag(size, hidden, mode="sum")
        self.input_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.tokens = torch.nn.Embedding(buckets, hidden)
        self.token_bias = torch.nn.Embedding(buckets, 1)
        torch.nn.init.normal_(self.inputs.weight, std=0.05)
        torch.nn.init.normal_(self.tokens.weight, std=0.05)
        torch.nn.init.zeros_(self.token_bias.weight)

    def weights(self, game: str, notes: dict[str, object]) -> PolicyWeights:
        from array import array

        def flat(t: torch.Tensor) -> array[float]:
            return array("f", t.detach().reshape(-1).tolist())

        return PolicyWeights(
            game=game,
            observation_size=self.inputs.weight.shape[0],
            hidden=self.inputs.weight.shape[1],
            buckets=self.tokens.weight.shape[0],
            input_weights=flat(self.inputs.weight),
            input_bias=flat(self.input_bias),
            token_vectors=flat(self.tokens.weight),
            token_bias=flat(self.token_bias.weight),
            notes=notes,
        )


def play_game(
    game: str,
    players: int,
    seed: int,
    params: list[np.ndarray],
    rng: np.random.Generator,
    learners: int,
    score_weight: float,
    imitate: bool = False,
) -> tuple[list[Sample], list[float]]:
    """One game: ``learners`` random seats play the policy, the others are greedy bots.

    With ``imitate``, greedy bots play every seat and their choices are the samples.
    """
    w1, b1, tok, tbias = params
    encoding = game_encoding(game)
    buckets = tok.shape[0]
    state = new_game(game, players, seed)
    seats = set() if imitate else set(rng.permutation(players)[:learners].tolist())
    greedy = {p: make_bot("greedy", seed * 7 + p) for p in range(players) if p not in seats}
    samples: list[Sample] = []
    while (decision := state.pending) is not None:
        options = decision.options
        if len(options) == 1:
            state.apply(decision.player, options[0])
            continue
        if decision.player in greedy and not imitate:
            state.apply(decision.player, greedy[decision.player].choose(InfoSet(state, decision)))
            continue
        feats = encoding.observations.features(
            state.view(decision.player), decision.player, players
        )
        slots = list(feats)
        values = list(feats.values())
        hidden = np.tanh(b1 + np.asarray(values, np.float32) @ w1[slots])
        tokens = [t for o in options for t in option_tokens(str(o[0]), state.label(o), buckets)]
        pair = np.asarray(tokens).reshape(-1, 2)
        logits = (tok[pair] @ hidden).sum(1) + tbias[pair].sum(1)
        logits = logits - logits.max()
        p = np.exp(logits)
        p /= p.sum()
        if imitate:
            chosen = options.index(greedy[decision.player].choose(InfoSet(state, decision)))
        else:
            chosen = int(rng.choice(len(options), p=p))
        samples.append((slots, values, tokens, len(options), chosen, decision.player))
        state.apply(decision.player, options[chosen])
    return samples, rewards(state, score_weight)


def rewards(state: GameState, score_weight: float) -> list[float]:
    """Win share, plus ``score_weight`` x (score - mean of the others' scores) / 10."""
    shares = outcome_shares(state)
    scores = state.scores()
    n = len(scores)
    return [
        share + score_weight * (score - (sum(scores) - score) / (n - 1)) / 10
        for share, score in zip(shares, scores, strict=True)
    ]


def update(
    net: Net, opt: torch.optim.Optimizer, batch: list[tuple[Sample, float]], entropy_coef: float
) -> float:
    offsets, flat_slots, flat_values, seg, tokens, chosen_at, advantages = (
        [],
        [],
        [],
        [],
        [],
        [],
        [],
    )
    position = 0
    for row, (sample, advantage) in enumerate(batch):
        slots, values, toks, count, chosen, _ = sample
        offsets.append(len(flat_slots))
        flat_slots.extend(slots)
        flat_values.extend(values)
        seg.extend([row] * count)
        tokens.extend(toks)
        chosen_at.append(position + chosen)
        position += count
        advantages.append(advantage)
    hidden = torch.tanh(
        net.inputs(
            torch.tensor(flat_slots),
            torch.tensor(offsets),
            per_sample_weights=torch.tensor(flat_values, dtype=torch.float32),
        )
        + net.input_bias
    )
    pair = torch.tensor(tokens).reshape(-1, 2)
    seg_t = torch.tensor(seg)
    logits = (net.tokens(pair).sum(1) * hidden[seg_t]).sum(1) + net.token_bias(pair).sum((1, 2))
    rows = len(batch)
    seg_max = torch.full((rows,), -1e9).scatter_reduce(0, seg_t, logits.detach(), "amax")
    exp = torch.exp(logits - seg_max[seg_t])
    norm = torch.zeros(rows).index_add(0, seg_t, exp)
    log_p = logits - seg_max[seg_t] - torch.log(norm[seg_t])
    entropy = -torch.zeros(rows).index_add(0, seg_t, torch.exp(log_p) * log_p)
    adv = torch.tensor(advantages, dtype=torch.float32)
    loss = -(log_p[torch.tensor(chosen_at)] * adv).mean() - entropy_coef * entropy.mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return float(entropy.mean().detach())


def evaluate(weights: PolicyWeights, game: str, players: int, games: int, seed: int) -> float:
    wins = 0.0
    for g in range(games):
        seat = g % players
        bots = [make_bot("greedy", seed + g * 10 + p) for p in range(players)]
        bots[seat] = PolicyBot.with_weights(seed + g, weights)
        state = new_game(game, players, seed + g)
        while (decision := state.pending) is not None:
            state.apply(decision.player, bots[decision.player].choose(InfoSet(state, decision)))
        wins += outcome_shares(state)[seat]
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description="self-play training of the policy bot")
    parser.add_argument("--game", default="doomlings")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--buckets", type=int, default=1024)
    parser.add_argument("--games-per-batch", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=25)
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--vs-greedy", type=float, default=0.5, help="share of games: 1 learner")
    parser.add_argument("--score-weight", type=float, default=0.3)
    parser.add_argument(
        "--imitate-minutes", type=float, default=0.0, help="first learn to copy greedy bots"
    )
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--curve", type=Path, required=True)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    encoding = game_encoding(args.game)
    net = Net(encoding.observations.size, args.hidden, args.buckets)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = np.random.default_rng(args.seed)
    seeds = Rng(args.seed)
    start = time.monotonic()
    games = batches = 0
    with args.curve.open("w", newline="") as curve_file:
        curve = csv.writer(curve_file)
        curve.writerow(["minutes", "games", "entropy", "win_rate_vs_greedy", "phase"])
        while time.monotonic() - start < args.minutes * 60:
            params = [
                net.inputs.weight.detach().numpy().copy(),
                net.input_bias.detach().numpy().copy(),
                net.tokens.weight.detach().numpy().copy(),
                net.token_bias.weight.detach().numpy()[:, 0].copy(),
            ]
            batch: list[tuple[Sample, float]] = []
            if time.monotonic() - start < args.imitate_minutes * 60:
                for _ in range(args.games_per_batch):
                    samples, _ = play_game(
                        args.game,
                        args.players,
                        seeds.next64() % 2**31,
                        params,
                        rng,
                        0,
                        args.score_weight,
                        imitate=True,
                    )
                    batch.extend((s, 1.0) for s in samples)  # cross-entropy on greedy's choice
                    games += 1
                entropy = update(net, opt, batch, 0.0)
                batches += 1
                minutes = (time.monotonic() - start) / 60
                curve.writerow([f"{minutes:.1f}", games, f"{entropy:.3f}", "", "imitate"])
                curve_file.flush()
                continue
            for _ in range(args.games_per_batch):
                learners = 1 if rng.random() < args.vs_greedy else args.players
                samples, shares = play_game(
                    args.game,
                    args.players,
                    seeds.next64() % 2**31,
                    params,
                    rng,
                    learners,
                    args.score_weight,
                )
                batch.extend((s, shares[s[5]]) for s in samples)
                games += 1
            returns = np.asarray([r for _, r in batch])
            spread = returns.std() + 1e-6
            batch = [(s, (r - returns.mean()) / spread) for s, r in batch]
            entropy = update(net, opt, batch, args.entropy)
            batches += 1
            win_rate = ""
            if batches % args.eval_every == 0:
                current = net.weights(args.game, {})
                rate = evaluate(current, args.game, args.players, args.eval_games, 10_000 + batches)
                win_rate = f"{rate:.3f}"
            minutes = (time.monotonic() - start) / 60
            curve.writerow([f"{minutes:.1f}", games, f"{entropy:.3f}", win_rate, "reinforce"])
            curve_file.flush()
            print(
                f"{minutes:5.1f} min {games:6d} games entropy {entropy:.3f} {win_rate}", flush=True
            )
    notes = {
        "trained_games": games,
        "minutes": round((time.monotonic() - start) / 60, 1),
        "method": "REINFORCE, self-play and against greedy bots",
        "imitate_minutes": args.imitate_minutes,
        "vs_greedy": args.vs_greedy,
        "players": args.players,
    }
    args.out.write_text(net.weights(args.game, notes).to_json())


if __name__ == "__main__":
    main()
