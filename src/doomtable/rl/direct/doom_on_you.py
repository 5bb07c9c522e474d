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
        self.to_block = self.slot("attacks.to_block")
        self.attack = self.slot("attacks.attack")
        self.tokens = self.slot("attacks.tokens")
        self.bribe_from = self.seat_slot("bribes.from")
        self.bribe_to = self.seat_slot("bribes.to")
        self.bribe_amount = self.slot("bribes.amount")
        status = self.slot(f"bribes.status={BRIBE_STATUSES[0]}")
        self.bribe_status = {value: status + i for i, value in enumerate(BRIBE_STATUSES)}
        self.bribe_other = status + len(BRIBE_STATUSES)
        self.seen_hands = self.seat_cards("seen_hands", "", NAMES)
        self.food = self.seat_numbers("players", "food")
        self.alive = self.seat_numbers("players", "alive")
        self.hand_size = self.seat_numbers("players", "hand_size")
        self.offered_bribe = self.seat_numbers("players", "offered_bribe")
        self.hand = self.seat_cards("players", "hand", NAMES)[0]
        self.animals = self.seat_cards("players", "animals", NAMES)
        self.defence_left = self.seat_numbers("players", "animals.defence_left")

    def collect(self, state: DoomOnYouState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        numbers = (len(s.deck), s.attack_round, s.pile_limit, s.over)
        for slot, value in zip(self.numbers, numbers, strict=True):
            found.number(slot, value)
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
        found.number(self.to_block, to_block)
        found.number(self.attack, attack)
        found.number(self.tokens, tokens)
        bribes = s._bribes_seen(viewer)
        amount = 0
        for bribe in bribes:
            found.seat(self.bribe_from, bribe["from"], viewer, players)
            found.seat(self.bribe_to, bribe["to"], viewer, players)
            amount += bribe["amount"]
            found.hits.append(self.bribe_status.get(bribe["status"], self.bribe_other))
        found.number(self.bribe_amount, amount)
        # A Hand-a shown again to the same viewer replaces what it showed before.
        seen = {target: cards for who, target, cards in s.revealed if who == viewer}
        for target, cards in seen.items():
            self.cards(found, self.seen_hands[(target - viewer) % players], cards, "seen_hands")
        offered = s._offers_known(viewer, bribes)
        for q in range(players):
            k = (q - viewer) % players
            found.number(self.food[k], s.food[q])
            found.number(self.alive[k], bool(s.alive[q]))
            found.number(self.hand_size[k], len(s.hands[q]))
            found.number(self.offered_bribe[k], bool(offered[q]))
            pile = s.piles[q]
            self.cards(found, self.animals[k], pile, "animals")
            found.number(self.defence_left[k], sum(DEFENCE[c] - s.damage[c] for c in pile))
        self.cards(found, self.hand, s.hands[viewer], "hand")
