"""Special Edition."""

from __future__ import annotations

from doomtable.games.doomlings.sets import CardSet

SET = CardSet(name="special_edition", title="Special Edition", traits=())
