"""The Doomlings table in the terminal, drawn from the view dict alone.

The view's keys are documented with ``doomtable.games.doomlings``; this module reads only them
(age, catastrophes, seats with their trait piles, the viewer's hand, revealed cards, the
pending decision and the final result).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOR_STYLES: dict[str, str] = {
    "blue": "bold blue",
    "green": "bold green",
    "purple": "bold magenta",
    "red": "bold red",
}
COLORLESS_STYLE = "grey62"
SWATCH = "■"
DOMINANT = "★"


def _name_style(colors: list[str]) -> str:
    if not colors:
        return COLORLESS_STYLE
    if len(colors) == 1:
        return COLOR_STYLES.get(colors[0], "bold")
    return "bold"


def swatches(colors: list[str]) -> Text:
    """One coloured square per colour of the card (a grey one when colourless)."""
    if not colors:
        return Text(SWATCH, style=COLORLESS_STYLE)
    return Text.assemble(*((SWATCH, COLOR_STYLES.get(c, "bold")) for c in colors))


def face_text(card: dict[str, Any]) -> str:
    """The card's face value, ``?`` when it varies."""
    face = card["face"]
    return "?" if face is None else str(face)


def card_chip(card: dict[str, Any]) -> Text:
    """A card in one short coloured run: swatches, name, face value, a star if dominant."""
    colors = list(card["colors"])
    chip = swatches(colors)
    chip.append(f" {card['name']}", style=_name_style(colors))
    chip.append(f" {face_text(card)}", style="cyan")
    if card["dominant"]:
        chip.append(f" {DOMINANT}", style="bold yellow")
    return chip


def _header(view: dict[str, Any]) -> Panel:
    lines: list[RenderableType] = []
    age = view["age"]
    if age is not None:
        line = Text.assemble(("Age: ", "bold"), (age["name"], "bold yellow"))
        if age.get("text"):
            line.append(f" — {age['text']}")
        lines.append(line)
    catastrophes = view["catastrophes"]
    lines.append(
        Text.assemble(
            ("Catastrophes: ", "bold"),
            (", ".join(catastrophes) if catastrophes else "none yet", "red"),
            f"   ({view['ages_left']} ages left)",
        )
    )
    discard = f"Discard {view['discard_size']}"
    if view["discard_top"] is not None:
        discard += f" (top: {view['discard_top']['name']})"
    lines.append(Text(f"Deck {view['deck_size']}   {discard}", style="dim"))
    title = f"Doomlings · Round {view['round']} · Era {view['era']}"
    return Panel(Group(*lines), title=Text(title, style="bold"), title_align="left")


def seats_table(view: dict[str, Any]) -> Table:
    """Every seat: score, gene pool, hand size and the trait pile in colour."""
    table = Table(expand=True, show_lines=True)
    table.add_column("Seat", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Score", justify="right")
    table.add_column("Gene pool", justify="right")
    table.add_column("Hand", justify="right")
    table.add_column(f"Traits ({DOMINANT} dominant)", ratio=1)
    viewer = view["viewer"]
    for seat in view["seats"]:
        number = seat["seat"]
        marks = ""
        if number == view["turn_player"]:
            marks += "▶"
        if number == view["first_player"]:
            marks += "◆"
        name = Text(seat["name"], style="bold" if number == viewer else "")
        if number == viewer:
            name.append(" (you)", style="dim")
        traits = Text("  ").join(card_chip(card) for card in seat["traits"])
        if seat["dominants"]:
            traits.append(f"  [{seat['dominants']}{DOMINANT}]", style="yellow")
        table.add_row(
            f"{marks} {number}",
            name,
            Text(str(seat["score"]), style="bold"),
            str(seat["gene_pool"]),
            str(seat["hand_size"]),
            traits if seat["traits"] else Text("—", style="dim"),
        )
    table.caption = "▶ turn   ◆ first player"
    return table


def cards_table(cards: list[dict[str, Any]], title: str) -> Panel:
    """Cards in full: colour, name, face value, dominant star and text."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(justify="right", style="cyan")
    table.add_column(ratio=1)
    for card in cards:
        name = swatches(list(card["colors"]))
        name.append(f" {card['name']}", style=_name_style(list(card["colors"])))
        if card["dominant"]:
            name.append(f" {DOMINANT}", style="bold yellow")
        table.add_row(name, face_text(card), Text(card["text"] or "", style="italic"))
    return Panel(table, title=Text(title, style="bold"), title_align="left")


def _status(view: dict[str, Any]) -> Text | None:
    if view["game_over"]:
        winners = view["winners"] or []
        names = [view["seats"][w]["name"] for w in winners]
        return Text(f"Game over — winner: {', '.join(names) or 'nobody'}", style="bold yellow")
    pending = view["pending"]
    if pending is None or pending["player"] == view["viewer"]:
        return None
    who = view["seats"][pending["player"]]["name"]
    return Text(f"Waiting for {who}: {pending['prompt']}", style="dim")


def render_table(view: dict[str, Any]) -> RenderableType:
    """The whole Doomlings table as ``view['viewer']`` sees it."""
    parts: list[RenderableType] = [_header(view), seats_table(view)]
    if view["revealed"]:
        revealed = [entry["card"] for entry in view["revealed"]]
        sources = sorted({view["seats"][entry["from"]]["name"] for entry in view["revealed"]})
        parts.append(cards_table(revealed, f"Revealed (from {', '.join(sources)})"))
    if view.get("next_age"):
        age = view["next_age"]
        parts.append(Text(f"Next age (only you know): {age['name']} — {age['text']}"))
    if view.get("lab"):
        parts.append(cards_table(view["lab"], "The Lab (scores nothing)"))
    if view.get("pack"):
        parts.append(cards_table(view["pack"], f"Your draft pack ({len(view['pack'])})"))
    hand = view["hand"]
    parts.append(
        cards_table(hand, f"Your hand ({len(hand)})")
        if hand
        else Panel(Text("empty", style="dim"), title="Your hand", title_align="left")
    )
    status = _status(view)
    if status is not None:
        parts.append(status)
    return Group(*parts)
