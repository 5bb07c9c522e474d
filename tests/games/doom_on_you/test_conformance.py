"""Seeded random play: invariants at every decision, then replay and termination."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from doomtable.engine import GameState, Rng, new_game, replay
from doomtable.games.doom_on_you import DoomOnYouState
from doomtable.games.doom_on_you.cards import DECK_SIZE, NAMES

GAME = "doom-on-you"
NAME_RE = re.compile('"(' + "|".join(re.escape(n) for n in set(NAMES)) + ')[" ]')

# (players, options): every option is exercised. The JSON round trip at every decision costs
# time in proportion to the event log, so these games stop at a low round cap; the long games
# below check the same things with the round trip at every 20th decision.
CASES: list[tuple[int, dict[str, Any]]] = [
    (2, {"max_attack_rounds": 5}),
    (2, {"max_attack_rounds": 5, "two_player_variant": False, "successful_return": True}),
    (4, {"max_attack_rounds": 3}),
    (4, {"max_attack_rounds": 3, "drawn_animal_to_pile": True, "end_on_first_out": True}),
    (6, {"max_attack_rounds": 2}),
    (6, {"max_attack_rounds": 2, "successful_return": True, "drawn_animal_to_pile": True}),
]
GAMES_PER_CASE = 50


def same(a: GameState, b: GameState) -> bool:
    """What ``a == b`` decides, field by field (much cheaper than comparing two dicts)."""
    return (
        all(getattr(a, f) == getattr(b, f) for f in a.all_fields())
        and a.rng.counter == b.rng.counter
        and a.log == b.log
        and a.options == b.options
        and a.pending == b.pending
    )


def card_names(text: str) -> Counter[str]:
    """Card names quoted in a JSON text (a pile animal may carry a ``(... left)`` suffix)."""
    return Counter(NAME_RE.findall(text))


def visible_to(s: DoomOnYouState, p: int) -> Counter[str]:
    """Cards ``p`` may know: own hand, every pile, attacks, removed, and hands a Hand-a showed."""
    cards = [*s.hands[p], *s.removed, *(a[0] for a in s.attacks)]
    for pile in s.piles:
        cards.extend(pile)
    for viewer, _, seen in s.revealed:
        if viewer == p:
            cards.extend(seen)
    return Counter(NAMES[c] for c in cards)


def check(s: DoomOnYouState, start_food: int, round_trip: bool) -> None:
    assert same(s.clone(), s)
    if round_trip:
        assert same(type(s).from_dict(json.loads(s.to_json())), s)
    zones = [*s.deck, *s.removed, *(a[0] for a in s.attacks)]
    for p in range(s.players):
        zones.extend(s.hands[p])
        zones.extend(s.piles[p])
    assert sorted(zones) == list(range(DECK_SIZE))
    assert sum(s.food) + s.lost_food == start_food * s.players
    labels = s.labels()
    assert len(set(labels)) == len(labels), labels
    assert all(f >= 0 for f in s.food)
    for p in range(s.players):
        view = s.view(p)
        for q, entry in enumerate(view["players"]):
            assert ("hand" in entry) == (q == p)
        assert not card_names(json.dumps(view)) - visible_to(s, p)


def play(players: int, seed: int, options: dict[str, Any], trip_every: int) -> None:
    s = new_game(GAME, players, seed, options)
    assert isinstance(s, DoomOnYouState)
    start_food = s.food[0]
    rng = Rng(seed * 7919 + players)
    in_play = sum(s.food)
    while s.pending is not None:
        check(s, start_food, len(s.log) % trip_every == 0)
        s.apply(s.pending.player, rng.choice(s.pending.options))
        assert sum(s.food) <= in_play  # food only moves or leaves play
        in_play = sum(s.food)
    check(s, start_food, True)
    assert s.is_over and s.winners()
    assert replay(GAME, players, seed, s.options, s.log) == s


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CASES)
def test_random_games_keep_invariants_end_and_replay(players: int, options: dict[str, Any]) -> None:
    for seed in range(GAMES_PER_CASE):
        play(players, seed, options, trip_every=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_full_length_random_games(players: int) -> None:
    for seed in range(100, 110):
        play(players, seed, {}, trip_every=20)
