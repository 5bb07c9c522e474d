"""``doomtable score`` and ``scenario`` against broken and hostile input (issue 11), and
several boards in one run (issue 10, item 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.score_commands import expand
from doomtable.games.doomlings.tally import TallyError
from doomtable.safe_yaml import YamlLimitError, load_yaml

runner = CliRunner()

LETTERS = "abcdefghi"
LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [
        f"{b}: &{b} [{', '.join(['*' + a] * 9)}]"
        for a, b in zip(LETTERS, LETTERS[1:], strict=False)
    ]
    + ["catastrophe: Ice Age", "players: *i"]
)
"""9**9 (387 million) 'lol's once expanded, in under 1 kB."""

BOARD = """\
catastrophe: Ice Age
players:
  Ann: {traits: Bark}
  Bob: {traits: [Leaves, Gills, Deep Roots]}
"""


def run(*args: str, input: str | bytes | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.output


def test_a_billion_laughs_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text(LAUGHS)
    code, output = run("score", str(path))
    assert code == 1 and output.count("\n") == 1, output
    assert "expands to more than" in output
    scenario = tmp_path / "laughs-scenario.yaml"
    scenario.write_text(LAUGHS.replace("players: *i", "game: doomlings\nsetup: *i"))
    code, output = run("scenario", str(scenario))
    assert code == 1 and "expands to more than" in output


def test_anchors_within_the_limit_still_work() -> None:
    data = load_yaml("a: &x [1, 2]\nb: *x\n", "t")
    assert data == {"a": [1, 2], "b": [1, 2]}
    with pytest.raises(YamlLimitError, match="refers to itself"):
        load_yaml("a: &x [1, *x]\n", "t")
    with pytest.raises(YamlLimitError, match="deep"):
        load_yaml("[" * 300 + "]" * 300, "t")


@pytest.mark.parametrize("command", ["score", "scenario"])
def test_a_binary_file_is_one_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    code, output = run(command, str(path))
    assert code == 1 and "binary file" in output and "Traceback" not in output
    if command == "score":
        assert output.startswith("error: ") and output.count("\n") == 1


@pytest.mark.parametrize("item", ["Kidney x-3", "Kidney x 1.5", "-3x Kidney", "Kidney x3x"])
def test_a_bad_count_is_an_error_not_one_card(item: str) -> None:
    with pytest.raises(TallyError, match="a count is a whole number from 1 to 20"):
        expand(item, "pile")
    code, output = run("score", "-p", f"Ann: {item}", "-p", "Bob: Bark", "-c", "Ice Age")
    assert code == 1 and "a count is a whole number" in output


def test_prompts_ask_again_when_a_hand_holds_a_card_from_another_pile() -> None:
    answers = "\n".join(
        [
            "Grey Goo",
            "2",
            "Ann",
            "Tiny",
            "Bob",
            "Saudade, Bark",
            "Tiny, Gills",  # Bob's hand: Tiny is Ann's (one copy in the deck)
            "Fangs, Gills",
            "",
        ]
    )
    code, output = run("score", input=answers)
    assert code == 0, output
    assert "Tiny is entered 2 times; the deck has only 1 copy" in output
    assert "Ann:" in output and "Bob:" in output


def test_several_files_and_standard_input_in_one_run(tmp_path: Path) -> None:
    first = tmp_path / "one.yaml"
    first.write_text(BOARD)
    second = tmp_path / "two.json"
    second.write_text(
        json.dumps({"catastrophe": "Ice Age", "players": {"Cy": {"traits": "Leaves"}, "Di": {}}})
    )
    broken = tmp_path / "three.yaml"
    broken.write_text("players: 3\n")
    code, output = run("score", str(first), "-", str(second), "--json", input=BOARD)
    assert code == 0, output
    boards = json.loads(output)
    assert [b["file"] for b in boards] == [str(first), "-", str(second)]
    assert boards[0]["winners"] == boards[1]["winners"] == ["Bob"]
    assert boards[2]["winners"] == ["Cy"]
    code, output = run("score", str(first), str(broken))
    assert code == 1
    assert "Winner: Bob" in output and "three.yaml: players must be a list" in output


def test_standard_input_alone() -> None:
    code, output = run("score", "-", input=BOARD)
    assert code == 0 and "Winner: Bob" in output


def test_a_large_plain_file_is_refused_before_it_is_all_parsed() -> None:
    text = "x:\n" + "  - [a, b, c]\n" * 20_000
    with pytest.raises(YamlLimitError, match="more than 50000 items"):
        load_yaml(text, "big.yaml")


def test_prompts_ask_meanings_trinkets_and_the_top_card() -> None:
    # Ann 22 and Bob 8, as docs/score.md's example: see tests/web/test_score_page.py.
    answers = "\n".join(
        [
            "Too Much Pink",
            "2",
            "Ann",
            "Awesome!, Bark, Leaves",
            "Bob",
            "Gills, Spiny",
            "Zebra",  # Ann's Meaning of Life card: unknown, asked again
            "The Warbler",
            "Glitter Pouch",  # Ann's pocketed trinkets
            "The Cabochon",
            "",  # Bob pocketed none
            "9",  # Awesome!'s points
            "Woody Stems",  # Too Much Pink's top card
            "",
        ]
    )
    code, output = run(
        "score", "--sets", "glitterlings,meaning_of_life,trinkets", "--json", input=answers
    )
    assert code == 0, output
    assert "unknown Meaning of Life card 'Zebra'" in output
    report = json.loads(output[output.index('{\n  "catastrophe"') :])
    assert [p["score"] for p in report["players"]] == [22, 8]
    assert report["players"][0]["meanings"] == ["The Warbler"]
    assert report["players"][0]["pocketed"] == ["Glitter Pouch"]
