"""Trinkets and merchants: every card has a scenario, powers give their reason, the sub-game
keeps its cards, and the face-down decks stay hidden."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from test_conformance import play_checked

from doomtable.engine import Rng, ScenarioError, new_game, replay
from doomtable.games.doomlings.cards import PowerKind
from doomtable.games.doomlings.data import (
    MERCHANT_OF,
    MERCHANTS,
    SET_NAMES,
    TRINKETS,
    parse_sets,
)
from doomtable.games.doomlings.game import DoomlingsState
from doomtable.games.doomlings.sets.trinkets import SET
from doomtable.games.doomlings.state import BY_RULE, MERCHANT_CAUSE, TRINKET_CAUSE

FOLDER = Path(__file__).parents[2] / "scenarios" / "doomlings" / "sets" / "trinkets"


def test_every_trinket_and_merchant_has_a_scenario() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(FOLDER.glob("*.yaml")))
    missing = [c.name for c in (*SET.trinkets, *SET.merchants) if c.name not in text]
    assert not missing, f"no scenario in {FOLDER} names {', '.join(missing)}"


def test_the_set_holds_40_trinkets_and_11_merchant_cards() -> None:
    assert len(SET.trinkets) == len({t.name for t in SET.trinkets}) == 40
    assert Counter(MERCHANTS[m].name for m in MERCHANT_OF) == {
        "Toddles": 4,
        "Fowler": 4,
        "Huk": 2,
        "Bon": 1,
    }
    # a side game: all sets of cards leave it out, naming it adds it
    assert "trinkets" not in parse_sets("all")
    assert parse_sets("trinkets") == ("base", "trinkets")


def trinket_state(seed: int = 1) -> DoomlingsState:
    state = new_game("doomlings", 2, seed, {"sets": "trinkets"})
    assert isinstance(state, DoomlingsState)
    return state


def test_a_refused_card_names_the_trinket_and_its_power() -> None:
    state = trinket_state()
    state.setup_scenario(
        {"players": {0: {"hand": ["Gills", "Fear"], "trinkets": ["Apathy Stone"]}, 1: {}}}
    )
    hand = state.view(0)["hand"]
    assert [card["why_not"] for card in hand] == [
        "Apathy Stone: You cannot play blue traits.",
        None,
    ]


def test_a_game_deals_one_face_up_trinket_each_and_only_the_deck_sizes() -> None:
    state = trinket_state(3)
    assert [len(held) for held in state.trinkets] == [1, 1]
    assert len(state.trinket_deck) == 38 and len(state.merchant_deck) == 11
    view = state.view(1)
    assert view["trinket_deck_size"] == 38 and view["merchant_deck_size"] == 11
    assert view["trinkets"][0] == [
        {
            "name": TRINKETS[state.trinkets[0][0]].name,
            "value": TRINKETS[state.trinkets[0][0]].value,
            "text": TRINKETS[state.trinkets[0][0]].text(),
        }
    ]
    assert "trinket_deck" not in view and "merchant_deck" not in view


def test_the_base_game_shows_no_trinkets() -> None:
    state = new_game("doomlings", 2, 1)
    assert isinstance(state, DoomlingsState)
    assert state.trinket_deck == [] and state.trinkets == [[], []]
    assert "trinkets" not in state.view(0) and "trinkets" not in state.snapshot()["players"][0]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"players": {0: {"trinkets": ["Apathy Stoen"]}}}, "no trinket is called 'Apathy Stoen'"),
        ({"merchant_deck": ["Todles"]}, "no 'Todles' merchant card is left"),
        (
            {"players": {0: {"trinkets": ["Izzy"]}, 1: {"pocketed": ["Izzy"]}}},
            "players.1.pocketed: 'Izzy' is placed twice",
        ),
    ],
)
def test_a_scenario_naming_a_wrong_trinket_is_refused(
    setup: dict[str, object], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        trinket_state().setup_scenario(setup)


def test_a_scenario_needs_the_set_for_trinkets() -> None:
    with pytest.raises(ScenarioError, match=r"need the trinkets set \(sets: trinkets\)"):
        new_game("doomlings", 2, 1).setup_scenario({"players": {0: {"trinkets": ["Izzy"]}}})


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_every_trinket_and_hide_the_decks(players: int) -> None:
    for seed in range(4):
        state = new_game("doomlings", players, seed, {"sets": "trinkets"})
        assert isinstance(state, DoomlingsState)
        chooser = random.Random(seed)
        rng = Rng(seed)
        pocketed_any = False
        while state.pending is not None:
            held = [t for zone in (*state.trinkets, *state.pocketed) for t in zone]
            assert sorted([*state.trinket_deck, *held, *state.trashed]) == list(range(40))
            assert sorted([*state.merchant_deck, *state.merchants_seen]) == list(range(11))
            viewer = state.pending.player
            sample = state.determinize(viewer, rng)
            assert sorted(sample.trinket_deck) == sorted(state.trinket_deck)
            assert sample.view(viewer) == state.view(viewer)
            pocketed_any = pocketed_any or any(state.pocketed)
            options = state.pending.options
            state.apply(viewer, options[chooser.randrange(len(options))])
        assert all(held == [] for held in state.trinkets), "held trinkets are lost at the end"
        assert len(state.merchants_seen) == 2
        for p in range(players):
            points = sum(TRINKETS[t].value for t in state.pocketed[p])
            lines = state.snapshot()["players"][p]["breakdown"].get("trinkets", [])
            assert sum(line["points"] for line in lines) == points
        assert pocketed_any


def test_every_trinket_choice_has_an_rl_action() -> None:
    """Random games with the set: every option offered is an action of the game's encoding,
    the merchants' and the powers' verbs included."""
    from doomtable.rl.encoding import game_encoding

    actions = game_encoding("doomlings", {"sets": "trinkets"}).actions
    verbs: set[str] = set()
    for seed in range(8):
        state = new_game("doomlings", 2 + seed % 3, seed, {"sets": "trinkets"})
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            actions.indexes(decision.options)
            verbs.update(option[0] for option in decision.options)
            state.apply(decision.player, chooser.choice(decision.options))
    assert {"trash", "pocket", "draw_one"} <= verbs


# Every set with the trinkets. Overlush is left out here only because one of its cards (Quills)
# duplicates a card in random play on this branch; the lead's work on its windows fixes that.
WITH_TRINKETS = ",".join(n for n in SET_NAMES if n != "overlush")


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("doomlings", 4, {"sets": WITH_TRINKETS}),
        ("doomlings-blackbox", 3, {"sets": WITH_TRINKETS}),
        ("doomlings", 3, {"sets": WITH_TRINKETS, "variant": "intelligent-design"}),
        ("doomlings", 6, {"sets": "trinkets", "tiebreak": "draw"}),
    ],
)
def test_games_with_trinkets_keep_every_promise(
    game: str, players: int, options: dict[str, object]
) -> None:
    """The conformance checks (views that do not leak, cards kept, round trips, replays) in
    random games with the trinkets and the other sets."""
    for seed in range(4):
        final = play_checked(seed, players, game, options)
        assert final.is_over and final.winners()
        assert replay(game, players, seed, final.options, final.log) == final


def test_every_trinket_log_line_names_a_cause_that_can_make_it() -> None:
    """A trinket's power makes only the changes its text says; a merchant only gains, trashes
    and pockets trinkets; the rules deal, pocket a met objective and lose trinkets at the end.
    Each such line names its trinket or merchant."""
    makes = {
        PowerKind.TURN_START_DRAW: {"draws", "drew"},
        PowerKind.DRAW_ON_PLAY: {"draws", "drew"},
        PowerKind.OPPONENTS_MAY_DRAW: {"draws", "drew"},
        PowerKind.TURN_START_DISCARD: {"discards"},
        PowerKind.TURN_START_MAY_DISCARD: {"discards"},
        PowerKind.TURN_START_DISCARD_DOMINANTS: {"discards"},
        PowerKind.DRAW_ONLY_STABILIZING: {"no_draw"},
        PowerKind.PREVENT_OWN_ACTIONS: {"trinket_prevents"},
        PowerKind.POCKET_AT_WORLDS_END: {"pockets"},
    }
    seen: set[str] = set()
    merchant_lines = 0
    for seed in range(6):
        state = new_game("doomlings", 2 + seed % 3, seed, {"sets": "trinkets"})
        assert isinstance(state, DoomlingsState)
        chooser = random.Random(seed)
        while (decision := state.pending) is not None:
            state.apply(decision.player, chooser.choice(decision.options))
        assert state.event_causes is not None
        log = state.log_lines(None)
        for event, cause in zip(state.events, state.event_causes, strict=True):
            kind = event[1]
            if cause >= MERCHANT_CAUSE:
                assert kind in {"gains_trinket", "trashes", "pockets"}, (kind, cause)
            elif cause >= TRINKET_CAUSE:
                power = TRINKETS[cause - TRINKET_CAUSE].power.kind
                assert kind in makes[power], (kind, power)
            elif kind in {"gains_trinket", "trashes", "pockets"}:
                assert cause == BY_RULE, (kind, cause)
            if cause >= TRINKET_CAUSE and event[0] == -1:
                seen.add(kind)
        named = ("Toddles: ", "Fowler: ", "Huk: ", "Bon: ")
        merchant_lines += sum(line.startswith(named) for line in log)
    assert merchant_lines and {"gains_trinket", "trashes"} <= seen
