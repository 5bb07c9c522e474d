"""The speed-ups change nothing: random games with the fast paths on and off are the same game.

``DoomlingsRules.FAST_PATHS`` turns on the steps a handler does itself instead of pushing them
as frames, and each card's effect resolvers looked up once from ``EFFECTS``; its
``resolve_frame`` calls the busiest handlers by name. The slow editions here turn both off:
every step is a frame, every frame goes through ``HANDLERS`` and every effect through
``EFFECTS``. The same seeds and choices must give the same state and decision at every step.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

import pytest

from doomtable.engine import Decision, Frame, GameState, Option, find_game
from doomtable.engine.registry import checked_options
from doomtable.games.doomlings.blackbox import DoomlingsBlackboxState
from doomtable.games.doomlings.game import DoomlingsState


class SlowClassic(DoomlingsState):
    FAST_PATHS: ClassVar[bool] = False

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        return GameState.resolve_frame(self, frame, option)  # no handler called by name


class SlowBlackbox(DoomlingsBlackboxState):
    FAST_PATHS: ClassVar[bool] = False

    def resolve_frame(self, frame: Frame, option: Option | None) -> Decision | None:
        return GameState.resolve_frame(self, frame, option)


EDITIONS = {
    "doomlings": (DoomlingsState, SlowClassic),
    "doomlings-blackbox": (DoomlingsBlackboxState, SlowBlackbox),
}


def same(fast: DoomlingsState, slow: DoomlingsState) -> None:
    assert slow.to_dict() == fast.to_dict()
    assert slow.event_causes == fast.event_causes
    assert slow.pending == fast.pending
    if fast.pending is not None and slow.pending is not None:
        assert slow.pending.prompt == fast.pending.prompt


@pytest.mark.parametrize("game", sorted(EDITIONS))
@pytest.mark.parametrize("seed", range(12))
def test_fast_paths_on_and_off_play_the_same_game(game: str, seed: int) -> None:
    play_both_ways(game, seed, {})


@pytest.mark.parametrize("seed", range(6))
def test_fast_paths_on_and_off_play_the_same_game_with_imaginary_ends(seed: int) -> None:
    play_both_ways("doomlings", seed, {"sets": "deeplings,moonlings"})


def play_both_ways(game: str, seed: int, chosen: dict[str, Any]) -> None:
    fast_class, slow_class = EDITIONS[game]
    players = 2 + seed % 4
    options: dict[str, Any] = checked_options(find_game(game), players, chosen)
    fast = fast_class.create(players, seed, options)
    slow = slow_class.create(players, seed, options)
    choices = random.Random(seed)
    same(fast, slow)
    steps = 0
    while (decision := fast.pending) is not None:
        option = choices.choice(decision.options)
        fast.apply(decision.player, option)
        slow.apply(decision.player, option)
        same(fast, slow)
        steps += 1
    assert steps > 50 and fast.over


def frames_resolved(edition: type[DoomlingsState], seed: int) -> Counter[str]:
    """How often a random 3-player game of ``edition`` resolves each frame, by name."""
    resolved: Counter[str] = Counter()

    class Counting(edition):  # type: ignore[valid-type,misc]
        def resolve_frame(self, frame: Any, option: Any) -> Any:
            resolved[frame[0]] += 1
            return super().resolve_frame(frame, option)

    state = Counting.create(3, seed, checked_options(find_game("doomlings"), 3, {}))
    choices = random.Random(seed)
    while (decision := state.pending) is not None:
        state.apply(decision.player, choices.choice(decision.options))
    return resolved


def test_the_slow_game_really_takes_the_slow_paths() -> None:
    """With the fast paths off, the steps done inline are frames of their own."""
    slow, fast = frames_resolved(SlowClassic, 4), frames_resolved(DoomlingsState, 4)
    for name in ("age_turn", "play", "stabilize", "late_window"):
        assert slow[name] > fast[name], name
    assert fast["turn"] == slow["turn"] > 10
