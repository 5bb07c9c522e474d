"""``doomtable score`` with card sets: ``--sets``, a board file's ``sets``, cards of a set not
in play, same-named designs, and World's End questions a set's card asks (Free Will)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.test_score import score
from doomtable.cli.app import app as cli_app
from doomtable.games.doomlings import tally
from doomtable.games.doomlings.cards import GREEN, RED, Trait
from doomtable.games.doomlings.tally import TallyError, design_label, trait_index

FREE_WILL = ["-p", "Ann: Free Will, Fangs; free will=red", "-p", "Bob: Bark, Leaves"]


def test_free_will_needs_its_set_and_asks_its_colour() -> None:
    code, output = score(*FREE_WILL, "-c", "Ice Age")
    assert code == 1
    assert output == (
        "error: Free Will is a card of Multi-Color (set multicolor), which is not among the "
        "sets in play (base)\n"
    )
    # Free Will (2) turned red, Fangs (red 1): Ice Age -2, so Ann 1; Bob 3.
    code, output = score(*FREE_WILL, "-c", "Ice Age", "--sets", "multicolor", "--json")
    assert code == 0, output
    data = json.loads(output)
    assert data["sets"] == ["base", "multicolor"] and data["edition"] == "classic"
    assert [p["score"] for p in data["players"]] == [1, 3]
    assert data["players"][0]["choices"] == {"Free Will": "color red"}
    code, output = score(
        "-p", "Ann: Free Will", "-p", "Bob: Bark", "-c", "ice age", "--sets", "all"
    )
    assert code == 1
    assert "Ann's Free Will asks 'name a color': give free_will= one of blue, green" in output


def test_the_prompts_ask_free_will_its_colour() -> None:
    answers = "\n".join(["Ice Age", "2", "Ann", "Free Will, Fangs", "Bob", "Bark", "red"])
    code, output = score("--sets", "multicolor", input=answers)
    assert code == 0, output
    flat = " ".join(output.split())
    assert "Ann, Free Will: name a color (blue, green, purple, red, none)" in flat
    assert "Winner: Bob with 2 points" in flat  # Ann: 3 - 2 (two red under Ice Age) = 1


def test_a_board_file_names_its_sets(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(
        "catastrophe: Ice Age\nsets: [multicolor]\nplayers:\n"
        "  Ann: {traits: 'Free Will, Fangs', free_will: blue}\n  Bob: {traits: Bark}\n"
    )
    code, output = score(str(path), "--json")
    assert code == 0, output
    assert [p["score"] for p in json.loads(output)["players"]] == [2, 2]
    code, output = score(str(path), "--sets", "base")  # the flag overrides the file
    assert code == 1 and "not among the sets in play (base)" in output
    path.write_text("catastrophe: Ice Age\nsets: [lunar]\nplayers: {Ann: {traits: Bark}}\n")
    code, output = score(str(path))
    assert code == 1
    assert f"{path}: card set 'lunar' is not one of base, multicolor" in output


def test_same_named_designs_are_told_apart_by_set_and_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A second Kidney (green, in a set "overlush"), as the expansions print them.
    traits = (*tally.TRAITS[:3], Trait("Kidney", GREEN, 1), Trait("Kidney", RED, 1))
    sets = ("base", "base", "base", "overlush", "base")
    monkeypatch.setattr(tally, "TRAITS", traits)
    monkeypatch.setattr(tally, "TRAIT_SET", sets)
    monkeypatch.setattr(tally, "SET_TITLES", {"base": "Classic", "overlush": "Overlush"})
    monkeypatch.setattr(tally, "SET_NAMES", ("base", "overlush"))
    monkeypatch.setattr(
        tally, "_NAME_COUNT", {t.name: 2 if t.name == "Kidney" else 1 for t in traits}
    )
    monkeypatch.setattr(tally, "TRAIT_NAMES", tuple(design_label(i) for i in range(5)))
    assert tally.TRAIT_NAMES[3:] == ("Kidney (Overlush, green)", "Kidney (Classic, red)")
    assert trait_index("kidney", ("base",)) == 4  # one Kidney in play: its name is enough
    assert trait_index("Kidney (Overlush, green)", ("base", "overlush")) == 3
    with pytest.raises(TallyError, match=r"'kidney' is ambiguous: did you mean Kidney \("):
        trait_index("kidney", ("base", "overlush"))
    with pytest.raises(TallyError, match=r"Kidney \(Overlush, green\) is a card of Overlush"):
        trait_index("Kidney (Overlush, green)", ("base",))


def test_the_blackbox_edition_adds_the_tie_draw_to_the_score() -> None:
    # Bark (green 2) and Migratory (blue 2) tie; they draw 3 and 1.
    board = ["-p", "Ann: Bark; draw=3", "-p", "Bob: Migratory; draw=1", "-c", "Ice Age", "--json"]
    code, output = score(*board, "--edition", "blackbox")
    assert code == 0, output
    data = json.loads(output)
    assert data["edition"] == "blackbox"
    assert [p["score"] for p in data["players"]] == [5, 3]
    assert data["players"][0]["breakdown"]["tie_draw"] == 3
    assert data["winners"] == ["Ann"]
    code, output = score(*board)  # Classic: the draws break the tie, the scores stay
    assert code == 0, output
    data = json.loads(output)
    assert [p["score"] for p in data["players"]] == [2, 2] and data["winners"] == ["Ann"]
    code, output = score(*board, "--edition", "deluxe")
    assert code == 1
    assert output == (
        "error: --sets/--edition: unknown edition 'deluxe': the editions are classic, blackbox\n"
    )


def test_blackbox_discards_for_the_catastrophe_before_faith_recolours() -> None:
    # Ann: Faith (colourless 4, dominant), Fangs (red 1), Gills (blue 1); Mega Tsunami
    # discards a red trait. Classic: Faith first turns Fangs blue, so nothing red is left to
    # discard: 4 + 1 + 1 = 6. Blackbox: the discard comes first and takes Fangs: 4 + 1 = 5.
    code, output = score(
        "-p",
        "Ann: Faith, Fangs, Gills; faith=red>blue",
        "-p",
        "Bob: Bark",
        "-c",
        "Mega Tsunami",
        "--json",
    )
    assert code == 0, output
    classic = json.loads(output)["players"][0]
    assert (classic["score"], classic["discarded"]) == (6, None)
    code, output = score(
        "-p",
        "Ann: Faith, Fangs, Gills",
        "-p",
        "Bob: Bark",
        "-c",
        "Mega Tsunami",
        "--json",
        "--edition",
        "blackbox",
    )
    assert code == 0, output
    blackbox = json.loads(output)["players"][0]
    assert (blackbox["score"], blackbox["discarded"]) == (5, "Fangs")


def test_the_breakdown_names_the_ai_takeover_reading() -> None:
    # AI Takeover: Mindful (colourless, face 0) is worth 2 without its +1 per colourless
    # trait; Faith is dominant and keeps 4. Ann: 2 + 4 = 6.
    code, output = score("-p", "Ann: Mindful, Faith", "-p", "Bob: Bark", "-c", "AI Takeover")
    assert code == 0, output
    assert "Ann: 6 points" in output
    assert (
        "(AI Takeover: Mindful counted as worth 2 (also for other cards' counts), without its "
        "effects)" in " ".join(output.split())
    )
    code, output = score(
        "-p", "Ann: Mindful, Faith", "-p", "Bob: Bark", "-c", "AI Takeover", "--json"
    )
    players = json.loads(output)["players"]
    assert [p["readings"] for p in players] == [
        [
            "AI Takeover: Mindful counted as worth 2 (also for other cards' counts), without "
            "its effects"
        ],
        [],
    ]


def test_a_board_file_with_attachments_face_down_cards_and_the_discard_pile(
    tmp_path: Path,
) -> None:
    # test_tally's hand-worked board: Ann 4, Bob 4 (GMO on Bark counts Bark and Leaves;
    # Untold counts its 2 face-down cards; Serrated Teeth the 2 dominants in the discard).
    path = tmp_path / "board.yaml"
    path.write_text(
        "catastrophe: Ice Age\nsets: [techlings, deeplings, dinolings]\n"
        "discard: Heroic, Faith, Fangs\nplayers:\n"
        "  Ann: {traits: 'GMO, Bark, Leaves, Untold', attached: GMO on Bark, face_down: 2,"
        " under: Untold x2}\n"
        "  Bob: {traits: 'Telescopic Eyes, Serrated Teeth'}\n"
    )
    code, output = score(str(path), "--json")
    assert code == 0, output
    assert [p["score"] for p in json.loads(output)["players"]] == [4, 4]
    # The same board by flags with no dominant in the discard pile: Serrated Teeth adds 0.
    flags = (
        "-p", "Ann: GMO, Bark, Leaves, Untold; attached=GMO on Bark; face_down=2; under=Untold x2",
        "-p", "Bob: Telescopic Eyes, Serrated Teeth",
        "-c", "Ice Age", "--sets", "techlings,deeplings,dinolings", "--json",
    )  # fmt: skip
    code, output = score(*flags, "--discard", "dominants=0")
    assert code == 0, output
    assert [p["score"] for p in json.loads(output)["players"]] == [4, 2]


def test_a_board_that_leaves_out_a_discard_count_a_card_reads_is_refused(tmp_path: Path) -> None:
    # Without the count, Serrated Teeth would score an empty discard pile without a word.
    flags = ("-p", "Ann: Bark", "-p", "Bob: Serrated Teeth, Cranial Crest", "-c", "Ice Age")
    code, output = score(*flags, "--sets", "dinolings")
    assert code == 1
    assert output == (
        "error: Bob's Serrated Teeth counts the dominant traits in the discard pile: give "
        "dominants=N (0 for none) with --discard\n"
    )
    # One count given, the other still missing: that one is named.
    code, output = score(*flags, "--sets", "dinolings", "--discard", "dominants=1")
    assert code == 1
    assert "Bob's Cranial Crest counts the traits with a negative face value" in output
    assert "give negative=N (0 for none)" in output
    # A file says where its own discard goes; an empty list is an empty pile.
    board = (
        "catastrophe: Ice Age\nsets: dinolings\nplayers:\n  Ann: {traits: Bark}\n"
        "  Bob: {traits: 'Serrated Teeth, Cranial Crest'}\n"
    )
    path = tmp_path / "board.yaml"
    path.write_text(board)
    code, output = score(str(path))
    assert code == 1 and f"(0 for none) under discard: in {path}, or with --discard" in output
    path.write_text(board + "discard: []\n")
    code, output = score(str(path), "--json")
    assert code == 0, output
    bob = json.loads(output)["players"][1]
    assert bob["breakdown"]["bonuses"] == [
        {"card": "Serrated Teeth", "points": 0},
        {"card": "Cranial Crest", "points": 0},
    ]
    assert bob["score"] == -1  # faces -1 and +1, Ice Age -1 for the red Serrated Teeth


def test_the_discard_pile_by_flag_and_at_the_prompts(tmp_path: Path) -> None:
    # The flags' board above with --discard: Serrated Teeth finds Heroic and Faith there.
    code, output = score(
        "-p", "Ann: GMO, Bark, Leaves, Untold; attached=GMO on Bark; face_down=2; under=Untold x2",
        "-p", "Bob: Telescopic Eyes, Serrated Teeth",
        "-c", "Ice Age", "--sets", "techlings,deeplings,dinolings",
        "--discard", "Heroic, Faith, Fangs", "--json",
    )  # fmt: skip
    assert code == 0, output
    assert [p["score"] for p in json.loads(output)["players"]] == [4, 4]
    code, output = score("-p", "Ann: Bark", "-c", "Ice Age", "--discard", "Herioc x2")
    assert code == 1 and "error: " in output and "Heroic" in output
    # Or by the counts the piles read: 2 dominants.
    code, output = score(
        "-p", "Ann: Serrated Teeth, Fangs", "-p", "Bob: Bark", "-c", "Ice Age",
        "--sets", "dinolings", "--discard", "dominants=2", "--json",
    )  # fmt: skip
    assert code == 0, output
    assert [p["score"] for p in json.loads(output)["players"]] == [0, 2]
    code, output = score("-p", "Ann: Bark", "-c", "Ice Age", "--discard", "dominant=2, red=1")
    assert code == 1 and "error: --discard: unknown count 'red'" in output
    # At the prompts the counts are asked once a pile reads them, only those. Ann: Serrated
    # Teeth -1, Fangs 1, both red under Ice Age (-2), +2 for the 2 dominants in the discard
    # pile: 0. Bob: Bark 2.
    answers = "Ice Age\n2\nAnn\nSerrated Teeth, Fangs\nBob\nBark\n2\n"
    result = CliRunner().invoke(cli_app, ["score", "--sets", "dinolings"], input=answers)
    assert result.exit_code == 0, result.output
    assert "How many dominant traits are in the discard pile, before World's End" in result.output
    assert "negative" not in result.output and "How many Dinolings" not in result.output
    assert "Ann: 0 points" in result.output and "Serrated Teeth           +2" in result.output
    assert "Winner: Bob with 2 points" in result.output
