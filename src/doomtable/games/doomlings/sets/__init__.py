"""The Doomlings expansions: each set's traits and ages, in a module of its own.

A set module defines ``SET``, a :class:`CardSet`. ``data.py`` appends every expansion's cards
after the base set's, so the base cards keep their ids, and a game deals only the cards of
the sets its ``sets`` option names (``rules_for_sets`` in ``data.py``). Card text, like the base
set's, is written by the effect primitives of ``cards.py``, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from doomtable.games.doomlings.cards import Age, Trait


@dataclass(frozen=True, slots=True)
class CardSet:
    """One box of cards: its option name (``-o sets=NAME``), its title and its cards."""

    name: str
    title: str
    traits: tuple[Trait, ...]
    ages: tuple[Age, ...] = ()
    summary: str = ""


def expansions() -> tuple[CardSet, ...]:
    """Every expansion, in the order their cards follow the base set's (never reorder: the
    slugs of same-named designs are numbered in this order)."""
    from doomtable.games.doomlings.sets import multicolor

    return (multicolor.SET,)
