"""We're Doomed!'s observation read from its state."""

from __future__ import annotations

from doomtable.games.were_doomed.cards import CIVILIZATIONS, EVENTS
from doomtable.games.were_doomed.data import PRESSURE_MS
from doomtable.games.were_doomed.game import WereDoomedState
from doomtable.rl.direct.base import DirectObservation, Hits
from doomtable.rl.observation import StructuredObservation

PHASES = ("setup", "take action", "contribute", "vote", "challenge", "over")
VOTE_PURPOSES = ("coin", "dilemma", "lizard", "board")
MS = 1000.0
"""The layout reads times in seconds."""


class WereDoomedObservation(DirectObservation):
    """What ``WereDoomedState.view`` shows, as the declared layout reads it: the clock, the
    phase and the step under way (the pressure on the actor, the vote), the shared project and
    bags, the civilizations left, the events in play, the viewer's clandestine cards, and each
    seat's civilization, tokens, contributions and the viewer's own ballot."""

    def __init__(self, observation: StructuredObservation) -> None:
        super().__init__(observation)
        civilizations = [c.name for c in CIVILIZATIONS]
        events = [e.name for e in EVENTS]
        self.numbers = [
            self.slot(name)
            for name in (
                "clock_ms",
                "remaining_ms",
                "ended",
                "round",
                "project",
                "seats",
                "bags.resources",
                "bags.influence",
                "coin",
                "deck_size",
            )
        ]
        phase = self.slot(f"phase={PHASES[0]}")
        self.phase = {name: phase + i for i, name in enumerate(PHASES)}
        self.phase_other = phase + len(PHASES)
        self.acting = self.seat_slot("acting")
        self.civilizations_left = self.card_slots("civilizations_left", civilizations)
        self.hand = self.card_slots("hand", events)
        self.in_play = self.card_slots("in_play", events)
        self.pressure_by = self.seat_slot("pressure.by")
        self.pressure_on = self.seat_slot("pressure.on")
        self.pressure_left = [self.slot("pressure.left_ms")]
        purpose = self.slot(f"vote.purpose={VOTE_PURPOSES[0]}")
        self.vote_purpose = {name: purpose + i for i, name in enumerate(VOTE_PURPOSES)}
        self.vote_other = purpose + len(VOTE_PURPOSES)
        self.vote_candidates = self.seat_slot("vote.candidates")
        self.vote_left = [self.slot("vote.left_ms")]
        self.aboard = self.seat_slot("aboard")
        self.civilization = self.seat_cards("players", "civilization", civilizations)
        self.seat_values = self.seat_numbers(
            "players",
            (
                "resources",
                "influence",
                "alive",
                "contribution",
                "contributed_total",
                "done",
                "clandestine",
                "aboard",
            ),
        )
        self.ballot = [self.slot(f"players[+0].vote=seat+{k}") for k in range(self.max_players)]

    def collect(self, state: WereDoomedState, viewer: int, found: Hits) -> None:
        s = state
        players = s.players
        clock = s.clock
        remaining = max(0, s.end_at - clock) if s.started else s.end_at
        found.numbers(
            self.numbers,
            (
                clock / MS,
                0 if s.ended else remaining / MS,
                bool(s.ended),
                s.round,
                s.project,
                s.seats(),
                s.bag_res,
                s.bag_inf,
                s.coin,
                len(s.deck),
            ),
        )
        top = s.stack[-1] if s.stack else ()
        step = top[0] if top else None
        found.hits.append(self.phase.get(s._phase(), self.phase_other))
        if step == "act":
            found.seat(self.acting, top[1], viewer, players)
            if s.pressure_by >= 0:
                found.seat(self.pressure_by, s.pressure_by, viewer, players)
                found.seat(self.pressure_on, top[1], viewer, players)
                left = max(0, s.pressure_at + PRESSURE_MS - clock)
                found.numbers(self.pressure_left, (left / MS,))
        voting = step == "vote"
        if voting:
            found.hits.append(self.vote_purpose.get(top[1], self.vote_other))
            for candidate in top[2]:
                found.seat(self.vote_candidates, candidate, viewer, players)
            found.numbers(self.vote_left, (max(0, s.vote_close - clock) / MS,))
        for seat in s.aboard:
            found.seat(self.aboard, seat, viewer, players)
        self.cards(found, self.civilizations_left, s.pool, "civilizations_left")
        self.cards(found, self.in_play, s.in_play, "in_play")
        if 0 <= viewer < players:
            self.cards(found, self.hand, s.hands[viewer], "hand")
        values: list[int] = []
        for q in range(players):
            if s.civ[q] >= 0:
                k = (q - viewer) % players
                self.cards(found, self.civilization[k], (s.civ[q],), "civilization")
            values += (
                s.res[q],
                s.inf[q],
                bool(s.alive[q]),
                s.contrib[q],
                s.given[q],
                bool(s.done[q]),
                len(s.hands[q]),
                q in s.aboard,
            )
        found.numbers(self.seat_values.slots(players, viewer), values)
        if voting and 0 <= viewer < players:  # a ballot is secret: the viewer's own alone
            found.seat(self.ballot[0], s.votes[viewer], viewer, players)
