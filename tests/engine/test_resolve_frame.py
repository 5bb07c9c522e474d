"""A game's ``resolve_frame`` may call its most frequent handlers by name (compiled code then
calls them directly); it must run exactly the handler ``HANDLERS`` names, whatever the frame."""

from __future__ import annotations

import pytest

from doomtable.engine import GameState, Rng, TimedGameState, find_game, game_names, new_game

TURN_BASED = [
    name
    for name in game_names()
    if find_game(name).state_class.__module__.startswith("doomtable.")
    and not issubclass(find_game(name).state_class, TimedGameState)
]


def _through_handlers(state: GameState) -> tuple[object, dict[str, object]]:
    copy = state.clone()
    frame = copy.stack[-1]
    decision = copy.HANDLERS[frame[0]](copy, frame, None)
    return decision, copy.to_dict()


def _through_resolve_frame(state: GameState) -> tuple[object, dict[str, object]]:
    copy = state.clone()
    decision = copy.resolve_frame(copy.stack[-1], None)
    return decision, copy.to_dict()


@pytest.mark.parametrize("game", TURN_BASED)
def test_resolve_frame_runs_the_handler_that_handlers_names(game: str) -> None:
    spec = find_game(game)
    names_seen: set[str] = set()
    for seed in range(4):
        state = new_game(game, min(4, spec.max_players), seed)
        chooser = Rng(seed, 7)
        while (decision := state.pending) is not None and len(state.log) < 3_000:
            names_seen.add(state.stack[-1][0])
            assert _through_resolve_frame(state) == _through_handlers(state), state.stack[-1]
            options = decision.options
            state.apply(decision.player, options[chooser.below(len(options))])
    assert len(names_seen) > 3
