"""The Doom Pile state: zones as lists of card ids, and the helpers every rule uses.

Card instances are ints: player ``p`` owns ids ``p*30 .. p*30+29`` for the whole game, and
``defs[id]`` is the card definition (index into ``data.CARD_DEFS``). Zones are per-player lists
of ids; a deck's top card is its last item. ``count``, ``damage`` and ``bonus`` are indexed by
id. The effect interpreter is ``effects.py``, the turn and the frames ``rules.py``, Master Plan
progress ``scoring.py``, labels, views and the log ``view.py``; ``game.py`` defines the playable
:class:`DoomPileState` (setup, samples, scenarios). Rulings: docs/rulings.md.
"""

from __future__ import annotations

from typing import ClassVar, Final

from doomtable.engine import Field, GameState
from doomtable.games.doom_pile.cards import (
    COUNTDOWN,
    DISCARD,
    FIELD,
    HAND,
)
from doomtable.games.doom_pile.data import (
    DECK_SIZE,
    GAME,
    HEALTH,
    STRENGTH,
)

HIDDEN: Final = -1
"""The card of an event as a player who did not see it keeps it (``seen_events``)."""
ABILITY_SLOTS: Final = 8
"""``used`` holds ``card * ABILITY_SLOTS + ability`` for each once-per-turn effect used."""


def owner_of(card: int) -> int:
    return card // DECK_SIZE


class DoomPileBase(GameState):
    """Fields and zone helpers shared by the effects, the rules, the scoring and the views."""

    GAME: ClassVar[str] = GAME
    FIELDS: ClassVar[dict[str, Field]] = {
        "defs": Field.LIST,
        "plans": Field.LIST,
        "deck": Field.LISTS,
        "hand": Field.LISTS,
        "countdown": Field.LISTS,
        "field": Field.LISTS,
        "discard": Field.LISTS,
        "interred": Field.LIST,
        "aside": Field.LIST,  # set aside by a scenario's exact deck; never in play
        "resolving": Field.LIST,  # a Plot resolving is in no zone
        "count": Field.LIST,
        "damage": Field.LIST,
        "bonus": Field.LIST,
        "used": Field.LIST,  # card * ABILITY_SLOTS + ability: once-per-turn effects used this turn
        "attacked": Field.LIST,
        "triggered": Field.TUPLES,  # (owner, card, ability) waiting to be ordered
        "tally": Field.LISTS,
        "skipped_draw": Field.LIST,
        "turns_taken": Field.LIST,
        "revealed": Field.VALUE,
        "turn_player": Field.VALUE,
        "phase": Field.VALUE,
        "over": Field.VALUE,
        "winner_list": Field.VALUE,
        "end_reason": Field.VALUE,
    }

    defs: list[int]
    plans: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    countdown: list[list[int]]
    field: list[list[int]]
    discard: list[list[int]]
    interred: list[int]
    aside: list[int]
    resolving: list[int]
    count: list[int]
    damage: list[int]
    bonus: list[int]
    used: list[int]
    attacked: list[int]
    triggered: list[tuple[int, int, int]]
    tally: list[list[int]]
    skipped_draw: list[int]
    turns_taken: list[int]
    revealed: bool
    turn_player: int
    phase: str
    over: bool
    winner_list: tuple[int, ...]
    end_reason: str

    def _order_from(self, p: int) -> list[int]:
        return list(self.seats_from(p))

    def _opponents(self, p: int) -> list[int]:
        return self._order_from(p)[1:]

    def strength(self, card: int) -> int:
        return STRENGTH[self.defs[card]] + self.bonus[card]

    def health_left(self, card: int) -> int:
        return HEALTH[self.defs[card]] - self.damage[card]

    def _zone_key(self, card: int) -> object:
        """What tells two cards apart for a choice: where they are, whose, what, their state."""
        return (
            self.zone_of(card),
            owner_of(card),
            self.defs[card],
            self.damage[card],
            self.bonus[card],
            self.count[card],
        )

    def zone_of(self, card: int) -> str:
        p = owner_of(card)
        for zone, cards in (
            (FIELD, self.field[p]),
            (COUNTDOWN, self.countdown[p]),
            (HAND, self.hand[p]),
            (DISCARD, self.discard[p]),
        ):
            if card in cards:
                return zone
        if card in self.interred:
            return "interred"
        if card in self.resolving:
            return "resolving"
        return "deck" if card in self.deck[p] else "aside"

    def _enter_field(self, card: int) -> None:
        """``card`` enters its owner's field as a new card: whatever it did before it left
        (a once-per-turn effect used, an attack) is not this card's."""
        self.field[owner_of(card)].append(card)
        self.damage[card] = 0
        self.bonus[card] = 0
        self.used[:] = [key for key in self.used if key // ABILITY_SLOTS != card]
        if card in self.attacked:
            self.attacked.remove(card)

    def _leave_field(self, card: int) -> None:
        self.field[owner_of(card)].remove(card)
        self.damage[card] = 0
        self.bonus[card] = 0

    def _to_discard(self, card: int) -> None:
        self.discard[owner_of(card)].append(card)

    def _draw(self, p: int, n: int) -> None:
        """Draw up to ``n`` cards; drawing from an empty deck is no penalty."""
        deck = self.deck[p]
        for _ in range(n):
            if not deck:
                self.events.append(("empty_draw", p))
                return
            card = deck.pop()
            self.hand[p].append(card)
            self.events.append(("draw", p, card))
