"""We're Doomed!'s card identities: the slug of every civilization and event card, and where
ids sit in options and state fields (``engine/cards.py``)."""

from __future__ import annotations

from functools import cache

from doomtable.engine.cards import CardIdentity, CardTables, positional_tables, slugify
from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS

CIVILIZATION = "civilization"
EVENT = "event"


@cache
def card_tables() -> CardTables:
    """Civilizations and events; an event's slug is also its name in a kept deck order."""
    return {
        CIVILIZATION: tuple(slugify(civ.name) for civ in CIVILIZATIONS),
        EVENT: tuple(event.slug for event in EVENTS),
    }


CARD_IDENTITY = CardIdentity(
    tables=card_tables,
    positional=positional_tables("doomtable.games.were_doomed"),
    option_items={
        "pick": ((1, CIVILIZATION),),
        "play": ((1, EVENT),),
        "type": ((1, EVENT),),
    },
    fields={
        "civ": CIVILIZATION,
        "pool": CIVILIZATION,
        "deck": EVENT,
        "in_play": EVENT,
        "hands": EVENT,
        "drawn": EVENT,
    },
)
