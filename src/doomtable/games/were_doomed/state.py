"""We're Doomed! rules: a real-time game on the engine's game clock (``TimedGameState``).

Frames (plain tuples) drive the game: civilization picks, then rounds of Take Action
(``turn``/``act``), an open Contribute phase (``contribute``, simultaneous), the award to the
top contributor (votes on ties), the event drawn, and at the End of Days the boarding
(``board``/``board_fill``). Deadlines: a turn turns slow after ``SLOW_MS`` and may then be
pressured (``PRESSURE_MS`` to act or be eliminated), contributions close after a quiet spell,
votes and challenges close on time, and the game clock runs out at ``end_at``.
"""

from __future__ import annotations

import math
from importlib.resources import files
from typing import Any, ClassVar, Self

import yaml

from doomtable.engine import (
    BadOptionError,
    Decision,
    Field,
    Frame,
    GameState,
    Option,
    Rng,
    ScenarioError,
    TimedGameState,
)
from doomtable.games.were_doomed.cards import (
    CIV_BY_NAME,
    CIVILIZATIONS,
    EVENT_BY_SLUG,
    EVENTS,
    civilizations_for,
)

GAME = "were-doomed"
_COMPONENTS = yaml.safe_load(
    files("doomtable.games.were_doomed").joinpath("components.yaml").read_text("utf-8")
)
RESOURCE_TOKENS: int = _COMPONENTS["bags"]["resources"]
INFLUENCE_TOKENS: int = _COMPONENTS["bags"]["influence"]
FIRST_SEAT: int = _COMPONENTS["seats"]["first"]
SEAT_STEP: int = _COMPONENTS["seats"]["step"]
MOST_SEATS: int = _COMPONENTS["seats"]["most"]

QUIET_SECONDS = 8
"""By default a Contribute phase closes after this long with nobody raising (rulebook: 'when
nobody challenges'): time for a person to type a raise. The ``quiet`` option changes it."""
PICK_MS = 30_000
"""A leader has this long to pick a civilization; then one is drawn for them by lot."""
SLOW_MS = 15_000
"""A player deciding an action this long may be pressured."""
PRESSURE_MS = 10_000
"""The pressure countdown: at zero the staller is eliminated."""
VOTE_MS = 10_000
"""A vote closes after this long; who has not voted abstains."""
CONVENTION_VOTE = 3
"""From this vote on in a row of tied votes, bots keep to a table convention (see
:meth:`WereDoomedState.bot_options`), so a table of bots breaks its ties by changing votes."""
ROBOTS = -1
"""Nuke target meaning the robots of Robot Uprising."""
EXPECTED_GIVEN = 0.5
"""Share of Resources in hand or still to come that bots expect to reach the Project."""
ROUND_MS = 45_000
"""About how long a round of actions and contributions takes, for bots' estimates."""

EVENT_FRAMES = frozenset({"draw", "effect", "finish", "challenge"})
EVENT_VOTES = frozenset({"dilemma", "lizard"})


FULL_MINUTES = 15
"""The rulebook's hourglass: its seat chart is for a game this long."""


def seat_count(project: int, first: int = FIRST_SEAT, step: int = SEAT_STEP) -> int:
    """Seats the Project's Resources pay for, on a chart whose first seat costs ``first`` and
    each further one ``step`` more (the rulebook's by default).

    >>> [seat_count(n) for n in (39, 40, 49, 50, 130, 200)]
    [0, 1, 1, 2, 10, 10]
    """
    if project < first:
        return 0
    return min(MOST_SEATS, 1 + (project - first) // step)


def seat_chart(minutes: float) -> tuple[int, int]:
    """The first seat's cost and the step for a clock of ``minutes``: the rulebook's chart at
    15 minutes or more; on a shorter clock (our quick-game variation) both shrink in
    proportion, so the Resources a short game can gather still build a rocket.

    >>> seat_chart(15), seat_chart(5), seat_chart(3), seat_chart(1)
    ((40, 10), (13, 3), (8, 2), (3, 1))
    """
    share = min(1.0, minutes / FULL_MINUTES)
    return max(1, round(FIRST_SEAT * share)), max(1, round(SEAT_STEP * share))


class WereDoomedState(TimedGameState):
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

    # ----------------------------------------------------------------- the clock

    def think_ms(self, player: int) -> int:
        base = super().think_ms(player)
        # Now and then a modelled player dithers, so stalling and pressure happen in play.
        return base * 4 if base % 25 == 0 else base

    def deadline(self) -> int | None:
        times: list[int] = []
        if self.started and not self.ended:
            times.append(self.end_at)
        if self.stack:
            frame = self.stack[-1]
            op = frame[0]
            if op == "pick":
                times.append(self.turn_since + PICK_MS)
            elif op == "act":
                times.append(
                    self.pressure_at + PRESSURE_MS
                    if self.pressure_by >= 0
                    else self.turn_since + SLOW_MS
                    if not self.slow
                    else self.end_at
                )
            elif op == "contribute":
                times.append(self.quiet_since + self._quiet_ms())
            elif op == "vote":
                times.append(self.vote_close)
            elif op == "challenge":
                times.append(int(frame[3]))
        return min(times) if times else None

    def _quiet_ms(self) -> int:
        """How long a Contribute phase waits for a raise: the table's ``quiet`` option, or
        less while Vow of Silence is in play."""
        rules = self._in_play("quiet")
        chosen = int(float(self.options.get("quiet", QUIET_SECONDS)) * 1000)
        return min([chosen, *(int(r["seconds"]) * 1000 for r in rules)])

    def on_deadline(self) -> None:
        if self.started and not self.ended and self.clock >= self.end_at:
            self._end_of_days()
            return
        frame = self.stack[-1]
        op = frame[0]
        if op == "pick":
            # An absent leader cannot hold the table: the civilization is drawn by lot.
            self._take_civ(frame[2][frame[1]], self.pool[self.rng.below(len(self.pool))], True)
        elif op == "act":
            if self.pressure_by >= 0:
                self.stack.pop()
                self.eliminate(frame[1], "stalled under pressure")
            else:
                self.slow = 1
        elif op == "contribute":
            self.stack.pop()
        elif op == "vote":
            self.stack.pop()
            self._tally(frame)
        elif op == "challenge":
            self.stack.pop()
            self.events.append(("challenge", frame[1], frame[2], False))
            self.push(("effect", frame[1], frame[2], "lose"))

    def _end_of_days(self) -> None:
        self.ended = 1
        self.events.append(("end_of_days",))
        # In place: the engine's loop holds this very list.
        self.stack[:] = [
            f
            for f in self.stack
            if f[0] == "board"
            or f[0] in EVENT_FRAMES
            or (f[0] in ("vote", "vote_open") and f[1] in EVENT_VOTES)
        ]

    # ----------------------------------------------------------------- options

    def _action_options(self, p: int) -> list[Option]:
        forbidden = {r["action"] for r in self._in_play("forbid")}
        others = [q for q in self.living() if q != p]
        options: list[Option] = [("produce",), ("indoctrinate",)]
        if "propagandize" not in forbidden and self.res[p] >= self._cost(p, "propagandize"):
            options += [("propagandize", q) for q in others if self.inf[q] > 0]
        if "invade" not in forbidden and self.inf[p] >= self._cost(p, "invade"):
            options += [("invade", q) for q in others if self.res[q] > 0]
        if "nuke" not in forbidden and self.res[p] >= self._cost(p, "nuke"):
            options += [("nuke", q) for q in others]
            if self._in_play("robots"):
                options.append(("nuke", ROBOTS))
        return options

    def _cost(self, p: int, action: str) -> int:
        civ = CIVILIZATIONS[self.civ[p]]
        base = {"propagandize": 1, "invade": 1, "nuke": 8}[action]
        cost = int(civ.bonus.get("cost", base)) if civ.action == action else base
        for rule in self._in_play("discount"):
            if rule["action"] == action:
                cost = min(cost, int(rule["cost"]))
        return cost

    def _do_action(self, p: int, option: Option) -> None:
        verb = option[0]
        civ = CIVILIZATIONS[self.civ[p]]
        bonus = civ.bonus if civ.action == verb else {}
        if verb == "produce":
            gain = int(bonus.get("gain", 2))
            if "underdog" in bonus and all(self.res[q] >= self.res[p] for q in self.living()):
                gain += int(bonus["underdog"])
            gain += sum(int(r["extra"]) for r in self._in_play("boost"))
            self.events.append(("produce", p, self._take_res(p, gain)))
        elif verb == "indoctrinate":
            got = self._take_inf(p, int(bonus.get("gain", 1)))
            self._take_res(p, int(bonus.get("resources", 0)))
            self.events.append(("indoctrinate", p, got))
        elif verb == "propagandize":
            self._pay_res(p, self._cost(p, verb))
            self.events.append(("action", p, verb, option[1]))
            self._steal(p, option[1], int(bonus.get("loot", 0)), 1)
        elif verb == "invade":
            self._pay_inf(p, self._cost(p, verb))
            self.events.append(("action", p, verb, option[1]))
            self._steal(p, option[1], int(bonus.get("steal", 2)), 0)
        elif verb == "nuke":
            self._pay_res(p, self._cost(p, verb))
            target = option[1]
            self.events.append(("action", p, verb, target))
            if target == ROBOTS:
                for card in [c for c in self.in_play if EVENTS[c].effect["op"] == "robots"]:
                    self.in_play.remove(card)
                    self.deck.append(card)
                self.events.append(("robots_destroyed", p))
            else:
                if bonus.get("plunder"):
                    self.res[p] += self.res[target]
                    self.res[target] = 0
                self.eliminate(target, "nuked", by=p)

    # ----------------------------------------------------------------- frames

    @staticmethod
    def _h_pick(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        _, k, order = f
        p = order[k]
        if o is None:
            options = tuple(("pick", c) for c in s.pool)
            return Decision(p, "pick", options, "Pick your civilization")
        s._take_civ(p, int(o[1]), by_lot=False)
        return None

    def _take_civ(self, p: int, civ: int, by_lot: bool) -> None:
        _, k, order = self.stack.pop()
        self.civ[p] = civ
        self.pool.remove(civ)
        self.events.append(("pick", p, civ, by_lot))
        if k + 1 < len(order):
            self.turn_since = self.clock  # the next leader's pick starts its own time
            self.stack.append(("pick", k + 1, order))

    @staticmethod
    def _h_start(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.started = 1
        s.end_at += s.clock
        s.events.append(("start", s.coin))
        s.push(("round",))
        return None

    @staticmethod
    def _h_round(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        if not s.living():
            s._end_of_days()
            return None
        s.round += 1
        if s._in_play("robots"):
            for rule in s._in_play("robots"):
                for p in s.living():
                    s._pay_res(p, int(rule["tax"]))
            s.events.append(("robots_tax",))
        s.push(
            *(("turn", p) for p in s._turn_order()), ("contribute_open",), ("award",), ("round",)
        )
        return None

    @staticmethod
    def _h_turn(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        if s.alive[f[1]]:
            s.turn_since = s.clock
            s.slow = 0
            s.pressure_by = -1
            s.stack.append(("act", f[1]))
        return None

    @staticmethod
    def _h_act(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        p = f[1]
        if o is None:
            if not s.alive[p]:
                s.stack.pop()
                return None
            others: tuple[Decision, ...] = ()
            if s.slow and s.pressure_by < 0:
                others = tuple(
                    Decision(q, "pressure", (("pressure", p), ("wait",)), f"Pressure player {p}?")
                    for q in s.living()
                    if q != p
                )
            return Decision(p, "act", tuple(s._action_options(p)), "Take an action", others)
        actor = s.actor
        if actor != p:
            if o[0] == "pressure":
                s.pressure_by = actor
                s.pressure_at = s.clock
                s.events.append(("pressure", actor, p))
            return None
        s.stack.pop()
        s._do_action(p, o)
        return None

    @staticmethod
    def _h_contribute_open(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.contrib = [0] * s.players
        s.done = [0 if a else 1 for a in s.alive]
        s.quiet_since = s.clock
        s.stack.append(("contribute",))
        return None

    @staticmethod
    def _h_contribute(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        if o is None:
            living = s.living()
            if all(s.done[p] for p in living):
                s.stack.pop()
                return None
            # A leader who said done may still raise ("at any time"), so everyone stays open.
            decisions = [s._contribute_decision(p) for p in living]
            return Decision(*_head(decisions[0]), also=tuple(decisions[1:]))
        p = s.actor
        if o[0] == "contribute":
            more = o[1] - s.contrib[p]
            s.res[p] -= more
            s.project += more
            s.given[p] += more
            s.contrib[p] = o[1]
            s.quiet_since = s.clock
            # A raise is a challenge to all: whoever said done may answer it.
            for q in s.living():
                s.done[q] = 0
            s.events.append(("contribute", p, o[1]))
        elif o[0] == "done":
            s.done[p] = 1
        elif o[0] == "play":
            s.hands[p].remove(o[1])
            s.events.append(("play", p, o[1]))
            s.push(("effect", p, o[1], "play"), ("finish", p, o[1], 1))
        return None

    def _contribute_decision(self, p: int) -> Decision:
        now = self.contrib[p]
        options: list[Option] = [("contribute", t) for t in range(now + 1, now + self.res[p] + 1)]
        options.append(("done",))
        options += [("play", c) for c in self.hands[p] if EVENTS[c].effect["op"] == "secret"]
        prompt = "Raise, or stay done" if self.done[p] else "Contribute to the Project"
        return Decision(p, "contribute", tuple(options), prompt)

    @staticmethod
    def _h_award(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        top = max(s.contrib[p] for p in s.living()) if s.living() else 0
        if top == 0:
            s.events.append(("nobody_contributed",))
            return None
        tied = tuple(p for p in s.living() if s.contrib[p] == top)
        if len(tied) == 1:
            s.stack.append(("award_to", tied[0]))
        else:
            s.events.append(("tie", tied))
            s.stack.append(("vote_open", "coin", tied, 1, -1))
        return None

    @staticmethod
    def _h_award_to(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        p = f[1]
        s.coin = p
        s._take_inf(p, 1)
        s.events.append(("award", p))
        if s.deck:
            s.stack.append(("draw", p))
        return None

    @staticmethod
    def _h_draw(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        p = f[1]
        card = s.deck.pop(0)
        s.drawn.append(card)
        s.events.append(("draw", p, card))
        op = EVENTS[card].effect["op"]
        if op in ("secret", "mission"):
            s.hands[p].append(card)
            return None
        s.push(("effect", p, card, ""), ("finish", p, card, 0))
        return None

    @staticmethod
    def _h_finish(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        _, p, card, played = f
        if EVENTS[card].stays and not played:
            s.in_play.append(card)
        else:
            s.deck.append(card)
        return None

    @staticmethod
    def _h_effect(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        _, p, card, branch = f
        effect = EVENTS[card].effect
        if branch:
            effect = effect[branch]
        s._resolve(p, card, effect)
        return None

    def _resolve(self, p: int, card: int, e: dict[str, Any]) -> None:
        """Carry out one event effect for the drawer ``p`` (``EFFECTS`` lists every op)."""
        op = e["op"]
        if op == "gain":
            self._gain(p, int(e.get("resources", 0)), int(e.get("influence", 0)))
        elif op == "everyone":
            for q in self.living():
                self._gain(q, int(e.get("resources", 0)), int(e.get("influence", 0)))
            self._add_project(int(e.get("project", 0)))
            self._shift_end(int(e.get("seconds", 0)))
        elif op == "project":
            before = self.project
            self._add_project(int(e["resources"]))
            if e.get("credit"):
                self.given[p] += self.project - before
        elif op == "time":
            self._shift_end(int(e["seconds"]))
        elif op == "rob":
            victim = self._pick(e["who"], p, others_only=True)
            if victim >= 0:
                self._steal(p, victim, int(e.get("resources", 0)), int(e.get("influence", 0)))
        elif op == "rob_all_above":
            # Who is above is settled before any Influence moves, as the text says.
            above = [q for q in self.living() if self.inf[q] > self.inf[p]]
            for q in above:
                self._steal(p, q, 0, int(e["influence"]))
        elif op == "swap_influence":
            q = self._pick("most_influence", p, others_only=True)
            if q >= 0:
                self.inf[p], self.inf[q] = self.inf[q], self.inf[p]
        elif op == "extra_action":
            if not self.ended:
                self.stack.append(("turn", p))
        elif op == "coin_to":
            q = self._pick(e["who"], p, others_only=False)
            self.coin = q
            self._gain(q, int(e.get("resources", 0)))
        elif op == "halve":
            q = self._pick(e["who"], p, others_only=False)
            self._pay_res(q, self.res[q] // 2)
        elif op == "gift":
            q = self._pick(e["who"], p, others_only=False)
            self._gain(q, 0, int(e["influence"]))
        elif op == "abduct":
            q = self._pick(e["who"], p, others_only=True)
            if q >= 0:
                self.eliminate(q, "abducted by aliens")
        elif op == "lottery":
            self.bonus_seats += 1
            living = self.living()
            self.eliminate(living[self.rng.below(len(living))], "lost the lottery of souls")
        elif op == "dilemma":
            self.stack.append(("vote_open", "dilemma", (1, 0), 1, card))
        elif op == "lizard_vote":
            self.stack.append(("vote_open", "lizard", tuple(self.living()), 1, card))
        elif op == "challenge":
            self.stack.append(("challenge", p, card, self.clock + int(e["seconds"]) * 1000))
        # Any other op ("none" and the STAYING_OPS, read while their card is in play) does
        # nothing now; cards.check_effect refused every unknown op when the deck loaded.

    def _shift_end(self, seconds: int) -> None:
        if seconds and not self.ended:
            self.end_at = max(self.clock + 1, self.end_at + seconds * 1000)

    @staticmethod
    def _h_challenge(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        _, p, card, _until = f
        if o is None:
            if not s.alive[p]:
                s.stack.pop()
                return None
            s_options = (("type", card), ("give_up",))
            return Decision(p, "challenge", s_options, f"Type: {EVENTS[card].effect['phrase']}")
        s.stack.pop()
        won = o[0] == "type"
        s.events.append(("challenge", p, card, won))
        s.stack.append(("effect", p, card, "win" if won else "lose"))
        return None

    # ----------------------------------------------------------------- votes

    @staticmethod
    def _h_vote_open(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.votes = [-1] * s.players
        s.vote_close = s.clock + VOTE_MS
        s.stack.append(("vote", *f[1:]))
        return None

    @staticmethod
    def _h_vote(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        _, purpose, candidates, round_no, _extra = f
        if o is None:
            open_ = [p for p in s.living() if s.votes[p] < 0]
            if not open_:
                s.stack.pop()
                s._tally(f)
                return None
            if purpose == "dilemma":
                options: tuple[Option, ...] = (("yes",), ("no",))
                prompt = f"Vote on {EVENTS[_extra].name}"
            else:
                options = tuple(("vote", c) for c in candidates)
                prompt = {
                    "coin": "Vote for the top contributor",
                    "board": "Vote who boards first",
                    "lizard": "Vote who is the lizard",
                }[purpose]
            if round_no > 1:
                prompt += f" (vote {round_no}: the last one was tied)"
            decisions = [Decision(p, "vote", options, prompt) for p in open_]
            return Decision(*_head(decisions[0]), also=tuple(decisions[1:]))
        s.votes[s.actor] = 1 if o == ("yes",) else 0 if o == ("no",) else o[1]
        return None

    def _tally(self, f: Frame) -> None:
        """Close a vote: every ballot is shown at once, then the win is carried out, or the
        vote is held again among those tied on top ("Still tied? Vote again until there's a
        win"). A vote nobody answered at all is not held again (docs/rulings.md)."""
        _, purpose, candidates, round_no, extra = f
        ballots = tuple(self.votes[p] if self.alive[p] else -1 for p in range(self.players))
        self.events.append(("ballots", purpose, ballots))
        counts = {c: 0 for c in candidates}
        for vote in ballots:
            if vote in counts:
                counts[vote] += 1
        best = max(counts.values())
        top = tuple(c for c in candidates if counts[c] == best)
        if best == 0:
            self._unanswered(purpose, extra)
            return
        if len(top) > 1:
            if purpose == "lizard" and round_no >= int(EVENTS[extra].effect["ties"]):
                self.events.append(("lizard_escaped",))
                return
            self.events.append(("vote_tied", purpose, top))
            self.stack.append(("vote_open", purpose, top, round_no + 1, extra))
            return
        winner = top[0]
        if purpose == "dilemma":
            self.events.append(("dilemma", extra, bool(winner), counts[1], counts[0]))
            self.stack.append(("effect", self._drawer(extra), extra, "yes" if winner else "no"))
            return
        self.events.append(("vote_won", purpose, winner))
        if purpose == "coin":
            self.stack.append(("award_to", winner))
        elif purpose == "lizard":
            self.eliminate(winner, "voted a lizard")
        elif purpose == "board":
            self.aboard.append(winner)
            self.events.append(("aboard", winner))

    def _unanswered(self, purpose: str, extra: int) -> None:
        """Nobody voted at all: nobody wins the contribution, a dilemma stays as it is (no),
        the lizard escapes, and the tied leaders do not board."""
        self.events.append(("vote_unanswered", purpose))
        if purpose == "dilemma":
            self.stack.append(("effect", self._drawer(extra), extra, "no"))
        elif purpose == "board":
            # The rocket leaves with the seats filled so far: the boarding under this vote ends.
            self.stack.pop()
            self.events.append(("launch", self.seats(), tuple(self.aboard)))

    def _drawer(self, card: int) -> int:
        """Who drew ``card`` last (the event under way)."""
        for event in reversed(self.events):
            if event[0] == "draw" and event[2] == card:
                return int(event[1])
        return self.coin

    # ----------------------------------------------------------------- End of Days

    @staticmethod
    def _h_board(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        s.ended = 1
        for p in s.living():
            for card in list(s.hands[p]):
                e = EVENTS[card].effect
                if e["op"] == "mission":
                    done = s._mission_done(p, e)
                    s.events.append(("mission", p, card, done))
                    if done:
                        s._take_inf(p, int(e["influence"]))
        s.stack.append(("board_fill",))
        return None

    def _mission_done(self, p: int, e: dict[str, Any]) -> bool:
        condition = e["condition"]
        if condition == "contributed":
            return self.given[p] >= int(e["amount"])
        if condition == "most_resources":
            return all(self.res[q] <= self.res[p] for q in self.living())
        if condition == "project":
            return self.project >= int(e["amount"])
        if condition == "survivors":
            return len(self.living()) <= (self.players + 1) // 2
        raise ValueError(f"unknown mission condition {condition!r}")

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

    @staticmethod
    def _h_board_fill(s: WereDoomedState, f: Frame, o: Option | None) -> Decision | None:
        s.stack.pop()
        left = s.seats() - len(s.aboard)
        waiting = [p for p in s.living() if p not in s.aboard]
        if left <= 0 or not waiting:
            s.events.append(("launch", s.seats(), tuple(s.aboard)))
            return None
        best = max(s.boarding_key(p) for p in waiting)
        group = tuple(p for p in waiting if s.boarding_key(p) == best)
        s.stack.append(("board_fill",))
        if len(group) <= left:
            for p in group:
                s.aboard.append(p)
                s.events.append(("aboard", p))
        else:
            s.events.append(("tie", group))
            s.stack.append(("vote_open", "board", group, 1, -1))
        return None

    # ----------------------------------------------------------------- engine hooks

    def label(self, option: Option) -> str:
        verb = option[0]
        if verb == "pick":
            return f"pick {CIVILIZATIONS[option[1]].name}"
        if verb == "play":
            return f"play {EVENTS[option[1]].name}"
        if verb == "type":
            return str(EVENTS[option[1]].effect["phrase"])
        if verb == "give_up":
            return "give up"
        if verb in ("yes", "no"):
            return f"vote {verb}"
        if verb == "nuke" and option[1] == ROBOTS:
            return "nuke robots"
        return " ".join(str(x) for x in option)

    def bot_options(self, decision: Decision) -> tuple[Option, ...]:
        """The table convention bots keep to: from the third vote in a row on a tie, every
        bot votes for the tied leader first clockwise from the 1st Player Coin (on a dilemma:
        no), so bots break a tie by changing their votes. Public facts only: the coin and how
        many votes have been tied."""
        top = self.stack[-1] if self.stack else ()
        if decision.kind != "vote" or not top or top[0] != "vote" or top[3] < CONVENTION_VOTE:
            return decision.options
        if top[1] == "dilemma":
            return (("no",),)
        focal = min(top[2], key=lambda c: (c - self.coin) % self.players)
        return (("vote", focal),)

    def scores(self) -> list[int]:
        """1 for a seat on the rocket, 0 for a dead loser."""
        return [1 if p in self.aboard else 0 for p in range(self.players)]

    def winners(self) -> list[int]:
        return sorted(self.aboard) if self.is_over else []

    def evaluate(self, player: int) -> float:
        """A seat is what counts: the chance of boarding (see :meth:`aboard_chance`), a bonus
        for holding a seat among those already built, and a little for tokens in hand."""
        if not self.alive[player]:
            return -100.0
        built = 20.0 if self._rank(player) < self.seats() else 0.0
        return (
            60.0 * self.aboard_chance(player)
            + built
            + 0.5 * self.inf[player]
            + 0.1 * self.res[player]
        )

    def win_chances(self) -> list[float] | None:
        """Each leader's chance of boarding: everyone aboard wins, so they need not sum to 1."""
        return [self.aboard_chance(p) for p in range(self.players)]

    def aboard_chance(self, player: int) -> float:
        """How likely ``player`` is to board: the seats the Project should buy by the End of
        Days against the leaders ahead in the boarding order. Resources in hand and those
        still to be produced are expected to reach the Project in good part, so producing,
        stealing and contributing raise everyone's hopes; Influence counts by the rank it
        buys, not by itself, and a nuke pays only when it removes someone ahead."""
        if not self.alive[player]:
            return 0.0
        living = self.living()
        rounds_left = max(0, self.end_at - self.clock) / ROUND_MS if not self.ended else 0.0
        expected = (
            self.project
            + EXPECTED_GIVEN * sum(self.res[p] for p in living)
            + EXPECTED_GIVEN * rounds_left * 2 * len(living)
        )
        first, step = self.seat_chart()
        seats = max(0.0, min(MOST_SEATS, 1 + (expected - first) / step))
        seats += sum(int(r["delta"]) for r in self._in_play("seats")) + self.bonus_seats
        if self.ended:
            seats = float(self.seats())
        margin = seats - self._rank(player) - 0.5
        return 1.0 / (1.0 + math.exp(-margin))

    def _rank(self, player: int) -> int:
        """How many living leaders board before ``player``."""
        key = self.boarding_key(player)
        return sum(1 for p in self.living() if self.boarding_key(p) > key)

    def _player_rows(self, viewer: int | None) -> list[dict[str, Any]]:
        rows = []
        for p in range(self.players):
            civ = CIVILIZATIONS[self.civ[p]] if self.civ[p] >= 0 else None
            rows.append(
                {
                    "seat": p,
                    "civilization": civ.name if civ else None,
                    "bonus": civ.text if civ else None,
                    "resources": self.res[p],
                    "influence": self.inf[p],
                    "alive": bool(self.alive[p]),
                    "contribution": self.contrib[p],
                    "contributed_total": self.given[p],
                    "done": bool(self.done[p]),
                    "clandestine": len(self.hands[p]),
                    "aboard": p in self.aboard,
                    # Ballots are secret until the vote closes: each sees only their own.
                    "vote": self.votes[p] if self._voting() and p == viewer else None,
                    "voted": self._voting() and self.votes[p] >= 0,
                }
            )
        return rows

    def _voting(self) -> bool:
        return bool(self.stack) and self.stack[-1][0] == "vote"

    def _phase(self) -> str:
        if not self.stack:
            return "over"
        op = str(self.stack[-1][0])
        return {
            "pick": "setup",
            "act": "take action",
            "contribute": "contribute",
            "vote": "vote",
            "challenge": "challenge",
        }.get(op, op)

    def view(self, player: int) -> dict[str, Any]:
        """Public table plus the viewer's own clandestine cards."""
        remaining = max(0, self.end_at - self.clock) if self.started else self.end_at
        top = self.stack[-1] if self.stack else ()
        return {
            "game": GAME,
            "viewer": player,
            "clock_ms": self.clock,
            "remaining_ms": 0 if self.ended else remaining,
            "ended": bool(self.ended),
            "phase": self._phase(),
            "round": self.round,
            "acting": top[1] if top and top[0] == "act" else None,
            "project": self.project,
            "seats": self.seats(),
            "seat_chart": dict(zip(("first", "step"), self.seat_chart(), strict=True)),
            "bags": {"resources": self.bag_res, "influence": self.bag_inf},
            "coin": self.coin,
            "players": self._player_rows(player),
            "civilizations_left": [CIVILIZATIONS[c].name for c in self.pool],
            "in_play": [{"name": EVENTS[c].name, "text": EVENTS[c].text} for c in self.in_play],
            "hand": [{"name": EVENTS[c].name, "text": EVENTS[c].text} for c in self.hands[player]]
            if 0 <= player < self.players
            else [],
            "deck_size": len(self.deck),
            "pressure": {
                "by": self.pressure_by,
                "on": top[1],
                "left_ms": max(0, self.pressure_at + PRESSURE_MS - self.clock),
            }
            if top and top[0] == "act" and self.pressure_by >= 0
            else None,
            "pick": {
                "on": top[2][top[1]],
                "left_ms": max(0, self.turn_since + PICK_MS - self.clock),
            }
            if top and top[0] == "pick"
            else None,
            "contribute": {
                "quiet_ms": self._quiet_ms(),
                "closes_in_ms": max(0, self.quiet_since + self._quiet_ms() - self.clock),
            }
            if top and top[0] == "contribute"
            else None,
            "vote": {
                "purpose": top[1],
                "candidates": list(top[2]),
                "round": top[3],
                "left_ms": max(0, self.vote_close - self.clock),
            }
            if top and top[0] == "vote"
            else None,
            "aboard": list(self.aboard),
            "winners": self.winners(),
        }

    def snapshot(self) -> dict[str, Any]:
        data = self.view(-1)
        data.pop("hand")
        data["hands"] = [[EVENTS[c].name for c in h] for h in self.hands]
        data["deck"] = [EVENTS[c].name for c in self.deck]
        data["event_order"] = self.event_order()
        data["eliminated"] = list(self.eliminated)
        data["open"] = sorted(d.player for d in self.decisions)
        data["game_over"] = self.is_over
        data["rounds"] = self.round
        data["tokens"] = {
            "resources": self.bag_res + sum(self.res) + self.project,
            "influence": self.bag_inf + sum(self.inf),
        }
        data["card_stats"] = self._card_stats()
        return data

    def event_order(self) -> str:
        """The event deck's order to keep for the next game: the deck, then cards in play and
        in hands (they go to the bottom when the game is over)."""
        cards = self.deck + self.in_play + [c for h in self.hands for c in h]
        return ",".join(EVENTS[c].slug for c in cards)

    def _card_stats(self) -> dict[str, dict[str, float]]:
        stats: dict[str, dict[str, float]] = {}
        for p in range(self.players):
            if self.civ[p] >= 0:
                stats[f"civ {CIVILIZATIONS[self.civ[p]].name}"] = {
                    "picked": 1,
                    "survived": float(p in self.aboard),
                }
        for card in self.drawn:
            drawer = self._drawer(card)
            entry = stats.setdefault(EVENTS[card].name, {"drawn": 0, "drawer_aboard": 0})
            entry["drawn"] += 1
            entry["drawer_aboard"] += float(drawer in self.aboard)
        stats["rocket"] = {"seats": self.seats(), "project": self.project}
        return stats

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return _event_text(event, viewer)

    def determinize(self, player: int, rng: Rng) -> Self:
        world = self.clone()
        unknown = list(world.deck)
        for p in range(self.players):
            if p != player:
                unknown += world.hands[p]
        unknown.sort()  # the redeal must not depend on where the hidden cards really are
        rng.shuffle(unknown)
        world.deck = unknown[: len(world.deck)]
        rest = unknown[len(world.deck) :]
        for p in range(self.players):
            if p != player:
                n = len(world.hands[p])
                world.hands[p], rest = rest[:n], rest[n:]
        # Nothing the player did not see: secret draws redacted (and so the cards drawn), no
        # decision log, and a future of chance of its own rather than the real one.
        world.events = world.seen_events(player)
        world.drawn = [int(e[2]) for e in world.events if e[0] == "draw"]
        world.log = []
        world.rng = Rng(rng.next64())
        top = world.stack[-1] if world.stack else ()
        if top and top[0] == "vote":
            # Who has voted is public, for whom is not until the vote closes.
            choices = (1, 0) if top[1] == "dilemma" else tuple(top[2])
            for p in range(self.players):
                if p != player and world.votes[p] >= 0:
                    world.votes[p] = choices[rng.below(len(choices))]
        return world

    def seen_events(self, player: int) -> list[tuple[Any, ...]]:
        """The events ``player`` saw, with the card of another leader's clandestine draw
        taken out (they saw only that a card was drawn)."""
        seen: list[tuple[Any, ...]] = []
        for event in self.events:
            if event[0] == "draw" and event[1] != player and _secret(event[2]):
                seen.append(("draw_hidden", event[1]))
            elif self.event_visible(event, player):
                seen.append(event)
        return seen

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        """Keys: ``civs`` (a name per seat: skips the picks), ``players`` ({seat: {resources,
        influence, hand, alive}}), ``project``, ``coin``, ``deck_top`` and ``in_play`` (event
        names). Tokens come from the bags, so they stay conserved."""
        known = {"civs", "players", "project", "coin", "deck_top", "in_play"}
        unknown = set(setup) - known
        if unknown:
            raise ScenarioError(f"unknown setup keys: {', '.join(sorted(unknown))}")
        if "coin" in setup:
            self.coin = int(setup["coin"]) % self.players
            if self.stack and self.stack[-1][0] == "pick":
                order = tuple(self._clockwise(self.coin, everyone=True))
                self.stack[-1] = ("pick", 0, order)
        if "civs" in setup:
            names = list(setup["civs"])
            if len(names) != self.players:
                raise ScenarioError(f"civs needs {self.players} names, not {len(names)}")
            self.civ = [_civ_id(n) for n in names]
            self.pool = [c for c in civilizations_for(self.players) if c not in self.civ]
            self.stack = [("board",)]
            self.clock = 0
            self.end_at = int(self.options.get("minutes", 15) * 60_000)
            self.push(("start",))
        for name in list(setup.get("deck_top", []))[::-1]:
            card = _event_id(name)
            self.deck.remove(card)
            self.deck.insert(0, card)
        for name in setup.get("in_play", []):
            card = _event_id(name)
            self.deck.remove(card)
            self.in_play.append(card)
        for seat, spec in dict(setup.get("players", {})).items():
            p = int(seat)
            self._gain(p, int(spec.get("resources", 0)), int(spec.get("influence", 0)))
            for name in spec.get("hand", []):
                card = _event_id(name)
                self.deck.remove(card)
                self.hands[p].append(card)
            if spec.get("alive", True) is False:
                self.eliminate(p, "set up")
        if "project" in setup:
            self._add_project(int(setup["project"]))
        self._advance()


def _head(d: Decision) -> tuple[int, str, tuple[Option, ...], str]:
    return d.player, d.kind, d.options, d.prompt


def _civ_id(name: str) -> int:
    civ = CIV_BY_NAME.get(str(name).strip().lower())
    if civ is None:
        raise ScenarioError(f"unknown civilization {name!r}")
    return civ.id


def _event_id(name: str) -> int:
    slug = "".join(c if c.isalnum() else "-" for c in str(name).lower()).strip("-")
    card = EVENT_BY_SLUG.get(slug)
    if card is None:
        raise ScenarioError(f"unknown event {name!r}")
    return card.id


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


def _does(p: int, viewer: int | None, third: str, second: str) -> str:
    """The seat and its verb in agreement: ``player 2 wins``, ``you win``."""
    return f"you {second}" if p == viewer else f"player {p} {third}"


def _secret(card: int) -> bool:
    return EVENTS[card].kind == "clandestine"


def _seat(p: int, viewer: int | None) -> str:
    return "you" if p == viewer else f"player {p}"


def _ballot(purpose: str, vote: int, viewer: int | None) -> str:
    if purpose == "dilemma":
        return "yes" if vote else "no"
    return "→ " + _seat(vote, viewer)


def _event_text(event: tuple[Any, ...], viewer: int | None) -> str | None:
    kind = event[0]
    if kind == "pick":
        by_lot = " (drawn by lot: no pick in time)" if event[3] else ""
        return f"{_seat(event[1], viewer)}: {CIVILIZATIONS[event[2]].name}{by_lot}"
    if kind == "start":
        return f"The hourglass turns: player {event[1]} holds the 1st Player Coin"
    if kind == "produce":
        return f"{_seat(event[1], viewer)} produced {event[2]} Resources"
    if kind == "indoctrinate":
        return f"{_seat(event[1], viewer)} indoctrinated {event[2]} Influence"
    if kind == "action":
        target = "the robots" if event[3] == ROBOTS else _seat(event[3], viewer)
        return f"{_seat(event[1], viewer)} {event[2]}d {target}"
    if kind == "steal":
        return f"  {_seat(event[1], viewer)} took {event[3]} Resources, {event[4]} Influence"
    if kind == "contribute":
        return f"{_seat(event[1], viewer)}: {event[2]}!"
    if kind == "nobody_contributed":
        return "Nobody contributed: the coin stays and no event is drawn"
    if kind == "tie":
        return "Tie between " + ", ".join(_seat(p, viewer) for p in event[1]) + ": vote!"
    if kind == "award":
        return (
            f"{_does(event[1], viewer, 'wins', 'win')} the contribution: coin, 1 Influence, "
            "an event"
        )
    if kind == "draw":
        card = EVENTS[event[2]]
        if _secret(card.id) and viewer != event[1]:
            return _event_text(("draw_hidden", event[1]), viewer)
        return f"{_seat(event[1], viewer)} drew {card.name}: {card.text}"
    if kind == "draw_hidden":
        return f"{_seat(event[1], viewer)} drew a clandestine event and read it silently"
    if kind == "play":
        card = EVENTS[event[2]]
        return f"{_seat(event[1], viewer)} played {card.name}: {card.text}"
    if kind == "eliminated":
        by = f" by {_seat(event[3], viewer)}" if event[3] >= 0 else ""
        return f"{_does(event[1], viewer, 'is', 'are')} eliminated ({event[2]}{by})"
    if kind == "pressure":
        return (
            f"{_does(event[1], viewer, 'pressures', 'pressure')} {_seat(event[2], viewer)}: "
            "10... 9... 8..."
        )
    if kind == "dilemma":
        return f"The vote on {EVENTS[event[1]].name}: {'yes' if event[2] else 'no'}"
    if kind == "vote_tied":
        return "The vote is tied: vote again"
    if kind == "ballots":
        cast = [
            f"{_seat(p, viewer)} {_ballot(event[1], vote, viewer)}"
            for p, vote in enumerate(event[2])
            if vote >= 0
        ]
        return "Votes shown: " + (", ".join(cast) if cast else "nobody voted")
    if kind == "vote_won":
        return f"Vote ({event[1]}): {_seat(event[2], viewer)}"
    if kind == "vote_unanswered":
        return {
            "coin": "Nobody voted: nobody wins the contribution",
            "dilemma": "Nobody voted: the answer is no",
            "lizard": "Nobody voted: the lizard escapes",
            "board": "Nobody voted: the tied leaders stay behind",
        }[event[1]]
    if kind == "lizard_escaped":
        return "The vote stays tied: the lizard escapes"
    if kind == "challenge":
        return f"{_seat(event[1], viewer)} {'met' if event[3] else 'failed'} the challenge"
    if kind == "robots_tax":
        return "The robots take 1 Resource from every leader"
    if kind == "robots_destroyed":
        return f"{_seat(event[1], viewer)} nuked the robots"
    if kind == "end_of_days":
        return "TIME IS UP. The End of Days."
    if kind == "mission":
        if viewer != event[1] and not event[3]:
            return None
        return f"{_seat(event[1], viewer)}: secret mission {EVENTS[event[2]].name} " + (
            "accomplished" if event[3] else "failed"
        )
    if kind == "aboard":
        return f"{_does(event[1], viewer, 'boards', 'board')} the rocket"
    if kind == "launch":
        return f"The rocket launches with {event[1]} seats"
    return None


WereDoomedState.HANDLERS = {
    **GameState.HANDLERS,
    "pick": WereDoomedState._h_pick,
    "start": WereDoomedState._h_start,
    "round": WereDoomedState._h_round,
    "turn": WereDoomedState._h_turn,
    "act": WereDoomedState._h_act,
    "contribute_open": WereDoomedState._h_contribute_open,
    "contribute": WereDoomedState._h_contribute,
    "award": WereDoomedState._h_award,
    "award_to": WereDoomedState._h_award_to,
    "draw": WereDoomedState._h_draw,
    "effect": WereDoomedState._h_effect,
    "finish": WereDoomedState._h_finish,
    "challenge": WereDoomedState._h_challenge,
    "vote_open": WereDoomedState._h_vote_open,
    "vote": WereDoomedState._h_vote,
    "board": WereDoomedState._h_board,
    "board_fill": WereDoomedState._h_board_fill,
}
