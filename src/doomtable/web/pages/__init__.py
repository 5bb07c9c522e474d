"""Pages of the browser table: each game's view drawn as HTML, by the game's page module
(keyed by the view's ``"game"``) or by the generic one, which shows any view readably.

A page module is a small file exposing ``render(view, seat) -> str`` (an HTML fragment) and,
optionally, ``OPTION_CHOICES`` (the values the lobby offers for each game option). Adding a
game's page is adding such a file and one line to ``PAGES``.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from doomtable.web.pages import doom_on_you, doom_pile, doomlings, generic, were_doomed

PAGES: dict[str, ModuleType] = {
    "doomlings": doomlings,
    "doomlings-blackbox": doomlings,
    "doom-on-you": doom_on_you,
    "doom-pile": doom_pile,
    "were-doomed": were_doomed,
}
"""Game name (the view's ``"game"``) -> its page module."""

Renderer = Callable[[dict[str, Any], int | None], str]


def render_view(view: dict[str, Any], seat: int | None) -> str:
    """``view`` as an HTML fragment; a view its page cannot read falls back to the generic one."""
    module = PAGES.get(str(view.get("game")))
    if module is not None:
        renderer: Renderer = module.render
        try:
            return renderer(view, seat)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            pass
    return generic.render(view, seat)


def option_choices(game: str) -> dict[str, list[Any]]:
    """The values the lobby offers for ``game``'s options (none known: a free text field)."""
    module = PAGES.get(game)
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
