"""The `doomtable` Typer application; each command module adds its commands here.

Command modules are imported only when their command runs: ``doomtable --help`` lists them
from ``LAZY_COMMANDS`` without importing games, bots or YAML, so it starts at once.
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

# Each module exposes ``register(app)``; listing it here keeps this file the only wiring. A
# game's own commands are listed as ``game:NAME``: the game's spec names their module.
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "play_commands",
        "Play a game at the terminal against bots, resume a saved one, or watch bots play.",
    ),
    "cards": ("cards_commands", "List a game's cards with our rules text, or show one card."),
    "scenario": (
        "scenario_commands",
        "Run scenario files: set up a board, play scripted choices, check the expected state.",
    ),
    "simulate": (
        "sim_commands",
        "Play bots against each other and print win rates by bot and by seat.",
    ),
    "tournament": (
        "sim_commands",
        "Every pair of bots plays the same number of games, seats alternating: win rates, ratings.",
    ),
    "report": (
        "sim_commands",
        "Simulate, then write one self-contained HTML page of charts and tables.",
    ),
    "deck": (
        "game:doom-pile",
        "Doom Pile decks: check a deck file, build a new one, list the shipped decks.",
    ),
    "score": (
        "game:doomlings",
        "Score a Doomlings game played with physical cards: each player's points step by step.",
    ),
    "serve": (
        "serve_commands",
        "Serve the browser table: a lobby, invite links, spectators and replays.",
    ),
}
"""Command -> (its module, its line in ``--help``); a test checks each line against the
command's own help."""


class _Listed(typer.core.TyperCommand):
    """A command's name and help line in ``--help``, standing in until the command runs."""


def load_command(name: str) -> Any:
    """The real command ``name``, its module imported now."""
    where = LAZY_COMMANDS[name][0]
    if where.startswith("game:"):
        from doomtable.engine import find_game

        module = importlib.import_module(find_game(where.removeprefix("game:")).commands)
    else:
        module = importlib.import_module(f"doomtable.cli.{where}")
    commands = typer.Typer(rich_markup_mode="rich", add_completion=False)
    module.register(commands)
    # A callback makes Typer build a group, whose commands are keyed by name.
    commands.callback()(lambda: None)
    return typer.main.get_group(commands).commands[name]


class LazyGroup(TyperGroup):
    """The command group: lazy commands are listed by name and loaded when resolved."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, (_, help_line) in LAZY_COMMANDS.items():
            self.commands.setdefault(name, _Listed(name=name, help=help_line))

    def resolve_command(self, ctx: Any, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and isinstance(command, _Listed):
            command = load_command(name)
            self.commands[name] = command
        return name, command, rest


app = typer.Typer(
    name="doomtable",
    help="Play, simulate and study doom-themed card games.",
    rich_markup_mode="rich",
    no_args_is_help=True,
    add_completion=False,
    cls=LazyGroup,
)


def _print_version(wanted: bool) -> None:
    if wanted:
        from doomtable import __version__

        typer.echo(f"doomtable {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
        ),
    ] = False,
) -> None:
    """Play, simulate and study doom-themed card games."""


def main() -> None:
    app()
