"""Doomlings, Blackbox edition: the Classic rules with the hooks its rulebook changes.

Same cards (the reference's base set), same setup. It differs in:
- an empty hand at the start of a turn draws 3 (not 5) and skips the turn;
- the 3rd catastrophe moves the 1st player too, and its catastrophic (white) effect happens,
  before the world ends;
- World's End: the catastrophe's effect first, then the players' World's End traits;
- a 3rd dominant that an effect would play at once is discarded, not kept in the hand;
- Birth of a Hero *commands* the holder of Heroic to play it, even as a 3rd dominant;
- ties are broken by a drawn trait's face value (the default tie-break), which is added to
  the final score.
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
    DISCARD_THIRD_DOMINANT: ClassVar[bool] = True
    TIE_DRAW_SCORES: ClassVar[bool] = True
    FINAL_MOVES_FIRST_PLAYER: ClassVar[bool] = True
