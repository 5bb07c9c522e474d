"""Terminal rendering of a game's view dict; renderers never see the game state itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from doomtable.cli import render_doom_on_you, render_doom_pile, render_doomlings

Renderer = Callable[[dict[str, Any]], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "doomlings": render_doomlings.render_table,
    "doom-on-you": render_doom_on_you.render_table,
    "doom-pile": render_doom_pile.render_table,
}
"""Game name (as the view's ``game`` key says) -> its table renderer."""


def render_view(view: dict[str, Any]) -> RenderableType:
    """The table as ``view`` shows it, drawn by the game's renderer or the generic one.

    A view a game renderer cannot read (a key missing or of another shape) falls back to the
    generic renderer, so the table is always drawn.
    """
    renderer = RENDERERS.get(str(view.get("game")), render_generic)
    try:
        return renderer(view)
    except (KeyError, TypeError, ValueError, AttributeError):
        return render_generic(view)


def render_generic(view: dict[str, Any]) -> RenderableType:
    """Any game's view, pretty-printed: every key the viewer may see."""
    shown = {k: v for k, v in view.items() if k not in ("game", "pending")}
    title = f"{view.get('game', 'game')} — seat {view.get('viewer', '?')}"
    return Panel(Pretty(shown, expand_all=False), title=title, title_align="left")


def render_choices(prompt: str, labels: Sequence[str]) -> RenderableType:
    """The numbered legal options under the decision's prompt."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    for number, label in enumerate(labels, start=1):
        table.add_row(f"{number}.", Text(label))
    return Panel(
        Group(table, Text("type a number or a label; save, quit or help", style="dim")),
        title=Text(prompt, style="bold"),
        title_align="left",
        border_style="cyan",
    )


def score_table(scores: Sequence[int], winners: Sequence[int], names: Sequence[str]) -> Table:
    """Final scores, best first, winners starred."""
    table = Table(title="Final scores", title_style="bold")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("")
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    for seat in order:
        won = seat in winners
        table.add_row(
            str(seat),
            names[seat],
            str(scores[seat]),
            Text("★ winner", style="bold yellow") if won else "",
            style="bold" if won else None,
        )
    return table
