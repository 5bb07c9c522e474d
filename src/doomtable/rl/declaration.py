"""Where a game declares its reinforcement-learning encoding (``RL_ENCODING``), read without
numpy, so that the policy bot (``doomtable.rl.policy``) can read it where only the base
project is installed. See ``docs/rl.md``, "Declaring a game"."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from doomtable.engine import DoomtableError, GameSpec
from doomtable.engine.registry import checked_options

DECLARATION_MODULE = "encoding"
OPTIONS_HOOK = "rl_encoding_for"
"""A function of the game's options giving the declaration for them, when they change it."""
DECLARATION_NAME = "RL_ENCODING"
"""A game declares its RL encoding (a dict, see ``docs/rl.md``) as ``RL_ENCODING`` in the
``encoding`` module of the package its state class lives in (or a package above it)."""


class EncodingError(DoomtableError, ValueError):
    """An option or declaration does not fit a game's RL encoding."""


def _module_exists(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package that is not there
        return False


def declaration(spec: GameSpec, options: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """The game's RL declaration, or an empty one when its package declares none; with
    ``options``, the one its :data:`OPTIONS_HOOK` gives for them, if it has one (Doomlings'
    card sets widen its card domains).

    It is looked for in the package of the game's state class, then in each package above it
    (a state class may live in a subpackage), never in a top-level package."""
    parts = spec.state_class.__module__.split(".")[:-1]
    while len(parts) >= 2:
        module_name = ".".join([*parts, DECLARATION_MODULE])
        if _module_exists(module_name):
            module = import_module(module_name)
            found = getattr(module, DECLARATION_NAME, None)
            hook = getattr(module, OPTIONS_HOOK, None)
            if options is not None and hook is not None:
                found = hook(checked_options(spec, spec.min_players, dict(options)))
            if found is not None:
                if not isinstance(found, Mapping):
                    raise EncodingError(f"{module_name}.{DECLARATION_NAME} is not a dict")
                return found
        parts.pop()
    return {}
