"""Overlush ages and catastrophes."""

from __future__ import annotations

from doomtable.games.doomlings.cards import Age

AGES: tuple[Age, ...] = ()
