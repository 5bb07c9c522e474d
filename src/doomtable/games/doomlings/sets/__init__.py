"""The Doomlings expansions: each set's traits and ages, in a module of its own.

A set module defines ``SET``, a :class:`CardSet`. ``data.py`` appends every expansion's cards
after the base set's, so the base cards keep their ids, and a game deals only the cards of
the sets its ``sets`` option names (``rules_for_sets`` in ``data.py``). Card text, like the base
set's, is written by the effect primitives of ``cards.py``, never stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from doomtable.games.doomlings.cards import Age, Meaning, Merchant, Trait, Trinket


@dataclass(frozen=True, slots=True)
class CardSet:
    """One box of cards: its option name (``-o sets=NAME``), its title and its cards."""

    name: str
    title: str
    traits: tuple[Trait, ...]
    ages: tuple[Age, ...] = ()
    summary: str = ""
    # --- trinkets ---: a deck beside the game's, with the merchants who trade from it
    trinkets: tuple[Trinket, ...] = ()
    merchants: tuple[Merchant, ...] = ()
    meanings: tuple[Meaning, ...] = ()  # --- meaning of life ---: its Meaning of Life cards


def expansions() -> tuple[CardSet, ...]:
    """Every expansion, in the order their cards follow the base set's (never reorder: the
    slugs of same-named designs are numbered in this order)."""
    from doomtable.games.doomlings.sets import (
        deeplings,
        dinolings,
        fuzelings,
        glitterlings,
        kickstarter,
        meaning_of_life,
        moonlings,
        multicolor,
        mythlings,
        newer,
        overlush,
        prototypes,
        relics,
        special_edition,
        techlings,
        trinkets,
    )

    every = (
        multicolor.SET,
        overlush.SET,
        techlings.SET,
        dinolings.SET,
        mythlings.SET,
        prototypes.SET,
        special_edition.SET,
        relics.SET,
        kickstarter.SET,
        deeplings.SET,
        moonlings.SET,
        glitterlings.SET,
        fuzelings.SET,
        trinkets.SET,
        meaning_of_life.SET,
        newer.SET,
    )
    return tuple(
        card_set
        for card_set in every
        if card_set.traits or card_set.ages or card_set.trinkets or card_set.meanings
    )
