"""How We're Doomed!'s bots play: seats built, leaders aboard, actions, votes and pressures.

Run by hand: ``.venv/bin/python bench/bench_were_doomed_bots.py [--games 100] [--players 6]
[--bots greedy ismcts:10] [--json]``. Every seat of a game is the same bot; game ``g`` uses
seed ``g``, so a run is reproducible. Counts come from the public event log and the decision
log: seats are those built when the rocket launches, "aboard" the share of leaders who board,
actions the answers to "Take an action", votes every ballot cast, pressures every countdown
started. Games run on the simulated 15-minute clock.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from typing import Any

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import new_game

GAME = "were-doomed"
ACTIONS = ("produce", "indoctrinate", "propagandize", "invade", "nuke")


def play(spec: str, players: int, seed: int) -> dict[str, float]:
    """One game with every seat played by ``spec``; its counts."""
    state = new_game(GAME, players, seed, {})
    bots = [make_bot(spec, seed * 31 + seat) for seat in range(players)]
    while (decision := state.pending) is not None:
        option = bots[decision.player].choose(InfoSet(state, decision))
        state._apply_unchecked(option)
    counts: Counter[str] = Counter()
    for entry in state.log:
        option = entry[1]
        if isinstance(option, tuple) and option:
            verb = str(option[0])
            if verb in ACTIONS or verb in ("vote", "yes", "no", "pressure", "contribute"):
                counts[verb if verb not in ("yes", "no") else "vote"] += 1
    seats = next((int(e[1]) for e in state.events if e[0] == "launch"), 0)
    row: dict[str, float] = {a: counts[a] for a in ACTIONS}
    row["seats"] = seats
    row["aboard"] = len(state.winners()) / players
    row["contributions"] = counts["contribute"]
    row["votes"] = counts["vote"]
    row["pressures"] = counts["pressure"]
    row["project"] = int(state.snapshot()["project"])
    return row


def summary(spec: str, players: int, games: int) -> dict[str, Any]:
    start = time.perf_counter()
    results = [play(spec, players, seed) for seed in range(games)]
    row: dict[str, Any] = {"bot": spec, "players": players, "games": games}
    for key in results[0]:
        row[key] = round(statistics.mean(r[key] for r in results), 2)
    row["games_without_seat"] = sum(r["seats"] == 0 for r in results)
    row["seconds"] = round(time.perf_counter() - start, 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--bots", nargs="+", default=["greedy"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [summary(spec, args.players, args.games) for spec in args.bots]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(", ".join(f"{k}={v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
