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
        self.numbers = [self.slot("turn"), self.slot("game_over")]
        self.turn_player = self.seat_slot("turn_player")
        phase = self.slot(f"phase={PHASES[0]}")
        self.phase = {name: phase + i for i, name in enumerate(PHASES)}
        self.phase_other = phase + len(PHASES)
        self.interred = self.card_slots("interred", NAME)
        self.plan = self.seat_cards("players", "plan", [plan.name for plan in PLAN_DEFS])
        self.tallies = [
            i for i, name in enumerate(TALLY_NAMES) if f"players[+0].tally.{name}" in self._index
        ]
        self.seat_values = self.seat_numbers(
            "players",
            (
                "hand_size",
                "deck_size",
                "countdown.count",
                "field.strength",
                "field.health",
                *(f"tally.{TALLY_NAMES[i]}" for i in self.tallies),
            ),
        )
        self.hand = self.seat_cards("players", "hand", NAME)[0]
        self.deck = self.seat_cards("players", "deck", NAME)[0]
        self.countdown = self.seat_cards("players", "countdown", NAME)
        self.field = self.seat_cards("players", "field", NAME)
        self.discard = self.seat_cards("players", "discard", NAME)

    def collect(self, state: DoomPileState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        defs = s.defs
        found.numbers(self.numbers, (sum(s.turns_taken), s.over))
        found.seat(self.turn_player, s.turn_player, viewer, players)
        found.hits.append(self.phase.get(s.phase, self.phase_other))
        self.cards(found, self.interred, [defs[c] for c in s.interred], "interred")
        values: list[int] = []
        count, damage = s.count, s.damage
        for q in range(players):
            k = (q - viewer) % players
            if s.revealed or q == viewer:
                self.cards(found, self.plan[k], (s.plans[q],), "plan")
            countdown = s.countdown[q]
            field = s.field[q]
            tally = s.tally[q]
            values += (
                len(s.hand[q]),
                len(s.deck[q]),
                sum([count[c] for c in countdown]),
                sum([s.strength(c) for c in field if IS_MINION[defs[c]]]),
                sum([HEALTH[defs[c]] - damage[c] for c in field if not IS_PLOT[defs[c]]]),
            )
            # As the view reads them (``zip``): a tally the state does not keep counts 0.
            values += [tally[i] if i < len(tally) else 0 for i in self.tallies]
            self.cards(found, self.countdown[k], [defs[c] for c in countdown], "countdown")
            self.cards(found, self.field[k], [defs[c] for c in field], "field")
            self.cards(found, self.discard[k], [defs[c] for c in s.discard[q]], "discard")
        found.numbers(self.seat_values.slots(players, viewer), values)
        self.cards(found, self.hand, [defs[c] for c in s.hand[viewer]], "hand")
        self.cards(found, self.deck, [defs[c] for c in s.deck[viewer]], "deck")
