"""Meaning of Life cards: dealt 2 and kept 1 by each player, hidden from the other seats
until the end, redealt in a bot's sample, and scored in the breakdown (the scenarios of
``scenarios/doomlings/sets/meaning_of_life/`` score every card)."""

from __future__ import annotations

import json
import random

import pytest

from doomtable.engine import Rng, ScenarioError, new_game
from doomtable.engine.registry import load_verified, saved_dict
from doomtable.games.doomlings.data import MEANING_SET, MEANING_SLUGS, MEANINGS, meanings_of_sets
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.scoring import breakdown


def _game(sets: str = "meaning_of_life", players: int = 3, seed: int = 4) -> DoomlingsState:
    state = new_game("doomlings", players, seed, {"sets": sets})
    assert isinstance(state, DoomlingsState)
    return state


def test_the_decks_are_the_sets_cards_and_only_with_the_meaning_of_life_set() -> None:
    alone = meanings_of_sets(("base", "meaning_of_life"))
    both = meanings_of_sets(("base", "overlush", "meaning_of_life"))
    assert len(alone) == 18 and {MEANING_SET[m] for m in alone} == {"meaning_of_life"}
    assert len(both) == 48 and len(MEANINGS) == 48
    assert meanings_of_sets(("base", "overlush")) == []
    overlush = _game("overlush")
    assert overlush.meanings == [[], [], []] and overlush.meaning_deck == []
    assert overlush.pending is not None and overlush.pending.kind != "meaning"


def test_each_player_is_dealt_two_and_keeps_one_in_seat_order() -> None:
    state = _game()
    assert [len(held) for held in state.meanings] == [2, 2, 2]
    assert len(state.meaning_deck) == 18 - 6
    for player in range(3):
        decision = state.pending
        assert decision is not None
        assert (decision.player, decision.kind) == (player, "meaning")
        dealt = list(state.meanings[player])
        assert state.labels() == [f"keep {MEANINGS[m].name}" for m in dealt]
        state.apply(player, f"keep {MEANINGS[dealt[1]].name}")
        assert state.meanings[player] == [dealt[1]]
    assert state.pending is not None and state.pending.kind == "turn"
    assert len(state.meaning_deck) == 12  # the cards not kept leave the game


def test_a_kept_card_is_seen_by_its_holder_alone_until_the_end() -> None:
    state = _game()
    dealt = list(state.meanings[0])
    state.apply(0, 0)
    kept = MEANINGS[state.meanings[0][0]].name
    assert state.log_lines(0)[-1] == f"player 0 keeps {kept} as their Meaning of Life."
    assert state.log_lines(1)[-1] == "player 0 keeps a Meaning of Life card."
    assert [m["name"] for m in state.view(0)["meanings"]] == [kept]
    for viewer in (1, 2):
        seen = json.dumps(state.view(viewer))
        assert all(MEANINGS[m].name not in seen for m in dealt)
        assert state.view(viewer)["seats"][0]["meanings"] == 1
    own = state.meanings[1]
    assert [m["name"] for m in state.view(1)["meanings"]] == [MEANINGS[m].name for m in own]
    assert state.view(1)["meanings"][0]["text"] == MEANINGS[own[0]].text()


def test_the_running_score_shows_a_card_to_its_holder_only() -> None:
    state = _game()
    state.setup_scenario({"players": {0: {"traits": ["Bark"], "meanings": ["The Magician"]}}})
    own = breakdown(state, 0, viewer=0)
    assert own.meanings == [("The Magician", 6)] and own.total == 8
    other = breakdown(state, 0, viewer=1)
    assert other.meanings == [] and other.total == 2
    assert state.view(1)["seats"][0]["score"] == 2
    assert state.view(0)["seats"][0]["score"] == 8


def test_a_sample_redeals_the_cards_the_player_has_not_seen() -> None:
    state = _game("meaning_of_life,overlush", players=4)
    for player in range(4):
        state.apply(player, 0)
    every = sorted([*state.meaning_deck, *(m for held in state.meanings for m in held)])
    moved = False
    for seed in range(8):
        sample = state.determinize(1, Rng(seed))
        assert sample.meanings[1] == state.meanings[1]
        assert [len(held) for held in sample.meanings] == [1, 1, 1, 1]
        again = sorted([*sample.meaning_deck, *(m for held in sample.meanings for m in held)])
        assert again == every
        moved = moved or sample.meanings[0] != state.meanings[0]
    assert moved


def test_a_scenario_names_cards_of_the_game_only() -> None:
    state = _game()
    with pytest.raises(ScenarioError, match="'The Painter' is not dealt in this game"):
        state.setup_scenario({"players": {0: {"meanings": ["The Painter"]}}})
    with pytest.raises(ScenarioError, match="no Meaning of Life card 'The Warior'.*The Warrior"):
        state.setup_scenario({"players": {0: {"meanings": ["The Warior"]}}})


def test_random_games_name_a_card_only_to_its_holder_before_the_end() -> None:
    """At every decision of random games, no view and no log line of a player names another
    player's Meaning of Life card (nor one dealt to them and not kept) before the game is
    over; at the end every kept card is shown."""
    for seed in range(6):
        chooser = random.Random(seed)
        state = _game(players=2 + seed % 3, seed=seed)
        dealt = [list(held) for held in state.meanings]
        starts = [0] * state.players
        while (decision := state.pending) is not None:
            for viewer in range(state.players):
                secret = {
                    MEANINGS[m].name for q, held in enumerate(dealt) if q != viewer for m in held
                }
                shown = json.dumps(state.view(viewer))
                lines = " ".join(state.log_lines(viewer, starts[viewer]))
                starts[viewer] = len(state.events)
                assert not [name for name in secret if name in shown or name in lines]
            state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
        for q, held in enumerate(state.meanings):
            reveal = f"player {q}'s Meaning of Life: "
            assert any(line.startswith(reveal) for line in state.log_lines(None))
            names = [line["card"] for line in state.view(0)["breakdowns"][q]["meanings"]]
            assert names == [MEANINGS[m].name for m in held]


def test_a_save_names_the_cards_by_slug_and_loads_back() -> None:
    state = _game()
    state.apply(0, 1)
    saved = saved_dict(state)
    assert saved["log"][0][1] == ["meaning", MEANING_SLUGS[state.meanings[0][0]]]
    assert saved["state"]["meanings"][0] == [MEANING_SLUGS[state.meanings[0][0]]]
    assert sorted(saved["state"]["meaning_deck"]) == sorted(
        MEANING_SLUGS[m] for m in state.meaning_deck
    )
    loaded = load_verified(json.loads(json.dumps(saved)))
    assert loaded == state
    assert loaded.pending == state.pending


def test_the_terminal_and_the_browser_show_a_player_their_own_card_only() -> None:
    from rich.console import Console

    from doomtable.cli.render_doomlings import render_table
    from doomtable.web.pages.doomlings import render

    state = _game(players=2)
    state.apply(0, 0)
    state.apply(1, 0)
    mine, theirs = (MEANINGS[held[0]].name for held in state.meanings)
    for width, height in ((80, 24), (120, 60)):
        console = Console(width=width, height=height, record=True)
        console.print(render_table(state.view(0)))
        drawn = console.export_text()
        assert "Your Meaning of Life" in drawn and mine in drawn and theirs not in drawn
    page = render(state.view(0), 0)
    assert f'data-card="{mine}"' in page and theirs not in page
    assert "Meaning of Life</dt><dd>1 hidden" in render(state.view(1), 1)


def test_a_score_sheet_board_holds_no_meaning_of_life_card_it_was_not_given() -> None:
    """The score calculator builds its board with create(): the cards that deals at random
    are no one's, so a board of the Meaning of Life set scores only what was entered."""
    from doomtable.games.doomlings.tally import PlayerEntry, Table, board_from_entries

    entries = [PlayerEntry("Ann", ("Bark",)), PlayerEntry("Bob", ("Gills", "Fangs"))]
    table = Table(sets=("base", "meaning_of_life"))
    state = board_from_entries(entries, "Ice Age", table)
    assert state.meanings == [[], []]
    assert [breakdown(state, p).total for p in range(2)] == [2, 1]
    assert "meanings" not in breakdown(state, 0).as_dict()


def test_card_statistics_count_the_kept_cards_and_their_winners() -> None:
    state = _game(players=3, seed=9)
    chooser = random.Random(9)
    while (decision := state.pending) is not None:
        state.apply(decision.player, decision.options[chooser.randrange(len(decision.options))])
    stats = state.card_stats()
    winners = set(state.winners())
    for p, held in enumerate(state.meanings):
        for m in held:
            assert stats[MEANINGS[m].name] == {"held": 1, "held_by_winner": int(p in winners)}
