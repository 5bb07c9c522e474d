"""The Doom Pile table in the terminal, drawn from the view dict alone.

The view's keys are documented on ``DoomPileState.view``: per seat the Master Plan (once
revealed, or one's own) with its progress, hand and deck sizes, the countdown (each card's
count remaining of its Starting Countdown), the field (Minions with Strength/Health, Artifices
with Health), the discard pile; the viewer's own hand (with its text) and deck order.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

KIND_STYLES: dict[str, str] = {
    "Plot": "bold magenta",
    "Minion": "bold green",
    "Artifice": "bold cyan",
}
DECK_PEEK = 5
"""How many of the viewer's next cards are shown."""


def _seat(view: dict[str, Any], seat: int) -> str:
    return "you" if seat == view["you"] else f"player {seat}"


def card_chip(card: dict[str, Any]) -> Text:
    """A card on the table: name, then Strength/Health (damage shows as less than the most)."""
    chip = Text(str(card["name"]), style=KIND_STYLES.get(str(card.get("kind")), "bold"))
    if "health" in card:
        health = f"{card['health']}/{card['max_health']}"
        if "strength" in card:
            chip.append(f" ⚔{card['strength']} ♥{health}", style="yellow")
        else:
            chip.append(f" ♥{health}", style="yellow")
    return chip


def countdown_chip(card: dict[str, Any]) -> Text:
    chip = Text(str(card["name"]), style=KIND_STYLES.get(str(card.get("kind")), "bold"))
    chip.append(f" [{card['count']} of {card['start']}]", style="bold red")
    return chip


def _plan(entry: dict[str, Any]) -> Text:
    plan = entry["plan"]
    if plan is None:
        return Text("face down", style="dim")
    value, needed = plan["progress"]
    text = Text(str(plan["name"]), style="bold yellow")
    text.append(f" ({value}/{needed})  ", style="yellow")
    text.append(str(plan["text"]), style="italic")
    return text


def seat_panel(view: dict[str, Any], seat: int) -> Panel:
    """One seat: Master Plan, sizes, countdown with counts, field with Strength/Health."""
    entry = view["players"][seat]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("Master Plan", _plan(entry))
    discard = entry["discard"]
    top = f" (top: {discard[-1]})" if discard else ""
    grid.add_row(
        "Cards",
        Text(
            f"hand {entry['hand_size']} · deck {entry['deck_size']} · discard {len(discard)}{top}"
        ),
    )
    countdown = entry["countdown"]
    grid.add_row(
        "Countdown",
        Text("  ").join(countdown_chip(c) for c in countdown) if countdown else Text("—", "dim"),
    )
    field = entry["field"]
    grid.add_row(
        "Field", Text("  ").join(card_chip(c) for c in field) if field else Text("—", "dim")
    )
    title = Text(_seat(view, seat), style="bold")
    if seat == view["turn_player"]:
        title.append(" ▶ turn", style="bold red")
    return Panel(grid, title=title, title_align="left")


def hand_panel(view: dict[str, Any]) -> Panel:
    """The viewer's hand with each card's Starting Countdown and text, and the next cards."""
    own = view["players"][view["you"]]
    lines: list[RenderableType] = []
    for card in own.get("hand") or []:
        line = card_chip(card)
        line.append(f"  ({card['countdown']})", style="red")
        if card.get("text"):
            line.append(f"  {card['text']}", style="dim")
        lines.append(line)
    if not lines:
        lines.append(Text("empty", style="dim"))
    deck = own.get("deck") or []
    if deck:
        lines.append(Text("Next: " + ", ".join(deck[:DECK_PEEK]), style="italic"))
    title = f"Your hand ({len(own.get('hand') or [])})"
    return Panel(Group(*lines), title=Text(title, style="bold"), title_align="left")


def _status(view: dict[str, Any]) -> Text | None:
    if view["game_over"]:
        names = [_seat(view, w) for w in view["winners"] or []]
        reason = view.get("end_reason") or ""
        return Text(f"Game over ({reason}) — winner: {', '.join(names) or 'nobody'}", "bold yellow")
    decision = view.get("decision")
    if not decision or decision["player"] == view["you"]:
        return None
    return Text(f"Waiting for {_seat(view, decision['player'])}", style="dim")


def _turn(view: dict[str, Any]) -> str:
    """Whose turn, numbered as the log numbers it: each player's own turns (``your turn 2``,
    ``player 1's turn 1``)."""
    seat = view["turn_player"]
    if seat is None or not 0 <= seat < len(view["players"]):
        return f"turn {view['turn']}"
    whose = "your" if seat == view["you"] else f"player {seat}'s"
    return f"{whose} turn {view['players'][seat]['turns']}"


def render_table(view: dict[str, Any]) -> RenderableType:
    """The whole Doom Pile table as ``view['you']`` sees it."""
    header = Text(f"Doom Pile · {_turn(view)} · {view['phase']} phase", style="bold")
    parts: list[RenderableType] = [header]
    you = view["you"]
    order = [s for s in range(len(view["players"])) if s != you] + [you]
    parts.extend(seat_panel(view, seat) for seat in order)
    if view["interred"]:
        parts.append(Text("Interred: " + ", ".join(view["interred"]), style="dim"))
    parts.append(hand_panel(view))
    status = _status(view)
    if status is not None:
        parts.append(status)
    return Group(*parts)
