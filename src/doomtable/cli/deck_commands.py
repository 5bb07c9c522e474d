"""``doomtable deck``: check Doom Pile deck files, build new ones, list the shipped decks.

A deck file is YAML: a Master Plan and 30 cards by name with ``copies`` (the same key as every
other game's card files). New files are written atomically and never replace a file without
asking.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from doomtable.cli.common import errors_to_exit, fail, make_console
from doomtable.engine import DoomtableError
from doomtable.games.doom_pile import (
    CARD_DEFS,
    DECK_SIZE,
    PLAN_DEFS,
    copy_limit,
    deck_problems,
    precon_deck,
    precon_names,
    read_deck_file,
    suggest,
    write_deck_file,
)

deck_app = typer.Typer(
    help="Doom Pile decks: check a deck file, build a new one, list the shipped decks.",
    no_args_is_help=True,
)


def register(app: typer.Typer) -> None:
    app.add_typer(deck_app, name="deck")


@deck_app.command()
def check(
    files: Annotated[list[Path], typer.Argument(help="Deck files (YAML).", show_default=False)],
) -> None:
    """Say whether each deck is legal; one line per problem when it is not."""
    console = make_console(soft_wrap=True)
    bad = False
    for path in files:
        try:
            problems = deck_problems(read_deck_file(path))
        except DoomtableError as exc:
            bad = True
            console.print(f"[red]{escape(str(exc))}[/]")  # the message names the file
            continue
        if problems:
            bad = True
            for problem in problems:
                console.print(f"[red]{escape(str(path))}: {escape(problem)}[/]")
        else:
            deck = read_deck_file(path)
            console.print(f"{escape(str(path))}: legal ({escape(str(deck['plan']))}, 30 cards)")
    if bad:
        raise typer.Exit(code=1)


@deck_app.command(name="list")
def list_decks() -> None:
    """The preconstructed decks shipped with the game."""
    console = make_console(soft_wrap=True)
    for name in precon_names():
        deck = precon_deck(name)
        console.print(f"{name}: {escape(str(deck.get('name')))} — plan {escape(str(deck['plan']))}")


def _parse_card(text: str) -> tuple[str, int]:
    """``Name=3``, ``Name 3`` or ``Name`` (one copy)."""
    name, sep, copies = text.rpartition("=")
    if not sep:
        name, _, copies = text.strip().rpartition(" ")
        if not copies.isdigit():
            return text.strip(), 1
    if not copies.strip().isdigit():
        raise typer.BadParameter(f"{text!r}: give NAME=COPIES, e.g. 'Grave Call=3'")
    return name.strip(), int(copies)


def _canonical(name: str) -> str | None:
    for card in CARD_DEFS:
        if card.name.casefold() == name.casefold():
            return card.name
    return None


def _add(cards: list[dict[str, Any]], name: str, copies: int) -> None:
    for entry in cards:
        if entry["name"] == name:
            entry["copies"] += copies
            return
    cards.append({"name": name, "copies": copies})


def _set(cards: list[dict[str, Any]], name: str, copies: int) -> None:
    """Hold ``copies`` of ``name`` (0: none), keeping the card's place in the list."""
    for index, entry in enumerate(cards):
        if entry["name"] == name:
            if copies:
                entry["copies"] = copies
            else:
                del cards[index]
            return
    if copies:
        cards.append({"name": name, "copies": copies})


def _held(cards: list[dict[str, Any]], name: str) -> int:
    return sum(entry["copies"] for entry in cards if entry["name"] == name)


def _refusal(cards: list[dict[str, Any]], name: str, copies: int) -> str | None:
    """Why holding ``copies`` of ``name`` would make the deck illegal, or ``None``."""
    limit = copy_limit(name)
    if limit == 0:
        return f"{name} is banned"
    if copies > limit:
        return f"that makes {copies} {name}; a deck may hold at most {limit}"
    total = sum(entry["copies"] for entry in cards) - _held(cards, name) + copies
    if total > DECK_SIZE:
        return f"that makes {total} cards; a deck holds exactly {DECK_SIZE} (remove some first)"
    return None


def _unknown_card(name: str) -> str:
    if any(plan.name.casefold() == name.casefold() for plan in PLAN_DEFS):
        return f"{name} is a Master Plan, not a card"
    hint = suggest(name, [card.name for card in CARD_DEFS])
    return f"No card is called {name!r}{hint}; type 'cards' for the list."


BUILD_HELP = (
    "Add cards as 'NAME COPIES' (e.g. Grave Call 3); 'set NAME COPIES' changes a count, "
    "'remove NAME' takes a card out; 'deck' shows the deck, 'cards' every card; 'done'."
)


def _choose_plan(console: Console) -> str:
    for number, plan in enumerate(PLAN_DEFS, start=1):
        console.print(f"{number:2}. [bold]{escape(plan.name)}[/]: {escape(plan.text)}")
    while True:
        answer = console.input("plan> ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(PLAN_DEFS):
            return PLAN_DEFS[int(answer) - 1].name
        for plan in PLAN_DEFS:
            if plan.name.casefold() == answer.casefold():
                return plan.name
        console.print("[red]Type a number from the list or a Master Plan's name.[/]")


def _build(console: Console, cards: list[dict[str, Any]]) -> None:
    """Add, change and remove cards line by line until ``done``; a line that would make the
    deck illegal (a 31st card, a 4th copy) is refused as it is typed."""
    console.print(BUILD_HELP)
    while True:
        total = sum(entry["copies"] for entry in cards)
        try:
            line = console.input(f"card ({total}/{DECK_SIZE})> ").strip()
        except EOFError:
            return
        word, _, rest = line.partition(" ")
        command = word.casefold()
        if command == "done":
            return
        if command == "cards":
            for card in CARD_DEFS:
                console.print(f"{escape(card.name)} ({card.kind}, {card.countdown})")
            continue
        if command == "deck":
            for entry in cards:
                console.print(f"{entry['copies']} {escape(entry['name'])}")
            continue
        if not line:
            continue
        problem = _build_line(cards, command, rest if command in ("set", "remove") else line)
        if problem:
            console.print(f"[red]{escape(problem)}[/]")


def _build_line(cards: list[dict[str, Any]], command: str, text: str) -> str | None:
    """Carry out one line of ``_build``; what was wrong with it, or ``None``."""
    try:
        name, copies = _parse_card(text)
    except typer.BadParameter as exc:
        return str(exc)
    real = _canonical(name)
    if real is None:
        return _unknown_card(name)
    if command == "remove":
        held = _held(cards, real)
        if not held:
            return f"The deck holds no {real}."
        # 'remove NAME' takes every copy out; 'remove NAME 1' just one.
        left = 0 if text.strip().casefold() == name.casefold() else max(0, held - copies)
        _set(cards, real, left)
        return None
    wanted = copies if command == "set" else _held(cards, real) + copies
    refusal = _refusal(cards, real, wanted)
    if refusal:
        return refusal
    _set(cards, real, wanted)
    return None


@deck_app.command()
def new(
    file: Annotated[Path, typer.Argument(help="Where to write the deck (YAML).")],
    *,
    start_from: Annotated[
        str | None, typer.Option("--from", help="Start from a shipped deck (see deck list).")
    ] = None,
    plan: Annotated[str | None, typer.Option(help="The Master Plan.")] = None,
    card: Annotated[
        list[str] | None, typer.Option("--card", "-c", help="NAME=COPIES (repeatable).")
    ] = None,
    name: Annotated[str | None, typer.Option(help="The deck's name.")] = None,
    force: Annotated[bool, typer.Option(help="Replace an existing file without asking.")] = False,
) -> None:
    """Build a deck file: from a shipped deck, from --plan/--card, or step by step."""
    console = make_console(soft_wrap=True)
    with errors_to_exit():
        deck: dict[str, Any] = {"name": name or file.stem, "plan": plan, "cards": []}
        if start_from is not None:
            deck = precon_deck(start_from)
            deck["cards"] = [dict(entry) for entry in deck["cards"]]
            if plan:
                deck["plan"] = plan
            if name:
                deck["name"] = name
        for text in card or []:
            card_name, copies = _parse_card(text)
            _add(deck["cards"], _canonical(card_name) or card_name, copies)
        if start_from is None and not card:
            if deck["plan"] is None:
                deck["plan"] = _choose_plan(console)
            _build(console, deck["cards"])
        asked = file.exists() and not force
        if asked and not typer.confirm(f"{file} already exists. Replace it?", default=False):
            fail(f"{file} was not replaced")
        write_deck_file(file, deck, overwrite=True)
    problems = deck_problems(deck)
    console.print(f"Wrote {escape(str(file))}.")
    if problems:
        console.print("[red]It is not a legal deck yet:[/]")
        for problem in problems:
            console.print(f"[red]- {escape(problem)}[/]")
        raise typer.Exit(code=1)
