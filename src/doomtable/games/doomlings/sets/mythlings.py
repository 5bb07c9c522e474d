"""Mythlings: take-that traits, most of them played out of turn, one age and one catastrophe."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    AllColorsBonus,
    Bonus,
    CatastropheEffect,
    Count,
    DigForColor,
    DiscardOpponentTrait,
    DiscardWholeHand,
    Doom,
    Persistent,
    PlayWhen,
    Trait,
    TraitFilter,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS

SET = CardSet(
    name="mythlings",
    title="Mythlings",
    summary="Take-that traits played out of turn, an age and a catastrophe.",
    traits=(
        Trait("Ancient", R, 2, action=(DigForColor(10),), copies=2),
        Trait("Destined", C, 4),
        Trait("Diaphanous Wings", B, -1),
        Trait("Dragon Heart", R, 1, bonus=AllColorsBonus(4)),
        Trait("Effigial", C, -3, play_when=PlayWhen.INTO_ACTING_PILE),
        Trait("Elven Ears", G, -1, bonus=Bonus(Count.MYTHLINGS_ALL_PILES)),
        Trait("Fey", G, 1, gene_pool=1, gene_pool_all=True, play_when=PlayWhen.ANY_TIME, copies=2),
        Trait(
            "Gelatinous",
            R,
            2,
            play_when=PlayWhen.WHEN_STOLEN_FROM,
            persistent=Persistent.DISCARD_IF_STOLEN,
            copies=2,
        ),
        Trait("Icy", B, 3),
        Trait("Legendary", B, 8, dominant=True, on_play=(DiscardWholeHand(skip_stabilize=True),)),
        Trait("Mighty", R, 2, action=(DiscardOpponentTrait(TraitFilter(face=2)),)),
        Trait("Necromantic", P, 1, play_when=PlayWhen.TAKE_DISCARDED_TRAIT),
        Trait("Orcish Tusks", G, 2, play_when=PlayWhen.OPPONENT_DOMINANT, copies=2),
        Trait("Rainbow Horn", C, 2, play_when=PlayWhen.ANY_TIME_ALL_COLORS, copies=2),
        Trait("Righteous", B, 1, play_when=PlayWhen.PREVENT_TAKE_THAT),
        Trait(
            "Witchy",
            P,
            2,
            play_when=PlayWhen.MAY_PLAY_DISCARDED,
            persistent=Persistent.BACK_TO_HAND,
        ),
        Trait("Zombified", P, -2, play_when=PlayWhen.DISCARDED_INTO_OPPONENT),
    ),
    ages=(
        Age(
            "Ozmorian Winds",
            "Each time you stabilize, a random card of your hand goes to the player on your left.",
            AgeRule.OZMORIAN_WINDS,
        ),
        Age(
            "Eyes Open from Behind the Stars",
            "Everyone discards 1 card from their hand; whoever discarded the lowest face value "
            "(all tied, too) also discards 1 trait from their trait pile.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_LOWEST_LOSES_TRAIT,
            doom=Doom.DISCARD_HIGHEST,
            doom_text="Discard the trait with the highest face value from your trait pile.",
        ),
    ),
)
