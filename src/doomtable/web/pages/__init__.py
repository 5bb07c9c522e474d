"""Pages of the browser table: each game's view drawn as HTML, by the page module its game
names (``GameSpec.web_page``, so a plugin game ships its own) or by the generic one, which
shows any view readably.

A page module is a small file exposing ``render(view, seat) -> str`` (an HTML fragment) and,
optionally, ``OPTION_CHOICES`` (the values the lobby offers for each game option).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from doomtable.engine import DoomtableError, find_game
from doomtable.web.pages import generic


def page_of(game: str) -> ModuleType | None:
    """The page module game ``game`` names, or ``None`` (an unknown game, or one naming none)."""
    try:
        module = find_game(game).web_page
    except DoomtableError:
        return None
    return importlib.import_module(module) if module else None


Renderer = Callable[[dict[str, Any], int | None], str]


def render_view(view: dict[str, Any], seat: int | None) -> str:
    """``view`` as an HTML fragment; a view its page cannot read falls back to the generic one."""
    module = page_of(str(view.get("game")))
    if module is not None:
        renderer: Renderer = module.render
        try:
            return renderer(view, seat)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    return generic.render(view, seat)


def option_choices(game: str) -> dict[str, list[Any]]:
    """The values the lobby offers for ``game``'s options (none known: a free text field)."""
    module = page_of(game)
    choices: dict[str, list[Any]] = getattr(module, "OPTION_CHOICES", {}) if module else {}
    return choices


def view_decider(view: dict[str, Any]) -> int | None:
    """Whose decision a view shows as pending (its ``pending`` or ``decision`` entry), or
    ``None`` when it names nobody: the only source for telling a seat who is deciding."""
    for key in ("pending", "decision"):
        entry = view.get(key)
        if isinstance(entry, dict) and isinstance(entry.get("player"), int):
            return int(entry["player"])
    return None
