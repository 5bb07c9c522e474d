"""Any game's view, drawn readably: every key the viewer may see, nested as lists."""

from __future__ import annotations

from typing import Any

from doomtable.web.pages.html import definition_list, esc, section

_HIDDEN_KEYS = frozenset({"game", "pending", "decision"})


def _value(value: Any, depth: int = 0) -> str:
    if isinstance(value, dict):
        if depth > 6:
            return esc(value)
        return definition_list((str(k), _value(v, depth + 1)) for k, v in value.items())
    if isinstance(value, list):
        if not value:
            return '<span class="none">none</span>'
        inner = "".join(f"<li>{_value(v, depth + 1)}</li>" for v in value)
        return f"<ol start=0>{inner}</ol>"
    if value is None:
        return '<span class="none">—</span>'
    return esc(value)


def render(view: dict[str, Any], seat: int | None) -> str:
    who = "onlooker" if seat is None else f"seat {seat}"
    shown = {k: v for k, v in view.items() if k not in _HIDDEN_KEYS}
    return section(f"{view.get('game', 'game')} — as {who} sees it", _value(shown), "generic")
