"""Doomlings' card identities: the slug of every trait card and age, and where ids sit in
options and state fields (``engine/cards.py``)."""

from __future__ import annotations

from functools import cache

from doomtable.engine.cards import (
    CardIdentity,
    CardTables,
    card_items,
    instance_slugs,
    positional_tables,
)
from doomtable.games.doomlings.data import (
    AGE_SLUGS,
    MEANING_SLUGS,
    MERCHANT_OF,
    MERCHANT_SLUGS,
    TRAIT_OF,
    TRAIT_SLUGS,
    TRINKET_SLUGS,
)
from doomtable.games.doomlings.encoding import EVERY_VERB

TRAIT = "trait"
AGE = "age"
TRINKET = "trinket"  # --- trinkets ---
MERCHANT = "merchant"
MEANING = "meaning"  # --- meaning of life ---


@cache
def card_tables() -> CardTables:
    """Trait cards by instance (a trait printed twice has ``name`` and ``name#2``), ages,
    Meaning of Life cards."""
    return {
        TRAIT: instance_slugs([TRAIT_SLUGS[t] for t in TRAIT_OF]),
        AGE: AGE_SLUGS,
        TRINKET: TRINKET_SLUGS,  # --- trinkets ---
        MERCHANT: instance_slugs([MERCHANT_SLUGS[m] for m in MERCHANT_OF]),
        MEANING: MEANING_SLUGS,  # --- meaning of life ---
    }


CARD_IDENTITY = CardIdentity(
    tables=card_tables,
    positional=positional_tables("doomtable.games.doomlings"),
    # The option shapes are declared once, for the RL adapters; "card" there is a trait card.
    option_items=card_items(
        EVERY_VERB, {"card": TRAIT, "age": AGE, "trinket": TRINKET, "meaning": MEANING}
    ),
    fields={
        "hands": TRAIT,
        "piles": TRAIT,
        "deck": TRAIT,
        "discard": TRAIT,
        "packs": TRAIT,
        "decks": TRAIT,
        "discards": TRAIT,
        "lab": TRAIT,
        "tie_drawn": TRAIT,
        # --- deeplings ---
        "suppressed": TRAIT,
        "suppressed_under": TRAIT,
        "age_deck": AGE,
        "eras": AGE,
        "age": AGE,
        "final_doom": AGE,
        # --- trinkets ---
        "trinket_deck": TRINKET,
        "trinkets": TRINKET,
        "pocketed": TRINKET,
        "trashed": TRINKET,
        "merchant_deck": MERCHANT,
        "merchants_seen": MERCHANT,
        "turn_discards": TRAIT,
        "turn_removed": TRAIT,
        # --- meaning of life ---
        "meanings": MEANING,
        "meaning_deck": MEANING,
    },
)
