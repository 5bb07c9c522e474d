"""``doomtable score``: the World's End discard, Faith and late traits, solo boards and the
draw tie-break (issue 10, item 10). Totals worked from the printed cards."""

from __future__ import annotations

import json
import re

import pytest

from cli.test_score import score
from doomtable.games.doomlings.scoring import breakdown
from doomtable.games.doomlings.state import CARD
from doomtable.games.doomlings.tally import PlayerEntry, TallyError, board_from_entries


def test_the_only_candidate_is_discarded_by_pulse_event() -> None:
    # Ann's pile before World's End: Adorable (purple 4), Gills (blue 1). Pulse Event takes
    # her one purple trait: Ann 1. Bob: Bark 2 wins.
    code, output = score("-p", "Ann: Adorable, Gills", "-p", "Bob: Bark", "-c", "Pulse Event")
    assert code == 0, output
    assert "Ann discards Adorable (Pulse Event)." in output
    assert re.search(r"Ann: 1 point\b(?!s)", output), output  # one point, singular
    assert "Winner: Bob with 2 points" in output


def test_a_choice_of_discard_must_be_given() -> None:
    args = ["-p", "Bob: Bark", "-c", "Pulse Event"]
    code, output = score("-p", "Ann: Adorable, Nocturnal, Gills", *args)
    assert code == 1
    assert "Pulse Event makes Ann discard a purple trait: give discarded= one of " in output
    assert "Adorable, Nocturnal" in output
    # Nocturnal (3) goes: Adorable 4 + Gills 1.
    code, output = score("-p", "Ann: Adorable, Nocturnal, Gills; discarded=nocturnal", *args)
    assert code == 0, output
    assert "Ann discards Nocturnal (Pulse Event)." in output and "Winner: Ann with 5" in output
    code, output = score("-p", "Ann: Adorable, Gills; discarded=Gills", *args)
    assert code == 1 and "Ann cannot have discarded Gills: Ann could discard only Adorable" in (
        output
    )
    code, output = score("-p", "Ann: Gills; discarded=Gills", "-p", "Bob: Bark", "-c", "Ice Age")
    assert code == 1 and "Ice Age discards nothing" in output


def test_the_prompts_ask_which_trait_was_discarded() -> None:
    answers = "\n".join(
        ["Pulse Event", "2", "Ann", "Adorable, Nocturnal, Gills", "Bob", "Bark", "noct", ""]
    )
    code, output = score(input=answers)
    assert code == 0, output
    assert (
        "Ann, World's End (Pulse Event): discard a purple trait from your pile (Adorable, "
        "Nocturnal)" in " ".join(output.split())  # the prompt wraps at the console's width
    )
    assert "Winner: Ann with 5 points" in output


@pytest.mark.parametrize(
    "catastrophe",
    ["Glacial Meltdown", "Mass Extinction", "Mega Tsunami", "Nuclear Winter", "Pulse Event"],
)
def test_every_discard_catastrophe_discards(catastrophe: str) -> None:
    colour = {
        "Glacial Meltdown": "Gills",
        "Mass Extinction": "Bark",
        "Mega Tsunami": "Fangs",
        "Nuclear Winter": "Prepper",
        "Pulse Event": "Clever",
    }[catastrophe]
    state = board_from_entries(
        [PlayerEntry("Ann", (colour,)), PlayerEntry("Bob", ("Leaves",))], catastrophe
    )
    assert state.piles[0] == []
    assert colour in [CARD[c].name for c in state.discard]


def test_the_four_horsemen_take_a_trait_of_4_or_more() -> None:
    state = board_from_entries(
        [PlayerEntry("Ann", ("Adorable", "Gills")), PlayerEntry("Bob", ("Leaves",))],
        "The Four Horsemen",
    )
    assert [breakdown(state, p).face for p in (0, 1)] == [1, 1]


def test_traits_after_faith_keep_their_colour() -> None:
    # Faith turned Ann's blue traits red; Spiny came into the pile after, and stays blue:
    # Super Volcano's -1 per blue trait then counts it.
    ann = PlayerEntry("Ann", ("Faith", "Gills", "Spiny"), choices=(("Faith", "blue>red"),))
    late = PlayerEntry("Ann", ann.traits, choices=(("Faith", "blue>red"),), after_faith=("Spiny",))
    bob = PlayerEntry("Bob", ("Leaves",))
    all_red = breakdown(board_from_entries([ann, bob], "Super Volcano"), 0)
    one_blue = breakdown(board_from_entries([late, bob], "Super Volcano"), 0)
    assert (all_red.catastrophe, one_blue.catastrophe) == (0, -1)
    code, output = score(
        "-p",
        "Ann: Faith, Gills, Spiny; faith=blue>red; after_faith=Spiny",
        "-p",
        "Bob: Leaves",
        "-c",
        "Super Volcano",
        "--json",
    )
    assert code == 0, output
    assert json.loads(output)["players"][0]["breakdown"]["catastrophe"] == -1
    with pytest.raises(TallyError, match="came after Faith 2 times, but the pile holds 1"):
        board_from_entries(
            [
                PlayerEntry(
                    "Ann", ann.traits, choices=(("Faith", "blue>red"),), after_faith=("Spiny",) * 2
                )
            ],
            "Ice Age",
        )


def test_a_solo_genetic_mishap_board_is_scored() -> None:
    # Bark 2 + Gills 1; Ice Age hits no red trait.
    code, output = score("-p", "Ann: Bark, Gills", "-c", "Ice Age")
    assert code == 0, output
    assert "Solo score: 3 points" in output and "Winner" not in output


def test_the_draw_tie_break_decides_a_tie() -> None:
    # Bark 2 and Flight 2 tie under Ice Age; the draws (1 and 3) give Bob the win.
    tie = ["-c", "Ice Age"]
    code, output = score("-p", "Ann: Bark; draw=1", "-p", "Bob: Flight; draw=3", *tie, "--json")
    assert code == 0, output
    data = json.loads(output)
    assert data["winners"] == ["Bob"] and [p["tie_draw"] for p in data["players"]] == [1, 3]
    code, output = score("-p", "Ann: Bark; draw=1", "-p", "Bob: Flight", *tie)
    assert code == 1 and "Bob tied for the lead too: give their tie draw" in output
    code, output = score("-p", "Ann: Bark; draw=1", "-p", "Bob: Flight, Gills", *tie)
    assert code == 1 and "Bob leads alone with 3 points" in output
    answers = "\n".join(["Ice Age", "2", "Ann", "Bark", "Bob", "Flight", "y", "4", "2", ""])
    code, output = score(input=answers)
    assert code == 0, output
    assert "Tied at 2; the tie-break draws: Ann 4, Bob 2." in output
    assert "Winner: Ann with 2 points" in output
