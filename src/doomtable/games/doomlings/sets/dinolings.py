"""Dinolings: traits that feed on the discard pile, and the ages Badlands and Impact Event."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    ANY,
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
    DiscardFromHand,
    DiscardOwnTrait,
    Doom,
    DrawAndPlay,
    DrawThenTrade,
    Payment,
    PayWithTrait,
    PlayAnother,
    PlayHandAction,
    Source,
    StealTrait,
    Trait,
    TraitFilter,
    Who,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS
DINOLINGS = "dinolings"

SET = CardSet(
    name=DINOLINGS,
    title="Dinolings",
    summary="Traits that dig through the discard pile and score from it; two new ages.",
    traits=(
        Trait("Bony Plates", G, 2, action=(DrawThenTrade(3),), copies=2),
        Trait(
            "Carnosaur Jaw",
            R,
            9,
            dominant=True,
            requirement=PayWithTrait(Payment.DISCARD, TraitFilter(color=R), n=2),
        ),
        Trait("Ceratopsian Horns", G, 4),
        Trait("Cranial Crest", C, 1, bonus=Bonus(Count.NEGATIVE_IN_DISCARD, per=3), copies=2),
        Trait("Dermal Armor", C, 2, action=(DiscardOwnTrait(optional=True),)),
        Trait("Egg Predation", P, 1, action=(StealTrait(TraitFilter(family=DINOLINGS)),)),
        Trait("Elongated Neck", B, 1, action=(PlayHandAction(),)),
        Trait("Fronds", G, 0, gene_pool=2, requirement=PayWithTrait(Payment.DISCARD, ANY)),
        Trait(
            "Protofeathers",
            P,
            -2,
            action=(PlayAnother(with_action=False), PlayAnother(with_action=False)),
        ),
        Trait(
            "Pterosaur Wings",
            B,
            1,
            action=(PlayAnother(Source.DISCARD, optional=True, effectless=True),),
            copies=2,
        ),
        Trait("Pycnofibers", C, 1, action=(DrawAndPlay(),)),
        Trait("Serrated Teeth", R, -1, bonus=Bonus(Count.DOMINANTS_IN_DISCARD), copies=2),
        Trait("Talons", P, 2),
        Trait(
            "Terror Beak",
            B,
            3,
            requirement=PayWithTrait(Payment.DISCARD_HAND_OR_PILE, TraitFilter(color=G)),
            copies=2,
        ),
        Trait("Thagomizer", G, 1, action=(DiscardFromHand(2, Who.ALL),)),
        Trait("Tiny Arms", R, -1, bonus=Bonus(Count.FAMILY_IN_DISCARD, family=DINOLINGS)),
    ),
    ages=(
        Age(
            "Badlands",
            "When this age comes, every player discards 1 card from their hand; then the "
            "discard pile is shuffled and each player is dealt 1 card from it, face down. The "
            "rest stays in the discard pile.",
            AgeRule.BADLANDS,
        ),
        Age(
            "Impact Event",
            "Discard 1 card from your hand for each dominant trait in your trait pile.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.DISCARD_PER_DOMINANT,
            doom=Doom.MINUS_PER_MATCH,
            doom_filter=TraitFilter(min_face=3),
            doom_text="-1 for each trait in your trait pile with a face value of 3 or more.",
        ),
    ),
)
