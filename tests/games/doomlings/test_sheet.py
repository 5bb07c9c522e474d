"""The score sheet (``sheet.py``): the one scoring core of the CLI, the score page and the API.

Played games are read back off the table as boards (plain mappings, as a file or the page
holds them) and must score exactly as the engine scored them.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tally import _entries_of, _play_out, table_of_game

from doomtable.engine import new_game
from doomtable.games.doomlings import sheet
from doomtable.games.doomlings.data import TRAIT_OF
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import final_scores
from doomtable.games.doomlings.tally import (
    CLASSIC,
    DISCARD_COUNT_KEYS,
    WORLDS_END,
    PlayerEntry,
    Table,
    TallyError,
    discard_kinds,
    trait_index,
)

SEEDS = int(os.environ.get("SHEET_SEEDS", "24"))


def board_of(
    entries: list[PlayerEntry],
    catastrophe: str,
    table: Table = CLASSIC,
    discard_counted: bool = False,
) -> dict[str, Any]:
    """The board mapping a person would enter for ``entries``: only the keys that are set;
    with ``discard_counted``, the discard pile as its three counts rather than its traits."""
    players = []
    for e in entries:
        fields: dict[str, Any] = {"name": e.name, "traits": list(e.traits)}
        if e.hand:
            fields["hand"] = list(e.hand)
        for key in (
            "hand_size",
            "gene_pool",
            "deus",
            "face_down",
            "meaning_draw",
            "catastrophe_points",
        ):
            if getattr(e, key) is not None:
                fields[key] = getattr(e, key)
        if e.after_faith:
            fields["after_faith"] = list(e.after_faith)
        if e.under:
            fields["under"] = list(e.under)
        if e.meanings:  # as a person writes them: "meaning: The Warbler"
            fields["meaning"] = ", ".join(e.meanings)
        if e.pocketed:
            fields["pocketed"] = list(e.pocketed)
        if e.attached:  # as a person writes them: "GMO on Bark, ..."
            fields["attached"] = ", ".join(f"{a} on {h}" for a, h in e.attached)
        for question, answer in e.choices:  # as the old fields name them: sentience=red
            fields["discarded" if question == WORLDS_END else question.casefold()] = answer
        if e.tie_draw is not None:
            fields["draw"] = e.tie_draw
        players.append(fields)
    board: dict[str, Any] = {"catastrophe": catastrophe, "players": players}
    if table != CLASSIC:
        board.update(sets=list(table.sets), edition=table.edition)
    if discard_counted:
        board["discard"] = discard_counts(table.discard)
    elif table.discard:
        board["discard"] = list(table.discard)
    if table.top_card is not None:
        board["top_card"] = table.top_card
    return board


def discard_counts(traits: tuple[str, ...]) -> dict[str, int]:
    """How many of ``traits`` are dominant, have a negative face value, are Dinolings, as
    scoring counts a card of each design in the discard pile (the copies of a design agree)."""
    fresh = new_game("doomlings", 2, seed=0)  # no Opposable Thumbs copies anything yet
    assert isinstance(fresh, DoomlingsState)
    first_card = {trait: TRAIT_OF.index(trait) for trait in set(TRAIT_OF)}
    kinds = [discard_kinds(fresh, first_card[trait_index(name)]) for name in traits]
    return {key: sum(need in k for k in kinds) for need, key in DISCARD_COUNT_KEYS.items()}


@pytest.mark.parametrize(
    ("game_name", "sets"),
    [("doomlings", "base"), ("doomlings-blackbox", "base"), ("doomlings-blackbox", "all")],
)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_played_games_score_the_same_through_the_sheet(
    seed: int, game_name: str, sets: str
) -> None:
    game = _play_out(1 + seed % 6, seed, game_name, sets)
    if game.final_doom < 0:
        pytest.skip("the traits ran out before the 3rd catastrophe")
    # Every other game gives the discard pile as counts, the others name its traits.
    board = board_of(*_entries_of(game), table_of_game(game), discard_counted=seed % 2 == 1)
    result = sheet.sheet(board)
    assert result["error"] is None, result["error"]
    report = result["report"]
    # The players are entered in turn order from the first player, each named P<seat>.
    scores = {p["name"]: p["score"] for p in report["players"]}
    assert [scores[f"P{p}"] for p in range(game.players)] == final_scores(game)
    assert sorted(report["winners"]) == sorted(f"P{p}" for p in game.winners())
    assert sheet.score_board(board) == report
    # The face values listed card by card add up to the face step of each breakdown.
    for faces, player in zip(result["faces"], report["players"], strict=True):
        assert [f["card"] for f in faces] == player["traits"]
        assert sum(f["points"] for f in faces) == player["breakdown"]["face"]


def test_sheet_says_what_the_cards_need() -> None:
    board: dict[str, Any] = {
        "catastrophe": "Mega Tsunami",
        "players": [
            {"name": "Ann", "traits": "Fortunate, Sentience, Antlers, Fangs"},
            {"name": "Bob", "traits": "Saudade, Altruistic"},
        ],
    }
    result = sheet.sheet(board)
    assert result["report"] is None
    assert result["error"] == "Ann's pile counts the hand: give Ann's hand size"
    assert result["needs"] == [["HAND_SIZE"], ["GENE_POOL", "HAND_CARDS", "HAND_SIZE"]]
    # The World's End questions are asked before the facts are all given.
    keys = [[q["key"] for q in questions] for questions in result["questions"]]
    assert keys == [["Sentience", "World's End"], []]
    board["players"][0].update(hand=2, sentience="blue")
    board["players"][1].update(hand="Bark, Gills", gene_pool=6)
    # Mega Tsunami discards a red trait: Ann has two different ones, so she must say which.
    result = sheet.sheet(board)
    assert result["error"] == (
        "Mega Tsunami makes Ann discard a red trait: give discarded= one of Antlers, Fangs"
    )
    sentience, discard = result["questions"][0]
    assert sentience == {
        "player": 0,
        "key": "Sentience",
        "prompt": "Sentience: name a color",
        "options": ["color blue", "color green", "color purple", "color red", "none"],
        "short": ["blue", "green", "purple", "red", "none"],
        "answer": "color blue",
        "optional": False,
    }
    assert discard["key"] == WORLDS_END and discard["answer"] is None
    assert discard["prompt"] == "World's End (Mega Tsunami): discard a red trait from your pile"
    assert discard["short"] == ["Antlers", "Fangs"]
    board["players"][0]["discarded"] = "Fangs"
    report = sheet.sheet(board)["report"]
    ann = report["players"][0]
    assert ann["discarded"] == "Fangs"
    assert ann["choices"] == {
        "Sentience": "color blue",
        WORLDS_END: "discard Fangs from Ann's pile",
    }
    assert ann["traits"] == ["Fortunate", "Sentience", "Antlers"]


def test_bad_boards_are_one_line() -> None:
    assert sheet.sheet([1, 2])["error"] == "board: expected a mapping with catastrophe and players"
    assert sheet.sheet({"players": {"Ann": 5}})["error"] == (
        "board: each player's fields must be a mapping (traits, ...)"
    )
    missing = sheet.sheet({"players": [{"name": "Ann", "traits": "Bark"}]})
    assert missing["error"] == "choose the catastrophe that ended the world"
    assert missing["needs"] == [[]]
    unknown = sheet.sheet({"catastrophe": "Ice Age", "players": [{"name": "A", "traits": "Qqqq"}]})
    assert unknown["error"] == "unknown card 'Qqqq'"
    with pytest.raises(TallyError, match="board: no catastrophe"):
        sheet.score_board({"players": []})


def test_catalog_is_the_games_card_list() -> None:
    from doomtable.games.doomlings.data import AGES, TRAITS

    catalog = sheet.catalog()
    assert [t["name"] for t in catalog["traits"]] == [t.name for t in TRAITS]
    assert [c["name"] for c in catalog["catastrophes"]] == [a.name for a in AGES if a.catastrophe]
    assert catalog["colors"] == ["blue", "green", "purple", "red", "none"]
    assert catalog["gene_pool"] == [1, 8, 5]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-50, 50)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.dictionaries(
    st.sampled_from([*sheet.KEYS, "Hand-Size", "bogus"]),
    JSON | st.sampled_from(["Bark", "Kidney x3", "red", "red>blue", "yes", "3", "Sentience"]),
    max_size=5,
)
BOARDS = st.fixed_dictionaries(
    {"players": st.lists(FIELDS, max_size=4) | JSON},
    optional={"catastrophe": st.sampled_from(["Ice Age", "Pulse Event", "Deus Ex Machina"]) | JSON},
)


@settings(max_examples=300, deadline=None)
@given(board=BOARDS | JSON)
def test_any_json_is_scored_or_refused_in_one_line(board: Any) -> None:
    result = sheet.sheet(board)
    assert (result["report"] is None) != (result["error"] is None)
    if result["error"] is not None:
        assert "\n" not in result["error"] and result["error"]


def test_expansion_fields_of_a_board() -> None:
    # As test_tally's hand-worked board: GMO on Bark, 2 face-down cards under Untold, and the
    # discard pile Serrated Teeth counts (Heroic, Faith: 2 dominants).
    board: dict[str, Any] = {
        "catastrophe": "Ice Age",
        "sets": "techlings, deeplings, dinolings",
        "discard": "Heroic, Faith, Fangs",
        "players": [
            {
                "name": "Ann",
                "traits": "GMO, Bark, Leaves, Untold",
                "attached": "GMO on Bark",
                "face-down": 2,
                "under": "Untold x2",
            },
            {"name": "Bob", "traits": "Telescopic Eyes, Serrated Teeth"},
        ],
    }
    report = sheet.score_board(board)
    assert [p["score"] for p in report["players"]] == [4, 4]
    board["players"][0]["attached"] = "GMO"
    with pytest.raises(TallyError, match="'GMO' is not 'attachment on host'"):
        sheet.score_board(board)
    board["players"][0]["attached"] = [["GMO", "Bark"]]
    board["discard"] = 3
    with pytest.raises(TallyError, match="the discard pile is a list of card names"):
        sheet.score_board(board)


def test_the_discard_pile_may_be_given_as_the_counts_its_cards_read() -> None:
    # Ann: Serrated Teeth (red -1, +1 per dominant in the discard pile: 3) and Cranial Crest
    # (colourless 1, +1 per 3 traits of negative face value there: 7 // 3 = 2); Ice Age takes
    # 1 for her red trait: -1 + 3 + 1 + 2 - 1 = 4. Bob: Tiny Arms (red -1, +1 per Dinolings
    # trait there: 5), Bark 2, Ice Age -1: 5.
    board: dict[str, Any] = {
        "catastrophe": "Ice Age",
        "sets": "dinolings",
        "discard": {"dominants": 3, "negative": 7, "dinolings": 5},
        "players": [
            {"name": "Ann", "traits": "Serrated Teeth, Cranial Crest"},
            {"name": "Bob", "traits": "Tiny Arms, Bark"},
        ],
    }
    result = sheet.sheet(board)
    assert result["needs"] == [["DISCARD_DOMINANTS", "DISCARD_NEGATIVE"], ["DISCARD_DINOLINGS"]]
    ann, bob = result["report"]["players"]
    assert ann["breakdown"]["bonuses"] == [
        {"card": "Serrated Teeth", "points": 3},
        {"card": "Cranial Crest", "points": 2},
    ]
    assert bob["breakdown"]["bonuses"] == [{"card": "Tiny Arms", "points": 5}]
    assert (ann["score"], bob["score"]) == (4, 5)
    # The counts read apart: 3 dominants added no negative or Dinolings card.
    board["discard"] = "dominants=3"
    ann, bob = sheet.score_board(board)["players"]
    assert ann["breakdown"]["bonuses"][1] == {"card": "Cranial Crest", "points": 0}
    assert bob["breakdown"]["bonuses"] == [{"card": "Tiny Arms", "points": 0}]
    # The same pile by its traits scores the same: Heroic and Faith are the 2 dominants.
    board["discard"] = {"Dominant": 2}
    counted = sheet.score_board(board)
    board["discard"] = "Heroic, Faith, Fangs"
    assert sheet.score_board(board) == counted


@pytest.mark.parametrize(
    ("discard", "message"),
    [
        ({"blue": 2}, "board: discard: unknown count 'blue'; the counts are dominants, negative, "),
        ("dominants=x", "board: discard: dominants must be a whole number, not 'x'"),
        ({"negative": -1}, "board: discard: traits with a negative face value: a count from 0"),
        ("dominants=2, dominants=3", "board: discard: dominant traits are counted twice"),
        ("dominants=2, Heroic", "board: discard: 'Heroic' is not a count, as in dominants=2"),
        (
            {"dinolings": 40},
            # The set's 21 Dinolings cards, less the Tiny Arms in Ann's pile.
            "the discard pile cannot hold 40 Dinolings traits: only 20 are left once the piles",
        ),
    ],
)
def test_bad_discard_counts_say_what_is_wrong(discard: object, message: str) -> None:
    board = {
        "catastrophe": "Ice Age",
        "sets": "dinolings",
        "discard": discard,
        "players": [{"name": "Ann", "traits": "Tiny Arms"}, {"name": "Bob", "traits": "Bark"}],
    }
    with pytest.raises(TallyError) as error:
        sheet.score_board(board)
    assert str(error.value).startswith(message)


def test_the_report_names_the_readings_applied_for_sparkles_and_face_down_cards() -> None:
    # Ann: Sparkles (purple 4), Tiny (blue 17, -1 per trait: Sparkles, Tiny, the 2 hand
    # cards and the face-down card) = 21 - 5 = 16. Bob: Bark 2.
    board = {
        "catastrophe": "Ice Age",
        "sets": "base, overlush, deeplings",
        "players": [
            {"name": "Ann", "traits": "Sparkles, Tiny", "hand": "Leaves, Fangs", "face_down": 1},
            {"name": "Bob", "traits": "Bark"},
        ],
    }
    ann, bob = sheet.score_board(board)["players"]
    assert (ann["score"], bob["score"]) == (16, 2)
    assert ann["readings"] == [
        "Sparkles: the hand's 2 cards counted with the pile by every bonus that counts the "
        "pile's own traits",
        "1 face-down card counted as a trait of the pile (for counts of traits), worth nothing",
    ]
    assert bob["readings"] == []


def test_worlds_end_points_are_named_by_source() -> None:
    # Deus Ex Machina: each player adds the face value drawn (Ann 3, Bob 0); Ann's Lily Pad
    # took 2 traits back into her hand (+2). Ann: Lily Pad 2 + 3 + 2 = 7; Bob: Bark 2.
    board = {
        "catastrophe": "Deus Ex Machina",
        "sets": "overlush",
        "players": [
            {"name": "Ann", "traits": "Lily Pad", "lily_pad": 2, "hand": 2, "deus": 3},
            {"name": "Bob", "traits": "Bark", "deus": 0},
        ],
    }
    ann, bob = sheet.score_board(board)["players"]
    assert (ann["score"], ann["breakdown"]["worlds_end"]) == (7, 5)
    assert ann["worlds_end_points"] == [
        {"source": "Lily Pad", "points": 2},
        {"source": "Deus Ex Machina", "points": 3},
    ]
    assert bob["worlds_end_points"] == []


def test_worlds_end_points_of_an_opposable_thumbs_copy_name_the_copy() -> None:
    # Ann: Lily Pad 2 + Opposable Thumbs as Lily Pad 2, which took 2 and 1 traits back: 7.
    board = {
        "catastrophe": "Ice Age",
        "sets": "overlush",
        "players": [
            {
                "name": "Ann",
                "traits": "Lily Pad, Opposable Thumbs",
                "hand": 3,
                "choices": {"Lily Pad": "2", "Opposable Thumbs (as Lily Pad)": "1"},
            },
            {"name": "Bob", "traits": "Bark"},
        ],
    }
    ann, _ = sheet.score_board(board)["players"]
    assert ann["score"] == 7
    assert ann["worlds_end_points"] == [
        {"source": "Lily Pad", "points": 2},
        {"source": "Opposable Thumbs (as Lily Pad)", "points": 1},
    ]


def test_a_line_break_inside_a_card_name_is_read_or_refused_in_one_line() -> None:
    board: dict[str, Any] = {"catastrophe": "Ice Age", "players": [{"traits": "Ba\nrk"}]}
    assert sheet.sheet(board)["report"]["players"][0]["traits"] == ["Bark"]  # forgiving
    board["players"][0]["traits"] = "Qq\nqq, Bark"
    assert sheet.sheet(board)["error"] == "unknown card 'Qq\\nqq'"


def test_sheet_asks_the_top_card_and_the_silent_elders_points() -> None:
    board: dict[str, Any] = {
        "catastrophe": "Too Much Pink",
        "sets": ["base", "overlush", "glitterlings", "meaning_of_life"],
        "players": [
            {"name": "Ann", "traits": "Bark, Gills", "meaning": "The Silent Elder"},
            {"name": "Bob", "traits": "Fangs"},
        ],
    }
    result = sheet.sheet(board)
    assert result["needs"] == [["MEANING_DRAW", "TOP_CARD"], ["TOP_CARD"]]
    assert result["error"] == (
        "Ann's The Silent Elder draws 5 cards: give meaning_draw= (the points they scored)"
    )
    board["players"][0]["meaning_draw"] = 7
    board["top_card"] = "Leaves"  # green: Ann's Bark +1
    result = sheet.sheet(board)
    assert result["error"] is None
    ann = result["report"]["players"][0]
    assert ann["meanings"] == ["The Silent Elder"]
    assert ann["score"] == 2 + 1 + 1 + 7
    # Blackbox: the traits act after Too Much Pink, so what it counted may be given (+3).
    board["edition"] = "blackbox"
    board["players"][0]["catastrophe_points"] = 3
    result = sheet.sheet(board)
    assert result["needs"][1] == ["CATASTROPHE_POINTS", "TOP_CARD"]
    assert result["report"]["players"][0]["score"] == 2 + 1 + 3 + 7
    catalog = sheet.catalog()
    dragon = next(m for m in catalog["meanings"] if m["name"] == "The Blind Dragon")
    assert (dragon["set"], dragon["draws_more"]) == ("overlush", 2)
    assert {"name": "Izzy", "set": "trinkets", "value": 5}.items() <= next(
        t for t in catalog["trinkets"] if t["name"] == "Izzy"
    ).items()
