"""Techlings' rules that a scenario's snapshot does not show: what views and logs say (Age of
Metadata's open hands, Neural Link's second age, an attachment's host) and how an attachment
follows its host from pile to pile."""

from __future__ import annotations

from doomtable.engine import new_game
from doomtable.games.doomlings.cards import BLUE, GREEN, RED
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.state import CARD

HANDS = {
    0: {"hand": ["Gills", "Spiny", "Blubber", "Migratory", "Leaves"], "traits": []},
    1: {"hand": ["Fear", "Appealing", "Adorable", "Big Ears", "Deep Roots"], "traits": []},
}


def _game(setup: dict[str, object]) -> DoomlingsState:
    state = new_game("doomlings", 2, 1, {"sets": "techlings"})
    assert isinstance(state, DoomlingsState)
    state.setup_scenario(setup)
    return state


def _card(state: DoomlingsState, name: str) -> int:
    return next(c for pile in state.piles for c in pile if CARD[c].name == name)


def test_age_of_metadata_shows_every_hand_to_every_player_and_samples_keep_them() -> None:
    state = _game({"players": HANDS, "age": "Age of Metadata"})
    shown = [(r["from"], r["card"]["name"]) for r in state.view(0)["revealed"]]
    assert shown == [(1, n) for n in ("Fear", "Appealing", "Adorable", "Big Ears", "Deep Roots")]
    assert [r["card"]["name"] for r in state.view(1)["revealed"]] == [
        "Gills",
        "Spiny",
        "Blubber",
        "Migratory",
        "Leaves",
    ]
    from doomtable.engine import Rng

    sample = state.determinize(0, Rng(7))
    assert sample.hands[1] == state.hands[1]


def test_hands_stay_hidden_under_another_age() -> None:
    state = _game({"players": HANDS, "age": "Age of Peace"})
    assert state.view(0)["revealed"] == []


def test_neural_link_shows_its_player_alone_the_next_two_ages() -> None:
    players = {**HANDS, 0: {"hand": ["Neural Link", "Gills", "Spiny", "Blubber"], "traits": []}}
    state = _game(
        {
            "players": players,
            "age_deck": ["Age of Reason", "Age of Peace", "The Big One", "Glacial Meltdown"],
        }
    )
    start = len(state.events)
    state.apply(0, "play Neural Link")
    state.apply(1, "pass")
    mine = state.log_lines(0, start)
    assert "player 0 looks at the next age: Age of Reason." in mine
    assert "player 0 looks at the age after it: Age of Peace." in mine
    assert not any("Age of Peace" in line for line in state.log_lines(1, start))
    assert state.view(0)["next_age"]["name"] == "Age of Reason"


def test_an_attachment_names_its_host_in_views_and_follows_it_when_stolen() -> None:
    players = {
        0: {"hand": ["Nano", "Gills", "Spiny", "Blubber", "Migratory"], "traits": ["Antlers"]},
        1: {
            "hand": ["Selfish", "Appealing", "Adorable", "Big Ears", "Deep Roots"],
            "traits": [],
        },
    }
    state = _game({"players": players, "age_deck": ["Age of Peace", "The Big One"]})
    state.apply(0, "play Nano")
    state.apply(1, "pass")
    state.apply(0, "use Antlers of player 0")
    nano, antlers = _card(state, "Nano"), _card(state, "Antlers")
    assert state.attached == [(nano, antlers)]
    seat = state.view(1)["seats"][0]
    assert [(t["name"], t.get("attached_to")) for t in seat["traits"]] == [
        ("Antlers", None),
        ("Nano", "Antlers"),
    ]
    state.apply(0, "pass")
    state.apply(1, "play Selfish")
    state.apply(0, "pass")
    state.apply(1, "take Antlers from player 0")
    # Antlers now lies in player 1's pile; Nano, still in player 0's, still counts it.
    assert state.attached == [(nano, antlers)]
    assert state.scores()[0] == 3  # Nano alone: worth Antlers' 3


def test_a_host_discarded_leaves_its_attachment_unattached_in_its_pile() -> None:
    players = {
        0: {"hand": ["Nano", "Gills", "Spiny", "Blubber", "Migratory"], "traits": ["Antlers"]},
        1: {
            "hand": ["Territorial", "Appealing", "Adorable", "Big Ears", "Deep Roots"],
            "traits": [],
        },
    }
    state = _game({"players": players, "age_deck": ["Age of Peace", "The Big One"]})
    state.apply(0, "play Nano")
    state.apply(1, "pass")
    state.apply(0, "use Antlers of player 0")
    state.apply(0, "pass")
    state.apply(1, "play Territorial")
    state.apply(0, "pass")
    state.apply(0, "discard Antlers from player 0's pile")
    assert [CARD[c].name for c in state.piles[0]] == ["Nano"]
    assert state.attached == []
    assert state.scores()[0] == 0


def test_a_host_keeps_the_colour_of_the_attachment_still_holding_it() -> None:
    # Transgenic Modification turns Antlers green, then Cybernetic turns it blue (the last
    # attached shows); once Cybernetic leaves the piles, Transgenic Modification still holds
    # Antlers, which is green again, not its printed red.
    traits = ["Antlers", "Transgenic Modification", "Cybernetic"]
    state = _game({"players": {0: {**HANDS[0], "traits": traits}, 1: HANDS[1]}})
    antlers, transgenic, cybernetic = state.piles[0]
    for attachment in (transgenic, cybernetic):  # attached as a play attaches them
        grant = CARD[attachment].attach
        assert grant is not None and grant.color is not None
        state.attached.append((attachment, antlers))
        state.recolor[antlers] = grant.color
    assert state.colors_of(antlers) == BLUE
    state.leave_pile(0, cybernetic)
    assert state.attached == [(transgenic, antlers)]
    assert state.colors_of(antlers) == GREEN
    state.leave_pile(0, transgenic)
    assert state.attached == [] and state.colors_of(antlers) == RED
