"""What every command shares: consoles, and turning errors into one red line and exit code 1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from doomtable.engine import BadOptionError, DoomtableError


def make_console(*, soft_wrap: bool = False) -> Console:
    """A console on the current stdout (made per command, so tests can capture it).

    ``soft_wrap`` leaves long lines to the terminal instead of breaking them, for line-oriented
    reports that are read by other tools too.
    """
    return Console(highlight=False, soft_wrap=soft_wrap)


def fail(message: str) -> NoReturn:
    """Print ``message`` as one red error line and leave with exit code 1."""
    Console(stderr=True, highlight=False).print(
        f"[bold red]error:[/] {escape(message)}", soft_wrap=True
    )
    raise typer.Exit(code=1)


@contextmanager
def errors_to_exit() -> Iterator[None]:
    """Turn doomtable and file errors raised inside the block into :func:`fail`."""
    try:
        yield
    except DoomtableError as exc:
        fail(str(exc))
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        fail(f"{where}{exc.strerror or exc}")


GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="Game option key=value (repeatable), e.g. -o eras=2."),
]
"""``-o``/``--option``: a game option, the same in every command that starts games."""


def parse_options(raw: list[str] | None) -> dict[str, Any]:
    """Every ``-o key=value`` given, as game options (the game checks them)."""
    return dict(parse_option(text) for text in raw or [])


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` as a game option; the value is read as JSON when it can be (numbers,
    ``true``, lists), else kept as text.

    >>> parse_option("tiebreak=draw"), parse_option("rounds=5")
    (('tiebreak', 'draw'), ('rounds', 5))
    """
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        hint = " (a report's file is given with --out)" if text.endswith(".html") else ""
        raise BadOptionError(f"-o/--option takes a game option key=value, not {text!r}{hint}")
    raw = raw.strip()
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key, value
