"""Kickstarter."""

from __future__ import annotations

from doomtable.games.doomlings.sets import CardSet

SET = CardSet(name="kickstarter", title="Kickstarter", traits=())
