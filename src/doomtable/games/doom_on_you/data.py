"""Doom On You's fixed numbers: the rulebook's setup and limits, and our design's (the duel,
the bribe notes). The cards themselves are data too: ``deck.yaml``, read by ``cards.py``."""

from __future__ import annotations

from typing import Final

GAME: Final = "doom-on-you"
START_FOOD: Final = 10
DUEL_START_FOOD: Final = 15
HAND_SIZE: Final = 6
PILE_LIMIT: Final = 3
DUEL_PILE_LIMIT: Final = 4
PREP_DRAWS: Final = 3
BRIBE_MAX: Final = 5
NOTES: Final = ("don't attack me", "join my attack", "help me defend", "no strings attached")
