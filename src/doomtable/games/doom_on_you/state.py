"""The Doom On You state: zones as flat lists of card ids, plus the helpers every rule uses.

Cards are ints (ids into ``cards.CARDS``). An attack in progress is a tuple
``(card, owner, target, beneficiary, need)``: ``need`` is the defence still required to block
it, ``beneficiary`` is who takes its food (the owner, or a deflector). The flow and the battle
cards live in ``rules.py`` as frame handlers; labels, views, the log and scenarios in
``game.py``, which defines the playable :class:`DoomOnYouState`.
"""

from __future__ import annotations

from typing import ClassVar

from mypy_extensions import mypyc_attr

from doomtable.engine import Field, GameState, distinct_by
from doomtable.games.doom_on_you.cards import BATTLE_OF, CARD_DEF, IS_ANIMAL
from doomtable.games.doom_on_you.data import DUEL_PILE_LIMIT, GAME, NOTES, PILE_LIMIT


@mypyc_attr(allow_interpreted_subclasses=True)  # as GameState
class DoomOnYouBase(GameState):
    """Fields and zone helpers shared by the rules, the scoring and the views."""

    GAME: ClassVar[str] = GAME
    FIELDS: ClassVar[dict[str, Field]] = {
        "food": Field.LIST,
        "alive": Field.LIST,
        "hands": Field.LISTS,
        "piles": Field.LISTS,
        "deck": Field.LIST,  # the top card is the last one
        "removed": Field.LIST,  # removed from play, face up
        "damage": Field.LIST,  # card id -> defence already spent while in a pile
        "attacks": Field.TUPLES,
        "bribed": Field.LIST,  # offered a bribe this attack round
        "revealed": Field.TUPLES,  # (viewer, target, hand ids seen by a Hand-a)
        "lost_food": Field.VALUE,
        "attack_round": Field.VALUE,
        "rotation": Field.VALUE,
        "defender": Field.VALUE,
        "serial": Field.VALUE,  # counts battle plays, so a defence knows to look again
        "over": Field.VALUE,
        "winner_list": Field.VALUE,
        "end_reason": Field.VALUE,
    }

    food: list[int]
    alive: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    deck: list[int]
    removed: list[int]
    damage: list[int]
    attacks: list[tuple[int, int, int, int, int]]
    bribed: list[int]
    revealed: list[tuple[int, int, tuple[int, ...]]]
    lost_food: int
    attack_round: int
    rotation: int
    defender: int
    serial: int
    over: bool
    winner_list: tuple[int, ...]
    end_reason: str

    @property
    def duel(self) -> bool:
        """The 2-player variant (our design: docs/rulings.md) is in force."""
        return self.players == 2 and bool(self.options.get("two_player_variant"))

    @property
    def pile_limit(self) -> int:
        return DUEL_PILE_LIMIT if self.duel else PILE_LIMIT

    def others(self, p: int) -> list[int]:
        """Living players other than ``p``, in seat order after ``p``."""
        alive = self.alive
        return [q for q in self.seats_from(p)[1:] if alive[q]]

    def others_count(self, p: int) -> int:
        """How many of :meth:`others` there are, counted without building the list."""
        alive = self.alive
        count = 0
        for q in range(self.players):
            if q != p and alive[q]:
                count += 1
        return count

    def order_from(self, p: int) -> list[int]:
        alive = self.alive
        return [q for q in self.seats_from(p) if alive[q]]

    def first_defender(self, r: int) -> int:
        n = self.players
        start = (r - 1 + self.rotation) % n
        for q in self.seats_from(start):
            if self.alive[q]:
                return q
        raise StopIteration

    def may_bribe(self, p: int) -> bool:
        """Public facts allow ``p`` an offer: food to spare and someone to give it to. Whether
        ``p`` already made one this round is private, so it never decides who is asked."""
        return self.food[p] >= 2 and self.others_count(p) > 0

    def can_bribe(self, p: int) -> bool:
        return not self.bribed[p] and self.may_bribe(p)

    def take_battle(self, p: int, kind: str) -> None:
        hand = self.hands[p]
        for card in hand:
            if BATTLE_OF[card] == kind:
                hand.remove(card)
                self.removed.append(card)
                return
        raise StopIteration

    def attack_at(self, card: int) -> int:
        attacks = self.attacks
        for i in range(len(attacks)):
            if attacks[i][0] == card:
                return i
        raise StopIteration

    def discard_from_pile(self, p: int, card: int) -> None:
        self.piles[p].remove(card)
        self.damage[card] = 0
        self.removed.append(card)

    def lose_pile(self, p: int) -> None:
        pile = self.piles[p]
        if pile:
            self.events.append(("lose_animals", p, tuple(pile)))
            for card in pile:
                self.damage[card] = 0
            self.removed.extend(pile)
            pile.clear()

    def lose_food(self, players: list[int], amount: int) -> None:
        """Remove food from play (doom cards); then anyone at zero is out."""
        for p in players:
            lost = min(amount, self.food[p])
            self.food[p] -= lost
            self.lost_food += lost
            self.events.append(("lose_food", p, lost))
        self.check_out()

    def check_out(self) -> None:
        out = [p for p in range(self.players) if self.alive[p] and self.food[p] == 0]
        if not out:
            return
        for p in out:
            self.eliminate(p)
        living = [p for p in range(self.players) if self.alive[p]]
        if len(living) <= 1:
            self.end_game("last player with food" if living else "everyone ran out", living or out)
        elif self.options.get("end_on_first_out"):
            self.end_game("a player ran out of food", self.most_food(living))

    def eliminate(self, p: int) -> None:
        self.alive[p] = 0
        self.events.append(("out", p))
        self.removed.extend(self.hands[p])
        self.hands[p].clear()
        self.lose_pile(p)
        keep = []
        for a in self.attacks:
            if p in (a[1], a[3]):
                self.removed.append(a[0])
            else:
                keep.append(a)
        self.attacks = keep

    def most_food(self, candidates: list[int]) -> list[int]:
        best = max(self.food[p] for p in candidates)
        return [p for p in candidates if self.food[p] == best]

    def end_game(self, reason: str, winners: list[int]) -> None:
        self.over = True
        self.winner_list = tuple(winners)
        self.end_reason = reason
        self.events.append(("game_over", tuple(winners), reason))
        self.stack.clear()

    def stalemate(self) -> bool:
        """Nothing can change food any more: no card to draw and no animal in play or in hand."""
        if self.deck or self.removed:
            return False
        return not any(
            IS_ANIMAL[c] for p in range(self.players) for c in (*self.hands[p], *self.piles[p])
        )

    def attack_key(self, card: int) -> object:
        a = self.attacks[self.attack_at(card)]
        return (CARD_DEF[card], a[1], a[2], a[3], a[4])

    def pile_key(self, card: int) -> object:
        return (CARD_DEF[card], self.damage[card])

    def live_attacks(self, t: int) -> list[int]:
        """The distinct attacks on player ``t`` (their cards)."""
        return self.distinct_attacks([a[0] for a in self.attacks if a[2] == t])

    def distinct_attacks(self, cards: list[int]) -> list[int]:
        """One of each distinct attack among ``cards`` (attacking cards). Zero or one card is
        distinct already and comes back as it is, with no bound key method made for it."""
        return distinct_by(cards, self.attack_key) if len(cards) > 1 else cards

    def distinct_guards(self, cards: list[int]) -> list[int]:
        """One of each kind and damage among ``cards`` (pile cards), as
        :meth:`distinct_attacks`."""
        return distinct_by(cards, self.pile_key) if len(cards) > 1 else cards


def distinct(cards: list[int]) -> list[int]:
    """One card per distinct kind: identical choices get one option (attacks and damaged
    guards: :meth:`DoomOnYouBase.distinct_attacks`, :meth:`DoomOnYouBase.distinct_guards`)."""
    # Inline, without a key function or a set: most option lists are built from it, at nearly
    # every decision, and from a hand or pile of a few cards.
    picked: list[int] = []
    for card in cards:
        kind = CARD_DEF[card]
        for other in picked:
            if CARD_DEF[other] == kind:
                break
        else:
            picked.append(card)
    return picked


__all__ = ["GAME", "NOTES", "DoomOnYouBase", "distinct"]
