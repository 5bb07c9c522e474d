"""Overlush: 138 traits (Kidney and Swarm in new colours among them), 28 ages and 15
catastrophes; its traits are split over two modules only to keep each a readable size."""

from __future__ import annotations

from doomtable.games.doomlings.sets import CardSet
from doomtable.games.doomlings.sets.overlush import ages, meanings, traits_a, traits_b

SET = CardSet(
    name="overlush",
    title="Overlush",
    summary="A second deck of traits, ages and catastrophes as large as the base game.",
    traits=traits_a.TRAITS + traits_b.TRAITS,
    ages=ages.AGES,
    meanings=meanings.MEANINGS,  # --- meaning of life ---: played with the meaning_of_life set
)
