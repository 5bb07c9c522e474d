"""Techlings."""

from __future__ import annotations

from doomtable.games.doomlings.sets import CardSet

SET = CardSet(name="techlings", title="Techlings", traits=())
