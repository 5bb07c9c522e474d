"""Doom On You's observation read from its state."""

from __future__ import annotations

from doomtable.games.doom_on_you.cards import ATTACK, DEFENCE, NAMES, TOKENS
from doomtable.games.doom_on_you.game import DoomOnYouState
from doomtable.rl.direct.base import DirectObservation, Hits
from doomtable.rl.observation import StructuredObservation

BRIBE_STATUSES = ("offered", "accepted", "declined")


class DoomOnYouObservation(DirectObservation):
    """What ``DoomOnYouState.view`` shows, as the declared layout reads it: the public
    counters, removed cards and attacks, the bribes the viewer knows of, the hands a Hand-a
    showed the viewer, and each seat's food, hand size, bribe offered and animals (the viewer's
    own hand too)."""

    def __init__(self, observation: StructuredObservation) -> None:
        super().__init__(observation)
        self.numbers = [
            self.slot(name) for name in ("deck_size", "attack_round", "pile_limit", "game_over")
        ]
        self.defender = self.seat_slot("defender")
        self.removed = self.card_slots("removed", NAMES)
        self.attack_animal = self.card_slots("attacks.animal", NAMES)
        self.attack_owner = self.seat_slot("attacks.owner")
        self.attack_target = self.seat_slot("attacks.target")
        self.attack_beneficiary = self.seat_slot("attacks.beneficiary")
        self.attack_numbers = [
            self.slot(f"attacks.{key}") for key in ("to_block", "attack", "tokens")
        ]
        self.bribe_from = self.seat_slot("bribes.from")
        self.bribe_to = self.seat_slot("bribes.to")
        self.bribe_amount = [self.slot("bribes.amount")]
        status = self.slot(f"bribes.status={BRIBE_STATUSES[0]}")
        self.bribe_status = {value: status + i for i, value in enumerate(BRIBE_STATUSES)}
        self.bribe_other = status + len(BRIBE_STATUSES)
        self.seen_hands = self.seat_cards("seen_hands", "", NAMES)
        self.seat_values = self.seat_numbers(
            "players",
            ("food", "alive", "hand_size", "offered_bribe", "animals.defence_left"),
        )
        self.hand = self.seat_cards("players", "hand", NAMES)[0]
        self.animals = self.seat_cards("players", "animals", NAMES)

    def collect(self, state: DoomOnYouState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        found.numbers(self.numbers, (len(s.deck), s.attack_round, s.pile_limit, s.over))
        found.seat(self.defender, s.defender, viewer, players)
        self.cards(found, self.removed, s.removed, "removed")
        to_block = attack = tokens = 0
        for card, owner, target, beneficiary, need in s.attacks:
            self.cards(found, self.attack_animal, (card,), "attacks.animal")
            found.seat(self.attack_owner, owner, viewer, players)
            found.seat(self.attack_target, target, viewer, players)
            found.seat(self.attack_beneficiary, beneficiary, viewer, players)
            to_block += need
            attack += ATTACK[card]
            tokens += TOKENS[card]
        found.numbers(self.attack_numbers, (to_block, attack, tokens))
        bribes = s._bribes_seen(viewer)
        amount = 0
        for bribe in bribes:
            found.seat(self.bribe_from, bribe["from"], viewer, players)
            found.seat(self.bribe_to, bribe["to"], viewer, players)
            amount += bribe["amount"]
            found.hits.append(self.bribe_status.get(bribe["status"], self.bribe_other))
        found.numbers(self.bribe_amount, (amount,))
        # A Hand-a shown again to the same viewer replaces what it showed before.
        seen = {target: cards for who, target, cards in s.revealed if who == viewer}
        for target, cards in seen.items():
            self.cards(found, self.seen_hands[(target - viewer) % players], cards, "seen_hands")
        offered = s._offers_known(viewer, bribes)
        values: list[int] = []
        damage = s.damage
        for q in range(players):
            pile = s.piles[q]
            values += (
                s.food[q],
                bool(s.alive[q]),
                len(s.hands[q]),
                bool(offered[q]),
                sum([DEFENCE[c] - damage[c] for c in pile]),
            )
            self.cards(found, self.animals[(q - viewer) % players], pile, "animals")
        found.numbers(self.seat_values.slots(players, viewer), values)
        self.cards(found, self.hand, s.hands[viewer], "hand")
