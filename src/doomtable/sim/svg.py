"""Small inline SVG charts for the HTML report: no plotting library, no external files."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

WIDTH = 560
HEIGHT = 260
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 12, 28, 52
_BAR = "#4c72b0"
_REF = "#c44e52"


def _frame(title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" '
        'font-family="sans-serif" font-size="11">'
        f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">'
        f"{escape(title)}</text>" + "".join(body) + "</svg>"
    )


def _axis(top: float) -> list[str]:
    """The value axis from 0 to ``top`` with five ticks, and the baseline."""
    plot_h = HEIGHT - _TOP - _BOTTOM
    parts = []
    for i in range(5):
        value = top * i / 4
        y = HEIGHT - _BOTTOM - plot_h * i / 4
        parts.append(
            f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="#ddd"/>'
            f'<text x="{_LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{_fmt(value)}</text>'
        )
    return parts


def _fmt(value: float) -> str:
    return f"{value:g}" if value < 10 else f"{value:.0f}"


def nice_step(raw: float) -> float:
    """The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least ``raw``.

    >>> nice_step(0.14), nice_step(3.2), nice_step(16.5)
    (0.2, 5.0, 20.0)
    """
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0):
        if raw <= factor * power * (1 + 1e-9):
            return round(factor * power, 12)
    return 10 * power


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]] | None = None,
    reference: float | None = None,
    top: float | None = None,
) -> str:
    """Vertical bars with optional error bars (``intervals``) and a dashed reference line."""
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = HEIGHT - _TOP - _BOTTOM
    highest = max([*values, *(hi for _, hi in intervals or ()), reference or 0.0, 1e-9])
    top = top if top is not None else 4 * nice_step(highest / 4)

    def y(v: float) -> float:
        return HEIGHT - _BOTTOM - plot_h * min(v, top) / top

    body = _axis(top)
    slot = plot_w / max(1, len(values))
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        x = _LEFT + i * slot + slot * 0.15
        w = slot * 0.7
        body.append(
            f'<rect x="{x:.1f}" y="{y(value):.1f}" width="{w:.1f}" '
            f'height="{HEIGHT - _BOTTOM - y(value):.1f}" fill="{_BAR}">'
            f"<title>{escape(label)}: {value:.3f}</title></rect>"
        )
        if intervals is not None:
            lo, hi = intervals[i]
            cx = x + w / 2
            body.append(
                f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" '
                'stroke="#222" stroke-width="1.5"/>'
                f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y(lo):.1f}" y2="{y(lo):.1f}" '
                'stroke="#222"/>'
                f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{y(hi):.1f}" y2="{y(hi):.1f}" '
                'stroke="#222"/>'
            )
        body.append(
            f'<text x="{x + w / 2:.1f}" y="{HEIGHT - _BOTTOM + 14}" text-anchor="middle">'
            f"{escape(label[:18])}</text>"
        )
    if reference is not None:
        body.append(
            f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y(reference):.1f}" '
            f'y2="{y(reference):.1f}" stroke="{_REF}" stroke-dasharray="5,4"/>'
        )
    return _frame(title, body)


def histogram_chart(title: str, bins: Sequence[Sequence[int]], x_label: str) -> str:
    """Bars for ``[low, high, count]`` bins, labelled with their ranges."""
    labels = [str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi, _ in bins]
    counts = [float(count) for _, _, count in bins]
    chart = bar_chart(title, _thin(labels), counts)
    caption = (
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 8}" text-anchor="middle">{escape(x_label)}</text>'
    )
    return chart.replace("</svg>", caption + "</svg>")


def _thin(labels: Sequence[str], most: int = 12) -> list[str]:
    """Blank out labels so that at most ``most`` are shown."""
    step = max(1, -(-len(labels) // most))
    return [label if i % step == 0 else "" for i, label in enumerate(labels)]
