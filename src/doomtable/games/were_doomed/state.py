"""The We're Doomed! state: every field as plain data, and the helpers every rule uses.

The layers: ``data.py`` (components and timings), this module (fields, tokens, the order
around the table, seats), ``effects.py`` (event effects), ``rules.py`` (the frames: picks,
actions, contributions, votes, boarding, and the clock's deadlines), ``scoring.py`` (results
and the bots' estimates), ``view.py`` (views, labels, the log), ``game.py`` (the playable
:class:`WereDoomedState`: engine hooks, samples, scenarios).
"""

from __future__ import annotations

from typing import Any, ClassVar

from doomtable.engine import BadOptionError, Field, Rng, TimedGameState
from doomtable.games.were_doomed.cards import (
    CIVILIZATIONS,
    EVENT_BY_SLUG,
    EVENTS,
    civilizations_for,
)
from doomtable.games.were_doomed.data import (
    FULL_MINUTES,
    GAME,
    INFLUENCE_TOKENS,
    QUIET_SECONDS,
    RESOURCE_TOKENS,
    seat_chart,
    seat_count,
)

__all__ = ["GAME", "INFLUENCE_TOKENS", "RESOURCE_TOKENS", "WereDoomedBase", "seat_count"]


class WereDoomedBase(TimedGameState):
    """Fields and helpers shared by the effects, the rules, the scoring and the views."""

    GAME = GAME
    FIELDS: ClassVar[dict[str, Field]] = {
        "clock": Field.VALUE,
        "started": Field.VALUE,
        "end_at": Field.VALUE,
        "ended": Field.VALUE,
        "round": Field.VALUE,
        "civ": Field.LIST,
        "pool": Field.LIST,
        "res": Field.LIST,
        "inf": Field.LIST,
        "alive": Field.LIST,
        "bag_res": Field.VALUE,
        "bag_inf": Field.VALUE,
        "project": Field.VALUE,
        "coin": Field.VALUE,
        "contrib": Field.LIST,
        "done": Field.LIST,
        "given": Field.LIST,
        "quiet_since": Field.VALUE,
        "turn_since": Field.VALUE,
        "slow": Field.VALUE,
        "pressure_by": Field.VALUE,
        "pressure_at": Field.VALUE,
        "votes": Field.LIST,
        "vote_close": Field.VALUE,
        "deck": Field.LIST,
        "in_play": Field.LIST,
        "hands": Field.LISTS,
        "bonus_seats": Field.VALUE,
        "aboard": Field.LIST,
        "eliminated": Field.LIST,
        "drawn": Field.LIST,
    }

    clock: int
    started: int
    end_at: int
    ended: int
    round: int
    civ: list[int]
    pool: list[int]
    res: list[int]
    inf: list[int]
    alive: list[int]
    bag_res: int
    bag_inf: int
    project: int
    coin: int
    contrib: list[int]
    done: list[int]
    given: list[int]
    quiet_since: int
    turn_since: int
    slow: int
    pressure_by: int
    pressure_at: int
    votes: list[int]
    vote_close: int
    deck: list[int]
    in_play: list[int]
    hands: list[list[int]]
    bonus_seats: int
    aboard: list[int]
    eliminated: list[int]
    drawn: list[int]

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self._init_core(players, seed, options)
        minutes = options.get("minutes", 15)
        if not isinstance(minutes, int | float) or isinstance(minutes, bool) or minutes <= 0:
            raise BadOptionError(f"minutes must be a positive number, not {minutes!r}")
        quiet = options.get("quiet", QUIET_SECONDS)
        if not isinstance(quiet, int | float) or isinstance(quiet, bool) or quiet <= 0:
            raise BadOptionError(f"quiet must be a positive number of seconds, not {quiet!r}")
        self.clock = 0
        self.started = 0
        self.end_at = int(minutes * 60_000)
        self.ended = 0
        self.round = 0
        self.civ = [-1] * players
        self.pool = civilizations_for(players)
        self.res = [0] * players
        self.inf = [0] * players
        self.alive = [1] * players
        self.bag_res = RESOURCE_TOKENS
        self.bag_inf = INFLUENCE_TOKENS
        self.project = 0
        self.coin = self.rng.below(players)
        self.contrib = [0] * players
        self.done = [0] * players
        self.given = [0] * players
        self.quiet_since = 0
        self.turn_since = 0
        self.slow = 0
        self.pressure_by = -1
        self.pressure_at = 0
        self.votes = [-1] * players
        self.vote_close = 0
        self.deck = _deck_order(options.get("event_order", ""), self.rng)
        self.in_play = []
        self.hands = [[] for _ in range(players)]
        self.bonus_seats = 0
        self.aboard = []
        self.eliminated = []
        self.drawn = []
        order = tuple(self._clockwise(self.coin, everyone=True))
        self.push(("pick", 0, order), ("start",), ("board",))
        self._advance()

    # ----------------------------------------------------------------- helpers

    def living(self) -> list[int]:
        return [p for p in range(self.players) if self.alive[p]]

    def _clockwise(self, start: int, everyone: bool = False) -> list[int]:
        seats = self.seats_from(start)
        return list(seats) if everyone else [p for p in seats if self.alive[p]]

    def _turn_order(self) -> list[int]:
        order = self._clockwise(self.coin)
        if self._in_play("reverse"):
            order = order[:1] + order[:0:-1]
        return order

    def _in_play(self, op: str) -> list[dict[str, Any]]:
        return [EVENTS[c].effect for c in self.in_play if EVENTS[c].effect["op"] == op]

    def _take_res(self, p: int, n: int) -> int:
        got = max(0, min(n, self.bag_res))
        self.bag_res -= got
        self.res[p] += got
        return got

    def _take_inf(self, p: int, n: int) -> int:
        got = max(0, min(n, self.bag_inf))
        self.bag_inf -= got
        self.inf[p] += got
        return got

    def _pay_res(self, p: int, n: int) -> int:
        paid = max(0, min(n, self.res[p]))
        self.res[p] -= paid
        self.bag_res += paid
        return paid

    def _pay_inf(self, p: int, n: int) -> int:
        paid = max(0, min(n, self.inf[p]))
        self.inf[p] -= paid
        self.bag_inf += paid
        return paid

    def _gain(self, p: int, resources: int = 0, influence: int = 0) -> None:
        if resources >= 0:
            self._take_res(p, resources)
        else:
            self._pay_res(p, -resources)
        if influence >= 0:
            self._take_inf(p, influence)
        else:
            self._pay_inf(p, -influence)

    def _steal(self, thief: int, victim: int, resources: int = 0, influence: int = 0) -> None:
        r = min(resources, self.res[victim])
        i = min(influence, self.inf[victim])
        self.res[victim] -= r
        self.res[thief] += r
        self.inf[victim] -= i
        self.inf[thief] += i
        self.events.append(("steal", thief, victim, r, i))

    def _add_project(self, n: int) -> None:
        moved = min(n, self.bag_res) if n >= 0 else -min(-n, self.project)
        self.bag_res -= moved
        self.project += moved

    def eliminate(self, p: int, why: str, by: int = -1) -> None:
        """Eliminate ``p`` (``why``: the reason in words; ``by``: the leader who did it)."""
        if not self.alive[p]:
            return
        self.alive[p] = 0
        self.bag_res += self.res[p]
        self.bag_inf += self.inf[p]
        self.res[p] = self.inf[p] = 0
        self.deck.extend(self.hands[p])
        self.hands[p] = []
        self.eliminated.append(p)
        self.events.append(("eliminated", p, why, by))
        if self.coin == p and self.living():
            self.coin = self._clockwise(p)[0]

    def _pick(self, who: str, drawer: int, others_only: bool) -> int:
        """The living player most/least in something, ties clockwise from the drawer."""
        order = [p for p in self._clockwise(drawer) if not (others_only and p == drawer)]
        if not order:
            return -1
        key = {
            "richest": lambda p: -self.res[p],
            "poorest": lambda p: self.res[p],
            "most_influence": lambda p: -self.inf[p],
            "least_influence": lambda p: self.inf[p],
        }[who]
        return min(order, key=key)

    def _quiet_ms(self) -> int:
        """How long a Contribute phase waits for a raise: the table's ``quiet`` option, or
        less while Vow of Silence is in play."""
        rules = self._in_play("quiet")
        chosen = int(float(self.options.get("quiet", QUIET_SECONDS)) * 1000)
        return min([chosen, *(int(r["seconds"]) * 1000 for r in rules)])

    def _cost(self, p: int, action: str) -> int:
        civ = CIVILIZATIONS[self.civ[p]]
        base = {"propagandize": 1, "invade": 1, "nuke": 8}[action]
        cost = int(civ.bonus.get("cost", base)) if civ.action == action else base
        for rule in self._in_play("discount"):
            if rule["action"] == action:
                cost = min(cost, int(rule["cost"]))
        return cost

    def _drawer(self, card: int) -> int:
        """Who drew ``card`` last (the event under way)."""
        for event in reversed(self.events):
            if event[0] == "draw" and event[2] == card:
                return int(event[1])
        return self.coin

    # ----------------------------------------------------------------- seats

    def seat_chart(self) -> tuple[int, int]:
        """This game's seat chart (first seat's cost, step), from its clock."""
        return seat_chart(float(self.options.get("minutes", FULL_MINUTES)))

    def seats(self) -> int:
        """The seats built, changed by the cards in play (which need a first seat built), plus
        the Lottery of Souls' seats (which do not)."""
        built = seat_count(self.project, *self.seat_chart())
        if built:
            built = max(0, built + sum(int(r["delta"]) for r in self._in_play("seats")))
        return built + self.bonus_seats

    def boarding_key(self, p: int) -> tuple[int, int]:
        if self._in_play("board_by"):
            return (self.res[p], self.inf[p])
        return (self.inf[p], self.res[p])


def _deck_order(order: Any, rng: Rng) -> list[int]:
    """The event deck: the order kept from the last game (slugs, comma-separated), or a
    shuffle from the seed when none is given."""
    if not order:
        deck = list(range(len(EVENTS)))
        rng.shuffle(deck)
        return deck
    slugs = [s.strip() for s in str(order).split(",") if s.strip()]
    unknown = [s for s in slugs if s not in EVENT_BY_SLUG]
    if unknown or sorted(slugs) != sorted(EVENT_BY_SLUG):
        what = f"unknown events {', '.join(unknown[:3])}" if unknown else "not every event once"
        raise BadOptionError(f"event_order must list every event card once: {what}")
    return [EVENT_BY_SLUG[s].id for s in slugs]
