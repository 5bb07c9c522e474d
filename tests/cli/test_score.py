"""``doomtable score``: flags, files, prompts, JSON, and bad boards (totals worked by hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doomtable.cli.app import app
from doomtable.cli.score_commands import expand, parse_player

runner = CliRunner()

ANN = "Ann: Kidney x3, Symbiosis, Pack Behavior"
BOB = "Bob: Bark, Fortunate; hand=4"

GAME_YAML = """\
catastrophe: Ice Age
players:
  - name: Ann
    traits: [Viral, Heroic, Bark, Leaves, Woody Stems, Deep Roots]
    viral: red
    hand: 2
  - name: Bob
    traits: Kidney x2, Fangs, Faith, Denial
    faith: red > blue
    denial: yes
  - name: Cy
    traits: [Camouflage, Antlers, Quick, Sentience]
    hand: [Gills, Spiny]
    gene_pool: 6
    sentience: red
"""


def score(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["score", *args], input=input)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), result.exception
    return result.exit_code, result.output


def test_flags_score_step_by_step() -> None:
    # Ann: face 6, Kidneys 3 x 3, Symbiosis +4, Pack Behavior +2, Grey Goo -5 = 16.
    # Bob: Bark 2 + Fortunate (4 cards in hand) = 6.
    code, output = score("-p", ANN, "-p", BOB, "-c", "grey goo")
    assert code == 0, output
    assert "Ann: 16 points" in output and "Bob: 6 points" in output
    lines = [" ".join(line.split()) for line in output.splitlines()]
    for row in (
        "catastrophe (Grey Goo) -5",
        "face values +6",
        "Kidney ×3 +9",
        "Symbiosis +4",
        "Pack Behavior +2",
        "Fortunate +4",
    ):
        assert row in lines, output
    assert "Winner: Ann with 16 points" in output


def test_typos_are_forgiven() -> None:
    code, output = score(
        "-p", "Ann: kidny x3, symbiosys, pack behaviour", "-p", BOB, "-c", "gray goo"
    )
    assert code == 0, output
    assert "Ann: 16 points" in output


def test_file_yaml_with_world_end_choices(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME_YAML)
    code, output = score(str(path))
    assert code == 0, output
    # Worked in tests/games/doomlings/test_tally.py: Viral, Faith, Sentience and Denial.
    assert "Ann: 15 points" in output and "Bob: 13 points" in output and "Cy: 7 points" in output
    assert "Viral (Ann's)" in output
    assert "Winner: Ann with 15 points" in output


def test_json_file_and_json_output(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps(
            {
                "catastrophe": "Deus Ex Machina",
                "players": {
                    "Ann": {"traits": ["Leaves"], "deus": 5},
                    "Bob": {"traits": "Bark, Gills", "deus": 4},
                },
            }
        )
    )
    code, output = score(str(path), "--json")
    assert code == 0, output
    data = json.loads(output)
    assert data["catastrophe"] == data["worlds_end"] == "Deus Ex Machina"
    assert [p["score"] for p in data["players"]] == [6, 7]
    assert data["players"][1]["breakdown"] == {
        "catastrophe": 0,
        "face": 3,
        "bonuses": [],
        "worlds_end": 4,
        "opponents": [],
        "total": 7,
    }
    assert data["winners"] == ["Bob"]


def test_json_names_the_owner_of_opponents_cards(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME_YAML)
    code, output = score(str(path), "--json")
    assert code == 0, output
    cy = json.loads(output)["players"][2]
    assert cy["breakdown"]["opponents"] == [{"card": "Viral", "points": -3, "owner": "Ann"}]
    assert cy["hand"] == ["Gills", "Spiny"] and cy["hand_size"] == 2 and cy["gene_pool"] == 6


def test_tie_lists_every_winner() -> None:
    # Ann: Bark 2. Bob: Appealing 3, Confusion -2, Fear 1 = 2.
    code, output = score("-p", "Ann: Bark", "-p", "Bob: Appealing, Confusion, Fear", "-c", "Ice")
    assert code == 0, output
    assert "Tie: Ann, Bob with 2 points each" in output


def test_prompts_ask_again_with_suggestions() -> None:
    answers = "\n".join(
        [
            "Age of Peace",  # refused: an age
            "grey goo",
            "2",
            "Ann",
            "kidney x3, symbiosis, selfish, pack behavior",
            "Bob",
            "Saudade, Bark, Sentience, Tiny, self",  # 'self' is ambiguous
            "Self-Awareness",
            "Gils, Fangs",  # Bob's hand, for Saudade
            "blue",  # Sentience
            "",
        ]
    )
    code, output = score(input=answers)
    assert code == 0, output
    assert "Age of Peace is an age, not a catastrophe" in output
    assert "did you mean Self-Awareness, Self-Replicating, Selfish?" in output
    # Ann: Kidney x3 (red, worth 3 each), Symbiosis 3, Selfish 1, Pack Behavior 3: face 7,
    # Kidneys +9; least common colour purple (1) -> Symbiosis +2; one red and one green pair
    # -> +2. Grey Goo: Ann has the most traits (6 to 5) -> -5. 7 + 9 + 2 + 2 - 5 = 15.
    assert "Ann: 15 points" in output
    # Bob: Saudade 1 + Bark 2 + Sentience 2 + Tiny 17 + Self-Awareness -1 = 21; Saudade: blue
    # and red in hand +2; Sentience blue: Tiny +1; Tiny -5 (5 traits). = 19.
    assert "Bob: 19 points" in output
    assert "Winner: Bob with 19 points" in output


def test_prompts_re_ask_a_pile_with_too_many_copies() -> None:
    answers = "Ice Age\n2\nAnn\nKidney x7\nKidney x2\nBob\nBark\n"
    code, output = score(input=answers)
    assert code == 0, output
    assert "Kidney is entered 7 times; the deck has only 6 copies" in output
    # Ann: 2 Kidneys worth 2 each, Ice Age -1 per red: 2. Bob: Bark 2.
    assert "Ann: 2 points" in output and "Tie: Ann, Bob with 2 points each" in output


def test_prompts_that_end_early_fail_cleanly() -> None:
    code, output = score(input="grey goo\n")
    assert code == 1
    assert "error: the input ended before the board was complete" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "Ann: Kidney x7", "-p", BOB], "Kidney is entered 7 times; the deck has only 6"),
        (["-p", "Ann: Kidnap", "-p", BOB], "unknown card 'Kidnap'; did you mean Kidney"),
        (["-p", "Ann: self", "-p", BOB], "card 'self' is ambiguous: did you mean Self-Awareness"),
        (["-p", ANN, "-p", BOB, "-c", "Eclipse"], "Eclipse is an age, not a catastrophe"),
        (["-p", "Ann: Leaves; gp=9", "-p", BOB], "Ann's Gene Pool is 9; it is always 1 to 8"),
        (["-p", "Ann: Leaves; gp=0", "-p", BOB], "Ann's Gene Pool is 0"),
        (["-p", "Ann: Tiny, Faith, Viral", "-p", BOB], "at most 2 without Heroic"),
        (["-p", "Ann: Leaves; hand=lots of", "-p", BOB], "unknown card 'lots of'"),
        (["-p", "Ann: Leaves; wings=2", "-p", BOB], "unknown key 'wings'"),
        (
            ["-p", "Ann: Sentience; sentience=pink", "-p", BOB],
            "Ann's Sentience: 'pink' is not one of blue, green, purple, red",
        ),
        (["-p", "Ann: Faith; faith=red", "-p", BOB], "Ann's Faith: 'red' is not one of pass"),
        (["-p", "Ann: Leaves", "-p", BOB, "-c", "Deus Ex Machina"], "give the value Ann drew"),
        ([*(x for i in range(9) for x in ("-p", f"P{i}: Bark"))], "1 to 8 players, not 9"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    if "-c" not in args:
        args = [*args, "-c", "Grey Goo"]
    code, output = score(*args)
    assert code == 1, output
    assert output.startswith("error: ") and message in output, output
    assert output.count("\n") == 1 and "Traceback" not in output


def test_missing_catastrophe_and_mixed_sources(tmp_path: Path) -> None:
    code, output = score("-p", ANN, "-p", BOB)
    assert code == 1 and "give the 3rd catastrophe with --catastrophe" in output
    path = tmp_path / "game.yaml"
    path.write_text(GAME_YAML)
    code, output = score(str(path), "-p", ANN)
    assert code == 1 and "not both" in output
    code, output = score(str(tmp_path / "nope.yaml"))
    assert code == 1 and output.startswith("error: ") and "nope.yaml" in output
    path.write_text("players: [1, 2]\ncatastrophe: Ice Age\n")
    code, output = score(str(path))
    assert code == 1 and "players must be a list of mappings" in output
    path.write_text("catastrophe: [unclosed\n")
    code, output = score(str(path))
    assert code == 1 and "not valid yaml" in output


def test_parsing_helpers() -> None:
    assert expand("2x Swarm, Kidney*2", "x") == ("Swarm", "Swarm", "Kidney", "Kidney")
    entry = parse_player("Heroic, Bark; hand=Gills, Fangs; faith=green -> red; denial=no", 3)
    assert entry.name == "Player 3" and entry.hand == ("Gills", "Fangs")
    assert entry.choices == (("Faith", "green -> red"), ("Denial", "no"))
