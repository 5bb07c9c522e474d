"""Overlush's 30 Meaning of Life cards, dealt with the Meaning of Life set's in a game that
has both sets (docs/rulings.md)."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    BothGoals,
    CountdownGoal,
    DrawForPoints,
    FewestGoal,
    LowestGoal,
    Meaning,
    MoreMeanings,
    MostGoal,
    Pattern,
    PatternGoal,
    Ranked,
    Tally,
    Tier,
    TierGoal,
)

MEANINGS: tuple[Meaning, ...] = (
    Meaning("The Armored Melon", TierGoal(Tally.HAND, (Tier(3, 5, 3), Tier(6, None, 6)))),
    Meaning("The Blind Dragon", MoreMeanings()),
    Meaning("The Bramble Brawler", MostGoal(Tally.COLOR, PURPLE)),
    Meaning(
        "The Bush Kid",
        BothGoals(
            TierGoal(Tally.DROPS, (Tier(3, None, 3),)),
            TierGoal(Tally.ACTIONS, (Tier(5, None, 6),)),
        ),
    ),
    Meaning("The Child and the Bear", PatternGoal(Pattern.DOMINANT_PAIRS)),
    Meaning("The Clashing Crabs", PatternGoal(Pattern.NEGATIVE_MATCHES_HIGH)),
    Meaning("The Diamond Butterfly", FewestGoal(BLUE | GREEN)),
    Meaning("The Emerald Slug", FewestGoal(RED | BLUE)),
    Meaning("The Fire Bandit", MostGoal(Tally.COLOR, RED)),
    Meaning("The Forest Keeper", MostGoal(Tally.COLOR, GREEN)),
    Meaning(
        "The Fortunate Alchemist",
        TierGoal(Tally.ZERO_FACE, (Tier(5, None, 9), Tier(2, 4, 2), Tier(0, 0, -4))),
    ),
    Meaning(
        "The Genial Outsider",
        BothGoals(
            TierGoal(Tally.DROPS, (Tier(0, 2, 3),)),
            TierGoal(Tally.ACTIONS, (Tier(0, 3, 6),)),
        ),
    ),
    Meaning("The Golden Shrew", TierGoal(Tally.TRAITS, (Tier(0, 8, 7), Tier(9, 12, 4)))),
    Meaning("The Hero", PatternGoal(Pattern.LONE_DOMINANTS)),
    Meaning("The Jungler", MostGoal(Tally.COLOR, COLORLESS)),
    Meaning("The Lunar Guard", PatternGoal(Pattern.MISSING_COLORS)),
    Meaning(
        "The Medicine Master",
        TierGoal(Tally.NEGATIVE_FACE, (Tier(1, 2, 3), Tier(3, None, 7))),
    ),
    Meaning("The Monkey Thief", CountdownGoal(8, 3, Tally.DROPS)),
    Meaning("The Painter", PatternGoal(Pattern.EVEN_COLORS)),
    Meaning("The Parrots Riddle", CountdownGoal(9, 2, Tally.ACTIONS)),
    Meaning("The Rain Golem", MostGoal(Tally.COLOR, BLUE)),
    Meaning("The River Mist", MostGoal(Tally.TRAITS, handicap=2)),
    Meaning("The Ruby Tortoise", FewestGoal(GREEN | PURPLE)),
    Meaning("The Sapphire Ladybug", FewestGoal(PURPLE | RED)),
    Meaning("The Silent Elder", DrawForPoints(((3, 5), (4, 1)))),
    Meaning("The Stylite", TierGoal(Tally.DROP_POINTS, (Tier(0, 2, 7), Tier(3, 6, 3)))),
    Meaning("The Tracker", PatternGoal(Pattern.COLORLESS_IF_ALL_COLORS)),
    Meaning("The Truffle Hunter", TierGoal(Tally.FACE_ONE, (Tier(3, 5, 2), Tier(6, None, 6)))),
    Meaning("The Wilted Flower", LowestGoal(Ranked.GENE_POOL, 7, 4)),
    Meaning("Thunder Frogs", PatternGoal(Pattern.SINGLE_TWOS)),
)
