"""We're Doomed! over many bot games: tokens conserved, every game ends, replays agree,
clandestine events stay hidden, and every event card's effect is carried out."""

from __future__ import annotations

import pytest

from doomtable.bots import InfoSet, make_bot
from doomtable.engine import (
    BadOptionError,
    Rng,
    find_game,
    load_state,
    new_game,
    replay,
)
from doomtable.games.were_doomed import EVENTS, WereDoomedState
from doomtable.games.were_doomed.data import INFLUENCE_TOKENS, RESOURCE_TOKENS
from doomtable.games.were_doomed.deckfile import order_left

GAMES = 1_050
MINUTES = 4


def conserved(state: WereDoomedState) -> bool:
    return (
        state.bag_res + sum(state.res) + state.project == RESOURCE_TOKENS
        and state.bag_inf + sum(state.inf) == INFLUENCE_TOKENS
        and min(state.bag_res, state.bag_inf, *state.res, *state.inf) >= 0
    )


def play_random(players: int, seed: int, minutes: float = MINUTES) -> WereDoomedState:
    state = new_game("were-doomed", players, seed, {"minutes": minutes})
    assert isinstance(state, WereDoomedState)
    rng = Rng(seed)
    for _ in range(20_000):
        decision = state.pending
        if decision is None:
            break
        state._apply_unchecked(decision.options[rng.below(len(decision.options))])
        assert conserved(state), (players, seed, len(state.log))
    return state


@pytest.mark.parametrize("players", range(4, 11))
def test_many_random_games_end_with_tokens_conserved_and_replay(players: int) -> None:
    drawn: set[int] = set()
    for seed in range(GAMES // 7):
        state = play_random(players, seed)
        assert state.is_over
        assert state.ended and state.clock >= state.end_at
        assert set(state.aboard) <= set(state.living())
        assert len(state.aboard) == min(state.seats(), len(state.living()))
        times = [entry[2] for entry in state.log]
        assert times == sorted(times)
        drawn.update(state.drawn)
        if seed % 25 == 0:
            again = replay("were-doomed", players, seed, state.options, state.log)
            assert again == state
            assert load_state(state.to_dict()) == state
    assert len(drawn) > 20


@pytest.mark.parametrize("bot", ["greedy", "ismcts:30"])
def test_searching_bots_play_through_the_simultaneous_phases(bot: str) -> None:
    state = new_game("were-doomed", 5, 3, {"minutes": 1.5})
    bots = [make_bot(bot, seat) for seat in range(5)]
    while (decision := state.pending) is not None:
        option = bots[decision.player].choose(InfoSet(state, decision))
        assert option in decision.options
        state._apply_unchecked(option)
    assert state.is_over and conserved(state)


def test_clandestine_events_are_hidden_from_everyone_but_their_holder() -> None:
    secret = next(c for c in EVENTS if c.kind == "clandestine")
    state = new_game("were-doomed", 4, 1, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"],
            "coin": 0,
            "deck_top": [secret.name],
            "players": {0: {"resources": 3}},
        }
    )
    for p in range(4):
        state.apply(p, "produce")
    state.apply(0, "contribute 1")
    state.advance_clock(state.clock + 8_000)
    assert [c["name"] for c in state.view(0)["hand"]] == [secret.name]
    # Full disclosure: everyone's tokens are public.
    for viewer in range(4):
        rows = state.view(viewer)["players"]
        assert [(r["resources"], r["influence"]) for r in rows] == list(
            zip(state.res, state.inf, strict=True)
        )
    for viewer in (1, 2, 3, None):
        seen = str(state.view(viewer if viewer is not None else -1)) + " ".join(
            state.log_lines(viewer)
        )
        assert secret.name not in seen and secret.text not in seen
        assert state.view(viewer or 1)["players"][0]["clandestine"] == 1
    # A rival's sample redeals the hidden card among the deck and hands.
    worlds = {tuple(state.determinize(1, Rng(s)).hands[0]) for s in range(20)}
    assert len(worlds) > 1


@pytest.mark.parametrize("card", EVENTS, ids=lambda c: c.slug)
def test_every_event_card_resolves_and_lands_where_its_text_says(card: object) -> None:
    from doomtable.games.were_doomed.cards import EventCard

    assert isinstance(card, EventCard)
    state = new_game("were-doomed", 5, 2, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy", "Autocracy"],
            "coin": 0,
            "deck_top": [card.name],
            "project": 20,
            "players": {p: {"resources": 4 + p, "influence": 1 + p} for p in range(5)},
        }
    )
    for p in range(5):
        state.apply(p, "produce")
    state.apply(1, "contribute 2")
    state.advance_clock(state.clock + 8_000)
    if card.effect["op"] == "extra_action":
        assert state.pending is not None and state.pending.player == 1
        assert card.name not in state.snapshot()["deck"]  # under way until the action is done
        state.apply(1, "produce")
    for _ in range(20):  # answer whatever the event asks (votes, a challenge) at once
        if state.pending is None or state._phase() not in ("vote", "challenge"):
            break
        for decision in state.decisions:
            state.apply(decision.player, 0)
    # What each card does, in exact amounts, is tested card by card in test_events.py.
    assert conserved(state)
    after = state.snapshot()
    op = card.effect["op"]
    if op in ("secret", "mission"):
        assert card.name in after["hands"][1]
    elif card.stays:
        assert card.name in [c["name"] for c in after["in_play"]]
    else:
        assert after["deck"][-1] == card.name


def test_the_event_order_is_kept_between_games() -> None:
    first = play_random(4, 11, minutes=2)
    order = order_left(first)
    assert order == first.snapshot()["event_order"]
    carry_over = find_game("were-doomed").carry_over
    assert carry_over is not None and carry_over.option == "event_order"
    second = new_game("were-doomed", 4, 12, carry_over.into({}, order))
    assert isinstance(second, WereDoomedState)
    assert second.snapshot()["event_order"] == order  # not reshuffled
    assert order_left(second) == ""  # a game still running leaves nothing yet


def test_a_damaged_event_order_is_refused_clearly() -> None:
    with pytest.raises(BadOptionError, match="every event card once"):
        new_game("were-doomed", 4, 1, {"event_order": "windfall,windfall"})


def test_when_nobody_is_left_the_game_ends_with_nobody_aboard() -> None:
    state = new_game("were-doomed", 4, 1, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {
            "civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"],
            "coin": 0,
            "deck_top": ["Lottery of Souls"],
            "project": 45,
            "players": {1: {"alive": False}, 2: {"alive": False}, 3: {"alive": False}},
        }
    )
    state.apply(0, "produce")
    state.apply(0, "contribute 1")
    state.apply(0, "done")
    state.apply(0, "vote yes")
    assert state.is_over and state.living() == [] and state.winners() == []
    assert state.scores() == [0, 0, 0, 0]
    assert conserved(state)


def cards_seen(state: WereDoomedState, viewer: int) -> set[int]:
    """The event cards ``viewer`` has seen: public draws, their own draws, every card played,
    and missions shown accomplished."""
    seen: set[int] = set()
    for event in state.events:
        drawn_in_sight = event[0] == "draw" and (
            EVENTS[event[2]].kind == "public" or event[1] == viewer
        )
        revealed = event[0] == "play" or (event[0] == "mission" and event[3])
        if drawn_in_sight or revealed:
            seen.add(event[2])
    return seen


def cards_named(world: WereDoomedState) -> set[int]:
    """Every card a sample's history names: the cards drawn and those in its events."""
    named = set(world.drawn)
    for event in world.events:
        if event[0] in ("draw", "play", "mission"):
            named.add(int(event[2]))
    return named


@pytest.mark.parametrize("players", [4, 7])
def test_no_sample_names_a_card_its_viewer_has_not_seen(players: int) -> None:
    samples = hidden = 0
    for seed in range(12):
        state = new_game("were-doomed", players, seed, {"minutes": MINUTES})
        assert isinstance(state, WereDoomedState)
        rng = Rng(seed)
        while (decision := state.pending) is not None:
            if len(state.log) % 7 == 0:
                for viewer in range(players):
                    own = state.decision_for(viewer)
                    world = (
                        InfoSet(state, own).sample(rng)
                        if own is not None
                        else state.determinize(viewer, rng)
                    )
                    assert isinstance(world, WereDoomedState)
                    assert cards_named(world) <= cards_seen(state, viewer)
                    samples += 1
                    hidden += len(set(state.drawn) - cards_seen(state, viewer))
            state._apply_unchecked(decision.options[rng.below(len(decision.options))])
    assert samples > 300 and hidden > 0  # secret draws were there to hide


def test_a_sample_does_not_show_the_ballots_of_a_vote_still_open() -> None:
    state = new_game("were-doomed", 4, 1, {"realtime": True})
    assert isinstance(state, WereDoomedState)
    state.setup_scenario(
        {"civs": ["Technocracy", "Theocracy", "Corporatocracy", "Democracy"], "coin": 0}
    )
    for p in range(4):
        state.apply(p, "produce")
    state.apply(1, "contribute 2")
    state.apply(3, "contribute 2")
    state.advance_clock(state.clock + 8_000)
    state.apply(0, "vote 3")
    state.apply(2, "vote 3")
    votes = {tuple(state.determinize(1, Rng(s)).votes) for s in range(40)}
    assert {v[0] for v in votes} == {1, 3} and {v[2] for v in votes} == {1, 3}
    assert all(v[1] == -1 and v[3] == -1 for v in votes)  # who has voted stays public
