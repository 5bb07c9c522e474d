"""The prototypes: single traits printed as previews of Techlings, Dinolings and Mythlings."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    BLUE,
    COLORLESS,
    PURPLE,
    RED,
    Attach,
    Bonus,
    Count,
    DiscardThenPlay,
    Grant,
    Persistent,
    PlayWhen,
    Trait,
)
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="prototypes",
    title="Prototypes",
    summary="Preview traits of Techlings, Dinolings and Mythlings.",
    traits=(
        Trait("Titanic", COLORLESS, 12, dominant=True, bonus=Bonus(Count.TRAITS)),
        Trait(
            "Ghostly",
            PURPLE,
            -1,
            play_when=PlayWhen.MUST_PLAY_DISCARDED,
            persistent=Persistent.TO_OPPONENT_HAND,
        ),
        Trait("Summoner", RED, 1, dominant=True, on_play=(DiscardThenPlay(2),)),
        Trait(
            "Solar-Powered",
            BLUE,
            1,
            dominant=True,
            attach=Attach(grant=Grant.NO_REMOVE, double_face=True),
        ),
    ),
)
