"""Summaries of simulated games: win rates with Wilson intervals, distributions, CSV rows."""

from __future__ import annotations

import csv
import math
import statistics
from collections.abc import Iterable, Sequence
from typing import IO, Any

from doomtable.sim.runner import GameRecord, SimResult

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / trials + z2 / (4 * trials * trials))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, trials: int) -> dict[str, Any]:
    """``{"games", "wins", "rate", "ci95"}`` for ``successes`` out of ``trials``."""
    lo, hi = wilson(successes, trials)
    return {
        "games": trials,
        "wins": round(successes, 6),
        "rate": round(successes / trials, 6) if trials else 0.0,
        "ci95": [round(lo, 6), round(hi, 6)],
    }


def histogram(values: Sequence[int], max_bins: int = 20) -> list[list[int]]:
    """Integer bins ``[low, high, count]`` (both ends included) covering ``values``.

    >>> histogram([1, 2, 2, 5])
    [[1, 1, 1], [2, 2, 2], [3, 3, 0], [4, 4, 0], [5, 5, 1]]
    """
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / max_bins))
    counts = [0] * ((high - low) // width + 1)
    for value in values:
        counts[(value - low) // width] += 1
    return [[low + i * width, low + (i + 1) * width - 1, n] for i, n in enumerate(counts)]


def distribution(values: Sequence[int]) -> dict[str, Any]:
    """Mean, median, spread and histogram of integer values."""
    if not values:
        return {"count": 0}
    return {
        "count": len(values),
        "mean": round(statistics.fmean(values), 4),
        "median": statistics.median(values),
        "stdev": round(statistics.pstdev(values), 4),
        "min": min(values),
        "max": max(values),
        "histogram": histogram(values),
    }


def win_shares(record: GameRecord) -> dict[int, float]:
    """Each winning seat's share of the game: ties split the win."""
    return {seat: 1.0 / len(record.winners) for seat in record.winners}


def summarize(result: SimResult) -> dict[str, Any]:
    """The JSON summary of a run."""
    records = result.records
    finished = [r for r in records if r.finished]
    bot_games: dict[str, int] = {name: 0 for name in dict.fromkeys(result.bots)}
    bot_wins: dict[str, float] = dict.fromkeys(bot_games, 0.0)
    bot_scores: dict[str, list[int]] = {name: [] for name in bot_games}
    seat_wins = [0.0] * result.players
    for record in finished:
        shares = win_shares(record)
        for seat, name in enumerate(record.bots):
            bot_games[name] = bot_games.get(name, 0) + 1
            share = shares.get(seat, 0.0)
            bot_wins[name] = bot_wins.get(name, 0.0) + share
            bot_scores.setdefault(name, []).append(record.scores[seat])
            seat_wins[seat] += share
    rounds = [r.rounds for r in finished if r.rounds is not None]
    summary: dict[str, Any] = {
        "game": result.game,
        "players": result.players,
        "seed": result.seed,
        "bots": list(result.bots),
        "games": len(records),
        "finished": len(finished),
        "unfinished": len(records) - len(finished),
        "ties": sum(1 for r in finished if len(r.winners) > 1),
        "expected_rate": round(1 / result.players, 6),
        "wins_by_bot": {
            name: {**rate(bot_wins[name], bot_games[name]), "mean_score": _mean(bot_scores[name])}
            for name in bot_games
        },
        "wins_by_seat": [
            {"seat": seat, **rate(seat_wins[seat], len(finished))} for seat in range(result.players)
        ],
        "scores": distribution([s for r in finished for s in r.scores]),
        "winning_scores": distribution([max(r.scores) for r in finished]),
        "decisions": distribution([r.decisions for r in records]),
    }
    if rounds:
        summary["rounds"] = distribution(rounds)
    cards = card_totals(finished)
    if cards:
        summary["card_stats"] = cards
        summary["card_stats_games"] = sum(1 for r in finished if r.card_stats is not None)
    summary["seconds"] = round(result.seconds, 4)
    summary["games_per_second"] = round(len(records) / result.seconds, 3) if result.seconds else 0
    return summary


def _mean(values: Sequence[int]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def card_totals(records: Iterable[GameRecord]) -> dict[str, dict[str, float]]:
    """Per card, each stat's mean per game over the games that report card stats.

    A game reports them through an optional ``card_stats`` entry of its final snapshot,
    ``{card name: {stat: number}}``; cards a game leaves out count as 0 there.
    """
    totals: dict[str, dict[str, float]] = {}
    games = 0
    for record in records:
        if record.card_stats is None:
            continue
        games += 1
        for card, stats in record.card_stats.items():
            slot = totals.setdefault(card, {})
            for stat, value in stats.items():
                slot[stat] = slot.get(stat, 0.0) + value
    return {
        card: {stat: round(total / games, 6) for stat, total in sorted(stats.items())}
        for card, stats in sorted(totals.items())
    }


def write_csv(result: SimResult, out: IO[str]) -> None:
    """One row per game: index, seed, finished, decisions, rounds, winners, bots, scores."""
    players = result.players
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["game", "seed", "finished", "decisions", "rounds", "winners"]
        + [f"bot_{seat}" for seat in range(players)]
        + [f"score_{seat}" for seat in range(players)]
    )
    for r in result.records:
        writer.writerow(
            [
                r.index,
                r.seed,
                int(r.finished),
                r.decisions,
                "" if r.rounds is None else r.rounds,
                ";".join(map(str, r.winners)),
                *r.bots,
                *r.scores,
            ]
        )
