"""Doom On You's card identities: the slug of every card of the deck (copies numbered), and
where ids sit in options and state fields (``engine/cards.py``)."""

from __future__ import annotations

from functools import cache

from doomtable.engine.cards import (
    CardIdentity,
    CardTables,
    card_items,
    instance_slugs,
    positional_tables,
    slugify,
)
from doomtable.games.doom_on_you.cards import CARDS
from doomtable.games.doom_on_you.encoding import RL_ENCODING

CARD = "card"


@cache
def card_tables() -> CardTables:
    """Every card of the deck by instance: ``fangs``, ``fangs#2``, ..."""
    return {CARD: instance_slugs([slugify(card.name) for card in CARDS])}


CARD_IDENTITY = CardIdentity(
    tables=card_tables,
    positional=positional_tables("doomtable.games.doom_on_you"),
    option_items=card_items(RL_ENCODING["verbs"], {"card": CARD}),
    fields={"hands": CARD, "piles": CARD, "deck": CARD, "removed": CARD},
)
