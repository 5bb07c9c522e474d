"""The We're Doomed! table in the terminal, drawn from the view dict alone: the clock counting
down, the Project and its seats, every leader's tokens and civilization, events in play, the
viewer's clandestine cards, and any vote or pressure countdown under way."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def clock_text(ms: int) -> str:
    """Minutes and seconds, as the countdown shows them.

    >>> clock_text(754_300)
    '12:34'
    """
    seconds = max(0, ms) // 1000
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _status(row: dict[str, Any], view: dict[str, Any]) -> Text:
    if not row["alive"]:
        return Text("dead", style="red")
    if row["aboard"]:
        return Text("aboard", style="bold green")
    if view.get("acting") == row["seat"]:
        return Text("acting", style="bold yellow")
    if view["phase"] == "contribute":
        return Text("done" if row["done"] else "raising", style="dim" if row["done"] else "cyan")
    return Text("")


def render_table(view: dict[str, Any]) -> RenderableType:
    left = int(view["remaining_ms"])
    clock_style = "bold red" if left < 60_000 else "bold"
    header = Text.assemble(
        ("⏳ ", ""),
        (clock_text(left), clock_style),
        (f"   round {view['round']} · {view['phase']}", "bold"),
        (f"   Project {view['project']} → {view['seats']} seats", "bold magenta"),
        (f"   bags: {view['bags']['resources']}◆ {view['bags']['influence']}▲", "dim"),
    )
    players = Table(box=box.SIMPLE, show_edge=False, pad_edge=False)
    for column in ("seat", "civilization", "◆", "▲", "bid", "secret", ""):
        players.add_column(column, justify="right" if column in "◆▲bid" else "left")
    for row in view["players"]:
        seat = f"{row['seat']}" + (" ●" if row["seat"] == view["coin"] else "")
        if row["seat"] == view["viewer"]:
            seat += " (you)"
        players.add_row(
            seat,
            str(row["civilization"] or "-"),
            str(row["resources"]),
            str(row["influence"]),
            str(row["contribution"] or ""),
            str(row["clandestine"] or ""),
            _status(row, view),
            style=None if row["alive"] else "dim",
        )
    parts: list[RenderableType] = [header, players]
    if view["in_play"]:
        parts.append(Text("In play: " + "; ".join(e["name"] for e in view["in_play"]), "yellow"))
    if view["hand"]:
        for card in view["hand"]:
            parts.append(Text(f"Your secret: {card['name']}: {card['text']}", style="magenta"))
    if view.get("pressure"):
        p = view["pressure"]
        parts.append(
            Text(
                f"Player {p['by']} pressures player {p['on']}: {p['left_ms'] // 1000 + 1}...",
                style="bold red",
            )
        )
    if view.get("contribute"):
        left = int(view["contribute"]["closes_in_ms"])
        parts.append(
            Text(f"Contributions close in {-(-left // 1000)}s unless someone raises", "cyan")
        )
    if view.get("vote"):
        v = view["vote"]
        parts.append(
            Text(
                f"Vote ({v['purpose']}) on {v['candidates']}: {v['left_ms'] // 1000}s left",
                style="bold cyan",
            )
        )
    if view["civilizations_left"] and view["phase"] == "setup":
        parts.append(Text("Civilizations left: " + ", ".join(view["civilizations_left"])))
    return Panel(Group(*parts), title="We're Doomed!", title_align="left")
