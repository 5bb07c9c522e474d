"""Master Plan progress, the result, and the heuristics bots read (``evaluate``,
``win_chances``)."""

from __future__ import annotations

import math
from typing import Final

from doomtable.games.doom_pile.cards import (
    PLAN_ARTIFICES,
    PLAN_COUNTDOWN,
    PLAN_DESTROY,
    PLAN_DISCARD,
    PLAN_INTER,
    PLAN_KILL,
    PLAN_MINIONS,
    PLAN_MIXED,
    PLAN_RESOLVE_BIG,
    PLAN_REVIVE,
    PLAN_SACRIFICE,
    PLAN_SUBTYPES,
    PLAN_THWART,
)
from doomtable.games.doom_pile.data import (
    IS_ARTIFICE,
    IS_MINION,
    MAX_TRACKED_START,
    PLAN_DEFS,
    SUBTYPE_INDEX,
    T_DESTROYED,
    T_INTERRED,
    T_KILLED,
    T_RESOLVED_AT,
    T_REVIVED,
    T_SACRIFICED,
    T_THWARTED,
)
from doomtable.games.doom_pile.state import DoomPileBase


def plan_progress(s: DoomPileBase, p: int) -> tuple[int, int]:
    """How far ``p``'s Master Plan is: (value, value needed)."""
    plan = PLAN_DEFS[s.plans[p]]
    goal, n = plan.goal, plan.n
    tally = s.tally[p]
    field = s.field[p]
    defs = s.defs
    if goal == PLAN_SACRIFICE:
        return tally[T_SACRIFICED], n
    if goal == PLAN_RESOLVE_BIG:
        return sum(tally[T_RESOLVED_AT + min(n, MAX_TRACKED_START) :]), plan.times
    if goal == PLAN_MINIONS:
        return sum(IS_MINION[defs[c]] for c in field), n
    if goal == PLAN_ARTIFICES:
        return sum(IS_ARTIFICE[defs[c]] for c in field), n
    if goal == PLAN_MIXED:
        minions = sum(IS_MINION[defs[c]] for c in field)
        return min(minions, len(field) - minions), n
    if goal == PLAN_SUBTYPES:
        with_minion = {SUBTYPE_INDEX[defs[c]] for c in field if IS_MINION[defs[c]]}
        with_artifice = {SUBTYPE_INDEX[defs[c]] for c in field if IS_ARTIFICE[defs[c]]}
        return len(with_minion & with_artifice), n
    if goal == PLAN_COUNTDOWN:
        return len(s.countdown[p]), n
    if goal == PLAN_DISCARD:
        return len(s.discard[p]), n
    return tally[_TALLY_OF_GOAL[goal]], n


_TALLY_OF_GOAL: Final = {
    PLAN_KILL: T_KILLED,
    PLAN_DESTROY: T_DESTROYED,
    PLAN_THWART: T_THWARTED,
    PLAN_INTER: T_INTERRED,
    PLAN_REVIVE: T_REVIVED,
}
"""The tally a plan counting one kind of event reads (built once: plans are checked after
every step of play)."""


def scores(s: DoomPileBase) -> list[int]:
    """Each player's Master Plan progress in percent (the winner's counts 100)."""
    out = []
    for p in range(s.players):
        value, needed = plan_progress(s, p)
        out.append(min(100, 100 * value // max(1, needed)))
    return out


def evaluate(s: DoomPileBase, player: int) -> float:
    """Master Plan progress against the best rival's, plus a little board presence."""
    if s.over:
        return 10.0 if player in s.winner_list else -10.0
    mine = progress(s, player)
    rivals = max(progress(s, q) for q in s._opponents(player))
    board = sum(s.strength(c) + s.health_left(c) for c in s.field[player])
    foes = sum(s.strength(c) + s.health_left(c) for q in s._opponents(player) for c in s.field[q])
    return 4 * (mine - rivals) + 0.03 * (board - foes) + 0.02 * len(s.countdown[player])


def progress(s: DoomPileBase, p: int) -> float:
    value, needed = plan_progress(s, p)
    return min(1.0, value / max(1, needed))


def win_chances(s: DoomPileBase) -> list[float] | None:
    """A softmax over Master Plan progress and board presence (hand-set weights)."""
    if s.over:
        return None
    if not s.revealed:
        return [1.0 / s.players] * s.players  # stacking: nobody is ahead yet
    logits = [
        5.0 * progress(s, p) + 0.04 * sum(s.strength(c) + s.health_left(c) for c in s.field[p])
        for p in range(s.players)
    ]
    top = max(logits)
    weights = [math.exp(x - top) for x in logits]
    total = sum(weights)
    return [w / total for w in weights]
