"""The deck is a data file: it loads as designed, and a bad one says what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from doomtable.games.doom_on_you.cards import CARD_DEFS, DECK_FILE, DeckFileError, load_deck


def test_the_shipped_deck_is_the_110_card_design() -> None:
    deck = load_deck(DECK_FILE)
    assert deck == CARD_DEFS
    assert sum(d.copies for d in deck) == 110
    by_name = {d.name: d for d in deck}
    assert (by_name["Hunting-bird"].tokens, by_name["Deter-tle"].defence) == (3, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards: [", "cannot read deck file"),
        ("cards: []", "non-empty list under 'cards'"),
        ("cards: [{name: X, kind: animal, copies: 2, wings: 3}]", "unknown key(s) wings"),
        ("cards: [{name: X, kind: bird, copies: 2}]", "kind must be animal, battle or doom"),
        ("cards: [{name: X, kind: battle, copies: 2, power: magic}]", "power must be one of"),
        ("cards: [{name: X, kind: animal, copies: -1}]", "whole numbers >= 0"),
        ("cards: [{kind: animal, copies: 1}]", "needs a name"),
        ("cards: [{name: X, kind: animal, count: 2}]", "'count' is now called 'copies'"),
    ],
)
def test_a_bad_deck_file_is_refused_with_the_reason(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    with pytest.raises(DeckFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_deck(path)
