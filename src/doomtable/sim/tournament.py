"""Round-robin tournaments between bots: pairwise and overall win rates, and ratings.

Every pair of bots plays ``games`` games in which the seats alternate between the two
(``a b a b`` then ``b a b a``, ...), so each bot sits in each seat equally often. A pair's
game is won by the bot whose seat won it (a tie between the two bots is split). Ratings are
a Bradley-Terry fit of the pairwise results, shown on the Elo scale (mean 1500).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from doomtable.engine import GameSpec
from doomtable.sim.runner import (
    MAX_DECISIONS,
    GameRecord,
    Progress,
    SimError,
    execute,
    make_tasks,
    resolve_game,
)
from doomtable.sim.stats import rate, win_shares


def pair_lineups(a: str, b: str, players: int, games: int) -> list[tuple[str, ...]]:
    """Seats alternate between ``a`` and ``b``, starting with ``b`` in every other game.

    >>> pair_lineups("x", "y", 3, 2)
    [('x', 'y', 'x'), ('y', 'x', 'y')]
    """
    pair = (a, b)
    return [tuple(pair[(seat + g) % 2] for seat in range(players)) for g in range(games)]


def bradley_terry(
    names: Sequence[str], wins: dict[tuple[str, str], float], iterations: int = 500
) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from ``wins[(a, b)]``: a's wins against b.

    Each pair's record gets half a win each way as a prior, so a bot that never won (or
    never lost) still has a finite rating.

    >>> r = bradley_terry(["a", "b"], {("a", "b"): 75.0, ("b", "a"): 25.0})
    >>> round(r["a"] - r["b"])
    189
    """
    smoothed = {(a, b): wins.get((a, b), 0.0) + 0.5 for a in names for b in names if a != b}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(smoothed[(a, b)] for b in names if b != a)
            denom = sum(
                (smoothed[(a, b)] + smoothed[(b, a)]) / (strength[a] + strength[b])
                for b in names
                if b != a
            )
            new[a] = won / denom if denom else 1.0
        log_mean = sum(math.log(v) for v in new.values()) / len(new)
        new = {a: v / math.exp(log_mean) for a, v in new.items()}
        converged = all(abs(new[a] - strength[a]) < 1e-10 for a in names)
        strength = new
        if converged:
            break
    return {a: round(1500 + 400 * math.log10(strength[a]), 1) for a in names}


def tournament(
    game: GameSpec | str,
    bots: Sequence[str],
    games: int,
    players: int,
    seed: int = 0,
    workers: int | None = None,
    *,
    options: dict[str, Any] | None = None,
    backend: str = "local",
    address: str | None = None,
    max_decisions: int = MAX_DECISIONS,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Play ``games`` games for every pair of ``bots`` and summarise them as JSON-ready data."""
    names = [b.strip() for b in bots]
    if len(names) < 2:
        raise SimError("a tournament needs at least two bots")
    if len(set(names)) != len(names):
        raise SimError(f"each bot may enter a tournament once: {', '.join(names)}")
    if games < 1:
        raise SimError(f"the number of games per pair must be at least 1, not {games}")
    spec = resolve_game(game)
    pairs = list(combinations(names, 2))
    lineups = [lineup for a, b in pairs for lineup in pair_lineups(a, b, players, games)]
    tasks = make_tasks(spec, lineups, players, seed, options, max_decisions)
    start = time.perf_counter()
    records = execute(tasks, workers, backend, address, progress)
    seconds = time.perf_counter() - start
    wins: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    for i, (a, b) in enumerate(pairs):
        for record in records[i * games : (i + 1) * games]:
            if not record.finished:
                continue
            share_a, share_b = _pair_shares(record, a)
            wins[(a, b)] = wins.get((a, b), 0.0) + share_a
            wins[(b, a)] = wins.get((b, a), 0.0) + share_b
            played[(a, b)] = played.get((a, b), 0) + 1
            played[(b, a)] = played.get((b, a), 0) + 1
    ratings = bradley_terry(names, wins)
    return {
        "game": spec.name,
        "players": players,
        "seed": seed,
        "bots": names,
        "games_per_pair": games,
        "games": len(records),
        "unfinished": sum(1 for r in records if not r.finished),
        "pairwise": [
            {"bot": a, "opponent": b, **rate(wins.get((a, b), 0.0), played.get((a, b), 0))}
            for a in names
            for b in names
            if a != b
        ],
        "overall": {
            name: rate(
                sum(wins.get((name, b), 0.0) for b in names if b != name),
                sum(played.get((name, b), 0) for b in names if b != name),
            )
            for name in names
        },
        "ratings": dict(sorted(ratings.items(), key=lambda item: -item[1])),
        "seconds": round(seconds, 4),
        "games_per_second": round(len(records) / seconds, 3) if seconds else 0,
    }


def _pair_shares(record: GameRecord, a: str) -> tuple[float, float]:
    shares = win_shares(record)
    share_a = sum(v for seat, v in shares.items() if record.bots[seat] == a)
    return share_a, sum(shares.values()) - share_a
