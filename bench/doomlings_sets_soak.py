"""Doomlings with expansions, soaked: many random games, every card accounted for at every step.

Each game takes a player count from 2 to 8 and its card sets from the seed: every third game
all of them, the others a random handful (the base set is always in). Random choices are
made until the game ends; after every decision the cards in all zones must be exactly the
game's cards (none lost, none duplicated) and every Gene Pool within 1 to 8. A crash or a
broken promise prints the seed, the sets and the decision count, and the run goes on.

``DOOMTABLE_PURE=1 .venv/bin/python bench/doomlings_sets_soak.py --games 10000``
"""

from __future__ import annotations

import argparse
import random
import time
import traceback

from doomtable.engine import new_game
from doomtable.games.doomlings.data import SET_NAMES
from doomtable.games.doomlings.game import DoomlingsState

EXPANSIONS = [name for name in SET_NAMES if name != "base"]


def sets_for(seed: int) -> str:
    if seed % 3 == 0:
        return "all"
    chooser = random.Random(seed)
    return ",".join(chooser.sample(EXPANSIONS, chooser.randint(1, len(EXPANSIONS))))


def play(seed: int) -> tuple[int, str | None]:
    """The number of decisions made, and what went wrong (None: nothing)."""
    players = 2 + seed % 7
    state = new_game("doomlings", players, seed, {"sets": sets_for(seed)})
    assert isinstance(state, DoomlingsState)
    cards = state.game_cards()
    chooser = random.Random(seed)
    decisions = 0
    while (decision := state.pending) is not None:
        state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
        decisions += 1
        if sorted(state.all_cards()) != cards:
            return decisions, "a card was lost or duplicated"
        if not all(1 <= g <= 8 for g in state.gene_pool):
            return decisions, f"a Gene Pool left 1..8: {state.gene_pool}"
        if decisions > 5000:
            return decisions, "the game does not end"
    return decisions, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    started = time.perf_counter()
    failures = 0
    total = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        try:
            decisions, problem = play(seed)
        except Exception:  # report every crash with its seed, then go on
            decisions, problem = -1, traceback.format_exc(limit=3)
        total += max(decisions, 0)
        if problem is not None:
            failures += 1
            print(f"seed {seed} ({2 + seed % 7} players, sets {sets_for(seed)}): {problem}")
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games, {total} decisions, {failures} failed, "
        f"{elapsed:.0f} s ({total / elapsed:.0f} decisions/s)"
    )


if __name__ == "__main__":
    main()
