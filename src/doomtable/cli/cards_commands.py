"""``doomtable cards``: every card of a game with our rules text, or one card."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from doomtable.cli.common import errors_to_exit, fail, make_console
from doomtable.cli.matching import match_label
from doomtable.cli.render_doomlings import COLOR_STYLES, COLORLESS_STYLE
from doomtable.engine import did_you_mean, find_game
from doomtable.engine.errors import not_one_of

FIRST = ("name",)
LAST = ("text",)


def find_cards(cards: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The cards ``name`` may mean, read as the table reads a choice (any case, the start of
    words, a close spelling: ``apex`` is Apex Predator); empty when none."""
    wanted = set(match_label(name, [str(card.get("name", "")) for card in cards]))
    return [card for card in cards if str(card.get("name", "")) in wanted]


def cards_of_sets(title: str, cards: list[dict[str, Any]], sets: str) -> list[dict[str, Any]]:
    """The cards whose ``set`` is one of the comma-separated ``sets`` (``all``: every card);
    a set the game does not have fails, naming those it has."""
    known = list(dict.fromkeys(str(card["set"]) for card in cards if "set" in card))
    if not known:
        fail(f"{title} has no card sets")
    wanted = [n.strip().casefold() for n in sets.split(",") if n.strip()]
    if wanted == ["all"]:
        return cards
    for name in wanted:
        if name not in known:
            fail(f"{title}: " + not_one_of("card set", name, known, also="all"))
    return [card for card in cards if card.get("set") in wanted]


def columns(cards: list[dict[str, Any]]) -> list[str]:
    """Every key of the cards, in first-seen order, name first and text last."""
    seen: dict[str, None] = {}
    for card in cards:
        seen.update(dict.fromkeys(card))
    middle = [k for k in seen if k not in FIRST and k not in LAST]
    return [k for k in FIRST if k in seen] + middle + [k for k in LAST if k in seen]


def cell(key: str, value: Any) -> Text:
    """One value as table text; colour names are shown in their colour."""
    if key == "colors" and isinstance(value, list):
        if not value:
            return Text("colorless", style=COLORLESS_STYLE)
        return Text(" ").join(Text(str(c), style=COLOR_STYLES.get(str(c), "")) for c in value)
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes", style="yellow") if value else Text("no", style="dim")
    if isinstance(value, list):
        return Text(", ".join(str(v) for v in value))
    return Text(str(value))


def table_columns(cards: list[dict[str, Any]]) -> list[str]:
    """The columns worth a place in the list: no column that is empty on every card, and no
    text column whose every value is already part of the card's rules text."""

    def useful(key: str) -> bool:
        values = [card.get(key) for card in cards]
        if not any(values):
            return False
        if key in FIRST or key in LAST or not all(isinstance(v, str | None) for v in values):
            return True
        return not all(
            not value or str(value) in str(card.get("text", ""))
            for card, value in zip(cards, values, strict=True)
        )

    return [key for key in columns(cards) if useful(key)]


def details(card: dict[str, Any], keys: list[str]) -> Text:
    """The card's other facts in one short run: ``trait · red · face value 4 · dominant``."""
    parts: list[Text] = []
    for key in keys:
        value = card.get(key)
        label = key.replace("_", " ")
        if value is None or value is False or value == [] or value == "":
            continue
        if value is True:
            parts.append(Text(label, style="yellow"))
        elif key == "colors" or isinstance(value, str):
            parts.append(cell(key, value))
        elif isinstance(value, list):
            parts.append(Text(f"{label}: ") + cell(key, value))
        else:
            parts.append(Text(f"{label} {value}"))
    return Text(" · ", style="dim").join(parts)


def cards_table(title: str, cards: list[dict[str, Any]]) -> Table:
    """Every card in a row: its name, its other facts, and its rules text."""
    keys = [k for k in table_columns(cards) if k not in FIRST and k not in LAST]
    table = Table(title=title, title_style="bold", show_lines=True)
    table.add_column("card", style="bold", no_wrap=True)
    table.add_column("details", ratio=2)
    table.add_column("text", ratio=3)
    for card in cards:
        table.add_row(
            str(card.get("name", "")), details(card, keys), Text(str(card.get("text") or ""))
        )
    return table


def card_panel(card: dict[str, Any]) -> Panel:
    """One card with every fact its game gives, rules text last."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    for key in columns([card]):
        if key not in FIRST:
            grid.add_row(key.replace("_", " "), cell(key, card.get(key)))
    title = Text(str(card.get("name", "")), style="bold")
    return Panel(grid, title=title, title_align="left", expand=False)


def cards(
    game: Annotated[str, typer.Argument(help="The game, e.g. [blue]doomlings[/].")],
    name: Annotated[
        str | None,
        typer.Argument(help="One card's name, or part of it as at the table (apex, late)."),
    ] = None,
    *,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print card definitions as JSON.")
    ] = False,
    sets: Annotated[
        str | None,
        typer.Option(
            "--sets",
            help="Only the cards of these sets, comma-separated (doomlings: base, multicolor, "
            "...).",
        ),
    ] = None,
) -> None:
    """List a game's cards with our rules text, or show one card."""
    console = make_console()
    with errors_to_exit():
        spec = find_game(game)
        every = spec.cards()
    if sets is not None:
        every = cards_of_sets(spec.title, every, sets)
    chosen = every
    if name is not None:
        chosen = find_cards(every, name)
        if not chosen:
            hint = did_you_mean(name, [str(card.get("name", "")) for card in every], cutoff=0.5)
            fail(f"{spec.title} has no card {name!r}" + (f"; {hint}" if hint else ""))
    if as_json:
        typer.echo(json.dumps(chosen, indent=2, ensure_ascii=False))
    elif name is None:
        console.print(cards_table(f"{spec.title}: {len(every)} cards", every))
    else:
        for card in chosen:
            console.print(card_panel(card))


def register(app: typer.Typer) -> None:
    app.command()(cards)
