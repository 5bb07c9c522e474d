"""Every registered game as a hypothesis state machine (issue 11): legal and illegal choices,
save/load, clone and replay at random points. Card conservation and counter ranges hold
wherever the game exposes them, and an illegal choice changes nothing.

Games are taken from the registry, so a game added later is covered without a change here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from doomtable.engine import (
    BadOptionError,
    DoomtableError,
    GameOverError,
    GameState,
    find_game,
    game_names,
    load_state,
    load_verified,
    new_game,
    replay,
)

SETTINGS = settings(
    max_examples=12,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

WRONG_TYPES = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.lists(st.integers(0, 3), max_size=3),
    st.binary(max_size=4),
    st.dictionaries(st.integers(0, 2), st.integers(0, 2), max_size=2),
    st.sets(st.integers(0, 2), max_size=2),
)
NOT_A_LABEL = st.text(max_size=12).map(lambda text: f"\u2603{text}")
"""No game's label starts with a snowman."""


def machine_for(game: str) -> type[RuleBasedStateMachine]:
    spec = find_game(game)

    class GameMachine(RuleBasedStateMachine):
        state: GameState

        @initialize(
            players=st.integers(spec.min_players, spec.max_players),
            seed=st.integers(0, 2**31),
        )
        def start(self, players: int, seed: int) -> None:
            try:
                self.state = new_game(game, players, seed)
            except BadOptionError:  # a player count only a variation allows
                self.state = new_game(game, max(players, 2), seed)

        # -------------------------------------------------------------- choices

        @rule(pick=st.integers(0, 10_000), form=st.sampled_from(["option", "index", "label"]))
        def legal_choice(self, pick: int, form: str) -> None:
            state = self.state
            decision = state.pending
            if decision is None:
                with pytest.raises(GameOverError):
                    state.apply(0, 0)
                return
            index = pick % len(decision.options)
            option = decision.options[index]
            choice: Any = {"option": option, "index": index, "label": state.label(option)}[form]
            before = state.clone()  # labels name things as they stood when the choice was made
            state.apply(decision.player, choice)
            player, logged = state.log[-1][:2]
            assert player == decision.player
            if form == "label":  # two options may share a label: either is what was meant
                assert before.label(logged) == before.label(option)
            else:
                assert logged == option

        @rule(steps=st.integers(1, 150), seed=st.integers(0, 2**31))
        def play_on(self, steps: int, seed: int) -> None:
            chooser = random.Random(seed)
            for _ in range(steps):
                decision = self.state.pending
                if decision is None:
                    return
                self.state.apply(decision.player, chooser.choice(decision.options))

        @rule(choice=st.one_of(WRONG_TYPES, NOT_A_LABEL, st.integers(-5, -1)))
        def wrong_choice(self, choice: Any) -> None:
            self._refused(None, choice)

        @rule(extra=st.integers(0, 5))
        def index_past_the_end(self, extra: int) -> None:
            self._refused(None, len(self.state.legal_options()) + extra)

        @rule(verb=st.text(max_size=6), number=st.integers(-3, 500))
        def option_not_offered(self, verb: str, number: int) -> None:
            fake = (verb, number)
            if fake not in self.state.legal_options():
                self._refused(None, fake)

        @rule(pick=st.integers(0, 10_000), seat=st.integers(0, 7))
        def someone_else_chooses(self, pick: int, seat: int) -> None:
            decision = self.state.pending
            if decision is None:
                return
            # In a timed game several players may act at once: none of them is "someone else".
            acting = {decision.player, *(other.player for other in decision.also)}
            if seat % self.state.players in acting:
                return
            option = decision.options[pick % len(decision.options)]
            self._refused(seat % self.state.players, option)

        def _refused(self, player: int | None, choice: Any) -> None:
            state = self.state
            before = state.to_json()
            decision = state.pending
            who = player if player is not None else decision.player if decision else 0
            with pytest.raises(DoomtableError):
                state.apply(who, choice)
            assert state.to_json() == before
            assert state.pending == decision

        # -------------------------------------------------------------- copies

        @rule()
        def save_and_load(self) -> None:
            data = json.loads(self.state.to_json())
            loaded = load_state(data)
            assert loaded == self.state and loaded.pending == self.state.pending
            verified = load_verified(json.loads(self.state.to_json()))
            assert verified == self.state and verified.pending == self.state.pending
            self.state = verified  # play on from the loaded copy

        @rule(pick=st.integers(0, 10_000))
        def clone_is_independent(self, pick: int) -> None:
            before = self.state.to_json()
            copy = self.state.clone()
            assert copy == self.state
            decision = copy.pending
            if decision is not None:
                copy.apply(decision.player, decision.options[pick % len(decision.options)])
            assert self.state.to_json() == before

        @rule()
        def replay_gives_the_same_state(self) -> None:
            state = self.state
            again = replay(game, state.players, state.seed, state.options, state.log)
            assert again == state and again.pending == state.pending

        # -------------------------------------------------------------- invariants

        @invariant()
        def cards_are_conserved_and_counters_in_range(self) -> None:
            if not hasattr(self, "state"):
                return
            state = self.state
            zones = state.card_zones()
            if zones is not None:
                cards = sorted(card for zone in zones.values() for card in zone)
                assert cards == list(range(len(cards))), zones
            for name, (low, high, values) in state.bounded_values().items():
                assert all(low <= value <= high for value in values), (name, values)
            decision = state.pending
            if decision is not None:
                assert 0 <= decision.player < state.players and decision.options

    GameMachine.__name__ = f"{spec.name.title().replace('-', '')}Machine"
    return GameMachine


@pytest.mark.parametrize("game", game_names())
def test_every_game_holds_up_as_a_state_machine(game: str) -> None:
    run_state_machine_as_test(machine_for(game), settings=SETTINGS)
