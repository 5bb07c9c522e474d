"""Every game and variation drawn by its own page; the onlooker view hides every hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

from doomtable.engine import GameState, find_game, game_names, new_game
from doomtable.games.doomlings.variants import VARIANTS
from doomtable.web.onlooker import onlooker_view
from doomtable.web.pages import page_of, render_view
from doomtable.web.pages.doomlings import trait

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    *(("doomlings", 1 if v == "genetic-mishap" else 3, {"variant": v}) for v in VARIANTS),
    *(("doomlings-blackbox", 1 if v == "genetic-mishap" else 3, {"variant": v}) for v in VARIANTS),
    ("doom-on-you", 3, {}),
    ("doom-on-you", 2, {}),
    ("doom-pile", 2, {}),
    ("doom-pile", 3, {}),
    ("were-doomed", 4, {}),
    ("were-doomed", 6, {}),
]


def test_every_shipped_game_has_its_own_page() -> None:
    shipped = [
        name
        for name in game_names()
        if find_game(name).state_class.__module__.startswith("doomtable.")
    ]
    assert shipped, "no shipped game is registered"
    assert [name for name in shipped if page_of(name) is None] == []
    assert {table[0] for table in TABLES} >= set(shipped), "a shipped game has no page test"


def _hand_names(state: GameState, seat: int) -> set[str]:
    view = state.view(seat)
    hand = view["hand"] if "hand" in view else view["players"][seat]["hand"]
    return {card["name"] for card in hand}


@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_every_game_is_drawn_by_its_page_through_a_whole_game(
    game: str, players: int, options: dict[str, Any]
) -> None:
    state = new_game(game, players, 5, options)
    rng = random.Random(5)
    checked = 0
    while True:
        for seat in range(players):
            html = render_view(state.view(seat), seat)
            assert 'class="panel generic"' not in html, f"{game} fell back to the generic page"
            assert all(name in html for name in _hand_names(state, seat))
        if checked % 10 == 0 or state.pending is None:
            watched = render_view(onlooker_view(state), None)
            assert 'class="panel generic"' not in watched
            assert "Your hand" not in watched
        decision = state.pending
        if decision is None:
            break
        state.apply(decision.player, rng.randrange(len(decision.options)))
        checked += 1
    if game.startswith("doomlings"):
        assert "Score breakdown" in render_view(state.view(0), 0)


def test_onlooker_view_holds_nothing_any_single_seat_alone_sees() -> None:
    state = new_game("doomlings", 4, 9)
    rng = random.Random(9)
    for _ in range(40):
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, rng.randrange(len(decision.options)))
    shared = onlooker_view(state)
    assert "hand" not in shared and "viewer" not in shared
    assert "options" not in shared["pending"]
    assert all(
        shared["seats"][q]["traits"] == state.view(q)["seats"][q]["traits"] for q in range(4)
    )


def test_an_unknown_game_gets_the_readable_generic_page() -> None:
    html = render_view({"game": "no-such-game", "pile": ["Meteor"], "round": 2}, 1)
    assert 'class="panel generic"' in html and "Meteor" in html and "seat 1" in html


def test_doom_on_you_cards_show_the_rules_text_the_game_writes() -> None:
    from doomtable.web.pages.html import esc

    texts = {c["name"]: c["text"] for c in find_game("doom-on-you").cards()}
    state = new_game("doom-on-you", 3, seed=4)
    hand = state.view(0)["players"][0]["hand"]
    assert hand
    page = render_view(state.view(0), 0)
    for card in hand:
        assert esc(texts[card["name"]]) in page, card["name"]
    assert "Battle card:" not in page and "food tokens" not in page


def test_doomlings_page_shows_an_attachment_on_its_host_and_face_down_counts() -> None:
    state = new_game("doomlings", 2, seed=1, options={"sets": "techlings,deeplings"})
    state.setup_scenario(
        {
            "players": {
                0: {"hand": ["Nano", "Gills", "Spiny"], "traits": ["Antlers"], "gene_pool": 5},
                1: {"hand": ["Fear"], "traits": ["Bark"], "suppressed": ["Quick", "Fangs"]},
            }
        }
    )
    for player, label in [(0, "play Nano"), (1, "pass"), (0, "use Antlers of player 0")]:
        state.apply(player, label)
    page = render_view(state.view(0), 0)
    assert '<span class="kind">on Antlers</span>' in page
    assert "<dt>face down</dt><dd>2</dd>" in page


def test_doom_pile_now_line_does_not_repeat_the_deciding_seats_prompt() -> None:
    state = new_game("doom-pile", 2, seed=3)
    decision = state.pending
    assert decision is not None
    page = render_view(state.view(decision.player), decision.player)
    now = page.split("<dt>now</dt><dd>", 1)[1].split("</dd>", 1)[0]
    assert "your decision" in now
    assert decision.prompt not in now


def test_doomlings_page_shows_every_seats_trinkets_face_up() -> None:
    state = new_game("doomlings", 2, seed=2, options={"sets": "trinkets"})
    view = state.view(0)
    held = [t["name"] for t in view["trinkets"][1]]
    assert held  # each player gains one trinket at the start
    page = render_view(view, 0)
    assert '<section class="panel trinkets"><h2>Trinkets</h2>' in page
    assert "player 1 holds" in page and f'data-card="{held[0]}"' in page


def test_a_trait_is_drawn_as_each_view_shows_it_though_its_markup_is_kept() -> None:
    """Cards are drawn once and kept: a recoloured copy and a hidden face are drawn anew."""
    teeth = {"name": "Teeth", "colors": ["purple"], "face": 1, "dominant": False, "text": "+1."}
    printed = trait(teeth)
    assert 'class="swatch c-purple"' in printed and '<span class="value">1</span>' in printed
    recoloured = trait({**teeth, "colors": ["blue", "red"]})
    assert "c-purple" not in recoloured
    assert 'class="swatch c-blue"' in recoloured and 'class="swatch c-red"' in recoloured
    hidden = trait({**teeth, "face": None})
    assert '<span class="value">' not in hidden and hidden.count(" ?") == 1
    assert trait(teeth) is printed  # the same card drawn again is the kept markup


def test_doom_on_you_names_the_defender_as_a_seat() -> None:
    """The defender is "you" or "player N" (which the table page then calls by the seat's
    name), not a bare seat number."""
    state = new_game("doom-on-you", 3, seed=4)
    rng = random.Random(4)
    while state.view(0)["defender"] < 0:
        decision = state.pending
        assert decision is not None
        state.apply(decision.player, rng.choice(decision.options))
    defender = state.view(0)["defender"]
    other = (defender + 1) % 3
    assert "<dt>defender</dt><dd>you</dd>" in render_view(state.view(defender), defender)
    page = render_view(state.view(other), other)
    assert f"<dt>defender</dt><dd>player {defender}</dd>" in page
