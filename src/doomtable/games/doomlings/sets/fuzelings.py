"""Fuzelings (Imaginary Ends): two-colour traits that tie the other Imaginary Ends sets
together (Deeplings' suppression, Moonlings' small hands, Glitterlings' sharing)."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    CatastropheEffect,
    Doom,
    DrawAndSuppress,
    FamiliesBonus,
    GiveFamiliesToOpponent,
    GiveThenSuppressColor,
    HandAtMost,
    OpponentsPassHandsRight,
    Stabilize,
    StabilizeToYours,
    SuppressedUnderBonus,
    SuppressWholeHand,
    Trait,
    Who,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R = BLUE, GREEN, PURPLE, RED

SET = CardSet(
    name="fuzelings",
    title="Fuzelings",
    summary="Two-colour traits that feed on the other Imaginary Ends sets.",
    traits=(
        Trait("Eccentric", B | P, 2, action=(StabilizeToYours(),)),
        Trait(
            "Effervescent",
            G,
            1,
            action=(DrawAndSuppress(("deeplings", "glitterlings")),),
        ),
        Trait(
            "Extravagant",
            G | P,
            3,
            action=(GiveFamiliesToOpponent(("moonlings", "glitterlings")),),
        ),
        Trait("Frumious", G | R, 1),
        Trait("Glamorous", B | R, 1),
        Trait("Gossamer", G | P, 2),
        Trait("Mimsy", B, 1, action=(GiveThenSuppressColor(),)),
        Trait(
            "Remarkable",
            R,
            1,
            dominant=True,
            requirement=HandAtMost(3),
            action=(OpponentsPassHandsRight(), Stabilize(Who.OPPONENTS), SuppressWholeHand()),
        ),
        Trait(
            "Scintillant",
            B | G,
            -3,
            bonus=FamiliesBonus(("deeplings", "glitterlings")),
        ),
        Trait(
            "Slithy",
            P | R,
            -1,
            bonus=SuppressedUnderBonus(5, ("moonlings", "deeplings")),
        ),
    ),
    ages=(
        Age(
            "Age of Reverie",
            "As your turn begins, suppress 1 random card of your hand, then hand 1 card of your "
            "choice to the player on your left.",
            AgeRule.REVERIE,
        ),
        Age(
            "Unusual Friends",
            "When you play a Deepling, Moonling or Glitterling trait, draw 2 cards.",
            AgeRule.UNUSUAL_FRIENDS,
        ),
        Age(
            "Isolation",
            "Every player holding 3 cards or fewer suppresses 1 random card of their hand, then "
            "stabilizes.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.ISOLATION,
            doom=Doom.SMALL_HAND_CARD,
            doom_text="Holding 3 cards or fewer, add the face value of 1 card of your hand.",
        ),
    ),
)
