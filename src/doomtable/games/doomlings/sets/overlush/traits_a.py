"""Overlush traits, Adrenalized to Mutualism."""

from __future__ import annotations

from doomtable.games.doomlings.cards import Trait

TRAITS: tuple[Trait, ...] = ()
