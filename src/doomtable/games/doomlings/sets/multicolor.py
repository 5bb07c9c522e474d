"""Multi-Color: ten traits that count as two colours, or all four, at once."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Bonus,
    Count,
    Trait,
    WorldsEnd,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS
ALL_FOUR = B | G | P | R

SET = CardSet(
    name="multicolor",
    title="Multi-Color",
    summary="Dual-colour traits and two four-colour dominants.",
    traits=(
        Trait("Acrobatic", G | P, 2),
        Trait("Bloom", B | G, 1),
        Trait("Bullheaded", G | R, 1),
        Trait("Curiosity", B | R, 1),
        Trait("Free Will", C, 2, worlds_end=WorldsEnd.BECOME_COLOR),
        Trait("Hand-Wing", P | R, 1),
        Trait("Mitosis", B | P, 1),
        # No printed text is known for Motley; it is played as the four-colour dominant its
        # frame shows, without effects (docs/rulings.md).
        Trait("Motley", ALL_FOUR, 4, dominant=True),
        Trait("Tetrachromatic", P, 4, bonus=Bonus(Count.COLOR_ELSEWHERE, points=-1, color=C)),
        Trait("Wild", ALL_FOUR, 4, dominant=True, copies=2),
    ),
)
