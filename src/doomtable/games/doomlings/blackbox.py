"""Doomlings, Blackbox edition: the Classic rules with the hooks its rulebook changes.

Same cards (the reference's base set), same setup. It differs in:
- an empty hand at the start of a turn draws 3 (not 5) and skips the turn;
- the 3rd catastrophe's catastrophic (white) effect happens too, before the world ends;
- World's End: the catastrophe's effect first, then the players' World's End traits;
- Birth of a Hero *commands* the holder of Heroic to play it, even as a 3rd dominant;
- ties are broken by a drawn trait's face value (the default tie-break).
"""

from __future__ import annotations

from typing import ClassVar

from doomtable.games.doomlings.game import DoomlingsState


class DoomlingsBlackboxState(DoomlingsState):
    """A game of Doomlings, Blackbox edition."""

    GAME: ClassVar[str] = "doomlings-blackbox"
    EMPTY_HAND_DRAW: ClassVar[int] = 3
    FINAL_WHITE_TEXT: ClassVar[bool] = True
    DOOM_BEFORE_TRAITS: ClassVar[bool] = True
    FORCED_HERO: ClassVar[bool] = True
