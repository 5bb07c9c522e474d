"""A terminal table shipped by a game that is not doomtable's (see test_plugin_table.py)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

HELP = "Plugin pile: type take N."


def render_table(view: dict[str, Any]) -> Text:
    return Text(f"PLUGIN TABLE, pile of {view['pile']}")
