"""Doom Pile's observation read from its state."""

from __future__ import annotations

from doomtable.games.doom_pile.data import HEALTH, IS_MINION, IS_PLOT, NAME, PLAN_DEFS, TALLY_NAMES
from doomtable.games.doom_pile.game import DoomPileState
from doomtable.rl.direct.base import DirectObservation, Hits
from doomtable.rl.observation import StructuredObservation

PHASES = ("start", "stacking", "plot", "attack", "end")


class DoomPileObservation(DirectObservation):
    """What the Doom Pile view shows, as the declared layout reads it: the turn, phase and
    interred cards, and each seat's Master Plan (once revealed, one's own always), hand and
    deck sizes, tallies, countdown (with counts), field (Strength and Health), discard pile,
    and the viewer's own hand and deck."""

    def __init__(self, observation: StructuredObservation) -> None:
        super().__init__(observation)
        self.turn = self.slot("turn")
        self.game_over = self.slot("game_over")
        self.turn_player = self.seat_slot("turn_player")
        phase = self.slot(f"phase={PHASES[0]}")
        self.phase = {name: phase + i for i, name in enumerate(PHASES)}
        self.phase_other = phase + len(PHASES)
        self.interred = self.card_slots("interred", NAME)
        self.plan = self.seat_cards("players", "plan", [plan.name for plan in PLAN_DEFS])
        self.hand_size = self.seat_numbers("players", "hand_size")
        self.deck_size = self.seat_numbers("players", "deck_size")
        self.tallies = [
            (i, self.seat_numbers("players", f"tally.{name}"))
            for i, name in enumerate(TALLY_NAMES)
            if f"players[+0].tally.{name}" in self._index
        ]
        self.hand = self.seat_cards("players", "hand", NAME)[0]
        self.deck = self.seat_cards("players", "deck", NAME)[0]
        self.countdown = self.seat_cards("players", "countdown", NAME)
        self.count = self.seat_numbers("players", "countdown.count")
        self.field = self.seat_cards("players", "field", NAME)
        self.strength = self.seat_numbers("players", "field.strength")
        self.health = self.seat_numbers("players", "field.health")
        self.discard = self.seat_cards("players", "discard", NAME)

    def collect(self, state: DoomPileState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        defs = s.defs
        found.number(self.turn, sum(s.turns_taken))
        found.number(self.game_over, s.over)
        found.seat(self.turn_player, s.turn_player, viewer, players)
        found.hits.append(self.phase.get(s.phase, self.phase_other))
        self.cards(found, self.interred, [defs[c] for c in s.interred], "interred")
        for q in range(players):
            k = (q - viewer) % players
            if s.revealed or q == viewer:
                self.cards(found, self.plan[k], (s.plans[q],), "plan")
            found.number(self.hand_size[k], len(s.hand[q]))
            found.number(self.deck_size[k], len(s.deck[q]))
            tally = s.tally[q]
            for i, slots in self.tallies:
                if i < len(tally):
                    found.number(slots[k], tally[i])
            countdown = s.countdown[q]
            self.cards(found, self.countdown[k], [defs[c] for c in countdown], "countdown")
            found.number(self.count[k], sum(s.count[c] for c in countdown))
            field = s.field[q]
            self.cards(found, self.field[k], [defs[c] for c in field], "field")
            found.number(self.strength[k], sum(s.strength(c) for c in field if IS_MINION[defs[c]]))
            found.number(
                self.health[k],
                sum(HEALTH[defs[c]] - s.damage[c] for c in field if not IS_PLOT[defs[c]]),
            )
            self.cards(found, self.discard[k], [defs[c] for c in s.discard[q]], "discard")
        self.cards(found, self.hand, [defs[c] for c in s.hand[viewer]], "hand")
        self.cards(found, self.deck, [defs[c] for c in s.deck[viewer]], "deck")
