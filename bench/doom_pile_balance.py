"""Doom Pile balance: a round robin of the preconstructed decks between equal bots.

Every ordered pair of different decks plays ``--games`` games (so each deck sits first and
second equally often); both seats use the same bot and stack their decks with the game's
auto-stack. Prints each deck's win rate against the field, the first player's win rate and
the median game length in turns each. Results go to docs/rulings.md.

``.venv/bin/python bench/doom_pile_balance.py --bots ismcts:50 --games 6 --workers 2``
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from doomtable.engine import find_game
from doomtable.games.doom_pile import precon_names
from doomtable.sim.runner import execute, make_tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="ismcts:50", help="bot spec for both seats")
    parser.add_argument("--games", type=int, default=6, help="games per ordered pair of decks")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = find_game("doom-pile")
    decks = precon_names()
    tasks = []
    games = []  # (first deck, second deck, seat that took the first turn)
    for i, first in enumerate(decks):
        for j, second in enumerate(decks):
            if i == j:
                continue
            for starter in (0, 1):
                # Half the games each seat takes the first turn, to measure its advantage.
                options = {"decks": [first, second], "stacking": "auto", "first_player": starter}
                seed = args.seed * 1000 + i * 100 + j * 10 + starter
                count = (args.games + 1 - starter) // 2
                for task in make_tasks(spec, [(args.bots, args.bots)] * count, 2, seed, options):
                    tasks.append(task)
                    games.append((first, second, starter))
    records = execute(tasks, args.workers)
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    first_wins = decided = 0
    lengths = []
    for (first, second, starter), record in zip(games, records, strict=True):
        played[first] += 1
        played[second] += 1
        lengths.append(record.rounds or 0)
        if len(record.winners) == 1:
            decided += 1
            wins[(first, second)[record.winners[0]]] += 1
            first_wins += record.winners[0] == starter
    print(f"{len(records)} games, bots {args.bots}, {args.games} per ordered pair")
    for deck in decks:
        print(f"  {deck:14} {wins[deck]:3}/{played[deck]:3} = {wins[deck] / played[deck]:.1%}")
    print(f"  median game length: {statistics.median(lengths)} turns each")
    print(f"  first player won {first_wins}/{decided} decided games = {first_wins / decided:.1%}")
    print(f"  undecided (turn limit): {len(records) - decided}")


if __name__ == "__main__":
    main()
