"""A small hidden-information trick game for testing bots and simulators.

Every player holds three cards (values 1-8, two of each); each round everybody plays one face
up and the single highest card takes the sum of the round's cards. Ties take nothing. After a
round each player draws while the deck has a card for everyone; the game ends when the hands
run out. Hands and the deck are hidden; cards on the table and scores are public.
"""

from __future__ import annotations

from typing import Any, Self

from doomtable.engine import Decision, Field, Frame, GameSpec, GameState, Option, Rng

DECK = [value for value in range(1, 9) for _ in range(2)]
HAND = 3


class ToyState(GameState):
    GAME = "toy-trick"
    FIELDS = {
        "hands": Field.LISTS,
        "deck": Field.LIST,
        "table": Field.LIST,
        "points": Field.LIST,
        "round": Field.VALUE,
        "played": Field.LIST,
    }

    hands: list[list[int]]
    deck: list[int]
    table: list[int]
    points: list[int]
    round: int
    played: list[int]

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> ToyState:
        state = cls()
        state._init_core(players, seed, options)
        deck = list(DECK)
        state.rng.shuffle(deck)
        state.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        state.deck = deck[players * HAND :]
        state.table = []
        state.points = [0] * players
        state.round = 0
        state.played = [0] * 9
        state.push(("round",))
        state._advance()
        return state

    @staticmethod
    def _round(state: ToyState, frame: Frame, option: Option | None) -> Decision | None:
        state.stack.pop()
        if state.hands[0]:
            state.round += 1
            leader = state.round % state.players
            order = [(leader + i) % state.players for i in range(state.players)]
            state.push(*(("play", p) for p in order), ("score", leader), ("round",))
        return None

    @staticmethod
    def _play(state: ToyState, frame: Frame, option: Option | None) -> Decision | None:
        player = frame[1]
        if option is None:
            options = tuple(("play", card) for card in sorted(set(state.hands[player])))
            return Decision(player, "turn", options, "Play a card")
        state.stack.pop()
        state.hands[player].remove(option[1])
        state.table.append(option[1])
        state.played[option[1]] += 1
        state.events.append(("play", player, option[1]))
        return None

    @staticmethod
    def _score(state: ToyState, frame: Frame, option: Option | None) -> Decision | None:
        state.stack.pop()
        leader = frame[1]
        table = state.table
        best = max(table)
        if table.count(best) == 1:
            winner = (leader + table.index(best)) % state.players
            state.points[winner] += sum(table)
        state.table = []
        if len(state.deck) >= state.players:
            for hand in state.hands:
                hand.append(state.deck.pop())
                hand.sort()
        return None

    HANDLERS = {
        "window": GameState._window,
        "round": _round,
        "play": _play,
        "score": _score,
    }

    def label(self, option: Option) -> str:
        return f"play {option[1]}"

    def view(self, player: int) -> dict[str, Any]:
        return {
            "you": player,
            "hand": list(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "table": list(self.table),
            "points": list(self.points),
            "round": self.round,
        }

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        best = max(self.points)
        return [p for p, s in enumerate(self.points) if s == best]

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return f"player {event[1]} plays {event[2]}"

    def determinize(self, player: int, rng: Rng) -> Self:
        copy = self.clone()
        # Sorting first makes the sample depend only on what ``player`` knows.
        pool = sorted(
            [c for p, hand in enumerate(copy.hands) if p != player for c in hand] + copy.deck
        )
        rng.shuffle(pool)
        for p, hand in enumerate(copy.hands):
            if p != player:
                copy.hands[p] = sorted(pool[: len(hand)])
                del pool[: len(hand)]
        copy.deck = pool
        return copy

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "hands": [list(h) for h in self.hands],
            "points": list(self.points),
            "card_stats": {
                f"card {v}": {"played": self.played[v]} for v in range(1, 9) if self.played[v]
            },
        }


SPEC = GameSpec(
    name="toy-trick",
    title="Toy Trick",
    min_players=2,
    max_players=5,
    create=ToyState.create,
    state_class=ToyState,
)
