"""Moonlings (Imaginary Ends): traits that thrive on a low Gene Pool and a small hand."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    Bonus,
    Check,
    Count,
    Doom,
    Draw,
    GiveFromHand,
    GiveToOpponent,
    LowGenePoolBonus,
    OnlyIf,
    PayWithHand,
    Persistent,
    PlayAnother,
    PlayWhen,
    ReturnAnyOwnTrait,
    SkipStabilize,
    StealTrait,
    ThresholdBonus,
    Trait,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS

SET = CardSet(
    name="moonlings",
    title="Moonlings",
    summary="Traits that reward a low Gene Pool and a small hand.",
    traits=(
        Trait("Frumple Pumple", G, 0, bonus=ThresholdBonus(Count.HAND, 5, at_most=3)),
        Trait("Fuffle Nuffs", B, 3, action=(ReturnAnyOwnTrait(), GiveFromHand())),
        Trait("Fumplepop", B, -2),
        Trait("Gob Lopters", C, 4, requirement=PayWithHand(2)),
        Trait("Grobblebobble", P, 1, persistent=Persistent.KEEP_IN_HAND),
        Trait("Gurvendirs", B, 3, action=(GiveToOpponent(2),)),
        Trait("Humdumpling", R, 0, action=(GiveFromHand(), PlayAnother())),
        Trait("Hurmflerm", B, 5, gene_pool=-2, action=(Draw(2), SkipStabilize())),
        Trait("Jibwib", C, 6, dominant=True, bonus=LowGenePoolBonus(5, at_most=2)),
        Trait("Mufflemops", G, 1, gene_pool=-1, bonus=Bonus(Count.SAME_SET)),
        Trait("Nurplers", P, 2),
        Trait("Popplebelly", G, 4, dominant=True, persistent=Persistent.GENE_POOL_ONE),
        Trait("Rogloblers", R, -3),
        Trait("Thwopplers", C, 6, bonus=Bonus(Count.LOWEST_GENE_POOL, points=-1)),
        Trait(
            "Turkendurt",
            P,
            2,
            action=(OnlyIf(Check.GENE_POOL_AT_MOST, 3, StealTrait()),),
        ),
        Trait("Umbleboos", G, 1, gene_pool=-2, play_when=PlayWhen.INTO_HIGH_GENE_POOL),
        Trait("Urf", R, 3, gene_pool=-3, persistent=Persistent.DISCARD_SELF_TO_DRAW),
        Trait(
            "Whopple",
            P,
            2,
            action=(OnlyIf(Check.HAND_AT_MOST, 3, Draw(1)), PlayAnother()),
        ),
    ),
    ages=(
        Age(
            "A Quiet Moment",
            "As your turn begins, you may discard up to 3 cards from your hand; then, if your "
            "hand is empty, draw 4 cards.",
            AgeRule.QUIET_MOMENT,
        ),
        Age(
            "Moonlight",
            "As your turn begins, discard 1 card if your Gene Pool is 4 or more, or draw 2 "
            "cards if it is 3 or less.",
            AgeRule.MOONLIGHT,
        ),
        Age(
            "Moonpocalypse",
            "Its Gene Pool loss stops at 4: it takes no one's Gene Pool below 4.",
            catastrophe=True,
            gene_pool=-2,
            gene_pool_floor=4,
            doom=Doom.HIGH_GENE_POOL_MINUS_FIVE,
            doom_text="-5 for a Gene Pool of 4 or more.",
        ),
    ),
)
