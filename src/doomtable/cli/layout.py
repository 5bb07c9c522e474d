"""Layout pieces the game tables share: keeping card names whole, and when to draw compactly."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

COMPACT_BELOW = (100, 40)
"""Terminals narrower than 100 columns or lower than 40 rows get the compact tables."""


def compact_wanted(console: Console, options: ConsoleOptions) -> bool:
    """Whether the table should be drawn compactly on this console."""
    width, height = COMPACT_BELOW
    return options.max_width < width or console.height < height


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

    def __init__(self, chips: Sequence[Text]) -> None:
        self.chips = list(chips)

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
        return [one_line(line) for line in lines]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)
