"""Deeplings (Imaginary Ends): traits that suppress cards, turning them face down into a trait
pile where they count as traits without name, colour, value or effect (docs/rulings.md)."""

from __future__ import annotations

from doomtable.games.doomlings.cards import ANY as ANY_TRAIT
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
    MoveSelfToOpponent,
    Payment,
    PayWithTrait,
    Persistent,
    PlayAnother,
    RightNamesColorSuppressHand,
    SetGenePool,
    StealAndSuppress,
    SuppressFromHand,
    SuppressFromPile,
    ThresholdBonus,
    Trait,
    TraitFilter,
    WorldsEnd,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS

SET = CardSet(
    name="deeplings",
    title="Deeplings",
    summary="Suppression: cards turned face down into a trait pile, worth nothing but a place.",
    traits=(
        Trait(
            "Atavism",
            B,
            0,
            action=(SuppressFromPile(None, gene_pool=True), SetGenePool(5)),
        ),
        Trait("Baffling", P, -2, action=(SuppressFromPile(1), MoveSelfToOpponent())),
        Trait(
            "Chemotroph",
            G,
            0,
            requirement=PayWithTrait(Payment.SUPPRESS, ANY_TRAIT),
            action=(PlayAnother(),),
        ),
        Trait("Cryptic", B, 5, bonus=ThresholdBonus(Count.TRAITS, -4, at_least=12)),
        Trait("Decaying Ooze", R, 4),
        Trait("Enigma", P, -3, bonus=ThresholdBonus(Count.TRAITS, 10, at_most=10)),
        Trait("Ethereal", B, 1, dominant=True, persistent=Persistent.SUPPRESS_INSTEAD_OF_STABILIZE),
        Trait("Hidden", P, 1, action=(StealAndSuppress(),)),
        Trait("Lure", B, 2, action=(RightNamesColorSuppressHand(),)),
        Trait("Monstrosity", P, 3),
        Trait(
            "Spineless",
            C,
            5,
            action=(SuppressFromPile(None, TraitFilter(face=1)),),
            bonus=Bonus(Count.FACE_ONE_TRAITS, points=-1),
        ),
        Trait("Still", G, 4),
        Trait(
            "Stygian",
            C,
            10,
            dominant=True,
            worlds_end=WorldsEnd.SUPPRESS_COLOR,
            bonus=Bonus(Count.COLORS_IN_PILE, points=-2),
        ),
        Trait("Telescopic Eyes", C, 2, bonus=Bonus(Count.OPPONENTS_WITH_MORE_TRAITS, points=2)),
        Trait("Translucent", C, 1, action=(SuppressFromHand(1),)),
        Trait("Undulating", R, 1, worlds_end=WorldsEnd.SUPPRESS_ONE),
        Trait(
            "Untold",
            R,
            -1,
            action=(SuppressFromPile(2, up_to=True),),
            bonus=Bonus(Count.SUPPRESSED_UNDER_THIS),
        ),
        Trait("Whip Tail", G, 2, action=(SuppressFromPile(1),)),
    ),
    ages=(
        Age(
            "Age of Solitude",
            "As your turn begins, suppress 1 card from your hand.",
            AgeRule.SOLITUDE,
        ),
        Age(
            "Fading Away",
            "Once the trait you play on your turn has resolved, it is suppressed (not a dominant).",
            AgeRule.FADING_AWAY,
        ),
        Age(
            "Abyss Stares Back",
            "Suppress every card in your hand, then stabilize.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.SUPPRESS_HAND_AND_STABILIZE,
            doom=Doom.MANY_TRAITS_MINUS_FIVE,
            doom_text="-5 for a trait pile of 12 or more traits.",
        ),
    ),
)
