"""The game registry: every game registers a spec; adapters find games here by name."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from doomtable.engine.cards import (
    STABLE_FORMAT,
    CardIdentity,
    decode_log,
    migrated,
    positional_dict,
    same_cards_as_today,
    stable_dict,
)
from doomtable.engine.decision import LogEntry
from doomtable.engine.errors import (
    BadOptionError,
    DoomtableError,
    SaveFileError,
    UnknownGameError,
    not_one_of,
)
from doomtable.engine.state import Field, GameState


@dataclass(frozen=True)
class OptionSpec:
    """The type and range of one game option, so bad values are refused before a game starts.

    ``kind`` is ``bool``, ``int``, ``float`` (any number), ``str`` or ``list`` (whose items the
    game itself checks when it starts); a number lies in
    ``minimum..maximum`` (either may be ``None``: unbounded); a str with ``choices`` must be
    one of them, or, if ``multiple``, name some of them separated by commas (or ``all``).
    """

    kind: type[bool] | type[int] | type[float] | type[str] | type[list[Any]]
    help: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    multiple: bool = False

    def check(self, key: str, value: Any) -> Any:
        """``value`` if it fits; else a :class:`BadOptionError` saying what is allowed."""
        if self.kind is bool:
            if type(value) is not bool:
                raise BadOptionError(f"option {key} is true or false, not {value!r}")
            return value
        if self.kind is int or self.kind is float:
            if self.kind is int and type(value) is not int:
                raise BadOptionError(f"option {key} is a whole number, not {value!r}")
            if type(value) not in (int, float) or not math.isfinite(value):
                raise BadOptionError(f"option {key} is a number, not {value!r}")
            low, high = self.minimum, self.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                allowed = (
                    f"from {low} to {high}"
                    if low is not None and high is not None
                    else f"at least {low}"
                    if low is not None
                    else f"at most {high}"
                )
                raise BadOptionError(f"option {key} is {allowed}, not {value!r}")
            return value
        if self.kind is list:
            if type(value) is not list:
                raise BadOptionError(f"option {key} is a list, not {value!r}")
            return value
        if type(value) is not str:
            raise BadOptionError(f"option {key} is text, not {value!r}")
        if self.multiple:
            names = [n.strip().casefold() for n in value.split(",") if n.strip()]
            if "all" in names and names != ["all"]:
                raise BadOptionError(
                    f"option {key}: 'all' names every choice and stands alone, not {value!r}"
                )
            for name in names:
                if name not in self.choices and names != ["all"]:
                    raise BadOptionError(
                        "option " + not_one_of(key, name, self.choices, also="all")
                    )
            return value
        if self.choices and value not in self.choices:
            raise BadOptionError(f"option {key} is one of {', '.join(self.choices)}, not {value!r}")
        return value


def _no_notes(options: dict[str, Any]) -> list[str]:
    return []


@dataclass(frozen=True)
class CarryOver:
    """What a game keeps from one game to the next at the same host, as text: We're Doomed!'s
    event deck is not shuffled between games. ``out_of(state)`` is what a finished game
    leaves for the next (``""``: nothing), and the host gives it to the next game as its
    ``option``."""

    option: str
    out_of: Callable[[GameState], str]

    def into(self, options: dict[str, Any], kept: str) -> dict[str, Any]:
        """A new game's ``options`` continuing what the host kept (unchanged if nothing)."""
        return {**options, self.option: kept} if kept else dict(options)


@dataclass(frozen=True)
class GameSpec:
    """Static facts about a game, declared once by its package."""

    name: str
    title: str
    min_players: int
    max_players: int
    create: Callable[[int, int, dict[str, Any]], GameState]
    state_class: type[GameState]
    default_options: dict[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    summary: str = ""
    cards: Callable[[], list[dict[str, Any]]] = list
    """Every card definition as JSON-ready dicts (name, kind, text, ...) for ``doomtable cards``."""
    option_schema: dict[str, OptionSpec] = field(default_factory=dict)
    """Each option's type and range; an option missing here must keep its default's type."""

    def option_spec(self, key: str) -> OptionSpec:
        """The declared schema of option ``key``, or one inferred from its default's type."""
        declared = self.option_schema.get(key)
        if declared is not None:
            return declared
        default = self.default_options[key]
        kind: type[bool] | type[int] | type[str] | type[list[Any]] = str
        for known in (bool, int, list):
            if type(default) is known:
                kind = known
        return OptionSpec(kind)

    rules_summary: str = ""
    """The rules in a few plain lines (goal, a turn, the end), shown by the table's ``rules``."""
    default_players: int = 0
    """The player count adapters use when none is given (0: their own default)."""
    card_identity: CardIdentity | None = None
    """Where the game's states hold card ids and each card's slug, so that saves, stored
    tables and replays name cards by slug (``engine/cards.py``); ``None``: no cards."""
    score_name: str = "Score"
    """What the numbers of ``scores()`` are, as a results table heads them."""
    carry_over: CarryOver | None = None
    """What a host keeps from one finished game to the next one of this game, if anything."""
    option_notes: Callable[[dict[str, Any]], list[str]] = _no_notes
    """What a game's options make of it, in plain lines for the table's ``rules`` (a rulebook
    variation named and explained); none by default."""
    terminal_table: str = ""
    """The module that draws the game at the terminal, by import name: its ``render_table(view)``
    and, if it has them, ``print_result(console, view, names)`` and ``HELP``. Imported only when
    a table is drawn, so a game names its own (a plugin game its own module) without importing
    any adapter; "" draws the generic table."""
    web_page: str = ""
    """The module that draws the game in the browser, by import name: its ``render(view, seat)``
    and, if it has them, ``OPTION_CHOICES``; "" draws the generic page."""
    commands: str = ""
    """The module of the game's own terminal commands (Doom Pile's ``deck``), by import name:
    its ``register(app)`` adds them to the ``doomtable`` Typer app when one of them runs."""


_GAMES: dict[str, GameSpec] = {}
_ALIASES: dict[str, str] = {}


def register_game(spec: GameSpec) -> GameSpec:
    _GAMES[spec.name] = spec
    for alias in (spec.name, spec.name.replace("-", "_"), *spec.aliases):
        _ALIASES[alias] = spec.name
    return spec


GAMES_ENTRY_POINT_GROUP = "doomtable.games"
"""Installed packages name their games' specs in this entry-point group (``pyproject.toml``):
the engine finds games there and imports none of them itself."""

_entry_points_loaded = False


def _load_entry_point(entry_point: EntryPoint) -> None:
    spec = entry_point.load()
    if not isinstance(spec, GameSpec):
        raise TypeError(f"entry point {entry_point.name!r} ({entry_point.value}) is not a GameSpec")
    if spec.name not in _GAMES:
        register_game(spec)


def _load_registered_games(name: str | None = None) -> None:
    """Import the installed games; with ``name``, only the game whose entry point has that
    name, if one has (so playing one game does not import every other)."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    found = entry_points(group=GAMES_ENTRY_POINT_GROUP)
    if name is not None:
        for entry_point in found:
            if entry_point.name == name:
                _load_entry_point(entry_point)
                return
    _entry_points_loaded = True
    for entry_point in found:
        _load_entry_point(entry_point)


def game_names() -> list[str]:
    _load_registered_games()
    return sorted(_GAMES)


def find_game(name: str) -> GameSpec:
    """The spec registered under ``name`` (hyphens or underscores, any case)."""
    key = name.strip().lower()
    real = _ALIASES.get(key) or _ALIASES.get(key.replace("_", "-"))
    if real is None:
        _load_registered_games(key.replace("_", "-"))
        real = _ALIASES.get(key) or _ALIASES.get(key.replace("_", "-"))
    if real is None:
        _load_registered_games()
        real = _ALIASES.get(key) or _ALIASES.get(key.replace("_", "-"))
    if real is None:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(sorted(_GAMES))}")
    return _GAMES[real]


def new_game(
    game: str,
    players: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    *,
    auto_pass: bool = False,
) -> GameState:
    """A new game of ``game`` for ``players`` players, dealt from ``seed``.

    ``auto_pass`` is for tables where no human sits: forced passes in response windows are
    answered without asking (:attr:`GameState.auto_pass`); the game plays out the same.

    >>> state = new_game("doomlings", players=4, seed=1)
    >>> state.pending is not None
    True
    """
    spec = find_game(game)
    state = spec.create(players, seed, checked_options(spec, players, options))
    if auto_pass:
        state.play_without_humans()
    return state


def checked_options(spec: GameSpec, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """The game's options merged over its defaults; raises on a bad player count or option."""
    if not spec.min_players <= players <= spec.max_players:
        raise BadOptionError(
            f"{spec.title} takes {spec.min_players} to {spec.max_players} players, not {players}"
        )
    merged = dict(spec.default_options)
    for key, value in (options or {}).items():
        if key not in merged:
            known = ", ".join(sorted(merged)) or "none"
            raise BadOptionError(f"{spec.title} has no option {key!r} (options: {known})")
        merged[key] = spec.option_spec(key).check(key, value)
    return merged


def replay(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    log: Sequence[LogEntry],
) -> GameState:
    """Rebuild a state from its seed and decision log (timed entries keep their clock time)."""
    state = new_game(game, players, seed, options)
    for entry in log:
        state.replay_entry(entry)
    return state


def load_state(data: dict[str, Any]) -> GameState:
    """A state from this build's ``GameState.to_dict()`` (ids as they are in memory) or from
    :func:`saved_dict` output made with this build's card set, of whichever game it names,
    trusted as written. Files of other builds load through :func:`load_verified`."""
    if not isinstance(data, dict) or "game" not in data:
        raise SaveFileError("not a doomtable save: no 'game' field")
    spec = find_game(str(data["game"]))
    if "format" not in data:
        return spec.state_class.from_dict(data)
    return spec.state_class.from_dict(positional_dict(data))


def saved_dict(state: GameState) -> dict[str, Any]:
    """What a save file or an export keeps of ``state``: its ``to_dict()`` with every card
    named by slug and the card set it was made with (``engine/cards.py``), as plain JSON."""
    return stable_dict(json.loads(json.dumps(state.to_dict())))


def load_verified(data: object) -> GameState:
    """The game ``data`` (:func:`saved_dict` output, or a positional ``to_dict()`` written
    before card slugs) holds, rebuilt by replaying its seed and decision log, and refused
    unless it equals the saved state in every field.

    Nothing in ``data`` is trusted: the state is never built from its fields, so a hand edit
    (a duplicated card, a negative counter, a wrong type) is named, not played. The pending
    frames and the events are rebuilt by the replay and not compared (they are the rules'
    bookkeeping, whose shape may change between versions), nor are fields added since the
    save was written. A save made with another card set (cards added to the game since)
    still loads: its decisions name their cards by slug, and of its fields those that hold
    cards by slug and the plain values are compared (its per-card lists are rebuilt too).
    Raises :class:`SaveFileError` with one line saying what is wrong.
    """
    if not isinstance(data, dict) or type(data.get("game")) is not str:
        raise SaveFileError("not a doomtable save: no 'game' field")
    spec = find_game(data["game"])
    version = data.get("format", 1)
    if version not in (1, STABLE_FORMAT) or type(version) is not int:
        raise SaveFileError(
            f"refused: format {version!r} is not one this build reads (1 or {STABLE_FORMAT})"
        )
    fields = data.get("state")
    options = data.get("options")
    log = data.get("log")
    if not isinstance(fields, dict):
        raise SaveFileError("refused: 'state' is not an object")
    players, seed = fields.get("players"), fields.get("seed")
    if type(players) is not int or type(seed) is not int:
        raise SaveFileError("refused: 'players' and 'seed' must be whole numbers")
    if not isinstance(options, dict):
        raise SaveFileError("refused: 'options' is not an object")
    if not isinstance(log, list):
        raise SaveFileError("refused: 'log' is not a list")
    if version == STABLE_FORMAT and not isinstance(data.get("cards"), dict):
        raise SaveFileError("refused: 'cards' (the card set it was made with) is not an object")
    try:
        saved = migrated(data)
        log = decode_log(spec.name, saved["log"])
    except (SaveFileError, KeyError) as exc:
        raise SaveFileError(f"refused: {exc}") from None
    try:
        state = new_game(spec.name, players, seed, options)
    except DoomtableError as exc:
        raise SaveFileError(f"refused: {exc}") from None
    for number, entry in enumerate(log, 1):
        if not _is_log_entry(entry):
            raise SaveFileError(f"refused: decision {number} of the log is malformed: {entry!r}")
        try:
            state.replay_entry(tuple(entry))
        except DoomtableError:
            shown = data["log"][number - 1]
            raise SaveFileError(
                f"refused: decision {number} of the log ({_short(shown)}) is not legal there"
            ) from None
    expected = saved_dict(state)
    # What the replay alone decides is not compared: a field this build has and the save lacks
    # (added since the save was written), and the pending frames and the events, whose names
    # and shapes are the rules' own bookkeeping and may change from one version to the next.
    rebuilt = (set(expected["state"]) - set(fields)) | {"stack", "events"}
    whole = saved
    saved = {**saved, "state": {k: v for k, v in saved["state"].items() if k not in rebuilt}}
    expected["state"] = {k: v for k, v in expected["state"].items() if k not in rebuilt}
    if not same_cards_as_today(saved):
        saved, expected = _card_safe(spec, saved), _card_safe(spec, expected)
    difference = _first_difference(saved, expected, "")
    if difference is not None:
        cards = _card_problem(spec, whole, state)
        if cards is not None:
            raise SaveFileError(f"refused: {cards}")
        where, was, replayed = difference
        raise SaveFileError(
            f"refused: {where} is {_short(was)}, but its seed and decision log give "
            f"{_short(replayed)} (the file was edited or damaged)"
        )
    return state


def _card_safe(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
    """Of stable data made with another card set, what still means the same today: the
    fields that name cards by slug and the plain values; not the card tables themselves, nor
    lists whose ids are positions in the old tables."""
    identity = spec.card_identity
    named = identity.fields if identity is not None else {}
    kinds = spec.state_class.all_fields()
    fields = data.get("state")
    if not isinstance(fields, dict):
        return data
    kept = {
        name: value
        for name, value in fields.items()
        if name in named or kinds.get(name) is Field.VALUE
    }
    return {**{k: v for k, v in data.items() if k != "cards"}, "state": kept}


def _card_problem(spec: GameSpec, data: dict[str, Any], replayed: GameState) -> str | None:
    """A lost, duplicated or unknown card in a save that failed its replay check, in words
    (cards named by slug); ``None`` when the game exposes no card zones or the cards are not
    what is wrong."""
    expected = replayed.card_zones()
    if expected is None or not same_cards_as_today(data):
        return None
    try:
        fields = positional_dict(data)
    except SaveFileError as exc:
        return str(exc)  # a card field names a card this game does not have
    try:
        zones = spec.state_class.from_dict(fields).card_zones() or {}
    except (DoomtableError, LookupError, TypeError, ValueError, AttributeError, RuntimeError):
        return None  # too broken to read zone by zone: the replay difference says what
    known = {card for zone in expected.values() for card in zone}
    seen: dict[object, str] = {}
    for name, zone in zones.items():
        for card in zone:
            if type(card) is not int or card not in known:
                return f"{name} holds {card!r}, which is not a card of this game"
            if card in seen:
                where = f"twice in {name}" if seen[card] == name else f"in {seen[card]} and {name}"
                return f"{replayed.card_name(card)} is {where}"
            seen[card] = name
    missing = sorted(known - set(seen))
    if missing:
        return f"{replayed.card_name(missing[0])} is missing from every zone"
    return None


def _is_log_entry(entry: object) -> bool:
    # (player, option), and in a timed game (player, option, clock time)
    return (
        isinstance(entry, list)
        and len(entry) in (2, 3)
        and type(entry[0]) is int
        and all(type(time) is int for time in entry[2:])
        and isinstance(entry[1], list)
        and all(type(item) in (int, str) for item in entry[1])
    )


_MISSING = object()


def _first_difference(saved: Any, replayed: Any, where: str) -> tuple[str, Any, Any] | None:
    """Where ``saved`` first differs from ``replayed`` (types count: ``true`` is not 1)."""
    if type(saved) is not type(replayed):
        return where or "the save", saved, replayed
    if isinstance(saved, dict):
        for key in [*replayed, *(k for k in saved if k not in replayed)]:
            name = key if where in ("", "state") else f"{where}.{key}"
            found = _first_difference(saved.get(key, _MISSING), replayed.get(key, _MISSING), name)
            if found is not None:
                return found
        return None
    if isinstance(saved, list):
        for index, (mine, theirs) in enumerate(zip(saved, replayed, strict=False)):
            found = _first_difference(mine, theirs, f"{where}[{index}]")
            if found is not None:
                return found
        if len(saved) != len(replayed):
            return f"{where} (length)", len(saved), len(replayed)
        return None
    return None if saved == replayed else (where, saved, replayed)


def _short(value: Any) -> str:
    if value is _MISSING:
        return "missing"
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
