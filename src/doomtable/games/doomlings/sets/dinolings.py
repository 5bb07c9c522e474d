"""Dinolings."""

from __future__ import annotations

from doomtable.games.doomlings.sets import CardSet

SET = CardSet(name="dinolings", title="Dinolings", traits=())
