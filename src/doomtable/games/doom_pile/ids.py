"""Doom Pile's card identities (``engine/cards.py``). A game's cards are numbered by their
place in the decks dealt, which the ``decks`` option names card by card, so options hold no
positions into the card set; only the state's ``defs`` (each card's definition) and
``plans`` (each player's Master Plan) do."""

from __future__ import annotations

from functools import cache

from doomtable.engine.cards import CardIdentity, CardTables, positional_tables, slugify
from doomtable.games.doom_pile.data import CARD_DEFS, PLAN_DEFS

CARD = "card"
PLAN = "plan"


@cache
def card_tables() -> CardTables:
    """Every card definition of the set and every Master Plan."""
    return {
        CARD: tuple(slugify(card.name) for card in CARD_DEFS),
        PLAN: tuple(slugify(plan.name) for plan in PLAN_DEFS),
    }


CARD_IDENTITY = CardIdentity(
    tables=card_tables,
    positional=positional_tables("doomtable.games.doom_pile"),
    fields={"defs": CARD, "plans": PLAN},
)
