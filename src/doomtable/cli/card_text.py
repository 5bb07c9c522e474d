"""A game's cards as the table reads them: any card by a forgiving name (``card apex``), the
cards a prompt names, and why a card in the hand cannot be played."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from doomtable.cli.cards_commands import card_panel, details, table_columns
from doomtable.cli.matching import match_label, words
from doomtable.engine import did_you_mean, find_game

SUMMARY_LEAVES_OUT = frozenset({"name", "text", "copies", "effects", "flavour", "players"})
"""Facts a card's one-line summary leaves to ``card NAME``: how many copies, internal effect
keys, flavour text."""


class CardBook:
    """Every card of one game, by name."""

    def __init__(self, title: str, cards: list[dict[str, Any]]) -> None:
        self.title = title
        self.by_name = {str(card.get("name", "")): card for card in cards if card.get("name")}
        self._facts = [k for k in table_columns(cards) if k not in SUMMARY_LEAVES_OUT]
        # Longest names first, so "Apex Predator" is found before a card called "Apex".
        self._names = sorted(self.by_name, key=len, reverse=True)

    @classmethod
    def of_game(cls, game: str) -> CardBook:
        spec = find_game(game)
        return cls(spec.title, spec.cards())

    def find(self, text: str) -> list[dict[str, Any]]:
        """The cards ``text`` may mean, read as choices are (any case, a start of words, a
        close spelling)."""
        return [self.by_name[name] for name in match_label(text, list(self.by_name))]

    def named_in(self, text: str) -> list[dict[str, Any]]:
        """The cards whose names appear in ``text`` as written (whole words, case kept, so a
        card called Late is not found in "too late"), in the order they appear."""
        found: list[tuple[int, str]] = []
        rest = text
        for name in self._names:
            pattern = rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])"
            for hit in re.finditer(pattern, rest):
                found.append((hit.start(), name))
                # Blank the hit so a shorter name inside it is not found again.
                rest = rest[: hit.start()] + " " * len(name) + rest[hit.end() :]
        return [self.by_name[name] for _, name in sorted(set(found))]

    def summary(self, card: dict[str, Any]) -> Text:
        """One card in a line or two: its name, its facts, its rules text."""
        line = Text(str(card.get("name", "")), style="bold")
        facts = details(card, self._facts)
        if facts.plain:
            line.append(" (").append_text(facts).append(")")
        text = str(card.get("text") or "")
        if text:
            line.append(f": {text}")
        return line

    def unknown(self, text: str) -> str:
        """Why ``text`` names no card, in one line."""
        hint = did_you_mean(text, self._names, cutoff=0.5)
        return f"{self.title} has no card {text!r}" + (f"; {hint}" if hint else "")


def _hand_cards(view: object) -> Iterator[dict[str, Any]]:
    """Every card in ``view`` that says whether it may be played (a ``why_not`` key)."""
    if isinstance(view, dict):
        if "why_not" in view and "name" in view:
            yield view
        for value in view.values():
            yield from _hand_cards(value)
    elif isinstance(view, list):
        for value in view:
            yield from _hand_cards(value)


def why_not_playable(view: dict[str, Any], text: str) -> str | None:
    """When ``text`` names a card of the viewer's that cannot be played now, why, in a line
    (``Kidney cannot be played now: ...``); else ``None``."""
    cards = {str(card["name"]): card for card in _hand_cards(view)}
    typed = words(text)
    # "kidney" and "play kidney" both name the card Kidney.
    for attempt in (text, " ".join(typed[1:])):
        matches = match_label(attempt, list(cards)) if attempt else []
        if len(matches) == 1 and cards[matches[0]].get("why_not"):
            return f"{matches[0]} cannot be played now: {cards[matches[0]]['why_not']}"
    return None


CARD_WORDS = ("card", "help", "?")
"""What asks for a card's text at the prompt: ``card NAME``, ``help NAME``, ``? NAME``."""


def card_request(text: str, labels: Sequence[str]) -> str | None:
    """The card name asked for when ``text`` is ``card NAME`` (or ``help``/``?`` NAME, or
    ``card`` alone: ``""``), else ``None``. A legal choice's own label is never read so."""
    if text.startswith("?"):
        return text[1:].strip() or None
    first, _, rest = text.partition(" ")
    if first.casefold() not in CARD_WORDS:
        return None
    if " ".join(words(text)) in {" ".join(words(label)) for label in labels}:
        return None
    return rest.strip() if rest.strip() or first.casefold() == "card" else None


def show_card(console: Console, book: CardBook, name: str) -> None:
    """``card NAME`` at a table: the card's full text, or one line saying why there is none."""
    if not name:
        console.print("[red]Type card and a card's name (or part of it): card fangs.[/]")
        return
    found = book.find(name)
    if len(found) == 1:
        console.print(card_panel(found[0]))
        return
    if found:
        listed = ", ".join(str(card["name"]) for card in found)
        message = f"{name!r} matches {len(found)} cards: {listed}. Type more of the name."
    else:
        message = book.unknown(name)
    console.print(message, style="red", markup=False, soft_wrap=True)
