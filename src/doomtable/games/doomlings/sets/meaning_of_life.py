"""Meaning of Life: 18 hidden objectives, one kept by each player and scored at the end.

Overlush's own 30 Meaning of Life cards (``overlush/meanings.py``) join them in a game with
both sets. The cards of the first, Kickstarter printing that differ (The Bilbies 4/8, The
Cosmic Jinx 3/7, The Dancer 12/-, The Vagrant 7/2) are left out for the current ones
(docs/rulings.md).
"""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    LowestGoal,
    Meaning,
    Pattern,
    PatternGoal,
    Ranked,
    Tally,
    Tier,
    TierGoal,
)
from doomtable.games.doomlings.sets import CardSet

# Two designs of goal make most of the set: few or none of a colour, or plenty of it.
FEW = (Tier(1, 2, 3), Tier(0, 0, 6))
MANY = (Tier(3, 5, 3), Tier(6, None, 6))


def _few(name: str, color: int) -> Meaning:
    return Meaning(name, TierGoal(Tally.COLOR, FEW, color))


def _many(name: str, tally: Tally, color: int | None = None) -> Meaning:
    return Meaning(name, TierGoal(tally, MANY, color))


SET = CardSet(
    name="meaning_of_life",
    title="Meaning of Life",
    summary="Hidden objectives: each player keeps 1 of 2 cards dealt and scores it at the end.",
    traits=(),
    meanings=(
        Meaning("The Bilbies", TierGoal(Tally.DOMINANTS, (Tier(1, 1, 4), Tier(0, 0, 10)))),
        _few("The Cabochon", RED),
        Meaning("The Cosmic Jinx", TierGoal(Tally.GENE_POOL, (Tier(3, 3, 4), Tier(1, 2, 8)))),
        Meaning("The Dancer", LowestGoal(Ranked.SCORE, 12, 8)),
        _few("The Fellmonger", BLUE),
        _many("The Jellyfish", Tally.COLOR, BLUE),
        _many("The Logician", Tally.EFFECTLESS),
        _few("The Lumberjack", GREEN),
        _few("The Magician", COLORLESS),
        Meaning("The Maven", TierGoal(Tally.TRAITS, (Tier(10, 14, 3), Tier(15, None, 7)))),
        _few("The Soothsayer", PURPLE),
        _many("The Spirit Gardener", Tally.COLOR, COLORLESS),
        _many("The Tigris", Tally.ACTIONS),
        Meaning("The Vagrant", LowestGoal(Ranked.TRAITS, 8, 6)),
        _many("The Vixen", Tally.COLOR, PURPLE),
        _many("The Warbler", Tally.COLOR, GREEN),
        _many("The Warrior", Tally.COLOR, RED),
        Meaning("The Weaver", PatternGoal(Pattern.COLOR_SETS)),
    ),
)
