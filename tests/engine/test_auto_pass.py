"""Tables without humans answer forced decisions without asking, and play the same game.

A response window asks every eligible seat, holder of a response card or not. Where only bots
sit (``new_game(..., auto_pass=True)``, ``simulate``), a seat with nothing to respond with is
passed for without a decision being built, and any other decision with a single option is
answered by the engine: the log, the states and every result must be the same as at a table
that asks.
"""

from __future__ import annotations

import pytest

from doomtable.bots import InfoSet
from doomtable.engine import (
    PASS,
    RESPOND,
    Decision,
    GameState,
    Rng,
    TimedGameState,
    find_game,
    game_names,
    new_game,
)

TURN_BASED = [
    name
    for name in game_names()
    if find_game(name).state_class.__module__.startswith("doomtable.")
    and not issubclass(find_game(name).state_class, TimedGameState)
]

GAMES_WITH_WINDOWS = {"doomlings", "doomlings-blackbox", "doom-on-you"}
"""Games whose rules open the engine's response windows (Doom Pile's play needs none)."""


def play(game: str, seed: int, auto_pass: bool) -> tuple[GameState, int, int]:
    """A seeded game in which a choice among several options draws from the chooser's
    generator and a lone option draws nothing, so both tables make the same real choices.
    Returns the final state, the decisions asked and the forced ones (a single option) asked."""
    spec = find_game(game)
    players = min(4, spec.max_players)
    state = new_game(game, players, seed, auto_pass=auto_pass)
    chooser = Rng(seed)
    asked = forced = 0
    while (decision := state.pending) is not None and asked < 5_000:
        options = decision.options
        asked += 1
        forced += len(options) == 1
        pick = options[0] if len(options) == 1 else options[chooser.below(len(options))]
        state.apply(decision.player, pick)
    return state, asked, forced


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_table_of_bots_plays_the_same_game_without_asking_forced_passes(game: str) -> None:
    saw_forced_passes = False
    for seed in range(3):
        asked_table, asked, forced = play(game, seed, auto_pass=False)
        bots_table, bot_decisions, bot_forced = play(game, seed, auto_pass=True)
        assert bots_table.to_json() == asked_table.to_json()  # same fields, same log
        assert bots_table.is_over and asked_table.is_over
        assert bot_forced == 0
        assert bot_decisions == asked - forced
        saw_forced_passes |= forced > 0
    if game in GAMES_WITH_WINDOWS:
        assert saw_forced_passes, f"{game}: no forced pass in 3 games, so nothing was tested"


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_bots_sample_still_asks_lone_options(game: str) -> None:
    """A search counts the steps of its sample: answering lone options there would change what
    it chooses, so only the table itself answers them."""
    state = new_game(game, min(4, find_game(game).max_players), 3, auto_pass=True)
    assert state.answer_lone_options
    decision = state.pending
    assert decision is not None and len(decision.options) > 1
    world = InfoSet(state, decision).sample(Rng(1))
    assert world.auto_pass and not world.answer_lone_options


def test_a_timed_table_of_bots_still_asks_lone_options() -> None:
    """An answer in a timed game takes its player's time on the clock: the engine cannot
    answer for them at once."""
    timed = [
        name for name in game_names() if issubclass(find_game(name).state_class, TimedGameState)
    ]
    assert timed
    for game in timed:
        state = new_game(game, 4, 1, auto_pass=True)
        assert state.auto_pass and not state.answer_lone_options


def test_a_table_with_humans_still_asks_every_seat() -> None:
    _, asked, forced = play("doomlings", 1, auto_pass=False)
    assert forced > asked // 3  # most window decisions are passes with nothing else to do


def test_a_forced_pass_pending_when_the_bots_take_over_is_answered_at_once() -> None:
    state = new_game("doomlings", 4, 2)
    chooser = Rng(2)
    while (decision := state.pending) is not None and decision.options != (PASS,):
        state.apply(decision.player, decision.options[chooser.below(len(decision.options))])
    assert state.pending is not None
    log_before = len(state.log)
    state.play_without_humans()
    assert state.pending is None or state.pending.options != (PASS,)
    assert len(state.log) > log_before and state.log[log_before][1] == PASS


def test_a_window_prompt_is_built_only_when_read_and_then_kept() -> None:
    calls: list[str] = []

    def prompt() -> str:
        calls.append("built")
        return "Respond?"

    decision = Decision(1, RESPOND, (PASS,), prompt)
    assert calls == []
    assert decision.prompt == "Respond?" and decision.prompt == "Respond?"
    assert calls == ["built"]
    assert decision == Decision(1, RESPOND, (PASS,), "Respond?")
    assert decision != Decision(2, RESPOND, (PASS,), "Respond?")
    assert "Respond?" in repr(decision)
