"""Scores and the heuristic value of a position: food is the score; greedy bots also weigh
what a player has on the table and in hand."""

from __future__ import annotations

from doomtable.games.doom_on_you.state import DoomOnYouBase


def scores(s: DoomOnYouBase) -> list[int]:
    """Food is the score: the last player with food wins, and the round cap ends on most food."""
    return list(s.food)


def evaluate(s: DoomOnYouBase, player: int) -> float:
    """Food first; animals and battle cards in hand are worth a little."""
    if not s.alive[player]:
        return -100.0
    rivals = [s.food[q] for q in s.others(player)]
    own = s.food[player] + 0.3 * len(s.piles[player]) + 0.2 * len(s.hands[player])
    return own - (max(rivals) if rivals else 0)
