"""Reading cards at the table: ``card NAME``, ``? NAME``, ``help NAME``, the card a prompt
names, and why a card in the hand cannot be played."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.card_text import CardBook, why_not_playable
from doomtable.engine import find_game, new_game

runner = CliRunner()


def flat(text: str) -> str:
    """``text`` with every run of spaces and line breaks as one space (rich wraps lines)."""
    return " ".join(text.split())


def doomlings_at_the_table(tmp_path: Path, lines: str, *extra: str) -> str:
    # Seed 1: seat 0 holds Kidney, Sticky Secretions, Heroic (needs 3 green), Late, Teeth.
    args = ["play", "doomlings", "--seed", "1", "--save", str(tmp_path / "s.json"), *extra]
    result = runner.invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output
    return result.output


def test_any_card_is_shown_by_a_forgiving_name(tmp_path: Path) -> None:
    output = doomlings_at_the_table(tmp_path, "card symbio\n? TENTACLES\nhelp late\n")
    assert "+2 for each trait of your least common color" in flat(output)  # Symbiosis
    assert "Once you have stabilized, you may play Late from your hand." in flat(output)
    tentacles = next(c for c in find_game("doomlings").cards() if c["name"] == "Tentacles")
    assert flat(str(tentacles["text"])) in flat(output.replace("│", " "))
    assert "not a legal choice" not in output
    assert "player 0 plays" not in output  # reading cards answers nothing


def test_an_unknown_or_ambiguous_card_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    output = doomlings_at_the_table(tmp_path, "card tentacle\ncard zzqx\ncard\n? s\n")
    assert "Doomlings has no card 'tentacle'; did you mean Tentacles?" not in output  # it matches
    assert "Doomlings has no card 'zzqx'" in output
    assert "Type card and a card's name" in output
    assert "'s' matches" in output and "Type more of the name." in output
    assert "player 0 plays" not in output


def test_a_card_that_cannot_be_played_says_why(tmp_path: Path) -> None:
    output = doomlings_at_the_table(tmp_path, "heroic\nplay heroic\n")
    reason = "Heroic cannot be played now: You can play this only with 3+ green traits in your pile"
    assert output.count(reason) == 2
    assert "player 0 plays" not in output


def test_a_prompt_about_a_card_shows_its_text(tmp_path: Path) -> None:
    # Seat 1 plays Symbiosis on its first turn; seat 0 is asked whether to respond.
    output = doomlings_at_the_table(tmp_path, "1\n1\n", "--no-auto-pass")
    prompt_at = output.index("Player 1 played Symbiosis: respond?")
    assert "+2 for each trait of your least common color" in flat(output[prompt_at:])


def test_the_cards_a_prompt_names_are_found_whole_and_longest_first() -> None:
    spec = find_game("doomlings")
    book = CardBook(spec.title, spec.cards())
    named = [card["name"] for card in book.named_in("Player 2 played Apex Predator: respond?")]
    assert named == ["Apex Predator"]
    assert book.named_in("too late to respond") == []
    assert [c["name"] for c in book.named_in("Teeth, then Late")] == ["Teeth", "Late"]


def test_why_not_reads_the_viewers_hand() -> None:
    state = new_game("doomlings", 4, 1)
    view = state.view(0)
    assert why_not_playable(view, "Heroic") == (
        "Heroic cannot be played now: You can play this only with 3+ green traits in your pile."
    )
    assert why_not_playable(view, "play teeth") is None  # playable
    assert why_not_playable(view, "Symbiosis") is None  # not in this hand
