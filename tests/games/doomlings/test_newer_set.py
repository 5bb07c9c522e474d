"""The newer ages (2025, unverified) beyond their scenarios: each card's definition and text,
the Slumbering ruling, and the calculator's entries for the newer catastrophes."""

from __future__ import annotations

import pytest

from doomtable.games.doomlings.cards import Age, AgeRule
from doomtable.games.doomlings.data import TRAIT_INDEX
from doomtable.games.doomlings.scoring import breakdown
from doomtable.games.doomlings.sets import newer
from doomtable.games.doomlings.sheet import entry_from_fields
from doomtable.games.doomlings.tally import (
    WORLDS_END,
    PlayerEntry,
    Table,
    TallyError,
    board_from_entries,
)

TECH = Table(sets=("base", "newer", "techlings"))
MYTH = Table(sets=("base", "newer", "mythlings"))


@pytest.mark.parametrize("age", newer.SET.ages, ids=lambda a: a.name)
def test_every_age_and_catastrophe_has_its_effects_and_text(age: Age) -> None:
    assert age.text.endswith(".")
    if age.catastrophe:
        assert age.effect is not None and age.doom is not None and age.gene_pool == -1
        assert age.doom_text.endswith(".")
        assert age.rule is AgeRule.NONE
    else:
        assert age.rule is not AgeRule.NONE and age.effect is None and age.doom is None


def test_the_set_holds_8_ages_and_4_catastrophes_and_no_trait() -> None:
    assert sum(1 for a in newer.SET.ages if not a.catastrophe) == 8
    assert sum(1 for a in newer.SET.ages if a.catastrophe) == 4
    assert newer.SET.traits == ()


def test_no_slumbering_card_exists_so_the_slumber_clause_never_applies() -> None:
    # docs/rulings.md: Thousand-Year Slumber's "If you play Slumbering" names a card no set has
    for name in ("slumbering", "gentle", "sorcerer", "chronomancer", "steam-powered"):
        assert name not in TRAIT_INDEX
    slumber = next(a for a in newer.SET.ages if a.rule is AgeRule.SLUMBER)
    assert "no such card is in the game" in slumber.text


def test_planned_obsolescence_discards_the_two_attachments_named() -> None:
    ann = PlayerEntry(
        "Ann", ("GMO", "Cybernetic", "Lyonization", "Bark"), choices=((WORLDS_END, "GMO, Lyon"),)
    )
    bob = PlayerEntry("Bob", ("Mecha", "Fear"))
    board = board_from_entries([ann, bob], "Planned Obsolescence", TECH)
    assert sorted(board.card_name(c) for c in board.piles[0]) == ["Bark", "Cybernetic"]
    # Bob's one attachment goes without a question
    assert [board.card_name(c) for c in board.piles[1]] == ["Fear"]
    assert breakdown(board, 0).face == 3 and breakdown(board, 1).face == 1


def test_planned_obsolescence_asks_for_the_second_attachment_too() -> None:
    ann = PlayerEntry("Ann", ("GMO", "Cybernetic", "Lyonization"), choices=((WORLDS_END, "GMO"),))
    with pytest.raises(
        TallyError,
        match="Planned Obsolescence makes Ann discard an attachment: give discarded= one of "
        "Cybernetic, Lyonization",
    ):
        board_from_entries([ann, PlayerEntry("Bob", ("Fear",))], "Planned Obsolescence", TECH)


def test_more_discards_named_than_made_are_refused() -> None:
    ann = PlayerEntry("Ann", ("GMO", "Bark"), choices=((WORLDS_END, "GMO, Bark"),))
    with pytest.raises(
        TallyError,
        match="2 discarded traits are given for Ann, but Planned Obsolescence discarded 1 of Ann's",
    ):
        board_from_entries([ann, PlayerEntry("Bob", ("Fear",))], "Planned Obsolescence", TECH)


def test_blackbox_planned_obsolescence_takes_no_attachment_played_after_it() -> None:
    # Blackbox: the catastrophe acts before the World's End traits. Ann's Lyonization (green 1)
    # was played after it, on Bark (green 2): discarded=none keeps it, 3. Unanswered, the one
    # attachment entered is the one discarded: 2.
    blackbox = Table(sets=TECH.sets, edition="blackbox")
    ann = PlayerEntry(
        "Ann",
        ("Bark", "Lyonization"),
        attached=(("Lyonization", "Bark"),),
        choices=((WORLDS_END, "none"),),
    )
    bob = PlayerEntry("Bob", ("Fear",))
    board = board_from_entries([ann, bob], "Planned Obsolescence", blackbox)
    assert sorted(board.card_name(c) for c in board.piles[0]) == ["Bark", "Lyonization"]
    assert breakdown(board, 0).total == 3
    plain = PlayerEntry("Ann", ann.traits, attached=ann.attached)
    unanswered = board_from_entries([plain, bob], "Planned Obsolescence", blackbox)
    assert breakdown(unanswered, 0).total == 2
    # "Lyonization, none": it took Lyonization, then found no more; Nano (worth its host's
    # face value) came after. Bark 2 + Nano 2 = 4.
    later = PlayerEntry(
        "Ann",
        ("Bark", "Lyonization", "Nano"),
        attached=(("Lyonization", "Bark"), ("Nano", "Bark")),
        choices=((WORLDS_END, "Lyonization, none"),),
    )
    board = board_from_entries([later, bob], "Planned Obsolescence", blackbox)
    assert sorted(board.card_name(c) for c in board.piles[0]) == ["Bark", "Nano"]
    assert breakdown(board, 0).total == 4
    # Classic: the traits act first, so the catastrophe found the attachment in the pile.
    with pytest.raises(TallyError, match="Ann cannot have discarded none"):
        board_from_entries([ann, bob], "Planned Obsolescence", TECH)


def test_a_board_file_lists_the_discards() -> None:
    entry = entry_from_fields(
        "Ann", {"traits": "GMO, Nano, Bark", "discarded": ["GMO", "Nano"]}, "Ann"
    )
    assert entry.choices == (("World's End", "GMO, Nano"),)


def test_discovery_of_magic_adds_the_mythlings_held() -> None:
    ann = PlayerEntry("Ann", ("Bark",), hand=("Icy", "Destined", "Diaphanous Wings", "Gills"))
    bob = PlayerEntry("Bob", ("Fear",), hand_size=0)
    board = board_from_entries([ann, bob], "Discovery of Magic", MYTH)
    assert breakdown(board, 0).catastrophe == 3 + 4 - 1
    assert breakdown(board, 1).catastrophe == 0


@pytest.mark.parametrize(
    ("bob", "message"),
    [
        (PlayerEntry("Bob", ("Fear",)), "Discovery of Magic counts the hand: give Bob's hand size"),
        (
            PlayerEntry("Bob", ("Fear",), hand=("Icy",), hand_size=2),
            "Discovery of Magic adds the Mythlings in Bob's hand: name all 2 hand cards",
        ),
    ],
)
def test_discovery_of_magic_needs_every_hand_card(bob: PlayerEntry, message: str) -> None:
    ann = PlayerEntry("Ann", ("Bark",), hand_size=0)
    with pytest.raises(TallyError, match=message):
        board_from_entries([ann, bob], "Discovery of Magic", MYTH)
