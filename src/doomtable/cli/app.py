"""The `doomtable` Typer application; each command module adds its commands here."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="doomtable",
    help="Play, simulate and study doom-themed card games.",
    rich_markup_mode="rich",
    no_args_is_help=True,
    add_completion=False,
)

# Each module exposes ``register(app)``; listing them here keeps this file the only wiring.
COMMAND_MODULES: tuple[str, ...] = (
    "play_commands",
    "cards_commands",
    "scenario_commands",
    "sim_commands",
    "score_commands",
    "serve_commands",
)

for _module in COMMAND_MODULES:
    importlib.import_module(f"doomtable.cli.{_module}").register(app)


def main() -> None:
    app()
