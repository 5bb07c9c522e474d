"""Special Edition: promotional and Kickstarter traits whose text is known.

Thirteen more (:data:`WITHOUT_TEXT`) have no known text and are left out: see docs/rulings.md.
"""

from __future__ import annotations

from typing import Final

from doomtable.games.doomlings.cards import (
    COLORLESS,
    GREEN,
    PURPLE,
    FromDiscardAfterColors,
    OpponentsGiveColor,
    Persistent,
    PlayWhen,
    StealFromEachAndPlay,
    Trait,
    TraitFilter,
)
from doomtable.games.doomlings.sets import CardSet

SET = CardSet(
    name="special_edition",
    title="Special Edition",
    summary="Promotional traits.",
    traits=(
        Trait("Charmed", PURPLE, 4, dominant=True, on_play=(StealFromEachAndPlay(),)),
        Trait("Conjured", COLORLESS, 4, requirement=FromDiscardAfterColors(2)),
        Trait("Gripplethorps", GREEN, 0, dominant=True, gene_pool=3),
        Trait("Magic Fingers", COLORLESS, 3, dominant=True, persistent=Persistent.REPLACE_LEAVER),
        Trait(
            "Rainbow Scutes",
            COLORLESS,
            1,
            dominant=True,
            on_play=(OpponentsGiveColor(TraitFilter(positive=True)),),
        ),
        Trait("Seconder", GREEN | PURPLE, 2, play_when=PlayWhen.OPPONENT_PLAYS_TWO),
    ),
)

WITHOUT_TEXT: Final = (
    "Amatoxins",
    "Beauty",
    "Bones",
    "Exotic",
    "Fulfilled",
    "Howler",
    "Immortal",
    "Juicy",
    "Neoteny",
    "Pride",
    "Rainbow Keratin",
    "Shiny",
    "Tube Feet",
)
"""Special Edition traits printed on real cards whose text no source gives: named here so a
person holding one is told why it cannot be entered, not that no such card exists."""
