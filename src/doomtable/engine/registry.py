"""The game registry: every game registers a spec; adapters find games here by name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from doomtable.engine.decision import Option
from doomtable.engine.errors import BadOptionError, SaveFileError, UnknownGameError
from doomtable.engine.state import GameState


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
    default_players: int = 0
    """The player count adapters use when none is given (0: their own default)."""


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


def _load_registered_games() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for entry_point in entry_points(group=GAMES_ENTRY_POINT_GROUP):
        spec = entry_point.load()
        if not isinstance(spec, GameSpec):
            raise TypeError(
                f"entry point {entry_point.name!r} ({entry_point.value}) is not a GameSpec"
            )
        if spec.name not in _GAMES:
            register_game(spec)


def game_names() -> list[str]:
    _load_registered_games()
    return sorted(_GAMES)


def find_game(name: str) -> GameSpec:
    """The spec registered under ``name`` (hyphens or underscores, any case)."""
    _load_registered_games()
    key = name.strip().lower()
    real = _ALIASES.get(key) or _ALIASES.get(key.replace("_", "-"))
    if real is None:
        raise UnknownGameError(f"unknown game {name!r}; games: {', '.join(sorted(_GAMES))}")
    return _GAMES[real]


def new_game(
    game: str, players: int, seed: int = 0, options: dict[str, Any] | None = None
) -> GameState:
    """A new game of ``game`` for ``players`` players, dealt from ``seed``.

    >>> state = new_game("doomlings", players=4, seed=1)
    >>> state.pending is not None
    True
    """
    spec = find_game(game)
    return spec.create(players, seed, checked_options(spec, players, options))


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
        merged[key] = value
    return merged


def replay(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    log: Sequence[tuple[int, Option]],
) -> GameState:
    """Rebuild a state from its seed and decision log."""
    state = new_game(game, players, seed, options)
    for player, option in log:
        state.apply(player, tuple(option))
    return state


def load_state(data: dict[str, Any]) -> GameState:
    """A state from ``GameState.to_dict()`` output, of whichever game it names."""
    if not isinstance(data, dict) or "game" not in data:
        raise SaveFileError("not a doomtable save: no 'game' field")
    spec = find_game(str(data["game"]))
    return spec.state_class.from_dict(data)
