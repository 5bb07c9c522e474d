"""Small HTML builders shared by the page modules (every text is escaped here)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from html import escape
from typing import Any, Final

COLOR_MARKS = {"red": "R", "blue": "B", "green": "G", "purple": "P", "colorless": "–"}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def cards(n: Any) -> str:
    """A count of cards in words, escaped: ``1 card``, ``3 cards``."""
    return f"{esc(n)} card" if n == 1 else f"{esc(n)} cards"


def section(title: str, body: str, css: str = "") -> str:
    return f'<section class="panel {esc(css)}"><h2>{esc(title)}</h2>{body}</section>'


def items(parts: Iterable[str], css: str = "cards") -> str:
    joined = "".join(f"<li>{part}</li>" for part in parts)
    return f'<ul class="{esc(css)}">{joined}</ul>' if joined else '<p class="none">none</p>'


def colors(names: Iterable[str]) -> str:
    """Colour swatches that also say the colour in words (colour is never the only signal)."""
    return _swatches(tuple(names))


@lru_cache(maxsize=256)
def _swatches(names: tuple[str, ...]) -> str:
    names = names or ("colorless",)
    return "".join(
        f'<span class="swatch c-{esc(n)}" title="{esc(n)}">{esc(COLOR_MARKS.get(n, n[:1]))}'
        f'<span class="sr">{esc(n)}</span></span>'
        for n in names
    )


CARDS_KEPT: Final = 4096
"""Cards drawn kept for the next update: a table redraws the same few dozen cards at every
move, and a card's markup depends only on what is passed here."""


@lru_cache(maxsize=CARDS_KEPT)
def card(name: str, text: str = "", *, meta: str = "", css: str = "", label: str = "") -> str:
    """A card drawn as a card: its name, ``meta`` (colour or kind, value, icons: HTML) and its
    rules text, a few lines of it on the face and all of it on hover or tap (focus).

    ``data-card`` names the card, so the page script can let a player choose it by clicking
    it; ``label`` goes before the name on the face (``Now:``)."""
    shown = f'<span class="card-label">{esc(label)}</span> ' if label else ""
    body = f'<span class="card-text">{esc(text)}</span>' if text else ""
    return (
        f'<div class="card {esc(css)}" tabindex="0" role="group" data-card="{esc(name)}" '
        f'aria-label="{esc(name)}"><span class="card-name">{shown}{esc(name)}</span>'
        f'<span class="card-meta">{meta}</span>{body}</div>'
    )


def definition_list(pairs: Iterable[tuple[str, str]]) -> str:
    body = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in pairs)
    return f'<dl class="facts">{body}</dl>'
