"""Overlush traits, Mycelium to the end of the alphabet."""

from __future__ import annotations

from doomtable.games.doomlings.cards import Trait

TRAITS: tuple[Trait, ...] = ()
