"""The timed, simultaneous model: any open player may act, every action carries a clock time,
and seed + log replay the game exactly; turn-based games keep their two-item log."""

from __future__ import annotations

from typing import Any, Self

import pytest

from doomtable.engine import (
    CLOCK,
    WAIT,
    Decision,
    Field,
    Frame,
    GameSpec,
    GameState,
    IllegalChoiceError,
    NotYourDecisionError,
    Option,
    Rng,
    TimedGameState,
    load_state,
    new_game,
    register_game,
    replay,
)

QUIET_MS = 10_000
END_MS = 60_000


class TapRace(TimedGameState):
    """Everyone taps at once; a tap scores; the round ends 3 s after the last tap, the game at
    20 s. Deliberately tiny: it exercises only the engine."""

    GAME = "tap-race"
    FIELDS = {"clock": Field.VALUE, "taps": Field.LIST, "last_tap": Field.VALUE}

    taps: list[int]
    last_tap: int

    @classmethod
    def create(cls, players: int, seed: int, options: dict[str, Any]) -> TapRace:
        state = cls()
        state._init_core(players, seed, options)
        state.clock = 0
        state.taps = [0] * players
        state.last_tap = 0
        state.push(("tap",))
        state._advance()
        return state

    @staticmethod
    def _tap(state: TapRace, frame: Frame, option: Option | None) -> Decision | None:
        if option is None:
            decisions = [
                Decision(p, "tap", (("tap",), ("rest",)), "Tap?") for p in range(state.players)
            ]
            return Decision(*_fields(decisions[0]), also=tuple(decisions[1:]))
        if option == ("tap",):
            state.taps[state.actor] += 1
            state.last_tap = state.clock
        return None

    def deadline(self) -> int | None:
        if not self.stack:
            return None
        return min(END_MS, self.last_tap + QUIET_MS)

    def on_deadline(self) -> None:
        if self.clock >= END_MS:
            self.stack.clear()
        else:
            self.last_tap = self.clock  # a quiet spell starts a new round

    def label(self, option: Option) -> str:
        return str(option[0])

    def view(self, player: int) -> dict[str, Any]:
        return {"game": self.GAME, "taps": list(self.taps), "clock": self.clock}

    def scores(self) -> list[int]:
        return list(self.taps)

    def winners(self) -> list[int]:
        best = max(self.taps)
        return [p for p, t in enumerate(self.taps) if t == best]

    def event_text(self, event: tuple[Any, ...], viewer: int | None) -> str | None:
        return None

    def determinize(self, player: int, rng: Rng) -> Self:
        return self.clone()

    def snapshot(self) -> dict[str, Any]:
        return {"taps": list(self.taps), "clock": self.clock}


def _fields(decision: Decision) -> tuple[int, str, tuple[Option, ...], str]:
    return decision.player, decision.kind, decision.options, decision.prompt


TapRace.HANDLERS = {**GameState.HANDLERS, "tap": TapRace._tap}
SPEC = register_game(
    GameSpec("tap-race", "Tap race", 2, 4, TapRace.create, TapRace, {"realtime": False})
)


def realtime(players: int = 3, seed: int = 5) -> TapRace:
    state = new_game("tap-race", players, seed, {"realtime": True})
    assert isinstance(state, TapRace)
    return state


def test_any_open_player_may_act_and_the_log_carries_the_time() -> None:
    state = realtime()
    assert [d.player for d in state.decisions] == [0, 1, 2]
    state.apply(2, "tap", at=1_500)
    state.apply(0, "tap", at=1_700)
    assert state.taps == [1, 0, 1]
    assert state.log == [(2, ("tap",), 1_500), (0, ("tap",), 1_700)]
    assert state.clock == 1_700


def test_time_cannot_run_backwards_nor_past_a_deadline_and_a_refusal_changes_nothing() -> None:
    state = realtime()
    state.apply(1, "tap", at=2_000)
    before = state.to_json()
    with pytest.raises(IllegalChoiceError, match="too early"):
        state.apply(0, "tap", at=1_000)
    with pytest.raises(IllegalChoiceError, match="too late"):
        state.apply(0, "tap", at=2_000 + QUIET_MS)
    with pytest.raises(NotYourDecisionError):
        state.apply(7, "tap", at=2_500)
    assert state.to_json() == before


def test_advancing_the_clock_carries_out_what_falls_due_and_is_logged() -> None:
    state = realtime()
    state.apply(0, "tap", at=1_000)
    state.advance_clock(END_MS + 1)
    assert state.is_over
    assert state.log[-1] == (CLOCK, WAIT, END_MS + 1)


def test_seed_and_log_replay_a_realtime_game_and_a_save_resumes_it() -> None:
    state = realtime()
    state.apply(1, "tap", at=900)
    state.apply(1, "rest", at=1_100)
    state.advance_clock(15_000)
    state.apply(2, "tap", at=15_500)
    again = replay("tap-race", 3, 5, state.options, state.log)
    assert again == state
    loaded = load_state(state.to_dict())
    assert loaded == state
    assert [d.player for d in loaded.decisions] == [0, 1, 2]


def test_simulated_clock_plays_through_pending_alone_and_replays() -> None:
    state = new_game("tap-race", 4, seed=9)
    rng = Rng(3)
    while (decision := state.pending) is not None:
        state._apply_unchecked(decision.options[rng.below(2)])
    assert state.clock >= END_MS
    times = [entry[2] for entry in state.log]
    assert times == sorted(times) and all(t < END_MS for t in times)
    assert {entry[0] for entry in state.log} == {0, 1, 2, 3}  # everyone got to act
    assert replay("tap-race", 4, 9, state.options, state.log) == state


def test_turn_based_games_keep_their_two_item_log() -> None:
    state = new_game("doomlings", 3, seed=2)
    for _ in range(5):
        decision = state.pending
        assert decision is not None and decision.also == ()
        state.apply(decision.player, 0)
    assert all(len(entry) == 2 for entry in state.log)
    assert replay("doomlings", 3, 2, state.options, state.log) == state


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:20"])
def test_bots_and_the_simulator_play_a_timed_game(bot: str) -> None:
    from doomtable.sim import run

    result = run(SPEC, games=2, players=3, bots=[bot], seed=1, workers=1)
    assert all(record.finished for record in result.records)


def test_a_bots_sample_of_a_realtime_game_runs_on_the_simulated_clock() -> None:
    from doomtable.bots import InfoSet

    state = realtime()
    decision = state.decision_for(2)
    assert decision is not None
    world = InfoSet(state, decision).sample(Rng(1))
    assert isinstance(world, TapRace)
    assert world.pending is not None and world.pending.player == 2
    assert not world.realtime and state.realtime
