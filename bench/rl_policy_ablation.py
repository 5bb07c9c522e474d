"""What the policy bot's learned judge is worth: the same search with other judges.

Run by hand: ``.venv/bin/python bench/rl_policy_ablation.py [--games 400] [--seed 7]
[--iterations 200] [--workers 2]``. Each variant plays one seat against three greedy bots in
seat-rotated 4-player Doomlings games (``doomtable simulate``'s runner, same seed for all):

- ``trained``: ``--bots policy``, the shipped weights;
- ``untrained``: the same network with weights drawn at random (normal, sd 0.3), the
  network before any training;
- ``hand-fitted``: ``ismcts`` judged by the game's own win-chance model
  (``games/doomlings/value.py``, fitted by ``bench/fit_value.py``).
"""

from __future__ import annotations

import argparse
import random
import tempfile
from array import array
from pathlib import Path

from doomtable.rl.policy import PolicyWeights, load_weights
from doomtable.sim.runner import run
from doomtable.sim.stats import summarize


def untrained_weights(seed: int) -> PolicyWeights:
    """The shipped network's shape with random weights."""
    shipped = load_weights("doomlings")
    assert isinstance(shipped, PolicyWeights), "Doomlings ships its per-seat network"
    rng = random.Random(seed)

    def draw(like: array[float]) -> array[float]:
        return array("f", [rng.gauss(0, 0.3) for _ in like])

    return PolicyWeights(
        game=shipped.game,
        hidden=shipped.hidden,
        buckets=shipped.buckets,
        dense_weights=draw(shipped.dense_weights),
        hidden_bias=draw(shipped.hidden_bias),
        card_vectors=draw(shipped.card_vectors),
        readout=draw(shipped.readout),
        skip=draw(shipped.skip),
        notes={"untrained": True, "seed": seed},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    n = args.iterations
    with tempfile.TemporaryDirectory() as folder:
        untrained = Path(folder) / "untrained.json"
        untrained.write_text(untrained_weights(args.seed).to_json())
        variants = {
            "trained": f"policy:{n}",
            "untrained": f"policy:{untrained}:{n}",
            "hand-fitted": f"ismcts:{n}",
        }
        print("| judge | bot | games | win rate | 95% interval | minutes |")
        print("|---|---|---:|---:|---|---:|")
        for judge, spec in variants.items():
            result = run(
                "doomlings",
                args.games,
                4,
                [spec, "greedy", "greedy", "greedy"],
                seed=args.seed,
                workers=args.workers,
            )
            wins = summarize(result)["wins_by_bot"][spec]
            low, high = wins["ci95"]
            shown = spec.replace(str(untrained), "UNTRAINED.json")
            print(
                f"| {judge} | `{shown}` | {wins['games']} | {wins['rate']:.1%} "
                f"| {low:.1%}-{high:.1%} | {result.seconds / 60:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
