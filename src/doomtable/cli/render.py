"""Terminal rendering of a game's view dict; renderers never see the game state itself."""

from __future__ import annotations

import importlib
import math
from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from doomtable.cli.layout import compact_wanted, one_line
from doomtable.engine import UnknownGameError, find_game

Renderer = Callable[[dict[str, Any]], RenderableType]
ResultPrinter = Callable[[Console, dict[str, Any], list[str]], None]


def table_module(game: str) -> ModuleType | None:
    """The module that draws ``game`` at the terminal, as its spec names it
    (``GameSpec.terminal_table``); ``None`` for a game without one, or not registered."""
    try:
        name = find_game(game).terminal_table
    except UnknownGameError:
        return None
    return importlib.import_module(name) if name else None


def table_renderer(game: str) -> Renderer | None:
    """``game``'s table renderer, or ``None`` (the generic table draws it)."""
    renderer: Renderer | None = getattr(table_module(game), "render_table", None)
    return renderer


def game_help(game: str) -> str:
    """What the table's ``help`` adds for ``game`` (its table module's ``HELP``)."""
    return str(getattr(table_module(game), "HELP", ""))


def print_rules(console: Console, game: str, options: dict[str, Any] | None = None) -> None:
    """The game's rules in brief, from its package (``GameSpec.rules_summary``), and what
    this game's options change (``GameSpec.option_notes``: a variation)."""
    spec = find_game(game)
    console.print(f"{spec.title}: the rules in brief", style="bold")
    console.print(spec.rules_summary or spec.summary, markup=False)
    for note in spec.option_notes(options or {}):
        console.print(note, markup=False, style="bold", soft_wrap=True)


def print_result(console: Console, view: dict[str, Any], names: list[str]) -> None:
    """The game's explanation of its final scores, if its table module has one."""
    printer: ResultPrinter | None = getattr(
        table_module(str(view.get("game"))), "print_result", None
    )
    if printer is not None:
        printer(console, view, names)


def render_view(view: dict[str, Any]) -> RenderableType:
    """The table as ``view`` shows it, drawn by the game's renderer or the generic one.

    A game without a renderer (another package's), or a view its renderer cannot read (a key
    missing or of another shape), is drawn by the generic renderer under a line saying so, so
    the table is always drawn and the fallback never passes unnoticed.
    """
    game = str(view.get("game"))
    renderer = table_renderer(game)
    if renderer is None:
        return Group(
            Text(f"(no table for {game}: showing what the view holds)", style="dim"),
            render_generic(view),
        )
    try:
        return renderer(view)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        problem = f"{type(exc).__name__}: {exc}"
        return Group(
            Text(f"(the {game} table could not be drawn ({problem}); showing the view)"),
            render_generic(view),
        )


def render_generic(view: dict[str, Any]) -> RenderableType:
    """Any game's view, pretty-printed: every key the viewer may see."""
    from rich.pretty import Pretty  # only for games without a table: not loaded at start-up

    shown = {k: v for k, v in view.items() if k not in ("game", "pending")}
    title = f"{view.get('game', 'game')} — seat {view.get('viewer', '?')}"
    return Panel(Pretty(shown, expand_all=False), title=title, title_align="left")


CHOICES_HINT = "type a number or label; card NAME, rules, table, log, undo, save, quit, help"


class Choices:
    """The numbered legal options under the decision's prompt: a panel on a large terminal,
    columns without a box on a small one. More options than ``most_rows`` rows hold are
    shown a page at a time (``page``, counted from 0 and wrapping), numbered as in the whole
    list, so the table above stays on screen."""

    def __init__(
        self, prompt: str, labels: Sequence[str], most_rows: int | None = None, page: int = 0
    ) -> None:
        self.prompt = prompt
        self.labels = list(labels)
        self.most_rows = most_rows
        self.page = page

    def _shown(self, per_page: int) -> tuple[list[int], Text | None]:
        """The numbers (from 0) of the options on this page, and the line saying which.

        The many options are alike (``keep X``, ``put X next``); the few that start with
        another word (``shuffle the rest``, ``done``) are on every page."""
        total = len(self.labels)
        if self.most_rows is None or total <= per_page:
            return list(range(total)), None
        verbs = Counter(label.split(" ", 1)[0] for label in self.labels)
        common = verbs.most_common(1)[0][0]
        pinned = [i for i, label in enumerate(self.labels) if label.split(" ", 1)[0] != common]
        if len(pinned) > per_page // 2:
            pinned = []
        paged = [i for i in range(total) if i not in pinned]
        room = per_page - len(pinned)
        pages = math.ceil(len(paged) / room)
        first = (self.page % pages) * room
        page = paged[first : first + room]
        line = Text(
            f"choices {page[0] + 1}–{page[-1] + 1} of {total}: type more for the next ones, "
            "or part of a label",
            style="yellow",
        )
        return sorted(page + pinned), line

    def full(self) -> Panel:
        shown, paging = self._shown(self.most_rows or len(self.labels))
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        for index in shown:
            table.add_row(f"{index + 1}.", Text(self.labels[index]))
        lines: list[RenderableType] = [table, *([paging] if paging else [])]
        lines.append(Text(CHOICES_HINT, style="dim"))
        return Panel(
            Group(*lines),
            title=Text(self.prompt, style="bold"),
            title_align="left",
            border_style="cyan",
        )

    def compact(self, width: int) -> Group:
        items = [
            Text.assemble((f"{number}.", "bold cyan"), f" {label}")
            for number, label in enumerate(self.labels, start=1)
        ]
        widest = max((item.cell_len for item in items), default=1)
        columns = max(1, min(len(items), (width + 2) // (widest + 2)))
        shown, paging = self._shown((self.most_rows or len(items)) * columns)
        items = [items[index] for index in shown]
        rows = math.ceil(len(items) / columns) if items else 0
        grid = Table.grid(padding=(0, 2))
        for _ in range(columns):
            grid.add_column(no_wrap=True, overflow="ellipsis")
        for row in range(rows):
            grid.add_row(
                *(items[i] if i < len(items) else "" for i in range(row, rows * columns, rows))
            )
        return Group(
            one_line(Text(self.prompt, style="bold cyan")),
            grid,
            *([one_line(paging)] if paging else []),
            one_line(Text(CHOICES_HINT, style="dim")),
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if compact_wanted(console, options):
            yield self.compact(options.max_width)
        else:
            yield self.full()


def render_choices(
    prompt: str, labels: Sequence[str], most_rows: int | None = None, page: int = 0
) -> RenderableType:
    """The numbered legal options under the decision's prompt."""
    return Choices(prompt, labels, most_rows, page)


def print_table(
    console: Console,
    view: dict[str, Any],
    prompt: str,
    labels: Sequence[str],
    notes: Sequence[RenderableType] = (),
    page: int = 0,
) -> None:
    """The table and, under it, the choices and ``notes`` (the text of a card the prompt
    names): on a small terminal the table takes the layout that leaves room for the choices,
    the notes and the prompt, so the header stays on screen."""
    # The choices take at most about half the screen; more are paged (``more``).
    most_rows = max(4, console.height // 2 - 4)
    choices = Group(render_choices(prompt, labels, most_rows, page), *notes)
    used = len(console.render_lines(choices, console.options, pad=False)) + 1
    console.print(render_view(view), height=max(1, console.height - used))
    console.print(choices)


def score_table(
    scores: Sequence[int], winners: Sequence[int], names: Sequence[str], score_name: str = "Score"
) -> Table:
    """Final scores, best first, winners starred; a solo game's score, as a solo result.
    ``score_name`` heads the numbers (the game's ``GameSpec.score_name``)."""
    if len(scores) == 1:
        points = "1 point" if scores[0] == 1 else f"{scores[0]} points"
        table = Table(title="Solo game: final score", title_style="bold")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_row(names[0], points)
        return table
    table = Table(title="Final scores", title_style="bold")
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    table.add_column(score_name, justify="right")
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
