"""Kickstarter: four ages first sold with the crowdfunding campaign."""

from __future__ import annotations

from doomtable.games.doomlings.cards import Age, AgeRule
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="kickstarter",
    title="Kickstarter ages",
    summary="Four extra ages from the crowdfunding campaign.",
    traits=(),
    ages=(
        Age(
            "Atmospheric Thickening",
            "Instead of your turn, turn up the top card of the trait deck and play it without its "
            "action (discard it if it cannot be played); you do not stabilize.",
            AgeRule.PLAY_FROM_DECK,
        ),
        Age(
            "Joy",
            "As your turn begins, choose: draw 1 card, or discard 2 from your hand.",
            AgeRule.JOY,
        ),
        Age(
            "Sea Kingdoms",
            "Play 2 traits on your turn, both without their actions.",
            AgeRule.TWO_QUIET_PLAYS,
        ),
        Age(
            "Temporal Sands",
            "The rule of the age before this one (catastrophes passed over) applies again.",
            AgeRule.ECHO_PREVIOUS,
        ),
    ),
)
