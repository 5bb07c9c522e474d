"""Results and estimates: who won, and how likely each leader is to board, for bots.

Everyone aboard the rocket wins; a game may have no winner (scores all 0), so the game is
general-sum.
"""

from __future__ import annotations

import math

from doomtable.games.were_doomed.data import EXPECTED_GIVEN, MOST_SEATS, ROUND_MS
from doomtable.games.were_doomed.state import WereDoomedBase


def scores(s: WereDoomedBase) -> list[int]:
    """1 for a seat on the rocket, 0 for a dead loser."""
    return [1 if p in s.aboard else 0 for p in range(s.players)]


def winners(s: WereDoomedBase) -> list[int]:
    """Everyone aboard, once the game is over (none while it runs, or when nobody boards)."""
    return sorted(s.aboard) if s.is_over else []


def evaluate(s: WereDoomedBase, player: int) -> float:
    """A seat is what counts: the chance of boarding (see :func:`aboard_chance`), a bonus for
    holding a seat among those already built, and a little for tokens in hand."""
    if not s.alive[player]:
        return -100.0
    built = 20.0 if rank(s, player) < s.seats() else 0.0
    return 60.0 * aboard_chance(s, player) + built + 0.5 * s.inf[player] + 0.1 * s.res[player]


def win_chances(s: WereDoomedBase) -> list[float]:
    """Each leader's chance of boarding: everyone aboard wins, so they need not sum to 1."""
    return [aboard_chance(s, p) for p in range(s.players)]


def aboard_chance(s: WereDoomedBase, player: int) -> float:
    """How likely ``player`` is to board: the seats the Project should buy by the End of Days
    against the leaders ahead in the boarding order. Resources in hand and those still to be
    produced are expected to reach the Project in good part, so producing, stealing and
    contributing raise everyone's hopes; Influence counts by the rank it buys, not by itself,
    and a nuke pays only when it removes someone ahead."""
    if not s.alive[player]:
        return 0.0
    living = s.living()
    rounds_left = max(0, s.end_at - s.clock) / ROUND_MS if not s.ended else 0.0
    expected = (
        s.project
        + EXPECTED_GIVEN * sum(s.res[p] for p in living)
        + EXPECTED_GIVEN * rounds_left * 2 * len(living)
    )
    first, step = s.seat_chart()
    seats = max(0.0, min(MOST_SEATS, 1 + (expected - first) / step))
    seats += sum(int(r["delta"]) for r in s._in_play("seats")) + s.bonus_seats
    if s.ended:
        seats = float(s.seats())
    margin = seats - rank(s, player) - 0.5
    return 1.0 / (1.0 + math.exp(-margin))


def rank(s: WereDoomedBase, player: int) -> int:
    """How many living leaders board before ``player``."""
    key = s.boarding_key(player)
    return sum(1 for p in s.living() if s.boarding_key(p) > key)
