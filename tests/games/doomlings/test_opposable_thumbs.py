"""Opposable Thumbs: "To play, you must have a dominant trait in your trait pile. Play this as
an exact copy of your other dominant now and for the rest of the game." (docs/rulings.md)"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from rich.console import Console

from doomtable.cli.render_doomlings import card_chip
from doomtable.engine import new_game
from doomtable.engine.registry import load_verified, saved_dict
from doomtable.games.doomlings import sheet
from doomtable.games.doomlings.cards import GREEN
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown
from doomtable.games.doomlings.state import CARD
from doomtable.games.doomlings.tally import TallyError
from doomtable.web.pages.doomlings import trait

OPPONENT = {"hand": ["Appealing", "Spiny", "Antlers", "Migratory", "Deep Roots"], "gene_pool": 5}


def table(traits: list[str], hand: list[str] | None = None) -> DoomlingsState:
    """A 2-player Overlush game, player 0 to play, holding Opposable Thumbs."""
    state = new_game("doomlings", 2, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    held = hand if hand is not None else ["Opposable Thumbs", "Gills", "Fear"]
    state.setup_scenario(
        {"players": {0: {"hand": held, "traits": traits, "gene_pool": 5}, 1: OPPONENT}}
    )
    return state


def card(state: DoomlingsState, name: str) -> int:
    return next(c for zone in (*state.piles, *state.hands) for c in zone if CARD[c].name == name)


def play_thumbs(state: DoomlingsState, copy: str) -> int:
    state.apply(0, "play Opposable Thumbs")
    state.apply(1, "pass")
    state.apply(0, f"copy {copy}")
    return card(state, "Opposable Thumbs")


def test_it_needs_a_dominant_and_room_for_one_more() -> None:
    state = table(["Blubber"])
    thumbs = card(state, "Opposable Thumbs")
    assert "play Opposable Thumbs" not in state.labels()
    assert state.unplayable_reason(0, thumbs) == (
        "You can play this only while your trait pile holds a dominant."
    )
    full = table(["Heroic", "Tiny"])  # two dominants: no room for a third
    assert "play Opposable Thumbs" not in full.labels()
    assert "play Opposable Thumbs" in table(["Heroic"]).labels()


def test_the_copy_is_a_second_dominant_of_the_copied_colour_and_value() -> None:
    state = table(["Heroic", "Overgrowth"])
    thumbs = play_thumbs(state, "Heroic")
    assert state.copies == [(thumbs, card(state, "Heroic"))]
    assert state.dominants(0) == 2
    assert state.colors_of(thumbs) == GREEN
    assert state.count_color(0, GREEN) == 3
    assert breakdown(state, 0).face == 7 - 1 + 7


def test_with_two_other_dominants_its_player_picks_which() -> None:
    # Birth of a Hero lets Heroic's player hold a 3rd dominant.
    state = new_game("doomlings", 2, 1, {"sets": "overlush"})
    assert isinstance(state, DoomlingsState)
    held = ["Heroic", "Opposable Thumbs", "Gills", "Fear"]
    state.setup_scenario(
        {
            "age": "Birth of a Hero",
            "players": {0: {"hand": held, "traits": ["Tiny", "Leaves", "Bark"]}, 1: OPPONENT},
        }
    )
    state.apply(0, "play Heroic")
    state.apply(1, "pass")
    state.apply(0, "play Opposable Thumbs")
    state.apply(1, "pass")
    assert state.labels() == ["copy Tiny", "copy Heroic"]
    state.apply(0, "copy Tiny")
    # Tiny: -1 for each trait of the pile (5), once for each Tiny.
    assert breakdown(state, 0).bonuses == [("Tiny", -5), ("Opposable Thumbs (as Tiny)", -5)]
    assert breakdown(state, 0).face == 17 + 1 + 2 + 7 + 17


def test_the_copy_stays_when_the_original_leaves_the_pile() -> None:
    state = table(["Heroic"])
    thumbs = play_thumbs(state, "Heroic")
    heroic = card(state, "Heroic")
    state.leave_pile(0, heroic)  # no card removes a dominant; the copy must not depend on it
    state.discard.append(heroic)
    assert state.colors_of(thumbs) == GREEN
    assert breakdown(state, 0).face == 7
    assert state.dominants(0) == 1


def test_out_of_the_pile_it_is_opposable_thumbs_again_and_takes_its_gene_pool_back() -> None:
    state = table(["Fabled"])
    thumbs = play_thumbs(state, "Fabled")
    assert state.gene_pool[0] == 6
    state.leave_pile(0, thumbs)
    state.discard.append(thumbs)
    assert state.copies == []
    assert state.gene_pool[0] == 5
    assert state.same(thumbs) == thumbs and state.colors_of(thumbs) == 0


def test_saves_keep_the_copy_and_older_saves_load() -> None:
    state = table(["Heroic"])
    thumbs = play_thumbs(state, "Heroic")
    loaded = DoomlingsState.from_json(state.to_json())
    assert loaded == state
    assert loaded.copies == [(thumbs, card(state, "Heroic"))]
    assert breakdown(loaded, 0).face == 14

    # A save written before the field: the replay rebuilds it (empty in a game without Thumbs
    # played), and the rest of the save still has to match.
    game = new_game("doomlings", 3, 7, {"sets": "overlush"})
    rng = random.Random(7)
    for _ in range(40):
        assert game.pending is not None
        game.apply(game.pending.player, rng.choice(game.legal_options()))
    old: dict[str, Any] = json.loads(json.dumps(saved_dict(game)))
    del old["state"]["copies"]
    assert load_verified(old) == game


def test_views_name_the_copy() -> None:
    state = table(["Heroic"])
    play_thumbs(state, "Heroic")
    shown = state.view(1)["seats"][0]["traits"][1]
    assert (shown["name"], shown["copy_of"]) == ("Opposable Thumbs", "Heroic")
    assert shown["shown"] == "Opposable Thumbs (as Heroic)"
    assert (shown["colors"], shown["face"], shown["dominant"]) == (["green"], 7, True)
    console = Console(width=120, no_color=True)
    with console.capture() as captured:
        console.print(card_chip(shown))
    assert "Opposable Thumbs (as Heroic) 7" in captured.get()
    assert ">Opposable Thumbs (as Heroic)<" in trait(shown)  # the browser table's card
    assert state.snapshot()["players"][0]["copies"] == [["Opposable Thumbs", "Heroic"]]


def board(ann: dict[str, object]) -> dict[str, object]:
    return {
        "catastrophe": "Ice Age",
        "sets": "overlush",
        "players": [{"name": "Ann", **ann}, {"name": "Bob", "traits": "Bark"}],
    }


def test_the_calculator_scores_it_as_the_named_dominant() -> None:
    report = sheet.score_board(
        board({"traits": "Heroic, Overgrowth, Opposable Thumbs", "opposable thumbs": "heroic"})
    )
    ann = report["players"][0]
    assert ann["choices"]["Opposable Thumbs"] == "Heroic"
    assert ann["score"] == 7 - 1 + 7 + 3  # Overgrowth counts 3 green traits
    # Its World's End question is its own: "Opposable Thumbs (as Sentience)".
    report = sheet.score_board(
        board(
            {
                "traits": "Sentience, Heat Vision, Opposable Thumbs",
                "sentience": "red",
                "opposable thumbs (as sentience)": "red",
            }
        )
    )
    ann = report["players"][0]
    assert ann["breakdown"]["bonuses"] == [
        {"card": "Sentience", "points": 3},
        {"card": "Heat Vision", "points": 3},
        {"card": "Opposable Thumbs (as Sentience)", "points": 3},
    ]
    assert ann["score"] == 2 - 1 + 2 + 9 - 3  # Ice Age: -1 for each red trait


@pytest.mark.parametrize(
    ("ann", "message"),
    [
        (
            {"traits": "Heroic, Opposable Thumbs", "opposable thumbs": "Tiny"},
            "Ann: Opposable Thumbs copies a dominant of Ann's pile (Heroic), not 'Tiny'",
        ),
        (
            {"traits": "Blubber, Opposable Thumbs", "opposable thumbs": "Heroic"},
            "Ann: Opposable Thumbs copies 'Heroic', but no other dominant is in Ann's pile",
        ),
    ],
)
def test_the_calculator_refuses_a_copy_of_no_dominant_of_the_pile(
    ann: dict[str, object], message: str
) -> None:
    with pytest.raises(TallyError, match=re.escape(message)):
        sheet.score_board(board(ann))


def test_a_copy_of_an_action_dominant_offers_that_action_to_painted_shell() -> None:
    # Remarkable (Fuzelings) is the one dominant with an action. Thumbs copying it is, for
    # Painted Shell ("use the action of a trait in your pile"), a trait with that action.
    state = new_game("doomlings", 2, 1, {"sets": "overlush,fuzelings"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "players": {
                0: {
                    "hand": ["Painted Shell", "Gills", "Fear"],
                    "traits": ["Remarkable", "Opposable Thumbs", "Bark"],
                    "gene_pool": 5,
                },
                1: OPPONENT,
            }
        }
    )
    remarkable, thumbs = card(state, "Remarkable"), card(state, "Opposable Thumbs")
    state.copies = [(thumbs, remarkable)]  # as if played copying Remarkable
    state.apply(0, "play Painted Shell")
    state.apply(1, "pass")
    assert state.pending is not None and state.pending.player == 0
    offered = {o[2] for o in state.legal_options() if o[0] == "use"}
    assert offered == {remarkable, thumbs}  # Bark has no action
    state.apply(0, "use Opposable Thumbs of player 0")
    assert state.pending is not None
    assert (state.pending.player, state.pending.prompt) == (
        1,
        "Player 0 uses the action of Opposable Thumbs (as Remarkable): respond?",
    )
    state.apply(1, "pass")
    # Remarkable's action ends with its player suppressing their whole hand.
    assert state.snapshot()["players"][0]["suppressed"] == ["Gills", "Fear"]


def without_its_original(sets: str, setup: dict[str, Any], copied: str) -> DoomlingsState:
    """A game set up from ``setup`` where player 1's Opposable Thumbs is a copy of ``copied``,
    which has since left the pile for the discard pile (the copy stays, see above): whatever
    reads the copied dominant can only find it through the copy."""
    state = new_game("doomlings", 2, 1, {"sets": sets})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario({**setup, "discard": [copied]})
    thumbs = card(state, "Opposable Thumbs")
    original = next(c for c in state.discard if CARD[c].name == copied)
    state.copies = [(thumbs, original)]
    return state


def end_turn_of_player_0(state: DoomlingsState) -> None:
    for choice in ("play Bark", "pass", "pass"):  # play, no answer, nothing after stabilizing
        assert state.pending is not None
        state.apply(state.pending.player, choice)


FIRST_TURN = {"hand": ["Bark", "Gills", "Fangs", "Leaves", "Spiny"], "gene_pool": 5}
THUMBS_HOLDER = {
    "hand": ["Quick", "Fear", "Antlers", "Adorable", "Appealing"],
    "traits": ["Opposable Thumbs"],
    "gene_pool": 5,
}


def test_age_of_dracula_takes_a_card_for_a_copy_of_vampirism() -> None:
    # "...if Vampirism is in your pile, also take a random card from an opponent's hand."
    state = without_its_original(
        "overlush",
        {
            "age": "Age of Dracula",
            "players": {0: FIRST_TURN, 1: THUMBS_HOLDER},
            "deck_top": ["Blubber", "Migratory", "Nocturnal"],
        },
        "Vampirism",
    )
    end_turn_of_player_0(state)  # player 0: 5 - 1 random discard - Bark, stabilized to 5
    assert state.pending is not None
    assert (state.pending.player, state.pending.prompt) == (
        1,
        "Age of Dracula: take random cards from whose hand?",
    )
    assert [len(hand) for hand in state.hands] == [5, 4]  # player 1 lost 1 at random
    state.apply(1, "target player 0")
    assert [len(hand) for hand in state.hands] == [4, 5]


def test_mokoko_village_offers_two_plays_to_a_copy_of_heroic() -> None:
    # "If Heroic is in your trait pile, you may play 2 traits this turn..."
    state = without_its_original(
        "overlush",
        {
            "age": "The Legend of Mokoko Village",
            "players": {0: FIRST_TURN, 1: THUMBS_HOLDER},
            "deck_top": ["Blubber", "Migratory", "Nocturnal", "Big Ears"],
        },
        "Heroic",
    )
    state.apply(0, "pass")  # the drawn card came into player 0's hand: nothing to play
    end_turn_of_player_0(state)
    assert state.pending is not None
    assert state.pending.player == 1
    assert state.labels() == ["pass", "play 2 traits without actions"]
    assert len(state.hands[1]) == 6  # the age's draw came first


def test_planned_obsolescence_counts_a_copy_of_a_techling_as_a_techling() -> None:
    # "Discard 1 card from your hand for each Techling in your trait pile": Ruggedized and
    # Opposable Thumbs as Ruggedized are 2 Techlings.
    state = new_game("doomlings", 2, 1, {"sets": "overlush,techlings,newer"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Eclipse",
            "age_deck": ["Planned Obsolescence", "Flourish", "Ice Age", "Grey Goo"],
            "players": {
                0: {
                    "hand": ["Bark", "Gills", "Spiny", "Fangs"],
                    "traits": ["Ruggedized", "Opposable Thumbs", "Leaves"],
                    "gene_pool": 3,
                },
                1: {
                    "hand": ["Fear", "Appealing", "Adorable", "Big Ears", "Deep Roots", "Quick"],
                    "traits": ["Antlers"],
                    "gene_pool": 5,
                },
            },
            "deck_top": ["Nocturnal", "Migratory", "Stone Skin"],
        }
    )
    state.copies = [(card(state, "Opposable Thumbs"), card(state, "Ruggedized"))]
    for choice in ("play Bark", "pass", "pass", "play Fear", "pass", "pass"):
        assert state.pending is not None
        state.apply(state.pending.player, choice)
    while state.pending is not None and state.pending.kind != "discard":
        assert state.labels() == ["pass"]  # the windows of the round's end and the flip
        state.apply(state.pending.player, "pass")
    assert state.pending is not None
    assert (state.pending.player, state.pending.prompt) == (
        0,
        "Planned Obsolescence: discard 2 cards, then draw as many",
    )


def trinket_table(
    dominant: str, gene_pool: int, trinket: str, deck_top: list[str]
) -> DoomlingsState:
    """An Overlush and Trinkets game: player 0 holds Opposable Thumbs beside ``dominant``
    and has ``trinket``; the opponent has Spyglass (a trinket with no draw or objective)."""
    state = new_game("doomlings", 2, 1, {"sets": "overlush,trinkets"})
    assert isinstance(state, DoomlingsState)
    held = ["Opposable Thumbs", "Gills", "Fear"]
    seat = {"hand": held, "traits": [dominant], "gene_pool": gene_pool, "trinkets": [trinket]}
    state.setup_scenario(
        {
            "players": {0: seat, 1: {**OPPONENT, "trinkets": ["Spyglass"]}},
            "deck_top": deck_top,
        }
    )
    return state


def test_a_trinket_objective_reads_a_played_copy() -> None:
    # Half-Off Sandwich's objective: play a trait with a face value of 2 or more. Thumbs
    # played as Heroic is a 7 played.
    state = trinket_table("Heroic", 5, "Half-Off Sandwich", ["Nocturnal", "Big Ears", "Stone Skin"])
    play_thumbs(state, "Heroic")
    state.apply(0, "pass")  # nothing to play after stabilizing: the turn ends
    assert state.snapshot()["players"][0]["pocketed"] == ["Half-Off Sandwich"]


def test_conjured_counts_the_colours_of_a_played_copy() -> None:
    # Conjured may be played from the discard pile once traits of 2 colours were played this
    # turn: Thumbs played as Motley is a trait of all 4.
    state = new_game("doomlings", 2, 1, {"sets": "overlush,special_edition,multicolor"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "players": {
                0: {"hand": ["Opposable Thumbs", "Gills", "Fear"], "traits": ["Motley"]},
                1: OPPONENT,
            },
            "discard": ["Conjured"],
            "deck_top": ["Nocturnal", "Big Ears", "Stone Skin"],
        }
    )
    play_thumbs(state, "Motley")
    assert state.labels() == ["pass", "play Conjured from the discard pile"]


def test_self_replicating_answers_thumbs_played_from_the_hand_as_a_green_copy() -> None:
    # Self-Replicating: "when you play another green trait from your hand"; Thumbs is played
    # as Heroic, a green trait.
    state = table(["Heroic", "Self-Replicating"])
    play_thumbs(state, "Heroic")
    assert state.pending is not None
    assert (state.pending.player, state.pending.prompt) == (
        0,
        "Take Self-Replicating back into your hand?",
    )
    state.apply(0, "return Self-Replicating to hand")
    assert [CARD[c].name for c in state.piles[0]] == ["Heroic", "Opposable Thumbs"]
    assert [CARD[c].name for c in state.hands[0]] == ["Gills", "Fear", "Self-Replicating"]


def test_a_trinket_draw_answers_the_colour_of_the_copy() -> None:
    # Collector's Cap: a red trait its holder plays offers a draw; Thumbs as Hyper-Intelligence
    # is a red trait played.
    state = trinket_table("Hyper-Intelligence", 3, "Collector's Cap", ["Nocturnal", "Big Ears"])
    play_thumbs(state, "Hyper-Intelligence")
    assert state.pending is not None
    assert state.pending.prompt == "Collector's Cap: draw 1?"
    state.apply(0, "draw 1 card")
    assert [CARD[c].name for c in state.hands[0]] == ["Gills", "Fear", "Nocturnal"]


def test_unusual_friends_draws_for_a_copy_of_a_deepling() -> None:
    # Unusual Friends: a Deepling, Moonling or Glitterling played draws its player 2. Thumbs
    # as Stygian (Deeplings) draws 2: 4 cards, over a Gene Pool of 3, so nothing more.
    state = new_game("doomlings", 2, 1, {"sets": "overlush,fuzelings,deeplings"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(
        {
            "age": "Unusual Friends",
            "players": {
                0: {
                    "hand": ["Opposable Thumbs", "Gills", "Fear"],
                    "traits": ["Stygian"],
                    "gene_pool": 3,
                },
                1: OPPONENT,
            },
            "deck_top": ["Nocturnal", "Big Ears", "Stone Skin"],
        }
    )
    play_thumbs(state, "Stygian")
    assert [CARD[c].name for c in state.hands[0]] == ["Gills", "Fear", "Nocturnal", "Big Ears"]
