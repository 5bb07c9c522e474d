"""Small HTML builders shared by the page modules (every text is escaped here)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

COLOR_MARKS = {"red": "R", "blue": "B", "green": "G", "purple": "P", "colorless": "–"}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def section(title: str, body: str, css: str = "") -> str:
    return f'<section class="panel {esc(css)}"><h2>{esc(title)}</h2>{body}</section>'


def items(parts: Iterable[str], css: str = "cards") -> str:
    joined = "".join(f"<li>{part}</li>" for part in parts)
    return f'<ul class="{esc(css)}">{joined}</ul>' if joined else '<p class="none">none</p>'


def colors(names: list[str]) -> str:
    """Colour swatches that also say the colour in words (colour is never the only signal)."""
    names = names or ["colorless"]
    return "".join(
        f'<span class="swatch c-{esc(n)}" title="{esc(n)}">{esc(COLOR_MARKS.get(n, n[:1]))}'
        f'<span class="sr">{esc(n)}</span></span>'
        for n in names
    )


def card(name: str, text: str = "", *, meta: str = "", css: str = "") -> str:
    """A card: its name on the face, its text on hover (title) or tap (details)."""
    face = f"{esc(name)}{f' <span class=meta>{meta}</span>' if meta else ''}"
    if not text:
        return f'<span class="card {esc(css)}">{face}</span>'
    return (
        f'<details class="card {esc(css)}" title="{esc(text)}"><summary>{face}</summary>'
        f'<p class="card-text">{esc(text)}</p></details>'
    )


def definition_list(pairs: Iterable[tuple[str, str]]) -> str:
    body = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in pairs)
    return f'<dl class="facts">{body}</dl>'
