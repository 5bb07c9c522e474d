"""Techlings: attachments (the gear icon), Techling counts, and two new ages."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    GREEN,
    PURPLE,
    RED,
    Age,
    AgeRule,
    Attach,
    Bonus,
    CatastropheEffect,
    Count,
    Doom,
    Draw,
    Grant,
    LookAndSteal,
    PeekAge,
    PlayWhen,
    StealTrait,
    Trait,
    TraitFilter,
    Who,
)
from doomtable.games.doomlings.sets import CardSet

B, G, P, R, C = BLUE, GREEN, PURPLE, RED, COLORLESS
TECHLINGS = "techlings"

SET = CardSet(
    name=TECHLINGS,
    title="Techlings",
    summary="Attachments that fix themselves to a host trait and change it; two new ages.",
    traits=(
        Trait(
            "Binary",
            C,
            0,
            action=(StealTrait(TraitFilter(min_face=0, max_face=1), play_action=True),),
        ),
        Trait("Bionic Arm", R, -1, bonus=Bonus(Count.FAMILY_HOSTING, family=TECHLINGS)),
        Trait("Bone Reinforcement", R, 1, attach=Attach(grant=Grant.NO_TAKE)),
        Trait("Cybernetic", B, 1, attach=Attach(grant=Grant.RECOLOR, color=B), copies=2),
        Trait("Electromagnetic", P, 1, attach=Attach(anywhere=True, grant=Grant.PLAY_ACTION)),
        Trait("GMO", C, -1, attach=Attach(), bonus=Bonus(Count.HOST_COLOR_IN_PILE), copies=2),
        Trait("Grey Hat", C, -1, action=(LookAndSteal(0),)),
        Trait("Hyper-Myelination", P, None, bonus=Bonus(Count.HIGHEST_GENE_POOL, value=True)),
        Trait("Lyonization", G, 1, attach=Attach(anywhere=True, grant=Grant.INACTIVE), copies=2),
        Trait(
            "Mecha",
            B,
            0,
            attach=Attach(effectless=True),
            bonus=Bonus(Count.EFFECTLESS_IN_PILE),
            copies=2,
        ),
        Trait(
            "Nano",
            G,
            None,
            attach=Attach(anywhere=True),
            bonus=Bonus(Count.HOST_FACE, value=True),
            copies=2,
        ),
        Trait("Neural Link", B, 2, action=(PeekAge(2),)),
        Trait("Phreakish Eyes", R, 2, action=(Draw(3), Draw(1, Who.OPPONENTS))),
        Trait(
            "Ruggedized",
            C,
            4,
            dominant=True,
            attach=Attach(grant=Grant.NO_REMOVE, moves=True),
            copies=2,
        ),
        Trait(
            "Subdermal Plating",
            P,
            -1,
            play_when=PlayWhen.ANY_TIME,
            attach=Attach(anywhere=True, grant=Grant.NO_DISCARD),
            copies=2,
        ),
        Trait(
            "Transgenic Modification",
            G,
            1,
            attach=Attach(grant=Grant.RECOLOR, color=G),
            copies=2,
        ),
    ),
    ages=(
        Age(
            "Age of Metadata",
            "Every player's hand is shown to everyone this round.",
            AgeRule.OPEN_HANDS,
        ),
        Age(
            "Bioengineered Plague",
            "Every player names a color; the player on their left discards every card of that "
            "color from their hand.",
            catastrophe=True,
            gene_pool=-1,
            effect=CatastropheEffect.COLOR_FOR_LEFT,
            doom=Doom.DISCARD_TOP_COLOR,
            doom_text="Discard a random trait of your most common color from your trait pile "
            "(if colors tie, pick which).",
        ),
    ),
)
