"""Doomlings' observation read from its state (every edition and card set)."""

from __future__ import annotations

from doomtable.games.doomlings.data import AGES
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown
from doomtable.games.doomlings.state import CARD, bit
from doomtable.rl.direct.base import DirectObservation, Hits
from doomtable.rl.observation import StructuredObservation


class DoomlingsObservation(DirectObservation):
    """What ``DoomlingsState.view`` shows, as the declared layout reads it: the age and the
    ages seen, the viewer's hand, pack and deck size, the discard pile and lab, the hand cards
    revealed to the viewer, and each seat's gene pool, hand size, running score (as the viewer
    may see it), dominants and traits."""

    def __init__(self, observation: StructuredObservation) -> None:
        super().__init__(observation)
        traits = [card.name for card in CARD]
        ages = [age.name for age in AGES]
        self.numbers = [
            self.slot(name)
            for name in (
                "round",
                "era",
                "ages_left",
                "deck_size",
                "discard_size",
                "own_deck_size",
                "game_over",
            )
        ]
        self.first_player = self.seat_slot("first_player")
        self.turn_player = self.seat_slot("turn_player")
        self.revealed_from = self.seat_slot("revealed.from")
        self.age = self.card_slots("age", ages)
        self.next_age = self.card_slots("next_age", ages)
        self.catastrophes = self.card_slots("catastrophes", ages)
        self.hand = self.card_slots("hand", traits)
        self.discard = self.card_slots("discard", traits)
        self.discard_top = self.card_slots("discard_top", traits)
        self.pack = self.card_slots("pack", traits)
        self.lab = self.card_slots("lab", traits)
        self.revealed = self.card_slots("revealed.card", traits)
        self.seat_values = self.seat_numbers(
            "seats", ("gene_pool", "hand_size", "score", "dominants")
        )
        self.traits = self.seat_cards("seats", "traits", traits)

    def collect(self, state: DoomlingsState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        found.numbers(
            self.numbers,
            (
                s.round_no,
                len(s.eras),
                len(s.age_deck),
                len(s.deck),
                len(s.discard),
                len(s.decks[viewer]),
                s.over,
            ),
        )
        found.seat(self.first_player, s.first_player, viewer, players)
        found.seat(self.turn_player, s.turn_player, viewer, players)
        if s.age >= 0:
            self.cards(found, self.age, (s.age,), "age")
        if s.age_seen & bit(viewer) and s.age_deck:
            self.cards(found, self.next_age, (s.age_deck[-1],), "next_age")
        catastrophes = [a for era in s.eras for a in era if AGES[a].catastrophe]
        self.cards(found, self.catastrophes, catastrophes, "catastrophes")
        self.cards(found, self.hand, s.hands[viewer], "hand")
        self.cards(found, self.discard, s.discard, "discard")
        if s.discard:
            self.cards(found, self.discard_top, (s.discard[-1],), "discard_top")
        self.cards(found, self.pack, s.packs[viewer], "pack")
        self.cards(found, self.lab, s.lab, "lab")
        for seat, card in s.revealed_to(viewer):
            self.cards(found, self.revealed, (card,), "revealed.card")
            found.seat(self.revealed_from, seat, viewer, players)
        values: list[int] = []
        for q in range(players):
            values += (
                s.gene_pool[q],
                len(s.hands[q]),
                breakdown(s, q, viewer).total,
                s.dominants(q),
            )
            self.cards(found, self.traits[(q - viewer) % players], s.piles[q], "traits")
        found.numbers(self.seat_values.slots(players, viewer), values)
