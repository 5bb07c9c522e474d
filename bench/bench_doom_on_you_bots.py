"""How Doom On You's bots play: attacks, hits, bribes and attack rounds per game.

Run by hand: ``.venv/bin/python bench/bench_doom_on_you_bots.py [--games 100] [--players 3]
[--bots random greedy ismcts:20] [--json]``. Every seat of a game is the same bot; game ``g``
uses seed ``g``, so a run is reproducible. Counts come from the public event log: an attack is
a declared or sneak attack, a hit an attack whose food got through, a bribe an accepted offer
(``offers`` counts every offer made). Each game stops at the game's own round cap (30).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import new_game

GAME = "doom-on-you"
COUNTED = {"attack": "attacks", "sneak": "attacks", "hit": "hits", "paid": "bribes"}


def play(spec: str, players: int, seed: int) -> dict[str, int]:
    """One game with every seat played by ``spec``; its counts."""
    state = new_game(GAME, players, seed, {})
    bots = [make_bot(spec, seed * 31 + seat) for seat in range(players)]
    while (decision := state.pending) is not None:
        option = bots[decision.player].choose(InfoSet(state, decision))
        state.apply(decision.player, option)
    counts = {"attacks": 0, "hits": 0, "bribes": 0, "offers": 0}
    for event in state.events:
        if event[0] in COUNTED:
            counts[COUNTED[event[0]]] += 1
        elif event[0] == "offer":
            counts["offers"] += 1
    counts["rounds"] = int(state.snapshot()["attack_round"])
    return counts


def summary(spec: str, players: int, games: int) -> dict[str, Any]:
    start = time.perf_counter()
    results = [play(spec, players, seed) for seed in range(games)]
    row: dict[str, Any] = {"bot": spec, "players": players, "games": games}
    for key in ("attacks", "hits", "bribes", "offers", "rounds"):
        values = [r[key] for r in results]
        row[key] = round(statistics.mean(values), 2)
        if key == "attacks":
            row["games_without_attack"] = sum(v == 0 for v in values)
    row["seconds"] = round(time.perf_counter() - start, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "ismcts:20"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [summary(spec, args.players, args.games) for spec in args.bots]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| bot | games | attacks | hits | bribes paid | offers | rounds | no attack | s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['bot']} | {r['games']} | {r['attacks']} | {r['hits']} | {r['bribes']} | "
            f"{r['offers']} | {r['rounds']} | {r['games_without_attack']} | {r['seconds']} |"
        )


if __name__ == "__main__":
    main()
