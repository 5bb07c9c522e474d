"""The game-agnostic state machine every game builds on.

A game state holds plain data only (ints, strings, lists of them, tuples); static card facts
live in tables built at import. Pending work is an explicit stack of frames (tuples), resolved by
the game's frame handlers, so any state can be cloned, saved as JSON and resumed at any decision:
mid-effect and inside response windows.

A handler is called as ``handler(state, frame, None)`` when its frame is on top of the stack.
It either changes the state (popping or replacing its frame) and returns ``None``, or returns a
:class:`Decision` and changes nothing. When the decision is answered it is called again as
``handler(state, frame, option)`` and must pop or replace its frame.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from enum import Enum
from functools import partial
from typing import Any, ClassVar, Final, Self, cast

from mypy_extensions import mypyc_attr

from doomtable.engine.decision import (
    PASS,
    PASS_ONLY,
    RESPOND,
    Decision,
    Frame,
    LogEntry,
    Option,
)
from doomtable.engine.errors import (
    GameOverError,
    IllegalChoiceError,
    NotYourDecisionError,
    SaveFileError,
    ScenarioError,
)
from doomtable.engine.rng import Rng

Handler = Callable[[Any, Frame, Option | None], Decision | None]

MAX_STEPS_PER_ADVANCE: Final = 100_000


class Field(Enum):
    """How a state field is copied and serialised."""

    VALUE = "value"  # an int, str, bool or None, or a tuple of them
    LIST = "list"  # a list of values
    LISTS = "lists"  # a list of lists of values
    TUPLES = "tuples"  # a list of (possibly nested) tuples: stack frames, events


def _to_tuple(value: Any) -> Any:
    if type(value) is list:
        return tuple([_to_tuple(v) if type(v) is list else v for v in value])
    return value


# Games and variants outside the compiled modules (and tests) subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState(ABC):
    """Base class of every game's state.

    Subclasses declare ``GAME`` (their registry name), ``FIELDS`` (their own data), and
    ``HANDLERS`` (frame op -> handler), and implement the hooks below.
    """

    GAME: ClassVar[str]
    FIELDS: ClassVar[dict[str, Field]]
    HANDLERS: ClassVar[dict[str, Handler]]

    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    log: list[LogEntry]
    stack: list[Frame]
    events: list[tuple[Any, ...]]
    _pending: Decision | None

    auto_pass: bool = False
    """Answer a response window for a player who has nothing to respond with, without asking:
    the pass is logged as theirs, but no :class:`Decision` is built. Only where no human sits:
    simulations, bots-only games and a searching bot's private samples. A person must be asked
    every time, or how fast the table moves would show who holds a response card. The game,
    its log and its replay are the same as when every seat is asked. Not a field: clones and
    saves never carry it."""

    answer_lone_options: bool = False
    """Answer any decision that has a single option at once, as its player would, without
    handing it to the caller: the answer is logged and carried out as by :meth:`apply`. Only
    at a table where no human sits (:meth:`play_without_humans`, where the game allows it:
    :attr:`LONE_OPTIONS_ANSWERED`); a searching bot's sample keeps such decisions, which its
    search counts. Not a field, as :attr:`auto_pass`."""

    LONE_OPTIONS_ANSWERED: ClassVar[bool] = True
    """Whether a bots-only table answers lone options itself (a timed game's answers take
    their player's clock time, so it does not)."""

    FIELD_DEFAULTS: ClassVar[dict[str, Any]] = {}
    """A field added after saves were written, and the value a save that lacks it loads with
    (:meth:`from_dict`), as JSON would hold it (a list for a tuple): saves made before the
    field existed keep loading. The value is converted and copied as a saved one is, so a
    list given here is never shared. Only for a constant value; a field without an entry is
    required ("missing field")."""

    _CORE_FIELDS: ClassVar[dict[str, Field]] = {
        "players": Field.VALUE,
        "seed": Field.VALUE,
        "stack": Field.TUPLES,
        "events": Field.TUPLES,
    }

    def _init_core(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self.log = []
        self.stack = []
        self.events = []
        self._pending = None

    # ----------------------------------------------------------------- hooks for games

    @abstractmethod
    def label(self, option: Option) -> str:
        """A stable, readable label for ``option`` (``play Heroic``, ``target player 2``)."""
        ...

    @abstractmethod
    def view(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may see, and nothing else, as JSON-ready data."""
        ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        """Plain words for ``event`` as ``viewer`` may see it (``None``: an onlooker)."""
        ...

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> Self:
        """A copy in which every card hidden from ``player`` is redealt at random among the
        places it could be, keeping everything ``player`` has seen and nothing else: only the
        events ``player`` could see (:meth:`seen_events`), and no decision log (it records
        others' hidden choices)."""
        ...

    def bot_options(self, decision: Decision) -> tuple[Option, ...]:
        """The options of ``decision`` a bot chooses among: all of them, or a single one where
        the game has a table convention bots keep to (We're Doomed! breaks a run of tied votes
        so). It may read only what the deciding player may see."""
        return decision.options

    def event_visible(self, event: tuple[Any, ...], viewer: int) -> bool:
        """Whether ``viewer`` saw ``event`` at all. By default: whether it has text for them;
        a game that can tell without building the text should say so (samples ask for every
        event)."""
        return self.event_text(event, viewer) is not None

    def seen_events(self, player: int) -> list[tuple[Any, ...]]:
        """The events ``player`` could see, for ``determinize`` to keep. A game whose events
        show a viewer only part of themselves must redact them instead."""
        visible = self.event_visible
        return [e for e in self.events if visible(e, player)]

    def response_options(self, player: int, trigger: tuple[Any, ...]) -> list[Option]:
        """Responses ``player`` could make in a window opened by ``trigger`` (pass excluded)."""
        return []

    def on_response(self, player: int, option: Option, trigger: tuple[Any, ...]) -> bool:
        """Carry out a response; return whether the window stays open for the others."""
        return False

    def window_prompt(self, trigger: tuple[Any, ...]) -> str:
        return "Respond?"

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state in readable form (card names, not ids): what scenarios match on."""
        ...

    def final_record(self, card_stats: bool = True) -> dict[str, Any]:
        """What a simulator keeps of a finished game, as the same entries of :meth:`snapshot`:
        its round count (``rounds`` or ``round``) and, when asked for, its ``card_stats``.
        By default the whole snapshot; a game whose snapshot is costly returns just those."""
        return self.snapshot()

    def setup_scenario(self, setup: dict[str, Any]) -> None:
        """Rearrange a freshly dealt game as a scenario's ``setup`` says, then re-advance.

        Raises :class:`~doomtable.engine.errors.ScenarioError` for unknown keys or cards.
        """
        raise ScenarioError(f"{self.GAME} has no scenario setup: give scenarios no 'setup'")

    def card_zones(self) -> dict[str, list[int]] | None:
        """Every card id, zone by zone, or ``None`` (the default) when the game does not say.

        A game that says promises conservation: at every decision the ids of all zones
        together are ``0 .. n-1``, each exactly once (the stateful tests check it).
        """
        return None

    def card_name(self, card: int) -> str:
        """Card id ``card`` in words, for messages about a save's cards (``Tentacles``); a game
        whose ids are not named says ``card 15``."""
        return f"card {card}"

    def bounded_values(self) -> dict[str, tuple[int, int, list[int]]]:
        """Counters the rules keep in a range: name -> (lowest, highest, current values)."""
        return {}

    PLAYOUT_DECISIONS: ClassVar[int] = 16
    """How many random decisions a searching bot's play-out makes before ``win_chances``
    judges it (unless the bot is told otherwise); 0 judges the searched position itself."""

    def win_chances(self) -> list[float] | None:
        """Each player's chance of winning from here, for a searching bot to judge a play-out
        it cuts short; ``None`` (the default) when the game has no estimate, and searching
        bots then play on to the end."""
        return None

    def evaluate(self, player: int) -> float:
        """How well ``player`` stands, for greedy bots; by default score minus best rival."""
        scores = self.scores()
        rivals = [s for i, s in enumerate(scores) if i != player]
        return float(scores[player] - (max(rivals) if rivals else 0))

    # ----------------------------------------------------------------- the machine

    @property
    def pending(self) -> Decision | None:
        """The decision now due, or ``None`` when the game is over."""
        return self._pending

    @property
    def is_over(self) -> bool:
        return self._pending is None

    def legal_options(self) -> tuple[Option, ...]:
        return self._pending.options if self._pending is not None else ()

    def labels(self) -> list[str]:
        return [self.label(o) for o in self.legal_options()]

    def resolve_choice(self, player: int, choice: object) -> Option:
        """The legal option meant by ``choice`` (an option, its label, or its index).

        ``choice`` is typed ``object``, as it is user input checked here: a narrower type
        would make the compiled module refuse a wrong one with a bare ``TypeError``."""
        decision = self._pending
        if decision is None:
            raise GameOverError("the game is over: no decision is pending")
        if decision.also and player != decision.player:
            decision = next((d for d in decision.also if d.player == player), decision)
        if player != decision.player:
            raise NotYourDecisionError(
                f"it is player {decision.player}'s decision ({decision.prompt}), "
                f"not player {player}'s",
                [],
            )
        options = decision.options
        # Exact types only: True is not index 1, and None, floats, lists or bytes are refused
        # with the same error as any other illegal choice.
        kind = type(choice)
        if kind is tuple:
            for option in options:
                if option is choice:  # the option object itself, as programs pass it
                    return option
            wanted_types = [type(item) for item in cast(tuple[Any, ...], choice)]
            for option in options:
                if option == choice and [type(item) for item in option] == wanted_types:
                    return option
        elif kind is int:
            if 0 <= cast(int, choice) < len(options):
                return options[cast(int, choice)]
        elif kind is str:
            wanted = " ".join(cast(str, choice).split()).casefold()
            for option in options:
                if self.label(option).casefold() == wanted:
                    return option
        else:
            raise IllegalChoiceError(
                f"a choice is an option tuple, its label or its index, not "
                f"{kind.__name__} {choice!r}; legal: {', '.join(self.labels())}",
                self.labels(),
            )
        legal = [self.label(o) for o in options]
        raise IllegalChoiceError(
            f"{choice!r} is not a legal choice for player {player} ({decision.prompt}); "
            f"legal: {', '.join(legal)}",
            legal,
        )

    def apply(self, player: int, choice: object) -> None:
        """Answer the pending decision. Illegal input raises and changes nothing."""
        option = self.resolve_choice(player, choice)
        self._apply_unchecked(option)

    def replay_entry(self, entry: LogEntry) -> None:
        """Apply one entry of a decision log again (what ``replay`` does with each)."""
        self.apply(entry[0], tuple(entry[1]))

    def _apply_unchecked(self, option: Option) -> None:
        """Apply a known-legal option of the pending decision (used by fast simulators)."""
        decision = self._pending
        assert decision is not None
        self.log.append((decision.player, option))
        self.resolve_frame(self.stack[-1], option)
        self._advance()

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        """Run the handler that ``HANDLERS`` names for ``frame``, the top of the stack.

        A compiled game may override this to call its most frequent handlers by name: compiled
        code then calls them directly, without a dictionary look-up and a call through Python.
        """
        return self.HANDLERS[frame[0]](self, frame, option)

    def _advance(self) -> None:
        """Resolve frames until a decision is due or the stack is empty."""
        stack = self.stack
        answer_lone_options = self.answer_lone_options
        for _ in range(MAX_STEPS_PER_ADVANCE):
            if not stack:
                self._pending = None
                return
            decision = self.resolve_frame(stack[-1], None)
            if decision is not None:
                options = decision.options
                if not answer_lone_options or len(options) != 1:
                    self._pending = decision
                    return
                # What _apply_unchecked does with the answer, without leaving this loop.
                self.log.append((decision.player, options[0]))
                self.resolve_frame(stack[-1], options[0])
        raise RuntimeError(f"{self.GAME}: effect stack did not settle: top frame {stack[-1]!r}")

    def seats_from(self, first: int) -> tuple[int, ...]:
        """Every seat in turn order, starting with ``first``."""
        return seats_from(self.players, first)

    def seats_after(self, first: int) -> tuple[int, ...]:
        """Every other seat in turn order, starting at the left of ``first``."""
        return seats_after(self.players, first)

    def push(self, *frames: Frame) -> None:
        """Push frames so that the first one given resolves first."""
        # Appended one by one from the last: extending by ``reversed()`` goes through an
        # iterator, and by a reversed slice builds a tuple only to throw it away.
        stack = self.stack
        for i in range(len(frames) - 1, -1, -1):
            stack.append(frames[i])

    def push_all(self, frames: list[Frame]) -> None:
        """:meth:`push` for frames already in a list: compiled code passes a starred list
        to a method through Python's calling convention, which costs more than the push."""
        stack = self.stack
        for i in range(len(frames) - 1, -1, -1):
            stack.append(frames[i])

    # ----------------------------------------------------------------- response windows

    def open_window(self, trigger: tuple[Any, ...], order: Iterable[int]) -> None:
        """Ask every player in ``order`` whether they respond to ``trigger``.

        Everyone eligible is asked, holder of a response card or not, so being asked says
        nothing about a player's hand.
        """
        order = tuple(order)
        if not order:
            return
        first = 0
        if self.auto_pass:
            # Whoever cannot answer would be passed for, one window frame each, with nothing
            # changing in between (callers open windows last, so nothing else resolves before
            # it): their passes are logged here, and the window opens at the first seat that
            # can answer, or not at all.
            while first < len(order) and not self.response_options(order[first], trigger):
                first += 1
            for i in range(first):
                self.log.append(pass_entry(order[i]))
            if first == len(order):
                return
        self.stack.append(("window", trigger, order, first))

    @staticmethod
    def _window(state: GameState, frame: Frame, option: Option | None) -> Decision | None:
        _, trigger, order, index = frame
        player = order[index]
        if option is None:
            responses = state.response_options(player, trigger)
            if responses:
                options = (PASS, *responses)
            elif state.auto_pass:
                state.log.append(pass_entry(player))
                state.stack.pop()
                if index + 1 < len(order):
                    state.stack.append(("window", trigger, order, index + 1))
                return None
            else:
                options = PASS_ONLY
            return Decision(player, RESPOND, options, partial(state.window_prompt, trigger))
        state.stack.pop()
        rest: Frame | None = None
        if index + 1 < len(order):
            # Typed as a Frame, so compiled code keeps this one tuple object (a fixed-size
            # tuple type would be stored unboxed and boxed anew, breaking the identity below).
            rest = cast(Frame, ("window", trigger, order, index + 1))
            state.stack.append(rest)
        if not (option == PASS or state.on_response(player, option, trigger)) and rest:
            # The response closed the window: drop the rest of it (on_response may have
            # pushed frames above it or removed frames below it, so find it by identity).
            for i in range(len(state.stack) - 1, -1, -1):
                if state.stack[i] is rest:
                    del state.stack[i]
                    break
        return None

    def play_without_humans(self) -> None:
        """Mark this table as bots only: from now on neither forced passes (:attr:`auto_pass`)
        nor other decisions with a single option (:attr:`answer_lone_options`) are asked,
        including one that is pending now."""
        self.auto_pass = True
        self.answer_lone_options = self.LONE_OPTIONS_ANSWERED
        self._refresh_pending()

    # ----------------------------------------------------------------- copies and JSON

    @classmethod
    def all_fields(cls) -> dict[str, Field]:
        return {**GameState._CORE_FIELDS, **cls.FIELDS}

    def clone(self) -> Self:
        """An independent copy; static card facts and frames are shared, never copied."""
        # By attribute name, not through ``__dict__``: compiled (mypyc) states have none.
        cls = type(self)
        copy = cls.__new__(cls)
        for name, kind in _clone_plan(cls):
            value = getattr(self, name)
            if kind is Field.VALUE:
                setattr(copy, name, value)
            elif kind is Field.LISTS:
                setattr(copy, name, [inner.copy() for inner in value])
            else:
                setattr(copy, name, value.copy())
        copy.options = self.options
        copy.rng = Rng(self.rng.seed, self.rng.counter)
        copy.log = self.log.copy()
        copy._pending = self._pending
        return copy

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (tuples serialise as lists; ``from_dict`` turns them back)."""
        state = {name: getattr(self, name) for name in self.all_fields()}
        return {
            "game": self.GAME,
            "options": dict(self.options),
            "rng_counter": self.rng.counter,
            "log": self.log,
            "state": state,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The state ``to_json()`` wrote; a malformed text raises :class:`SaveFileError`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFileError(f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise SaveFileError("not a doomtable save: the JSON is not an object")
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The state ``to_dict()`` wrote, trusted as written (use the registry's
        ``load_verified`` for files a person could have edited); data that cannot be a state
        raises :class:`SaveFileError`."""
        try:
            if data["game"] != cls.GAME:
                raise SaveFileError(f"this save is for {data['game']!r}, not {cls.GAME!r}")
            fields = data["state"]
            state = cls.__new__(cls)
            defaults = cls.FIELD_DEFAULTS
            for name, kind in cls.all_fields().items():
                # A field this class added since the save was written takes its default.
                value = defaults[name] if name not in fields and name in defaults else fields[name]
                if kind is Field.VALUE:
                    setattr(state, name, _to_tuple(value))
                elif kind is Field.LIST:
                    setattr(state, name, list(value))
                elif kind is Field.LISTS:
                    setattr(state, name, [list(v) for v in value])
                else:
                    setattr(state, name, [_to_tuple(v) for v in value])
            state.options = dict(data["options"])
            state.rng = Rng(state.seed, int(data["rng_counter"]))
            state.log = [(int(e[0]), tuple(e[1]), *map(int, e[2:])) for e in data["log"]]
            state._pending = None
            state._refresh_pending()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            if isinstance(exc, SaveFileError):
                raise
            what = f"missing field {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
            raise SaveFileError(f"not a valid {cls.GAME} state: {what}") from None
        return state

    def _refresh_pending(self) -> None:
        """Recompute the pending decision from the top frame (after loading)."""
        self._advance()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        if type(self) is not type(other):
            return False
        return (
            all(getattr(self, name) == getattr(other, name) for name, _ in _clone_plan(type(self)))
            and self.options == other.options
            and self.rng.counter == other.rng.counter
            and self.log == other.log
        )

    __hash__ = None  # type: ignore[assignment]

    def log_lines(self, viewer: int | None = None, start: int = 0) -> list[str]:
        """The event log in plain words, as ``viewer`` may see it."""
        lines = []
        for event in self.events[start:]:
            text = self.event_text(event, viewer)
            if text is not None:
                lines.append(text)
        return lines


GameState.HANDLERS = {"window": GameState._window}

TABLE_SEATS: Final = 16
"""Tables up to this many seats have their seat orders and pass entries built at import
(whole, so that threads never see them half built); larger ones compute them when asked."""


def _seat_orders(players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple((p + i) % players for i in range(players)) for p in range(players))


_SEATS: Final = tuple(_seat_orders(n) for n in range(TABLE_SEATS + 1))
_SEATS_AFTER: Final = tuple(tuple(order[1:] for order in orders) for orders in _SEATS)


def seats_from(players: int, first: int) -> tuple[int, ...]:
    """The seats of a ``players``-seat table in turn order, starting with ``first``: looked up,
    not recomputed, as the rules ask for seat orders at nearly every decision."""
    if players <= TABLE_SEATS:
        return _SEATS[players][first]
    return _seat_orders(players)[first]


def seats_after(players: int, first: int) -> tuple[int, ...]:
    """:func:`seats_from` without ``first`` itself, looked up as well."""
    if players <= TABLE_SEATS:
        return _SEATS_AFTER[players][first]
    return _seat_orders(players)[first][1:]


_PASS_ENTRIES: Final[tuple[LogEntry, ...]] = tuple((p, PASS) for p in range(TABLE_SEATS))


def pass_entry(player: int) -> LogEntry:
    """``(player, PASS)``, the log entry of a pass: one shared tuple per seat, as most of a
    bots-only game's log entries are passes the engine writes without asking."""
    return _PASS_ENTRIES[player] if 0 <= player < TABLE_SEATS else (player, PASS)


_CLONE_PLANS: Final[dict[type[GameState], tuple[tuple[str, Field], ...]]] = {}


def _clone_plan(cls: type[GameState]) -> tuple[tuple[str, Field], ...]:
    """Every field of ``cls`` with how it is copied, computed once per class."""
    plan = _CLONE_PLANS.get(cls)
    if plan is None:
        plan = _CLONE_PLANS[cls] = tuple(cls.all_fields().items())
    return plan
