"""Intelligent Design at the table, and decisions with many choices: the variation is named,
the drafted deck shown, several picks go in one line, and long lists come a page at a time."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.render import Choices

runner = CliRunner()


def draft(tmp_path: Path, lines: str) -> str:
    args = ["play", "doomlings", "--variant", "intelligent-design", "-p", "2", "--seed", "1"]
    result = runner.invoke(app, [*args, "--save", str(tmp_path / "s.json")], input=lines)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_variation_is_named_in_the_header_and_in_rules(tmp_path: Path) -> None:
    output = draft(tmp_path, "rules\n")
    assert "Doomlings · Intelligent Design · Before round 1 · Era 1" in output
    assert (
        "This game's variation: Intelligent Design: draft your own 28-card trait deck "
        "(2-4 players)." in " ".join(output.split())
    )


def test_several_picks_in_one_line_and_the_drafted_deck_is_shown(tmp_path: Path) -> None:
    output = draft(tmp_path, "keep heroic, 1, late, teeth\n")
    assert "Your trait deck (4, shuffled):" in output
    after = output[output.index("Your trait deck (4, shuffled):") :]
    assert after.splitlines()[1].split() == ["G", "Heroic", "7", "★", "R", "Kidney", "?", "○",
                                             "Late", "1", "P", "Teeth", "1"]  # fmt: skip
    assert "Draft: keep 10 more cards for your trait deck" in output


def test_a_pick_that_cannot_be_made_makes_none(tmp_path: Path) -> None:
    output = draft(tmp_path, "keep heroic, 1, zzz\n")
    assert (
        "Choice 3 of 3 ('zzz') cannot be made: it matches no choice there. Nothing was chosen."
    ) in " ".join(output.split())
    assert "Your trait deck" not in output and "keep 13 more" not in output


def test_a_long_list_comes_a_page_at_a_time_numbered_as_a_whole(tmp_path: Path) -> None:
    output = draft(tmp_path, "more\n28\n")
    pages = [line for line in output.splitlines() if line.startswith("choices ")]
    assert pages[0].startswith("choices 1–16 of 28: type more for the next ones")
    assert pages[1].startswith("choices 17–28 of 28")
    assert "28. keep Immunity" in output
    assert "Your trait deck (1, shuffled):" in output  # "28" kept Immunity, off the first page
    assert output[output.index("Your trait deck (1") :].splitlines()[1].split()[1] == "Immunity"


def test_forty_one_choices_stay_within_their_rows() -> None:
    labels = [f"move Trait {n} from player {n % 4}'s pile" for n in range(41)]
    console = Console(width=80, height=24, record=True)
    with console.capture() as capture:
        console.print(Choices("Telekinetic: move which trait?", labels, most_rows=8))
    lines = capture.get().splitlines()
    assert len(lines) == 1 + 8 + 2  # the prompt, 8 rows of choices, the page line, the hint
    assert lines[9].startswith("choices 1–16 of 41")


def test_the_few_unlike_choices_are_on_every_page() -> None:
    labels = [f"put Card {n} next" for n in range(30)] + ["shuffle the rest", "auto-stack"]
    console = Console(width=80, height=24, record=True)
    pages = []
    for page in range(3):
        with console.capture() as capture:
            console.print(Choices("Stack your deck", labels, most_rows=6, page=page))
        pages.append(capture.get())
    for text in pages:
        assert "31. shuffle the rest" in text and "32. auto-stack" in text
    assert "1. put Card 0 next" in pages[0] and "1. put Card 0 next" not in pages[1]
