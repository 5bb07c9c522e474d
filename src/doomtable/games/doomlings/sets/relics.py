"""The relics: three dominants of the Omni family."""

from __future__ import annotations

from doomtable.games.doomlings.cards import (
    COLORLESS,
    GREEN,
    PURPLE,
    PeekAges,
    PlayAnother,
    RearrangeAges,
    Trait,
    WorldsEnd,
)
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="relics",
    title="Relics",
    summary="Three dominants that look into the age deck or turn away the end.",
    traits=(
        Trait("Omnibenevolent", COLORLESS, 7, dominant=True, worlds_end=WorldsEnd.IGNORE_DOOM),
        Trait("Omnipotent", GREEN, 2, dominant=True, on_play=(RearrangeAges(3), PlayAnother())),
        Trait("Omniscient", PURPLE, 4, dominant=True, on_play=(PeekAges(4, bottom=True),)),
    ),
)
