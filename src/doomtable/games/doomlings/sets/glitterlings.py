"""Glitterlings (Imaginary Ends): traits that share their luck with the table. The cards' word
"friends" means a player's opponents (docs/rulings.md)."""

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
    CatastropheEffect,
    Count,
    Doom,
    Draw,
    DrawChain,
    GiveEachOpponent,
    GuessTopColor,
    IfDrawn,
    MayDiscardFromHands,
    MillAndPlay,
    Persistent,
    PlayBothOrNeither,
    ShiftGenePools,
    Trait,
    TraitFilter,
    Who,
    WorldsEnd,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS
EVERY_COLOR = B | G | P | R

SET = CardSet(
    name="glitterlings",
    title="Glitterlings",
    summary="Traits that draw and show cards, and share what they find with the opponents.",
    traits=(
        Trait(
            "Awesome!", EVERY_COLOR, 1, dominant=True, worlds_end=WorldsEnd.STABILIZE_AND_SCORE_HAND
        ),
        Trait(
            "Bedazzled",
            P,
            2,
            action=(DrawChain(effectless=True, repeat_family="glitterlings"),),
        ),
        Trait("Bubbly", B, 3, worlds_end=WorldsEnd.REVEAL_DISCARD_TRAIT),
        Trait("Dipped", R, 1),
        Trait("Elegance", B, 2, action=(MayDiscardFromHands(TraitFilter(max_face=-1)),)),
        Trait("Ephemeral", P, 5, worlds_end=WorldsEnd.REVEAL_RETURN_SELF),
        Trait("Feisty", G, 2, gene_pool=1, on_play=(IfDrawn(ShiftGenePools(1), G),)),
        Trait("Imaginative", B, 3, action=(GuessTopColor(2),)),
        Trait(
            "Magic Beans",
            G,
            1,
            action=(DrawChain(TraitFilter(face=1), repeat_played=True),),
        ),
        Trait("Merry", G, 0, bonus=Bonus(Count.OPPONENT_DOMINANTS)),
        Trait("Pink", C, 3, action=(Draw(1, Who.OPPONENTS),)),
        Trait("Polka Dots", P, 1, action=(MillAndPlay(5, TraitFilter(face=0)),)),
        Trait(
            "Rainbow Magic",
            EVERY_COLOR,
            3,
            dominant=True,
            persistent=Persistent.RETURN_AND_PLAY_RANDOM,
        ),
        Trait("Scrappy", G, 1, action=(PlayBothOrNeither(),)),
        Trait("Sprinkles", R, 3, action=(IfDrawn(GiveEachOpponent(), R, or_colorless=True),)),
        Trait("Toasty", C, 3),
        Trait(
            "Whimsy",
            C,
            3,
            on_play=(DrawChain(no_action=True, dominant_discards=True, reveal=True),),
        ),
        Trait("Wishful", R, 2),
    ),
    ages=(
        Age(
            "Glitterstorm",
            "As your turn begins, pick 1, 2 or 3: discard that many cards from your hand at "
            "random, then stabilize.",
            AgeRule.GLITTERSTORM,
        ),
        Age(
            "Sunshine & Tea Parties",
            "As your turn begins, draw 1 card and show it to everyone.",
            AgeRule.SHOW_A_DRAW,
        ),
        Age(
            "Too Much Pink",
            "Every player throws away their whole hand. This round, each player draws 4 cards "
            "as their turn begins.",
            AgeRule.DRAW_FOUR,
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_HAND,
            doom=Doom.TOP_COLOR_COUNTS,
            doom_text="The top card of the trait deck is shown: +1 for each trait of its color "
            "in your trait pile.",
        ),
    ),
)
