"""Seeded random Doom Pile games: invariants at every decision, then termination and replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from doomtable.engine import Frame, Option, Rng, replay
from doomtable.engine.registry import checked_options, find_game
from doomtable.games.doom_pile.data import DECK_SIZE, precon_names
from doomtable.games.doom_pile.game import DoomPileState
from doomtable.games.doom_pile.rules import HANDLERS_CLEANUP

GAME = "doom-pile"
GAMES = 1000
DEEP_EVERY = 10
"""Every 10th game also checks clones and JSON round trips along the way, and replays."""


class CheckedState(DoomPileState):
    """Doom Pile whose Cleanup step asserts that every card on the field is at full Health."""


def _cleanup_checked(s: CheckedState, f: Frame, o: Option | None) -> None:
    HANDLERS_CLEANUP(s, f, o)
    for p in range(s.players):
        for card in s.field[p]:
            assert s.damage[card] == 0 and s.bonus[card] == 0


CheckedState.HANDLERS = {**DoomPileState.HANDLERS, "cleanup": _cleanup_checked}


def _zones(s: DoomPileState, p: int) -> list[int]:
    cards = [*s.deck[p], *s.hand[p], *s.countdown[p], *s.field[p], *s.discard[p]]
    cards += [c for c in (*s.interred, *s.resolving, *s.aside) if c // DECK_SIZE == p]
    return cards


def check(s: DoomPileState) -> None:
    for p in range(s.players):
        assert sorted(_zones(s, p)) == list(range(p * DECK_SIZE, (p + 1) * DECK_SIZE))
        for card in s.field[p]:
            assert s.health_left(card) > 0
    decision = s.pending
    if decision is not None and decision.kind in ("plot", "attack"):
        # Every card at 0 count remaining has resolved before anyone may act.
        assert all(s.count[c] >= 1 for q in range(s.players) for c in s.countdown[q])
    labels = s.labels()
    assert len(set(labels)) == len(labels), labels


def play(seed: int, players: int, deep: bool) -> None:
    spec = find_game(GAME)
    names = precon_names()
    rng = Rng(seed)
    decks = [names[rng.below(len(names))] for _ in range(players)]
    stacking = ("choose", "keep", "shuffle", "auto")[seed % 4]
    options: dict[str, Any] = checked_options(spec, players, {"decks": decks, "stacking": stacking})
    state = CheckedState(players, seed, options)
    decisions = 0
    while (decision := state.pending) is not None:
        check(state)
        if deep and decisions % 7 == 0:
            copy = state.clone()
            assert copy == state
            assert DoomPileState.from_json(state.to_json()).to_json() == state.to_json()
        options_now = decision.options
        state._apply_unchecked(options_now[rng.below(len(options_now))])
        decisions += 1
        assert decisions < 5000, "a game must end"
    check(state)
    assert state.over
    assert state.winner_list or state.end_reason.startswith("turn limit")
    if deep:
        again = replay(GAME, players, seed, options, state.log)
        assert json.loads(again.to_json())["state"] == json.loads(state.to_json())["state"]


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    for seed in range(chunk, GAMES, 10):
        players = 2 if seed % 5 else 2 + seed % 3 + (seed // 5) % 2
        play(seed, min(players, 4), deep=seed % DEEP_EVERY == 0)
