"""The simulator commands on an app of their own, with the toy game registered for the test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import typer

from bots.toygame import SPEC
from doomtable.cli import sim_commands
from doomtable.engine import registry


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[typer.Typer]:
    """An app with only the simulator's commands, and the toy game registered for the test."""
    monkeypatch.setitem(registry._GAMES, SPEC.name, SPEC)
    monkeypatch.setitem(registry._ALIASES, SPEC.name, SPEC.name)
    app = typer.Typer()
    sim_commands.register(app)
    yield app
