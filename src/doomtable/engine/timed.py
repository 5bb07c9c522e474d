"""Timed games: several players may act at once, every action at a game-clock time.

A :class:`TimedGameState` keeps a game clock (``clock``, milliseconds of game time elapsed).
Its pending :class:`Decision` may carry ``also``: the decisions of other players open at the
same moment, any of which may be answered first. Every answer carries the clock time at which
it was given, and the log records ``(player, option, at)``; time passing with nobody acting
is logged as ``(CLOCK, WAIT, at)``. Seed and log therefore replay a real-time game exactly.

The game says when the state changes by itself (``deadline()``: a phase closing, time running
out) and what then happens (``on_deadline()``). The clock moves two ways:

- real time (option ``realtime`` true, the terminal): the driver answers decisions with
  ``apply(player, choice, at)`` and lets time pass with ``advance_clock(at)`` as the wall
  clock runs;
- simulated (the default, bots only): every open decision's player is modelled to answer
  ``think_ms(player)`` after the last event, a time drawn from the state's seed; ``pending``
  is the decision answered first, and a deadline that comes sooner is passed by itself. So
  ``pending`` + ``_apply_unchecked`` (every bot, simulator and search) play a timed game
  like a turn-based one, and thousands of games simulate without waiting.
"""

from __future__ import annotations

from typing import ClassVar

from doomtable.engine.decision import CLOCK, WAIT, Decision, LogEntry, Option
from doomtable.engine.errors import IllegalChoiceError
from doomtable.engine.rng import splitmix64
from doomtable.engine.state import MAX_STEPS_PER_ADVANCE, GameState

_MASK = (1 << 64) - 1


class TimedGameState(GameState):
    """A game state on a game clock, with simultaneous decisions (see the module docstring).

    Subclasses declare ``"clock": Field.VALUE`` in their ``FIELDS`` and implement
    :meth:`deadline` and :meth:`on_deadline`; handlers of simultaneous frames learn who
    answered from :attr:`actor`.
    """

    THINK_MS: ClassVar[tuple[int, int]] = (1_000, 8_000)
    """Range of a modelled player's time to answer, in game-clock milliseconds."""

    LONE_OPTIONS_ANSWERED: ClassVar[bool] = False
    """An answer takes its player's time on the clock, which only :meth:`_apply_unchecked`
    keeps: a lone option is still asked at a bots-only table."""

    clock: int

    # ----------------------------------------------------------------- hooks for games

    def deadline(self) -> int | None:
        """The clock time at which the state changes by itself if nobody acts first."""
        return None

    def on_deadline(self) -> None:
        """Carry out what falls due at :meth:`deadline` (the clock already reads it)."""

    def think_ms(self, player: int) -> int:
        """How long ``player`` is modelled to take to answer from now: drawn from the state's
        seed, the clock and the length of the log, so it is the same on every replay and
        never moves the state's own generator."""
        low, high = self.THINK_MS
        key = (self.rng.seed * 0x9E3779B97F4A7C15 + len(self.log) * 1_000_003) & _MASK
        draw = splitmix64((key + self.clock * 31 + player + 1) & _MASK)
        return low + draw % (high - low + 1)

    # ----------------------------------------------------------------- the clock

    @property
    def realtime(self) -> bool:
        return bool(self.options.get("realtime", False))

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """Every decision open now, one per player who may act."""
        pending = self._pending
        return () if pending is None else (pending, *pending.also)

    def decision_for(self, player: int) -> Decision | None:
        return next((d for d in self.decisions if d.player == player), None)

    @property
    def actor(self) -> int:
        """The player whose answer is being carried out (the last log entry's)."""
        return int(self.log[-1][0])

    def apply(self, player: int, choice: object, at: int | None = None) -> None:
        """Answer ``player``'s open decision at clock time ``at``: by default now in real
        time, or after the player's modelled thinking time on the simulated clock.

        ``at`` must not be earlier than the clock, nor at or past the next deadline (let the
        time pass with :meth:`advance_clock` first). Bad input raises and changes nothing.
        """
        option = self.resolve_choice(player, choice)
        when = at
        if when is None:
            when = self.clock if self.realtime else self._modelled_time(player)
        self._check_time(when)
        self._act(player, option, when)

    def _apply_unchecked(self, option: Option) -> None:
        decision = self._pending
        assert decision is not None
        self._act(decision.player, option, self._modelled_time(decision.player))

    def _modelled_time(self, player: int) -> int:
        """When ``player`` answers on the simulated clock: after their thinking time, but
        before the next deadline."""
        when = self.clock + self.think_ms(player)
        due = self.deadline()
        if due is not None and when >= due:
            when = max(self.clock, due - 1)
        return when

    def advance_clock(self, at: int) -> None:
        """Let the clock run to ``at`` with nobody acting; whatever falls due happens."""
        if at < self.clock:
            raise IllegalChoiceError(
                f"the clock reads {self.clock} ms: it cannot go back to {at} ms", []
            )
        self.log.append((CLOCK, WAIT, at))
        self._pass_time(at)
        self._advance()

    def replay_entry(self, entry: LogEntry) -> None:
        if len(entry) < 3:
            super().replay_entry(entry)
        elif entry[0] == CLOCK:
            self.advance_clock(int(entry[2]))
        else:
            self.apply(int(entry[0]), tuple(entry[1]), int(entry[2]))

    def simulate_for(self, player: int) -> None:
        """Turn this copy (a bot's own sample) to the simulated clock, with ``player``'s open
        decision pending: a search plays on without waiting for a wall clock."""
        if self.realtime:
            self.options = {**self.options, "realtime": False}
        decision = self.decision_for(player)
        if decision is not None and decision is not self._pending:
            self._pending = _lead_with(self.decisions, decision)

    def _check_time(self, at: int) -> None:
        if at < self.clock:
            raise IllegalChoiceError(
                f"too early: the clock already reads {self.clock} ms, not {at} ms", []
            )
        due = self.deadline()
        if due is not None and at >= due:
            raise IllegalChoiceError(
                f"too late: something falls due at {due} ms, before {at} ms; "
                f"let the clock run first",
                [],
            )

    def _act(self, player: int, option: Option, at: int) -> None:
        self.log.append((player, option, at))
        self.clock = at
        self.resolve_frame(self.stack[-1], option)
        self._advance()

    def _pass_time(self, at: int) -> None:
        """Carry out every deadline up to ``at``, in order, then set the clock to ``at``."""
        for _ in range(MAX_STEPS_PER_ADVANCE):
            due = self.deadline()
            if due is None or due > at or not self.stack:
                break
            self.clock = max(self.clock, due)
            self.on_deadline()
            GameState._advance(self)
        self.clock = max(self.clock, at)

    def _advance(self) -> None:
        super()._advance()
        self._settle_simulated_clock()

    def _refresh_pending(self) -> None:
        # After loading, the lead among simultaneous decisions is chosen as it was in play.
        super()._refresh_pending()
        self._settle_simulated_clock()

    def _settle_simulated_clock(self) -> None:
        if self.realtime:
            return
        # Simulated clock: the first to answer leads; a deadline before it passes by itself.
        for _ in range(MAX_STEPS_PER_ADVANCE):
            decisions = self.decisions
            if not decisions:
                return
            # Each player's time once (the first of the quickest leads, as ``min`` picks).
            times = [self.think_ms(d.player) for d in decisions]
            first = min(range(len(times)), key=times.__getitem__)
            lead = decisions[first]
            due = self.deadline()
            if due is not None and self.clock + times[first] >= due:
                self._pass_time(due)
                continue
            if lead is not self._pending:
                self._pending = _lead_with(decisions, lead)
            return
        raise RuntimeError(f"{self.GAME}: the clock did not settle at {self.clock} ms")


def _lead_with(decisions: tuple[Decision, ...], lead: Decision) -> Decision:
    """One decision with ``lead`` first and every other open decision in ``also``."""
    others = tuple(
        Decision(d.player, d.kind, d.options, d.prompt) for d in decisions if d is not lead
    )
    return Decision(lead.player, lead.kind, lead.options, lead.prompt, others)
