"""Fixed-size actions and observations for any registered game, built from the public API only.

Actions. A game may declare its action layout as plain data (see ``docs/rl.md``): each option
verb with the domain of each of its arguments (``"card"``: card ids ``0..n-1``, ``"player"``:
seats, or a list of the values an argument takes). Every option ``(verb, a, b)`` then has one
index: the verb's offset plus ``a`` and ``b`` read as digits of a mixed-radix number, so each
verb x card x target is an action of its own, the same at every decision of every game. A
game that declares nothing gets the generic layout: action ``i`` is the ``i``-th legal option
of the decision, for ``i`` below a fixed bound.

Observations. A game that declares an observation layout gets a structured observation
(``doomtable.rl.observation``: one named slot per card identity per zone, count, score, phase
and decision kind). For a game that declares none, ``state.view(player)`` (JSON-ready data) is
walked into ``(path, value)`` features that are hashed (CRC-32, so stable across runs) into a
fixed-size vector: a string leaf adds 1 at ``path=value``, a number adds
``sign(v)·log(1+|v|)`` at ``path``, a true bool adds 1 at ``path``. Lists are bags (their
items share one path, so a hand is a multiset of cards), except the per-seat lists, whose
items are keyed by seat relative to the viewer. Only the view is read, so an observation
holds exactly what the player may see.
"""

from __future__ import annotations

import bisect
import math
import zlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from doomtable.bots.base import outcome_shares
from doomtable.engine import Decision, GameSpec, GameState, Option, find_game
from doomtable.rl.declaration import EncodingError as EncodingError
from doomtable.rl.declaration import declaration as declaration
from doomtable.rl.direct import DirectObservation, direct_observation
from doomtable.rl.observation import StructuredObservation

DEFAULT_OBSERVATION_SIZE = 2048
DEFAULT_MAX_OPTIONS = 512
LONG_TEXT = 40
"""Strings longer than this (rule text, prompts) are skipped: they repeat what names say."""


class ActionSpace(ABC):
    """Maps a decision's options to fixed action indexes and back."""

    size: int
    """Number of actions; every index is in ``range(size)``."""
    verbs: int = 1
    """Number of verbs; :meth:`verb_of` numbers them."""

    def verb_of(self, index: int) -> int:
        """The number of the verb of action ``index`` (0 where the layout has no verbs)."""
        return 0

    @abstractmethod
    def indexes(self, options: Sequence[Option]) -> list[int]:
        """The action index of each option, in order."""

    def mask(self, options: Sequence[Option]) -> list[int]:
        """1 at every legal action of ``options``, 0 elsewhere."""
        mask = [0] * self.size
        for index in self.indexes(options):
            mask[index] = 1
        return mask

    def option(self, index: int, options: Sequence[Option]) -> Option:
        """The legal option with action ``index``; a clear error if it is not legal."""
        for option, at in zip(options, self.indexes(options), strict=True):
            if at == index:
                return option
        raise EncodingError(f"action {index} is not legal here; legal: {self.indexes(options)}")


@dataclass(frozen=True)
class _Verb:
    offset: int
    radices: tuple[int, ...]
    values: tuple[dict[Any, int] | None, ...]  # None: the argument is already 0..radix-1


class DeclaredActions(ActionSpace):
    """A game's declared layout: verb x argument domains, one index per option."""

    def __init__(self, game: str, verbs: Sequence[Sequence[str]], domains: Mapping[str, Any]):
        self.game = game
        self._verbs: dict[str, _Verb] = {}
        self.layout: list[tuple[str, int, int, tuple[str, ...]]] = []
        """(verb, first index, number of indexes, argument domains), for documentation."""
        self._domains: dict[str, tuple[int, dict[Any, int] | None]] = {}
        offset = 0
        for verb, *arguments in verbs:
            radices: list[int] = []
            values: list[dict[Any, int] | None] = []
            for argument in arguments:
                if argument not in domains:
                    raise EncodingError(
                        f"{game}: verb {verb!r} uses undeclared domain {argument!r}"
                    )
                domain = domains[argument]
                if isinstance(domain, int):
                    radices.append(domain)
                    values.append(None)
                else:
                    radices.append(len(domain))
                    values.append({value: i for i, value in enumerate(domain)})
                self._domains[argument] = (radices[-1], values[-1])
            count = math.prod(radices)
            self._verbs[verb] = _Verb(offset, tuple(radices), tuple(values))
            self.layout.append((verb, offset, count, tuple(arguments)))
            offset += count
        self.size = offset
        self.verbs = len(self.layout)
        self._starts = [start for _, start, _, _ in self.layout]

    def verb_of(self, index: int) -> int:
        return bisect.bisect_right(self._starts, index) - 1

    def radix(self, domain: str) -> int:
        """How many values the arguments of ``domain`` take."""
        return self._domains[domain][0]

    def digit(self, domain: str, value: Any) -> int:
        """The place of ``value`` among ``domain``'s values (a clear error if it has none)."""
        radix, values = self._domains[domain]
        digit = value if values is None else values.get(value, -1)
        if not 0 <= digit < radix:
            raise EncodingError(f"{self.game}: {value!r} is not a {domain}")
        return int(digit)

    def index(self, option: Option) -> int:
        verb = self._verbs.get(option[0])
        if verb is None or len(option) != len(verb.radices) + 1:
            raise EncodingError(f"{self.game}: option {option!r} is outside the declared actions")
        index = 0
        for argument, radix, values in zip(option[1:], verb.radices, verb.values, strict=True):
            digit = argument if values is None else values.get(argument, -1)
            if not 0 <= digit < radix:
                raise EncodingError(f"{self.game}: option {option!r} is outside its domain")
            index = index * radix + digit
        return verb.offset + index

    def indexes(self, options: Sequence[Option]) -> list[int]:
        return [self.index(option) for option in options]

    def table(self) -> str:
        """The layout as the Markdown table ``docs/rl.md`` shows (a test keeps them equal)."""
        rows = [
            f"**{self.game}**: {self.size:,} actions.",
            "",
            "| verb | first index | indexes | arguments |",
            "|---|---:|---:|---|",
        ]
        for verb, offset, count, arguments in self.layout:
            rows.append(f"| `{verb}` | {offset:,} | {count:,} | {' × '.join(arguments) or '–'} |")
        return "\n".join(rows)


class LegalActions:
    """The action indexes of the pending decision's options, computed once per decision (an
    environment asks for them for the mask, the step and its caller)."""

    def __init__(self, actions: ActionSpace) -> None:
        self.actions = actions
        self._decision: Decision | None = None
        self._indexes: list[int] = []
        self._options: dict[int, Option] = {}

    def of(self, decision: Decision) -> list[int]:
        if decision is not self._decision:
            self._indexes = self.actions.indexes(decision.options)
            self._options = dict(zip(self._indexes, decision.options, strict=True))
            self._decision = decision
        return self._indexes

    def option(self, decision: Decision, index: int) -> Option:
        """The legal option with action ``index``; a clear error if it is not legal."""
        self.of(decision)
        option = self._options.get(index)
        if option is None:
            raise EncodingError(f"action {index} is not legal here; legal: {self._indexes}")
        return option


class ListedActions(ActionSpace):
    """The generic layout: action ``i`` is the decision's ``i``-th legal option."""

    def __init__(self, game: str, size: int) -> None:
        self.game = game
        self.size = size

    def indexes(self, options: Sequence[Option]) -> list[int]:
        if len(options) > self.size:
            raise EncodingError(
                f"{self.game}: a decision with {len(options)} options; the generic layout "
                f"holds {self.size} (declare the game's actions, see docs/rl.md)"
            )
        return list(range(len(options)))


def _number(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value)


def _slot(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


class Observations(Protocol):
    """Reads a player's view into a fixed-size float32 vector."""

    size: int

    def encode(
        self, view: Mapping[str, Any], viewer: int, players: int, kind: str | None = None
    ) -> np.ndarray[Any, Any]:
        """The observation of ``view`` for ``viewer``, whose open decision is of ``kind``."""
        ...


class ObservationEncoder:
    """Hashes a view into ``size`` floats, for games that declare no layout (see the module
    docstring)."""

    def __init__(self, size: int, seat_lists: Iterable[str] = ()) -> None:
        self.size = size
        self.seat_lists = frozenset(f".{path}" for path in seat_lists)
        self._slots: dict[str, int] = {}

    def features(self, view: Mapping[str, Any], viewer: int, players: int) -> dict[int, float]:
        """The nonzero entries of the observation, slot -> value."""
        out: dict[int, float] = {}
        self._walk(view, "", out, viewer, players)
        return out

    def encode(
        self, view: Mapping[str, Any], viewer: int, players: int, kind: str | None = None
    ) -> np.ndarray[Any, Any]:
        vector = np.zeros(self.size, np.float32)
        for slot, value in self.features(view, viewer, players).items():
            vector[slot] = value
        return vector

    def _add(self, key: str, value: float, out: dict[int, float]) -> None:
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = _slot(key, self.size)
        out[slot] = out.get(slot, 0.0) + value

    def _walk(self, node: Any, path: str, out: dict[int, float], viewer: int, players: int) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                self._walk(value, f"{path}.{key}", out, viewer, players)
        elif isinstance(node, list | tuple):
            seats = path in self.seat_lists or (
                not self.seat_lists
                and path.count(".") == 1
                and len(node) == players
                and all(isinstance(item, Mapping) for item in node)
            )
            for i, item in enumerate(node):
                where = f"{path}[{(i - viewer) % players}]" if seats else f"{path}[]"
                self._walk(item, where, out, viewer, players)
        elif isinstance(node, bool):
            if node:
                self._add(path, 1.0, out)
        elif isinstance(node, int | float):
            if node:
                self._add(path, _number(node), out)
        elif isinstance(node, str) and len(node) <= LONG_TEXT:
            self._add(f"{path}={node}", 1.0, out)


@dataclass(frozen=True)
class GameEncoding:
    """A game's action space and observation encoder."""

    spec: GameSpec
    actions: ActionSpace
    observations: Observations
    constant_sum: bool = True
    """Whether the win shares always sum to 1 (not in We're Doomed!, where nobody may board)."""
    direct: DirectObservation | None = None
    """The observation read from the state, for games that have such an encoder."""

    @property
    def declared(self) -> bool:
        return isinstance(self.actions, DeclaredActions)

    def observe(
        self, state: GameState, viewer: int, kind: str | None = None
    ) -> np.ndarray[Any, Any]:
        """``viewer``'s observation of ``state`` (whose open decision is of ``kind``): the
        encoded view, read straight from the state where the game has a direct encoder."""
        if self.direct is not None:
            return self.direct.encode(state, viewer, kind)
        return self.observations.encode(state.view(viewer), viewer, state.players, kind)


_CACHE: dict[tuple[str, str], GameEncoding] = {}


def game_encoding(game: str, options: Mapping[str, Any] | None = None) -> GameEncoding:
    """The encoding of ``game`` (played with ``options``, whose card sets may widen it): its
    declared one, or the generic one."""
    spec = find_game(game)
    declared = declaration(spec, options)
    key = (spec.name, repr([declared.get("domains"), declared.get("card_sets")]))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    actions: ActionSpace
    if "verbs" in declared:
        domains = {"player": spec.max_players, **declared.get("domains", {})}
        actions = DeclaredActions(spec.name, declared["verbs"], domains)
    else:
        actions = ListedActions(spec.name, int(declared.get("max_options", DEFAULT_MAX_OPTIONS)))
    observations: Observations
    direct: DirectObservation | None = None
    if "observation" in declared:
        sets = declared.get("card_sets")
        observations = StructuredObservation(
            spec.name,
            declared["observation"],
            [c for c in spec.cards() if sets is None or c.get("set") in sets],
            spec.max_players,
            declared.get("decision_kinds", ()),
        )
        direct = direct_observation(spec, observations)
    else:
        observations = ObservationEncoder(
            int(declared.get("observation_size", DEFAULT_OBSERVATION_SIZE)),
            declared.get("seat_lists", ()),
        )
    encoding = _CACHE[key] = GameEncoding(
        spec, actions, observations, bool(declared.get("constant_sum", True)), direct
    )
    return encoding


REWARDS = ("win", "score")
"""``win``: each player's share of the win (1 alone, 1/k in a k-way tie, else 0);
``score``: the player's score minus the best rival's score."""


def final_rewards(state: GameState, reward: str) -> list[float]:
    """Each player's reward for a finished game, as ``reward`` (one of :data:`REWARDS`) says."""
    if reward == "win":
        return outcome_shares(state)
    if reward == "score":
        scores = state.scores()
        return [
            float(score - max((s for i, s in enumerate(scores) if i != player), default=0))
            for player, score in enumerate(scores)
        ]
    raise EncodingError(f"unknown reward {reward!r}; rewards: {', '.join(REWARDS)}")
