"""Layout pieces the game tables share: keeping card names whole, and when to draw compactly."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

COMPACT_BELOW = (100, 40)
"""Terminals narrower than 100 columns or lower than 40 rows get the compact tables."""


def compact_wanted(console: Console, options: ConsoleOptions) -> bool:
    """Whether the table should be drawn compactly on this console."""
    width, height = COMPACT_BELOW
    return options.max_width < width or console.height < height


def fitting(
    console: Console, options: ConsoleOptions, layouts: Sequence[RenderableType]
) -> RenderableType:
    """The first of ``layouts`` (fullest first) whose height fits ``options.height`` (a
    height given to ``print``), or the terminal's height less a line for the prompt; the
    last one if none fits."""
    room = options.height if options.height is not None else console.height - 1
    free = options.update(height=None)
    for layout in layouts[:-1]:
        if len(console.render_lines(layout, free, pad=False)) <= room:
            return layout
    return layouts[-1]


def one_line(text: Text) -> Text:
    """``text`` kept to one line: what does not fit is cut with an ellipsis."""
    line = text.copy()
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


class ChipFlow:
    """Short runs of text (cards) laid out left to right and wrapped between runs, never
    inside one, so a card name is never broken across lines."""

    GAP = "  "

    def __init__(self, chips: Sequence[Text], most_lines: int | None = None) -> None:
        self.chips = list(chips)
        self.most_lines = most_lines
        """With so many lines at most, the chips that do not fit are counted instead."""

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [chip.cell_len for chip in self.chips] or [1]
        total = sum(widths) + len(self.GAP) * (len(widths) - 1)
        return Measurement(min(max(widths), options.max_width), min(total, options.max_width))

    def lines(self, width: int) -> list[Text]:
        """The chips wrapped into lines of at most ``width`` cells."""
        lines: list[Text] = []
        current = Text()
        for chip in self.chips:
            if current.cell_len and current.cell_len + len(self.GAP) + chip.cell_len > width:
                lines.append(current)
                current = Text()
            if current.cell_len:
                current.append(self.GAP)
            current.append_text(chip)
        lines.append(current)
        if self.most_lines is not None and len(lines) > self.most_lines:
            return self._cut(width)
        return [one_line(line) for line in lines]

    def _cut(self, width: int) -> list[Text]:
        """The first chips in ``most_lines`` lines, the last line ending ``+N more``."""
        assert self.most_lines is not None
        for shown in range(len(self.chips) - 1, 0, -1):
            more = Text(f"+{len(self.chips) - shown} more", style="dim")
            flow = ChipFlow([*self.chips[:shown], more])
            lines = flow.lines(width)
            if len(lines) <= self.most_lines:
                return lines
        return [one_line(Text(f"{len(self.chips)} cards", style="dim"))]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)
