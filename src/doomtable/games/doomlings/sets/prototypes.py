"""The prototypes: single traits printed as previews of Dinolings and Mythlings.

Solar-Powered (the Techlings prototype) is left out until attachments are played: see
docs/rulings.md.
"""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    COLORLESS,
    PURPLE,
    RED,
    Bonus,
    Count,
    DiscardThenPlay,
    Persistent,
    PlayWhen,
    Trait,
)
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="prototypes",
    title="Prototypes",
    summary="Preview traits of Dinolings and Mythlings.",
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
    ),
)
